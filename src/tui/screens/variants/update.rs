//! The list of games: searching it, scrolling a game's rules, choosing one
//! to play.

use crate::catalog::Entry;
use crate::settings::Settings;
use crate::tui::app::{App, BrokenRuleFile, GameList, MenuItem, Screen};
use crate::tui::command::Command;
use crate::tui::config::Config;
use crate::tui::keys;
use crate::tui::msg::{Input, Msg};
use crate::tui::screens::setup::update::new_setup;
use crate::tui::update::step;

/// Where the list of rule sets opens: on the one played last.
#[must_use]
pub fn last_variant(app: &App, settings: &Settings) -> usize {
    settings
        .last_variant
        .as_ref()
        .and_then(|id| app.variants.iter().position(|e| e.rules.id() == id))
        .unwrap_or(0)
}

pub(crate) fn variants(app: &mut App, config: &Config, mut list: GameList, msg: &Msg) -> Screen {
    // The entries the search finds, in the list's order.
    let found = app.games_found(&list.search, &config.settings.recent_games);
    let place = found.iter().position(|&i| i == list.selected);
    let step_to = |down: bool| match (place, found.is_empty()) {
        (_, true) => None,
        (Some(at), false) => Some(found[step(at, found.len(), down)]),
        (None, false) => Some(found[0]),
    };
    match msg {
        Msg::Up | Msg::Down | Msg::NextField => {
            if let Some(next) = step_to(*msg != Msg::Up) {
                list.selected = next;
                list.scroll = 0;
            }
        }
        Msg::PageDown | Msg::Right => {
            let furthest = crate::tui::rules_text::last_scroll_now(app, config, list.selected);
            let page = crate::tui::rules_text::page_now(app);
            list.scroll = (list.scroll + page).min(furthest);
        }
        Msg::PageUp | Msg::Left => {
            list.scroll = list
                .scroll
                .saturating_sub(crate::tui::rules_text::page_now(app));
        }
        Msg::Input(Input::Digit(d)) => {
            if let Some(&chosen) = usize::from(*d).checked_sub(1).and_then(|i| found.get(i)) {
                list.selected = chosen;
                list.scroll = 0;
            }
        }
        Msg::Input(Input::Char(c)) => {
            list.search.push(*c);
            find(app, config, &mut list);
        }
        Msg::Backspace => {
            list.search.pop();
            find(app, config, &mut list);
        }
        Msg::ClearField => {
            list.search.clear();
            find(app, config, &mut list);
        }
        Msg::Confirm if place.is_none() => {
            crate::tui::update::set_notice(app, crate::tui::describe::NO_GAME_FOUND.into(), true);
        }
        Msg::Confirm if list.selected >= app.variants.len() => {
            let key = keys::key_for(keys::Context::Variants, &Msg::ReloadRules);
            let text = crate::tui::describe::broken_file_chosen(&key);
            crate::tui::update::set_notice(app, text, true);
        }
        Msg::Confirm if list.for_play => {
            if let Some(entry) = app.variants.get(list.selected) {
                return Screen::Setup(new_setup(entry.rules.clone(), &config.settings));
            }
        }
        Msg::ReloadRules => app.command(Command::ReadRules),
        Msg::Back if !list.search.is_empty() => {
            list.search.clear();
            find(app, config, &mut list);
        }
        Msg::Back | Msg::Confirm => {
            let came_from = if list.for_play {
                MenuItem::Play
            } else {
                MenuItem::Rules
            };
            return Screen::menu_at(app, came_from);
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Variants(list)
}

/// After the search changed: the best match, listed first, is chosen (so
/// Enter opens it), and with nothing typed the chosen game stays.
fn find(app: &App, config: &Config, list: &mut GameList) {
    let found = app.games_found(&list.search, &config.settings.recent_games);
    let keep = list.search.is_empty() && found.contains(&list.selected);
    if !keep && let Some(&first) = found.first() {
        list.selected = first;
        list.scroll = 0;
    }
}

/// The rule sets as read again: the list keeps its place where it can, and
/// says what it found.
pub(crate) fn rules_read(app: &mut App, variants: Vec<Entry>, broken: Vec<BrokenRuleFile>) {
    app.variants = variants;
    app.broken_rules = broken;
    let count = app.variants.len() + app.broken_rules.len();
    if let Screen::Variants(list) = &mut app.screen {
        // The whole list again, in its new state, the place kept.
        list.search.clear();
        list.selected = list.selected.min(count.saturating_sub(1));
    }
    let text = crate::tui::describe::rules_read_again(app.variants.len(), app.broken_rules.len());
    let warning = !app.broken_rules.is_empty();
    crate::tui::update::set_notice(app, text, warning);
}

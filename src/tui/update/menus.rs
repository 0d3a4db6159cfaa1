//! The menus: main menu, rule sets, match setup, the odd-or-even guess and
//! the list of saved matches.

use std::sync::Arc;

use crate::ai::Level;
use crate::catalog::Entry;
use crate::engine::{BySide, Pit, Rules, Side};
use crate::session::{OddEvenGuess, Session};
use crate::settings::Setting;
use crate::settings::Settings;
use crate::tui::app::{
    App, BrokenRuleFile, Game, GameList, LibraryList, MenuItem, NAME_LENGTH, Notice, OddEven,
    OddEvenStage, ROUND_LIMIT_CHOICES, SEAT_CHOICES, Screen, Setup, SetupField, StarterChoice,
    TurnPlan,
};
use crate::tui::command::Command;
use crate::tui::config::Config;
use crate::tui::keys;
use crate::tui::msg::Msg;

use super::library::continue_listing;
use super::step;

/// Marbles the game hides when it draws for the odd-or-even guess.
const MAX_DRAWN_MARBLES: u32 = 20;

pub(super) fn menu(app: &mut App, config: &Config, selected: usize, msg: &Msg) -> Screen {
    let items = app.menu_items();
    let choose = |app: &mut App, item: MenuItem| match item {
        MenuItem::Continue => continue_a_match(app, selected),
        MenuItem::Play => Screen::Variants(GameList::at(last_variant(app, &config.settings), true)),
        MenuItem::Replay => Screen::Library(LibraryList::default()),
        MenuItem::Rules => Screen::Variants(GameList::at(0, false)),
        MenuItem::Quit => {
            app.quit = true;
            Screen::Menu { selected }
        }
    };
    match msg {
        Msg::Up => Screen::Menu {
            selected: step(selected, items.len(), false),
        },
        Msg::Down | Msg::NextField => Screen::Menu {
            selected: step(selected, items.len(), true),
        },
        Msg::Confirm => match items.get(selected) {
            Some(&item) => choose(app, item),
            None => Screen::Menu { selected: 0 },
        },
        Msg::Digit(d) if (1..=items.len()).contains(&usize::from(*d)) => {
            choose(app, items[usize::from(*d) - 1])
        }
        // Esc, pressed once more than needed to leave a box, stays here.
        Msg::Quit => {
            app.quit = true;
            Screen::Menu { selected }
        }
        Msg::Click { row, .. } => {
            match crate::tui::layout::menu_item_at(app.size, items.len(), *row) {
                Some(i) => choose(app, items[i]),
                None => Screen::Menu { selected },
            }
        }
        _ => Screen::Menu { selected },
    }
}

/// Continue: the one unfinished match, or the list when there are several.
fn continue_a_match(app: &mut App, selected: usize) -> Screen {
    let unfinished: Vec<_> = app.unfinished().cloned().collect();
    match unfinished.as_slice() {
        [] => Screen::Menu { selected: 0 },
        [one] => {
            continue_listing(app, one);
            Screen::Menu { selected }
        }
        _ => Screen::Library(LibraryList {
            continuing: true,
            ..LibraryList::default()
        }),
    }
}

/// A match on screen again, as it was saved.
#[must_use]
pub fn resume(app: &mut App, session: Session, note: &str) -> Screen {
    game_screen(app, session, Some(note.to_string()))
}

/// A match on screen, the cursor on a pit the mover can play.
fn game_screen(app: &mut App, session: Session, note: Option<String>) -> Screen {
    let mut game = Game {
        serial: app.next_serial(),
        cursor: Pit::new(1),
        session,
        animation: None,
        report: None,
        notice: note.map(|text| Notice {
            text,
            warning: false,
        }),
        thinking: false,
        pending_digit: None,
        box_hidden: false,
        box_scroll: 0,
        swap_declined: false,
        plan: TurnPlan::default(),
        hint: None,
        turns: Vec::new(),
        turns_for: None,
    };
    super::game::place_cursor(&mut game);
    Screen::Game(Box::new(game))
}

/// Where the list of rule sets opens: on the one played last.
#[must_use]
pub fn last_variant(app: &App, settings: &Settings) -> usize {
    settings
        .last_variant
        .as_ref()
        .and_then(|id| app.variants.iter().position(|e| e.rules.id() == id))
        .unwrap_or(0)
}

pub(super) fn variants(app: &mut App, config: &Config, mut list: GameList, msg: &Msg) -> Screen {
    // The entries the search finds, in the list's order.
    let found = app.games_found(&list.search);
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
            list.scroll = (list.scroll + 5).min(furthest);
        }
        Msg::PageUp | Msg::Left => list.scroll = list.scroll.saturating_sub(5),
        Msg::Digit(d) => {
            if let Some(&chosen) = usize::from(*d).checked_sub(1).and_then(|i| found.get(i)) {
                list.selected = chosen;
                list.scroll = 0;
            }
        }
        Msg::Char(c) => {
            list.search.push(*c);
            find(app, &mut list);
        }
        Msg::Backspace => {
            list.search.pop();
            find(app, &mut list);
        }
        Msg::ClearField => {
            list.search.clear();
            find(app, &mut list);
        }
        Msg::Confirm if place.is_none() => {
            super::set_notice(app, crate::tui::describe::NO_GAME_FOUND.into(), true);
        }
        Msg::Confirm if list.selected >= app.variants.len() => {
            let key = keys::key_for(keys::Context::Variants, &Msg::ReloadRules);
            let text = crate::tui::describe::broken_file_chosen(&key);
            super::set_notice(app, text, true);
        }
        Msg::Confirm if list.for_play => {
            if let Some(entry) = app.variants.get(list.selected) {
                return Screen::Setup(new_setup(entry.rules.clone(), &config.settings));
            }
        }
        Msg::ReloadRules => app.command(Command::ReadRules),
        Msg::Back if !list.search.is_empty() => {
            list.search.clear();
            find(app, &mut list);
        }
        Msg::Back | Msg::Confirm => {
            return Screen::Menu {
                selected: usize::from(!list.for_play),
            };
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Variants(list)
}

/// After the search changed: the chosen game stays if it is still listed,
/// else the first listed one is chosen.
fn find(app: &App, list: &mut GameList) {
    let found = app.games_found(&list.search);
    if !found.contains(&list.selected)
        && let Some(&first) = found.first()
    {
        list.selected = first;
        list.scroll = 0;
    }
}

/// The rule sets as read again: the list keeps its place where it can, and
/// says what it found.
pub(super) fn rules_read(app: &mut App, variants: Vec<Entry>, broken: Vec<BrokenRuleFile>) {
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
    super::set_notice(app, text, warning);
}

/// The setup of a match under `rules`: the name fields empty (the names
/// used last time offered), the seats as last time, who starts as the rules
/// suggest, the first name field ready for typing.
#[must_use]
pub fn new_setup(rules: Arc<Rules>, settings: &Settings) -> Setup {
    let swap_rule = rules.swap_by_default();
    let starter = StarterChoice::default_for(&rules);
    // The limit chosen last, for a match of rounds, where it is one of the
    // setup's choices.
    let round_limit = settings
        .round_limit
        .filter(|limit| ROUND_LIMIT_CHOICES.contains(limit))
        .filter(|_| rules.rounds() == crate::engine::Rounds::Many);
    Setup {
        rules,
        names: BySide::default(),
        remembered: settings.names.clone().into(),
        computer: BySide::from(settings.seats.clone()).map(|s| crate::settings::seat_of(&s)),
        field: SetupField::SouthName,
        starter,
        round_limit,
        swap_rule,
    }
}

pub(super) fn setup(app: &mut App, mut setup: Setup, msg: &Msg) -> Screen {
    let fields = setup.fields();
    let index = fields.iter().position(|&f| f == setup.field).unwrap_or(0);
    let name_side = match setup.field {
        SetupField::SouthName => Some(Side::South),
        SetupField::NorthName => Some(Side::North),
        _ => None,
    };
    match msg {
        Msg::Up => setup.field = fields[step(index, fields.len(), false)],
        Msg::Down | Msg::NextField => setup.field = fields[step(index, fields.len(), true)],
        Msg::Char(c) if !crate::text::is_unsafe(*c) => {
            if let Some(side) = name_side
                && setup.names[side].chars().count() < NAME_LENGTH
            {
                setup.names[side].push(*c);
            }
        }
        Msg::Backspace => {
            if let Some(side) = name_side {
                setup.names[side].pop();
            }
        }
        Msg::ClearField => {
            if let Some(side) = name_side {
                setup.names[side].clear();
            }
        }
        Msg::Left | Msg::Right if setup.field == SetupField::Starter => {
            let at = StarterChoice::ALL
                .iter()
                .position(|&s| s == setup.starter)
                .unwrap_or(0);
            setup.starter =
                StarterChoice::ALL[step(at, StarterChoice::ALL.len(), *msg == Msg::Right)];
        }
        Msg::Left | Msg::Right if setup.field == SetupField::SwapRule => {
            setup.swap_rule = !setup.swap_rule;
        }
        Msg::Left | Msg::Right if setup.field == SetupField::RoundLimit => {
            // "no limit" first, then the limits offered.
            let choices: Vec<Option<u16>> = std::iter::once(None)
                .chain(ROUND_LIMIT_CHOICES.map(Some))
                .collect();
            let at = choices
                .iter()
                .position(|&c| c == setup.round_limit)
                .unwrap_or(0);
            setup.round_limit = choices[step(at, choices.len(), *msg == Msg::Right)];
        }
        Msg::Left | Msg::Right
            if matches!(setup.field, SetupField::SouthSeat | SetupField::NorthSeat) =>
        {
            let side = if setup.field == SetupField::NorthSeat {
                Side::North
            } else {
                Side::South
            };
            let at = SEAT_CHOICES
                .iter()
                .position(|&s| s == setup.computer[side])
                .unwrap_or(0);
            setup.computer[side] = SEAT_CHOICES[step(at, SEAT_CHOICES.len(), *msg == Msg::Right)];
        }
        // Enter starts the match from any field, as the footer says: someone
        // who has just picked a seat expects to play, not to move on a line.
        Msg::Confirm => return start_from_setup(app, setup),
        Msg::Back => {
            let selected = app
                .variants
                .iter()
                .position(|e| e.rules.id() == setup.rules.id())
                .unwrap_or(0);
            return Screen::Variants(GameList::at(selected, true));
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Setup(setup)
}

fn start_from_setup(app: &mut App, setup: Setup) -> Screen {
    let names = BySide::from_fn(|side| setup.name(side));
    // Remembered for next time: the people's names (a computer's seat keeps
    // the name its person had), the seats and the rule set.
    let remembered = BySide::from_fn(|side| {
        if setup.computer[side].is_some() {
            setup.remembered[side].clone()
        } else {
            names[side].clone()
        }
    });
    app.command(Command::Set(Setting::Players {
        names: remembered.into(),
        seats: setup.computer.into(),
    }));
    app.command(Command::Set(Setting::LastVariant(
        setup.rules.id().to_string(),
    )));
    if setup.rules.rounds() == crate::engine::Rounds::Many {
        app.command(Command::Set(Setting::RoundLimit(setup.round_limit)));
    }
    let players = |names: BySide<String>| Players {
        names,
        computer: setup.computer,
        round_limit: setup.round_limit,
        swap_rule: setup.swap_rule,
    };
    match setup.starter {
        StarterChoice::South => start_game(app, setup.rules, players(names), Side::South, None),
        StarterChoice::North => start_game(app, setup.rules, players(names), Side::North, None),
        StarterChoice::Random => {
            let first = if app.random(2) == 1 {
                Side::South
            } else {
                Side::North
            };
            let note = crate::tui::describe::drawn_by_lot(&names[first], first);
            start_game(app, setup.rules, players(names), first, Some(note))
        }
        StarterChoice::OddEven => {
            let mut odd_even = OddEven {
                rules: setup.rules,
                names,
                computer: setup.computer,
                round_limit: setup.round_limit,
                swap_rule: setup.swap_rule,
                stage: OddEvenStage::Hide {
                    typed: String::new(),
                },
            };
            computer_plays_odd_even(app, &mut odd_even);
            Screen::OddEven(odd_even)
        }
    }
}

/// The computer hides the marbles (North's part) or guesses (South's) when it
/// has that seat.
fn computer_plays_odd_even(app: &mut App, odd_even: &mut OddEven) {
    if odd_even.computer.north.is_some() && matches!(odd_even.stage, OddEvenStage::Hide { .. }) {
        odd_even.stage = OddEvenStage::Guess {
            marbles: app.random(MAX_DRAWN_MARBLES),
        };
    }
    if let OddEvenStage::Guess { marbles } = odd_even.stage
        && odd_even.computer.south.is_some()
    {
        let guessed_odd = app.random(2) == 1;
        odd_even.stage = OddEvenStage::Reveal {
            marbles,
            guessed_odd,
            starter: if guessed_odd == (marbles % 2 == 1) {
                Side::South
            } else {
                Side::North
            },
        };
    }
}

/// Who plays a new match: names and, for the computer's seats, its level.
#[derive(Clone, Debug)]
pub struct Players {
    pub names: BySide<String>,
    pub computer: BySide<Option<Level>>,
    /// The round they agreed to stop after, if any.
    pub round_limit: Option<u16>,
    /// The swap rule is played.
    pub swap_rule: bool,
}

/// A new match on screen; its file is made at its first move.
pub fn start_game(
    app: &mut App,
    rules: Arc<Rules>,
    players: Players,
    first: Side,
    note: Option<String>,
) -> Screen {
    let mut session = Session::begun_at(rules, players.names, first, app.clock);
    session.computer = players.computer;
    session.round_limit = players.round_limit;
    session.set_swap_rule(players.swap_rule);
    app.command(Command::BeginMatch);
    game_screen(app, session, note)
}

pub(super) fn odd_even(app: &mut App, mut odd_even: OddEven, msg: &Msg) -> Screen {
    match (&mut odd_even.stage, msg) {
        (OddEvenStage::Hide { typed }, Msg::Char(c)) if c.is_ascii_digit() && typed.len() < 2 => {
            typed.push(*c);
        }
        (OddEvenStage::Hide { typed }, Msg::Backspace) => {
            typed.pop();
        }
        (OddEvenStage::Hide { typed }, Msg::Confirm) => {
            let marbles = match typed.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => app.random(MAX_DRAWN_MARBLES),
            };
            odd_even.stage = OddEvenStage::Guess { marbles };
            computer_plays_odd_even(app, &mut odd_even);
        }
        (OddEvenStage::Guess { marbles }, Msg::Odd | Msg::Even) => {
            let guessed_odd = *msg == Msg::Odd;
            let right = guessed_odd == (*marbles % 2 == 1);
            odd_even.stage = OddEvenStage::Reveal {
                marbles: *marbles,
                guessed_odd,
                starter: if right { Side::South } else { Side::North },
            };
        }
        (
            OddEvenStage::Reveal {
                starter,
                marbles,
                guessed_odd,
            },
            Msg::Confirm,
        ) => {
            let guess = OddEvenGuess {
                marbles: *marbles,
                guessed_odd: *guessed_odd,
            };
            let players = Players {
                names: odd_even.names,
                computer: odd_even.computer,
                round_limit: odd_even.round_limit,
                swap_rule: odd_even.swap_rule,
            };
            let mut screen = start_game(app, odd_even.rules, players, *starter, None);
            if let Screen::Game(game) = &mut screen {
                game.session.odd_even = Some(guess);
            }
            return screen;
        }
        (_, Msg::Back) => {
            return Screen::Setup(Setup {
                starter: StarterChoice::OddEven,
                field: SetupField::Start,
                remembered: odd_even.names.clone(),
                names: odd_even.names,
                computer: odd_even.computer,
                round_limit: odd_even.round_limit,
                swap_rule: odd_even.swap_rule,
                rules: odd_even.rules,
            });
        }
        (_, Msg::Quit) => app.quit = true,
        _ => {}
    }
    Screen::OddEven(odd_even)
}

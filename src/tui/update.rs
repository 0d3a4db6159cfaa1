//! `update`: the only code that changes the model. This file routes each
//! message; the handlers for each group of screens live in `update/`.

mod game;
mod menus;
mod replay;

use std::path::PathBuf;

use crate::engine::Position;
use crate::session::Session;

use super::app::{App, Notice, Overlay, Request, SPEEDS_MS, Screen};
use super::msg::Msg;

pub use menus::{Players, new_setup, resume, start_game};
pub use replay::open_replay;

#[allow(clippy::needless_pass_by_value)] // messages are consumed by design
pub fn update(app: &mut App, msg: Msg) {
    let before = match_state(app);
    route(app, msg);
    let after = match_state(app);
    // Any change to the match in play is written out by the runner.
    if after.is_some() && after != before {
        app.requests.push(Request::Autosave);
    }
    schedule_computer(app);
    schedule_analysis(app);
}

/// A replay on screen gets its positions valued once, in the background.
pub fn schedule_analysis(app: &mut App) {
    if let Screen::Replay(replay) = &mut app.screen
        && !replay.analysis_asked
    {
        replay.analysis_asked = true;
        app.requests.push(Request::Analyse);
    }
}

/// When the computer is to move and nothing else is on screen, ask the runner
/// to let it think.
pub fn schedule_computer(app: &mut App) {
    if app.overlay.is_some() {
        return;
    }
    let Screen::Game(game) = &mut app.screen else {
        return;
    };
    let position = game.session.position();
    let computer_to_move = position
        .to_move()
        .is_some_and(|side| game.session.computer(side).is_some());
    let moving = game.animation.as_ref().is_some_and(|a| !a.is_finished());
    if computer_to_move && !moving && !game.thinking {
        game.thinking = true;
        app.requests.push(Request::Think);
    }
}

/// What identifies the state of the match in play, if one is.
fn match_state(app: &App) -> Option<(usize, Position)> {
    match &app.screen {
        Screen::Game(game) => Some((game.session.actions().len(), *game.session.position())),
        _ => None,
    }
}

#[allow(clippy::needless_pass_by_value)] // as `update`
fn route(app: &mut App, msg: Msg) {
    match msg {
        Msg::Resize { width, height } => {
            app.size = (width, height);
            return;
        }
        Msg::Tick { ms } => {
            tick(app, ms);
            return;
        }
        Msg::Faster | Msg::Slower => {
            change_speed(app, msg == Msg::Faster);
            return;
        }
        Msg::ToggleMotion => {
            toggle_motion(app);
            return;
        }
        _ => {}
    }
    // Answers from a worker thread are not keys: an open box must neither
    // swallow them nor be closed by them.
    let from_worker = matches!(
        msg,
        Msg::ComputerMove { .. } | Msg::HintReady { .. } | Msg::AnalysisReady { .. }
    );
    match app.overlay.clone() {
        _ if from_worker => {}
        Some(Overlay::ConfirmQuit) => {
            app.overlay = None;
            if msg == Msg::Yes {
                app.quit = true;
            }
            return;
        }
        Some(Overlay::Help { scroll }) => {
            app.overlay = match msg {
                Msg::Up => Some(Overlay::Help {
                    scroll: scroll.saturating_sub(1),
                }),
                Msg::Down => Some(Overlay::Help { scroll: scroll + 1 }),
                Msg::PageUp => Some(Overlay::Help {
                    scroll: scroll.saturating_sub(10),
                }),
                Msg::PageDown => Some(Overlay::Help {
                    scroll: scroll + 10,
                }),
                _ => None,
            };
            return;
        }
        Some(Overlay::SaveAs { name }) => {
            save_as(app, name, &msg);
            return;
        }
        None => {}
    }
    if msg == Msg::Help && !app.is_typing() {
        app.overlay = Some(Overlay::Help { scroll: 0 });
        return;
    }
    if !from_worker {
        app.message = None;
    }
    // Each handler may replace the screen; take it out to avoid borrowing twice.
    let screen = std::mem::replace(&mut app.screen, Screen::Menu { selected: 0 });
    app.screen = match screen {
        Screen::Menu { selected } => menus::menu(app, selected, &msg),
        Screen::Variants {
            selected,
            for_play,
            scroll,
        } => menus::variants(app, selected, for_play, scroll, &msg),
        Screen::Setup(setup) => menus::setup(app, setup, &msg),
        Screen::OddEven(odd_even) => menus::odd_even(app, odd_even, &msg),
        Screen::SaveList { selected } => menus::save_list(app, selected, &msg),
        Screen::Game(game) => game::game(app, game, &msg),
        Screen::Replay(replay) => replay::replay(app, replay, &msg),
    };
}

fn tick(app: &mut App, ms: u64) {
    let speed = app.speed_ms;
    match &mut app.screen {
        Screen::Game(game) => {
            if let Some(animation) = &mut game.animation {
                animation.advance(ms, speed);
            }
        }
        Screen::Replay(replay) => replay::tick(replay, ms, speed),
        _ => {}
    }
}

fn change_speed(app: &mut App, faster: bool) {
    let index = SPEEDS_MS
        .iter()
        .position(|&ms| ms >= app.speed_ms)
        .unwrap_or(SPEEDS_MS.len() - 1);
    let index = if faster {
        index.saturating_sub(1)
    } else {
        (index + 1).min(SPEEDS_MS.len() - 1)
    };
    app.speed_ms = SPEEDS_MS[index];
    set_notice(
        app,
        format!("Speed: {} ms a seed (+ faster, - slower)", app.speed_ms),
        false,
    );
}

fn toggle_motion(app: &mut App) {
    app.reduced_motion = !app.reduced_motion;
    match &mut app.screen {
        Screen::Game(game) => {
            if let Some(animation) = &mut game.animation {
                animation.finish();
            }
        }
        Screen::Replay(replay) => {
            if let Some(animation) = &mut replay.animation {
                animation.finish();
            }
        }
        _ => {}
    }
    let state = if app.reduced_motion {
        "off: moves appear at once"
    } else {
        "on"
    };
    set_notice(app, format!("Animation {state} (a to change)"), false);
}

/// A line under the board of a match, or at the foot of other screens.
pub fn set_notice(app: &mut App, text: String, warning: bool) {
    let notice = Notice { text, warning };
    match &mut app.screen {
        Screen::Game(game) => game.notice = Some(notice),
        _ => app.message = Some(notice),
    }
}

/// The name first offered for a save: the variant and the time.
#[must_use]
pub fn default_save_name(session: &Session) -> String {
    let stamp = crate::save::timestamp(session.started_at)
        .replace([':', '-'], "")
        .replace('T', "-")
        .trim_end_matches('Z')
        .to_string();
    format!("{}-{stamp}", session.rules().id())
}

/// A file name from what the player typed: letters, digits, `-`, `_` and `.`
/// kept, anything else made a dash, `.toml` added.
#[must_use]
pub fn save_file_name(typed: &str) -> Option<String> {
    let stem: String = typed
        .trim()
        .trim_end_matches(".toml")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_start_matches('.');
    (!stem.is_empty()).then(|| format!("{stem}.toml"))
}

fn save_as(app: &mut App, mut name: String, msg: &Msg) {
    match msg {
        Msg::Char(c) if !c.is_control() && name.chars().count() < 48 => {
            name.push(*c);
            app.overlay = Some(Overlay::SaveAs { name });
        }
        Msg::Backspace => {
            name.pop();
            app.overlay = Some(Overlay::SaveAs { name });
        }
        Msg::Confirm => {
            app.overlay = None;
            let folder = app.saves_dir.clone().unwrap_or_else(|| PathBuf::from("."));
            match save_file_name(&name) {
                Some(file) => app.requests.push(Request::SaveAs(folder.join(file))),
                None => set_notice(app, "Not saved: the name is empty".into(), true),
            }
        }
        Msg::Back => app.overlay = None,
        _ => app.overlay = Some(Overlay::SaveAs { name }),
    }
}

fn step(selected: usize, len: usize, down: bool) -> usize {
    if len == 0 {
        0
    } else if down {
        (selected + 1) % len
    } else {
        (selected + len - 1) % len
    }
}

#[cfg(test)]
mod tests {
    use super::save_file_name;

    #[test]
    fn save_names_become_safe_file_names() {
        assert_eq!(save_file_name("my game").as_deref(), Some("my-game.toml"));
        assert_eq!(
            save_file_name("../../etc/x").as_deref(),
            Some("-..-etc-x.toml")
        );
        assert_eq!(save_file_name("a.toml").as_deref(), Some("a.toml"));
        assert_eq!(save_file_name("  "), None);
    }
}

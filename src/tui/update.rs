//! `update`: the only code that changes the model, one small handler a screen.

use std::sync::Arc;

use crate::engine::{Rules, Side};
use crate::session::Session;

use super::anim::Animation;
use super::app::{
    App, Game, MENU, MenuItem, NAME_LENGTH, Notice, OddEven, OddEvenStage, Overlay, SETUP_FIELDS,
    SPEEDS_MS, Screen, Setup, SetupField, StarterChoice, clean_name,
};
use super::describe;
use super::msg::Msg;
use super::view::board_geometry;
use super::widgets::board::pit_for_key;

/// Marbles the game hides when it draws for the odd-or-even guess.
const MAX_DRAWN_MARBLES: u32 = 20;

#[allow(clippy::needless_pass_by_value)] // messages are consumed by design
pub fn update(app: &mut App, msg: Msg) {
    match msg {
        Msg::Resize { width, height } => {
            app.size = (width, height);
            return;
        }
        Msg::Tick { ms } => {
            let speed = app.speed_ms;
            if let Screen::Game(game) = &mut app.screen
                && let Some(animation) = &mut game.animation
            {
                animation.advance(ms, speed);
            }
            return;
        }
        Msg::Faster | Msg::Slower => {
            change_speed(app, msg == Msg::Faster);
            return;
        }
        Msg::ToggleMotion => {
            app.reduced_motion = !app.reduced_motion;
            if let Screen::Game(game) = &mut app.screen {
                if let Some(animation) = &mut game.animation {
                    animation.finish();
                }
                let state = if app.reduced_motion {
                    "off: moves appear at once"
                } else {
                    "on"
                };
                game.notice = Some(Notice {
                    text: format!("Animation {state} (a to change)"),
                    warning: false,
                });
            }
            return;
        }
        _ => {}
    }
    match app.overlay {
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
        None => {}
    }
    if msg == Msg::Help && !is_typing(app) {
        app.overlay = Some(Overlay::Help { scroll: 0 });
        return;
    }
    // Each handler may replace the screen; take it out to avoid borrowing twice.
    let screen = std::mem::replace(&mut app.screen, Screen::Menu { selected: 0 });
    app.screen = match screen {
        Screen::Menu { selected } => menu(app, selected, &msg),
        Screen::Variants {
            selected,
            for_play,
            scroll,
        } => variants(app, selected, for_play, scroll, &msg),
        Screen::Setup(setup) => setup_screen(app, setup, &msg),
        Screen::OddEven(odd_even) => odd_even_screen(app, odd_even, &msg),
        Screen::Game(game) => game_screen(app, game, &msg),
    };
}

fn is_typing(app: &App) -> bool {
    match &app.screen {
        Screen::Setup(setup) => {
            matches!(setup.field, SetupField::SouthName | SetupField::NorthName)
        }
        Screen::OddEven(o) => matches!(o.stage, OddEvenStage::Hide { .. }),
        _ => false,
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
    if let Screen::Game(game) = &mut app.screen {
        game.notice = Some(Notice {
            text: format!("Speed: {} ms a seed (+ faster, - slower)", app.speed_ms),
            warning: false,
        });
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

fn menu(app: &mut App, selected: usize, msg: &Msg) -> Screen {
    let choose = |app: &mut App, item: MenuItem| match item {
        MenuItem::Play => Screen::Variants {
            selected: 0,
            for_play: true,
            scroll: 0,
        },
        MenuItem::Rules => Screen::Variants {
            selected: 0,
            for_play: false,
            scroll: 0,
        },
        MenuItem::Quit => {
            app.quit = true;
            Screen::Menu { selected }
        }
    };
    match msg {
        Msg::Up => Screen::Menu {
            selected: step(selected, MENU.len(), false),
        },
        Msg::Down | Msg::NextField => Screen::Menu {
            selected: step(selected, MENU.len(), true),
        },
        Msg::Confirm => choose(app, MENU[selected]),
        Msg::Digit(d) if (1..=MENU.len()).contains(&usize::from(*d)) => {
            choose(app, MENU[usize::from(*d) - 1])
        }
        Msg::Quit | Msg::Back => {
            app.quit = true;
            Screen::Menu { selected }
        }
        Msg::Click { row, .. } => match super::view::menu_item_at(app.size, *row) {
            Some(i) => choose(app, MENU[i]),
            None => Screen::Menu { selected },
        },
        _ => Screen::Menu { selected },
    }
}

fn variants(app: &mut App, selected: usize, for_play: bool, scroll: u16, msg: &Msg) -> Screen {
    let count = app.variants.len();
    let stay = |selected, scroll| Screen::Variants {
        selected,
        for_play,
        scroll,
    };
    match msg {
        Msg::Up => stay(step(selected, count, false), 0),
        Msg::Down | Msg::NextField => stay(step(selected, count, true), 0),
        Msg::PageDown | Msg::Right => stay(selected, scroll + 5),
        Msg::PageUp | Msg::Left => stay(selected, scroll.saturating_sub(5)),
        Msg::Digit(d) if (1..=count).contains(&usize::from(*d)) => stay(usize::from(*d) - 1, 0),
        Msg::Confirm if for_play => match app.variants.get(selected) {
            Some(entry) => Screen::Setup(new_setup(entry.rules.clone())),
            None => stay(selected, scroll),
        },
        Msg::Back | Msg::Confirm => Screen::Menu {
            selected: usize::from(!for_play),
        },
        Msg::Quit => {
            app.quit = true;
            stay(selected, scroll)
        }
        _ => stay(selected, scroll),
    }
}

#[must_use]
pub fn new_setup(rules: Arc<Rules>) -> Setup {
    let starter = StarterChoice::default_for(&rules);
    Setup {
        rules,
        names: ["South".to_string(), "North".to_string()],
        field: SetupField::Start,
        starter,
    }
}

fn setup_screen(app: &mut App, mut setup: Setup, msg: &Msg) -> Screen {
    let index = SETUP_FIELDS
        .iter()
        .position(|&f| f == setup.field)
        .unwrap_or(0);
    let name_index = match setup.field {
        SetupField::SouthName => Some(0),
        SetupField::NorthName => Some(1),
        _ => None,
    };
    match msg {
        Msg::Up => setup.field = SETUP_FIELDS[step(index, SETUP_FIELDS.len(), false)],
        Msg::Down | Msg::NextField => {
            setup.field = SETUP_FIELDS[step(index, SETUP_FIELDS.len(), true)];
        }
        Msg::Char(c) if !c.is_control() => {
            if let Some(i) = name_index
                && setup.names[i].chars().count() < NAME_LENGTH
            {
                setup.names[i].push(*c);
            }
        }
        Msg::Backspace => {
            if let Some(i) = name_index {
                setup.names[i].pop();
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
        Msg::Confirm if setup.field == SetupField::Start => return start_from_setup(app, setup),
        Msg::Confirm => setup.field = SETUP_FIELDS[step(index, SETUP_FIELDS.len(), true)],
        Msg::Back => {
            let selected = app
                .variants
                .iter()
                .position(|e| e.rules.id() == setup.rules.id())
                .unwrap_or(0);
            return Screen::Variants {
                selected,
                for_play: true,
                scroll: 0,
            };
        }
        Msg::Quit => app.quit = true,
        _ => {}
    }
    Screen::Setup(setup)
}

fn clean_names(names: &[String; 2]) -> [String; 2] {
    [
        clean_name(&names[0], "South"),
        clean_name(&names[1], "North"),
    ]
}

fn start_from_setup(app: &mut App, setup: Setup) -> Screen {
    let names = clean_names(&setup.names);
    match setup.starter {
        StarterChoice::South => start_game(app, setup.rules, names, Side::South, None),
        StarterChoice::North => start_game(app, setup.rules, names, Side::North, None),
        StarterChoice::Random => {
            let first = if app.random(2) == 1 {
                Side::South
            } else {
                Side::North
            };
            let who = if names[first.index()] == describe::side_title(first) {
                names[first.index()].clone()
            } else {
                format!("{} ({})", names[first.index()], describe::side_title(first))
            };
            let note = format!("Drawn by lot: {who} starts.");
            start_game(app, setup.rules, names, first, Some(note))
        }
        StarterChoice::OddEven => Screen::OddEven(OddEven {
            rules: setup.rules,
            names,
            stage: OddEvenStage::Hide {
                typed: String::new(),
            },
        }),
    }
}

/// A new match on screen.
#[must_use]
pub fn start_game(
    app: &App,
    rules: Arc<Rules>,
    names: [String; 2],
    first: Side,
    note: Option<String>,
) -> Screen {
    let session = Session::new(rules, names, first);
    let mut game = Game {
        cursor: 1,
        session,
        animation: None,
        notice: note.map(|text| Notice {
            text,
            warning: false,
        }),
    };
    place_cursor(&mut game);
    let _ = app;
    Screen::Game(Box::new(game))
}

fn odd_even_screen(app: &mut App, mut odd_even: OddEven, msg: &Msg) -> Screen {
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
        (OddEvenStage::Reveal { starter, .. }, Msg::Confirm) => {
            let starter = *starter;
            return start_game(app, odd_even.rules, odd_even.names, starter, None);
        }
        (_, Msg::Back) => {
            return Screen::Setup(Setup {
                starter: StarterChoice::OddEven,
                field: SetupField::Start,
                names: odd_even.names,
                rules: odd_even.rules,
            });
        }
        (_, Msg::Quit) => app.quit = true,
        _ => {}
    }
    Screen::OddEven(odd_even)
}

/// Puts the cursor on the first pit the player to move can play.
fn place_cursor(game: &mut Game) {
    let position = game.session.position();
    let rules = game.session.rules();
    if let Some(&pit) = position.legal_moves(rules).first() {
        game.cursor = pit;
    }
}

fn game_screen(app: &mut App, mut game: Box<Game>, msg: &Msg) -> Screen {
    // While seeds are moving, any key but a speed key shows the move's end.
    if let Some(animation) = &mut game.animation
        && !animation.is_finished()
    {
        animation.finish();
        if *msg != Msg::Quit {
            return Screen::Game(game);
        }
    }
    let position = *game.session.position();
    let pits = position.pit_count();
    match msg {
        Msg::Quit => {
            if position.to_move().is_none()
                && matches!(position.status(), crate::engine::Status::MatchOver { .. })
            {
                app.quit = true;
            } else {
                app.overlay = Some(Overlay::ConfirmQuit);
            }
        }
        Msg::Digit(d) => try_move(app, &mut game, position.to_move(), *d),
        Msg::RowKey(key) => {
            if let Some((side, pit)) = pit_for_key(*key, pits) {
                try_move(app, &mut game, Some(side), pit);
            }
        }
        Msg::Click { column, row } => {
            if let Some(geometry) = board_geometry(app.size, pits)
                && let Some((side, pit)) = geometry.pit_at(*column, *row)
            {
                try_move(app, &mut game, Some(side), pit);
            }
        }
        Msg::Left | Msg::Right => move_cursor(&mut game, *msg == Msg::Right),
        Msg::Confirm => match position.status() {
            crate::engine::Status::Ongoing => {
                let pit = game.cursor;
                try_move(app, &mut game, position.to_move(), pit);
            }
            crate::engine::Status::RoundOver { .. } => next_round(&mut game),
            crate::engine::Status::MatchOver { .. } => return Screen::Menu { selected: 0 },
        },
        Msg::NextRound => next_round(&mut game),
        Msg::EndMatch if game.session.end_match().is_ok() => game.notice = None,
        Msg::Undo => {
            if game.session.undo() {
                game.animation = None;
                place_cursor(&mut game);
                game.notice = Some(Notice {
                    text: "Move taken back (r to redo)".into(),
                    warning: false,
                });
            } else {
                game.notice = Some(Notice {
                    text: "Nothing to undo".into(),
                    warning: true,
                });
            }
        }
        Msg::Redo => {
            let before = *game.session.position();
            match game.session.redo() {
                Some(trace) => show_move(app, &mut game, before, trace),
                None => {
                    game.notice = Some(Notice {
                        text: "Nothing to redo".into(),
                        warning: true,
                    });
                }
            }
        }
        Msg::Back => {
            if position.to_move().is_some()
                || matches!(position.status(), crate::engine::Status::RoundOver { .. })
            {
                app.overlay = Some(Overlay::ConfirmQuit);
            } else {
                return Screen::Menu { selected: 0 };
            }
        }
        _ => {}
    }
    Screen::Game(game)
}

fn next_round(game: &mut Game) {
    if game.session.next_round().is_ok() {
        place_cursor(game);
        let position = game.session.position();
        game.notice = position.to_move().map(|side| Notice {
            text: format!(
                "Round {}: {} ({}) took the remaining seeds and starts.",
                position.round(),
                game.session.name(side),
                describe::side_title(side)
            ),
            warning: false,
        });
    }
}

fn move_cursor(game: &mut Game, right: bool) {
    let position = game.session.position();
    let Some(mover) = position.to_move() else {
        return;
    };
    let pits = position.pit_count();
    // On screen South's pits run 1..n left to right, North's n..1.
    let up = right == (mover == Side::South);
    let mut pit = game.cursor;
    for _ in 0..pits {
        pit = if up {
            pit % pits + 1
        } else {
            (pit + pits - 2) % pits + 1
        };
        if !position.is_closed(mover, pit) {
            break;
        }
    }
    game.cursor = pit;
}

fn try_move(app: &App, game: &mut Game, side: Option<Side>, pit: u8) {
    let position = *game.session.position();
    let Some(mover) = position.to_move() else {
        return;
    };
    if side != Some(mover) {
        game.notice = Some(Notice {
            text: format!(
                "That pit is on {}'s row - it is {} ({})'s turn.",
                describe::side_title(mover.other()),
                game.session.name(mover),
                describe::side_title(mover)
            ),
            warning: true,
        });
        return;
    }
    match game.session.play(pit) {
        Ok(trace) => {
            game.cursor = pit;
            show_move(app, game, position, trace);
        }
        Err(error) => {
            game.cursor = pit.clamp(1, position.pit_count());
            game.notice = Some(Notice {
                text: describe::refusal(error, position.pit_count()),
                warning: true,
            });
        }
    }
}

fn show_move(
    app: &App,
    game: &mut Game,
    before: crate::engine::Position,
    trace: Vec<crate::engine::Event>,
) {
    let (mover, pit) = game.session.last_move().unwrap_or((Side::South, 0));
    game.notice = Some(Notice {
        text: describe::move_summary(&game.session, mover, pit, &trace),
        warning: false,
    });
    let mut animation = Animation::new(before, trace);
    if app.reduced_motion || app.speed_ms == 0 {
        animation.finish();
    }
    game.animation = Some(animation);
    if game.session.position().to_move().is_some() {
        let keep = game.cursor;
        place_cursor(game);
        let position = game.session.position();
        if let Some(next) = position.to_move()
            && position.check(game.session.rules(), keep).is_ok()
            && next == mover
        {
            game.cursor = keep;
        }
    }
}

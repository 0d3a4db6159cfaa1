//! The interface as a state machine: messages in, model out, nothing drawn.

mod common;

use mancala::catalog::Catalog;
use mancala::engine::{Move, Pit, Side, Status};
use mancala::tui::app::{App, GameList, OddEvenStage, Overlay, Screen, SetupField, StarterChoice};
use mancala::tui::layout::board_geometry;
use mancala::tui::msg::{HintReach, Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn app_at(start: Start) -> Runner {
    let catalog = Catalog::with_user_dir(None);
    let mut ui = Runner::new(&catalog, Options::in_memory(start, 70), 42);
    ui.send(Msg::Resize {
        width: 100,
        height: 30,
    });
    ui
}

fn game_app(id: &str, first: Side) -> Runner {
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find(id).unwrap().rules.clone();
    app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(first),
        round_limit: None,
        swap_rule: None,
    })
}

/// Kalaha, Ann (South) against the computer (North, easy).
fn against_the_computer(first: Side) -> Runner {
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find("kalaha").unwrap().rules.clone();
    app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Computer".into()],
        computer: [None, Some(mancala::ai::Level::Easy)],
        first: Some(first),
        round_limit: None,
        swap_rule: None,
    })
}

fn send(ui: &mut Runner, msgs: &[Msg]) {
    for msg in msgs {
        ui.send(msg.clone());
    }
}

/// Types `text`, one character a key.
fn type_text(ui: &mut Runner, text: &str) {
    for typed in text.chars() {
        ui.send(Msg::Input(Input::Char(typed)));
    }
}

fn game(app: &App) -> &mancala::tui::app::Game {
    match &app.screen {
        Screen::Game(game) => game,
        other => panic!("not in a game: {other:?}"),
    }
}

/// What the last move did, as the screen keeps it.
fn report(app: &App) -> String {
    game(app)
        .report
        .as_ref()
        .map(|(_, text)| text.clone())
        .unwrap_or_default()
}

fn notice(app: &App) -> String {
    game(app)
        .notice
        .as_ref()
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

#[test]
fn menu_to_a_kalaha_game() {
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm]);
    assert!(matches!(
        ui.app.screen,
        Screen::Variants(GameList {
            for_play: true,
            selected: 0,
            ..
        })
    ));
    send(&mut ui, &[Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!("no setup")
    };
    assert_eq!(setup.rules.id(), "kalaha");
    assert_eq!(setup.starter, StarterChoice::South);
    assert_eq!(setup.field, SetupField::SouthName, "ready to type a name");
    send(&mut ui, &[Msg::Confirm]);
    let position = game(&ui.app).session.position();
    assert_eq!(position.to_move(), Some(Side::South));
    assert_eq!(position.round(), 1);
}

#[test]
fn names_are_typed_on_the_setup_screen() {
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm, Msg::Down, Msg::Confirm]); // Raja Pasu
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.field, SetupField::SouthName);
    // Typing replaces the placeholder; Backspace and Ctrl+U edit.
    send(
        &mut ui,
        &[
            Msg::Input(Input::Char('X')),
            Msg::Backspace,
            Msg::Input(Input::Char('Z')),
            Msg::ClearField,
        ],
    );
    send(
        &mut ui,
        &[
            Msg::Input(Input::Char('A')),
            Msg::Input(Input::Char('n')),
            Msg::Input(Input::Char('n')),
        ],
    );
    // South's seat, North's name, North's seat, then who starts.
    send(
        &mut ui,
        &[
            Msg::NextField,
            Msg::NextField,
            Msg::NextField,
            Msg::NextField,
            Msg::Right,
            Msg::NextField,
        ],
    );
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.names.south, "Ann");
    // Raja Pasu suggests a draw; one step right is the odd-or-even guess.
    assert_eq!(setup.starter, StarterChoice::OddEven);
    assert_eq!(setup.field, SetupField::RoundLimit);
}

#[test]
fn a_round_limit_is_set_up_for_a_match_of_rounds_only() {
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm, Msg::Down, Msg::Confirm]); // Raja Pasu
    // Up from the first field wraps to Start; above it the swap rule, then
    // the round limit.
    send(&mut ui, &[Msg::Up, Msg::Up]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.field, SetupField::SwapRule);
    assert!(!setup.swap_rule, "off by default in Raja Pasu");
    send(&mut ui, &[Msg::Right]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert!(setup.swap_rule);
    send(&mut ui, &[Msg::Up]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.field, SetupField::RoundLimit);
    assert_eq!(setup.round_limit, None);
    send(&mut ui, &[Msg::Right, Msg::Right, Msg::Right, Msg::Left]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.round_limit, Some(2));
    // Left from "no limit" wraps to the longest limit offered.
    send(&mut ui, &[Msg::Left, Msg::Left, Msg::Left]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.round_limit, Some(30));
    send(&mut ui, &[Msg::Right, Msg::Right, Msg::Right]);
    // Who starts: South, so the match begins at once.
    let Screen::Setup(setup) = &mut ui.app.screen else {
        panic!()
    };
    setup.starter = StarterChoice::South;
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(game(&ui.app).session.round_limit, Some(2));

    // Kalaha is one game: no round limit to set.
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm, Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.rules.id(), "kalaha");
    assert!(!setup.fields().contains(&SetupField::RoundLimit));
}

#[test]
fn odd_or_even_settles_who_starts() {
    let mut ui = app_at(Start::Menu);
    send(
        &mut ui,
        &[Msg::Confirm, Msg::Input(Input::Digit(3)), Msg::Confirm],
    );
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.starter, StarterChoice::OddEven);
    send(
        &mut ui,
        &[Msg::Confirm, Msg::Input(Input::Char('7')), Msg::Confirm],
    );
    let Screen::OddEven(odd_even) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(odd_even.stage, OddEvenStage::Guess { marbles: 7 });
    send(&mut ui, &[Msg::Even]);
    let Screen::OddEven(odd_even) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(
        odd_even.stage,
        OddEvenStage::Reveal {
            marbles: 7,
            guessed_odd: false,
            starter: Side::North
        }
    );
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(
        game(&ui.app).session.position().to_move(),
        Some(Side::North)
    );
}

#[test]
fn a_move_animates_and_any_key_finishes_it() {
    let mut ui = game_app("raja-pasu", Side::South);
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert!(ui.app.is_animating());
    send(&mut ui, &[Msg::Tick { ms: 140 }]); // two ticks at 70 ms
    assert!(ui.app.is_animating());
    send(&mut ui, &[Msg::Faster]);
    assert!(ui.app.is_animating(), "speed keys do not skip");
    assert_eq!(ui.config.speed_ms, 45);
    send(&mut ui, &[Msg::Skip]);
    assert!(!ui.app.is_animating());
    // The skipping key was not taken as a move.
    assert_eq!(game(&ui.app).session.actions().len(), 1);
    assert_eq!(
        game(&ui.app).session.position().row(Side::South),
        [3, 1, 0, 0, 0, 14, 0]
    );
}

#[test]
fn a_pit_key_while_seeds_move_finishes_the_move_and_plays() {
    let mut ui = game_app("raja-pasu", Side::South);
    send(
        &mut ui,
        &[Msg::Input(Input::Digit(1)), Msg::Tick { ms: 140 }],
    );
    assert!(ui.app.is_animating());
    // North's pit 7 (its leftmost key, q) holds 2 after South's move: played.
    send(&mut ui, &[Msg::Input(Input::RowKey('q'))]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(7))))
    );
    // A key that is not the next mover's pit only finishes the move.
    let mut ui = game_app("raja-pasu", Side::South);
    send(
        &mut ui,
        &[Msg::Input(Input::Digit(1)), Msg::Input(Input::RowKey('z'))],
    );
    assert!(!ui.app.is_animating());
    assert_eq!(game(&ui.app).session.actions().len(), 1);
}

#[test]
fn ticks_run_the_animation_to_its_end() {
    let mut ui = game_app("kalaha", Side::South);
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    for _ in 0..100 {
        send(&mut ui, &[Msg::Tick { ms: 70 }]);
    }
    assert!(!ui.app.is_animating());
}

#[test]
fn row_keys_play_the_pit_above_or_below_them() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::RowKey('x'))]); // South pit 2
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, Move::sow(Pit::new(2))))
    );
    // North's leftmost key is its pit 6.
    send(&mut ui, &[Msg::Input(Input::RowKey('q'))]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(6))))
    );
}

#[test]
fn choices_that_cannot_be_played_are_explained() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::RowKey('q'))]);
    assert!(
        notice(&ui.app).contains("North's row"),
        "{}",
        notice(&ui.app)
    );
    send(&mut ui, &[Msg::Input(Input::Digit(9))]);
    assert!(notice(&ui.app).contains("no pit 9"), "{}", notice(&ui.app));
    send(
        &mut ui,
        &[
            Msg::Input(Input::Digit(1)),
            Msg::Input(Input::Digit(1)),
            Msg::Input(Input::Digit(1)),
        ],
    );
    // South played 1, North played 1, South's pit 1 is now empty.
    assert!(
        notice(&ui.app).contains("Pit 1 is empty"),
        "{}",
        notice(&ui.app)
    );
}

#[test]
fn endless_pits_are_explained() {
    let rules = Catalog::with_user_dir(None)
        .find("raja-pasu")
        .unwrap()
        .rules
        .clone();
    let start = mancala::engine::Position::new(&rules, Side::South);
    let text = mancala::words::refusal(mancala::engine::PlayError::Endless(Pit::new(2)), &start);
    assert!(
        text.contains("Pit 2") && text.contains("never ends"),
        "{text}"
    );
}

#[test]
fn the_cursor_moves_along_the_screen_and_sows_on_enter() {
    let mut ui = game_app("kalaha", Side::North);
    ui.config.reduced_motion = true;
    assert_eq!(game(&ui.app).cursor, Pit::new(1));
    // North's pit 1 is drawn at the right; Left goes to pit 2.
    send(&mut ui, &[Msg::Left, Msg::Left]);
    assert_eq!(game(&ui.app).cursor, Pit::new(3));
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(3))))
    );
}

#[test]
fn the_cursor_goes_round_the_row_as_drawn() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    // South's pit 1 is drawn at the left: Left goes round to pit 6, the
    // rightmost, and Right comes back.
    send(&mut ui, &[Msg::Left]);
    assert_eq!(game(&ui.app).cursor, Pit::new(6));
    send(&mut ui, &[Msg::Right, Msg::Right]);
    assert_eq!(game(&ui.app).cursor, Pit::new(2));
}

#[test]
fn clicking_a_pit_plays_it() {
    let mut ui = game_app("sat-gharva", Side::South);
    ui.config.reduced_motion = true;
    let geometry = board_geometry(ui.app.size, game(&ui.app).session.position(), false).unwrap();
    let rect = geometry.pit_rect(Side::South, Pit::new(4));
    send(
        &mut ui,
        &[Msg::Input(Input::Click {
            column: rect.x + 2,
            row: rect.y + 1,
        })],
    );
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, Move::sow(Pit::new(4))))
    );
}

#[test]
fn undo_and_redo() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    let after = *game(&ui.app).session.position();
    send(&mut ui, &[Msg::Undo]);
    assert_eq!(game(&ui.app).session.actions().len(), 0);
    // It says what it took back, and the key that plays it again.
    assert_eq!(notice(&ui.app), "Undid Ann's pit 1 (Ctrl+Y plays it again)");
    send(&mut ui, &[Msg::Redo]);
    assert_eq!(*game(&ui.app).session.position(), after);
}

#[test]
fn quitting_a_match_asks_first() {
    let mut ui = game_app("kalaha", Side::South);
    send(&mut ui, &[Msg::Quit]);
    assert_eq!(ui.app.overlay, Some(Overlay::ConfirmQuit));
    send(&mut ui, &[Msg::No]);
    assert_eq!(ui.app.overlay, None);
    assert!(!ui.app.quit);
    send(&mut ui, &[Msg::Quit, Msg::Yes]);
    assert!(ui.app.quit);
}

#[test]
fn esc_pressed_once_too_often_leaves_the_player_on_the_menu() {
    let mut ui = game_app("kalaha", Side::South);
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    for _ in 0..3 {
        let contexts = mancala::tui::keys::contexts(&ui.app);
        if let Some(msg) = mancala::tui::keys::lookup(&contexts, &esc) {
            send(&mut ui, &[msg]);
        }
    }
    assert!(matches!(ui.app.screen, Screen::Menu(_)));
    assert!(!ui.app.quit);
    // q, the menu's own key for Quit, quits.
    let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    let contexts = mancala::tui::keys::contexts(&ui.app);
    send(
        &mut ui,
        &[mancala::tui::keys::lookup(&contexts, &q).unwrap()],
    );
    assert!(ui.app.quit);
}

#[test]
fn help_opens_and_closes() {
    let mut ui = game_app("kalaha", Side::South);
    send(&mut ui, &[Msg::Help]);
    assert_eq!(ui.app.overlay, Some(Overlay::Help { scroll: 0 }));
    send(&mut ui, &[Msg::Down]);
    assert_eq!(ui.app.overlay, Some(Overlay::Help { scroll: 1 }));
    send(&mut ui, &[Msg::Back]);
    assert_eq!(ui.app.overlay, None);
}

#[test]
fn a_round_ends_and_the_next_one_starts() {
    let mut ui = game_app("raja-pasu", Side::South);
    ui.config.reduced_motion = true;
    for _ in 0..400 {
        let position = *game(&ui.app).session.position();
        if position.status() != Status::Ongoing {
            break;
        }
        let pit = position.legal_moves(game(&ui.app).session.rules())[0];
        send(&mut ui, &[Msg::Input(Input::Digit(pit.pit().number()))]);
    }
    let position = *game(&ui.app).session.position();
    assert!(
        matches!(position.status(), Status::RoundOver { .. }),
        "{position:?}"
    );
    send(&mut ui, &[Msg::NextRound]);
    let position = game(&ui.app).session.position();
    assert_eq!(position.round(), 2);
    assert!(position.to_move().is_some());
    assert!(
        notice(&ui.app).contains("Round 2 begins"),
        "{}",
        notice(&ui.app)
    );
}

#[test]
fn ending_the_match_after_a_round() {
    let mut ui = game_app("raja-pasu", Side::South);
    ui.config.reduced_motion = true;
    while game(&ui.app).session.position().status() == Status::Ongoing {
        let position = *game(&ui.app).session.position();
        let pit = position.legal_moves(game(&ui.app).session.rules())[0];
        send(&mut ui, &[Msg::Input(Input::Digit(pit.pit().number()))]);
    }
    send(&mut ui, &[Msg::EndMatch]);
    assert!(matches!(
        game(&ui.app).session.position().status(),
        Status::MatchOver { .. }
    ));
    send(&mut ui, &[Msg::Confirm]);
    assert!(matches!(ui.app.screen, Screen::Menu(_)));
}

/// Kalaha from the start: South's pit 6 sows one seed into South's store
/// and three into North's pits 1 to 3, leaving 20 on South's row and 27 on
/// North's. Ending there gives South 1 + 20 = 21 and North 0 + 27 = 27.
#[test]
fn ending_the_match_midway_asks_first_and_gives_each_player_their_row() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(6)), Msg::EndMatch]);
    assert_eq!(
        ui.app.overlay,
        Some(Overlay::ConfirmEndMatch {
            result: "Ann 21, Bo 27: Bo would win.".into()
        })
    );
    send(&mut ui, &[Msg::No]);
    assert_eq!(ui.app.overlay, None);
    assert_eq!(game(&ui.app).session.position().status(), Status::Ongoing);

    send(&mut ui, &[Msg::EndMatch, Msg::Yes]);
    let position = *game(&ui.app).session.position();
    assert!(matches!(position.status(), Status::MatchOver { .. }));
    assert_eq!(
        [position.store(Side::South), position.store(Side::North)],
        [21, 27]
    );
    assert_eq!(notice(&ui.app), "The players ended the match.");
}

#[test]
fn the_reduced_motion_setting_shows_moves_at_once() {
    let mut ui = game_app("kalaha", Side::South);
    send(&mut ui, &[Msg::ToggleMotion]);
    assert!(ui.config.reduced_motion);
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert!(!ui.app.is_animating());
    assert!(report(&ui.app).contains("played pit 1"));
}

#[test]
fn a_seat_can_be_given_to_the_computer() {
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm, Msg::Confirm]); // Kalaha setup, on South's name
    // On to North's seat: South's seat, North's name, North's seat.
    send(
        &mut ui,
        &[
            Msg::NextField,
            Msg::NextField,
            Msg::NextField,
            Msg::Right,
            Msg::Right,
            Msg::Right,
        ],
    );
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.computer.north, Some(mancala::ai::Level::Hard));
    assert_eq!(setup.name(Side::North), "Computer");
    // Enter starts the match straight from the seat's field.
    send(&mut ui, &[Msg::Confirm]);
    let session = &game(&ui.app).session;
    assert_eq!(
        session.computer(Side::North),
        Some(mancala::ai::Level::Hard)
    );
    assert_eq!(session.computer(Side::South), None);
}

/// The computer's answer in the position with `key`: sow `pit`, then
/// the pits of `rest` in the same turn.
fn computer_plays(key: u64, pit: u8, rest: &[u8]) -> Msg {
    Msg::ComputerMove {
        key,
        chosen: Some(Move::sow(Pit::new(pit))),
        value: 0,
        rest: rest.iter().map(|&p| Move::sow(Pit::new(p))).collect(),
        warning: None,
    }
}

#[test]
fn the_computer_moves_when_its_answer_arrives() {
    let mut ui = against_the_computer(Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert!(game(&ui.app).thinking);
    assert!(ui.is_busy(), "the computer is searching");
    // A person's key on the computer's turn is refused.
    send(&mut ui, &[Msg::Input(Input::RowKey('q'))]);
    assert!(
        notice(&ui.app).contains("turn: wait for its move"),
        "{}",
        notice(&ui.app)
    );
    let key = game(&ui.app).session.position().key();
    send(&mut ui, &[computer_plays(key ^ 1, 1, &[])]);
    assert_eq!(
        game(&ui.app).session.actions().len(),
        1,
        "a stale answer is dropped"
    );
    send(&mut ui, &[computer_plays(key, 2, &[])]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(2))))
    );
    assert!(!game(&ui.app).thinking);
    // Undo takes back the computer's reply and the person's move.
    send(&mut ui, &[Msg::Undo]);
    assert_eq!(game(&ui.app).session.actions().len(), 0);
}

/// The computer's answer may carry a warning (an endgame table it found
/// damaged): shown under the board, as a warning, beside its move.
#[test]
fn a_warning_with_the_computers_move_is_shown() {
    let mut ui = against_the_computer(Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    let key = game(&ui.app).session.position().key();
    let text = "The endgame table oware-20.table is not used: it is a damaged file.";
    let mut answer = computer_plays(key, 2, &[]);
    if let Msg::ComputerMove { warning, .. } = &mut answer {
        *warning = Some(text.to_string());
    }
    send(&mut ui, &[answer]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(2))))
    );
    let shown = game(&ui.app).notice.as_ref().expect("a notice");
    assert_eq!(shown.text, text);
    assert!(shown.warning);
}

#[test]
fn a_hint_names_the_best_pit() {
    let mut ui = game_app("kalaha", Side::South);
    send(&mut ui, &[Msg::Hint]);
    assert!(ui.is_busy(), "a hint is being searched");
    let key = game(&ui.app).session.position().key();
    send(
        &mut ui,
        &[Msg::HintReady {
            key,
            values: vec![
                (Move::sow(Pit::new(3)), 2),
                (Move::sow(Pit::new(6)), 1),
                (Move::sow(Pit::new(1)), -1),
            ],
            reach: HintReach::Plies(12),
        }],
    );
    assert!(
        notice(&ui.app).contains("pit 3 (2 seeds ahead at the end, looking 12 moves ahead)"),
        "{}",
        notice(&ui.app)
    );
    assert!(
        notice(&ui.app).contains("\nEvery pit: 1:-1  3:+2  6:+1"),
        "{}",
        notice(&ui.app)
    );
    assert_eq!(game(&ui.app).cursor, Pit::new(3));
    // The board marks the pit named, on South's row of numbers.
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    let screen = format!("{:?}", terminal.backend());
    assert_eq!(screen.matches(">3<").count(), 1, "{screen}");
    // Values the search saw to the end say so.
    send(
        &mut ui,
        &[Msg::HintReady {
            key,
            values: vec![(Move::sow(Pit::new(6)), 4), (Move::sow(Pit::new(3)), 2)],
            reach: HintReach::Exact,
        }],
    );
    assert!(
        notice(&ui.app).contains("pit 6 (4 seeds ahead at the end, with perfect play)"),
        "{}",
        notice(&ui.app)
    );
}

#[test]
fn the_computer_takes_its_part_in_the_odd_or_even_guess() {
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find("sat-gharva").unwrap().rules.clone();
    // North (the computer) hides the marbles; South guesses.
    let ui = app_at(Start::Game {
        rules: rules.clone(),
        names: ["Ann".into(), "Computer".into()],
        computer: [None, Some(mancala::ai::Level::Easy)],
        first: None,
        round_limit: None,
        swap_rule: None,
    });
    let Screen::OddEven(odd_even) = &ui.app.screen else {
        panic!("{:?}", ui.app.screen)
    };
    assert!(matches!(odd_even.stage, OddEvenStage::Guess { .. }));
    // South (the computer) guesses on its own once North has hidden them.
    let mut ui = app_at(Start::Game {
        rules,
        names: ["Computer".into(), "Bo".into()],
        computer: [Some(mancala::ai::Level::Easy), None],
        first: None,
        round_limit: None,
        swap_rule: None,
    });
    send(&mut ui, &[Msg::Input(Input::Char('4')), Msg::Confirm]);
    let Screen::OddEven(odd_even) = &ui.app.screen else {
        panic!()
    };
    assert!(matches!(
        odd_even.stage,
        OddEvenStage::Reveal { marbles: 4, .. }
    ));
}

#[test]
fn the_computers_move_is_played_even_with_help_open() {
    let mut ui = against_the_computer(Side::North);
    ui.config.reduced_motion = true;
    assert!(game(&ui.app).thinking);
    send(&mut ui, &[Msg::Help]);
    let key = game(&ui.app).session.position().key();
    send(&mut ui, &[computer_plays(key, 1, &[])]);
    assert_eq!(
        ui.app.overlay,
        Some(Overlay::Help { scroll: 0 }),
        "help stays open"
    );
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::North, Move::sow(Pit::new(1)))),
        "{}",
        notice(&ui.app)
    );
}

#[test]
fn pits_past_nine_are_typed_as_two_digits() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules/valid/wide-16.toml");
    let rules = std::sync::Arc::new(mancala::catalog::load_file(&path).unwrap());
    let mut ui = app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    ui.config.reduced_motion = true;
    ui.send(Msg::Resize {
        width: 160,
        height: 40,
    });
    // 1 then Enter: pit 1.
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert_eq!(
        game(&ui.app).session.actions().len(),
        0,
        "waits for a second digit"
    );
    assert!(
        notice(&ui.app).contains("a second digit"),
        "{}",
        notice(&ui.app)
    );
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, Move::sow(Pit::new(1))))
    );
    // 1 then a digit: a pit from 10 up (one North can play now).
    let position = *game(&ui.app).session.position();
    let mover = position.to_move().unwrap();
    let rules = game(&ui.app).session.rules().clone();
    let pit = Pit::all(16)
        .skip(9)
        .find(|&p| position.check(&rules, p).is_ok())
        .unwrap();
    send(
        &mut ui,
        &[
            Msg::Input(Input::Digit(1)),
            Msg::Input(Input::Digit(pit.number() - 10)),
        ],
    );
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((mover, Move::sow(pit))),
        "{}",
        notice(&ui.app)
    );
    // 1, then another key: nothing is played.
    send(&mut ui, &[Msg::Input(Input::Digit(1)), Msg::Left]);
    assert_eq!(game(&ui.app).session.actions().len(), 2);
    assert_eq!(game(&ui.app).pending_digit, None);
}

#[test]
fn setup_offers_remembered_names_and_uses_them_when_nothing_is_typed() {
    // Play, Kalaha: the name fields are empty, the sides' names offered.
    let mut ui = app_at(Start::Menu);
    send(&mut ui, &[Msg::Confirm, Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!("{:?}", ui.app.screen)
    };
    assert_eq!(setup.field, SetupField::SouthName, "ready for typing");
    assert!(setup.names.iter().all(|(_, name)| name.is_empty()));
    assert_eq!(setup.placeholder(Side::South), "South");
    // A player known by the side's name is named once.
    assert_eq!(
        mancala::tui::describe::starter_label(setup.starter, setup),
        "South starts"
    );
    // Type South's name only; North's stays the placeholder.
    for c in "Ann".chars() {
        send(&mut ui, &[Msg::Input(Input::Char(c))]);
    }
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(
        mancala::tui::describe::starter_label(setup.starter, setup),
        "Ann (South) starts"
    );
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(game(&ui.app).session.name(Side::South), "Ann");
    assert_eq!(game(&ui.app).session.name(Side::North), "North");
    // Remembered: the names, the seats, the rule set.
    assert_eq!(
        ui.config.settings.names,
        ["Ann".to_string(), "North".to_string()]
    );
    assert_eq!(ui.config.settings.last_variant.as_deref(), Some("kalaha"));
    // Next time they are offered, and the list opens on the same rule set.
    send(&mut ui, &[Msg::Back, Msg::Input(Input::Digit(1))]); // the menu, Play
    let Screen::Variants(GameList { selected, .. }) = ui.app.screen else {
        panic!()
    };
    assert_eq!(ui.app.variants[selected].rules.id(), "kalaha");
    send(&mut ui, &[Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.placeholder(Side::South), "Ann");
    // A computer's seat offers "Computer", named by its level in the game.
    send(
        &mut ui,
        &[Msg::NextField, Msg::NextField, Msg::NextField, Msg::Right],
    );
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.placeholder(Side::North), "Computer");
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(
        game(&ui.app).session.display_name(Side::North),
        "Computer (easy)"
    );
}

/// Kalah with one pit of one seed a side: South's move ends it, 1-1.
fn one_move_game() -> Runner {
    let kalaha = Catalog::with_user_dir(None)
        .find("kalaha")
        .unwrap()
        .rules
        .text()
        .replace("id = \"kalaha\"", "id = \"one-move\"")
        .replace("pits = 6", "pits = 1")
        .replace("seeds-per-pit = 4", "seeds-per-pit = 1");
    let rules = std::sync::Arc::new(mancala::engine::Rules::from_toml(&kalaha).unwrap());
    let mut ui = app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    });
    ui.config.reduced_motion = true;
    ui
}

#[test]
fn a_rematch_keeps_the_players_and_the_tally_counts_each_match_once() {
    let mut ui = one_move_game();
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert!(matches!(
        game(&ui.app).session.position().status(),
        Status::MatchOver { .. }
    ));
    let names = ["Ann".to_string(), "Bo".to_string()];
    let tally = |ui: &Runner| ui.config.settings.tally_of("one-move", &names).cloned();
    assert_eq!(tally(&ui).unwrap().draws, 1);
    // Undoing the end takes it out of the tally; playing it again puts it back.
    send(&mut ui, &[Msg::Undo]);
    assert_eq!(tally(&ui).unwrap().draws, 0);
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert_eq!(tally(&ui).unwrap().draws, 1);
    // A rematch: the same players; after a draw, the other player starts.
    send(&mut ui, &[Msg::Rematch]);
    let session = &game(&ui.app).session;
    assert_eq!(session.name(Side::South), "Ann");
    assert_eq!(session.name(Side::North), "Bo");
    assert_eq!(session.first(), Side::North);
    assert!(notice(&ui.app).contains("Rematch"), "{}", notice(&ui.app));
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert_eq!(tally(&ui).unwrap().draws, 2);
}

#[test]
fn the_last_move_stays_told_and_a_turn_of_extra_moves_is_told_whole() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    // Pit 3's last seed falls in the store: South moves again, then pit 1.
    send(&mut ui, &[Msg::Input(Input::Digit(3))]);
    assert_eq!(report(&ui.app), "Ann played pit 3 - moves again");
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert_eq!(
        report(&ui.app),
        "Ann played pit 3 - moves again; then pit 1"
    );
    // Passing messages do not take its place.
    send(&mut ui, &[Msg::Faster, Msg::Input(Input::RowKey('z'))]);
    assert!(
        notice(&ui.app).contains("South's row"),
        "{}",
        notice(&ui.app)
    );
    assert_eq!(
        report(&ui.app),
        "Ann played pit 3 - moves again; then pit 1"
    );
    // North's move starts a new report.
    send(&mut ui, &[Msg::Input(Input::Digit(2))]);
    assert_eq!(report(&ui.app), "Bo played pit 2");
    assert_eq!(notice(&ui.app), "");
}

#[test]
fn a_broken_rule_file_is_listed_with_its_error_and_read_again_once_fixed() {
    let rules = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    std::fs::copy(rules.join("invalid/bad-id.toml"), &file).unwrap();
    let catalog = Catalog::with_user_dir(Some(dir.path()));
    let mut ui = Runner::new(&catalog, Options::in_memory(Start::ChooseVariant, 70), 1);

    // Listed after the built-ins, with the line, column and key at fault.
    let built_in = ui.app.variants.len();
    assert_eq!(built_in, Catalog::with_user_dir(None).entries().len());
    let broken = &ui.app.broken_rules;
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0].name, "mine.toml");
    assert_eq!(broken[0].path, file.display().to_string());
    assert!(
        broken[0].reason.starts_with("line 2, column 6: `id`"),
        "{}",
        broken[0].reason
    );
    // Found by typing its name, and chosen.
    type_text(&mut ui, "mine");
    send(&mut ui, &[Msg::Confirm]);
    let Screen::Variants(GameList { selected, .. }) = ui.app.screen else {
        panic!()
    };
    assert_eq!(selected, built_in);
    let notice = ui.app.message.as_ref().unwrap();
    assert!(notice.warning);
    assert!(
        notice.text.contains("press F5 to read it again"),
        "{}",
        notice.text
    );

    // Fixed on disk: read again, it is a rule set like the others.
    std::fs::copy(rules.join("valid/kalah-4-3.toml"), &file).unwrap();
    ui.send(Msg::ReloadRules);
    assert!(ui.app.broken_rules.is_empty());
    assert_eq!(ui.app.variants.len(), built_in + 1);
    assert_eq!(
        ui.app.message.as_ref().unwrap().text,
        format!("Read again: {} rule sets.", built_in + 1)
    );
    send(&mut ui, &[Msg::Confirm]);
    assert!(matches!(ui.app.screen, Screen::Setup(_)));
}

#[test]
fn the_look_goes_round_and_is_remembered() {
    use mancala::settings::Look;
    let mut ui = game_app("kalaha", Side::South);
    assert_eq!(ui.config.settings.look, Look::Colour);
    ui.send(Msg::NextLook);
    assert_eq!(ui.config.settings.look, Look::HighContrast);
    assert_eq!(
        ui.config.theme,
        mancala::tui::theme::Theme::for_look(Look::HighContrast, ui.config.no_colour)
    );
    assert!(
        game(&ui.app)
            .notice
            .as_ref()
            .unwrap()
            .text
            .starts_with("Look: high contrast")
    );
    ui.send(Msg::NextLook);
    ui.send(Msg::NextLook);
    assert_eq!(ui.config.settings.look, Look::Colour);
    // The board keeps its state: a look is no move.
    assert!(game(&ui.app).session.actions().is_empty());
}

#[test]
fn the_speed_message_names_the_speed_keys() {
    let mut ui = game_app("kalaha", Side::South);
    ui.send(Msg::Faster);
    let text = &game(&ui.app).notice.as_ref().unwrap().text;
    assert_eq!(text, "Speed: 45 ms a seed (F4 faster, F3 slower)");
}

#[test]
fn a_setting_notice_names_only_keys_that_work_on_its_screen() {
    // In a match the animation is F5 (`a` is a pit key's neighbour there).
    let mut ui = game_app("kalaha", Side::South);
    ui.send(Msg::ToggleMotion);
    assert_eq!(
        notice(&ui.app),
        "Animation off: moves appear at once (F5 to change)"
    );
    // Speed changed with the animation off says how to turn it on.
    ui.send(Msg::Slower);
    assert_eq!(
        notice(&ui.app),
        "Speed: 100 ms a seed, once the animation is on (F5 turns it on)"
    );
    // The replay viewer: + and -, and `a` for the animation.
    let rules = Catalog::with_user_dir(None)
        .find("kalaha")
        .unwrap()
        .rules
        .clone();
    let session =
        mancala::session::Session::new(rules, ["Ann".to_string(), "Bo".to_string()], Side::South);
    let mut viewer = app_at(Start::Replay(
        Box::new(session),
        "m.toml".into(),
        mancala::storage::MatchMeta::new(mancala::storage::MatchId::new()),
    ));
    viewer.send(Msg::Faster);
    let shown = |ui: &Runner| {
        ui.app
            .message
            .as_ref()
            .map(|n| n.text.clone())
            .unwrap_or_default()
    };
    assert_eq!(shown(&viewer), "Speed: 45 ms a seed (+ faster, - slower)");
    viewer.send(Msg::ToggleMotion);
    assert_eq!(
        shown(&viewer),
        "Animation off in this replay: moves appear at once; matches keep their setting \
         (a to change)"
    );
}

#[test]
fn the_move_that_reaches_the_round_limit_is_told_like_any_other() {
    let catalog = Catalog::with_user_dir(None);
    let mut ui = app_at(Start::Game {
        rules: catalog.find("raja-pasu").unwrap().rules.clone(),
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: Some(1),
        swap_rule: None,
    });
    let mut last = None;
    while game(&ui.app).session.position().status() == Status::Ongoing {
        let position = *game(&ui.app).session.position();
        let mover = position.to_move().unwrap();
        let pit = position.legal_moves(game(&ui.app).session.rules())[0];
        last = Some((mover, pit));
        send(&mut ui, &[Msg::Input(Input::Digit(pit.pit().number()))]);
    }
    assert!(game(&ui.app).session.ended_at_round_limit());
    // The session's last action is the match's end, not the move; the line
    // still names who played which pit.
    let (mover, pit) = last.unwrap();
    let name = if mover == Side::South { "Ann" } else { "Bo" };
    assert!(
        report(&ui.app).contains(&format!("{name} played pit {pit}")),
        "{}",
        report(&ui.app)
    );
}

/// `update` on its own, with the clock and the random seed fixed: what the
/// screen came to and every command asked for, step by step.
fn run_update(msgs: &[Msg]) -> Vec<String> {
    use mancala::tui::config::Config;
    let catalog = Catalog::with_user_dir(None);
    let mut app = App::new(catalog.entries().to_vec(), 7);
    app.clock = 1_764_547_200;
    let config = Config::new(mancala::settings::Settings::default());
    msgs.iter()
        .map(|msg| {
            let commands = mancala::tui::update::update(&mut app, &config, msg.clone());
            format!("{:?} {:?} {:?}", app.screen, app.message, commands)
        })
        .collect()
}

#[test]
fn update_does_the_same_for_the_same_messages() {
    // A match set up with the starter drawn by lot, played, undone, saved:
    // nothing in it may come from the clock or the environment.
    let msgs = [
        Msg::Resize {
            width: 100,
            height: 30,
        },
        Msg::Confirm,
        Msg::Confirm,
        Msg::Down,
        Msg::Down,
        Msg::Down,
        Msg::Down,
        Msg::Right,
        Msg::Right,
        Msg::Confirm,
        Msg::Input(Input::Digit(3)),
        Msg::Input(Input::Digit(1)),
        Msg::Undo,
        Msg::Save,
        Msg::Confirm,
        Msg::Hint,
        Msg::Tick { ms: 16 },
    ];
    let first = run_update(&msgs);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    for (step, (a, b)) in first.iter().zip(run_update(&msgs)).enumerate() {
        let at = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
        let around = |t: &str| {
            t.chars()
                .skip(at.saturating_sub(80))
                .take(160)
                .collect::<String>()
        };
        assert_eq!(*a, b, "step {step}: {} | {}", around(a), around(&b));
    }
    // The match's start is the clock the runner gave, not the wall's.
    assert!(
        first
            .iter()
            .any(|step| step.contains("started_at: 1764547200")),
        "{first:?}"
    );
}

/// A name that begins with what was typed comes first, then names that
/// hold it, then games found by place; the first one listed is chosen, so
/// Enter opens it, whatever was chosen before.
#[test]
fn the_search_lists_names_before_places() {
    let mut ui = app_at(Start::ChooseVariant);
    let found = |ui: &Runner, search: &str| -> Vec<String> {
        ui.app
            .games_found(search, &[])
            .iter()
            .map(|&i| ui.app.variants[i].rules.id().to_string())
            .collect()
    };
    // Songo is played in Gabon; Gabata is the name.
    let gab = found(&ui, "gab");
    assert_eq!(gab.first().map(String::as_str), Some("gabata"), "{gab:?}");
    assert!(gab.contains(&"songo".to_string()), "{gab:?}");
    // Mangala begins with it; Ali Guli Mane only holds it.
    let man = found(&ui, "man");
    let at = |id: &str| man.iter().position(|m| m == id);
    assert_eq!(at("mangala"), Some(0), "{man:?}");
    assert!(at("ali-guli-mane").is_some(), "{man:?}");
    // Songo chosen first, then "gab" typed: Gabata is chosen and opened.
    let songo = ui
        .app
        .variants
        .iter()
        .position(|e| e.rules.id() == "songo")
        .unwrap();
    let Screen::Variants(list) = &mut ui.app.screen else {
        panic!()
    };
    list.selected = songo;
    type_text(&mut ui, "gab");
    let Screen::Variants(list) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(ui.app.variants[list.selected].rules.id(), "gabata");
}

/// The list of games: letters find a game by name or place, digits pick
/// among those listed, Esc clears the search before it leaves.
#[test]
fn typing_finds_a_game_by_name_or_place() {
    let mut ui = app_at(Start::ChooseVariant);
    let chosen = |ui: &Runner| match &ui.app.screen {
        Screen::Variants(list) => ui.app.variants[list.selected].rules.id().to_string(),
        other => panic!("{other:?}"),
    };
    // A place: "sri" finds Raja Pasu and Pallanguzhi (Sri Lanka), in order.
    type_text(&mut ui, "sri");
    let Screen::Variants(list) = &ui.app.screen else {
        panic!()
    };
    let found: Vec<&str> = ui
        .app
        .games_found(&list.search, &[])
        .iter()
        .map(|&i| ui.app.variants[i].rules.id())
        .collect();
    assert_eq!(found, ["raja-pasu", "pallanguzhi"]);
    assert_eq!(chosen(&ui), "raja-pasu");
    send(&mut ui, &[Msg::Input(Input::Digit(2))]);
    assert_eq!(chosen(&ui), "pallanguzhi");
    send(&mut ui, &[Msg::Down]);
    assert_eq!(chosen(&ui), "raja-pasu", "the list of two goes round");
    // Words begin words: "ayo" finds both Yoruba games, not "Kalaha".
    send(&mut ui, &[Msg::ClearField]);
    type_text(&mut ui, "ayo");
    let Screen::Variants(list) = &ui.app.screen else {
        panic!()
    };
    let found: Vec<&str> = ui
        .app
        .games_found(&list.search, &[])
        .iter()
        .map(|&i| ui.app.variants[i].rules.id())
        .collect();
    assert_eq!(found, ["ayoayo", "ayo-olopon"]);
    // Nothing found: Enter says so and stays.
    type_text(&mut ui, "xyz");
    send(&mut ui, &[Msg::Confirm]);
    assert!(matches!(ui.app.screen, Screen::Variants(_)));
    assert!(ui.app.message.as_ref().is_some_and(|m| m.warning));
    // Esc clears the search, then leaves.
    send(&mut ui, &[Msg::Back]);
    let Screen::Variants(list) = &ui.app.screen else {
        panic!()
    };
    assert!(list.search.is_empty());
    let built_in = Catalog::with_user_dir(None).entries().len();
    assert_eq!(ui.app.games_found("", &[]).len(), built_in);
    send(&mut ui, &[Msg::Back]);
    assert!(matches!(ui.app.screen, Screen::Menu(_)));
    // Typed again, found and started: a game reached in a few keys.
    send(&mut ui, &[Msg::Confirm]);
    type_text(&mut ui, "bohn");
    send(&mut ui, &[Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!("{:?}", ui.app.screen)
    };
    assert_eq!(setup.rules.id(), "das-bohnenspiel");
}

/// The computer (North, first) begins a Kalaha turn with pit 3, whose last
/// seed falls in its store, and means to go on with pit 6.
fn computer_turn_of_two(ui: &mut Runner) {
    let key = game(&ui.app).session.position().key();
    send(ui, &[computer_plays(key, 3, &[6])]);
}

fn moves_played(ui: &Runner) -> Vec<u8> {
    game(&ui.app)
        .session
        .actions()
        .iter()
        .filter_map(|a| match a {
            mancala::session::Action::Move(mv) => Some(mv.pit().number()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_turn_searched_once_plays_its_planned_moves_without_thinking_again() {
    let mut ui = against_the_computer(Side::North);
    computer_turn_of_two(&mut ui);
    assert_eq!(moves_played(&ui), [3], "the second waits for the seeds");
    assert!(!game(&ui.app).thinking, "no second search");
    // The seeds of pit 3 stop: pit 6 follows at once, and the turn is told
    // whole.
    send(&mut ui, &[Msg::Tick { ms: 10_000 }]);
    assert_eq!(moves_played(&ui), [3, 6]);
    assert!(!game(&ui.app).thinking);
    assert_eq!(
        game(&ui.app).session.position().to_move(),
        Some(Side::South)
    );
    let (side, report) = game(&ui.app).report.clone().unwrap();
    assert_eq!(side, Side::North);
    assert!(
        report.starts_with("Computer (easy) played pit 3") && report.contains("; then pit 6"),
        "{report}"
    );
}

#[test]
fn a_key_during_the_computers_turn_shows_the_rest_of_it_at_once() {
    let mut ui = against_the_computer(Side::North);
    computer_turn_of_two(&mut ui);
    assert_eq!(moves_played(&ui), [3]);
    send(&mut ui, &[Msg::Left]);
    assert_eq!(moves_played(&ui), [3, 6]);
    assert!(
        game(&ui.app)
            .animation
            .as_ref()
            .is_none_or(mancala::tui::anim::Animation::is_finished),
        "no seeds still moving"
    );
    assert_eq!(
        game(&ui.app).session.position().to_move(),
        Some(Side::South)
    );
}

#[test]
fn without_animation_a_planned_turn_is_played_whole() {
    let mut ui = against_the_computer(Side::North);
    ui.config.reduced_motion = true;
    computer_turn_of_two(&mut ui);
    assert_eq!(moves_played(&ui), [3, 6]);
    assert!(!game(&ui.app).thinking);
}

#[test]
fn a_plan_for_another_position_is_not_played() {
    let mut ui = against_the_computer(Side::North);
    ui.config.reduced_motion = true;
    let key = game(&ui.app).session.position().key();
    // Pit 1 (4 seeds) ends on the computer's row: South is to move, and the
    // plan, made for a position that never came, is dropped.
    send(&mut ui, &[computer_plays(key, 1, &[6])]);
    assert_eq!(moves_played(&ui), [1]);
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert_eq!(
        moves_played(&ui),
        [1, 1],
        "Ann's move, then the computer thinks"
    );
    assert!(game(&ui.app).thinking);
}

/// The message a key sends on the screen as it stands.
fn key_msg(ui: &Runner, code: KeyCode) -> Option<Msg> {
    let contexts = mancala::tui::keys::contexts(&ui.app);
    mancala::tui::keys::lookup(&contexts, &KeyEvent::new(code, KeyModifiers::NONE))
}

#[test]
fn f6_changes_the_look_in_every_box_typing_too() {
    use mancala::settings::Look;
    let mut ui = game_app("kalaha", Side::South);
    let mut looks = vec![ui.config.settings.look];
    // The Save-a-copy box, then the Rename-like typing of the setup's names.
    send(&mut ui, &[Msg::Save]);
    assert!(matches!(ui.app.overlay, Some(Overlay::SaveAs { .. })));
    let f6 = key_msg(&ui, KeyCode::F(6)).expect("F6 acts in the box");
    send(&mut ui, &[f6]);
    looks.push(ui.config.settings.look);
    assert!(
        matches!(ui.app.overlay, Some(Overlay::SaveAs { .. })),
        "the box stays"
    );
    // Help: F6 changes the look rather than closing it.
    send(&mut ui, &[Msg::Back, Msg::Help]);
    let f6 = key_msg(&ui, KeyCode::F(6)).unwrap();
    send(&mut ui, &[f6]);
    looks.push(ui.config.settings.look);
    assert!(matches!(ui.app.overlay, Some(Overlay::Help { .. })));
    assert_eq!(looks, [Look::Colour, Look::HighContrast, Look::Monochrome]);
}

#[test]
fn under_no_color_the_look_key_leaves_the_remembered_look_alone() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.no_colour = true;
    let before = ui.config.settings.look;
    let f6 = key_msg(&ui, KeyCode::F(6)).unwrap();
    send(&mut ui, &[f6]);
    assert_eq!(ui.config.settings.look, before);
    assert!(notice(&ui.app).contains("NO_COLOR"), "{}", notice(&ui.app));
}

#[test]
fn a_match_that_ends_before_its_round_limit_says_why() {
    // Kalah in rounds, one pit of two seeds: South's move puts a seed in
    // its store and one in North's pit; South's row is empty, the round
    // ends 1-3, and South's 1 cannot fill a pit of 2.
    let rules = std::sync::Arc::new(common::variant_of(
        "kalaha",
        &[
            ("id = \"kalaha\"", "id = \"one-pit-rounds\""),
            ("pits = 6", "pits = 1"),
            ("seeds-per-pit = 4", "seeds-per-pit = 2"),
            ("rounds = \"single\"", "rounds = \"many\""),
        ],
    ));
    let mut ui = app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: Some(3),
        swap_rule: None,
    });
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(1))]);
    assert!(matches!(
        game(&ui.app).session.position().status(),
        Status::MatchOver { .. }
    ));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("round 1 of 3  -  match over"), "{screen}");
    assert!(
        screen.contains("Ann has 1 seed, too few to fill a pit of 2: the match is over."),
        "{screen}"
    );
}

#[test]
fn the_header_says_who_leads() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    let header = |ui: &Runner| {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| ui.render(frame)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        (0..80)
            .map(|x| buffer[(x, 0)].symbol().to_string())
            .collect::<String>()
    };
    assert!(
        header(&ui).trim_end().ends_with("stores equal"),
        "{}",
        header(&ui)
    );
    // Pit 3's last seed falls in Ann's store.
    send(&mut ui, &[Msg::Input(Input::Digit(3))]);
    assert!(
        header(&ui).trim_end().ends_with("Ann leads by 1"),
        "{}",
        header(&ui)
    );
    // While the seeds move, the header tells the stores the board shows: the
    // lead comes when the seed reaches the store, not before.
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = false;
    send(&mut ui, &[Msg::Input(Input::Digit(3))]);
    assert!(game(&ui.app).animation.is_some());
    assert!(
        header(&ui).trim_end().ends_with("stores equal"),
        "{}",
        header(&ui)
    );
    send(&mut ui, &[Msg::Tick { ms: 70 * 40 }]);
    assert!(
        header(&ui).trim_end().ends_with("Ann leads by 1"),
        "{}",
        header(&ui)
    );
}

#[test]
fn the_list_of_moves_opens_scrolls_back_and_closes() {
    let mut ui = game_app("oware", Side::South);
    ui.config.reduced_motion = true;
    send(
        &mut ui,
        &[Msg::Resize {
            width: 80,
            height: 24,
        }],
    );
    let l = key_msg(&ui, KeyCode::Char('l')).expect("l acts in a match");
    send(&mut ui, &[l.clone(), Msg::Up]);
    assert_eq!(
        ui.app.overlay,
        Some(Overlay::Moves { from_end: 0 }),
        "nothing to scroll back to yet"
    );
    send(&mut ui, &[Msg::Back]);
    assert_eq!(ui.app.overlay, None);
    // Many turns: more than the box shows.
    for _ in 0..40 {
        let Screen::Game(g) = &ui.app.screen else {
            break;
        };
        let Some(&first) = g.session.game().legal_moves().first() else {
            break;
        };
        send(&mut ui, &[Msg::Input(Input::Digit(first.pit().number()))]);
    }
    assert!(
        game(&ui.app).turns.len() > 20,
        "{}",
        game(&ui.app).turns.len()
    );
    send(&mut ui, &[l, Msg::Up, Msg::Up, Msg::Down]);
    assert_eq!(ui.app.overlay, Some(Overlay::Moves { from_end: 1 }));
    send(
        &mut ui,
        &[Msg::PageUp, Msg::PageUp, Msg::PageUp, Msg::PageUp],
    );
    let Some(Overlay::Moves { from_end }) = ui.app.overlay else {
        panic!()
    };
    let most = mancala::tui::moves_text::most_scroll(&ui.app, &ui.config);
    assert_eq!(
        from_end,
        most.min(40),
        "no further back than the first move"
    );
    // Turn 9 and turn 10 start their text in one column: " 9. ", "10. ".
    let rows: Vec<String> = mancala::tui::moves_text::lines(game(&ui.app), &ui.config.theme, 40)
        .iter()
        .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    let starting = |mark: &str| {
        rows.iter()
            .find(|row| row.starts_with(mark))
            .unwrap_or_else(|| panic!("no {mark:?} in {rows:#?}"))
    };
    let (ninth, tenth) = (starting(" 9. "), starting("10. "));
    assert!(
        ninth[4..].starts_with(|c: char| c.is_alphabetic()),
        "{ninth}"
    );
    assert!(
        tenth[4..].starts_with(|c: char| c.is_alphabetic()),
        "{tenth}"
    );
}

#[test]
fn at_80_columns_the_footer_keeps_saving_and_leaving_in_sight() {
    let mut ui = game_app("kalaha", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(1)), Msg::Undo]);
    assert!(game(&ui.app).session.can_redo());
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let footer: String = (0..80)
        .map(|x| buffer[(x, 23)].symbol().to_string())
        .collect();
    for keys in ["Ctrl+Y redo", "Ctrl+S save", "Esc menu", "Backspace undo"] {
        assert!(footer.contains(keys), "{keys} missing: {footer}");
    }
}

/// From the menu: Play, the game found by typing `search`, its setup.
fn setup_of(ui: &mut Runner, search: &str) {
    send(ui, &[Msg::Input(Input::Digit(1))]);
    for c in search.chars() {
        send(ui, &[Msg::Input(Input::Char(c))]);
    }
    send(ui, &[Msg::Confirm]);
    assert!(
        matches!(ui.app.screen, Screen::Setup(_)),
        "{:?}",
        ui.app.screen
    );
}

#[test]
fn the_round_limit_chosen_last_is_offered_for_the_next_match_of_rounds() {
    let mut ui = app_at(Start::Menu);
    setup_of(&mut ui, "raja");
    if let Screen::Setup(setup) = &mut ui.app.screen {
        assert_eq!(setup.round_limit, None);
        setup.round_limit = Some(3);
    }
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(game(&ui.app).session.round_limit, Some(3));
    assert_eq!(ui.config.settings.round_limit, Some(3));
    send(&mut ui, &[Msg::Back]);
    // Another game of rounds offers it; a game of one round has none, and
    // playing one leaves the remembered limit alone.
    setup_of(&mut ui, "dakon");
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.round_limit, Some(3));
    send(&mut ui, &[Msg::Back, Msg::Back, Msg::Back]);
    setup_of(&mut ui, "kalaha");
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(setup.round_limit, None);
    send(&mut ui, &[Msg::Confirm]);
    assert_eq!(ui.config.settings.round_limit, Some(3));
}

/// Kiuthi: a pit key chooses the pit, the board marks it and the line
/// under it asks for the way; → sows it towards the right of the screen
/// (South's counter-clockwise, North's clockwise), Esc takes the pit back,
/// a pit of one seed is refused with the reason, and the report names the
/// way.
#[test]
fn the_way_to_sow_is_chosen_with_the_arrows_after_the_pit() {
    use mancala::engine::Direction;
    let mut ui = game_app("kiuthi", Side::South);
    ui.config.reduced_motion = true;
    send(&mut ui, &[Msg::Input(Input::Digit(3))]);
    assert_eq!(game(&ui.app).choosing, Some(Pit::new(3)));
    // Each arrow named with the way it sows, as the moves are told.
    let asked = notice(&ui.app);
    assert!(
        asked.contains("← clockwise or → counter-clockwise"),
        "{asked}"
    );
    assert!(game(&ui.app).session.last_move().is_none());
    // Esc takes the pit back and stays in the match.
    send(&mut ui, &[Msg::Back]);
    assert_eq!(game(&ui.app).choosing, None);
    assert!(matches!(ui.app.screen, Screen::Game(_)));
    // A row key chooses too; → sows South's pit towards the right.
    send(&mut ui, &[Msg::Input(Input::RowKey('c')), Msg::Right]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((
            Side::South,
            Move::sow_toward(Pit::new(3), Direction::CounterClockwise)
        ))
    );
    assert!(
        report(&ui.app).starts_with("Ann played pit 3 counter-clockwise"),
        "{}",
        report(&ui.app)
    );
    // North's → is clockwise: North's pit 1 is drawn at the right.
    send(&mut ui, &[Msg::Input(Input::Digit(2)), Msg::Right]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((
            Side::North,
            Move::sow_toward(Pit::new(2), Direction::Clockwise)
        ))
    );
    // The board turned round, South's row is drawn at the top, its pit 1
    // at the right: → is clockwise, and the question says so.
    let position = *game(&ui.app).session.position();
    let pit = Pit::all(8)
        .find(|&p| position.pit(Side::South, p) >= 2)
        .unwrap();
    send(
        &mut ui,
        &[Msg::TurnBoard, Msg::Input(Input::Digit(pit.number()))],
    );
    let asked = notice(&ui.app);
    assert!(
        asked.contains("← counter-clockwise or → clockwise"),
        "{asked}"
    );
    send(&mut ui, &[Msg::Right]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, Move::sow_toward(pit, Direction::Clockwise)))
    );
}

/// Kiuthi: a pit of a single seed is not played, and says why.
#[test]
fn a_single_seed_pit_is_refused_with_the_reason() {
    let mut ui = game_app("kiuthi", Side::South);
    ui.config.reduced_motion = true;
    // The first legal moves, until South is to move with a pit of one seed.
    let single = loop {
        let Screen::Game(game) = &mut ui.app.screen else {
            panic!("not in a game")
        };
        let position = *game.session.position();
        if position.to_move() == Some(Side::South)
            && let Some(pit) = Pit::all(8).find(|&p| position.pit(Side::South, p) == 1)
        {
            break pit;
        }
        let first = game.session.game().legal_moves()[0];
        game.session.play(first).unwrap();
    };
    send(&mut ui, &[Msg::Input(Input::Digit(single.number()))]);
    assert_eq!(game(&ui.app).choosing, None);
    assert!(
        notice(&ui.app).contains("too few seeds"),
        "{}",
        notice(&ui.app)
    );
}

/// Igisoro by keys: each of the four rows' keys plays its own pit (§10.5's
/// worked example: f8, f8, f1, f1, with North's f8 drawn at the left of
/// its front row), then South's `s` (f2) asks the way and → sows it
/// clockwise along South's front row, the reversal §10.5 plays; a later lap
/// that may turn is asked for at the pit it is sown from, its arrows read
/// along that row (→ on South's back row is counter-clockwise), and Esc
/// takes the choice back.
#[test]
fn four_row_moves_and_their_ways_are_chosen_by_keys() {
    use mancala::engine::Position;
    let mut ui = game_app("igisoro", Side::South);
    ui.config.reduced_motion = true;
    let rules = game(&ui.app).session.rules().clone();
    let text = |ui: &Runner| game(&ui.app).session.position().to_text(&rules);
    // South f8 is `k`, North f8 `q`, South f1 `a`, North f1 `i`.
    for key in ['k', 'q', 'a', 'i'] {
        send(&mut ui, &[Msg::Input(Input::RowKey(key))]);
    }
    assert_eq!(
        text(&ui),
        "south: front 0 5 5 0 5 5 5 0 back 2 2 1 1 1 0 0 0; \
         north: front 0 5 5 0 5 5 5 0 back 2 2 1 1 1 0 0 0; round 1; south to move"
    );
    send(&mut ui, &[Msg::Input(Input::RowKey('s'))]);
    assert_eq!(game(&ui.app).choosing, Some(Pit::new(2)));
    let asked = notice(&ui.app);
    assert!(
        asked.contains("Pit f2: ← counter-clockwise or → clockwise"),
        "{asked}"
    );
    send(&mut ui, &[Msg::Right]);
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, "f2cw".parse::<Move>().unwrap()))
    );
    assert_eq!(
        text(&ui),
        "south: front 1 0 6 1 6 6 6 0 back 3 3 2 2 2 1 0 0; \
         north: front 0 0 5 0 5 5 5 0 back 2 0 1 1 1 0 0 0; round 1; north to move"
    );

    // South f4, North f4, South f7, North f5: South's f5 then has a lap
    // from b1 that may turn.
    let mut ui = game_app("igisoro", Side::South);
    ui.config.reduced_motion = true;
    for key in ['f', 't', 'j', 'r'] {
        send(&mut ui, &[Msg::Input(Input::RowKey(key))]);
    }
    let before = *game(&ui.app).session.position();
    send(&mut ui, &[Msg::Input(Input::RowKey('g'))]);
    assert_eq!(game(&ui.app).choosing, Some(Pit::new(5)));
    assert_eq!(game(&ui.app).pit_of_next_way(Pit::new(5)), Pit::new(9));
    let asked = notice(&ui.app);
    assert!(
        asked.contains("the lap from b1 may turn: ← clockwise or → counter-clockwise"),
        "{asked}"
    );
    send(&mut ui, &[Msg::Back]);
    assert_eq!(game(&ui.app).choosing, None);
    assert_eq!(*game(&ui.app).session.position(), before);
    send(&mut ui, &[Msg::Input(Input::RowKey('g')), Msg::Right]);
    let played = "f5.ccw".parse::<Move>().unwrap();
    assert_eq!(
        game(&ui.app).session.last_move(),
        Some((Side::South, played))
    );
    assert_eq!(
        *game(&ui.app).session.position(),
        Position::play(&before, &rules, played).unwrap()
    );
}

/// The preview (Tab) tells, for the pit under the cursor, what playing it
/// then does: in random positions of every built-in game, the move played
/// next is told as the preview told it, its last seed falls where the
/// preview marked, and the preview changed nothing.
#[test]
fn a_preview_tells_what_the_move_then_does_in_every_game() {
    let catalog = Catalog::with_user_dir(None);
    let mut previewed = 0;
    for entry in catalog.entries() {
        let mut ui = game_app(entry.rules.id(), Side::South);
        ui.config.reduced_motion = true;
        let mut dice: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..30 {
            let session = &game(&ui.app).session;
            let position = *session.position();
            if position.to_move().is_none() || session.can_swap() {
                break;
            }
            // A pit with one move (the others ask their way first).
            let legal = session.game().legal_moves();
            let single: Vec<Pit> = legal
                .iter()
                .filter_map(|&m| position.pit_of_move(m))
                .filter(|&pit| {
                    legal
                        .iter()
                        .filter(|&&m| position.pit_of_move(m) == Some(pit))
                        .count()
                        == 1
                })
                .collect();
            if single.is_empty() {
                break;
            }
            dice ^= dice << 13;
            dice ^= dice >> 7;
            dice ^= dice << 17;
            let pit = single[usize::try_from(dice % single.len() as u64).unwrap()];
            let Screen::Game(shown) = &mut ui.app.screen else {
                panic!("not in a game");
            };
            shown.cursor = pit;
            let before = shown.session.actions().len();
            ui.send(Msg::Preview);
            let told = notice(&ui.app);
            let marked = game(&ui.app).preview.clone().expect("a preview").1;
            assert_eq!(
                game(&ui.app).session.actions().len(),
                before,
                "nothing played"
            );
            // What the move did, as the preview put it.
            let details = told
                .strip_prefix("If played, ")
                .and_then(|t| t.split("; the last seed falls in ").next())
                .unwrap_or_else(|| panic!("{told}"))
                .trim_end_matches('.')
                .to_string();
            ui.send(Msg::Confirm);
            let game_now = game(&ui.app);
            let (_, played, trace) = game_now
                .session
                .move_trace(before)
                .expect("the move played");
            assert_eq!(position.pit_of_move(played), Some(pit));
            // The turn so far is told; this move ends it.
            assert!(
                report(&ui.app).ends_with(&details),
                "{}: previewed {told:?}, played {:?}",
                entry.rules.id(),
                report(&ui.app)
            );
            let last = trace.iter().rev().find_map(|event| match *event {
                mancala::engine::Event::LapEnd { last, .. } => Some(last),
                _ => None,
            });
            assert_eq!(
                marked,
                last.into_iter().collect::<Vec<_>>(),
                "{}",
                entry.rules.id()
            );
            assert!(game(&ui.app).preview.is_none(), "any other key clears it");
            previewed += 1;
        }
    }
    assert!(previewed > 300, "{previewed}");
}

/// Bo, alone on North against the computer, turns the board (Ctrl+T):
/// North's row is drawn at the bottom and played with the bottom letter
/// row; the next match with Bo alone on North starts turned, and one
/// between two players does not.
#[test]
fn the_board_turns_for_a_player_sitting_north_and_stays_turned_for_that_seat() {
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find("kalaha").unwrap().rules.clone();
    let bo_alone = |settings: mancala::settings::Settings| {
        let mut options = Options::in_memory(
            Start::Game {
                rules: rules.clone(),
                names: ["Computer".into(), "Bo".into()],
                computer: [Some(mancala::ai::Level::Easy), None],
                first: Some(Side::North),
                round_limit: None,
                swap_rule: None,
            },
            0,
        );
        options.settings = settings;
        let mut ui = Runner::new(&catalog, options, 42);
        ui.send(Msg::Resize {
            width: 100,
            height: 30,
        });
        ui
    };
    let mut ui = bo_alone(mancala::settings::Settings::default());
    assert!(!game(&ui.app).turned());
    ui.send(Msg::TurnBoard);
    assert!(game(&ui.app).turned());
    assert!(
        notice(&ui.app).contains("North's rows at the bottom"),
        "{}",
        notice(&ui.app)
    );
    // The bottom row's first key plays the pit drawn above it: North's 1.
    ui.send(Msg::Input(Input::RowKey('z')));
    assert!(
        report(&ui.app).contains("Bo played pit 1"),
        "{}",
        report(&ui.app)
    );
    let (mover, played, _) = game(&ui.app).session.move_trace(0).unwrap();
    assert_eq!((mover, played), (Side::North, Move::sow(Pit::new(1))));
    let remembered = ui.config.settings.clone();
    assert_eq!(remembered.turned_for, [mancala::settings::Seated::North]);
    // A new match, Bo alone on North again: turned from the start.
    let ui = bo_alone(remembered.clone());
    assert!(game(&ui.app).turned());
    // Two players at the keyboard: as they last had it (not turned).
    let mut options = Options::in_memory(
        Start::Game {
            rules: rules.clone(),
            names: ["Ann".into(), "Bo".into()],
            computer: [None, None],
            first: Some(Side::South),
            round_limit: None,
            swap_rule: None,
        },
        0,
    );
    options.settings = remembered;
    let two = Runner::new(&catalog, options, 42);
    assert!(!game(&two.app).turned());
}

/// The games played lately head the list of games, the latest first, when
/// nothing is typed; a search lists by how well names answer, as ever; and
/// a board or a kind of match is found by its words.
#[test]
fn the_games_played_lately_head_the_list_and_kinds_are_found() {
    let mut ui = app_at(Start::ChooseVariant);
    for id in ["oware", "bosh", "oware", "igisoro"] {
        let setting = mancala::settings::Setting::LastVariant(id.to_string());
        ui.config.settings.apply(&setting);
    }
    assert_eq!(
        ui.config.settings.recent_games,
        ["igisoro", "oware", "bosh"]
    );
    let ids = |ui: &Runner, search: &str| -> Vec<String> {
        ui.app
            .games_found(search, &ui.config.settings.recent_games)
            .iter()
            .map(|&i| ui.app.variants[i].rules.id().to_string())
            .collect()
    };
    let all = ids(&ui, "");
    assert_eq!(all[..4], ["igisoro", "oware", "bosh", "kalaha"]);
    assert_eq!(all.len(), Catalog::with_user_dir(None).entries().len());
    assert_eq!(
        ids(&ui, "four rows"),
        ["igisoro", "bao-kujifunza", "bao-kiswahili"]
    );
    assert_eq!(ids(&ui, "bo")[0], "bosh");
    // Typed, found and begun in a few keys.
    type_text(&mut ui, "four rows");
    send(&mut ui, &[Msg::Input(Input::Digit(3)), Msg::Confirm]);
    let Screen::Setup(setup) = &ui.app.screen else {
        panic!("{:?}", ui.app.screen)
    };
    assert_eq!(setup.rules.id(), "bao-kiswahili");
}

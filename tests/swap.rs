//! The swap rule (rules.md §8) through every layer: when it is offered, what
//! it changes (seats, not the board), undo and redo, save files, the
//! command line, the question on screen and the computer's answer.

mod common;

use std::sync::Arc;

use assert_cmd::Command;
use mancala::engine::{
    GameState, Move, Pit, PlayError, Position, Side, Status, Step, SwapState, parse_moves, perft,
};
use mancala::session::{Action, Session};
use mancala::storage::{MatchId, MatchMeta, from_toml, to_toml};
use mancala::tui::app::{Overlay, Screen};
use mancala::tui::msg::{Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};

fn dakon() -> Arc<mancala::engine::Rules> {
    Arc::new(common::builtin("dakon"))
}

fn sow(pit: u8) -> Move {
    Move::sow(Pit::new(pit))
}

/// Dakon, South first: pit 1 ends its lap in South's store (an extra turn),
/// so the first turn goes on; pit 4 then ends it.
#[test]
fn the_swap_is_offered_once_the_first_turn_is_over() {
    let start = GameState::new(dakon(), Side::South).with_swap_rule(true);
    assert_eq!(
        start.swap_state(),
        SwapState::Waiting { first: Side::South }
    );
    assert!(!start.can_swap());
    assert_eq!(start.swap(), Err(PlayError::NoSwap));
    let again = start.play(sow(1)).unwrap();
    assert_eq!(again.to_move(), Some(Side::South), "an extra turn");
    assert!(!again.can_swap(), "the first turn is not over");
    let over = again.play(sow(4)).unwrap();
    assert_eq!(over.to_move(), Some(Side::North));
    assert!(over.can_swap());
    // Swapped: the board and who moves are as they were.
    let swapped = over.swap().unwrap();
    assert_eq!(swapped.position(), over.position());
    assert_eq!(swapped.swap_state(), SwapState::Taken);
    assert_eq!(swapped.swap(), Err(PlayError::NoSwap), "once");
    // Played on instead: no longer offered.
    let mv = over.legal_moves()[0];
    let played_on = over.play(mv).unwrap();
    assert_eq!(played_on.swap_state(), SwapState::Off);
    // Without the rule, never.
    let plain = GameState::new(dakon(), Side::South).with_swap_rule(false);
    let plain = plain.play(sow(1)).unwrap().play(sow(4)).unwrap();
    assert!(!plain.can_swap());
}

#[test]
fn a_swap_is_not_a_ply() {
    // Perft walks positions: there is no swap in them, so Dakon's counts
    // are the rules contract's with the rule on by default.
    let rules = dakon();
    assert!(rules.plan().rounds.swap);
    let start = Position::new(&rules, Side::South);
    assert_eq!(perft(&rules, &start, 3).nodes, 230);
    // A line with a swap ends where the same line without it does.
    let with: Vec<Step> = parse_moves("1,4,swap,2").unwrap();
    let without: Vec<Step> = parse_moves("1,4,2").unwrap();
    let game = GameState::new(rules.clone(), Side::South).with_swap_rule(true);
    assert_eq!(
        game.play_line(&with).unwrap().position(),
        game.play_line(&without).unwrap().position()
    );
    let error = game.play_line(&parse_moves("1,swap").unwrap()).unwrap_err();
    assert_eq!(error.index, 2);
    assert_eq!(error.played, Step::Swap);
}

/// Congkak's first turn can bank 96 of the 98 seeds (rules.md §8.1), ending
/// the match at once; the swap hands that side to the second player.
#[test]
fn the_swap_answers_congkaks_sweep() {
    let rules = Arc::new(common::builtin("congkak"));
    let sweep =
        "7,6,3,6,7,3,6,1,6,1,7,2,6,4,2,4,3,1,6,5,1,6,2,4,5,1,1,3,6,5,1,7,1,6,1,3,1,4,1,2,1,3";
    let steps = parse_moves(sweep).unwrap();
    assert_eq!(steps.len(), 42);
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    assert!(session.swap_rule(), "on by default in Congkak");
    for step in &steps {
        session.play_step(*step).unwrap();
    }
    let end = *session.position();
    assert!(matches!(end.status(), Status::MatchOver { .. }));
    assert_eq!((end.store(Side::South), end.store(Side::North)), (96, 2));
    assert!(session.can_swap(), "offered although the match ended");
    session.swap().unwrap();
    assert_eq!(session.name(Side::South), "Bo");
    assert_eq!(session.name(Side::North), "Ann");
    assert_eq!(*session.position(), end);
}

#[test]
fn a_swap_changes_seats_and_is_undone_and_redone_like_a_move() {
    let mut session = Session::new(dakon(), ["Ann".into(), "Bo".into()], Side::South);
    session.computer.north = Some(mancala::ai::Level::Hard);
    session.play(sow(1)).unwrap();
    session.play(sow(4)).unwrap();
    let before = *session.position();
    session.swap().unwrap();
    assert!(session.swapped());
    assert_eq!(*session.position(), before);
    assert_eq!(session.name(Side::South), "Bo");
    assert_eq!(
        session.computer(Side::South),
        Some(mancala::ai::Level::Hard)
    );
    assert_eq!(session.computer(Side::North), None);
    assert_eq!(session.round_moves()[0].moves.last(), Some(&Step::Swap));
    // Undone: the seats come back, and the swap is offered again.
    assert!(session.undo());
    assert_eq!(session.name(Side::South), "Ann");
    assert_eq!(
        session.computer(Side::North),
        Some(mancala::ai::Level::Hard)
    );
    assert!(session.can_swap());
    // Redone: swapped again.
    assert!(session.redo().is_some());
    assert_eq!(session.name(Side::South), "Bo");
    assert_eq!(session.actions().last(), Some(&Action::Swap));
    // A move after it plays on from the same position.
    let mv = session.game().legal_moves()[0];
    session.play(mv).unwrap();
    assert!(!session.can_swap());
}

#[test]
fn a_match_with_a_swap_is_saved_and_loads_as_it_was() {
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    let mut session = Session::new(dakon(), ["Ann".into(), "Bo".into()], Side::South);
    for step in parse_moves("1,4,swap,2").unwrap() {
        session.play_step(step).unwrap();
    }
    let text = to_toml(&session, &MatchMeta::new(MatchId::new()));
    assert!(text.contains("swap-rule = true"), "{text}");
    assert!(text.contains("moves = \"1,4,swap,2\""), "{text}");
    // The names are the seats as the match stands.
    assert!(text.contains("south = \"Bo\""), "{text}");
    let loaded = from_toml(std::path::Path::new("m.toml"), &text, &catalog)
        .unwrap()
        .session;
    assert_eq!(loaded.name(Side::South), "Bo");
    assert_eq!(loaded.name(Side::North), "Ann");
    assert_eq!(loaded.positions(), session.positions());
    assert_eq!(loaded.actions(), session.actions());
    // Before the swap, the replay names the seats as they were.
    assert_eq!(loaded.display_name_at(Side::South, 2), "Ann");
    assert_eq!(loaded.display_name_at(Side::South, 3), "Bo");
    // A save written before the swap rule (no key) loads without it.
    let old = text.replace("swap-rule = true\n", "").replace(",swap", "");
    let old = old.replace("south = \"Bo\"", "south = \"X\"");
    let loaded = from_toml(std::path::Path::new("m.toml"), &old, &catalog);
    let loaded = loaded.unwrap().session;
    assert!(!loaded.swap_rule());
}

#[test]
fn the_command_line_plays_and_refuses_the_swap() {
    let config = tempfile::tempdir().unwrap();
    let show = |args: &[&str]| {
        let mut cmd = Command::cargo_bin("mancala").unwrap();
        cmd.env("XDG_CONFIG_HOME", config.path())
            .arg("show")
            .args(args);
        cmd.assert()
    };
    show(&["dakon", "--moves", "1,4,swap,2"]).success();
    show(&["dakon", "--moves", "1,4,swap,2", "--no-swap"])
        .failure()
        .stderr(predicates::str::contains("move 3 (swap) is illegal"));
    show(&["kalaha", "--moves", "3,1,swap"]).failure();
    show(&["kalaha", "--moves", "3,1,swap", "--swap"]).success();
}

fn ann_and_bo(computer_north: Option<mancala::ai::Level>) -> Runner {
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    let start = Start::Game {
        rules: dakon(),
        names: ["Ann".into(), "Bo".into()],
        computer: [None, computer_north],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    };
    let mut ui = Runner::new(&catalog, Options::in_memory(start, 0), 7);
    ui.send(Msg::Resize {
        width: 100,
        height: 30,
    });
    ui
}

/// South's first turn on screen: pit 1 (into the store, again), then 4.
fn first_turn(ui: &mut Runner) {
    for msg in [Msg::Input(Input::Digit(1)), Msg::Input(Input::Digit(4))] {
        ui.send(msg);
    }
}

#[test]
fn the_second_player_is_asked_on_screen_and_may_swap() {
    let mut ui = ann_and_bo(None);
    first_turn(&mut ui);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    ui.send(Msg::Yes);
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.name(Side::South), "Bo");
    let notice = game.notice.as_ref().unwrap().text.clone();
    assert!(notice.contains("Bo swaps: Bo now plays South"), "{notice}");
    // Undone, asked again; declined, play goes on and it is not asked again.
    ui.send(Msg::Undo);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    ui.send(Msg::No);
    assert_eq!(ui.app.overlay, None);
    ui.send(Msg::Input(Input::Digit(2)));
    assert_eq!(ui.app.overlay, None);
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.name(Side::North), "Bo");
}

#[test]
fn the_computer_as_second_player_answers_the_swap_by_its_search() {
    let mut ui = ann_and_bo(Some(mancala::ai::Level::Easy));
    first_turn(&mut ui);
    // No question for the computer: it thinks, then swaps or plays on.
    assert_eq!(ui.app.overlay, None);
    ui.wait_for_searches();
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    let last = game.session.actions().last().copied();
    match last {
        Some(Action::Swap) => assert!(game.session.computer(Side::South).is_some()),
        Some(Action::Move(_)) => assert!(!game.session.can_swap()),
        other => panic!("{other:?}"),
    }
}

/// A key pressed as the terminal sends it, through the key table.
fn press(ui: &mut Runner, code: ratatui::crossterm::event::KeyCode) {
    use ratatui::crossterm::event::{Event, KeyEvent, KeyModifiers};
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(msg) = mancala::tui::input::to_msg(&ui.app, &event) {
        ui.send(msg);
    }
}

/// Only `y` and `n` answer the swap: help and the list of moves open over
/// it and give it back, pit keys and other letters do nothing, and the
/// turn is not lost on the way.
#[test]
fn only_an_answer_key_answers_the_swap() {
    use ratatui::crossterm::event::KeyCode;
    let mut ui = ann_and_bo(None);
    first_turn(&mut ui);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    press(&mut ui, KeyCode::F(1));
    assert!(matches!(ui.app.overlay, Some(Overlay::Help { .. })));
    press(&mut ui, KeyCode::Esc);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    press(&mut ui, KeyCode::Char('l'));
    assert!(matches!(ui.app.overlay, Some(Overlay::Moves { .. })));
    press(&mut ui, KeyCode::Esc);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    for letter in ['q', 'z', 'x', 'a', ' '] {
        press(&mut ui, KeyCode::Char(letter));
        assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap), "{letter:?}");
    }
    press(&mut ui, KeyCode::Enter);
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.actions().len(), 2, "nothing was played");
    assert!(game.session.can_swap());
    press(&mut ui, KeyCode::Char('n'));
    assert_eq!(ui.app.overlay, None);
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.name(Side::North), "Bo");
    // Undone and asked again, `y` swaps.
    ui.send(Msg::Undo);
    ui.send(Msg::Input(Input::Digit(4)));
    assert_eq!(ui.app.overlay, Some(Overlay::OfferSwap));
    press(&mut ui, KeyCode::Char('y'));
    let Screen::Game(game) = &ui.app.screen else {
        panic!()
    };
    assert_eq!(game.session.name(Side::South), "Bo");
}

/// `replay --print` tells the moves before a swap with the seats as they
/// were then: Ann, South, made the first turn (pits 1 and 4); Bo swapped
/// into South, so the reply (pit 2) is Ann's, now North.
#[test]
fn the_printed_replay_credits_each_move_to_who_played_it() {
    let mut session = Session::new(dakon(), ["Ann".into(), "Bo".into()], Side::South);
    for step in parse_moves("1,4,swap,2").unwrap() {
        session.play_step(step).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("swapped.toml");
    std::fs::write(&file, to_toml(&session, &MatchMeta::new(MatchId::new()))).unwrap();
    let output = Command::cargo_bin("mancala")
        .unwrap()
        .args(["replay", file.to_str().unwrap(), "--print"])
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = printed
        .lines()
        .filter(|l| l.starts_with("round "))
        .collect();
    assert!(lines[0].contains("move 1: Ann played pit 1"), "{printed}");
    assert!(lines[1].contains("move 2: Ann played pit 4"), "{printed}");
    assert!(lines[2].contains("Bo swaps"), "{printed}");
    assert!(lines[3].contains("move 3: Ann played pit 2"), "{printed}");
    assert!(lines[3].contains("from South 7"), "{printed}");
}

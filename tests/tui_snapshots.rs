//! Whole screens drawn on a fixed-size test terminal, compared with the
//! snapshots in `tests/snapshots/`.

use mancala::catalog::Catalog;
use mancala::engine::{Move, Pit, Side, Status};
use mancala::tui::msg::{Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn draw(ui: &mut Runner, width: u16, height: u16) -> Terminal<TestBackend> {
    ui.app.size = (width, height);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    terminal
}

/// The screen drawn, a string a row.
fn screen_rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    buffer
        .content
        .chunks(usize::from(buffer.area.width))
        .map(|row| row.iter().map(ratatui::buffer::Cell::symbol).collect())
        .collect()
}

fn app_at(start: Start) -> Runner {
    Runner::new(
        &Catalog::with_user_dir(None),
        Options::in_memory(start, 70),
        7,
    )
}

fn game_app(id: &str) -> Runner {
    game_with(Catalog::with_user_dir(None).find(id).unwrap().rules.clone())
}

/// A match between Ann (South, first) and Bo under `rules`.
fn game_with(rules: std::sync::Arc<mancala::engine::Rules>) -> Runner {
    app_at(Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    })
}

#[test]
fn main_menu() {
    let mut ui = app_at(Start::Menu);
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn variant_list() {
    let mut ui = app_at(Start::ChooseVariant);
    ui.send(Msg::Down);
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

/// Typing `gab` in the list of games: Gabata, whose name begins so, comes
/// first and is chosen; Songo, found by its place (Gabon), after it.
#[test]
fn the_game_search_puts_names_first() {
    for (width, height) in [(80, 24), (160, 45)] {
        let mut ui = app_at(Start::ChooseVariant);
        for c in "gab".chars() {
            ui.send(Msg::Input(Input::Char(c)));
        }
        let terminal = draw(&mut ui, width, height);
        let screen = screen_rows(&terminal);
        let at = |name: &str| screen.iter().position(|row| row.contains(name));
        assert!(
            at("Gabata").is_some() && at("Gabata") < at("Songo"),
            "{screen:#?}"
        );
        insta::assert_snapshot!(format!("game_search_{width}x{height}"), terminal.backend());
    }
}

#[test]
fn setup_screen() {
    let mut ui = app_at(Start::ChooseVariant);
    ui.send(Msg::Input(Input::Digit(3)));
    ui.send(Msg::Confirm);
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn kalaha_board_at_the_start() {
    let mut ui = game_app("kalaha");
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn raja_pasu_board_at_the_start() {
    let mut ui = game_app("raja-pasu");
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn sat_gharva_board_at_the_start() {
    let mut ui = game_app("sat-gharva");
    insta::assert_snapshot!(draw(&mut ui, 100, 30).backend());
}

#[test]
fn a_frame_in_the_middle_of_a_relay() {
    let mut ui = game_app("raja-pasu");
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Tick { ms: 70 * 24 });
    assert!(ui.app.is_animating());
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn round_end() {
    let mut ui = game_app("raja-pasu");
    ui.config.reduced_motion = true;
    loop {
        let mancala::tui::app::Screen::Game(game) = &ui.app.screen else {
            panic!()
        };
        let position = *game.session.position();
        if position.status() != Status::Ongoing {
            break;
        }
        let pit = position.legal_moves(game.session.rules())[0];
        ui.send(Msg::Input(Input::Digit(pit.pit().number())));
    }
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn help_over_a_game() {
    let mut ui = game_app("sat-gharva");
    ui.send(Msg::Help);
    insta::assert_snapshot!(draw(&mut ui, 80, 24).backend());
}

#[test]
fn too_small() {
    let mut ui = game_app("kalaha");
    insta::assert_snapshot!(draw(&mut ui, 60, 20).backend());
}

#[test]
fn recovers_after_a_resize() {
    let mut ui = game_app("kalaha");
    let small = draw(&mut ui, 60, 20);
    assert!(format!("{:?}", small.backend()).contains("enlarge"));
    ui.send(Msg::Resize {
        width: 80,
        height: 24,
    });
    let large = draw(&mut ui, 80, 24);
    assert!(!format!("{:?}", large.backend()).contains("enlarge"));
}

#[test]
fn a_hint_on_the_widest_board_wraps_below_it() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules/valid/wide-16.toml");
    let mut ui = game_with(std::sync::Arc::new(
        mancala::catalog::load_file(&path).unwrap(),
    ));
    ui.send(Msg::Hint);
    let mancala::tui::app::Screen::Game(game) = &ui.app.screen else {
        panic!("not a game")
    };
    let key = game.session.position().key();
    // Values as a search would send them, best first.
    let mut values: Vec<(Move, i32)> = (1..=16)
        .map(|pit| (Move::sow(Pit::new(pit)), i32::from(pit % 7) - 9))
        .collect();
    values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    ui.send(Msg::HintReady {
        key,
        values,
        reach: mancala::tui::msg::HintReach::Plies(9),
    });
    insta::assert_snapshot!(draw(&mut ui, 98, 30).backend());
}

/// Kiuthi's hint weighs sixteen moves (eight pits, each way): at 80x24 the
/// rows under the board hold every one of them with its value.
#[test]
fn a_hint_where_the_mover_chooses_the_way_shows_every_move_at_80x24() {
    use mancala::engine::Direction;
    let mut ui = game_app("kiuthi");
    // After a move, whose telling gives the hint the rows it needs.
    ui.send(Msg::Input(Input::Digit(3)));
    ui.send(Msg::Right);
    ui.send(Msg::Tick { ms: 70 * 200 });
    ui.send(Msg::Hint);
    let mancala::tui::app::Screen::Game(game) = &ui.app.screen else {
        panic!("not a game")
    };
    let key = game.session.position().key();
    let mut values: Vec<(Move, i32)> = (1..=8)
        .flat_map(|pit| {
            [
                (Direction::CounterClockwise, -10),
                (Direction::Clockwise, 10),
            ]
            .map(|(way, shift)| (Move::sow_toward(Pit::new(pit), way), i32::from(pit) + shift))
        })
        .collect();
    values.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    ui.send(Msg::HintReady {
        key,
        values: values.clone(),
        reach: mancala::tui::msg::HintReach::Plies(8),
    });
    let terminal = draw(&mut ui, 80, 24);
    let buffer = terminal.backend().buffer();
    let screen: String = (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>() + " ")
        .collect();
    assert!(screen.contains("pit 8 clockwise"), "{screen}");
    assert!(screen.contains("played pit 3"), "{screen}");
    for pit in 1..=8 {
        for (way, value) in [("ccw", pit - 10), ("cw", pit + 10)] {
            let shown = format!("{pit}{way}:{value:+}");
            assert!(
                screen.split_whitespace().any(|word| word == shown),
                "{shown} missing: {screen}"
            );
        }
    }
}

#[test]
fn a_match_in_ascii() {
    let mut ui = game_app("raja-pasu");
    ui.config.ascii = true;
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Tick { ms: 70 * 24 });
    let terminal = draw(&mut ui, 80, 24);
    let cells: String = terminal
        .backend()
        .buffer()
        .content
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    assert!(cells.is_ascii(), "{cells}");
    insta::assert_snapshot!(terminal.backend());
}

/// Dakon's swap question after South's first turn: the box sits under the
/// line that tells that turn, and the footer gives its answers.
#[test]
fn the_swap_question_leaves_the_turn_in_sight() {
    for (width, height) in [(80, 24), (160, 45)] {
        let mut ui = game_app("dakon");
        ui.config.reduced_motion = true;
        ui.send(Msg::Input(Input::Digit(1)));
        ui.send(Msg::Input(Input::Digit(4)));
        insta::assert_snapshot!(
            format!("swap_question_{width}x{height}"),
            draw(&mut ui, width, height).backend()
        );
    }
}

/// Oware's preview (Tab) of a capturing move: the pit its last seed falls
/// in is marked, and the line under the board tells what it takes.
#[test]
fn a_move_previewed() {
    for (width, height) in [(80, 24), (160, 45)] {
        let mut ui = game_app("oware");
        ui.config.reduced_motion = true;
        // South 1, North 2, South 3, North 3: South's 2 then takes North 2.
        for pit in [1, 2, 3, 3] {
            ui.send(Msg::Input(Input::Digit(pit)));
        }
        ui.send(Msg::Right);
        ui.send(Msg::Preview);
        let terminal = draw(&mut ui, width, height);
        let screen = screen_rows(&terminal).join("\n");
        assert!(screen.contains("If played, pit 2 - captured"), "{screen}");
        assert!(screen.contains("*2*"), "{screen}");
        insta::assert_snapshot!(format!("preview_{width}x{height}"), terminal.backend());
    }
}

/// The board turned round (Ctrl+T): North's rows and their player at the
/// bottom, on the bottom keys; on four rows too.
#[test]
fn a_turned_board() {
    for (id, width, height) in [("kalaha", 80, 24), ("kalaha", 160, 45), ("igisoro", 80, 24)] {
        let mut ui = game_app(id);
        ui.config.reduced_motion = true;
        ui.send(Msg::TurnBoard);
        let terminal = draw(&mut ui, width, height);
        let rows = screen_rows(&terminal);
        let at = |text: &str| rows.iter().position(|row| row.contains(text));
        assert!(at("Bo (North)") > at("Ann (South)"), "{rows:#?}");
        insta::assert_snapshot!(format!("turned_{id}_{width}x{height}"), terminal.backend());
    }
}

/// Dakon's setup, the swap rule on: what the rule means goes under its
/// value, not under the labels, and the box still holds "Start the match".
#[test]
fn setup_with_the_swap_rule_on() {
    let mut ui = app_at(Start::ChooseVariant);
    for c in "dakon".chars() {
        ui.send(Msg::Input(Input::Char(c)));
    }
    ui.send(Msg::Confirm);
    let screen = draw(&mut ui, 80, 24);
    insta::assert_snapshot!(screen.backend());
}

/// The replay tells a long move whole at 80x24: the first move of a Raja
/// Pasu match between two long names whose telling needs three lines, and
/// every word of it is on the screen.
#[test]
fn a_long_move_is_told_whole_in_the_replay() {
    let rules = Catalog::with_user_dir(None)
        .find("raja-pasu")
        .unwrap()
        .rules
        .clone();
    let names = [
        "Anežka Dvořáková".to_string(),
        "Bartholomew Kent".to_string(),
    ];
    let mut session = mancala::session::Session::new(rules, names, Side::South);
    let long = loop {
        match session.position().status() {
            Status::Ongoing => {
                let moves = session.game().legal_moves();
                session
                    .play(moves[session.actions().len() % moves.len()])
                    .unwrap();
            }
            Status::RoundOver { .. } => session.next_round().unwrap(),
            Status::MatchOver { .. } => panic!("no move long to tell"),
        }
        let shown = session.actions().len();
        let told = mancala::tui::describe::replay_move(&session, shown, shown);
        if let Some(told) = told.filter(|t| t.chars().count() > 170) {
            break told;
        }
    };
    let mut ui = app_at(Start::Replay(
        Box::new(session),
        std::path::PathBuf::from("match.toml"),
        mancala::storage::MatchMeta::new(mancala::storage::MatchId::new()),
    ));
    ui.config.reduced_motion = true;
    ui.send(Msg::End);
    let terminal = draw(&mut ui, 80, 24);
    let screen: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    let words: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    let long: String = long.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(&long), "{long}\n---\n{}", terminal.backend());
}

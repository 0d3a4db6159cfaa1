//! Every screen with the longest names a player can type (16 characters),
//! drawn at 80x24, at 120x40 and in ASCII: compared with the snapshots in
//! `tests/snapshots/`, and checked that nothing is cut: no name shown in
//! part, and every word of a box that a large screen shows is in the box at
//! 80x24 too.

use std::collections::BTreeMap;

use mancala::catalog::Catalog;
use mancala::engine::{Direction, Move, Side, Status};
use mancala::tui::app::{Overlay, Screen};
use mancala::tui::msg::{HintReach, Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// Two names of the longest length, one with letters outside ASCII.
const SOUTH: &str = "Anežka Dvořáková";
const NORTH: &str = "Bartholomew Kent";

fn draw(ui: &mut Runner, width: u16, height: u16) -> Buffer {
    ui.send(Msg::Resize { width, height });
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui.render(frame)).unwrap();
    terminal.backend().buffer().clone()
}

fn rows(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

fn app_at(start: Start) -> Runner {
    let mut ui = Runner::new(
        &Catalog::with_user_dir(None),
        Options::in_memory(start, 0),
        7,
    );
    ui.config.reduced_motion = true;
    ui
}

fn rules(id: &str) -> std::sync::Arc<mancala::engine::Rules> {
    Catalog::with_user_dir(None).find(id).unwrap().rules.clone()
}

/// A match between the two long names, South first.
fn game(id: &str, round_limit: Option<u16>) -> Runner {
    app_at(Start::Game {
        rules: rules(id),
        names: [SOUTH.into(), NORTH.into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit,
        swap_rule: None,
    })
}

fn status(ui: &Runner) -> Status {
    match &ui.app.screen {
        Screen::Game(game) => game.session.position().status(),
        other => panic!("not in a game: {other:?}"),
    }
}

/// Plays each mover's first legal pit until the position's status is no
/// longer "ongoing" (a round or the match is over).
fn play_until_not_ongoing(ui: &mut Runner) {
    while status(ui) == Status::Ongoing {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let position = *game.session.position();
        let first = position.legal_moves(game.session.rules())[0];
        send_move(ui, position.to_move(), first);
    }
}

/// The keys a player presses for `played`: its pit's digit, then where the
/// mover chooses the way, the arrow for it (South's pits run left to right
/// on screen in counter-clockwise order, North's right to left).
fn send_move(ui: &mut Runner, mover: Option<Side>, played: Move) {
    // Where the swap is offered, the second player plays on.
    if ui.app.overlay == Some(Overlay::OfferSwap) {
        ui.send(Msg::No);
    }
    ui.send(Msg::Input(Input::Digit(played.pit().number())));
    if let Some(direction) = played.direction() {
        let right = (direction == Direction::CounterClockwise) == (mover == Some(Side::South));
        ui.send(if right { Msg::Right } else { Msg::Left });
    }
}

/// Where no name may show cut short: wherever the first word of a name
/// (drawn in full) starts, the whole name follows, unless a box drawn over
/// it hides the rest (its border comes right after what shows).
fn assert_names_whole(screen: &str, lines: &[String], ascii: bool) {
    // In ASCII the letters are written plain.
    let names = if ascii {
        ["Anezka Dvorakova", NORTH]
    } else {
        [SOUTH, NORTH]
    };
    for name in names {
        // A name cut by a column ends in `~`.
        let chars: Vec<char> = name.chars().collect();
        for cut in 4..chars.len() {
            let shown: String = chars[..cut].iter().collect();
            for (y, line) in lines.iter().enumerate() {
                assert!(
                    !line.contains(&format!("{shown}~")),
                    "{screen}: {name:?} cut short on row {y}: {line:?}"
                );
            }
        }
        let first_word = name.split(' ').next().unwrap();
        for (y, line) in lines.iter().enumerate() {
            for (at, _) in line.match_indices(first_word) {
                let shown: String = line[at..]
                    .chars()
                    .zip(name.chars())
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| a)
                    .collect();
                let next = line[at + shown.len()..].chars().next();
                assert!(
                    shown == name || next.is_some_and(|c| "│║|#╭╮╰╯─+".contains(c)),
                    "{screen}: {name:?} cut on row {y}: {line:?}"
                );
            }
        }
    }
}

/// The words inside the wide rounded boxes (popups and panels, not pits,
/// nor the list of moves),
/// with how often each appears.
fn box_words(buf: &Buffer) -> BTreeMap<String, usize> {
    let lines: Vec<Vec<String>> = (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect();
    let mut words = BTreeMap::new();
    for (top, row) in lines.iter().enumerate() {
        for (left, cell) in row.iter().enumerate() {
            if cell != "╭" {
                continue;
            }
            let Some(right) = (left + 1..row.len()).find(|&x| row[x] == "╮") else {
                continue;
            };
            let Some(bottom) = (top + 1..lines.len()).find(|&y| lines[y][left] == "╰") else {
                continue;
            };
            if right - left < 30 {
                continue; // a pit or a store
            }
            // A box whole: its sides run down to its bottom corners.
            let sides = (top + 1..bottom).all(|y| lines[y][left] == "│" && lines[y][right] == "│");
            let one_top = !row[left + 1..right].iter().any(|c| c == "╭" || c == "│");
            if !sides || !one_top || lines[bottom][right] != "╯" {
                continue;
            }
            // The list of moves beside the board on a wide screen is no box
            // over the screen.
            if row[left + 1..right].concat().contains(" Moves ") {
                continue;
            }
            // The title in the top border counts too.
            for line in &lines[top..bottom] {
                let inner: String = line[left + 1..right].concat();
                for word in inner.split(|c: char| c.is_whitespace() || "─│".contains(c)) {
                    if !word.is_empty() {
                        *words.entry(word.to_string()).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    words
}

/// Draws the screen at 80x24, 120x40 and in ASCII at 80x24, checks each and
/// compares it with its snapshot. `boxed`: the screen is a box whose whole
/// text must fit at 80x24 (boxes that scroll, and panels that show more on
/// a larger screen, are not).
fn check(ui: &mut Runner, screen: &str, boxed: bool) {
    for (width, height) in [(80, 24), (120, 40)] {
        let buf = draw(ui, width, height);
        let lines = rows(&buf);
        assert_names_whole(screen, &lines, false);
        insta::assert_snapshot!(format!("{screen}@{width}x{height}"), lines.join("\n"));
    }
    if boxed {
        let small = box_words(&draw(ui, 80, 24));
        let large = box_words(&draw(ui, 200, 60));
        assert!(!large.is_empty(), "{screen}: no box found");
        assert_eq!(small, large, "{screen}: words of the box missing at 80x24");
    }
    ui.config.ascii = true;
    let buf = draw(ui, 80, 24);
    ui.config.ascii = false;
    let lines = rows(&buf);
    let all = lines.concat();
    assert!(all.is_ascii(), "{screen} in ASCII: {all}");
    assert_names_whole(screen, &lines, true);
    insta::assert_snapshot!(format!("{screen}@ascii"), lines.join("\n"));
}

/// Types a name into the field being edited.
fn type_name(ui: &mut Runner, name: &str) {
    for c in name.chars() {
        ui.send(Msg::Input(Input::Char(c)));
    }
}

#[test]
fn menus_and_setup() {
    let mut ui = app_at(Start::Menu);
    check(&mut ui, "menu", false);

    ui.send(Msg::Input(Input::Digit(1)));
    check(&mut ui, "choose_a_game", false);

    let mut rules = app_at(Start::Menu);
    rules.send(Msg::Input(Input::Digit(3)));
    check(&mut rules, "rules", false);

    // Sat-gharva, both names typed, on to the odd-or-even guess.
    ui.send(Msg::Input(Input::Digit(3)));
    ui.send(Msg::Confirm);
    type_name(&mut ui, SOUTH);
    ui.send(Msg::NextField);
    ui.send(Msg::NextField);
    type_name(&mut ui, NORTH);
    check(&mut ui, "setup", true);
}

#[test]
fn a_name_field_says_how_long_a_name_may_be() {
    let mut ui = app_at(Start::Menu);
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Confirm);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(screen.contains("(up to 16 characters)"), "{screen}");
    type_name(&mut ui, "Maximiliana Rosenkranz");
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    if std::env::var_os("PRINT").is_some() {
        eprintln!("{screen}");
    }
    assert!(screen.contains("Maximiliana Rose_"), "{screen}");
    assert!(screen.contains("  16 characters at most"), "{screen}");
}

#[test]
fn the_odd_or_even_guess() {
    let mut ui = app_at(Start::Game {
        rules: rules("sat-gharva"),
        names: [SOUTH.into(), NORTH.into()],
        computer: [None, None],
        first: None,
        round_limit: None,
        swap_rule: None,
    });
    assert!(
        matches!(ui.app.screen, Screen::OddEven(_)),
        "{:?}",
        ui.app.screen
    );
    check(&mut ui, "odd_even_hide", true);
    ui.send(Msg::Input(Input::Digit(7)));
    ui.send(Msg::Confirm);
    check(&mut ui, "odd_even_guess", true);
    ui.send(Msg::Odd);
    check(&mut ui, "odd_even_reveal", true);
}

/// The report of the last move, on screen under the board.
fn report(ui: &Runner) -> String {
    match &ui.app.screen {
        Screen::Game(game) => game
            .report
            .as_ref()
            .map(|(_, r)| r.clone())
            .unwrap_or_default(),
        other => panic!("not in a game: {other:?}"),
    }
}

/// Plays each mover's first legal pit until the last move's report says
/// `words` (or the round ends first).
fn play_until_told(ui: &mut Runner, words: &str) {
    play_until_told_picking(ui, words, |_, _| 0);
}

/// Plays the legal move `pick(ply, moves)` picks until the last move's
/// report says `words` (or the round ends first).
fn play_until_told_picking(ui: &mut Runner, words: &str, pick: impl Fn(usize, usize) -> usize) {
    let mut ply = 0;
    while status(ui) == Status::Ongoing && !report(ui).contains(words) {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let position = *game.session.position();
        let legal = position.legal_moves(game.session.rules());
        send_move(
            ui,
            position.to_move(),
            legal[pick(ply, legal.len()) % legal.len()],
        );
        ply += 1;
    }
    assert!(report(ui).contains(words), "never told {words:?}");
}

#[test]
fn a_match_from_start_to_end() {
    for entry in Catalog::with_user_dir(None).entries() {
        let id = entry.rules.id();
        let mut ui = game(id, None);
        check(&mut ui, &format!("{id}_start"), false);
    }

    let mut ui = game("raja-pasu", Some(3));
    // A pit of the other row is refused, with the reason under the board.
    ui.send(Msg::Input(Input::RowKey('q')));
    check(&mut ui, "refusal", false);
    // The first move of the spec, a relay of many laps, told after it.
    ui.send(Msg::Input(Input::Digit(1)));
    check(&mut ui, "after_a_relay", false);

    ui.send(Msg::Help);
    check(&mut ui, "help", false);
    ui.send(Msg::Back);
    // The copy's name offered comes from the match's start: fixed here.
    if let Screen::Game(game) = &mut ui.app.screen {
        game.session.started_at = 1_764_000_000;
    }
    ui.send(Msg::Save);
    check(&mut ui, "save_a_copy", true);
    ui.send(Msg::Back);
    ui.send(Msg::EndMatch);
    assert!(matches!(
        ui.app.overlay,
        Some(Overlay::ConfirmEndMatch { .. })
    ));
    check(&mut ui, "end_the_match", true);
    ui.send(Msg::No);

    play_until_not_ongoing(&mut ui);
    check(&mut ui, "round_over", true);
    ui.send(Msg::ToggleBox);
    check(&mut ui, "round_over_box_hidden", false);
    ui.send(Msg::ToggleBox);
    // Two more rounds, and the round limit ends the match.
    for _ in 0..3 {
        if !matches!(status(&ui), Status::RoundOver { .. }) {
            break;
        }
        ui.send(Msg::NextRound);
        play_until_not_ongoing(&mut ui);
    }
    assert!(matches!(status(&ui), Status::MatchOver { .. }));
    check(&mut ui, "match_over_after_three_rounds", true);

    let mut ui = game("kalaha", None);
    play_until_not_ongoing(&mut ui);
    check(&mut ui, "game_over", true);

    // Oware's end says which of its ends it was; so do the newer games'.
    for id in [
        "oware",
        "toguz-kumalak",
        "dakon",
        "ayoayo",
        "vai-lung-thlan",
    ] {
        let mut ui = game(id, None);
        play_until_not_ongoing(&mut ui);
        check(&mut ui, &format!("{id}_game_over"), true);
    }
}

#[test]
fn the_new_games_mechanics_on_screen() {
    // A tuzdyk: drawn in its owner's colour with its sign, and told.
    let mut ui = game("toguz-kumalak", None);
    for pit in [4, 4, 7, 8, 2, 1] {
        ui.send(Msg::Input(Input::Digit(pit)));
    }
    assert!(report(&ui).contains("tuzdyk"), "{}", report(&ui));
    check(&mut ui, "toguz_kumalak_tuzdyk", false);
    // A seed sown into it, told.
    ui.send(Msg::Input(Input::Digit(1)));
    assert!(
        report(&ui).contains("into Bartholomew Kent's tuzdyk"),
        "{}",
        report(&ui)
    );
    // A pass, told.
    let mut ui = game("dakon", None);
    play_until_told(&mut ui, "cannot move");
    check(&mut ui, "dakon_pass", false);
    // A relay from the landing pit and a capture where it ends.
    let mut ui = game("dakon", None);
    ui.send(Msg::Input(Input::Digit(2)));
    check(&mut ui, "dakon_relay", false);
    // A chain of single seeds, told pit by pit.
    let mut ui = game("vai-lung-thlan", None);
    play_until_told(&mut ui, "captured 1 + 1");
    check(&mut ui, "vai_lung_thlan_chain", false);
}

/// The last move of the match on screen, as written.
fn last_move(ui: &Runner) -> String {
    match &ui.app.screen {
        Screen::Game(game) => game
            .session
            .last_move()
            .map(|(_, played)| played.to_string())
            .unwrap_or_default(),
        other => panic!("not in a game: {other:?}"),
    }
}

/// Bao la Kiswahili by keys (§10.4): a move from the hand, its pit then its
/// way; a capture from the hand ending in the nyumba, then the safari.
#[test]
fn bao_from_the_hand_and_a_safari_by_keys() {
    let mut ui = game("bao-kiswahili", None);
    // South's f6 (key h) can go either way: the way is asked.
    ui.send(Msg::Input(Input::RowKey('h')));
    check(&mut ui, "bao_namua_choosing_the_way", false);
    // Esc takes the pit back; h again, then left: counter-clockwise.
    ui.send(Msg::Back);
    assert_eq!(last_move(&ui), "");
    ui.send(Msg::Input(Input::RowKey('h')));
    ui.send(Msg::Left);
    assert_eq!(last_move(&ui), "f6ccw");
    // North's f5 (key r) then right: counter-clockwise on North's side.
    ui.send(Msg::Input(Input::RowKey('r')));
    ui.send(Msg::Right);
    assert_eq!(last_move(&ui), "f5ccw");
    ui.send(Msg::Input(Input::RowKey('d')));
    ui.send(Msg::Right);
    assert_eq!(last_move(&ui), "f3cw");
    // North's f7 (key w) must capture counter-clockwise; its last capture
    // ends in the nyumba with nothing across: stop or safari is asked.
    ui.send(Msg::Input(Input::RowKey('w')));
    check(&mut ui, "bao_safari_asked", false);
    ui.send(Msg::Back);
    assert_eq!(last_move(&ui), "f3cw", "Esc asks again from the pit");
    ui.send(Msg::Input(Input::RowKey('w')));
    ui.send(Msg::Safari);
    assert_eq!(last_move(&ui), "f7ccw+");
    let Screen::Game(on_screen) = &ui.app.screen else {
        unreachable!()
    };
    assert!(!on_screen.session.position().owns_nyumba(Side::North));
    assert!(on_screen.session.position().owns_nyumba(Side::South));

    // §10.4's worked example by keys: South f6cw, North f7ccw, then South's
    // nyumba (key g) captures, and the arrows choose the kichwa.
    let mut ui = game("bao-kiswahili", None);
    for (key, right) in [('h', true), ('w', true)] {
        ui.send(Msg::Input(Input::RowKey(key)));
        ui.send(if right { Msg::Right } else { Msg::Left });
    }
    assert_eq!(last_move(&ui), "f7ccw");
    ui.send(Msg::Input(Input::RowKey('g')));
    check(&mut ui, "bao_choosing_the_kichwa", false);
    ui.send(Msg::Right);
    assert_eq!(last_move(&ui), "f5cw");
}

#[test]
fn the_games_of_section_9_on_screen() {
    // Kiuthi: a pit chosen, its way being chosen; Kiuthi's 2 x 8 board fits
    // 80x24 with it.
    let mut ui = game("kiuthi", None);
    ui.send(Msg::Input(Input::Digit(3)));
    check(&mut ui, "kiuthi_choosing_the_way", false);
    // Then sown towards the right, and told with its way.
    ui.send(Msg::Right);
    assert!(
        report(&ui).contains("pit 3 counter-clockwise"),
        "{}",
        report(&ui)
    );
    // Gabata: a weg, drawn with its owner and its seeds.
    let mut ui = game("gabata", None);
    play_until_told(&mut ui, "the seeds in it stay");
    check(&mut ui, "gabata_weg", false);
    // Layli Goobalay: a pair of uur.
    let mut ui = game("layli-goobalay", None);
    play_until_told_picking(&mut ui, "2 seeds each", |ply, moves| ply * 7 % moves);
    check(&mut ui, "layli_goobalay_uur", false);
    // Nam-nam: a four taken while sowing, told.
    let mut ui = game("nam-nam", None);
    play_until_told(&mut ui, "fours:");
    check(&mut ui, "nam_nam_four", false);
}

#[test]
fn the_footer_says_when_moves_appear_at_once() {
    // `--animation-ms 0`: no pace to show, and the footer says so.
    let mut ui = game("kalaha", None);
    let screen = rows(&draw(&mut ui, 100, 30)).join("\n");
    assert!(screen.contains("speed (off)"), "{screen}");
    assert!(!screen.contains(" ms)"), "{screen}");
}

#[test]
fn help_scrolls_to_its_last_page_and_no_further() {
    let mut ui = game("kalaha", None);
    ui.send(Msg::Help);
    for _ in 0..30 {
        ui.send(Msg::PageDown);
    }
    // The rules' last words stand at the foot of the box, not a blank box.
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(screen.contains("by 8."), "{screen}");
    if std::env::var_os("PRINT").is_some() {
        eprintln!("{screen}");
    }
    // One page up brings back text above: the bottom was not run past.
    let bottom = screen.clone();
    ui.send(Msg::PageUp);
    let up = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert_ne!(up, bottom);
    assert!(!up.contains("by 8."), "{up}");
}

#[test]
fn help_pages_keep_one_line_and_name_only_the_boards_pit_keys() {
    let mut ui = game("kalaha", None);
    ui.send(Msg::Help);
    let top = rows(&draw(&mut ui, 80, 24));
    // Kalaha's six pits a side: the keys of six pits, digits 1-6.
    let text = top.join("\n");
    assert!(
        text.contains(" z x c v b n  play the pit above the key: South's"),
        "{text}"
    );
    assert!(!text.contains(" m ") && !text.contains("1-9"), "{text}");
    // A page down: the last line of the page before is the first now.
    ui.send(Msg::PageDown);
    let next = rows(&draw(&mut ui, 80, 24));
    let inside = |lines: &[String]| -> Vec<String> {
        lines[2..lines.len() - 2]
            .iter()
            .map(|l| l.trim().to_string())
            .collect()
    };
    let (before, after) = (inside(&top), inside(&next));
    assert_eq!(before.last(), after.first(), "{before:?}\n{after:?}");
}

/// Plays the round out by keys, the legal moves' pits picked in turn by
/// `turn` (counted on across rounds, so rounds differ).
fn play_out_round(ui: &mut Runner, turn: &mut usize) {
    while status(ui) == Status::Ongoing {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let legal = game.session.position().legal_moves(game.session.rules());
        ui.send(Msg::Input(Input::Digit(
            legal[*turn % legal.len()].pit().number(),
        )));
        *turn += 1;
    }
}

#[test]
fn a_round_over_box_calls_the_store_what_the_rules_call_it() {
    // Raja Pasu keeps captured seeds in a pile beside the board.
    // Rounds are played until one leaves a player seeds beyond the refill.
    let mut ui = game("raja-pasu", None);
    let mut screen = String::new();
    let mut turn = 0;
    for _ in 0..20 {
        play_out_round(&mut ui, &mut turn);
        screen = rows(&draw(&mut ui, 100, 30)).join("\n");
        if screen.contains(" kept in ") || matches!(status(&ui), Status::MatchOver { .. }) {
            break;
        }
        ui.send(Msg::Confirm);
    }
    assert!(screen.contains("kept in the pile"), "{screen}");
    assert!(!screen.contains("store"), "{screen}");
}

#[test]
fn a_result_box_says_the_winner_first() {
    // Kalaha, South playing its first pit and North its last: North wins,
    // and its total leads the box, as the winner's does in "North wins 30-18".
    let mut ui = game("kalaha", None);
    while status(&ui) == Status::Ongoing {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let position = game.session.position();
        let legal = position.legal_moves(game.session.rules());
        let pit = match position.to_move() {
            Some(Side::South) => legal[0],
            _ => legal[legal.len() - 1],
        };
        ui.send(Msg::Input(Input::Digit(pit.pit().number())));
    }
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let position = *game.session.position();
    let Some(mancala::engine::Outcome::Win(winner)) = position.outcome() else {
        panic!("a draw: {position:?}");
    };
    assert_eq!(winner, Side::North, "{position:?}");
    let name = |side: Side| if side == Side::South { SOUTH } else { NORTH };
    let screen = rows(&draw(&mut ui, 100, 30)).join("\n");
    let first = screen.find(&format!(
        "{} ({}) {}",
        name(winner),
        mancala::words::side_title(winner),
        position.store(winner)
    ));
    let second = screen.find(&format!(
        "{} ({}) {}",
        name(winner.other()),
        mancala::words::side_title(winner.other()),
        position.store(winner.other())
    ));
    assert!(
        first.is_some() && second.is_some() && first < second,
        "{screen}"
    );
}

#[test]
fn kalahas_description_names_the_capture_it_plays() {
    // It once said "without the empty-pit capture" after explaining that very
    // capture: it says which form it means instead.
    let description = rules("kalaha").description().to_string();
    assert!(
        !description.contains("without the empty-pit capture"),
        "{description}"
    );
    assert!(
        description.contains("a capture needs seeds across"),
        "{description}"
    );
}

#[test]
fn the_rules_pane_scrolls_to_its_last_page_and_no_further() {
    let mut ui = app_at(Start::Menu);
    ui.send(Msg::Input(Input::Digit(4)));
    for _ in 0..60 {
        ui.send(Msg::PageDown);
    }
    // The pane's last words at its foot, not an empty pane.
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(screen.contains("--full"), "{screen}");
    let bottom = screen.clone();
    ui.send(Msg::PageUp);
    let up = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert_ne!(up, bottom);
}

/// A search of the game list that finds nothing leaves the rules pane
/// empty, not showing a game the list does not hold (issue 60, item 21).
#[test]
fn a_search_that_finds_nothing_shows_no_games_rules() {
    let mut ui = app_at(Start::Menu);
    ui.send(Msg::Input(Input::Digit(4)));
    let before = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(
        before.contains("Kalaha") && before.contains("Each player"),
        "{before}"
    );
    for c in "zzq".chars() {
        ui.send(Msg::Input(Input::Char(c)));
    }
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(screen.contains("No game has that"), "{screen}");
    assert!(
        !screen.contains("Board ") && !screen.contains("Where "),
        "{screen}"
    );
}

/// A page down in the rules pane moves by the pane's height less one line:
/// the last line of the page before is the first now.
#[test]
fn the_rules_pane_pages_by_its_height_keeping_one_line() {
    let mut ui = app_at(Start::Menu);
    ui.send(Msg::Input(Input::Digit(4)));
    let pane = mancala::tui::layout::variants_text(ratatui::layout::Rect::new(0, 0, 80, 24));
    let text = |buf: &Buffer| -> Vec<String> {
        (pane.y..pane.y + pane.height)
            .map(|y| {
                (pane.x..pane.x + pane.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    };
    let first = text(&draw(&mut ui, 80, 24));
    ui.send(Msg::PageDown);
    let second = text(&draw(&mut ui, 80, 24));
    assert!(pane.height > 10, "a pane of {} lines", pane.height);
    assert_eq!(first.last(), second.first(), "{first:#?}\n{second:#?}");
    assert_ne!(
        first.last().map(String::as_str),
        Some(""),
        "a line of text kept"
    );
    ui.send(Msg::PageUp);
    assert_eq!(text(&draw(&mut ui, 80, 24)), first);
}

#[test]
fn quitting_asks_first() {
    let mut ui = game("kalaha", None);
    ui.send(Msg::Input(Input::Digit(3)));
    ui.send(Msg::Quit);
    assert!(ui.app.overlay.is_some(), "quitting a match asks");
    check(&mut ui, "quit_a_match", true);
}

/// Draws a screen whose text holds the time of day (so no snapshot) and
/// checks that no name is cut, at both sizes and in ASCII.
fn check_names_only(ui: &mut Runner, screen: &str) {
    for (width, height) in [(80, 24), (120, 40)] {
        assert_names_whole(screen, &rows(&draw(ui, width, height)), false);
    }
    ui.config.ascii = true;
    let lines = rows(&draw(ui, 80, 24));
    ui.config.ascii = false;
    assert!(lines.concat().is_ascii(), "{screen} in ASCII");
    assert_names_whole(screen, &lines, true);
}

#[test]
fn the_match_library_and_the_replay_viewer() {
    let dir = tempfile::tempdir().unwrap();
    let options = |start| Options {
        library: Some(mancala::storage::library::Library::at(dir.path())),
        ..Options::in_memory(start, 0)
    };
    let start = Start::Game {
        rules: rules("kalaha"),
        names: [SOUTH.into(), NORTH.into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    };
    let catalog = Catalog::with_user_dir(None);
    let mut ui = Runner::new(&catalog, options(start), 7);
    ui.config.reduced_motion = true;
    play_until_not_ongoing(&mut ui);
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let session = game.session.clone();

    // An unfinished match too, for the menu's Continue line.
    ui.send(Msg::Back);
    ui.send(Msg::Back);
    let unfinished = Start::Game {
        rules: rules("raja-pasu"),
        names: [SOUTH.into(), NORTH.into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    };
    let mut second = Runner::new(&catalog, options(unfinished), 7);
    second.send(Msg::Input(Input::Digit(1)));
    drop(second);
    let mut menu = Runner::new(&catalog, options(Start::Menu), 7);
    let shown = rows(&draw(&mut menu, 80, 24)).join("\n");
    // Which match Continue takes up, whole: both names and the rule set.
    assert!(
        shown.contains(&format!("{SOUTH} v {NORTH} (Raja Pasu)")),
        "{shown}"
    );
    check_names_only(&mut menu, "menu with a match to continue");

    let mut list = Runner::new(&catalog, options(Start::Menu), 7);
    list.send(Msg::Input(Input::Digit(2))); // Replay, whether Continue is there or not
    assert!(
        matches!(list.app.screen, Screen::Library(_)),
        "{:?}",
        list.app.screen
    );
    assert_eq!(list.app.matches.len(), 2);
    check_names_only(&mut list, "library");

    // The viewer, with the engine's values as the analysis would send them.
    let steps = session.actions().len();
    let started_at = session.started_at;
    let mut replay = app_at(Start::Replay(
        Box::new(session),
        std::path::PathBuf::from("match.toml"),
        mancala::storage::MatchMeta::new(mancala::storage::MatchId::new()),
    ));
    let values = (0..=steps)
        .map(|i| {
            mancala::tui::msg::Judged::quick(
                i32::try_from(i).unwrap() % 7 - 3,
                HintReach::Plies(12),
                true,
            )
        })
        .collect();
    replay.send(Msg::AnalysisReady {
        started_at,
        steps,
        values,
    });
    replay.send(Msg::Right);
    check(&mut replay, "replay", false);
}

/// Plays a long Dakon turn for South: each time the first legal pit after
/// which South moves again, until none is left, then the first pit.
fn a_long_dakon_turn() -> Runner {
    let mut ui = game("dakon", None);
    loop {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let (rules, position) = (game.session.rules().clone(), *game.session.position());
        let legal = position.legal_moves(&rules);
        let again = legal.iter().find(|mv| {
            position
                .play(&rules, **mv)
                .is_ok_and(|next| next.to_move() == Some(Side::South))
        });
        let chosen = again.copied().unwrap_or(legal[0]);
        ui.send(Msg::Input(Input::Digit(chosen.pit().number())));
        if again.is_none() || status(&ui) != Status::Ongoing {
            // North plays on rather than swap.
            if ui.app.overlay == Some(Overlay::OfferSwap) {
                ui.send(Msg::No);
            }
            return ui;
        }
    }
}

/// A hint asked for right after a long turn: at 80x24 every pit's value is
/// read, and the turn keeps its start and its last move above it.
#[test]
fn a_hint_after_a_long_turn_is_read_whole() {
    let mut ui = a_long_dakon_turn();
    let told = report(&ui);
    ui.send(Msg::Hint);
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let key = game.session.position().key();
    // As a search sends them, best first.
    let mut values: Vec<(Move, i32)> = game
        .session
        .position()
        .legal_moves(game.session.rules())
        .into_iter()
        .zip([-12, 7, 30, -1, 4, 11, 2])
        .collect();
    values.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    assert!(values.len() >= 3, "{values:?}");
    ui.send(Msg::HintReady {
        key,
        values: values.clone(),
        reach: HintReach::Plies(9),
    });
    let lines = rows(&draw(&mut ui, 80, 24));
    let under = lines[18..23].join(" ");
    for (mv, value) in &values {
        let shown = format!("{mv}:{value:+}");
        assert!(
            under.split_whitespace().any(|word| word == shown),
            "{shown} missing: {under}"
        );
    }
    let first = told.split("; then ").next().unwrap();
    let last = told.rsplit("; then ").next().unwrap();
    let under = under.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(under.contains(first) && under.contains(last), "{under}");
}

#[test]
fn a_long_turn_is_told_in_whole_words_and_the_list_of_moves_has_it_all() {
    let mut ui = a_long_dakon_turn();
    let told = report(&ui);
    assert!(told.matches("; then ").count() >= 5, "a long turn: {told}");
    // At 80x24 it is told in the rows between the turn line and the keys.
    let lines = rows(&draw(&mut ui, 80, 24));
    let shown = lines[18..23].join(" ");
    let words: std::collections::BTreeSet<&str> = told.split(' ').collect();
    for word in shown.split_whitespace() {
        assert!(words.contains(word), "{word:?} cut in: {shown}");
    }
    // A key refused then takes a line under the turn, read in full; the
    // turn stays whole above it (the rows under the block are the
    // notice's), each word of it whole.
    ui.send(Msg::Input(Input::RowKey('z')));
    let lines = rows(&draw(&mut ui, 80, 24));
    let refusal = (18..23)
        .find(|&row| lines[row].contains("That pit is on South's row"))
        .unwrap_or_else(|| panic!("no refusal in {:?}", &lines[18..23]));
    assert!(
        lines[refusal].contains("Bartholomew Kent (North)'s turn."),
        "{}",
        lines[refusal]
    );
    let shown = lines[18..refusal].join(" ");
    assert_eq!(
        shown.split_whitespace().collect::<Vec<_>>(),
        told.split_whitespace().collect::<Vec<_>>()
    );
    check(&mut ui, "a_long_turn_and_a_refusal", false);
    check(&mut ui, "a_long_turn", false);
    // The whole turn, in the list of moves beside a wide board.
    let wide = rows(&draw(&mut ui, 200, 50));
    insta::assert_snapshot!("a_long_turn@200x50", wide.join("\n"));
    // The panel's columns, from its title's corner on.
    let left = wide
        .iter()
        .find_map(|l| {
            let at = l.find("╭ Moves")?;
            Some(l[..at].chars().count())
        })
        .expect("a list beside the board");
    // Its text keeps a column clear of each border.
    for line in &wide {
        let row: Vec<char> = line.chars().skip(left).collect();
        if row.first() == Some(&'│') {
            let right = row.iter().rposition(|&c| c == '│').unwrap();
            assert_eq!((row[1], row[right - 1]), (' ', ' '), "{line}");
        }
    }
    let panel: String = wide
        .iter()
        .map(|l| {
            l.chars()
                .skip(left)
                .filter(|&c| c != '│')
                .collect::<String>()
        })
        .collect();
    let last = told.rsplit("; then ").next().unwrap();
    assert!(
        panel.replace(' ', "").contains(&last.replace(' ', "")),
        "{panel}"
    );
    // And in a box at 80x24, `l` away.
    ui.send(Msg::Moves);
    check(&mut ui, "the_list_of_moves", false);
    let boxed = rows(&draw(&mut ui, 80, 24)).join("");
    assert!(boxed.replace(' ', "").contains(&last.replace(' ', "")));
}

#[test]
fn a_big_terminal_is_used_for_the_board_the_moves_and_the_result() {
    // Toguz Kumalak a few moves in: taller pits whose seeds read in fives,
    // the list of moves beside them, who leads in the header.
    let mut ui = game("toguz-kumalak", None);
    for _ in 0..6 {
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let pit = game.session.position().legal_moves(game.session.rules())[0];
        ui.send(Msg::Input(Input::Digit(pit.pit().number())));
    }
    let wide = rows(&draw(&mut ui, 200, 50));
    assert_names_whole("toguz_kumalak_wide", &wide, false);
    assert!(wide[0].contains("leads by") || wide[0].trim_end().ends_with("equal"));
    assert!(wide.iter().any(|l| l.contains("╭ Moves")));
    assert!(
        wide.iter()
            .any(|l| l.contains("••••• •••••") || l.contains("•••••"))
    );
    insta::assert_snapshot!("toguz_kumalak@200x50", wide.join("\n"));
    // The end of a game, with why it ended.
    play_until_not_ongoing(&mut ui);
    let over = rows(&draw(&mut ui, 200, 50));
    assert!(
        over.iter().any(|l| l.contains("Ended: ")),
        "{}",
        over.join("\n")
    );
    insta::assert_snapshot!("toguz_kumalak_over@200x50", over.join("\n"));
}

/// Cow: each pit's way, fixed by where it lies, is drawn beside its number
/// as it runs on screen (South's pits 1 and 2 clockwise, to the left; 4 and
/// 5 to the right; the middle pit bare), and turned with the board.
#[test]
fn the_way_each_pit_sows_is_drawn_where_the_pit_fixes_it() {
    let mut ui = game("cow", None);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    let south_numbers = screen
        .lines()
        .find(|line| line.contains("←1"))
        .unwrap_or_else(|| panic!("{screen}"));
    let words: Vec<&str> = south_numbers.split_whitespace().collect();
    assert_eq!(words, ["←1", "←2", "3", "4→", "5→"], "{screen}");
    // North's row, drawn from its pit 5 at the left: 5 and 4 sow
    // counter-clockwise, to the left; 2 and 1 to the right.
    let north_numbers = screen
        .lines()
        .find(|line| line.contains("←5"))
        .unwrap_or_else(|| panic!("{screen}"));
    let words: Vec<&str> = north_numbers.split_whitespace().collect();
    assert_eq!(words, ["←5", "←4", "3", "2→", "1→"], "{screen}");
    // Turned, South's row is at the top, read from its pit 5: clockwise is
    // now to the right.
    ui.send(Msg::TurnBoard);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    let top = screen
        .lines()
        .find(|line| line.contains('→') || line.contains('←'))
        .unwrap_or_else(|| panic!("{screen}"));
    let words: Vec<&str> = top.split_whitespace().collect();
    assert_eq!(words, ["←5", "←4", "3", "2→", "1→"], "{screen}");
    assert!(screen.contains("(South), top row"), "{screen}");
}

/// Alemungula: once a lone seed has come round the end of the board, the
/// pit it stands in is drawn closed and marked barred for the player to
/// move (`5✗`, `5x` in ASCII), and picking it says why.
#[test]
fn a_barred_pit_is_drawn_so_and_its_refusal_told() {
    let mut ui = game("alemungula", None);
    let (mover, barred) = (0..400)
        .find_map(|i| {
            let Screen::Game(game) = &mut ui.app.screen else {
                panic!("not in a game")
            };
            let position = *game.session.position();
            if let (Some(mover), Some(pit)) = (position.to_move(), position.barred_pit()) {
                return Some((mover, pit));
            }
            let legal = game.session.game().legal_moves();
            assert!(!legal.is_empty(), "the game ended before a bar");
            game.session.play(legal[(i * 7) % legal.len()]).unwrap();
            None
        })
        .expect("a lone seed came round within 400 moves");
    let marked = format!("{}✗", barred.number());
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    let numbers = screen.lines().filter(|line| line.contains(&marked)).count();
    assert_eq!(numbers, 1, "{screen}");
    // Picking it is refused, with the reason.
    ui.send(Msg::Input(Input::Digit(barred.number())));
    let Screen::Game(game) = &ui.app.screen else {
        panic!("not in a game")
    };
    assert_eq!(game.session.position().to_move(), Some(mover));
    let told = game
        .notice
        .as_ref()
        .map(|n| n.text.clone())
        .unwrap_or_default();
    assert!(told.contains("may not go straight back"), "{told}");
}

/// Pallam Kuzhi refills from the left: the round's summary names the pits
/// closed at the right end of the row (`pit 7 closed`, `pits 6-7 closed`),
/// as the next round will have them, never pit 1.
#[test]
fn the_refill_summary_names_the_pits_the_refill_closes() {
    let mut ui = game("pallam-kuzhi", None);
    play_out_round(&mut ui, &mut 0);
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let next = game
        .session
        .position()
        .next_round(game.session.rules())
        .unwrap();
    let screen = rows(&draw(&mut ui, 100, 30)).join("\n");
    let mut closures = 0;
    for side in Side::BOTH {
        let closed: Vec<u8> = (1..=7)
            .filter(|&p| next.is_closed(side, mancala::engine::Pit::new(p)))
            .collect();
        let said = match closed[..] {
            [] => continue,
            [only] => format!("pit {only} closed"),
            [first, .., last] => format!("pits {first}-{last} closed"),
        };
        assert_eq!(closed.last(), Some(&7), "closed at the right end");
        assert!(screen.contains(&said), "{said}\n{screen}");
        closures += 1;
    }
    assert!(closures > 0, "a refill that closes pits\n{screen}");
    assert!(!screen.contains("pit 1 closed"), "{screen}");
    // And who begins the next round: North, as South began this one.
    assert_eq!(next.to_move(), Some(Side::North));
    assert!(
        screen.contains(&format!("Round 2, begun by {NORTH}")),
        "{screen}"
    );
}

/// Erherhe's loser chooses the pits to fill by keys (rules.md §12): the
/// board shows the next round as the choice would begin it, a choice of the
/// wrong size is refused with how many are missing, Esc goes back to the
/// round's result, and Enter begins the round with exactly the pits chosen.
#[test]
fn the_losers_choice_of_pits_by_keys() {
    let mut ui = game("erherhe", None);
    let mut turn = 0;
    let chooser = loop {
        play_out_round(&mut ui, &mut turn);
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let position = *game.session.position();
        if let Some(chooser) = position.fill_choice(game.session.rules()) {
            break chooser;
        }
        assert_eq!(
            status(&ui),
            Status::RoundOver {
                took_remaining: None
            }
        );
        ui.send(Msg::NextRound);
    };
    let name = if chooser.side == Side::South {
        SOUTH
    } else {
        NORTH
    };
    // The round's result says how far the match is from its end: the
    // loser's seeds, and the 4 (one pit) a player needs to play on.
    let summary = rows(&draw(&mut ui, 80, 24)).join("\n");
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let seeds = game.session.position().store(chooser.side);
    let said = format!("{name} has {seeds} seeds; under 4 would end the match.");
    assert!(summary.contains(&said), "{summary}");
    ui.send(Msg::NextRound);
    let filling = |ui: &Runner| match &ui.app.screen {
        Screen::Game(game) => game.filling,
        _ => None,
    };
    let first = filling(&ui).expect("the loser chooses");
    assert_eq!(first.count(), chooser.count);
    check(&mut ui, "erherhe_fill_choice", false);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(
        screen.contains(&format!("choose {} pits to fill", chooser.count)),
        "{screen}"
    );
    assert!(screen.contains(name), "{screen}");
    // The board shows the pits left out closed, the result box gone.
    assert_eq!(
        screen.matches("closed").count(),
        6 - usize::from(chooser.count),
        "{screen}"
    );
    assert!(!screen.contains("is over"), "{screen}");
    // Esc: back to the round's result.
    ui.send(Msg::Back);
    assert_eq!(filling(&ui), None);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    assert!(
        screen.contains("Round 1 is over") || screen.contains("is over"),
        "{screen}"
    );
    // Again: one pit taken out, Enter refused; another put in, Enter begins.
    ui.send(Msg::NextRound);
    let out = first.pits().next().unwrap();
    let into = (1..=6)
        .map(mancala::engine::Pit::new)
        .find(|&pit| !first.contains(pit))
        .unwrap();
    ui.send(Msg::Input(Input::Digit(out.number())));
    ui.send(Msg::Confirm);
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let told = game
        .notice
        .as_ref()
        .map(|n| n.text.clone())
        .unwrap_or_default();
    assert!(told.contains("1 more"), "{told}");
    assert!(matches!(status(&ui), Status::RoundOver { .. }));
    ui.send(Msg::Input(Input::Digit(into.number())));
    ui.send(Msg::Confirm);
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let chosen = first.toggled(out).toggled(into);
    let position = game.session.position();
    assert_eq!(position.status(), Status::Ongoing);
    for pit in (1..=6).map(mancala::engine::Pit::new) {
        assert_eq!(
            position.is_closed(chooser.side, pit),
            !chosen.contains(pit),
            "{pit}"
        );
    }
    assert_eq!(
        game.session.actions().last(),
        Some(&mancala::session::Action::NextRound(Some(chosen)))
    );
}

/// A territory round on screen (rules.md §12): the pits won across are
/// drawn as their owner's, with the owner's letter after the count (read
/// without colour and in ASCII), the header counts each player's pits and
/// the goal, and the winner plays a pit won across by its own key.
#[test]
fn a_territory_board_shows_who_owns_each_pit() {
    let mut ui = game("adi", None);
    let mut turn = 0;
    let owner_of_won = loop {
        play_out_round(&mut ui, &mut turn);
        assert!(matches!(status(&ui), Status::RoundOver { .. }));
        ui.send(Msg::NextRound);
        let Screen::Game(game) = &ui.app.screen else {
            unreachable!()
        };
        let position = game.session.position();
        let won = Side::BOTH.into_iter().find_map(|side| {
            (1..=6)
                .map(mancala::engine::Pit::new)
                .find(|&pit| position.round_owner(side, pit) != side)
                .map(|pit| (side.other(), pit))
        });
        if let Some(won) = won {
            break won;
        }
        assert!(turn < 5000, "no round was won with a pit across");
    };
    check(&mut ui, "adi_territory", false);
    let screen = rows(&draw(&mut ui, 80, 24)).join("\n");
    let Screen::Game(game) = &ui.app.screen else {
        unreachable!()
    };
    let position = *game.session.position();
    let (holder, pit) = owner_of_won;
    let letter = if holder == Side::South { "S" } else { "N" };
    let count = position.pit(holder.other(), pit);
    assert!(screen.contains(&format!("{count} {letter}")), "{screen}");
    let header = format!(
        "pits {}-{} (of 10)",
        position.pits_held(Side::South),
        position.pits_held(Side::North)
    );
    assert!(screen.contains(&header), "{screen}");
    // The pit won across is played by its own key where it holds seeds
    // and its holder is to move: the move is pit 6 + k.
    if position.to_move() == Some(holder) && count > 0 {
        // North's row is drawn from its pit 6 at the left, South's from 1.
        let k = usize::from(pit.number());
        let key = if holder.other() == Side::North {
            mancala::tui::widgets::board::NORTH_KEYS.get(6 - k)
        } else {
            mancala::tui::widgets::board::SOUTH_KEYS.get(k - 1)
        };
        if let Some(&key) = key {
            ui.send(Msg::Input(Input::RowKey(key)));
            let Screen::Game(game) = &ui.app.screen else {
                unreachable!()
            };
            let played = game
                .session
                .last_move()
                .map(|(_, played)| played.pit().number());
            assert_eq!(played, Some(6 + pit.number()));
        }
    }
}

//! Oware (Abapa), spec §6, on positions worked out by hand: captures by count
//! chained backwards, the grand slam, the skipped origin, feeding, and the
//! three ends. Counter-clockwise, South's pits 1..6 lead to North's 1..6 and
//! back to South's 1; stores are never sown.

mod common;

use common::builtin;
use mancala::engine::{
    Ending, Event, GameState, History, Move, Outcome, Pit, PlayError, Position, Rules, Side,
    Status, play_line,
};

fn oware() -> Rules {
    builtin("oware")
}

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pits(numbers: &[u8]) -> Vec<Move> {
    numbers.iter().map(|&n| Move::sow(Pit::new(n))).collect()
}

/// The captures on the opponent's row a move made: (pit, count) in order.
fn row_captures(trace: &[Event]) -> Vec<(String, u16)> {
    trace
        .iter()
        .filter_map(|e| match e {
            Event::RowCapture { pit, count, .. } => Some((pit.to_string(), *count)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_chain_of_three_captures_stops_at_a_four() {
    let rules = oware();
    // South's pit 6 (4 seeds) sows North's 1 to 4: they become 4, 2, 3, 2.
    let start = at(
        &rules,
        "south: 2 0 0 1 0 4 store 14; north: 3 1 2 1 3 2 store 15; round 1; south to move",
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
    // Backwards from the last seed: North 4 (2), 3 (3), 2 (2); North 1 holds 4.
    assert_eq!(
        row_captures(&trace),
        [
            ("north 4".to_string(), 2),
            ("north 3".to_string(), 3),
            ("north 2".to_string(), 2)
        ]
    );
    assert_eq!(
        after.to_text(&rules),
        "south: 2 0 0 1 0 0 store 21; north: 4 0 0 0 3 2 store 15; round 1; north to move"
    );
}

#[test]
fn a_chain_stops_at_the_movers_own_row() {
    let rules = oware();
    // South's pit 5 (3 seeds) sows South 6, North 1, North 2. Before North 1
    // comes South's own pit 6, which now holds 2 but is not taken.
    let start = at(
        &rules,
        "south: 0 0 0 0 3 1 store 10; north: 1 2 0 4 4 4 store 19; round 1; south to move",
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(5), &mut trace).unwrap();
    assert_eq!(
        row_captures(&trace),
        [("north 2".to_string(), 3), ("north 1".to_string(), 2)]
    );
    assert_eq!(
        after.to_text(&rules),
        "south: 0 0 0 0 0 2 store 15; north: 0 0 0 4 4 4 store 19; round 1; north to move"
    );
}

#[test]
fn without_a_chain_only_the_last_pit_is_taken() {
    let text = builtin("oware")
        .text()
        .replace("chain = true", "chain = false");
    let rules = Rules::from_toml(&text).unwrap();
    let start = at(
        &rules,
        "south: 2 0 0 1 0 4 store 14; north: 3 1 2 1 3 2 store 15; round 1; south to move",
    );
    let mut trace = Vec::new();
    start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
    assert_eq!(row_captures(&trace), [("north 4".to_string(), 2)]);
}

#[test]
fn a_grand_slam_captures_nothing() {
    let rules = oware();
    // South's pit 6 (2 seeds) makes North's row 2 3 0 0 0 0: taking North 2
    // and North 1 would take every seed North has.
    let start = at(
        &rules,
        "south: 3 0 0 0 0 2 store 20; north: 1 2 0 0 0 0 store 20; round 1; south to move",
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
    assert!(row_captures(&trace).is_empty());
    assert!(trace.contains(&Event::GrandSlam {
        by: Side::South,
        spared: 5
    }));
    assert_eq!(
        after.to_text(&rules),
        "south: 3 0 0 0 0 0 store 20; north: 2 3 0 0 0 0 store 20; round 1; north to move"
    );
    // Where a grand slam captures all, the same move takes both pits: 20 + 5
    // is more than half, so the game ends and South adds pit 1's 3 seeds.
    let text = builtin("oware")
        .text()
        .replace("\"captures-nothing\"", "\"captures-all\"");
    let greedy = Rules::from_toml(&text).unwrap();
    let mut trace = Vec::new();
    let after = start.play_traced(&greedy, Pit::new(6), &mut trace).unwrap();
    assert_eq!(
        row_captures(&trace),
        [("north 2".to_string(), 3), ("north 1".to_string(), 2)]
    );
    assert_eq!(after.ending(), Some(Ending::MoreThanHalf));
    assert_eq!(after.store(Side::South), 28);
}

#[test]
fn twelve_seeds_go_round_and_pass_over_the_emptied_pit() {
    let rules = oware();
    // 11 seeds reach every other pit once; the 12th skips South 1 for South 2.
    let start = at(
        &rules,
        "south: 12 0 0 0 0 0 store 9; north: 3 3 3 3 3 3 store 9; round 1; south to move",
    );
    let after = start.play(&rules, Pit::new(1)).unwrap();
    assert_eq!(
        after.to_text(&rules),
        "south: 0 2 1 1 1 1 store 9; north: 4 4 4 4 4 4 store 9; round 1; north to move"
    );
}

#[test]
fn twenty_three_seeds_go_round_twice_and_never_into_the_emptied_pit() {
    let rules = oware();
    // Twice round the 11 other pits (22 seeds), then South 2 once more.
    let start = at(
        &rules,
        "south: 23 0 0 0 0 0 store 12; north: 1 0 0 0 0 0 store 12; round 1; south to move",
    );
    let after = start.play(&rules, Pit::new(1)).unwrap();
    assert_eq!(
        after.to_text(&rules),
        "south: 0 3 2 2 2 2 store 12; north: 3 2 2 2 2 2 store 12; round 1; north to move"
    );
}

#[test]
fn with_the_opponents_row_empty_a_move_must_reach_it() {
    let rules = oware();
    // South's pit 1 (1 seed) stops at South 2; pit 6 reaches North 1.
    let start = at(
        &rules,
        "south: 1 0 0 0 0 1 store 23; north: 0 0 0 0 0 0 store 23; round 1; south to move",
    );
    assert_eq!(
        start.play(&rules, Pit::new(1)),
        Err(PlayError::DoesNotFeed(Pit::new(1)))
    );
    assert_eq!(start.legal_moves(&rules), pits(&[6]));
    let after = start.play(&rules, Pit::new(6)).unwrap();
    assert_eq!(
        after.to_text(&rules),
        "south: 1 0 0 0 0 0 store 23; north: 1 0 0 0 0 0 store 23; round 1; north to move"
    );
}

#[test]
fn a_player_who_cannot_feed_takes_what_is_left() {
    let rules = oware();
    // North's last seed goes to South's empty pit 1 (1 seed: no capture).
    // North's row is then empty and neither of South's pits (1 seed each in
    // pits 1 and 2) reaches it: South has no legal move, the game is over,
    // and each player adds their own row to their store: South 23 + 2.
    let start = at(
        &rules,
        "south: 0 1 0 0 0 0 store 23; north: 0 0 0 0 0 1 store 23; round 1; north to move",
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
    assert!(matches!(after.status(), Status::MatchOver { .. }));
    assert_eq!(after.ending(), Some(Ending::NoMove));
    assert_eq!(after.store(Side::South), 25);
    assert_eq!(after.store(Side::North), 23);
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::South)));
    assert!(trace.contains(&Event::RoundEnd {
        took_remaining: None,
        swept: [2, 0].into(),
        ending: Ending::NoMove,
        winner: None,
    }));
}

#[test]
fn more_than_half_the_seeds_ends_the_game_at_25() {
    let rules = oware();
    // South's pit 6 makes North 1 hold 3: captured, South has 25 of 48.
    let start = at(
        &rules,
        "south: 1 0 0 0 0 1 store 22; north: 2 0 0 0 1 0 store 21; round 1; south to move",
    );
    let after = start.play(&rules, Pit::new(6)).unwrap();
    assert_eq!(after.ending(), Some(Ending::MoreThanHalf));
    // Each keeps their row: South 25 + 1, North 21 + 1.
    assert_eq!(after.store(Side::South), 26);
    assert_eq!(after.store(Side::North), 22);
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::South)));
    // At 24 it goes on.
    let start = at(
        &rules,
        "south: 1 0 0 0 0 1 store 21; north: 2 0 0 0 1 0 store 22; round 1; south to move",
    );
    let after = start.play(&rules, Pit::new(6)).unwrap();
    assert_eq!(after.store(Side::South), 24);
    assert_eq!(after.status(), Status::Ongoing);
}

/// Two single seeds chase each other round the board: after 12 moves each
/// has gone six pits and the board is as it was, South to move again.
const ROUND_THE_BOARD: &str =
    "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; south to move";
const ROUND_THE_BOARD_MOVES: [u8; 12] = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];

#[test]
fn a_repeated_position_ends_the_game() {
    let rules = oware();
    let start = at(&rules, ROUND_THE_BOARD);
    // North's second move is forced: pit 1 would not feed South's empty row.
    let first = start.play(&rules, Pit::new(6)).unwrap();
    assert_eq!(
        first.play(&rules, Pit::new(1)),
        Err(PlayError::DoesNotFeed(Pit::new(1)))
    );
    let moves = pits(&ROUND_THE_BOARD_MOVES);
    let end = mancala::engine::play_line_from(&rules, start, &moves).unwrap();
    assert_eq!(end.ending(), Some(Ending::Repetition));
    // Each keeps the seed on their row: 24 all, a draw.
    assert_eq!(end.store(Side::South), 24);
    assert_eq!(end.store(Side::North), 24);
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    // One move short, the game goes on.
    let before = mancala::engine::play_line_from(&rules, start, &moves[..11]).unwrap();
    assert_eq!(before.status(), Status::Ongoing);
    // The position alone does not know its past: without the line it is a
    // plain move.
    assert_eq!(
        before.play(&rules, Pit::new(5)).unwrap().status(),
        Status::Ongoing
    );
}

#[test]
fn a_capture_forgets_the_positions_before_it() {
    let rules = oware();
    let start = at(&rules, ROUND_THE_BOARD);
    let mut history = History::starting_at(&start);
    assert!(history.repeats(&start));
    // The same board with one seed more in a store (as after a capture) is
    // not a repetition of the start.
    let later = at(
        &rules,
        "south: 0 0 0 0 0 1 store 23; north: 0 0 0 0 0 1 store 23; round 1; north to move",
    );
    assert!(!history.repeats(&later));
    history.push(&later);
    assert!(history.repeats(&later));
}

#[test]
fn a_whole_game_from_the_start_keeps_every_seed() {
    let rules = oware();
    // Always the first legal pit: the game ends by one of its three ends.
    let mut moves = Vec::new();
    let mut game = GameState::new(std::sync::Arc::new(rules.clone()), Side::South);
    while game.status() == Status::Ongoing {
        let pit = game.legal_moves()[0];
        moves.push(pit);
        game = game.play(pit).unwrap();
        assert_eq!(game.total_seeds(), 48);
    }
    let position = *game.position();
    assert!(position.ending().is_some());
    assert_eq!(
        position.row_total(Side::South) + position.row_total(Side::North),
        0
    );
    // The line from the start agrees.
    assert_eq!(play_line(&rules, Side::South, &moves).unwrap(), position);
}

#[test]
fn a_match_ends_by_repetition_and_its_replay_says_so() {
    use mancala::session::Session;
    let rules = std::sync::Arc::new(Rules::from_toml(common::TINY_OWARE).unwrap());
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    // South 1 makes North's pit 2 (spared: the whole row); North 1 makes
    // South's 2 (spared); South 1 again: North holds 2 with North to move,
    // as after the first move.
    let mut traces = Vec::new();
    for _ in 0..3 {
        traces.push(session.play(Pit::new(1)).unwrap());
    }
    let end = *session.position();
    assert_eq!(end.ending(), Some(Ending::Repetition));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!((end.store(Side::South), end.store(Side::North)), (0, 2));
    assert!(traces[2].contains(&Event::RoundEnd {
        took_remaining: None,
        swept: [0, 2].into(),
        ending: Ending::Repetition,
        winner: None,
    }));
    // A replay tells the same move the same way.
    let (mover, pit, trace) = session.move_trace(2).unwrap();
    assert_eq!((mover, pit), (Side::South, Move::sow(Pit::new(1))));
    assert_eq!(trace, traces[2]);
    assert!(
        mancala::words::move_summary(&session, mover, pit, &trace).ends_with(
            "that ends the game (the position repeats one since the last capture): \
                 Bo adds the 2 seeds left on their row"
        )
    );
    // Undo takes the end back; the same move ends it again.
    assert!(session.undo());
    assert_eq!(session.position().status(), Status::Ongoing);
    session.play(Pit::new(1)).unwrap();
    assert_eq!(session.position().ending(), Some(Ending::Repetition));
}

#[test]
fn the_search_sees_a_forced_repetition() {
    // Each player's only seed must move (and North's first must feed): the
    // line is forced to repeat the start after 12 moves, a draw at 24.
    let rules = oware();
    let start = at(&rules, ROUND_THE_BOARD);
    let report = mancala::ai::solve(&rules, &start, 4);
    assert!(report.exact);
    assert_eq!(report.value, 0);
    assert_eq!(report.best, Some(Move::sow(Pit::new(6))));
}

#[test]
fn a_clockwise_chain_runs_back_up_the_row() {
    // Clockwise, South's pit 1 sows North's pits 6, 5 and 4 (from pit n
    // down); the pits sown before North 4 are North 5 and 6, then South 1.
    let text = builtin("oware")
        .text()
        .replace("\"counter-clockwise\"", "\"clockwise\"");
    let rules = Rules::from_toml(&text).unwrap();
    let start = at(
        &rules,
        "south: 3 0 0 2 0 0 store 17; north: 4 0 0 1 2 1 store 18; round 1; south to move",
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    assert_eq!(
        row_captures(&trace),
        [
            ("north 4".to_string(), 2),
            ("north 5".to_string(), 3),
            ("north 6".to_string(), 2)
        ]
    );
    // 24 is half, not more: the game goes on.
    assert_eq!(
        after.to_text(&rules),
        "south: 0 0 0 2 0 0 store 24; north: 4 0 0 0 0 0 store 18; round 1; north to move"
    );
}

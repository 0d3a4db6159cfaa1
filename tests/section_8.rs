//! The mechanics of rules.md §8 on hand-worked positions: each worked out
//! on paper from the rules contract before the engine was asked, then the
//! engine's answer compared with it (`docs/rules.md` has one worked example
//! a game besides, played by `worked_examples.rs`).

mod common;

use common::{at, play};

use std::sync::Arc;

use mancala::engine::{Ending, Event, Pit, Rules, Side, Status};

fn builtin(id: &str) -> Arc<Rules> {
    Arc::new(common::builtin(id))
}

/// Ali Guli Mane: South's pit 1 puts its seed in pit 2; pit 3 is empty, so
/// South leaps to pit 4 (1 seed) and takes North's pit 4 facing it (5), and
/// moves once more. That move (pit 2 into pit 3, pit 4 now empty, a leap to
/// pit 5 and North's pit 3) captures too, but gives no further move.
#[test]
fn one_more_move_after_a_capture_and_no_more_after_that() {
    let rules = builtin("ali-guli-mane");
    let start = at(
        &rules,
        "south: 1 0 0 1 2 0 0 store 25; north: 1 0 3 5 0 0 0 store 32; round 1; south to move",
    );
    let (after, trace) = play(&start, 1);
    assert_eq!(after.row(Side::South), [0, 1, 0, 0, 2, 0, 0]);
    assert_eq!(after.row(Side::North), [1, 0, 3, 0, 0, 0, 0]);
    assert_eq!(after.store(Side::South), 31);
    assert_eq!(after.to_move(), Some(Side::South));
    assert!(after.is_move_after_capture());
    let leaps: Vec<(String, u16, bool)> = trace
        .iter()
        .filter_map(|e| match e {
            Event::LeapCapture {
                pit, count, across, ..
            } => Some((pit.to_string(), *count, *across)),
            _ => None,
        })
        .collect();
    assert_eq!(
        leaps,
        [
            ("south 4".to_string(), 1, false),
            ("north 4".to_string(), 5, true)
        ]
    );
    assert!(trace.contains(&Event::AnotherMove { side: Side::South }));
    let (last, trace) = play(&after, 2);
    assert_eq!(last.row(Side::South), [0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(last.row(Side::North), [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(last.store(Side::South), 36);
    assert_eq!(last.to_move(), Some(Side::North), "no further move");
    assert!(!trace.iter().any(|e| matches!(e, Event::AnotherMove { .. })));
}

/// Raja Pasu's relay and fours with one more move after a capture: a four
/// taken from the mover's own row counts as a capture, one that goes to the
/// opponent does not.
#[test]
fn a_four_counts_as_a_capture_only_from_the_movers_row() {
    let text = common::builtin("raja-pasu")
        .to_toml()
        .replace("[capture.leap]\n", "")
        .replace(
            "[capture.while-sowing]",
            "[extra-turn]\nafter-capture = true\n\n[capture.while-sowing]",
        )
        .replace("rounds = \"many\"", "rounds = \"single\"")
        .replace("next-round-starter = \"took-remaining\"\n", "");
    let rules = Arc::new(Rules::from_toml(&text).unwrap());
    // South's pit 6 drops its seed into pit 7, making 4: South's own four.
    // The next pit, North's 1, is empty: the turn ends, and South moves on.
    let own = at(
        &rules,
        "south: 1 0 0 0 0 1 3 store 40; north: 0 5 0 0 0 0 0 store 48; round 1; south to move",
    );
    let (after, _) = play(&own, 6);
    assert_eq!(after.row(Side::South), [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(after.store(Side::South), 44);
    assert_eq!(after.to_move(), Some(Side::South));
    // South's pit 7 drops its seed into North's pit 1, making 4: North's
    // four. No capture for South: North moves.
    let theirs = at(
        &rules,
        "south: 1 0 0 0 0 0 1 store 40; north: 3 0 0 0 0 0 2 store 51; round 1; south to move",
    );
    let (after, _) = play(&theirs, 7);
    assert_eq!(after.row(Side::North), [0, 0, 0, 0, 0, 0, 2]);
    assert_eq!(after.store(Side::North), 55);
    assert_eq!(after.to_move(), Some(Side::North));
}

/// Congkak: South's last seed, clockwise, falls in South's empty pit 6 and
/// takes North's pit 2 with it. South's row is then empty: the round is
/// over, each player keeping their row (North 35 more). In the refill South
/// fills all seven pits and keeps 7; North fills pits 7 to 2 and pit 1 is
/// closed. North lost the round, so North starts the next.
#[test]
fn a_round_ends_on_an_empty_row_and_the_loser_starts_the_next() {
    let rules = builtin("congkak");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 0 1 store 48; north: 7 7 7 7 7 7 0 store 7; round 1; south to move",
    );
    let (over, trace) = play(&start, 7);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    assert_eq!(over.ending(), Some(Ending::RowEmpty));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (56, 42));
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::KalahCapture {
            count: 7,
            seed_taken: true,
            ..
        }
    )));
    let next = over.next_round().unwrap();
    assert_eq!(
        next.to_text(&rules),
        "south: 7 7 7 7 7 7 7 store 7; north: x 7 7 7 7 7 7 store 0; round 2 begun by north; \
         north to move"
    );
}

/// Mangala: South's move takes the last seed of North's row (an even
/// count made on it). North's row is empty, so the game ends, and North,
/// whose row is empty, takes the seeds left on South's: North wins 25-23.
#[test]
fn the_player_whose_row_is_empty_takes_the_rest_whoever_emptied_it() {
    let rules = builtin("mangala");
    let start = at(
        &rules,
        "south: 2 0 0 0 0 3 store 20; north: 1 0 0 0 0 0 store 22; round 1; south to move",
    );
    let (end, trace) = play(&start, 6);
    assert_eq!((end.store(Side::South), end.store(Side::North)), (23, 25));
    assert!(matches!(end.status(), Status::MatchOver { .. }));
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::RoundEnd {
            took_remaining: Some(Side::North),
            ending: Ending::RowEmpty,
            ..
        }
    )));
}

/// Mangala's other capture on the same lap: South's single seed moves on
/// into South's empty pit 2, facing North's pit 5 (3): South takes them
/// and the capturing seed.
#[test]
fn mangala_takes_across_on_its_own_row_and_by_count_on_the_other() {
    let rules = builtin("mangala");
    let start = at(
        &rules,
        "south: 1 0 0 0 0 5 store 10; north: 4 4 4 4 3 1 store 12; round 1; south to move",
    );
    let (after, _) = play(&start, 1);
    assert_eq!(
        after.to_text(&rules),
        "south: 0 0 0 0 0 5 store 14; north: 4 4 4 4 0 1 store 12; round 1; north to move"
    );
}

/// Sungka's capture leaves the capturing seed; ending on the opponent's
/// row captures nothing.
#[test]
fn sungkas_capture_leaves_its_seed_and_the_other_row_takes_nothing() {
    let rules = builtin("sungka");
    let start = at(
        &rules,
        "south: 1 0 7 7 7 7 7 store 7; north: 7 7 7 7 7 7 7 store 6; round 1; south to move",
    );
    let (after, trace) = play(&start, 1);
    assert_eq!(after.pit(Side::South, Pit::new(2)), 1, "the seed stays");
    assert_eq!(after.pit(Side::North, Pit::new(6)), 0);
    assert_eq!(after.store(Side::South), 14);
    assert!(trace.contains(&Event::KalahCapture {
        pit: common::south(2),
        opposite: common::north(6),
        count: 7,
        by: Side::South,
        seed_taken: false,
    }));
    // North's single seed on pit 7 (counter-clockwise) goes into North's
    // store: an extra turn, no capture.
    let north = at(
        &rules,
        "south: 7 7 7 7 7 7 7 store 0; north: 7 7 7 7 7 7 1 store 6; round 1; north to move",
    );
    let (after, _) = play(&north, 7);
    assert_eq!(after.store(Side::North), 7);
    assert_eq!(after.to_move(), Some(Side::North));
}

/// §8.3's two seeds at the start of their walk, in a round `begun`
/// ("round 1" or "round 1 begun by north").
fn two_walking_seeds(begun: &str) -> mancala::engine::GameState {
    let rules = builtin("pallanguzhi");
    let start = format!(
        "south: 1 0 0 0 0 0 0 store 44; north: 0 1 0 0 0 0 0 store 38; {begun}; south to move"
    );
    at(&rules, &start)
}

/// The walk until the start comes back, the last move (South's 1) left out.
const WALK: [u8; 13] = [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7];

/// §8.3: one seed each walks round the board one pit a move. Worked on
/// paper: South's seed goes 1 → 7 and North's 2 → 7, North's then into
/// South's pit 1; South, with pits 1 and 7, declines to leave North without
/// a move (pit 1) and sows pit 7 into North's pit 1, and North's move to
/// pit 2 brings back the start, 14 plies on. The round ends there, each
/// keeping their own row (South's 1 + 44, North's 1 + 38), and as no one
/// took the rest, North, who did not begin the round, begins the next.
#[test]
fn pallanguzhi_seeds_walking_round_for_ever_end_the_round_by_repetition() {
    let mut game = two_walking_seeds("round 1");
    for pit in WALK {
        game = play(&game, pit).0;
        assert_eq!(game.position().status(), Status::Ongoing, "after {pit}");
    }
    assert_eq!(game.position().row(Side::South), [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.position().row(Side::North), [1, 0, 0, 0, 0, 0, 0]);
    let (ended, trace) = play(&game, 1);
    let position = ended.position();
    // The move itself captured nothing: the stores grew by the rows alone.
    assert!(!trace.iter().any(|e| matches!(e, Event::LeapCapture { .. })));
    assert_eq!(position.ending(), Some(Ending::Repetition));
    assert!(matches!(position.status(), Status::RoundOver { .. }));
    assert_eq!(position.store(Side::South), 45);
    assert_eq!(position.store(Side::North), 39);
    let next = ended.next_round().unwrap();
    assert_eq!(next.position().to_move(), Some(Side::North));
    assert_eq!(next.position().round(), 2);
}

/// The same walk in a round North began: South, who did not, begins the
/// next.
#[test]
fn after_a_repetition_the_player_who_did_not_begin_the_round_begins_the_next() {
    let mut game = two_walking_seeds("round 1 begun by north");
    for pit in WALK.into_iter().chain([1]) {
        game = play(&game, pit).0;
    }
    assert_eq!(game.position().ending(), Some(Ending::Repetition));
    assert_eq!(
        game.next_round().unwrap().position().to_move(),
        Some(Side::South)
    );
}

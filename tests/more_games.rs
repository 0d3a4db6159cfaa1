//! Toguz Kumalak, Dakon, Ayoayo, Vai Lung Thlan and Kalah's empty capture
//! (spec §7), on positions worked out by hand from the spec: each new
//! mechanic, every condition of the tuzdyk, passing both ways, feeding with
//! relay sowing, and the reference counts of §7.6.

mod common;

use common::builtin;
use mancala::engine::{
    Ending, Event, Move, Outcome, Pit, PitSetup, PlayError, Position, Rules, Side, Status,
};

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(rules: &Rules, position: &Position, pit: u8) -> (Position, Vec<Event>) {
    let mut trace = Vec::new();
    let after = position
        .play_traced(rules, Pit::new(pit), &mut trace)
        .unwrap_or_else(|e| panic!("pit {pit}: {e}"));
    (after, trace)
}

// ---- Toguz Kumalak -----------------------------------------------------------

#[test]
fn toguz_kumalak_sows_from_the_origin_and_takes_an_even_pit() {
    // §7.6: South's pit 9 keeps one of its nine seeds and sows eight into
    // North's pits 1 to 8, which hold 10 each; North 8 is even: taken.
    let rules = builtin("toguz-kumalak");
    let (after, trace) = play(&rules, &Position::new(&rules, Side::South), 9);
    assert_eq!(after.row(Side::South), [9, 9, 9, 9, 9, 9, 9, 9, 1]);
    assert_eq!(after.row(Side::North), [10, 10, 10, 10, 10, 10, 10, 0, 9]);
    assert_eq!(after.store(Side::South), 10);
    assert_eq!(after.to_move(), Some(Side::North));
    assert_eq!(
        common::drops(&trace)[0],
        common::south(9),
        "the origin first"
    );
}

#[test]
fn a_single_seed_goes_on_to_the_next_pit() {
    // South's pit 5 holds one seed: it moves to pit 6 and pit 5 stays empty.
    let rules = builtin("toguz-kumalak");
    let start = at(
        &rules,
        "south: 9 9 9 9 1 9 9 9 9 store 8; north: 9 9 9 9 9 9 9 9 9 store 0; round 1; south to move",
    );
    let (after, _) = play(&rules, &start, 5);
    assert_eq!(after.row(Side::South), [9, 9, 9, 9, 0, 10, 9, 9, 9]);
}

#[test]
fn nineteen_seeds_come_round_to_the_origin_again() {
    // One seed stays in South's pit 1, seventeen fill every other pit and the
    // nineteenth falls into pit 1 again: it holds 2, on South's own row, so
    // nothing is taken.
    let rules = builtin("toguz-kumalak");
    let start = at(
        &rules,
        "south: 19 0 0 0 0 0 0 0 0 store 60; north: 1 1 1 1 1 1 1 1 1 store 74; round 1; south to move",
    );
    let (after, _) = play(&rules, &start, 1);
    assert_eq!(after.row(Side::South), [2, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(after.row(Side::North), [2; 9]);
    assert_eq!(after.store(Side::South), 60);
}

/// Toguz Kumalak with South owning North's pit `owned` (0: none) and North
/// owning South's pit `theirs` (0: none).
fn toguz(south: [u16; 9], north: [u16; 9], owned: u8, theirs: u8, south_store: u16) -> Position {
    let rules = builtin("toguz-kumalak");
    let row = |counts: [u16; 9], owned_pit: u8| -> Vec<PitSetup> {
        (1..=9u8)
            .zip(counts)
            .map(|(pit, count)| {
                if pit == owned_pit {
                    PitSetup::Owned
                } else {
                    PitSetup::Seeds(count)
                }
            })
            .collect()
    };
    let on_board: u16 = south.iter().chain(&north).sum();
    let north_store = rules.total_seeds() - on_board - south_store;
    Position::from_parts(
        &rules,
        [&row(south, theirs), &row(north, owned)],
        [south_store, north_store],
        1,
        Side::South,
        None,
    )
    .unwrap()
}

#[test]
fn a_last_seed_making_three_makes_a_tuzdyk() {
    // South's pit 9 (2 seeds): one stays, one makes North's pit 1 hold 3.
    let rules = builtin("toguz-kumalak");
    let start = toguz(
        [9, 9, 9, 9, 9, 9, 9, 9, 2],
        [2, 9, 9, 9, 9, 9, 9, 9, 9],
        0,
        0,
        0,
    );
    let (after, trace) = play(&rules, &start, 9);
    assert_eq!(after.owned_pit(Side::South), Some(Pit::new(1)));
    assert_eq!(after.owner_of(Side::North, Pit::new(1)), Some(Side::South));
    assert_eq!(after.pit(Side::North, Pit::new(1)), 0);
    assert_eq!(after.store(Side::South), 3);
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::PitOwned {
            count: 3,
            by: Side::South,
            ..
        }
    )));
    // Written and read back with the pit marked `o`.
    let text = after.to_text(&rules);
    assert!(text.contains("north: o 9 9"), "{text}");
    assert_eq!(Position::from_text(&rules, &text), Ok(after));
}

#[test]
fn a_seed_sown_into_a_tuzdyk_goes_to_its_owner() {
    // South owns North's pit 1. South's pit 9 (3 seeds): one stays, one
    // falls into the tuzdyk (to South's store), one into North's pit 2.
    let rules = builtin("toguz-kumalak");
    let start = toguz(
        [9, 9, 9, 9, 9, 9, 9, 9, 3],
        [0, 8, 9, 9, 9, 9, 9, 9, 9],
        1,
        0,
        10,
    );
    let (after, trace) = play(&rules, &start, 9);
    assert_eq!(after.store(Side::South), 11);
    assert_eq!(after.pit(Side::North, Pit::new(1)), 0);
    assert_eq!(after.pit(Side::North, Pit::new(2)), 9);
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::DropToOwner {
            owner: Side::South,
            ..
        }
    )));
    // An owned pit is never played: North's pit 1 is not a move of North's.
    assert!(!after.legal_moves(&rules).contains(&Move::sow(Pit::new(1))));
}

#[test]
fn no_second_tuzdyk_none_on_pit_nine_none_across_the_same_number() {
    let rules = builtin("toguz-kumalak");
    // (a) South owns North's pit 1 already: North's pit 3 made 3 stays 3.
    let start = toguz(
        [9, 9, 9, 9, 9, 9, 9, 9, 4],
        [0, 8, 2, 9, 9, 9, 9, 9, 9],
        1,
        0,
        10,
    );
    let (after, _) = play(&rules, &start, 9);
    assert_eq!(after.owned_pit(Side::South), Some(Pit::new(1)));
    assert_eq!(after.pit(Side::North, Pit::new(3)), 3);
    // (b) North's pit 9 is never a tuzdyk: South's pit 9 (10) keeps one and
    // sows nine into North's 1 to 9, the last making North 9 hold 3.
    let start = toguz(
        [9, 9, 9, 9, 9, 9, 9, 9, 10],
        [9, 9, 9, 9, 9, 9, 9, 9, 2],
        0,
        0,
        0,
    );
    let (after, _) = play(&rules, &start, 9);
    assert_eq!(after.owned_pit(Side::South), None);
    assert_eq!(after.pit(Side::North, Pit::new(9)), 3);
    // (c) North owns South's pit 2: South may not make North's pit 2 its own.
    // South's pit 9 (3 seeds): one stays, North 1 and North 2 get one each;
    // North 2 holds 3 but is across the same number.
    let start = toguz(
        [9, 0, 9, 9, 9, 9, 9, 9, 3],
        [9, 2, 9, 9, 9, 9, 9, 9, 9],
        0,
        2,
        0,
    );
    let (after, _) = play(&rules, &start, 9);
    assert_eq!(after.owned_pit(Side::South), None);
    assert_eq!(after.pit(Side::North, Pit::new(2)), 3);
    // Without North's tuzdyk there, the same move makes it South's.
    let start = toguz(
        [9, 0, 9, 9, 9, 9, 9, 9, 3],
        [9, 2, 9, 9, 9, 9, 9, 9, 9],
        0,
        0,
        0,
    );
    let (after, _) = play(&rules, &start, 9);
    assert_eq!(after.owned_pit(Side::South), Some(Pit::new(2)));
}

#[test]
fn toguz_kumalak_ends_past_eighty_one() {
    // South has 80; North's pit 1 made 2 by South's last seed: 82, over.
    let rules = builtin("toguz-kumalak");
    let start = toguz(
        [0, 0, 0, 0, 0, 0, 0, 0, 2],
        [1, 9, 9, 9, 9, 9, 9, 9, 0],
        0,
        0,
        80,
    );
    let (after, _) = play(&rules, &start, 9);
    assert_eq!(
        after.store(Side::South),
        82 + 1,
        "82 and its own pit 9's seed"
    );
    assert_eq!(after.ending(), Some(Ending::MoreThanHalf));
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::South)));
}

// ---- Dakon ---------------------------------------------------------------------

#[test]
fn dakon_ends_in_the_store_and_moves_again() {
    // South's pit 1: six seeds to pits 2 to 7 and the seventh in the store.
    let rules = builtin("dakon");
    let (after, trace) = play(&rules, &Position::new(&rules, Side::South), 1);
    assert_eq!(after.row(Side::South), [0, 8, 8, 8, 8, 8, 8]);
    assert_eq!(after.store(Side::South), 1);
    assert_eq!(after.to_move(), Some(Side::South));
    assert!(trace.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
}

#[test]
fn dakon_relays_from_the_landing_pit_and_captures_where_the_turn_ends() {
    // South's pit 2 (7): pits 3-7, the store and North's 1, which held 7: a
    // relay of its 8 seeds to North 2-7, past North's store, South 1 and
    // South 2 (emptied, so empty): the turn ends there, on South's row, and
    // takes North's pit 6 (8) with the last seed.
    let rules = builtin("dakon");
    let (after, trace) = play(&rules, &Position::new(&rules, Side::South), 2);
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::RelayTakeUp {
            count: 8,
            lap: 2,
            ..
        }
    )));
    assert_eq!(after.row(Side::South), [8, 0, 8, 8, 8, 8, 8]);
    assert_eq!(after.row(Side::North), [0, 8, 8, 8, 8, 0, 8]);
    assert_eq!(after.store(Side::South), 1 + 9);
    assert_eq!(after.store(Side::North), 0);
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn dakon_passes_both_ways_and_the_winner_starts_the_next_round() {
    let rules = builtin("dakon");
    // South's pit 7: into the store, an extra turn, with nothing left to
    // play: South passes it, and North moves.
    let start = at(
        &rules,
        "south: 0 0 0 0 0 0 1 store 40; north: 1 0 0 0 0 0 0 store 56; round 1 begun by south; south to move",
    );
    let (after, trace) = play(&rules, &start, 7);
    assert!(trace.contains(&Event::Pass { side: Side::South }));
    assert_eq!(after.to_move(), Some(Side::North));
    let start = at(
        &rules,
        "south: 0 0 0 0 0 1 1 store 48; north: 0 0 0 0 0 0 0 store 48; round 1 begun by south; south to move",
    );
    // Pit 7: into the store, South again. Pit 6: into pit 7 (empty, across
    // an empty North 1: nothing taken); North has nothing and passes.
    let (after, _) = play(&rules, &start, 7);
    assert_eq!(after.to_move(), Some(Side::South));
    let (after, trace) = play(&rules, &after, 6);
    assert!(trace.contains(&Event::Pass { side: Side::North }));
    assert_eq!(after.to_move(), Some(Side::South));
    // Pit 7 again: into the store, an extra turn with nothing to play and
    // nothing for North either: the round is over, 50 to 48.
    let (after, trace) = play(&rules, &after, 7);
    assert!(!trace.iter().any(|e| matches!(e, Event::Pass { .. })));
    assert_eq!(after.ending(), Some(Ending::NeitherCanMove));
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::South)));
    // Seven full pits for South (one seed left in store), six for North
    // (pit 1 closed, six left); South, the winner, starts.
    let next = after.next_round(&rules).unwrap();
    assert_eq!(next.to_move(), Some(Side::South));
    assert_eq!(next.row(Side::South), [7; 7]);
    assert_eq!(next.store(Side::South), 1);
    assert!(next.is_closed(Side::North, Pit::new(1)));
    assert_eq!(next.row(Side::North), [0, 7, 7, 7, 7, 7, 7]);
    assert_eq!(next.store(Side::North), 6);
}

#[test]
fn after_a_draw_the_player_who_did_not_start_starts_the_next_round() {
    let rules = builtin("dakon");
    // North began the round; South's last seed into its store leaves both
    // with 49 and no move.
    let start = at(
        &rules,
        "south: 0 0 0 0 0 0 1 store 48; north: 0 0 0 0 0 0 0 store 49; round 1 begun by north; south to move",
    );
    let (after, _) = play(&rules, &start, 7);
    assert_eq!(after.outcome(), Some(Outcome::Draw));
    assert_eq!(
        after.next_round(&rules).unwrap().to_move(),
        Some(Side::South)
    );
    // Had South begun it, North would start.
    let start = at(
        &rules,
        "south: 0 0 0 0 0 0 1 store 48; north: 0 0 0 0 0 0 0 store 49; round 1 begun by south; south to move",
    );
    let (after, _) = play(&rules, &start, 7);
    assert_eq!(
        after.next_round(&rules).unwrap().to_move(),
        Some(Side::North)
    );
}

// ---- Ayoayo --------------------------------------------------------------------

#[test]
fn ayoayo_relays_from_the_landing_pit_skipping_each_laps_start() {
    // South's pit 6 (12): North 1-6 and South 1-5, pit 6 passed over, the
    // twelfth into North 1 (2, now 3): a relay of 3 (North 1 passed over)
    // to North 2-4; North 4 (3) goes on to North 5, 6 and South 1; South 1
    // (2) to South 2 and 3; South 3 (2) to South 4 and 5; South 5 (2) to
    // South 6 (empty since the start) and North 1 (emptied): the turn ends
    // on North's row, nothing taken.
    let rules = builtin("ayoayo");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 12 store 10; north: 1 1 1 1 1 1 store 20; round 1; south to move",
    );
    let (after, trace) = play(&rules, &start, 6);
    let laps = trace
        .iter()
        .filter(|e| matches!(e, Event::RelayTakeUp { .. }))
        .count();
    assert_eq!(laps, 5);
    assert_eq!(after.row(Side::South), [0, 2, 0, 2, 0, 1]);
    assert_eq!(after.row(Side::North), [1, 3, 3, 0, 3, 3]);
    assert_eq!(after.store(Side::South), 10);
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn ayoayo_captures_where_the_turn_ends() {
    // South's pit 5 (1) falls into South 6, empty: across is North 1 (4),
    // taken with the last seed.
    let rules = builtin("ayoayo");
    let start = at(
        &rules,
        "south: 4 4 4 4 1 0 store 4; north: 4 4 4 4 4 4 store 3; round 1; south to move",
    );
    let (after, _) = play(&rules, &start, 5);
    assert_eq!(after.store(Side::South), 4 + 5);
    assert_eq!(after.row(Side::South), [4, 4, 4, 4, 0, 0]);
    assert_eq!(after.row(Side::North), [0, 4, 4, 4, 4, 4]);
}

#[test]
fn ayoayo_feeds_once_the_relay_is_over() {
    // North's row is empty. Pit 3 (1) makes pit 4 hold 2: a relay to pits 5
    // and 6, then pit 6 (3) to North 1-3: it feeds. Pit 4 (1) ends in pit 5,
    // empty, facing an empty North 2: nothing reaches North: refused. Pit 6
    // (2) reaches North 1 and 2.
    let rules = builtin("ayoayo");
    let start = at(
        &rules,
        "south: 0 0 1 1 0 2 store 21; north: 0 0 0 0 0 0 store 23; round 1; south to move",
    );
    assert_eq!(start.legal_moves(&rules), common::sows(&[3, 6]));
    assert_eq!(
        start.check(&rules, Pit::new(4)),
        Err(PlayError::DoesNotFeed(Pit::new(4)))
    );
    let (after, _) = play(&rules, &start, 3);
    assert_eq!(after.row(Side::North), [1, 1, 1, 0, 0, 0]);
    assert_eq!(after.row(Side::South), [0, 0, 0, 0, 1, 0]);
}

#[test]
fn ayoayo_ends_when_no_move_feeds() {
    // Only pit 1 (1 seed, into pit 2) is left to South: it cannot feed, so
    // the game is over and South adds its seed to its store.
    let rules = builtin("ayoayo");
    let start = at(
        &rules,
        "south: 1 0 0 0 0 0 store 24; north: 0 0 0 0 0 0 store 23; round 1; south to move",
    );
    assert_eq!(
        start.status(),
        Status::MatchOver {
            took_remaining: None
        }
    );
    assert_eq!(start.ending(), Some(Ending::NoMove));
    assert_eq!(start.store(Side::South), 25);
}

// ---- Vai Lung Thlan --------------------------------------------------------------

#[test]
fn vai_lung_thlan_sows_clockwise() {
    // South's pit 1 (5), clockwise: North 6, 5, 4, 3, 2 hold 6 each; the last
    // is not a single seed: nothing taken.
    let rules = builtin("vai-lung-thlan");
    let (after, _) = play(&rules, &Position::new(&rules, Side::South), 1);
    assert_eq!(after.row(Side::North), [5, 6, 6, 6, 6, 6]);
    assert_eq!(after.row(Side::South), [0, 5, 5, 5, 5, 5]);
}

#[test]
fn a_chain_of_single_seeds_crosses_the_rows() {
    // South's pit 2 (3), clockwise: South 1, North 6 and North 5, each empty
    // before. North 5 holds 1: taken; before it North 6 (1), then South 1
    // (1): taken; before South 1 is the emptied pit 2: the chain stops.
    let rules = builtin("vai-lung-thlan");
    let start = at(
        &rules,
        "south: 0 3 0 0 0 2 store 25; north: 1 1 0 0 0 0 store 28; round 1; south to move",
    );
    let (after, trace) = play(&rules, &start, 2);
    let taken: Vec<String> = trace
        .iter()
        .filter_map(|e| match e {
            Event::RowCapture { pit, count: 1, .. } => Some(pit.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(taken, ["north 5", "north 6", "south 1"]);
    assert_eq!(after.store(Side::South), 28);
    assert_eq!(after.row(Side::South), [0, 0, 0, 0, 0, 2]);
    assert_eq!(after.row(Side::North), [1, 1, 0, 0, 0, 0]);
}

#[test]
fn vai_lung_thlan_passes_when_a_row_is_empty() {
    // South's pit 6 (1) into pit 5, empty: taken. North has no seed and
    // passes; South's pit 4 (1) into pit 3: taken. 30 each, the board
    // empty: a draw.
    let rules = builtin("vai-lung-thlan");
    let start = at(
        &rules,
        "south: 0 0 0 1 0 1 store 28; north: 0 0 0 0 0 0 store 30; round 1; south to move",
    );
    let (after, trace) = play(&rules, &start, 6);
    assert_eq!(after.store(Side::South), 29);
    assert!(trace.contains(&Event::Pass { side: Side::North }));
    assert_eq!(after.to_move(), Some(Side::South));
    let (after, _) = play(&rules, &after, 4);
    assert_eq!(after.to_move(), None);
    assert_eq!(after.outcome(), Some(Outcome::Draw));
}

// ---- Kalah with empty capture ---------------------------------------------------

#[test]
fn the_empty_capture_takes_the_last_seed_alone() {
    let text = "south: 1 0 4 4 4 4 store 5; north: 4 4 4 4 0 4 store 6; round 1; south to move";
    // South's pit 1 falls into pit 2, empty, facing North 5, empty.
    let empty = common::variant_of(
        "kalaha",
        &[(
            "[capture.across]",
            "[capture.across]\nacross-empty = \"capturing-seed\"",
        )],
    );
    let (after, trace) = play(&empty, &at(&empty, text), 1);
    assert_eq!(after.store(Side::South), 6);
    assert_eq!(after.pit(Side::South, Pit::new(2)), 0);
    assert!(
        trace
            .iter()
            .any(|e| matches!(e, Event::KalahCapture { count: 0, .. }))
    );
    // Kalaha leaves it in the pit.
    let kalaha = builtin("kalaha");
    let (after, _) = play(&kalaha, &at(&kalaha, text), 1);
    assert_eq!(after.store(Side::South), 5);
    assert_eq!(after.pit(Side::South, Pit::new(2)), 1);
}

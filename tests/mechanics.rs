//! Every mechanic of spec §2–§3 on positions worked out by hand.

mod common;

use common::{builtin, drops, groups_taken, laps, north, position, south};
use mancala::engine::{
    Ending, Event, Move, Outcome, Pit, Place, PlayError, Position, RoundError, Side, Status,
};

// ---- Raja Pasu: the spec's worked move -------------------------------------

#[test]
fn raja_pasu_worked_move_from_the_start() {
    let rules = builtin("raja-pasu");
    let start = Position::new(&rules, Side::South);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();

    assert_eq!(laps(&trace), 12);
    let owners: Vec<Side> = groups_taken(&trace)
        .into_iter()
        .map(|(_, owner)| owner)
        .collect();
    assert_eq!(owners.iter().filter(|&&s| s == Side::South).count(), 3);
    assert_eq!(owners.iter().filter(|&&s| s == Side::North).count(), 1);
    let leaps: Vec<&Event> = trace
        .iter()
        .filter(|e| matches!(e, Event::LeapCapture { .. }))
        .collect();
    assert_eq!(
        leaps,
        [&Event::LeapCapture {
            pit: south(5),
            count: 3,
            by: Side::South,
            across: false
        }]
    );

    assert_eq!(after.row(Side::South), [3, 1, 0, 0, 0, 14, 0]);
    assert_eq!(after.store(Side::South), 15);
    assert_eq!(after.row(Side::North), [14, 2, 14, 14, 1, 14, 2]);
    assert_eq!(after.store(Side::North), 4);
    assert_eq!(after.to_move(), Some(Side::North));
}

// ---- Endless turns -----------------------------------------------------------

/// A second, deliberately naive Raja Pasu lap runner (14 pits in a ring, South
/// pit 1 at 0, North pit 1 at 7), used to check the spec's numbers without the
/// engine.
fn naive_raja_pasu_laps_until_repeat(mut pits: [u16; 14], mut take: usize) -> Option<usize> {
    let start = (pits, take);
    for lap in 1..=10_000 {
        let mut hand = pits[take];
        pits[take] = 0;
        let mut at = take;
        while hand > 0 {
            at = (at + 1) % 14;
            pits[at] += 1;
            hand -= 1;
            if pits[at] == 4 {
                pits[at] = 0; // to the row owner's pile
            }
        }
        let next = (at + 1) % 14;
        if pits[next] == 0 {
            return None; // the turn ends
        }
        take = next;
        if (pits, take) == start {
            return Some(lap);
        }
    }
    None
}

#[test]
fn endless_position_from_the_spec_repeats_after_70_laps() {
    let south = [2, 1, 0, 3, 2, 1, 0];
    let north = [1, 0, 1, 0, 3, 2, 1];
    let mut ring = [0u16; 14];
    ring[..7].copy_from_slice(&south);
    ring[7..].copy_from_slice(&north);
    assert_eq!(naive_raja_pasu_laps_until_repeat(ring, 0), Some(70));

    let rules = builtin("raja-pasu");
    let position = position(&rules, &south, &north, 40, Side::South);
    assert_eq!(
        position.play(&rules, Pit::new(1)),
        Err(PlayError::Endless(Pit::new(1)))
    );
    assert!(
        !position
            .legal_moves(&rules)
            .contains(&Move::sow(Pit::new(1)))
    );
    // A refused move leaves no trace behind.
    let mut trace = Vec::new();
    assert!(
        position
            .play_traced(&rules, Pit::new(1), &mut trace)
            .is_err()
    );
    assert!(trace.is_empty());
}

/// Relay sowing and nothing else on four pits of sixteen seeds: no seed ever
/// leaves the board, so a turn can wander for a long time.
fn wandering_relay() -> mancala::engine::Rules {
    let text = "id = \"wander\"\nname = \"Wander\"\ndescription = \"Relay only.\"\n\
         [board]\npits = 4\nseeds-per-pit = 16\nstores = \"aside\"\n\
         [sowing]\ndirection = \"counter-clockwise\"\nrelay = true\n\
         [round]\nend = \"stuck\"\n";
    mancala::engine::Rules::from_toml(text).unwrap()
}

/// The same turn without the engine: a ring of 8 pits (South pit 1 at 0, North
/// pit 1 at 4), sowing and relaying until the next pit is empty. The laps it
/// took and the board it left, or `None` if a lap-start state repeats.
fn naive_relay_turn(mut ring: [u16; 8], mut take: usize) -> Option<(usize, [u16; 8])> {
    let mut seen = std::collections::HashSet::new();
    for lap in 1.. {
        if !seen.insert((ring, take)) {
            return None;
        }
        let mut hand = ring[take];
        ring[take] = 0;
        let mut at = take;
        while hand > 0 {
            at = (at + 1) % 8;
            ring[at] += 1;
            hand -= 1;
        }
        let next = (at + 1) % 8;
        if ring[next] == 0 {
            return Some((lap, ring));
        }
        take = next;
    }
    None
}

#[test]
fn a_turn_of_more_than_a_thousand_laps_counts_as_endless() {
    assert_eq!(mancala::engine::MAX_LAPS, 1000);
    let rules = wandering_relay();
    // South's pit 3 here ends after 1,044 laps: past the bound, so endless.
    let (south, north) = ([13, 19, 22, 14], [10, 16, 15, 19]);
    let ring = [13, 19, 22, 14, 10, 16, 15, 19];
    assert_eq!(naive_relay_turn(ring, 2).map(|(laps, _)| laps), Some(1044));
    let long = Position::from_rows(&rules, &south, &north, [0, 0], Side::South).unwrap();
    assert_eq!(
        long.play(&rules, Pit::new(3)),
        Err(PlayError::Endless(Pit::new(3)))
    );
    assert!(!long.legal_moves(&rules).contains(&Move::sow(Pit::new(3))));

    // South's pit 4 here ends after 921 laps: within it, and played out.
    let (south, north) = ([14, 10, 12, 19], [18, 17, 21, 17]);
    let ring = [14, 10, 12, 19, 18, 17, 21, 17];
    let (laps, after) = naive_relay_turn(ring, 3).unwrap();
    assert_eq!(laps, 921);
    let within = Position::from_rows(&rules, &south, &north, [0, 0], Side::South).unwrap();
    let played = within.play(&rules, Pit::new(4)).unwrap();
    if played.status() == Status::Ongoing {
        assert_eq!(played.row(Side::South), after[..4]);
        assert_eq!(played.row(Side::North), after[4..]);
    }
}

/// Two pits a row, relay sowing and nothing else.
fn tiny_relay(round_end: &str) -> mancala::engine::Rules {
    let text = format!(
        "id = \"tiny\"\nname = \"Tiny\"\ndescription = \"Relay only.\"\n\
         [board]\npits = 2\nseeds-per-pit = 1\nstores = \"aside\"\n\
         [sowing]\ndirection = \"counter-clockwise\"\nrelay = true\n\
         [round]\nend = \"{round_end}\"\n"
    );
    mancala::engine::Rules::from_toml(&text).unwrap()
}

#[test]
fn a_player_whose_every_pit_is_endless_is_stuck() {
    // Ring S1 S2 N1 N2 = 1 0 2 1, South to take S1. Worked by hand, the laps'
    // start states are: (1,0,2,1)@S1 (0,1,2,1)@N1 (1,1,0,2)@S2 (1,0,1,2)@N2
    // (2,1,1,0)@N1 (2,1,0,1)@S1 (0,2,1,1)@N2 (1,2,1,0)@S2 and then (1,0,2,1)@S1
    // again: South's only move never ends, so South is stuck at once.
    for round_end in ["stuck", "side-empty"] {
        let rules = tiny_relay(round_end);
        let stuck = Position::from_rows(&rules, &[1, 0], &[2, 1], [0, 0], Side::South).unwrap();
        assert_eq!(
            stuck.status(),
            Status::MatchOver {
                took_remaining: Some(Side::North)
            },
            "{round_end}"
        );
        assert_eq!(stuck.store(Side::North), 4);
        assert_eq!(stuck.to_move(), None);
    }
}

// ---- Four-capture, relay, leap capture --------------------------------------

#[test]
fn four_made_by_the_last_seed_goes_to_the_row_owner_then_leap_capture() {
    let rules = builtin("raja-pasu");
    let start = position(&rules, &[2, 0, 3, 0, 5, 1, 1], &[1; 7], 0, Side::South);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    // S2 gets 1, S3 reaches 4 (taken by South), S4 is empty so the turn ends and
    // South leaps to S5.
    assert_eq!(groups_taken(&trace), [(south(3), Side::South)]);
    assert!(trace.contains(&Event::LeapCapture {
        pit: south(5),
        count: 5,
        by: Side::South,
        across: false
    }));
    assert_eq!(after.row(Side::South), [0, 1, 0, 0, 0, 1, 1]);
    assert_eq!(after.store(Side::South), 9);
    assert_eq!(after.row(Side::North), [1; 7]);
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn four_on_the_opponents_row_goes_to_the_opponent_and_sowing_goes_on() {
    let rules = builtin("raja-pasu");
    let start = position(
        &rules,
        &[0, 0, 0, 0, 0, 0, 2],
        &[3, 0, 5, 1, 1, 1, 1],
        0,
        Side::South,
    );
    let north_store = start.store(Side::North);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(7), &mut trace).unwrap();
    // N1 reaches 4 on the first seed: North's. The second seed lands in N2; N3
    // is taken up (a relay) and sown N4..N7, S1; S2 is empty and S3 too, so
    // nothing is leapt.
    assert_eq!(groups_taken(&trace), [(north(1), Side::North)]);
    assert!(trace.contains(&Event::RelayTakeUp {
        pit: north(3),
        count: 5,
        lap: 2
    }));
    assert!(!trace.iter().any(|e| matches!(e, Event::LeapCapture { .. })));
    assert_eq!(after.row(Side::South), [1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(after.row(Side::North), [0, 1, 0, 2, 2, 2, 2]);
    assert_eq!(after.store(Side::North), north_store + 4);
    assert_eq!(after.store(Side::South), 0);
}

#[test]
fn leap_capture_on_the_opponents_row() {
    let rules = builtin("raja-pasu");
    let start = position(
        &rules,
        &[0, 0, 0, 0, 0, 0, 1],
        &[0, 0, 5, 1, 1, 1, 1],
        10,
        Side::South,
    );
    let after = start.play(&rules, Pit::new(7)).unwrap();
    // One seed into N1; N2 is empty, so South takes N3.
    assert_eq!(after.row(Side::North), [1, 0, 0, 1, 1, 1, 1]);
    assert_eq!(after.store(Side::South), 15);
}

// ---- Kalah capture and extra turn ------------------------------------------

#[test]
fn kalah_capture_takes_the_opposite_pit_and_the_capturing_seed() {
    let rules = builtin("kalaha");
    // South pit 2 faces North pit 5.
    let start = position(
        &rules,
        &[1, 0, 4, 4, 4, 4],
        &[4, 4, 4, 4, 3, 4],
        2,
        Side::South,
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    assert!(trace.contains(&Event::KalahCapture {
        pit: south(2),
        opposite: north(5),
        count: 3,
        by: Side::South,
        seed_taken: true
    }));
    assert_eq!(after.row(Side::South), [0, 0, 4, 4, 4, 4]);
    assert_eq!(after.row(Side::North), [4, 4, 4, 4, 0, 4]);
    assert_eq!(after.store(Side::South), 6);
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn no_kalah_capture_when_the_opposite_pit_is_empty() {
    let rules = builtin("kalaha");
    let start = position(
        &rules,
        &[1, 0, 4, 4, 4, 4],
        &[4, 4, 4, 4, 0, 4],
        2,
        Side::South,
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    assert!(
        !trace
            .iter()
            .any(|e| matches!(e, Event::KalahCapture { .. }))
    );
    assert_eq!(after.row(Side::South), [0, 1, 4, 4, 4, 4]);
    assert_eq!(after.store(Side::South), 2);
}

#[test]
fn no_kalah_capture_on_the_opponents_row() {
    let rules = builtin("kalaha");
    // Two seeds from pit 6: one into the store, one into North's empty pit 1.
    let start = position(
        &rules,
        &[4, 4, 4, 4, 4, 2],
        &[0, 4, 4, 4, 4, 4],
        0,
        Side::South,
    );
    let after = start.play(&rules, Pit::new(6)).unwrap();
    assert_eq!(after.row(Side::North), [1, 4, 4, 4, 4, 4]);
    assert_eq!(after.row(Side::South), [4, 4, 4, 4, 4, 0]);
    assert_eq!(after.store(Side::South), 1);
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn kalah_sowing_passes_the_opponents_store() {
    let rules = builtin("kalaha");
    // 13 seeds from South pit 1 go round once, skipping North's store, and the
    // last lands back in the emptied pit 1, which captures North pit 6.
    let start = position(
        &rules,
        &[13, 0, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 2],
        10,
        Side::South,
    );
    let north_store = start.store(Side::North);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    assert!(!drops(&trace).contains(&Place::Store(Side::North)));
    assert_eq!(drops(&trace).last(), Some(&south(1)));
    assert_eq!(after.store(Side::North), north_store);
    // Store got 1 while sowing, then 1 + 3 from the capture of North pit 6.
    assert_eq!(after.store(Side::South), 10 + 1 + 4);
    assert_eq!(after.row(Side::South), [0, 1, 1, 1, 1, 1]);
    assert_eq!(after.row(Side::North), [1, 1, 1, 1, 1, 0]);
}

#[test]
fn last_seed_in_own_store_gives_an_extra_turn() {
    let rules = builtin("kalaha");
    let start = Position::new(&rules, Side::South);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(3), &mut trace).unwrap();
    assert_eq!(trace.last(), Some(&Event::ExtraTurn { side: Side::South }));
    assert_eq!(after.to_move(), Some(Side::South));
    assert_eq!(after.store(Side::South), 1);
}

#[test]
fn side_empty_ends_the_game_and_each_player_keeps_their_row() {
    let rules = builtin("kalaha");
    let start = position(
        &rules,
        &[0, 0, 0, 0, 0, 1],
        &[1, 2, 3, 0, 0, 0],
        20,
        Side::South,
    );
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
    // The seed reaches the store (an extra turn), but South's row is now empty.
    assert!(trace.contains(&Event::RoundEnd {
        took_remaining: None,
        swept: mancala::engine::BySide::new(0, 6),
        ending: Ending::RowEmpty,
        winner: None,
    }));
    assert_eq!(
        after.status(),
        Status::MatchOver {
            took_remaining: None
        }
    );
    assert_eq!(after.to_move(), None);
    assert_eq!(after.row(Side::South), [0; 6]);
    assert_eq!(after.row(Side::North), [0; 6]);
    assert_eq!(after.store(Side::South), 21);
    assert_eq!(after.store(Side::North), 27);
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(after.play(&rules, Pit::new(1)), Err(PlayError::MatchOver));
}

// ---- Sat-gharva: clockwise, origin skipped ----------------------------------

#[test]
fn sat_gharva_sows_clockwise_and_skips_the_origin() {
    let rules = builtin("sat-gharva");
    let start = Position::new(&rules, Side::South);
    let mut trace = Vec::new();
    start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    let sown = drops(&trace);
    // Lap 1: the pit left of South's pit 1 is North's pit 7, then on to N1.
    let lap1: Vec<Place> = (1..=7).rev().map(north).collect();
    assert_eq!(sown[..7], lap1[..]);
    // N1 ends the lap; the next pit clockwise is S7, taken up (7 seeds): S6..S2,
    // then S1 (the origin) is skipped, N7 and N6.
    assert_eq!(
        trace
            .iter()
            .find(|e| matches!(e, Event::RelayTakeUp { .. })),
        Some(&Event::RelayTakeUp {
            pit: south(7),
            count: 7,
            lap: 2
        })
    );
    let lap2 = [
        south(6),
        south(5),
        south(4),
        south(3),
        south(2),
        north(7),
        north(6),
    ];
    assert_eq!(sown[7..14], lap2[..]);
    assert!(!sown.contains(&south(1)), "the origin received a seed");
}

#[test]
fn a_big_hand_goes_round_without_the_origin() {
    let rules = builtin("sat-gharva");
    let start = position(&rules, &[20, 0, 0, 0, 0, 0, 0], &[0; 7], 0, Side::South);
    let mut trace = Vec::new();
    start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
    let sown = drops(&trace);
    let mut round: Vec<Place> = (1..=7).rev().map(north).collect();
    round.extend((2..=7).rev().map(south));
    assert_eq!(sown[..13], round[..]);
    assert_eq!(sown[13..20], round[..7]);
    assert!(!sown.contains(&south(1)));
}

#[test]
fn the_origin_counts_as_an_empty_pit_when_a_relay_looks_at_it() {
    let rules = builtin("sat-gharva");
    // 13 seeds from S3 go S2, S1, N7..N1, S7, S6, S5, S4 (the origin skipped);
    // the next pit is the empty origin, so the turn ends and South takes S2.
    let start = position(&rules, &[0, 0, 13, 0, 0, 0, 0], &[0; 7], 0, Side::South);
    let mut trace = Vec::new();
    let after = start.play_traced(&rules, Pit::new(3), &mut trace).unwrap();
    assert_eq!(drops(&trace).last(), Some(&south(4)));
    assert!(trace.contains(&Event::LeapCapture {
        pit: south(2),
        count: 1,
        by: Side::South,
        across: false
    }));
    assert_eq!(after.row(Side::South), [1, 0, 0, 1, 1, 1, 1]);
    assert_eq!(after.row(Side::North), [1; 7]);
    assert_eq!(after.store(Side::South), 1);
}

// ---- Rounds: stuck, refill, closed pits, partial pit, starter, match end -----

/// South to move with an empty row: stuck, so North takes the board's 49 seeds.
fn round_one_lost_by_south(id: &str, south_store: u16) -> (mancala::engine::Rules, Position) {
    let rules = builtin(id);
    let position = position(&rules, &[0; 7], &[7; 7], south_store, Side::South);
    (rules, position)
}

#[test]
fn stuck_player_loses_the_remaining_seeds_to_the_other() {
    let (_, over) = round_one_lost_by_south("raja-pasu", 30);
    assert_eq!(
        over.status(),
        Status::RoundOver {
            took_remaining: Some(Side::North)
        }
    );
    assert_eq!(over.row(Side::North), [0; 7]);
    assert_eq!(over.store(Side::North), 68);
    assert_eq!(over.store(Side::South), 30);
    assert_eq!(over.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(over.to_move(), None);
}

#[test]
fn refill_from_the_right_closes_pits_at_the_left() {
    let (rules, over) = round_one_lost_by_south("raja-pasu", 30);
    let next = over.next_round(&rules).unwrap();
    assert_eq!(next.round(), 2);
    // 30 seeds: four pits of 7 from the right, 2 left in the pile.
    assert_eq!(next.row(Side::South), [0, 0, 0, 7, 7, 7, 7]);
    assert_eq!(
        next.closed_row(Side::South),
        [true, true, true, false, false, false, false]
    );
    assert_eq!(next.store(Side::South), 2);
    // 68 seeds: all seven pits and 19 over.
    assert_eq!(next.row(Side::North), [7; 7]);
    assert_eq!(next.store(Side::North), 19);
    // North took the remaining seeds, so North starts.
    assert_eq!(next.to_move(), Some(Side::North));
}

#[test]
fn closed_pits_are_not_on_the_track() {
    let (rules, over) = round_one_lost_by_south("raja-pasu", 30);
    let next = over.next_round(&rules).unwrap();
    let mut trace = Vec::new();
    next.play_traced(&rules, Pit::new(7), &mut trace).unwrap();
    let sown = drops(&trace);
    assert_eq!(
        sown[..7],
        [
            south(4),
            south(5),
            south(6),
            south(7),
            north(1),
            north(2),
            north(3)
        ]
    );
    for pit in 1..=3 {
        assert!(!sown.contains(&south(pit)));
    }
    // A round being played cannot be ended by the players.
    assert_eq!(next.end_match().err(), Some(RoundError::StillPlaying));
}

#[test]
fn closed_pits_are_refused_as_moves() {
    // Round 2 with North to start; after North's move, South may not play
    // its closed pits 1 to 3, and they are not among its legal moves.
    let (rules, over) = round_one_lost_by_south("raja-pasu", 30);
    let next = over.next_round(&rules).unwrap();
    let after = Pit::all(7)
        .find_map(|pit| {
            next.play(&rules, pit)
                .ok()
                .filter(|p| p.to_move() == Some(Side::South))
        })
        .expect("some North move hands over to South");
    let legal = after.legal_moves(&rules);
    for pit in Pit::all(3) {
        assert!(after.is_closed(Side::South, pit));
        assert_eq!(after.play(&rules, pit), Err(PlayError::Closed(pit)));
        assert!(!legal.contains(&Move::sow(pit)));
    }
    assert!(!legal.is_empty());
}

#[test]
fn sat_gharva_loser_gets_a_partial_pit() {
    let (rules, over) = round_one_lost_by_south("sat-gharva", 30);
    let next = over.next_round(&rules).unwrap();
    assert_eq!(next.row(Side::South), [0, 0, 2, 7, 7, 7, 7]);
    assert_eq!(
        next.closed_row(Side::South),
        [true, true, false, false, false, false, false]
    );
    assert_eq!(next.store(Side::South), 0);
    // The winner's surplus stays in store.
    assert_eq!(next.row(Side::North), [7; 7]);
    assert_eq!(next.store(Side::North), 19);
}

#[test]
fn after_a_draw_nobody_gets_a_partial_pit() {
    let rules = builtin("sat-gharva");
    // North ends with 48 in store + 1 on the board = 49, South 49.
    let over = position(&rules, &[0; 7], &[1, 0, 0, 0, 0, 0, 0], 49, Side::South);
    assert_eq!(over.outcome(), Some(Outcome::Draw));
    let next = over.next_round(&rules).unwrap();
    assert_eq!(next.row(Side::South), [7; 7]);
    assert_eq!(next.row(Side::North), [7; 7]);
    assert_eq!(next.to_move(), Some(Side::North));
}

#[test]
fn match_ends_when_a_player_cannot_fill_one_pit() {
    let (rules, over) = round_one_lost_by_south("raja-pasu", 6);
    assert_eq!(
        over.status(),
        Status::MatchOver {
            took_remaining: Some(Side::North)
        }
    );
    assert_eq!(over.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(over.next_round(&rules), Err(RoundError::MatchOver));
}

#[test]
fn players_may_end_the_match_after_any_round() {
    let (rules, over) = round_one_lost_by_south("raja-pasu", 30);
    let ended = over.end_match().unwrap();
    assert_eq!(
        ended.status(),
        Status::MatchOver {
            took_remaining: Some(Side::North)
        }
    );
    assert_eq!(ended.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(ended.next_round(&rules), Err(RoundError::MatchOver));
}

#[test]
fn moves_are_refused_with_the_reason() {
    let rules = builtin("kalaha");
    let start = position(
        &rules,
        &[0, 4, 4, 4, 4, 4],
        &[4, 4, 4, 4, 4, 4],
        0,
        Side::South,
    );
    assert_eq!(
        start.play(&rules, Pit::new(1)),
        Err(PlayError::Empty(Pit::new(1)))
    );
    assert_eq!(
        start.play(&rules, Pit::new(0)),
        Err(PlayError::NoSuchPit {
            pit: Pit::new(0),
            pits: 6
        })
    );
    assert_eq!(
        start.play(&rules, Pit::new(7)),
        Err(PlayError::NoSuchPit {
            pit: Pit::new(7),
            pits: 6
        })
    );
    assert_eq!(start.legal_moves(&rules), common::sows(&[2, 3, 4, 5, 6]));
}

#[test]
fn ending_a_match_midway_gives_each_player_their_row() {
    // Kalaha, South to move. South's row 1+2+3 = 6 joins its 20; North's
    // 4+1 = 5 joins its 17: 26 against 22, South wins.
    let rules = builtin("kalaha");
    let midway = position(
        &rules,
        &[1, 2, 0, 0, 0, 3],
        &[4, 0, 0, 0, 0, 1],
        20,
        Side::South,
    );
    assert_eq!(midway.store(Side::North), 17);
    let over = midway.end_now(&rules).unwrap();
    assert_eq!(
        over.status(),
        Status::MatchOver {
            took_remaining: None
        }
    );
    assert_eq!((over.store(Side::South), over.store(Side::North)), (26, 22));
    assert_eq!(over.outcome(), Some(Outcome::Win(Side::South)));
    assert_eq!(over.row(Side::South), [0; 6]);
    assert_eq!(over.row(Side::North), [0; 6]);
    assert_eq!(over.to_move(), None);
    assert_eq!(over.end_now(&rules), Err(RoundError::MatchOver));
}

#[test]
fn a_round_limit_ends_the_match_when_that_round_is_over_and_undo_takes_it_back() {
    use mancala::session::Session;
    let rules = std::sync::Arc::new(builtin("raja-pasu"));
    let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
    session.round_limit = Some(1);
    while session.position().status() == Status::Ongoing {
        let pit = session.position().legal_moves(session.rules())[0];
        session.play(pit).unwrap();
    }
    // Round 1 over: with a limit of one round the match is over with it,
    // the stores as the round left them.
    let over = *session.position();
    assert!(
        matches!(over.status(), Status::MatchOver { .. }),
        "{over:?}"
    );
    assert_eq!(over.round(), 1);
    assert!(session.ended_at_round_limit());
    assert!(!session.ended_by_players());
    let round_end = session.positions()[session.positions().len() - 2];
    assert!(matches!(round_end.status(), Status::RoundOver { .. }));
    assert_eq!(over.store(Side::South), round_end.store(Side::South));
    assert_eq!(over.store(Side::North), round_end.store(Side::North));

    // Undo takes back the last move and the end it brought; redo brings both.
    assert!(session.undo());
    assert_eq!(session.position().status(), Status::Ongoing);
    assert!(session.redo().is_some());
    assert_eq!(*session.position(), over);
    assert!(!session.can_redo());
}

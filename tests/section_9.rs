//! The mechanics of rules.md §9 on hand-worked positions: each worked out on
//! paper from the rules contract before the engine was asked, then the
//! engine's answer compared with it.

mod common;

use std::sync::Arc;

use common::{at, groups_taken, laps, north, play, south};
use mancala::engine::{Ending, Event, Move, Pit, Place, PlayError, Position, Rules, Side, Status};

fn nam_nam() -> Arc<Rules> {
    Arc::new(common::builtin("nam-nam"))
}

/// Nam-nam: South's pit 1 (1 seed) lands in pit 2, which held 1: a relay
/// takes its 2, the last making pit 4 hold 4. A four made by a lap's last
/// seed is the sower's, and the turn ends there with the pit empty; 7 seeds
/// are left, more than 4, so play goes on.
#[test]
fn a_four_made_by_the_last_seed_goes_to_the_sower_and_ends_the_turn() {
    let start = at(
        &nam_nam(),
        "south: 1 1 0 3 0 0 store 17; north: 3 3 0 0 0 0 store 20; round 1; south to move",
    );
    let (after, trace) = play(&start, 1);
    assert_eq!(laps(&trace), 2);
    assert_eq!(groups_taken(&trace), [(south(4), Side::South)]);
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 0 1 0 0 0 store 21; north: 3 3 0 0 0 0 store 20; round 1; north to move"
    );
}

/// Nam-nam: South's pit 6 (3 seeds) makes North's pit 1 hold 4 with two
/// seeds still in hand: that four is North's, the row's owner, and sowing
/// goes on into North's pits 2 and 3 (both empty: the turn ends). Two seeds
/// are left, at most 4: North, who took the move's last four, takes them
/// and the game is over.
#[test]
fn a_four_made_on_the_way_goes_to_the_rows_owner_who_then_takes_the_last_seeds() {
    let start = at(
        &nam_nam(),
        "south: 0 0 0 0 0 3 store 20; north: 3 0 0 0 0 0 store 22; round 1; south to move",
    );
    let (after, trace) = play(&start, 6);
    assert_eq!(groups_taken(&trace), [(north(1), Side::North)]);
    assert!(trace.iter().any(|e| matches!(
        e,
        Event::RoundEnd {
            took_remaining: Some(Side::North),
            ending: Ending::LastSeeds,
            ..
        }
    )));
    let position = after.position();
    assert_eq!(position.ending(), Some(Ending::LastSeeds));
    assert!(matches!(
        position.status(),
        Status::MatchOver {
            took_remaining: Some(Side::North)
        }
    ));
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 0 0 0 0 0 store 20; north: 0 0 0 0 0 0 store 28; round 1; match over"
    );
}

/// The last seed's four ends a relay from the next pit too: in a Nam-nam
/// with that relay, South's single seed makes North's pit 1 hold 4. The
/// next pit (North's 2) holds seeds, but the turn is over; 9 seeds are
/// left. Where the last seed's group goes to the row's owner, the same move
/// gives North the four and relays on from North's pit 2 instead.
#[test]
fn the_last_seeds_four_ends_a_relay_from_the_next_pit() {
    let text = "south: 4 0 0 0 0 1 store 16; north: 3 2 3 0 0 0 store 19; round 1; south to move";
    let next_pit = Arc::new(common::variant_of(
        "nam-nam",
        &[("relay = \"landing-pit\"", "relay = \"next-pit\"")],
    ));
    let (after, trace) = play(&at(&next_pit, text), 6);
    assert_eq!(laps(&trace), 1);
    assert_eq!(groups_taken(&trace), [(north(1), Side::South)]);
    assert_eq!(
        after.to_text(&next_pit),
        "south: 4 0 0 0 0 0 store 20; north: 0 2 3 0 0 0 store 19; round 1; north to move"
    );

    let to_owner = Arc::new(common::variant_of(
        "nam-nam",
        &[
            ("relay = \"landing-pit\"", "relay = \"next-pit\""),
            ("last-seed = \"to-sower\"\n", ""),
        ],
    ));
    let (after, trace) = play(&at(&to_owner, text), 6);
    // North's pit 2's 2 seeds: North's 3 (now 4, North's) and 4; North's 5
    // is empty, so the turn ends.
    assert_eq!(laps(&trace), 2);
    assert_eq!(
        groups_taken(&trace),
        [(north(1), Side::North), (north(3), Side::North)]
    );
    assert_eq!(
        after.to_text(&to_owner),
        "south: 4 0 0 0 0 0 store 16; north: 0 0 0 1 0 0 store 27; round 1; north to move"
    );
}

/// A rule set that names the two options writes them back, and one that
/// leaves them out reads as the defaults.
#[test]
fn the_fours_options_are_written_back() {
    let rules = nam_nam();
    let written = rules.to_toml();
    assert!(written.contains("last-seed = \"to-sower\""), "{written}");
    assert!(written.contains("leftover-to-capturer = 4"), "{written}");
    let again = Rules::from_toml(&written).unwrap();
    assert_eq!((again.board(), again.plan()), (rules.board(), rules.plan()));
    let raja_pasu = common::builtin("raja-pasu").to_toml();
    assert!(!raja_pasu.contains("last-seed") && !raja_pasu.contains("leftover"));
}

/// The rule sheet says where a last seed's four goes and who takes the last
/// seeds.
#[test]
fn the_rule_sheet_tells_the_fours_options() {
    let sheet = mancala::words::rules_sheet(&nam_nam());
    assert!(
        sheet.contains(
            "fours to the row's owner, the last seed's to the sower; \
             1 to 4 seeds left go to the last taker"
        ),
        "{sheet}"
    );
}

fn gabata() -> Arc<Rules> {
    Arc::new(common::builtin("gabata"))
}

fn layli_goobalay() -> Arc<Rules> {
    Arc::new(common::builtin("layli-goobalay"))
}

/// Gabata: South's single seed falls into South's pit 2, North's weg,
/// making it hold 4. The turn ends there: South takes that seed and one
/// more (2 in all), the weg keeps 2 and stays North's, and South moves
/// again.
#[test]
fn a_last_seed_in_the_opponents_weg_takes_two_and_moves_again() {
    let start = at(
        &gabata(),
        "south: 1 3n 0 0 0 2 store 18; north: 1 1 1 1 1 1 store 18; round 1; south to move",
    );
    let (after, trace) = play(&start, 1);
    assert!(trace.contains(&Event::FromOwnedPit {
        pit: south(2),
        count: 2,
        by: Side::South
    }));
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 2n 0 0 0 2 store 20; north: 1 1 1 1 1 1 store 18; round 1 begun by south; \
         south to move"
    );
}

/// Gabata: a last seed in the mover's own weg ends the turn there and
/// takes nothing; the seed stays in the weg.
#[test]
fn a_last_seed_in_ones_own_weg_ends_the_turn() {
    let start = at(
        &gabata(),
        "south: 0 0 0 0 1 1 store 20; north: 2s 1 1 1 1 1 store 19; round 1; south to move",
    );
    let (after, trace) = play(&start, 6);
    assert_eq!(laps(&trace), 1);
    assert!(
        !trace
            .iter()
            .any(|e| matches!(e, Event::FromOwnedPit { .. }))
    );
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 0 0 0 1 0 store 20; north: 3s 1 1 1 1 1 store 19; round 1 begun by south; \
         north to move"
    );
}

/// Gabata: South's last seed goes into South's own weg on North's row.
/// North's only seeds are in that weg, which North never plays, and South
/// has nothing left either: neither can move, so the game ends, and the
/// weg's 6 seeds are South's though they lie on North's row.
#[test]
fn at_the_end_a_wegs_seeds_go_to_its_owner() {
    let start = at(
        &gabata(),
        "south: 0 0 0 0 0 1 store 20; north: 5s 0 0 0 0 0 store 22; round 1; south to move",
    );
    let (after, _) = play(&start, 6);
    let position = after.position();
    assert_eq!(position.ending(), Some(Ending::NeitherCanMove));
    assert_eq!(
        (position.store(Side::South), position.store(Side::North)),
        (26, 22)
    );
}

/// Layli Goobalay: a turn ending in South's empty pit 3 facing 4 seeds
/// takes them with the capturing seed (only 3 across makes a pair).
#[test]
fn facing_four_or_more_the_kalah_capture_is_made() {
    let start = at(
        &layli_goobalay(),
        "south: 0 1 0 0 0 0 store 20; north: 2 0 0 4 0 0 store 21; round 1; south to move",
    );
    let (after, _) = play(&start, 2);
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 0 0 0 0 0 store 25; north: 2 0 0 0 0 0 store 21; round 1; north to move"
    );
}

/// Layli Goobalay: an uur is never played: it is refused with the reason,
/// and the legal moves leave it out.
#[test]
fn an_owned_pit_is_never_played() {
    let rules = layli_goobalay();
    let position = Position::from_text(
        &rules,
        "south: 0 0 2s 1 0 0 store 19; north: 2 0 0 2s 0 0 store 22; round 1; south to move",
    )
    .unwrap();
    assert_eq!(
        position.check(&rules, Pit::new(3)),
        Err(PlayError::Owned(Pit::new(3)))
    );
    assert_eq!(position.legal_moves(&rules), [Move::sow(Pit::new(4))]);
}

/// Layli Goobalay: South to move with only an uur on the row has no move:
/// the game ends, each row to its owner but each uur to its owner, North's
/// pit 4 to South.
#[test]
fn at_the_end_each_uur_goes_to_its_owner() {
    let rules = layli_goobalay();
    let position = Position::from_text(
        &rules,
        "south: 0 0 2s 0 0 0 store 22; north: 2 0 0 2s 0 0 store 20; round 1; south to move",
    )
    .unwrap();
    assert_eq!(position.ending(), Some(Ending::NoMove));
    assert_eq!(
        (position.store(Side::South), position.store(Side::North)),
        (26, 22)
    );
}

/// The position text writes a kept owned pit as its count and its owner's
/// letter, and reads it back; under rules without such pits it is refused.
#[test]
fn kept_owned_pits_read_and_write_as_count_and_owner() {
    let rules = layli_goobalay();
    let text = "south: 0 0 2s 1 0 0 store 19; north: 2 0 0 2s 0 0 store 22; round 1; south to move";
    let position = Position::from_text(&rules, text).unwrap();
    assert_eq!(position.to_text(&rules), text);
    assert_eq!(
        position.owner_of(Side::North, Pit::new(4)),
        Some(Side::South)
    );
    assert!(Position::from_text(&common::builtin("kalaha"), text).is_err());
}

/// The text board shows a kept owned pit as the position line writes it,
/// and says what the mark means instead of calling it a tuzdyk.
#[test]
fn the_text_board_shows_kept_owned_pits_with_their_seeds() {
    let rules = layli_goobalay();
    let position = Position::from_text(
        &rules,
        "south: 0 0 2s 1 0 0 store 19; north: 2 0 0 2s 0 0 store 22; round 1; south to move",
    )
    .unwrap();
    let board = mancala::report::board_text(&rules, &position);
    assert!(board.contains("|  0 |  0 | 2s |  1 |  0 |  0 |"), "{board}");
    assert!(
        board.contains("2s: a pit South owns, holding 2 seeds"),
        "{board}"
    );
    assert!(!board.contains("tuzdyk"), "{board}");
}

fn kiuthi() -> Arc<Rules> {
    Arc::new(common::builtin("kiuthi"))
}

/// Kiuthi: South's pit 4 (2 seeds) either way ends in an empty pit of
/// South's own row without a seed on North's: no capture (North's pit
/// across holds 2), and South moves again.
#[test]
fn a_turn_that_stays_on_ones_own_row_gives_another_move_either_way() {
    let start = at(
        &kiuthi(),
        "south: 0 0 0 2 0 0 0 5 store 37; north: 2 2 2 2 2 2 2 2 store 36; round 1; south to move",
    );
    for (mv, row) in [("4ccw", "0 0 0 0 1 1 0 5"), ("4cw", "0 1 1 0 0 0 0 5")] {
        let (after, trace) = play(&start, mv);
        assert!(
            trace.contains(&Event::OwnRowOnly { side: Side::South }),
            "{mv}"
        );
        assert_eq!(
            after.to_text(start.rules()),
            format!(
                "south: {row} store 37; north: 2 2 2 2 2 2 2 2 store 36; round 1 begun by south; \
                 south to move"
            ),
            "{mv}"
        );
    }
}

/// Kiuthi: South's pit 1 clockwise (3 seeds) goes round to North's pits 8,
/// 7 and 6; North's 6 held 2, so its 3 are taken up and sown the other
/// way: North's 7, North's 8, then South's empty pit 1. The turn reached
/// North's row, so South takes North's 8 (3) with the capturing seed; the
/// chain goes on the last lap's way: South's pit 2 is empty and faces
/// North's 7 (3), taken too; South's pit 3 faces North's empty 6, and
/// stops it. North, with single seeds only, cannot move and passes.
#[test]
fn a_reversed_lap_ends_in_a_chained_capture() {
    let start = at(
        &kiuthi(),
        "south: 3 0 0 0 0 0 0 4 store 40; north: 1 1 1 1 1 2 1 1 store 40; round 1; south to move",
    );
    let (after, trace) = play(&start, "1cw");
    assert_eq!(laps(&trace), 2);
    let captures: Vec<(Place, u16)> = trace
        .iter()
        .filter_map(|e| match *e {
            Event::KalahCapture {
                opposite, count, ..
            } => Some((opposite, count)),
            _ => None,
        })
        .collect();
    assert_eq!(captures, [(north(8), 3), (north(7), 3)]);
    assert!(trace.contains(&Event::Pass { side: Side::North }));
    assert_eq!(
        after.to_text(start.rules()),
        "south: 0 0 0 0 0 0 0 4 store 47; north: 1 1 1 1 1 0 0 0 store 40; round 1 begun by south; \
         south to move"
    );
}

/// Kiuthi: 17 seeds from South's pit 8 counter-clockwise go once round all
/// 16 pits (the emptied pit 8 included) and on into North's 1, which now
/// holds 2: taken up and sown back (South's 8, then 7, which held 1), then
/// those 2 the first way again (South's 8, then North's emptied 1): the
/// turn ends there, on North's row, capturing nothing (North, with single
/// seeds only, passes). Clockwise from South's pit 1 is the same turn
/// mirrored. The engine may sow a lap whole where no one watches (perft,
/// the search): both ways give this.
#[test]
fn a_lap_that_goes_all_the_way_round_either_way() {
    let rules = kiuthi();
    for (start, mv, after) in [
        (
            "south: 0 0 0 0 0 0 0 17 store 40; north: 0 0 0 0 0 0 0 0 store 39",
            "8ccw",
            "south: 1 1 1 1 1 1 0 3 store 40; north: 1 1 1 1 1 1 1 1 store 39",
        ),
        (
            "south: 17 0 0 0 0 0 0 0 store 40; north: 0 0 0 0 0 0 0 0 store 39",
            "1cw",
            "south: 3 0 1 1 1 1 1 1 store 40; north: 1 1 1 1 1 1 1 1 store 39",
        ),
    ] {
        let (laps_sown, text) = sown_both_ways(&rules, start, mv);
        assert_eq!(laps_sown, 3, "{mv}");
        assert_eq!(
            text,
            format!("{after}; round 1 begun by south; south to move"),
            "{mv}"
        );
    }
}

/// `mv` played from `start` (round 1, South to move) seed by seed, as the
/// screen sees it, and as perft and the search play it (relay laps may be
/// sown whole): both must give the same position. The laps sown, and the
/// position's text.
fn sown_both_ways(rules: &Rules, start: &str, mv: &str) -> (usize, String) {
    let position = Position::from_text(rules, &format!("{start}; round 1; south to move")).unwrap();
    let mv: Move = mv.parse().unwrap();
    let mut trace = Vec::new();
    let seed_by_seed = position.play_traced(rules, mv, &mut trace).unwrap();
    assert_eq!(
        position.play(rules, mv),
        Ok(seed_by_seed),
        "{mv} from {start}"
    );
    (laps(&trace), seed_by_seed.to_text(rules))
}

/// Kiuthi: a lap of a whole number of rounds ends in the pit it emptied.
/// 16 seeds from South's pit 1 counter-clockwise give one to every other
/// pit and the last back to pit 1, now holding 1: the turn ends on South's
/// own row after reaching North's, so South takes North's 8 (1) with the
/// capturing seed; South's 2 is not empty, so the chain stops. With 32
/// seeds every pit gains 2, pit 1 included, whose 2 go on the other way
/// (North's 8 and 7); North's 7 (3) back the first way (North's 8, South's
/// 1 and 2); South's 2 (3) back again (South's 1, North's 8, then North's
/// 7, emptied two laps before): the turn ends on North's row. Both sown
/// seed by seed and whole laps at a time.
#[test]
fn a_lap_of_whole_rounds_ends_in_the_pit_it_emptied() {
    let rules = kiuthi();
    for (start, laps_sown, after) in [
        (
            "south: 16 0 0 0 0 0 0 0 store 40; north: 0 0 0 2 0 0 0 0 store 38",
            1,
            "south: 0 1 1 1 1 1 1 1 store 42; north: 1 1 1 3 1 1 1 0 store 38",
        ),
        (
            "south: 32 0 0 0 0 0 0 0 store 30; north: 0 0 0 2 0 0 0 0 store 32",
            4,
            "south: 2 0 2 2 2 2 2 2 store 30; north: 2 2 2 4 2 2 1 5 store 32",
        ),
    ] {
        let (laps, text) = sown_both_ways(&rules, start, "1ccw");
        assert_eq!(laps, laps_sown, "{start}");
        assert_eq!(
            text,
            format!("{after}; round 1 begun by south; north to move"),
            "{start}"
        );
    }
}

/// What menus and the rule sheet say of Kiuthi and of the games with owned
/// pits that keep their seeds: the mover's choice of way (not the board's
/// direction), laps turning back, pits of two, the capture's limits, and
/// owned pits that are not tuzdyks.
#[test]
fn menus_and_the_rule_sheet_tell_the_mechanics_of_section_9() {
    let kiuthi = kiuthi();
    let summary = mancala::words::rules_summary(&kiuthi);
    assert!(
        summary.starts_with(
            "either way, as the mover chooses, each lap turning back, pits of 2 or more played"
        ),
        "{summary}"
    );
    assert!(
        summary.contains("Kalah capture (after reaching the opponent's row; chained)"),
        "{summary}"
    );
    let sheet = mancala::words::rules_sheet(&kiuthi);
    for line in [
        "direction:     chosen by the mover for each move, each relay lap turning back",
        "pit to play:   one of one's own holding 2 seeds or more",
        "only once the turn has reached the opponent's row (else another move); \
         chained along the last lap's way",
    ] {
        assert!(sheet.contains(line), "{line}\n{sheet}");
    }
    let kalaha = mancala::words::rules_sheet(&common::builtin("kalaha"));
    assert!(
        kalaha.contains("pit to play:   any of one's own with seeds"),
        "{kalaha}"
    );
    assert!(kalaha.contains("Kalah capture: yes (the pit across must hold seeds)\n"));
    for (rules, said) in [
        (
            gabata(),
            "owned pits that keep their seeds, captures from the opponent's owned pits",
        ),
        (
            layli_goobalay(),
            "owned pits, made in pairs, that keep their seeds",
        ),
    ] {
        let summary = mancala::words::rules_summary(&rules);
        assert!(
            summary.contains(said) && !summary.contains("tuzdyk"),
            "{summary}"
        );
    }
}

/// Kiuthi: a pit of one seed is refused with the reason, a pit with no
/// direction says to choose one, and the legal moves are the pits of two
/// or more, each way.
#[test]
fn a_single_seed_is_not_played_and_a_move_needs_its_direction() {
    let rules = kiuthi();
    let position = Position::from_text(
        &rules,
        "south: 1 0 0 0 0 0 0 4 store 42; north: 1 1 1 1 1 2 1 1 store 40; round 1; south to move",
    )
    .unwrap();
    assert_eq!(
        position.check(&rules, "1ccw".parse::<Move>().unwrap()),
        Err(PlayError::TooFew {
            pit: Pit::new(1),
            needs: 2
        })
    );
    assert_eq!(
        position.check(&rules, Pit::new(8)),
        Err(PlayError::NoDirection(Pit::new(8)))
    );
    let legal: Vec<String> = position
        .legal_moves(&rules)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["8ccw", "8cw"]);
    // Where the rules fix the direction, a move that names one is refused.
    let kalaha = common::builtin("kalaha");
    let start = Position::new(&kalaha, Side::South);
    assert_eq!(
        start.check(&kalaha, "3cw".parse::<Move>().unwrap()),
        Err(PlayError::DirectionFixed(Pit::new(3)))
    );
}

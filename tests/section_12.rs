//! The clarifications of rules.md §12 on hand-worked positions, each worked
//! out on paper from the rules contract before the engine was asked.

mod common;

use std::sync::Arc;

use common::{at, north, play, row_captures};
use mancala::engine::{Pit, Rules, Side, Status};

fn fixture(name: &str) -> Arc<Rules> {
    let path = format!(
        "{}/tests/rules/valid/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Arc::new(mancala::catalog::load_file(std::path::Path::new(&path)).unwrap())
}

/// §12, "Chains of captures and closed pits": with South's pits 2 to 6
/// closed, South's pit 1 sows its one seed into North's pit 1 (2 + 1 = 3,
/// taken). Going back against the sowing, the next pit is South's own
/// (closed) pit 6: the chain stops there, and North's pits 6 and 5, which
/// hold 3 each, are not taken. South's store: 15 + 3 = 18.
#[test]
fn a_chain_stops_at_the_movers_row_even_where_its_pits_are_closed() {
    let rules = fixture("chain-stops-at-the-mover");
    let game = at(
        &rules,
        "south: 1 x x x x x store 15; north: 2 4 3 0 3 3 store 17; round 2; south to move",
    );
    let (after, trace) = play(&game, 1);
    assert_eq!(row_captures(&trace), [(north(1), 3)]);
    let position = after.position();
    assert_eq!(position.store(Side::South), 18);
    assert_eq!(position.pit(Side::North, Pit::new(6)), 3);
    assert_eq!(position.pit(Side::North, Pit::new(5)), 3);
}

/// The same rule passing over a closed pit of the opponent's: South's pit 6
/// (3 seeds) sows North's pits 1, 2 and, over the closed pit 3, pit 4 (2 + 1
/// = 3, taken); back from there the chain passes over pit 3 and takes pits 2
/// and 1, which hold 1 each, then meets South's row. South's store: 3 + 3 +
/// 1 + 1 = 8.
#[test]
fn a_chain_passes_over_the_opponents_closed_pits() {
    let rules = fixture("chain-stops-at-the-mover");
    let game = at(
        &rules,
        "south: 4 4 4 4 4 3 store 3; north: 0 0 x 2 4 4 store 12; round 2; south to move",
    );
    let (after, trace) = play(&game, 6);
    assert_eq!(
        row_captures(&trace),
        [(north(4), 3), (north(2), 1), (north(1), 1)]
    );
    assert_eq!(after.position().store(Side::South), 8);
}

fn builtin(id: &str) -> Arc<Rules> {
    Arc::new(common::builtin(id))
}

/// Pallam Kuzhi (§12.8, §12.17): South's last seed ends in its pit 7 and
/// the leap finds nothing; North has no seed, so the round is over, each row
/// to its owner: South 35, North 21. Refilled from the left, four a pit,
/// South fills all seven pits and keeps 7; North fills pits 1 to 5 and keeps
/// 1, its pits 6 and 7 closed (at its right). South began the round, so
/// North begins the next, whatever the result.
#[test]
fn a_refill_from_the_left_closes_the_pits_at_the_right_and_the_starters_alternate() {
    let rules = builtin("pallam-kuzhi");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 1 0 store 34; north: 0 0 0 0 0 0 0 store 21; round 1; south to move",
    );
    let (over, _) = play(&start, 6);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (35, 21));
    let next = over.next_round().unwrap();
    assert_eq!(
        next.to_text(&rules),
        "south: 4 4 4 4 4 4 4 store 7; north: 4 4 4 4 4 x x store 1; round 2 begun by north; \
         north to move"
    );
}

/// Ohvalhu (§12.7, §12.17): South's last seed goes into its store, and with
/// its row empty South cannot move again: the round is over, South 70, North
/// 58. Refilled from the left, eight a pit: North's pit 8 is closed and 2
/// stay in its store; North, who did not begin the first round, begins the
/// second. And the round after a round North began is South's to begin.
#[test]
fn the_round_after_goes_to_the_player_who_did_not_begin_it() {
    let rules = builtin("ohvalhu");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 0 0 1 store 69; north: 0 0 0 0 0 0 0 0 store 58; round 1; south to move",
    );
    let (over, _) = play(&start, 8);
    assert_eq!((over.store(Side::South), over.store(Side::North)), (70, 58));
    let next = over.next_round().unwrap();
    assert_eq!(
        next.to_text(&rules),
        "south: 8 8 8 8 8 8 8 8 store 6; north: 8 8 8 8 8 8 8 x store 2; round 2 begun by north; \
         north to move"
    );
    // Round 2, begun by North, ends with North stuck: South begins round 3.
    let late = at(
        &rules,
        "south: 8 8 8 8 8 8 8 0 store 16; north: 0 0 0 0 0 0 0 1 store 55; round 2 begun by north; \
         north to move",
    );
    let (over, _) = play(&late, 8);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    let third = over.next_round().unwrap();
    assert_eq!(third.to_move(), Some(Side::South));
    assert!(
        third.to_text(&rules).contains("round 3 begun by south"),
        "{}",
        third.to_text(&rules)
    );
}

/// A match that needs k pits (`match.min-pits`, §12): Ohvalhu's file asks
/// one, the reference engine's four. A round leaving North 30 seeds, three
/// pits of eight and more, ends the match where four pits are needed, and
/// only the round where one is.
#[test]
fn a_match_that_needs_k_pits_ends_when_a_player_cannot_fill_them() {
    let text = "south: 0 0 0 0 0 0 0 1 store 97; north: 0 0 0 0 0 0 0 0 store 30; round 1; \
                south to move";
    let one = builtin("ohvalhu");
    let (over, _) = play(&at(&one, text), 8);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    let four = Arc::new(common::variant_of(
        "ohvalhu",
        &[(
            "refill = \"from-left\"",
            "refill = \"from-left\"\nmin-pits = 4",
        )],
    ));
    assert_eq!(four.plan().rounds.min_pits, 4);
    // The rule sheet says so.
    let sheet = four.plan().rounds.said();
    assert!(
        sheet
            .iter()
            .any(|(key, line)| *key == "match ends" && line.ends_with("fill 4 pits")),
        "{sheet:?}"
    );
    let (over, _) = play(&at(&four, text), 8);
    assert!(matches!(over.status(), Status::MatchOver { .. }));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (98, 30));
    // Refused where it cannot mean anything, with the key named.
    for (from, to) in [
        ("rounds = \"many\"", "rounds = \"many\"\nmin-pits = 0"),
        ("rounds = \"many\"", "rounds = \"many\"\nmin-pits = 9"),
    ] {
        let text = common::builtin("ohvalhu").text().replace(from, to);
        let error = Rules::from_toml(&text).unwrap_err().to_string();
        assert!(error.contains("match.min-pits"), "{error}");
    }
    let single = common::builtin("voleur")
        .text()
        .replace("rounds = \"single\"", "rounds = \"single\"\nmin-pits = 2");
    let error = Rules::from_toml(&single).unwrap_err().to_string();
    assert!(
        error.contains("match.min-pits") && error.contains("many"),
        "{error}"
    );
}

//! The clarifications of rules.md §12 on hand-worked positions, each worked
//! out on paper from the rules contract before the engine was asked.

mod common;

use std::sync::Arc;

use common::{at, north, play, row_captures};
use mancala::engine::{Fill, Move, Pit, PlayError, RoundError, Rules, Side, Status, Step};

/// The legal moves as move lists write them.
fn moves(game: &mancala::engine::GameState) -> Vec<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

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

/// Erherhe (§12.12), a round ended at more than half: South's last seed
/// makes North's empty pit 1 hold 1, which is taken (the chain stops at
/// South's row): South's store 24 + 1 = 25 of 48, more than half, and the
/// round is over, each row to its owner: South 25 + 5 = 30, North 17 + 1 =
/// 18. North,
/// the loser, can fill 18 / 4 = 4 pits and chooses 1, 2, 5 and 6 (§12.17's
/// second-round start); left to the rules, pits 6 to 3 are filled. The
/// winner fills all six and keeps 6; North keeps 2 and, as the loser,
/// begins.
#[test]
fn erherhes_loser_chooses_the_pits_to_fill() {
    let rules = builtin("erherhe");
    let start = at(
        &rules,
        "south: 5 0 0 0 0 1 store 24; north: 0 1 0 0 0 0 store 17; round 1; south to move",
    );
    let (over, _) = play(&start, 6);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (30, 18));
    let choice = over.position().fill_choice(&rules).unwrap();
    assert_eq!((choice.side, choice.count), (Side::North, 4));
    let chosen: Fill = "fill:1+2+5+6".parse().unwrap();
    let next = over.next_round_filling(Some(chosen)).unwrap();
    assert_eq!(
        next.to_text(&rules),
        "south: 4 4 4 4 4 4 store 6; north: 4 4 x x 4 4 store 2; round 2 begun by north; \
         north to move"
    );
    let by_the_rules = over.next_round().unwrap();
    assert_eq!(
        by_the_rules.to_text(&rules),
        "south: 4 4 4 4 4 4 store 6; north: x x 4 4 4 4 store 2; round 2 begun by north; \
         north to move"
    );
    // A choice of the wrong size, of pits the row lacks, or where no one
    // chooses, is refused with the reason.
    for (text, error) in [
        (
            "fill:1+2+5",
            RoundError::FillCount {
                needs: 4,
                chosen: 3,
            },
        ),
        (
            "fill:1+2+5+7",
            RoundError::NoPitToFill {
                pit: Pit::new(7),
                pits: 6,
            },
        ),
    ] {
        let fill: Fill = text.parse().unwrap();
        assert_eq!(over.next_round_filling(Some(fill)), Err(error));
    }
    assert_eq!(
        start.next_round_filling(Some(chosen)),
        Err(RoundError::StillPlaying)
    );
    let pallam = builtin("pallam-kuzhi");
    let pallam_over = at(
        &pallam,
        "south: 0 0 0 0 0 1 0 store 34; north: 0 0 0 0 0 0 0 store 21; round 1; south to move",
    );
    let (pallam_over, _) = play(&pallam_over, 6);
    assert_eq!(pallam_over.position().fill_choice(&pallam), None);
    assert_eq!(
        pallam_over.next_round_filling(Some(chosen)),
        Err(RoundError::NoFillChoice)
    );
}

/// Erherhe, a drawn round: South's seed into North's empty pit 1 is taken,
/// 23 + 1 = 24; North's one seed, in its pit 2, cannot reach South's empty
/// row, so North has no move: the round is over, North's row to North,
/// 23 + 1 = 24, drawn. No one chooses: both fill
/// all six pits, and North, who did not begin the drawn round, begins.
#[test]
fn erherhes_drawn_round_refills_both_rows_and_the_other_player_begins() {
    let rules = builtin("erherhe");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 1 store 23; north: 0 1 0 0 0 0 store 23; round 1; south to move",
    );
    let (over, _) = play(&start, 6);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (24, 24));
    assert_eq!(over.position().fill_choice(&rules), None);
    assert_eq!(
        over.next_round().unwrap().to_text(&rules),
        "south: 4 4 4 4 4 4 store 0; north: 4 4 4 4 4 4 store 0; round 2 begun by north; \
         north to move"
    );
}

/// The loser's choice is written `fill:` with the pits in increasing order
/// (§12), read back the same; other writings are refused.
#[test]
fn a_choice_of_pits_reads_back_as_it_is_written() {
    let fill = Fill::of([Pit::new(6), Pit::new(1), Pit::new(2)]);
    assert_eq!(fill.to_string(), "fill:1+2+6");
    assert_eq!("fill:1+2+6".parse::<Fill>(), Ok(fill));
    assert_eq!("fill:1+2+6".parse::<Step>(), Ok(Step::Fill(fill)));
    for wrong in [
        "fill:",
        "fill:2+1",
        "fill:1+1",
        "fill:0",
        "fill:1+x",
        "fill:1 + 2",
        "fill:32",
    ] {
        assert!(wrong.parse::<Fill>().is_err(), "{wrong}");
    }
    let error = "fill:2+1".parse::<Step>().unwrap_err().to_string();
    assert!(error.contains("increasing order"), "{error}");
}

/// The loser's choice goes through a line of moves, a match and its save
/// file: Erherhe's first round played out from a late position, North's
/// choice, then North's pit 1 of the second round (its four seeds to pit 2,
/// over the closed pits 3 and 4 to pits 5 and 6, and South's pit 1); loading the file plays it all
/// again, the choice included.
#[test]
fn a_loser_s_choice_survives_a_line_a_save_and_a_load() {
    let rules = builtin("erherhe");
    let text = "south: 5 0 0 0 0 1 store 24; north: 0 1 0 0 0 0 store 17; round 1; south to move";
    let start = at(&rules, text);
    let steps = mancala::engine::parse_moves("6,fill:1+2+5+6,1").unwrap();
    let after = start.play_line(&steps).unwrap();
    assert_eq!(
        after.position().to_text(&rules),
        "south: 5 4 4 4 4 4 store 6; north: 0 5 x x 5 5 store 2; round 2 begun by north; \
         south to move"
    );
    let mut session = mancala::session::Session::from_position(
        rules.clone(),
        ["Ann".into(), "Bo".into()],
        *start.position(),
        0,
    );
    for step in steps {
        session.play_step(step).unwrap();
    }
    let saved = mancala::storage::to_toml(
        &session,
        &mancala::storage::MatchMeta::new(mancala::storage::MatchId::starting_at(1, 1)),
    );
    assert!(saved.contains("fill:1+2+5+6,1"), "{saved}");
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    let loaded =
        mancala::storage::from_toml(std::path::Path::new("m.toml"), &saved, &catalog).unwrap();
    assert_eq!(loaded.session.positions(), session.positions());
    assert_eq!(loaded.session.actions(), session.actions());
}

/// A round that ends at more than half the seeds has no one taking the
/// rest, so a next round begun by that player is refused (§12), and so is a
/// partial pit where the loser chooses the pits, each naming its key.
#[test]
fn a_round_at_more_than_half_needs_a_starter_and_a_chosen_fill_no_partial_pit() {
    let erherhe = common::builtin("erherhe");
    for (from, to, key) in [
        (
            "next-round-starter = \"loser\"",
            "next-round-starter = \"took-remaining\"",
            "match.next-round-starter",
        ),
        (
            "refill = \"loser-chooses\"",
            "refill = \"loser-chooses\"\npartial-pit = true",
            "match.partial-pit",
        ),
    ] {
        let text = erherhe.text().replace(from, to);
        let error = Rules::from_toml(&text).unwrap_err().to_string();
        assert!(error.contains(key), "{error}");
    }
}

/// Adi (§12.13, §12.17), a territory round: South's last seed makes North's
/// pit 1 a four, South's (the sower's); the board is then empty, the round
/// over, South 28, North 20. Next round every pit holds 4 again and the
/// stores are empty; 28 seeds are 7 pits' worth, so South owns its row and
/// North's pit 1 (`4o`); North, the loser, begins. North plays pits 2 to 6
/// only; South plays 1 to 6 and 7, North's pit 1.
#[test]
fn a_territory_round_gives_the_winner_the_pits_their_seeds_fill() {
    let rules = builtin("adi");
    let start = at(
        &rules,
        "south: 0 0 0 0 0 1 store 24; north: 3 0 0 0 0 0 store 20; round 1; south to move",
    );
    let (over, _) = play(&start, 6);
    assert!(matches!(over.status(), Status::RoundOver { .. }));
    assert_eq!((over.store(Side::South), over.store(Side::North)), (28, 20));
    let next = over.next_round().unwrap();
    assert_eq!(
        next.to_text(&rules),
        "south: 4 4 4 4 4 4 store 0; north: 4o 4 4 4 4 4 store 0; round 2 begun by north; \
         north to move"
    );
    assert_eq!(moves(&next), ["2", "3", "4", "5", "6"]);
    assert_eq!(
        next.play(Move::sow(Pit::new(1))).unwrap_err(),
        PlayError::Lost(Pit::new(1))
    );
    // After North's pit 2 (4 seeds to pits 3 to 6, relaying on), South is
    // to move and has pit 7, North's pit 1, among its moves.
    let (after, _) = play(&next, 2);
    if after.to_move() == Some(Side::South) {
        assert!(
            moves(&after).contains(&"7".to_string()),
            "{:?}",
            moves(&after)
        );
    }
    assert_eq!(
        next.position().round_owner(Side::North, Pit::new(1)),
        Side::South
    );
    assert_eq!(next.position().pits_held(Side::South), 7);
    // The text reads back as written, the pit won across included.
    let written = next.to_text(&rules);
    assert_eq!(
        mancala::engine::Position::from_text(&rules, &written).unwrap(),
        *next.position()
    );
}

/// The pits a round's winner owns (§12: with 4 a pit, 25 or 26 seeds own 6
/// pits, 27 to 30 own 7, 39 own 10), and the match over at the goal of 10:
/// 39 seeds end it, 38 (9 pits: a remainder of 2 is not more than half) do
/// not.
#[test]
fn the_pits_won_count_a_remainder_above_half_a_pit() {
    let rules = builtin("adi");
    let match_rules = rules.plan().rounds;
    for (seeds, pits) in [
        (24, 6),
        (25, 6),
        (26, 6),
        (27, 7),
        (30, 7),
        (31, 8),
        (38, 9),
        (39, 10),
    ] {
        assert_eq!(match_rules.pits_won(seeds, 4), pits, "{seeds}");
    }
    for (south, over) in [(38, false), (39, true)] {
        let text = format!(
            "south: 0 0 0 0 0 1 store {}; north: 3 0 0 0 0 0 store {}; round 3 begun by south; \
             south to move",
            south - 4,
            48 - south
        );
        let (ended, _) = play(&at(&rules, &text), 6);
        assert_eq!(
            matches!(ended.status(), Status::MatchOver { .. }),
            over,
            "{south}"
        );
    }
}

/// Gabata's match (§12.16): wegs are made in pits the opponent owns. South
/// owns North's pit 1 this round, so South's last seed making it hold 4
/// makes no weg: it held seeds, so its 4 are lifted and sown on, the last
/// into North's empty pit 5. Where North owns that pit, the same seed makes
/// it South's weg and the sowing stops.
#[test]
fn gabatas_wegs_are_made_in_pits_the_opponent_owns() {
    let rules = builtin("gabata-match");
    let won = at(
        &rules,
        "south: 0 0 0 0 0 1 store 20; north: 3o 0 3 0 0 0 store 21; round 2 begun by south; \
         south to move",
    );
    let (after, _) = play(&won, 6);
    assert_eq!(
        after.to_text(&rules),
        "south: 0 0 0 0 0 0 store 20; north: 0o 1 4 1 1 0 store 21; round 2 begun by south; \
         north to move"
    );
    let theirs = at(
        &rules,
        "south: 0 0 0 0 0 1 store 20; north: 3 0 3 0 0 0 store 21; round 2 begun by south; \
         south to move",
    );
    let (after, _) = play(&theirs, 6);
    assert_eq!(
        after.position().owner_of(Side::North, Pit::new(1)),
        Some(Side::South)
    );
}

/// §12's territory rounds are won by pits, and the search values a round's
/// end so (issue: "values a round by the pits it wins"): with 4 a pit, South
/// ending the round at 26 seeds to 22 wins no pit (6 each: worth 0, though
/// 4 seeds ahead); at 27 to 21, 7 pits to 5 (two pits: 8 seeds' worth); at
/// 39 to 9 the match (the whole board, 12 pits: 48). South's one move, pit
/// 6, makes North's pit 1 a four that South takes, ending the round.
#[test]
fn the_search_values_a_territory_round_by_the_pits_it_wins() {
    let rules = builtin("adi");
    for (south_before, worth) in [(22, 0), (23, 8), (35, 48)] {
        let text = format!(
            "south: 0 0 0 0 0 1 store {south_before}; north: 3 0 0 0 0 0 store {}; \
             round 3 begun by south; south to move",
            48 - 4 - south_before
        );
        let position = *at(&rules, &text).position();
        let report = mancala::ai::solve(&rules, &position, 8);
        assert!(report.exact);
        assert_eq!(report.value, worth, "South's store {south_before} + 4");
    }
    // Elsewhere a round's end is worth its seeds, as the margin counts.
    let oware = builtin("oware");
    let start = mancala::engine::Position::new(&oware, Side::South);
    assert_eq!(
        oware.plan().rounds.territory_worth(&start, Side::South, 4),
        None
    );
}

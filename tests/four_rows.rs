//! Four-row boards (rules.md §10.1, §10.5): Igisoro's worked example, each
//! of its mechanics on a hand-worked position, the written forms of moves
//! and positions, and the rule files four rows refuse.

use mancala::engine::{
    Ending, Move, Outcome, PlayError, Position, Rules, Side, Status, parse_moves, play_line,
};

fn igisoro() -> Rules {
    mancala::catalog::load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/igisoro.toml"),
    )
    .unwrap()
}

fn after(rules: &Rules, moves: &str) -> Position {
    let steps = parse_moves(moves).unwrap();
    play_line(rules, Side::South, &steps).unwrap()
}

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(rules: &Rules, position: &Position, written: &str) -> Result<Position, PlayError> {
    position.play(rules, written.parse::<Move>().unwrap())
}

/// §10.5's worked example, position by position as the contract prints it.
#[test]
fn the_worked_example_of_section_10_5_plays_as_printed() {
    let rules = igisoro();
    let start = Position::new(&rules, Side::South);
    assert_eq!(
        start.to_text(&rules),
        "south: front 4 4 4 4 4 4 4 4 back 0 0 0 0 0 0 0 0; \
         north: front 4 4 4 4 4 4 4 4 back 0 0 0 0 0 0 0 0; round 1; ply 0; south to move"
    );
    let four = after(&rules, "f8,f8,f1,f1");
    assert_eq!(
        four.to_text(&rules),
        "south: front 0 5 5 0 5 5 5 0 back 2 2 1 1 1 0 0 0; \
         north: front 0 5 5 0 5 5 5 0 back 2 2 1 1 1 0 0 0; round 1; south to move"
    );
    // Read back without its plies, it has played all Igisoro counts.
    assert_eq!(at(&rules, &four.to_text(&rules)), four);
    let reversed = play(&rules, &four, "f2cw").unwrap();
    assert_eq!(
        reversed.to_text(&rules),
        "south: front 1 0 6 1 6 6 6 0 back 3 3 2 2 2 1 0 0; \
         north: front 0 0 5 0 5 5 5 0 back 2 0 1 1 1 0 0 0; round 1; north to move"
    );
}

/// A reversal is the mover's choice where the other way captures: both
/// ways are moves, and the pit alone says neither.
#[test]
fn a_reversal_is_chosen_or_declined_and_never_left_unsaid() {
    let rules = igisoro();
    let four = after(&rules, "f8,f8,f1,f1");
    let legal: Vec<String> = four
        .legal_moves(&rules)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["f2ccw", "f2cw", "f3", "f5", "f6", "f7", "b1", "b2"]);
    // Declined: f2's 5 go counter-clockwise, f1 then round the back row.
    let declined = play(&rules, &four, "f2ccw").unwrap();
    assert_eq!(declined.pit(Side::South, mancala::engine::Pit::new(1)), 1);
    assert_ne!(declined, play(&rules, &four, "f2cw").unwrap());
    let f2 = "f2".parse::<Move>().unwrap();
    assert_eq!(four.play(&rules, f2), Err(PlayError::WayNeeded(f2)));
    let f3cw = "f3cw".parse::<Move>().unwrap();
    assert_eq!(four.play(&rules, f3cw), Err(PlayError::NoWayHere(f3cw)));
    // Before the fifth ply no lap turns.
    let start = Position::new(&rules, Side::South);
    let f7cw = "f7cw".parse::<Move>().unwrap();
    assert_eq!(start.play(&rules, f7cw), Err(PlayError::NoWayHere(f7cw)));
    // A two-row name is no pit of this board.
    let three = "3".parse::<Move>().unwrap();
    assert_eq!(start.play(&rules, three), Err(PlayError::NotOnBoard(three)));
}

/// South's `f3` ends its first lap in `f1`, which held 3, facing North's
/// `f8` and `b8` of 5 each. Before the fifth ply that is a relay (f1's 4
/// go round the back row); from it, a capture: the 10 go into `f3`, the
/// lap's origin, and are sown on from there.
#[test]
fn captures_wait_for_their_ply_and_their_seeds_are_sown_from_the_origin() {
    let rules = igisoro();
    let board = "south: front 3 0 2 0 0 0 0 0 back 0 0 0 0 0 3 0 0; \
                 north: front 0 0 0 0 0 0 0 5 back 0 0 46 0 0 0 0 5; round 1";
    let early = at(&rules, &format!("{board}; ply 0; south to move"));
    assert_eq!(
        play(&rules, &early, "f3").unwrap().to_text(&rules),
        "south: front 0 1 0 0 0 0 0 0 back 1 1 1 1 0 3 0 0; \
         north: front 0 0 0 0 0 0 0 5 back 0 0 46 0 0 0 0 5; round 1; ply 1; north to move"
    );
    let open = at(&rules, &format!("{board}; south to move"));
    let mut trace = Vec::new();
    let captured = open
        .play_traced(&rules, "f3".parse::<Move>().unwrap(), &mut trace)
        .unwrap();
    assert_eq!(
        captured.to_text(&rules),
        "south: front 5 2 0 0 0 0 0 0 back 1 1 1 1 1 4 1 1; \
         north: front 0 0 0 0 0 0 0 0 back 0 0 46 0 0 0 0 0; round 1; north to move"
    );
    assert!(trace.iter().any(|e| matches!(
        e,
        mancala::engine::Event::PairCapture {
            count: 10,
            by: Side::South,
            ..
        }
    )));
}

/// The same capture leaving North only single seeds: South wins at once,
/// the seeds taken left in the origin unsown.
#[test]
fn a_capture_that_leaves_the_opponent_unable_to_move_wins_at_once() {
    let rules = igisoro();
    let text = "south: front 3 0 2 0 0 0 0 0 back 0 0 0 0 0 35 0 0; \
                north: front 1 1 1 1 1 1 1 5 back 1 1 1 1 1 1 1 5; round 1; south to move";
    let won = play(&rules, &at(&rules, text), "f3").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::South)));
    assert_eq!(won.ending(), Some(Ending::CannotMove));
    assert!(matches!(won.status(), Status::MatchOver { .. }));
    assert_eq!(won.pit(Side::South, mancala::engine::Pit::new(3)), 10);
    assert!(won.to_text(&rules).ends_with("round 1; match over"));
}

/// South's last pit of two, sown, leaves only single seeds: South loses at
/// the end of their own move.
#[test]
fn a_move_that_leaves_its_mover_unable_to_move_loses() {
    let rules = igisoro();
    let text = "south: front 2 0 0 0 0 0 0 0 back 0 0 0 0 0 0 0 0; \
                north: front 4 4 4 4 4 4 4 4 back 4 4 4 4 4 4 4 2; round 1; south to move";
    let lost = play(&rules, &at(&rules, text), "f1").unwrap();
    assert_eq!(lost.outcome(), Some(Outcome::Win(Side::North)));
    assert_eq!(lost.ending(), Some(Ending::CannotMove));
}

/// North's only seeds are `f3` with 2 and, next counter-clockwise, `f2`
/// with 1: they would leapfrog for ever, so North cannot move and loses.
/// With the single seed elsewhere North plays on.
#[test]
fn the_two_seed_leapfrog_counts_as_no_move() {
    let rules = igisoro();
    let south = "south: front 4 4 4 4 4 4 4 4 back 4 4 4 4 4 4 4 1";
    let stuck = at(
        &rules,
        &format!(
            "{south}; north: front 0 1 2 0 0 0 0 0 back 0 0 0 0 0 0 0 0; round 1; north to move"
        ),
    );
    assert_eq!(stuck.to_move(), None);
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Side::South)));
    let playing = at(
        &rules,
        &format!(
            "{south}; north: front 1 0 2 0 0 0 0 0 back 0 0 0 0 0 0 0 0; round 1; north to move"
        ),
    );
    assert_eq!(playing.to_move(), Some(Side::North));
    assert_eq!(playing.legal_moves(&rules), ["f3".parse::<Move>().unwrap()]);
}

/// On random games: every legal move reads back from its written form and
/// plays to the same position as the move list made; a move short of a
/// later choice, or with one too many, is refused; every position reads
/// back from its text.
#[test]
fn moves_and_positions_of_random_games_read_back_as_written() {
    let rules = igisoro();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut later_seen = 0;
    for _game in 0..40 {
        let mut position = Position::new(&rules, Side::South);
        while position.to_move().is_some() {
            let text = position.to_text(&rules);
            assert_eq!(at(&rules, &text), position, "{text}");
            let mut children = Vec::new();
            position.for_each_move(&rules, |played, child| children.push((played, *child)));
            assert!(!children.is_empty(), "{text}");
            for (played, child) in &children {
                let written = played.to_string();
                assert_eq!(written.parse::<Move>(), Ok(*played));
                assert_eq!(
                    position.play(&rules, *played),
                    Ok(*child),
                    "{text}: {written}"
                );
                if !played.choices().is_empty() {
                    later_seen += 1;
                    let short = written[..written.rfind('.').unwrap()]
                        .parse::<Move>()
                        .unwrap();
                    assert!(
                        matches!(
                            position.play(&rules, short),
                            Err(PlayError::LaterWayNeeded(_))
                        ),
                        "{text}: {written}"
                    );
                }
                let long = format!("{written}.ccw").parse::<Move>().unwrap();
                assert!(
                    position.play(&rules, long).is_err(),
                    "{text}: {written}.ccw"
                );
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = usize::try_from(state % children.len() as u64).unwrap();
            position = children[pick].1;
        }
        assert!(position.outcome().is_some());
    }
    assert!(later_seen > 0, "no move met a later choice");
}

/// What four rows cannot be combined with, each refused with its key.
#[test]
fn rule_files_that_four_rows_cannot_play_are_refused_with_the_reason() {
    let base = include_str!("../rules/igisoro.toml");
    let cases = [
        ("rows = 4", "rows = 3", "board.rows"),
        (
            "seeds-in = \"front-rows\"",
            "seeds-in = \"front-rows\"\nstores = \"aside\"",
            "board.stores",
        ),
        ("pits = 8", "pits = 9", "board.pits"),
        (
            "pits = [\"f2\", \"f7\", \"b1\", \"b8\"]",
            "pits = [\"f2\", \"f9\"]",
            "sowing.reversal.pits",
        ),
        (
            "pits = [\"f2\", \"f7\", \"b1\", \"b8\"]",
            "pits = [\"f2\", \"F2\"]",
            "sowing.reversal.pits",
        ),
        (
            "direction = \"counter-clockwise\"",
            "direction = \"chosen\"",
            "sowing.reversal",
        ),
        (
            "relay = \"landing-pit\"",
            "relay = \"next-pit\"",
            "capture.pair-across",
        ),
        (
            "from-ply = 5\n\n[capture",
            "from-ply = 0\n\n[capture",
            "sowing.reversal.from-ply",
        ),
        (
            "stuck-player-loses = true",
            "stuck-player-loses = false",
            "round.leapfrog-is-stuck",
        ),
        ("min-seeds = 2", "min-seeds = 1", "round.leapfrog-is-stuck"),
        (
            "ends-when = \"no-move\"",
            "ends-when = \"row-empty\"",
            "round.stuck-player-loses",
        ),
        ("[round]", "[capture.across]\n\n[round]", "board.rows"),
    ];
    for (from, to, key) in cases {
        assert!(base.contains(from), "{from}");
        let text = base.replacen(from, to, 1);
        let error = Rules::from_toml(&text).unwrap_err();
        assert_eq!(error.key.as_deref(), Some(key), "{to}: {error}");
    }
    // Without the reversal the capture stands alone; on two rows it cannot.
    let two_rows =
        include_str!("../rules/kiuthi.toml").replace("[round]", "[capture.pair-across]\n\n[round]");
    let error = Rules::from_toml(&two_rows).unwrap_err();
    assert_eq!(error.key.as_deref(), Some("capture.pair-across"), "{error}");
    let written = igisoro().to_toml();
    assert_eq!(Rules::from_toml(&written).unwrap().to_toml(), written);
}

/// Every way at every choice is a move of its own, so a turn that keeps
/// meeting choices would make the moves grow as two to the power of its
/// length: a move carries at most `Later::MAX` later choices, and one that
/// would need more is not offered. This rule set (four pits, reversals on
/// six of eight, every front pit facing seeds) found this position's moves
/// only after hours without the bound.
#[test]
fn a_turn_of_endless_choices_is_not_offered_and_the_moves_are_found() {
    let rules = Rules::from_toml(
        "id = \"many-choices\"\nname = \"Many choices\"\ndescription = \"Laps that keep turning.\"\n\
         [board]\nrows = 4\npits = 4\nseeds-per-pit = 10\nseeds-in = \"every-pit\"\n\
         [sowing]\ndirection = \"clockwise\"\nmin-seeds = 3\nrelay = \"landing-pit\"\nskip = [\"origin\"]\n\
         [sowing.reversal]\npits = [\"f1\", \"f2\", \"f3\", \"f4\", \"b1\", \"b4\"]\nfrom-ply = 1\n\
         [capture.pair-across]\nfrom-ply = 8\n\
         [round]\nends-when = \"no-move\"\nstuck-player-loses = true\n\
         [match]\nrounds = \"single\"\nfirst-player = \"chosen\"\n",
    )
    .unwrap();
    let position = at(
        &rules,
        "south: front 1 8 0 0 back 46 0 0 0; north: front 60 14 6 9 back 1 0 15 0; \
         round 1; south to move",
    );
    let legal = position.legal_moves(&rules);
    // South's pits of three or more: f2 and b1, which may turn (its own way
    // written, both ways offered where the other captures).
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|m| ["f2", "b1"].contains(&&m.to_string()[..2]))
    );
    for mv in &legal {
        assert!(mv.choices().len() <= mancala::engine::Choices::MAX, "{mv}");
        assert!(position.play(&rules, *mv).is_ok(), "{mv}");
    }
    assert_eq!(
        mancala::engine::perft(&rules, &position, 1).nodes,
        legal.len() as u64
    );
}

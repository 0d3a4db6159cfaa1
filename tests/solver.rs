//! Search and solving: the spec's solved Kalah values, the fast Kalah solver
//! against the general search, legal moves only, deterministic levels, and
//! the strong level beating the weak one.

mod common;

use std::path::Path;

use mancala::ai::{Dice, Level, Limits, Searcher, SolveOptions, choose_move, solve, solve_exact};
use mancala::engine::{History, Move, Position, Rules, Side, Status};

fn kalah_text(pits: u8, seeds: u8) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rules/valid")
        .join(format!("kalah-{pits}-{seeds}.toml"));
    std::fs::read_to_string(path).unwrap()
}

fn kalah(pits: u8, seeds: u8) -> Rules {
    if (pits, seeds) == (6, 4) {
        return common::builtin("kalaha");
    }
    Rules::from_toml(&kalah_text(pits, seeds)).unwrap()
}

/// A Kalah board with some `key = value` lines of its rule file replaced.
fn kalah_variant(pits: u8, seeds: u8, replacements: &[(&str, &str)]) -> Rules {
    let mut text = kalah_text(pits, seeds);
    for (from, to) in replacements {
        assert!(text.contains(from), "{from:?}");
        text = text.replace(from, to);
    }
    Rules::from_toml(&text).unwrap()
}

fn options(mib: usize, endgame: Option<u32>) -> SolveOptions {
    SolveOptions {
        endgame_seeds: endgame,
        ..SolveOptions::with_mib(mib)
    }
}

fn solved_value(pits: u8, seeds: u8) -> i32 {
    let rules = kalah(pits, seeds);
    let solution = solve_exact(
        &rules,
        &Position::new(&rules, Side::South),
        options(256, None),
    );
    assert!(!solution.best.is_empty());
    solution.value
}

#[test]
fn kalah_boards_have_the_spec_values() {
    for ((pits, seeds), value) in [
        ((1, 3), 6),
        ((2, 4), -10),
        ((3, 3), 2),
        ((3, 6), -8),
        ((4, 2), 6),
        ((4, 3), 6),
        ((5, 3), 6),
        ((6, 3), 2),
    ] {
        assert_eq!(solved_value(pits, seeds), value, "Kalah({pits},{seeds})");
    }
}

#[test]
#[ignore = "about a minute on two cores in a release build: \
            cargo test --release --test solver -- --ignored"]
fn kalah_6_4_is_a_first_player_win_by_8() {
    assert_eq!(solved_value(6, 4), 8);
}

#[test]
fn the_general_search_also_has_the_small_spec_values() {
    for ((pits, seeds), value) in [((2, 4), -10), ((3, 3), 2), ((4, 2), 6)] {
        let rules = kalah(pits, seeds);
        let report = solve(&rules, &Position::new(&rules, Side::South), 16);
        assert!(report.exact);
        assert_eq!(report.value, value, "Kalah({pits},{seeds})");
    }
}

/// Ongoing positions from random games: every `every`-th ply of `games`
/// games.
fn random_positions(rules: &Rules, games: u64, every: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut dice = Dice::new(seed + 1);
        let mut position = Position::new(rules, Side::South);
        let mut ply = 0;
        while position.status() == Status::Ongoing {
            if ply % every == seed as usize % every {
                positions.push(position);
            }
            let legal = position.legal_moves(rules);
            position = position
                .play(rules, legal[dice.below(legal.len())])
                .unwrap();
            ply += 1;
        }
    }
    positions
}

/// The fast solver must give the general search's value and exactly its set
/// of best moves, with no endgame table, a small one, and one holding the
/// whole game.
fn agrees_with_the_general_search(rules: &Rules, games: u64, every: usize, tables: &[u32]) {
    let positions = random_positions(rules, games, every);
    assert!(positions.len() >= 10);
    for position in &positions {
        let mut searcher = Searcher::new(rules, 8);
        let general = searcher.solve(position);
        let mut general_best: Vec<Move> = general.move_values.iter().map(|&(p, _)| p).collect();
        general_best.sort_unstable();
        for &reach in tables {
            let fast = solve_exact(rules, position, options(8, Some(reach)));
            let context = format!("{} reach {reach} at {position:?}", rules.id());
            assert_eq!(fast.value, general.value, "{context}");
            assert_eq!(fast.best, general_best, "{context}");
        }
    }
}

#[test]
fn the_kalah_solver_agrees_with_the_general_search() {
    agrees_with_the_general_search(&kalah(3, 3), 8, 3, &[0, 4, 18]);
    agrees_with_the_general_search(&kalah(4, 3), 6, 4, &[0, 8]);
    // Seven or more seeds in a pit go round the whole track of three pits.
    agrees_with_the_general_search(&kalah(3, 6), 6, 4, &[0, 8]);
}

#[test]
fn the_kalah_solver_follows_direction_and_skipped_origins() {
    let clockwise = kalah_variant(
        3,
        6,
        &[(
            "direction = \"counter-clockwise\"",
            "direction = \"clockwise\"",
        )],
    );
    agrees_with_the_general_search(&clockwise, 4, 4, &[0, 6]);
    let skipping = kalah_variant(
        3,
        6,
        &[(
            "direction = \"counter-clockwise\"",
            "direction = \"counter-clockwise\"\nskip = [\"origin\"]",
        )],
    );
    agrees_with_the_general_search(&skipping, 6, 3, &[0, 6]);
    let empty_capture = kalah_variant(
        3,
        6,
        &[(
            "[capture.across]",
            "[capture.across]\nacross-empty = \"capturing-seed\"",
        )],
    );
    agrees_with_the_general_search(&empty_capture, 6, 4, &[0, 8]);
}

#[test]
#[ignore = "about a minute on two cores in a release build: \
            cargo test --release --test solver -- --ignored"]
fn kalah_6_4_with_the_empty_capture_is_a_first_player_win_by_10() {
    // Irving, Donkers and Uiterwijk (2000); rules.md §7.5.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules/valid/kalah-6-4-empty.toml"),
    )
    .unwrap();
    let rules = Rules::from_toml(&text).unwrap();
    let solution = solve_exact(
        &rules,
        &Position::new(&rules, Side::South),
        options(256, None),
    );
    assert_eq!(solution.value, 10);
}

#[test]
fn exact_move_values_match_the_general_search() {
    let far_off = std::time::Instant::now() + std::time::Duration::from_mins(10);
    let never = std::sync::atomic::AtomicBool::new(false);
    for rules in [kalah(3, 3), kalah(4, 3)] {
        for position in random_positions(&rules, 4, 3) {
            let mut general = Searcher::new(&rules, 8).search(&position, Limits::exact(), true);
            assert!(general.exact);
            general.move_values.sort_by_key(|&(pit, _)| pit);
            let mut fast =
                mancala::ai::move_values(&rules, &position, options(8, None), &never, far_off)
                    .expect("Kalah-shaped and ongoing");
            // Best first, and every legal pit once.
            assert!(fast.windows(2).all(|w| w[0].1 >= w[1].1), "{fast:?}");
            fast.sort_by_key(|&(pit, _)| pit);
            assert_eq!(fast, general.move_values, "{position:?}");
        }
    }
}

#[test]
fn exact_move_values_give_up_when_told_or_out_of_time() {
    let rules = kalah(6, 4);
    let start = Position::new(&rules, Side::South);
    let later = std::time::Instant::now() + std::time::Duration::from_mins(10);
    let stopped = std::sync::atomic::AtomicBool::new(true);
    let values = mancala::ai::move_values(&rules, &start, options(8, Some(4)), &stopped, later);
    assert_eq!(values, None);
    let running = std::sync::atomic::AtomicBool::new(false);
    let now = std::time::Instant::now();
    let values = mancala::ai::move_values(&rules, &start, options(8, Some(4)), &running, now);
    assert_eq!(values, None);
    // Not Kalah-shaped: no exact values from this solver.
    let relay = common::builtin("raja-pasu");
    let values = mancala::ai::move_values(
        &relay,
        &Position::new(&relay, Side::South),
        options(8, None),
        &running,
        later,
    );
    assert_eq!(values, None);
}

#[test]
fn the_strongest_level_plays_perfectly_on_small_kalah_boards() {
    let rules = kalah(4, 3);
    for position in random_positions(&rules, 3, 4) {
        let pit = choose_move(
            &rules,
            &position,
            &History::starting_at(&position),
            Level::Strongest,
            &mut Dice::new(1),
            None,
            in_time(Level::Strongest),
        )
        .expect("a move")
        .chosen;
        let solution = solve_exact(&rules, &position, options(8, None));
        assert!(
            solution.best.contains(&pit),
            "{pit} not in {:?}",
            solution.best
        );
    }
}

#[test]
fn exact_values_on_shared_tables_match_single_solves() {
    let rules = kalah(4, 3);
    let far_off = std::time::Instant::now() + std::time::Duration::from_mins(10);
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut exact = mancala::ai::ExactValues::new(&rules, 24, options(8, None)).unwrap();
    for position in random_positions(&rules, 3, 2) {
        let value = exact.value(&position, &never, far_off);
        let solution = solve_exact(&rules, &position, options(8, None));
        assert_eq!(value, Some(solution.value), "{position:?}");
    }
    // Tables made for fewer seeds than the board holds do not answer.
    let mut small = mancala::ai::ExactValues::new(&rules, 10, options(8, None)).unwrap();
    let start = Position::new(&rules, Side::South);
    assert_eq!(small.value(&start, &never, far_off), None);
    // Nor do they exist for rules that are not Kalah-shaped.
    let relay = common::builtin("raja-pasu");
    assert!(mancala::ai::ExactValues::new(&relay, 24, options(8, None)).is_none());
}

#[test]
fn other_rule_sets_are_solved_by_the_general_search() {
    // A Kalah board without captures is not Kalah-shaped.
    let rules = kalah_variant(2, 4, &[("[capture.across]", "")]);
    let position = Position::new(&rules, Side::South);
    let solution = solve_exact(&rules, &position, options(8, None));
    let report = Searcher::new(&rules, 8).solve(&position);
    assert_eq!(solution.value, report.value);
    assert_eq!(solution.endgame_boards, 0);
}

/// Positions from a playout of every variant, several per round.
fn sample_positions(id: &str) -> (Rules, Vec<Position>) {
    let rules = common::builtin(id);
    let mut position = Position::new(&rules, Side::South);
    let mut dice = Dice::new(11);
    let mut seen = Vec::new();
    for _ in 0..120 {
        match position.status() {
            Status::Ongoing => {
                seen.push(position);
                let legal = position.legal_moves(&rules);
                position = position
                    .play(&rules, legal[dice.below(legal.len())])
                    .unwrap();
            }
            Status::RoundOver { .. } => position = position.next_round(&rules).unwrap(),
            Status::MatchOver { .. } => break,
        }
    }
    (rules, seen)
}

#[test]
fn search_only_returns_legal_moves() {
    for id in ["kalaha", "raja-pasu", "sat-gharva"] {
        let (rules, positions) = sample_positions(id);
        let mut searcher = Searcher::new(&rules, 4);
        for position in positions.iter().step_by(5) {
            let report = searcher.search(position, Limits::depth(4), true);
            let best = report.best.expect("a move");
            assert!(position.check(&rules, best).is_ok(), "{id}: {best}");
            for (pit, _) in report.move_values {
                assert!(position.check(&rules, pit).is_ok());
            }
        }
    }
}

#[test]
fn a_turn_of_many_moves_is_planned_by_one_search() {
    // Kalaha from the start: pit 3's last seed falls in South's store, so
    // South moves again; the plan goes on with South's moves while the turn
    // lasts, each one legal where it is to be played.
    let rules = common::builtin("kalaha");
    let start = Position::new(&rules, Side::South);
    for level in [Level::Medium, Level::Hard] {
        let choice = choose_move(
            &rules,
            &start,
            &History::starting_at(&start),
            level,
            &mut Dice::new(3),
            None,
            in_time(level),
        )
        .unwrap();
        let mut position = start.play(&rules, choice.chosen).unwrap();
        for &next in &choice.rest {
            assert_eq!(position.to_move(), Some(Side::South), "{choice:?}");
            position = position.play(&rules, next).unwrap();
        }
        if choice.chosen == Move::sow(mancala::engine::Pit::new(3)) {
            assert!(!choice.rest.is_empty(), "{choice:?}");
        }
    }
    // In Dakon the strongest level's first turn chains many moves.
    let rules = common::builtin("dakon");
    let start = Position::new(&rules, Side::South);
    let choice = choose_move(
        &rules,
        &start,
        &History::starting_at(&start),
        Level::Hard,
        &mut Dice::new(3),
        None,
        in_time(Level::Hard),
    )
    .unwrap();
    let mut position = start.play(&rules, choice.chosen).unwrap();
    for &next in &choice.rest {
        assert_eq!(position.to_move(), Some(Side::South), "{choice:?}");
        position = position.play(&rules, next).unwrap();
    }
    assert!(choice.rest.len() >= 2, "{choice:?}");
}

/// A whole game between two levels; returns South's final margin.
fn game(rules: &Rules, south: Level, north: Level, seed: u64) -> (i32, Vec<Move>) {
    let mut position = Position::new(rules, Side::South);
    let mut dice = Dice::new(seed);
    let mut moves = Vec::new();
    while let Some(side) = position.to_move() {
        let level = if side == Side::South { south } else { north };
        let past = History::starting_at(&position);
        let pit = choose_move(
            rules,
            &position,
            &past,
            level,
            &mut dice,
            None,
            in_time(level),
        )
        .unwrap()
        .chosen;
        moves.push(pit);
        position = position.play(rules, pit).unwrap();
    }
    let margin = i32::from(position.store(Side::South)) - i32::from(position.store(Side::North));
    (margin, moves)
}

#[test]
fn a_fixed_seed_gives_the_same_game() {
    let rules = common::builtin("kalaha");
    assert_eq!(
        game(&rules, Level::Medium, Level::Easy, 5),
        game(&rules, Level::Medium, Level::Easy, 5)
    );
}

#[test]
fn hard_beats_easy_at_kalaha() {
    let rules = common::builtin("kalaha");
    let mut wins = 0;
    for seed in 0..2 {
        let (as_south, _) = game(&rules, Level::Hard, Level::Easy, seed);
        let (as_north, _) = game(&rules, Level::Easy, Level::Hard, seed);
        wins += i32::from(as_south > 0) + i32::from(as_north < 0);
    }
    assert!(wins >= 3, "hard won {wins} of 4");
}

/// The deadline the game gives a level: its time cap from now.
fn in_time(level: Level) -> std::time::Instant {
    std::time::Instant::now() + level.time_cap()
}

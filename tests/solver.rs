//! Search and solving: the spec's solved Kalah values, legal moves only,
//! deterministic levels, and the strong level beating the weak one.

mod common;

use std::path::Path;

use mancala::catalog::load_file;
use mancala::engine::{
    Dice, Level, Limits, Position, Rules, Searcher, Side, Status, choose_move, solve,
};

fn kalah(pits: u8, seeds: u8) -> Rules {
    if (pits, seeds) == (6, 4) {
        return common::builtin("kalaha");
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rules/valid")
        .join(format!("kalah-{pits}-{seeds}.toml"));
    load_file(&path).unwrap()
}

fn solved_value(pits: u8, seeds: u8) -> i32 {
    let rules = kalah(pits, seeds);
    let report = solve(&rules, &Position::new(&rules, Side::South), 64);
    assert!(report.exact);
    assert!(!report.move_values.is_empty());
    report.value
}

#[test]
fn small_kalah_boards_have_the_spec_values() {
    for ((pits, seeds), value) in [
        ((1, 3), 6),
        ((2, 4), -10),
        ((3, 3), 2),
        ((3, 6), -8),
        ((4, 2), 6),
        ((4, 3), 6),
    ] {
        assert_eq!(solved_value(pits, seeds), value, "Kalah({pits},{seeds})");
    }
}

#[test]
#[ignore = "seconds in a release build: cargo test --release --test solver -- --ignored"]
fn kalah_5_3_and_6_3() {
    assert_eq!(solved_value(5, 3), 6);
    assert_eq!(solved_value(6, 3), 2);
}

#[test]
#[ignore = "long: the full Kalah(6,4)"]
fn kalah_6_4_is_a_first_player_win_by_8() {
    assert_eq!(solved_value(6, 4), 8);
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

/// A whole game between two levels; returns South's final margin.
fn game(rules: &Rules, south: Level, north: Level, seed: u64) -> (i32, Vec<u8>) {
    let mut position = Position::new(rules, Side::South);
    let mut dice = Dice::new(seed);
    let mut moves = Vec::new();
    while let Some(side) = position.to_move() {
        let level = if side == Side::South { south } else { north };
        let pit = choose_move(rules, &position, level, &mut dice, None).unwrap();
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

//! Perft counts against the spec's reference data (`tests/data/*.perft`).

mod common;

use mancala::ai::Dice;
use mancala::engine::{GameState, Move, Position, Side, Status, perft, perft_parallel};

/// (depth, nodes) pairs from a `.perft` file: `depth nodes` a line, `#` comments.
fn reference(text: &str) -> Vec<(u32, u64)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut fields = l.split_whitespace();
            let depth = fields.next().unwrap().parse().unwrap();
            let nodes = fields.next().unwrap().parse().unwrap();
            (depth, nodes)
        })
        .collect()
}

fn check_kalaha(max_depth: u32) {
    let rules = common::builtin("kalaha");
    let start = Position::new(&rules, Side::South);
    let expected = reference(include_str!("data/kalaha.perft"));
    assert!(expected.iter().any(|&(d, _)| d == max_depth));
    for (depth, nodes) in expected.into_iter().filter(|&(d, _)| d <= max_depth) {
        let count = if depth >= 6 {
            perft_parallel(&rules, &start, depth, 2)
        } else {
            perft(&rules, &start, depth)
        };
        assert_eq!(count.nodes, nodes, "depth {depth}");
    }
}

#[test]
fn kalaha_perft_to_depth_9() {
    check_kalaha(9);
}

#[test]
#[ignore = "takes a few seconds in a release build; run with --ignored"]
fn kalaha_perft_to_depth_11() {
    check_kalaha(11);
}

#[test]
fn parallel_and_serial_perft_agree_on_every_variant() {
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        let (id, rules) = (entry.rules.id(), &entry.rules);
        let start = Position::new(rules, Side::North);
        for depth in 0..=5 {
            assert_eq!(
                perft(rules, &start, depth),
                perft_parallel(rules, &start, depth, 3),
                "{id} depth {depth}"
            );
        }
    }
}

#[test]
fn moves_played_add_up_the_nodes_of_every_depth() {
    let rules = common::builtin("kalaha");
    let start = Position::new(&rules, Side::South);
    let count = perft(&rules, &start, 6);
    let by_depth: u64 = (1..=6).map(|d| perft(&rules, &start, d).nodes).sum();
    assert_eq!(count.moves, by_depth);
}

/// The engine's move walk (what perft and the search use) gives, for every
/// legal pit, the position `play` gives, and perft's counted last ply the
/// number of legal moves: on random positions of every built-in rule set.
#[test]
fn the_move_walk_and_the_counted_ply_agree_with_play() {
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        let (id, rules) = (entry.rules.id(), &entry.rules);
        let mut dice = Dice::new(0x9e37_79b9_7f4a_7c15);
        let mut game = GameState::new(rules.clone(), Side::South);
        for _ in 0..400 {
            match game.status() {
                Status::MatchOver { .. } => {
                    game = GameState::new(rules.clone(), Side::North);
                    continue;
                }
                Status::RoundOver { .. } => {
                    game = game.next_round().unwrap();
                    continue;
                }
                Status::Ongoing => {}
            }
            let position = *game.position();
            let legal = position.legal_moves(rules);
            let walked = common::walked_moves(rules, &position);
            let played: Vec<(Move, Position)> = legal
                .iter()
                .map(|&pit| (pit, position.play(rules, pit).unwrap()))
                .collect();
            assert_eq!(walked, played, "{id}: {}", position.to_text(rules));
            assert_eq!(perft(rules, &position, 1).nodes, legal.len() as u64, "{id}");
            let pit = legal[dice.below(legal.len())];
            game = game.play(pit).unwrap();
        }
    }
}

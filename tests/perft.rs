//! Perft counts against the reference data of every rule set
//! (`tests/perft/*.perft`, one file a rule set), read by one driver.

mod common;

use mancala::ai::Dice;
use std::path::Path;

use mancala::engine::{GameState, Move, Position, Rules, Side, Status, perft, perft_parallel};

/// A `.perft` file of `tests/perft/`: the rule set, who starts (or a
/// position), the depths `cargo test` runs, and the reference counts.
struct PerftFile {
    name: String,
    rules: Rules,
    start: Position,
    quick: u32,
    counts: Vec<(u32, u64)>,
}

/// Reads one file: `rules ID-or-path`, `first south|north` or `position
/// TEXT`, `quick N`, then `depth nodes` lines; `#` begins a comment.
fn read_perft_file(path: &Path) -> PerftFile {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut rules, mut first, mut position, mut quick) = (None, Side::South, None, 0);
    let mut counts = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "rules" => rules = Some(rules_named(value)),
            "first" => first = value.parse().unwrap(),
            "position" => position = Some(value.to_string()),
            "quick" => quick = value.parse().unwrap(),
            depth => counts.push((depth.parse().unwrap(), value.trim().parse().unwrap())),
        }
    }
    let rules = rules.unwrap_or_else(|| panic!("{name}: no `rules` line"));
    let start = match position {
        Some(text) => Position::from_text(&rules, &text).unwrap(),
        None => Position::new(&rules, first),
    };
    PerftFile {
        name,
        rules,
        start,
        quick,
        counts,
    }
}

/// A built-in rule set's id, or a rule file's path from the crate's root.
fn rules_named(name: &str) -> Rules {
    if Path::new(name).extension().is_some_and(|e| e == "toml") {
        mancala::catalog::load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
    } else {
        common::builtin(name)
    }
}

fn perft_files() -> Vec<PerftFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    paths.sort();
    paths.iter().map(|p| read_perft_file(p)).collect()
}

/// Checks every count of every file up to its `quick` depth, or all of them.
fn check_perft_files(all: bool) {
    let files = perft_files();
    for file in &files {
        assert!(
            file.counts.iter().any(|&(d, _)| d == file.quick),
            "{}",
            file.name
        );
        for &(depth, nodes) in &file.counts {
            if depth > file.quick && !all {
                continue;
            }
            let count = if depth >= 6 {
                perft_parallel(&file.rules, &file.start, depth, 2)
            } else {
                perft(&file.rules, &file.start, depth)
            };
            assert_eq!(count.nodes, nodes, "{} depth {depth}", file.name);
        }
    }
    // Every built-in rule set has its counts.
    let catalog = mancala::catalog::Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        assert!(
            files.iter().any(|f| f.name == entry.rules.id()),
            "tests/perft/{}.perft is missing",
            entry.rules.id()
        );
    }
}

#[test]
fn perft_matches_the_reference_counts_of_every_rule_set() {
    check_perft_files(false);
}

#[test]
#[ignore = "the deepest counts take a while; run with --release -- --ignored"]
fn perft_matches_the_reference_counts_at_every_depth() {
    check_perft_files(true);
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

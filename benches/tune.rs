//! Fits the search's evaluation (src/ai/evaluation.rs) to self-play: the
//! computer plays itself from random openings, every position of those
//! games is labelled with what South went on to gain (the final margin
//! less the margin then), and the weights of the evaluation's features are
//! found by least squares. Prints the weights for each rule set and for
//! all of them together, with how much of the labels' variance they explain.
//!
//! `GAMES=200 LEVEL=medium VARIANT=oware,kalaha cargo bench --bench tune`

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use mancala::ai::{Dice, FEATURES, Level, choose_move, features};
use mancala::catalog::Catalog;
use mancala::engine::{GameState, Rules, Side};

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One game's positions (features from South's side) and South's gain
/// from each to the end.
fn self_play(rules: &Arc<Rules>, level: Level, seed: u64) -> Vec<([f64; FEATURES], f64)> {
    let mut dice = Dice::new(seed * 7919 + 3);
    let mut game = GameState::new(rules.clone(), Side::South);
    let mut labelled = Vec::new();
    for ply in 0..600 {
        if game.to_move().is_none() {
            break;
        }
        let chosen = if ply < 4 {
            let legal = game.legal_moves();
            legal[dice.below(legal.len())]
        } else {
            let deadline = Instant::now() + level.time_cap();
            let (position, past) = (game.position(), game.history());
            match choose_move(rules, position, past, level, &mut dice, None, deadline) {
                Some(choice) => choice.chosen,
                None => break,
            }
        };
        let position = *game.position();
        labelled.push((
            features(&position, Side::South),
            rules.plan().goal.margin(&position, Side::South),
        ));
        match game.play(chosen) {
            Ok(next) => game = next,
            Err(_) => break,
        }
    }
    if game.to_move().is_some() {
        return Vec::new();
    }
    let last = rules.plan().goal.margin(game.position(), Side::South);
    labelled
        .into_iter()
        .map(|(f, now)| (f.map(f64::from), f64::from(last - now)))
        .collect()
}

/// Least squares: the weights minimising the squared error, and the share
/// of the labels' variance they explain.
fn fit(samples: &[([f64; FEATURES], f64)]) -> ([f64; FEATURES], f64) {
    let mut a = [[0.0; FEATURES]; FEATURES];
    let mut b = [0.0; FEATURES];
    for (x, y) in samples {
        for i in 0..FEATURES {
            b[i] += x[i] * y;
            for j in 0..FEATURES {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    // A little ridge keeps features that never vary from making it singular.
    #[allow(clippy::cast_precision_loss)]
    let ridge = 1e-6 * samples.len() as f64;
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += ridge;
    }
    let w = solve(a, b);
    let (mut error, mut total) = (0.0, 0.0);
    for (x, y) in samples {
        let guess: f64 = x.iter().zip(&w).map(|(x, w)| x * w).sum();
        error += (y - guess).powi(2);
        total += y * y;
    }
    (w, 1.0 - error / total.max(1e-9))
}

/// Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..FEATURES {
            let factor = a[row][col] / pivot_row[col];
            for (cell, above) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *cell -= factor * above;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut w = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * w[k]).sum();
        w[row] = (b[row] - rest) / a[row][row];
    }
    w
}

fn main() {
    let games: u64 = env_or("GAMES", 100);
    let level: Level = env_or("LEVEL", Level::Medium);
    let only: Option<Vec<String>> = std::env::var("VARIANT")
        .ok()
        .map(|v| v.split(',').map(str::to_string).collect());
    let catalog = Catalog::with_user_dir(None);
    let mut everything = Vec::new();
    for entry in catalog.entries() {
        let (id, rules) = (entry.rules.id(), &entry.rules);
        if only.as_ref().is_some_and(|o| !o.iter().any(|i| i == id)) {
            continue;
        }
        let next = AtomicU64::new(0);
        let samples = std::sync::Mutex::new(Vec::new());
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= games {
                            break;
                        }
                        let played = self_play(rules, level, game);
                        samples.lock().unwrap().extend(played);
                    }
                });
            }
        });
        let samples = samples.into_inner().unwrap();
        let (w, explained) = fit(&samples);
        println!(
            "{id}: {} positions, weights {w:.3?}, explains {:.1} %",
            samples.len(),
            100.0 * explained
        );
        everything.extend(samples);
    }
    let (w, explained) = fit(&everything);
    println!(
        "all: {} positions, weights {w:.3?}, explains {:.1} %",
        everything.len(),
        100.0 * explained
    );
}

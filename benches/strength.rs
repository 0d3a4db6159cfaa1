//! Strength figures for the computer player (prints, does not assert):
//! the depth reached in one second from each variant's start, and the result
//! of games between two levels, played one per core at a time: matches won,
//! and pairs of matches (sides swapped) won on the seeds of both.
//! `GAMES=100 STRONG=strongest cargo bench --bench strength`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use mancala::ai::{Dice, Level, Limits, Searcher, choose_move};
use mancala::catalog::Catalog;
use mancala::engine::{GameState, Position, Rules, Side};

fn depth_in_one_second(rules: &Rules) -> (u32, u64) {
    let start = Position::new(rules, Side::South);
    let mut searcher = Searcher::new(rules, 256);
    let limits = Limits {
        deadline: Some(Instant::now() + Duration::from_secs(1)),
        ..Limits::depth(200)
    };
    let report = searcher.search(&start, limits, false);
    (report.depth, report.nodes)
}

/// One match, or its first `rounds` rounds; returns South's lead in seeds
/// at the end (`None` when a level found no move).
fn play(rules: &Arc<Rules>, levels: [Level; 2], seed: u64, rounds: u16) -> Option<(i32, String)> {
    let mut game = GameState::new(rules.clone(), Side::South);
    let mut dice = Dice::new(seed);
    let mut moves = Vec::new();
    for _ in 0..3000 {
        match game.to_move() {
            Some(side) => {
                let choice = {
                    let level = levels[side.index()];
                    let deadline = std::time::Instant::now() + level.time_cap();
                    let (position, past) = (game.position(), game.history());
                    choose_move(rules, position, past, level, &mut dice, None, deadline)?
                };
                game = game.play(choice.chosen).ok()?;
                moves.push(choice.chosen.to_string());
            }
            None if game.round() >= rounds => break,
            None => match game.next_round() {
                Ok(next) => game = next,
                Err(_) => break,
            },
        }
    }
    let lead = i32::from(game.store(Side::South)) - i32::from(game.store(Side::North));
    Some((lead, moves.join(",")))
}

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(10);
    let strong: Level = std::env::var("STRONG")
        .ok()
        .and_then(|l| l.parse().ok())
        .unwrap_or(Level::Hard);
    // Sat-gharva matches can run to hundreds of rounds; ROUNDS caps them.
    let rounds: u16 = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(u16::MAX);
    let only = std::env::var("VARIANT").ok();
    // FROM skips the first seeds, to look again at one match.
    let from: u64 = std::env::var("FROM")
        .ok()
        .and_then(|f| f.parse().ok())
        .unwrap_or(0);
    let catalog = Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        let (id, rules) = (entry.rules.id(), &entry.rules);
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let (depth, nodes) = depth_in_one_second(rules);
        println!("{id}: depth {depth} in 1 s from the start ({nodes} nodes)");
        let started = Instant::now();
        // Matches are independent: one per core at a time.
        let next = AtomicU64::new(from);
        let won = AtomicU64::new(0);
        // Each pair of matches (the same seeds, sides swapped): the strong
        // level's lead in the two together, where a first move alone can
        // decide a match (Dakon's opening, say).
        let leads =
            std::sync::Mutex::new(vec![0i32; usize::try_from(games.div_ceil(2)).unwrap_or(0)]);
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let seed = next.fetch_add(1, Ordering::Relaxed);
                        if seed >= games {
                            break;
                        }
                        // The strong level plays each side in turn.
                        let strong_side = if seed.is_multiple_of(2) {
                            Side::South
                        } else {
                            Side::North
                        };
                        let mut levels = [Level::Easy; 2];
                        levels[strong_side.index()] = strong;
                        let Some((south_lead, moves)) = play(rules, levels, seed, rounds) else {
                            continue;
                        };
                        let lead = if strong_side == Side::South {
                            south_lead
                        } else {
                            -south_lead
                        };
                        // SHOW prints each match, to look at one again.
                        if std::env::var_os("SHOW").is_some() {
                            eprintln!(
                                "seed {seed}, {strong} as {strong_side}: lead {lead}, moves {moves}"
                            );
                        }
                        if lead > 0 {
                            won.fetch_add(1, Ordering::Relaxed);
                        }
                        leads.lock().unwrap()[usize::try_from(seed / 2).unwrap_or(0)] += lead;
                    }
                });
            }
        });
        let won = won.load(Ordering::Relaxed);
        let leads = leads.into_inner().unwrap();
        let pairs_won = leads.iter().filter(|&&lead| lead > 0).count();
        println!(
            "{id}: {strong} won {won} of {} matches against easy, and {pairs_won} of {} \
             pairs with sides swapped ({:.0} s)",
            games - from,
            leads.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

//! Strength figures for the computer player (prints, does not assert): for
//! each rule set, how long the strongest level takes to reply from the
//! start, and pairs of matches between two levels: a random opening played
//! once with the strong level as South and once as North, the pair won on
//! the strong level's summed margin (in some games the side decides a
//! single match). Where the rule set plays the swap rule, it is played: the
//! computer, as second player, swaps when its search finds the side that
//! has just moved ahead, and the levels change seats with it.
//!
//! `PAIRS=100 STRONG=hard VARIANT=congkak,sungka cargo bench --bench strength`
//! (`OPENING` random plies, 2 by default; `SHOW=1` prints every match).
//! A player is a level, a time a move (`STRONG=2s`), a level searching
//! without the evaluation at its horizon (`WEAK=plain:hard`, the search as
//! it was before it had one), or the plain Monte Carlo tree search of
//! `mcts.rs` (`WEAK=mcts:10000`, simulations a move).
//!
//! Where the player who cannot move loses, both matches of a pair may be
//! won by the side that began (a decided opening): the pair's summed margin
//! is then 0, and the line also says how many such pairs the strong level
//! won sooner than it lost (fewer plies to its win than to its loss).
//!
//! `BALANCED=true` keeps only openings the strong level's own search judges
//! open (within 4 seeds of even; neither side's value a win or a loss,
//! where who cannot move loses), drawing more until there are `PAIRS` of
//! them (or, where 20 draws a pair find too few, the closest to even).
//!
//! A match of rounds is judged on its first round unless `ROUNDS` says more
//! (`ROUNDS=all` plays it out): a round's margin snowballs, since the loser
//! refills fewer pits, so whole matches end near all-or-nothing whichever
//! level played better, and the pair becomes a coin toss on the side.

#[path = "strength/mcts.rs"]
mod mcts;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use mancala::ai::{Computer, Dice, Level, Limits, choose_fill, choose_move, takes_the_swap};
use mancala::catalog::Catalog;
use mancala::engine::{GameState, Move, Rounds, Rules, Score, Side};

/// Who plays a seat: the computer at a level (or a time), or the plain
/// Monte Carlo tree search with so many simulations a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Computer(Level),
    Plain(Level),
    Mcts(u32),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        match s.split_once(':') {
            Some(("mcts", n)) => n.parse().map(Player::Mcts).map_err(|e| e.to_string()),
            Some(("plain", l)) => l.parse().map(Player::Plain).map_err(|e| format!("{e}")),
            _ if s == "mcts" => Ok(Player::Mcts(10_000)),
            _ => s.parse().map(Player::Computer).map_err(|e| format!("{e}")),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Computer(level) => write!(f, "{level}"),
            Player::Mcts(n) => write!(f, "MCTS ({n} simulations)"),
            Player::Plain(level) => write!(f, "plain {level}"),
        }
    }
}

/// What a player chose: its move, the search's value (for the swap), and
/// the rest of its turn.
fn choose(
    player: Player,
    game: &GameState,
    dice: &mut Dice,
) -> Option<(Move, Option<i32>, Vec<Move>)> {
    let (rules, position, past) = (game.rules(), game.position(), game.history());
    match player {
        Player::Computer(level) => {
            let deadline = Instant::now() + level.time_cap();
            let choice = choose_move(rules, position, past, level, dice, None, deadline)?;
            Some((choice.chosen, Some(choice.value), choice.rest))
        }
        Player::Plain(level) => {
            let limits = Limits {
                max_nodes: level.nodes(),
                deadline: Some(Instant::now() + level.time_cap()),
                plain: true,
                ..Limits::depth(64)
            };
            let choice = Computer::new(level).choose_within(
                rules,
                position,
                past,
                dice,
                limits,
                &mut |_, _| {},
            )?;
            Some((choice.chosen, Some(choice.value), choice.rest))
        }
        Player::Mcts(simulations) => Some((
            mcts::choose(rules, position, simulations, dice)?,
            None,
            Vec::new(),
        )),
    }
}

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The start of pair `pair`: `plies` random legal moves from the match's
/// start, the swap rule as the rule file says. Where it is on, the opening
/// stops when the swap is offered, so that the second level decides it.
/// Returns the moves too, as written.
fn opening(rules: &Arc<Rules>, pair: u64, plies: u32) -> (GameState, Vec<String>) {
    let mut dice = Dice::new(pair * 7919 + 1);
    let mut game =
        GameState::new(rules.clone(), Side::South).with_swap_rule(rules.plan().rounds.swap);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() || game.can_swap() {
            break;
        }
        let chosen = legal[dice.below(legal.len())];
        game = game.play(chosen).expect("a legal move");
        moves.push(chosen.to_string());
    }
    (game, moves)
}

/// The openings of `pairs` pairs: with `balanced`, only those `judge`'s
/// search does not already call won or lost (at most 20 draws a pair).
/// Where too few are balanced (a game whose first moves already decide
/// much, as Tihbat's), the closest to even of the rest make up the number,
/// and a line says how far from even the widest kept was.
fn openings(
    rules: &Arc<Rules>,
    pairs: u64,
    plies: u32,
    balanced: Option<Level>,
) -> Vec<(GameState, Vec<String>)> {
    let mut kept = Vec::new();
    let mut others = Vec::new();
    let mut judgements = std::collections::HashMap::new();
    for seed in 0..20 * pairs.max(1) {
        if kept.len() as u64 >= pairs {
            break;
        }
        let (game, moves) = opening(rules, seed, plies);
        // Where there are few openings (short rows), the same comes again:
        // judged once.
        let judged = match (judgements.get(&moves), balanced, game.to_move()) {
            (Some(&judged), ..) => judged,
            (None, Some(judge), Some(_)) => {
                let deadline = Instant::now() + judge.time_cap();
                choose_move(
                    rules,
                    game.position(),
                    game.history(),
                    judge,
                    &mut Dice::new(seed),
                    None,
                    deadline,
                )
                .map(|choice| choice.value)
            }
            (None, ..) => None,
        };
        judgements.entry(moves.clone()).or_insert(judged);
        let open = judged.is_none_or(|value| match rules.plan().goal.score() {
            Score::Moving => value.abs() < mancala::ai::WIN / 2,
            Score::Seeds => value.abs() <= BALANCED_SEEDS,
        });
        if open {
            kept.push((game, moves));
        } else if let Some(value) = judged {
            others.push((value.abs(), game, moves));
        }
    }
    let short = usize::try_from(pairs)
        .unwrap_or(usize::MAX)
        .saturating_sub(kept.len());
    if short > 0 && !others.is_empty() {
        others.sort_by_key(|other| other.0);
        let widest = others[..short.min(others.len())].last().map_or(0, |o| o.0);
        println!(
            "{}: {} openings balanced; {} more, the closest to even, up to {widest} from it",
            rules.id(),
            kept.len(),
            short.min(others.len())
        );
        kept.extend(
            others
                .into_iter()
                .take(short)
                .map(|(_, game, moves)| (game, moves)),
        );
    }
    kept
}

/// How far from even, in seeds, an opening may be judged and still count
/// as balanced in a game scored by seeds.
const BALANCED_SEEDS: i32 = 4;

/// A match from `start` with `levels` (South's, North's), or its first
/// `rounds` rounds; returns the final margin for `watched` (as the search scores it), the
/// side of the level it follows through any swap, and the moves played.
fn play(
    start: &GameState,
    mut levels: [Player; 2],
    mut watched: Side,
    seed: u64,
    rounds: u16,
) -> Option<(i32, usize, String)> {
    let rules = start.rules().clone();
    let mut game = start.clone();
    let mut dice = Dice::new(seed);
    let mut moves = Vec::new();
    for _ in 0..3000 {
        match game.to_move() {
            Some(side) => {
                let (chosen, value, rest) = choose(levels[side.index()], &game, &mut dice)?;
                if game.can_swap() && value.is_some_and(takes_the_swap) {
                    // The second player takes the side that has just moved.
                    game = game.swap().ok()?;
                    levels.swap(0, 1);
                    watched = watched.other();
                    moves.push("swap".to_string());
                    continue;
                }
                game = game.play(chosen).ok()?;
                moves.push(chosen.to_string());
                // The rest of the turn, as planned with its first move (the
                // game plays it so).
                for &next in &rest {
                    if game.to_move() != Some(side) {
                        break;
                    }
                    game = game.play(next).ok()?;
                    moves.push(next.to_string());
                }
            }
            None if game.round() >= rounds => break,
            None => {
                // Where the round's loser chooses the pits to fill, a
                // computer chooses by its search (§12); others take the
                // rules' own order.
                let fill = game.position().fill_choice(&rules).and_then(|chooser| {
                    match levels[chooser.side.index()] {
                        Player::Computer(level) | Player::Plain(level) => {
                            let deadline = Instant::now() + level.time_cap();
                            choose_fill(&rules, game.position(), level, deadline)
                        }
                        Player::Mcts(_) => None,
                    }
                });
                match game.next_round_filling(fill) {
                    Ok(next) => game = next,
                    Err(_) => break,
                }
            }
        }
    }
    // The outcome as the search counts it: the store margin, or a win
    // where the player who cannot move loses (no store holds a seed).
    let lead = rules.plan().goal.margin(game.position(), watched);
    Some((lead, moves.len(), moves.join(",")))
}

fn main() {
    let pairs: u64 = env_or("PAIRS", 10);
    let plies: u32 = env_or("OPENING", 2);
    let strong: Player = env_or("STRONG", Player::Computer(Level::Hard));
    let weak: Player = env_or("WEAK", Player::Computer(Level::Easy));
    let rounds: u16 = match std::env::var("ROUNDS").as_deref() {
        Ok("all") => u16::MAX,
        _ => env_or("ROUNDS", 1),
    };
    let only: Option<Vec<String>> = std::env::var("VARIANT")
        .ok()
        .map(|v| v.split(',').map(str::to_string).collect());
    let catalog = Catalog::with_user_dir(None);
    for entry in catalog.entries() {
        let (id, rules) = (entry.rules.id(), &entry.rules);
        if only.as_ref().is_some_and(|o| !o.iter().any(|i| i == id)) {
            continue;
        }
        print_first_reply(id, rules);
        let started = Instant::now();
        let openings = openings(
            rules,
            pairs,
            plies,
            match strong {
                Player::Computer(level) if env_or("BALANCED", false) => Some(level),
                _ => None,
            },
        );
        let pairs = openings.len() as u64;
        let next = AtomicU64::new(0);
        let won = AtomicU64::new(0);
        // Per pair: the summed margin, and the plies to the strong level's
        // loss minus those to its win.
        let leads = std::sync::Mutex::new(vec![(0i32, 0i64); usize::try_from(pairs).unwrap_or(0)]);
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        // Each match of each pair, one per core at a time.
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let task = next.fetch_add(1, Ordering::Relaxed);
                        if task >= 2 * pairs {
                            break;
                        }
                        let (pair, strong_side) = if task.is_multiple_of(2) {
                            (task / 2, Side::South)
                        } else {
                            (task / 2, Side::North)
                        };
                        let (start, opened) = &openings[usize::try_from(pair).unwrap_or(0)];
                        let mut levels = [weak; 2];
                        levels[strong_side.index()] = strong;
                        let Some((lead, plies, moves)) =
                            play(start, levels, strong_side, task, rounds)
                        else {
                            continue;
                        };
                        if std::env::var_os("SHOW").is_some() {
                            eprintln!(
                                "pair {pair}, {strong} as {strong_side}: lead {lead}, moves {}",
                                [opened.join(","), moves].join(",")
                            );
                        }
                        if lead > 0 {
                            won.fetch_add(1, Ordering::Relaxed);
                        }
                        let sooner = -i64::from(lead.signum()) * i64::try_from(plies).unwrap_or(0);
                        let mut leads = leads.lock().unwrap();
                        let pair = &mut leads[usize::try_from(pair).unwrap_or(0)];
                        *pair = (pair.0 + lead, pair.1 + sooner);
                    }
                });
            }
        });
        let won = won.load(Ordering::Relaxed);
        let leads = leads.into_inner().unwrap();
        let pairs_won = leads.iter().filter(|&&(lead, _)| lead > 0).count();
        let swap = if rules.plan().rounds.swap {
            ", swap rule on"
        } else {
            ""
        };
        let judged = match (rules.plan().rounds.rounds, rounds) {
            (Rounds::Single, _) => String::new(),
            (_, u16::MAX) => ", whole matches".to_string(),
            (_, 1) => ", first rounds".to_string(),
            (_, n) => format!(", first {n} rounds"),
        };
        println!(
            "{id}: {strong} won {pairs_won} of {pairs} pairs against {weak} by summed margin \
             ({won} of {} matches; openings of {plies} random plies{swap}{judged}; {:.0} s)",
            2 * pairs,
            started.elapsed().as_secs_f64()
        );
        print_split_pairs(id, rules, strong, &leads);
    }
}

/// How long the strongest level takes to reply from the start.
fn print_first_reply(id: &str, rules: &Arc<Rules>) {
    let thinking = Instant::now();
    let start = GameState::new(rules.clone(), Side::South);
    let deadline = thinking + Level::Strongest.time_cap();
    let reply = choose_move(
        rules,
        start.position(),
        start.history(),
        Level::Strongest,
        &mut Dice::new(1),
        None,
        deadline,
    );
    println!(
        "{id}: the strongest level's first reply {:?} took {:.2} s",
        reply.map(|c| c.chosen.to_string()),
        thinking.elapsed().as_secs_f64()
    );
}

/// Where the player who cannot move loses: how many pairs the side decided
/// (each level won as the same side), and how many of those the strong
/// level won sooner than it lost.
fn print_split_pairs(id: &str, rules: &Rules, strong: Player, leads: &[(i32, i64)]) {
    let decided = leads
        .iter()
        .filter(|&&(lead, _)| lead == 0 && rules.plan().goal.score() == Score::Moving);
    let (split, won_sooner) = decided.fold((0, 0), |(split, sooner_won), &(_, s)| {
        (split + 1, sooner_won + usize::from(s > 0))
    });
    if split > 0 {
        println!(
            "{id}: in {split} pairs each level won its match as the same side; {strong} won \
             {won_sooner} of them sooner than it lost"
        );
    }
}

//! The exact solver for Kalah-shaped rule sets: stores sown, extra turns,
//! Kalah captures, one game that ends as soon as a row is empty.
//!
//! It searches a compact board seen from the player to move ([`board`]),
//! numbered one-to-one ([`index`]), with an endgame table built at the start
//! ([`endgame`]), a lock-free shared table of proven bounds ([`table`]) and
//! null-window tests that every thread runs together ([`search`]). Rule sets
//! of any other shape are solved by the general [`Searcher`](super::Searcher).

pub(super) mod board;
mod endgame;
pub(super) mod index;
mod memory;
mod search;
mod table;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use self::board::{MAX_ROW, Pits, Played, Shape, Sowing};
use self::endgame::Endgame;
use self::index::Indexer;
use self::memory::Memory;
use self::search::{Busy, Shared, Step};
use self::table::Table;
use super::search::{Limits, Searcher};
use crate::engine::{Direction, Move, Pit, Position, Rules, Side, Status};

/// Most seeds the compact board takes (values must fit in a byte).
const MAX_SEEDS: u32 = 120;

/// How often a long build or test says it is still at work.
const TELL_EVERY: Duration = Duration::from_secs(10);

/// What proving a position's value found and what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The final store margin of the player to move, with perfect play.
    pub value: i32,
    /// Every move that keeps that value.
    pub best: Vec<Move>,
    pub nodes: u64,
    /// Seeds up to which the endgame table holds every board (0: no table).
    pub endgame_seeds: u32,
    pub endgame_boards: usize,
    pub endgame_seconds: f64,
    pub table_bytes: usize,
}

/// How to solve: memory and threads.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Bytes for the transposition table and the endgame table together.
    pub memory: usize,
    pub threads: usize,
    /// How far the endgame table reaches, in seeds, instead of the default
    /// (the memory bound may lower it).
    pub endgame_seeds: Option<u32>,
}

impl SolveOptions {
    /// `mib` MiB and every core this machine has.
    #[must_use]
    pub fn with_mib(mib: usize) -> SolveOptions {
        SolveOptions {
            memory: mib.max(1) * 1024 * 1024,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            endgame_seeds: None,
        }
    }
}

/// How a solve is getting on, for a caller that shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Building the endgame table of every board with up to `seeds` seeds.
    Building { seeds: u32, boards: usize },
    /// Still building it, `done` of its `boards` boards worked out: told
    /// now and then, so a long build is seen at work.
    StillBuilding { done: u64, boards: usize },
    /// Proven so far: the final margin lies in `low..=high`.
    Bounds { low: i32, high: i32, nodes: u64 },
    /// Still testing whether the margin is at least `target`, the bounds
    /// unchanged for a while: told now and then, so a long solve is seen at
    /// work.
    Testing {
        low: i32,
        high: i32,
        target: i32,
        nodes: u64,
    },
    /// The memory given holds the endgame table only up to `reach` seeds,
    /// not the `wanted` that would make the search fast; `mib_wanted` MiB
    /// would hold it.
    ShortOfMemory {
        reach: u32,
        wanted: u32,
        mib_wanted: usize,
    },
    /// Rules that are not Kalah-shaped: the general search has looked
    /// `depth` moves ahead and sees `value` from there.
    Depth { depth: u32, value: i32, nodes: u64 },
}

/// Seeds on the board up to which exact values are quick enough to ask for
/// during play (hints, the strongest level, replay analysis). Measured on
/// Kalaha positions from random games, two cores: every pit's exact value
/// took at most 0.2 s with 20 seeds, 0.5 s with 26, 0.8 s with 28 and 1.4 s
/// with 30; the general one-second search often does not see to the end
/// from about 24 seeds.
pub const QUICK_EXACT_SEEDS: u16 = 28;

/// Whether `position` is one the exact solver answers quickly: Kalah-shaped
/// rules and at most [`QUICK_EXACT_SEEDS`] seeds on the board.
#[must_use]
pub fn is_quick_to_solve(rules: &Rules, position: &Position) -> bool {
    position.row_total(Side::South) + position.row_total(Side::North) <= QUICK_EXACT_SEEDS
        && is_kalah_shaped(rules)
}

/// Whether `rules` get the fast solver of this module.
#[must_use]
pub fn is_kalah_shaped(rules: &Rules) -> bool {
    kalah_shape(rules).is_some()
}

/// The compact board's shape when `rules` are Kalah-shaped, else `None`:
/// Kalah's mechanics (as the rules' one summary of them says, so a new
/// mechanic cannot make the solver solve another game, silently) on a
/// board the compact one holds.
fn kalah_shape(rules: &Rules) -> Option<Shape> {
    let kalah = rules.shortcuts().kalah?;
    let fits = u32::from(rules.total_seeds()) <= MAX_SEEDS && usize::from(rules.pits()) <= MAX_ROW;
    fits.then_some(Shape {
        row: usize::from(rules.pits()),
        skip_origin: kalah.skip_origin,
        empty_capture: kalah.empty_capture,
    })
}

/// Where pit `pit` (1..=n) of a row sits in the compact board's sowing order.
fn slot(rules: &Rules, pit: Pit) -> usize {
    match rules.plan().ways.track() {
        Direction::CounterClockwise => pit.offset(),
        Direction::Clockwise => usize::from(rules.pits()) - 1 - pit.offset(),
    }
}

/// The compact board of `position`, seen from `mover`.
fn compact(rules: &Rules, position: &Position, mover: Side) -> Pits {
    let m = usize::from(rules.pits());
    let mut pits = Pits([0; 2 * MAX_ROW]);
    for pit in Pit::all(rules.pits()) {
        for (side, offset) in [(mover, 0), (mover.other(), m)] {
            let count = position.pit(side, pit);
            pits.0[offset + slot(rules, pit)] = u8::try_from(count).unwrap_or(u8::MAX);
        }
    }
    pits
}

/// Proves the value of `position` (which must be ongoing) and finds every
/// best move. Kalah-shaped rules use the fast solver of this module; any
/// other rules the general search.
#[must_use]
pub fn solve(rules: &Rules, position: &Position, options: SolveOptions) -> Solution {
    solve_reporting(rules, position, options, &mut |_| {})
}

/// [`solve`], telling `progress` how it is getting on.
pub fn solve_reporting(
    rules: &Rules,
    position: &Position,
    options: SolveOptions,
    progress: &mut dyn FnMut(Progress),
) -> Solution {
    let fast = match (kalah_shape(rules), position.to_move(), position.status()) {
        (Some(shape), Some(mover), Status::Ongoing) => {
            solve_kalah(rules, position, mover, shape, options, progress)
        }
        _ => None,
    };
    fast.unwrap_or_else(|| solve_general(rules, position, options, progress))
}

/// Plies the general search deepens by between progress reports.
const GENERAL_STEP: u32 = 4;

fn solve_general(
    rules: &Rules,
    position: &Position,
    options: SolveOptions,
    progress: &mut dyn FnMut(Progress),
) -> Solution {
    let mut searcher = Searcher::new(rules, options.memory / (1024 * 1024));
    let report = searcher.solve_deepening(position, GENERAL_STEP, &mut |report| {
        progress(Progress::Depth {
            depth: report.depth,
            value: report.value,
            nodes: report.nodes,
        });
    });
    let mut best: Vec<Move> = report.move_values.iter().map(|&(mv, _)| mv).collect();
    best.sort_unstable();
    Solution {
        value: report.value,
        best,
        nodes: report.nodes,
        endgame_seeds: 0,
        endgame_boards: 0,
        endgame_seconds: 0.0,
        table_bytes: searcher.table_bytes(),
    }
}

/// How far the endgame table reaches, in seeds. Its size grows about
/// two-and-a-half-fold with every two seeds, and the search it saves shrinks
/// less than that, so the best reach grows with the seeds in play: on
/// Kalah(6,4), 18 seeds took 25 s in all and 20 took 36 s (16 took 47 s
/// with an earlier search); on Kalah(6,3), 12 was best. It is bounded by half the memory, and by the
/// seeds on the board (a table of all of them is the answer by itself).
fn endgame_reach(indexer: &Indexer, seeds: u32, options: SolveOptions) -> u32 {
    let wanted = wanted_reach(seeds, options);
    let mut reach = 0;
    while reach < wanted && indexer.count_up_to(reach as usize + 1) <= (options.memory / 2) as u64 {
        reach += 1;
    }
    reach
}

/// The reach the endgame table would have with memory enough.
fn wanted_reach(seeds: u32, options: SolveOptions) -> u32 {
    options.endgame_seeds.unwrap_or(seeds * 3 / 8).min(seeds)
}

/// The tables a search works with: the numbering, the endgame table built
/// for it and a transposition table in the memory left. Each search sees
/// them through [`Tables::shared`].
struct Tables {
    sowing: Sowing,
    indexer: Indexer,
    endgame_seeds: u32,
    endgame: Memory,
    table: Memory,
    endgame_seconds: f64,
}

impl Tables {
    /// Tables for boards of `shape` with up to `seeds` seeds, or `None` when
    /// their numbers would not fit.
    fn build(
        shape: Shape,
        seeds: i32,
        options: SolveOptions,
        progress: &mut dyn FnMut(Progress),
    ) -> Option<Tables> {
        let indexer = Indexer::new(shape, usize::try_from(seeds).ok()?)?;
        let reach = endgame_reach(&indexer, seeds.cast_unsigned(), options);
        let wanted = wanted_reach(seeds.cast_unsigned(), options);
        if reach < wanted {
            // A board a byte, in half the memory.
            let bytes = indexer.count_up_to(wanted as usize).saturating_mul(2);
            progress(Progress::ShortOfMemory {
                reach,
                wanted,
                mib_wanted: usize::try_from(bytes.div_ceil(1024 * 1024)).unwrap_or(usize::MAX),
            });
        }
        let endgame_bytes = Endgame::bytes_for(&indexer, reach);
        progress(Progress::Building {
            seeds: reach,
            boards: endgame_bytes,
        });
        let started = Instant::now();
        let mut endgame = Memory::zeroed(endgame_bytes);
        let sowing = Sowing::new(shape);
        Endgame::build(
            &sowing,
            &indexer,
            endgame.cells(),
            reach,
            options.threads.max(1),
            TELL_EVERY,
            &mut |done| {
                progress(Progress::StillBuilding {
                    done,
                    boards: endgame_bytes,
                });
            },
        );
        let endgame_seconds = started.elapsed().as_secs_f64();
        let table = Memory::zeroed(Table::bytes_for(
            options.memory.saturating_sub(endgame_bytes),
        ));
        Some(Tables {
            sowing,
            indexer,
            endgame_seeds: reach,
            endgame,
            table,
            endgame_seconds,
        })
    }

    fn shared<'a>(
        &'a mut self,
        threads: usize,
        stop: Option<&'a AtomicBool>,
        deadline: Option<Instant>,
    ) -> Shared<'a> {
        Shared {
            sowing: &self.sowing,
            indexer: &self.indexer,
            endgame: Endgame::new(self.endgame.cells(), self.endgame_seeds),
            table: Table::new(self.table.words()),
            nodes: AtomicU64::new(0),
            busy: Busy::new(threads),
            stop,
            deadline,
            halted: AtomicBool::new(false),
        }
    }
}

/// The fast solver, or `None` when the board's numbers would not fit.
fn solve_kalah(
    rules: &Rules,
    position: &Position,
    mover: Side,
    shape: Shape,
    options: SolveOptions,
    progress: &mut dyn FnMut(Progress),
) -> Option<Solution> {
    let board = compact(rules, position, mover);
    let seeds = board.total(shape);
    let threads = options.threads.max(1);
    let guess = first_guess(rules, position, mover);
    let mut tables = Tables::build(shape, seeds, options, progress)?;
    let endgame_seconds = tables.endgame_seconds;
    let shared = tables.shared(threads, None, None);
    let so_far = rules.plan().goal.margin(position, mover);
    let value = search::value(&shared, &board, guess, threads, &mut |step| {
        let nodes = shared.nodes.load(Ordering::Relaxed);
        progress(match step {
            Step::Proven { low, high } => Progress::Bounds {
                low: low + so_far,
                high: high + so_far,
                nodes,
            },
            Step::Testing { low, high, target } => Progress::Testing {
                low: low + so_far,
                high: high + so_far,
                target: target + so_far,
                nodes,
            },
        });
    })?;
    let mut best: Vec<Move> = best_moves(&shared, &board, seeds, value, threads)
        .into_iter()
        .map(|slot| move_of_slot(rules, slot))
        .collect();
    best.sort_unstable();
    Some(Solution {
        value: value + so_far,
        best,
        nodes: shared.nodes.load(Ordering::Relaxed),
        endgame_seeds: shared.endgame.max_seeds.cast_unsigned(),
        endgame_boards: shared.endgame.len(),
        endgame_seconds,
        table_bytes: shared.table.bytes(),
    })
}

/// Every legal pit with its exact value (the mover's final store margin
/// with perfect play after it), best first: for hints. `None` when the rules
/// are not Kalah-shaped, the round is over, or `stop` or `deadline` came
/// first.
#[must_use]
pub fn move_values(
    rules: &Rules,
    position: &Position,
    options: SolveOptions,
    stop: &AtomicBool,
    deadline: Instant,
) -> Option<Vec<(Move, i32)>> {
    let shape = kalah_shape(rules)?;
    let mover = position.to_move()?;
    if position.status() != Status::Ongoing {
        return None;
    }
    let board = compact(rules, position, mover);
    let threads = options.threads.max(1);
    let mut tables = Tables::build(shape, board.total(shape), options, &mut |_| {})?;
    let shared = tables.shared(threads, Some(stop), Some(deadline));
    let so_far = rules.plan().goal.margin(position, mover);
    // The position's own value first: no move is worth more, so each move's
    // search starts from where that value puts it, and the table is warm.
    let guess = first_guess(rules, position, mover);
    let best = search::value(&shared, &board, guess, threads, &mut |_| {})?;
    let mut values = Vec::new();
    for slot in (0..shape.row).filter(|&slot| board.0[slot] > 0) {
        let value = match board.play(shared.sowing, slot) {
            Played::Finished { gain } => gain,
            Played::Again { gain, board } => {
                gain + search::value(&shared, &board, best - gain, threads, &mut |_| {})?
            }
            Played::Over { gain, board } => {
                gain - search::value(&shared, &board, gain - best, threads, &mut |_| {})?
            }
        };
        values.push((move_of_slot(rules, slot), value + so_far));
    }
    values.sort_by_key(|&(pit, value)| (std::cmp::Reverse(value), pit));
    Some(values)
}

/// Exact values of many positions of Kalah-shaped games with few seeds on
/// the board, one after another, on shared tables: the positions of one
/// match share most of their game trees, so each solve starts warm.
pub struct ExactValues {
    rules: Rules,
    shape: Shape,
    max_seeds: i32,
    tables: Tables,
    threads: usize,
}

impl ExactValues {
    /// Tables for positions with up to `max_seeds` seeds on the board, or
    /// `None` when the rules are not Kalah-shaped.
    #[must_use]
    pub fn new(rules: &Rules, max_seeds: u16, options: SolveOptions) -> Option<ExactValues> {
        let shape = kalah_shape(rules)?;
        let max_seeds = i32::from(max_seeds);
        let tables = Tables::build(shape, max_seeds, options, &mut |_| {})?;
        Some(ExactValues {
            rules: rules.clone(),
            shape,
            max_seeds,
            tables,
            threads: options.threads.max(1),
        })
    }

    /// The final store margin of the player to move with perfect play, or
    /// `None` when the round is over, the board holds more seeds than the
    /// tables were made for, or `stop` or `deadline` came first.
    #[must_use]
    pub fn value(
        &mut self,
        position: &Position,
        stop: &AtomicBool,
        deadline: Instant,
    ) -> Option<i32> {
        let mover = position.to_move()?;
        if position.status() != Status::Ongoing {
            return None;
        }
        let board = compact(&self.rules, position, mover);
        if board.total(self.shape) > self.max_seeds {
            return None;
        }
        let shared = self.tables.shared(self.threads, Some(stop), Some(deadline));
        let value = search::value(&shared, &board, 0, self.threads, &mut |_| {})?;
        Some(value + self.rules.plan().goal.margin(position, mover))
    }
}

/// The move that sows a slot of the compact board's row.
fn move_of_slot(rules: &Rules, slot: usize) -> Move {
    let offset = match rules.plan().ways.track() {
        Direction::CounterClockwise => slot,
        Direction::Clockwise => usize::from(rules.pits()) - 1 - slot,
    };
    Move::sow(Pit::at_offset(offset).expect("a row has at most 16 pits"))
}

/// A quick depth-limited estimate of what the mover gains from here, to start
/// the exact tests near the answer.
fn first_guess(rules: &Rules, position: &Position, mover: Side) -> i32 {
    let mut searcher = Searcher::new(rules, 2);
    let limits = Limits {
        max_nodes: Some(300_000),
        ..Limits::depth(64)
    };
    let report = searcher.search(position, limits, false);
    report.value - rules.plan().goal.margin(position, mover)
}

/// The mover's moves (compact slots) that reach `value`, shared out over
/// the threads.
fn best_moves(shared: &Shared, board: &Pits, seeds: i32, value: i32, threads: usize) -> Vec<usize> {
    let moves: Vec<usize> = (0..shared.sowing.shape.row)
        .filter(|&p| board.0[p] > 0)
        .collect();
    let next = AtomicU64::new(0);
    let reaches = |pit: usize| match board.play(shared.sowing, pit) {
        Played::Finished { gain } => gain >= value,
        Played::Again { gain, board } => {
            gain + search::test_once(shared, &board, seeds - gain, value - gain) >= value
        }
        Played::Over { gain, board } => {
            gain - search::test_once(shared, &board, seeds - gain, gain - value + 1) >= value
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while let Some(&pit) = moves.get(next.fetch_add(1, Ordering::Relaxed) as usize)
                    {
                        if reaches(pit) {
                            mine.push(pit);
                        }
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a search thread panicked"))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Dice;

    /// Kalah with `pits` pits of `seeds` seeds, and these lines added to
    /// its sowing and captures.
    fn kalah(pits: u8, seeds: u8, sowing: &str, captures: &str) -> Rules {
        let text = format!(
            "id = \"kalah-test\"\nname = \"Kalah test\"\ndescription = \"For tests.\"\n\
             [board]\npits = {pits}\nseeds-per-pit = {seeds}\nstores = \"sown\"\n\
             [sowing]\nextra-turn = true\n{sowing}\n\
             [captures]\nkalah = true\n{captures}\n\
             [round]\nend = \"side-empty\"\n"
        );
        Rules::from_toml(&text).expect("a valid rule file")
    }

    /// The compact board's move against the engine's on every legal move
    /// of `games` random games: the same gain, and the same board for the
    /// same player to move next. Gives how many moves were compared.
    fn compare_with_the_engine(rules: &Rules, games: u64) -> usize {
        let sowing = Sowing::new(kalah_shape(rules).expect("Kalah-shaped"));
        let mut moves = 0;
        for seed in 1..=games {
            let mut dice = Dice::new(seed);
            let mut position = Position::new(rules, Side::South);
            while let (Some(mover), Status::Ongoing) = (position.to_move(), position.status()) {
                let board = compact(rules, &position, mover);
                let legal = position.legal_moves(rules);
                for &pit in &legal {
                    let child = position.play(rules, pit).expect("a legal move");
                    let gain = rules.plan().goal.margin(&child, mover)
                        - rules.plan().goal.margin(&position, mover);
                    let expected = match (child.status(), child.to_move()) {
                        (Status::Ongoing, Some(next)) if next == mover => Played::Again {
                            gain,
                            board: compact(rules, &child, mover),
                        },
                        (Status::Ongoing, Some(next)) => Played::Over {
                            gain,
                            board: compact(rules, &child, next),
                        },
                        _ => Played::Finished { gain },
                    };
                    let played = board.play(&sowing, slot(rules, pit.pit()));
                    assert_eq!(
                        played,
                        expected,
                        "{pit} at {position:?} under\n{}",
                        rules.text()
                    );
                    moves += 1;
                }
                position = position
                    .play(rules, legal[dice.below(legal.len())])
                    .expect("a legal move");
            }
        }
        moves
    }

    /// Random rule files of every mechanic, each Kalah with a few of its
    /// choices changed: each one the solver takes must play exactly as the
    /// engine does, so a mechanic its shape check forgot (which would make
    /// it solve another game) fails here.
    #[test]
    fn every_rule_set_the_solver_takes_plays_as_the_engine() {
        // Kalah's choice first, then the others.
        let choices: [&[&str]; 15] = [
            &[
                "stores = \"sown\"",
                "stores = \"not-sown\"",
                "stores = \"aside\"",
            ],
            &[
                "[sowing]\ndirection = \"clockwise\"",
                "[sowing]\ndirection = \"counter-clockwise\"",
            ],
            &["", "first-seed = \"origin\""],
            &["", "skip = [\"origin\"]", "skip = [\"lap-start\"]"],
            &["", "relay = \"next-pit\"", "relay = \"landing-pit\""],
            &["", "must-feed = true"],
            &[
                "[extra-turn]\nown-store = true",
                "",
                "[extra-turn]\nown-store = true\nafter-capture = true",
            ],
            &["", "[capture.while-sowing]\ncount = 4"],
            &["", "[capture.leap]", "[capture.leap]\nalso-across = true"],
            &[
                "[capture.across]",
                "[capture.across]\nacross-empty = \"capturing-seed\"",
                "",
                "[capture.across]\ncapturing-seed = \"left\"",
            ],
            &["", "[capture.by-count]\ncounts = [2, 3]"],
            &["", "[owned-pits]\ncount = 3"],
            &[
                "[round]\nends-when = \"row-empty\"",
                "[round]\nends-when = \"no-move\"",
                "[round]\nends-when = \"no-move\"\nrest-goes-to = \"other-player\"",
                "[round]\nends-when = \"no-one-can-move\"",
                "[round]\nends-when = \"row-empty\"\nrest-goes-to = \"emptier\"",
            ],
            &["", "more-than-half = true"],
            &["", "repetition = true"],
        ];
        let mut dice = Dice::new(0x5eed);
        let (mut shaped, mut compared) = (0, 0);
        for _ in 0..2000 {
            let (pits, seeds) = (1 + dice.below(5), 1 + dice.below(4));
            let mut text = format!(
                "id = \"random\"\nname = \"Random\"\ndescription = \"For tests.\"\n\
                 [board]\npits = {pits}\nseeds-per-pit = {seeds}\n"
            );
            for words in choices {
                // Kalah's own choice most of the time, another now and then.
                let word = if dice.below(6) == 0 {
                    words[dice.below(words.len())]
                } else {
                    words[0]
                };
                text.push_str(word);
                text.push('\n');
            }
            let Ok(rules) = Rules::from_toml(&text) else {
                continue;
            };
            if is_kalah_shaped(&rules) {
                shaped += 1;
                compared += compare_with_the_engine(&rules, 3);
            }
        }
        assert!(
            shaped > 100 && compared > 2000,
            "{shaped} rule sets, {compared} moves"
        );
    }

    #[test]
    fn the_compact_board_moves_as_the_engine_does() {
        let rule_sets = [
            kalah(6, 4, "direction = \"counter-clockwise\"", ""),
            kalah(6, 4, "direction = \"clockwise\"", "kalah-empty = true"),
            // Whole laps: up to 26 seeds in a pit of a track of 7 places.
            kalah(3, 6, "direction = \"counter-clockwise\"", ""),
            kalah(
                3,
                6,
                "direction = \"counter-clockwise\"\nskip-origin = true",
                "",
            ),
            kalah(16, 3, "direction = \"clockwise\"\nskip-origin = true", ""),
            kalah(
                1,
                5,
                "direction = \"counter-clockwise\"",
                "kalah-empty = true",
            ),
        ];
        for rules in &rule_sets {
            let moves = compare_with_the_engine(rules, 40);
            assert!(moves > 100, "{moves} moves");
        }
    }
}

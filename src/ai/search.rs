//! Game-tree search for the computer player, hints and exact solving:
//! iterative-deepening alpha-beta (negamax) with a transposition table.
//!
//! Inside the search a value is what the player to move can still gain on the
//! opponent from here: seeds they will add to their store minus seeds the
//! opponent will add. It does not depend on the stores, so the table is keyed
//! without them and one entry serves every split of the seeds already won.
//! Reports add the margin so far, giving the final store margin. A position
//! whose round is over gains nothing more; at the search horizon the
//! evaluation guesses what is still to come (src/ai/evaluation.rs). An
//! extra turn keeps the same player, so its value is not negated.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::evaluation::guess;
use super::tables::EndgameTable;
use crate::engine::{History, Move, Pit, Position, Rules, Side, Status};

/// Larger than any margin (at most 2,048 seeds).
const INFINITY: i32 = 10_000;
/// Depth recorded for a value that no horizon touched: the true game value.
const TRUE_DEPTH: u8 = u8::MAX;
/// The longest turn `rest_of_turn` reads from the table.
const MAX_TURN_MOVES: usize = 1000;
/// How often (in nodes) the clock and the stop flag are looked at: often
/// enough that a timed search answers within a few milliseconds of its
/// time in every game.
const CHECK_EVERY: u64 = 256;
/// How often (in nodes) the node budget is looked at: the levels' budgets were
/// measured with it, the easiest's 200 nodes being 1,024 in effect.
const COUNT_EVERY: u64 = 1024;

/// When to stop searching.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    pub max_nodes: Option<u64>,
    pub deadline: Option<Instant>,
    /// Set from another thread to stop at once.
    pub stop: Option<Arc<AtomicBool>>,
    /// The first iteration's depth. Solving starts deep: shallow iterations
    /// only help move ordering when the game tree cannot be searched out.
    pub first_depth: u32,
    /// Plies added from one iteration to the next.
    pub depth_step: u32,
    /// Count nothing more at the horizon instead of the evaluation's guess
    /// (the search as it was before it had one, to measure against).
    pub plain: bool,
}

impl Limits {
    /// Search to `depth` plies (or until the value is exact).
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            max_nodes: None,
            deadline: None,
            stop: None,
            first_depth: 1,
            depth_step: 1,
            plain: false,
        }
    }

    /// Search until the value is exact, however long that takes.
    #[must_use]
    pub fn exact() -> Limits {
        Limits {
            first_depth: 250,
            depth_step: 250,
            ..Limits::depth(u32::MAX)
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The best pit for the player to move (`None` when the round is over).
    pub best: Option<Move>,
    /// Its value: the margin the player to move can reach.
    pub value: i32,
    /// Deepest iteration completed.
    pub depth: u32,
    /// Whether `value` is the true game value (no horizon was reached).
    pub exact: bool,
    pub nodes: u64,
    /// Each legal pit's value, best first (filled when asked for).
    pub move_values: Vec<(Move, i32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: i16,
    depth: u8,
    bound: Bound,
    best: Move,
    /// The search that wrote it (the table's count of searches then).
    generation: u8,
}

/// A transposition table of fixed size in pairs of slots: the first keeps
/// the deepest entry met by this search (those near the root, where the
/// line the computer means to play runs), the second the latest. A table
/// kept from one move to the next lets the old searches' deep entries go
/// to this one's.
pub struct Table {
    entries: Vec<Option<Entry>>,
    /// Selects a pair's first slot.
    mask: usize,
    /// Counts the searches this table served (wrapping).
    generation: u8,
}

impl Default for Table {
    /// The smallest table (1,024 entries).
    fn default() -> Table {
        Table::with_entries(1024)
    }
}

impl Table {
    /// A table of about `mib` MiB (a power of two entries, at least 1,024).
    #[must_use]
    pub fn with_mib(mib: usize) -> Table {
        let bytes = mib.max(1) * 1024 * 1024;
        let wanted = (bytes / std::mem::size_of::<Option<Entry>>()).max(1024);
        Table::with_entries(1usize << (usize::BITS - 1 - wanted.leading_zeros()))
    }

    /// `size` entries, a power of two.
    fn with_entries(size: usize) -> Table {
        Table {
            entries: vec![None; size],
            mask: (size - 1) & !1,
            generation: 0,
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    /// Marks the entries written from now on as the next search's.
    fn begin_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The first slot of `key`'s pair.
    fn slot(&self, key: u64) -> usize {
        // The low bits index the table; the full key is checked on reading.
        (key as usize) & self.mask
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        self.entries[slot..slot + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    fn put(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let same = (slot..slot + 2).find(|&s| self.entries[s].is_some_and(|e| e.key == entry.key));
        let at = match (same, self.entries[slot]) {
            // Keep true game values over depth-limited ones of the position.
            (Some(s), _) => {
                let old = self.entries[s].unwrap_or(entry);
                if old.depth == TRUE_DEPTH && entry.depth != TRUE_DEPTH {
                    return;
                }
                s
            }
            (None, Some(deepest))
                if deepest.depth > entry.depth && deepest.generation == self.generation =>
            {
                slot + 1
            }
            (None, _) => slot,
        };
        self.entries[at] = Some(Entry {
            generation: self.generation,
            ..entry
        });
    }

    /// Bytes the table takes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Option<Entry>>()
    }
}

pub use crate::engine::mechanics::goal::WIN;

/// A searcher: the rules, its table and its counters.
pub struct Searcher<'r> {
    rules: &'r Rules,
    table: Table,
    limits: Limits,
    nodes: u64,
    aborted: bool,
    /// The line down to the node being searched, where a repeated position
    /// ends the game.
    history: History,
    /// Move lists done with, kept for the next node: a node then allocates
    /// nothing.
    spare_lists: Vec<Vec<(Move, Position, i32)>>,
    /// What an endgame table proves of positions with few seeds.
    endgame: Option<Arc<EndgameTable>>,
}

impl<'r> Searcher<'r> {
    #[must_use]
    pub fn new(rules: &'r Rules, hash_mib: usize) -> Searcher<'r> {
        Searcher::with_table(rules, Table::with_mib(hash_mib))
    }

    /// A searcher that begins with what `table` holds (from earlier
    /// searches under the same rules); [`Searcher::into_table`] gives it back.
    #[must_use]
    pub fn with_table(rules: &'r Rules, table: Table) -> Searcher<'r> {
        Searcher {
            rules,
            table,
            limits: Limits::depth(1),
            nodes: 0,
            aborted: false,
            history: History::default(),
            spare_lists: Vec::new(),
            endgame: None,
        }
    }

    /// An endgame table of these rules for the search to take proven values
    /// from.
    pub fn set_endgame(&mut self, endgame: Option<Arc<EndgameTable>>) {
        self.endgame = endgame;
    }

    /// What the endgame table proves of `position`'s value: the least and
    /// the most the player to move gains from here. Asked only where the
    /// line a repeated position is judged against begins (the table's
    /// values hold there, `crate::ai::tables`). Where a player passing half
    /// the seeds ends the game, the table counts on to the board's end: the
    /// winner is the same, the margin may be larger.
    fn proven(&self, position: &Position) -> Option<(i32, i32)> {
        let endgame = self.endgame.as_ref()?;
        if self.rules.plan().goal.repetition && !self.history.starts_line() {
            return None;
        }
        endgame.probe(position).map(|value| value.gains())
    }

    /// The positions that led to the next search's root (which must be the
    /// last), so that a search under the end by repetition knows them.
    pub fn set_past(&mut self, past: History) {
        self.history = past;
    }

    /// Bytes of the transposition table.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The table, with what the searches wrote in it, for the next searcher.
    #[must_use]
    pub fn into_table(self) -> Table {
        self.table
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let over_nodes = self.nodes.is_multiple_of(COUNT_EVERY)
                && self.limits.max_nodes.is_some_and(|n| self.nodes >= n);
            let over_time = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            self.aborted = over_nodes || over_time || stopped;
        }
        self.aborted
    }

    /// The legal moves and their positions, most promising first (give the
    /// list back with [`Searcher::recycle`]).
    fn children(
        &mut self,
        position: &Position,
        mover: Side,
        first: Option<Move>,
    ) -> Vec<(Move, Position, i32)> {
        let mut children = self.spare_lists.pop().unwrap_or_default();
        children.clear();
        position.for_each_move(self.rules, |mv, child| {
            let gained = self.rules.plan().goal.margin(child, mover)
                - self.rules.plan().goal.margin(position, mover);
            let again = if child.to_move() == Some(mover) {
                1000
            } else {
                0
            };
            let tried_first = if Some(mv) == first { 100_000 } else { 0 };
            children.push((mv, *child, tried_first + again + 10 * gained));
        });
        children.sort_by_key(|c| std::cmp::Reverse(c.2));
        children
    }

    /// Keeps a move list from [`Searcher::children`] for another node.
    fn recycle(&mut self, children: Vec<(Move, Position, i32)>) {
        self.spare_lists.push(children);
    }

    /// The value of `child` for `mover`, who just moved into it from
    /// `parent`: what the move itself gained (its captures, sowing into the
    /// store, a round's end) plus, unless the round is over, the child's own
    /// value, negated when the other player moves next.
    fn child_value(
        &mut self,
        parent: &Position,
        child: &Position,
        mover: Side,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        // Where a repeated position ends the game, the child joins the line
        // and may turn out to be that end. Its value then depends on the
        // path, and the table may hand it on to the same position reached
        // another way (as chess programs accept for their draws by
        // repetition); it counts as exact, so solving can finish.
        let remembering = self.rules.plan().goal.repetition;
        let ended = if remembering {
            self.history.enter(self.rules, child)
        } else {
            None
        };
        let child = ended.as_ref().unwrap_or(child);
        let gained = self.rules.plan().goal.margin(child, mover)
            - self.rules.plan().goal.margin(parent, mover);
        let result = match child.status() {
            Status::Ongoing if child.to_move() == Some(mover) => {
                let (value, exact) = self.negamax(child, depth, alpha - gained, beta - gained);
                (gained + value, exact)
            }
            Status::Ongoing => {
                let (value, exact) =
                    self.negamax(child, depth, -(beta - gained), -(alpha - gained));
                (gained - value, exact)
            }
            // A game won sooner, or lost later, is worth a little more: a
            // lost side plays on for the opponent's mistakes rather than
            // into the quickest loss (where who cannot move loses).
            // In territory matches a round is worth the pits it wins,
            // not the seeds beyond them.
            _ => {
                let worth = match self.rules.plan().rounds.territory_worth(
                    child,
                    mover,
                    self.rules.seeds_per_pit(),
                ) {
                    Some(worth) => worth - self.rules.plan().goal.margin(parent, mover),
                    None => gained,
                };
                (
                    worth + self.rules.plan().goal.sooner_or_later(child, mover, depth),
                    true,
                )
            }
        };
        if remembering {
            self.history.pop();
        }
        result
    }

    /// Alpha-beta from the point of view of the player to move in `position`,
    /// which must be ongoing. Returns the value and whether no horizon was
    /// reached below.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.out_of_budget() {
            return (0, false);
        }
        let Some(mover) = position.to_move() else {
            return (0, true);
        };
        let proven = self.proven(position);
        if let Some((least, most)) = proven
            && (least == most || least >= beta || most <= alpha)
        {
            let value = if most <= alpha { most } else { least };
            return (value, true);
        }
        let key = position.key_without_stores();
        let entry = self.table.get(key);
        if let Some(e) = entry
            && (e.depth == TRUE_DEPTH || u32::from(e.depth) >= depth)
        {
            let value = i32::from(e.value);
            let exact = e.depth == TRUE_DEPTH;
            match e.bound {
                Bound::Exact => return (value, exact),
                Bound::Lower if value >= beta => return (value, exact),
                Bound::Upper if value <= alpha => return (value, exact),
                _ => {}
            }
        }
        if depth == 0 {
            let guess = if self.limits.plain {
                0
            } else {
                guess(self.rules, position, mover)
            };
            return (guess, false);
        }
        let original_alpha = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = Move::sow(Pit::new(0));
        let mut exact = true;
        let children = self.children(position, mover, entry.map(|e| e.best));
        for (index, &(mv, child, _)) in children.iter().enumerate() {
            // Principal variation search: the first move with the full window,
            // the rest with a null window, searched again only if they beat it.
            let (mut value, mut child_exact) = if index == 0 {
                self.child_value(position, &child, mover, depth - 1, alpha, beta)
            } else {
                self.child_value(position, &child, mover, depth - 1, alpha, alpha + 1)
            };
            if index > 0 && value > alpha && value < beta && !self.aborted {
                (value, child_exact) =
                    self.child_value(position, &child, mover, depth - 1, alpha, beta);
            }
            if self.aborted {
                break;
            }
            exact &= child_exact;
            if value > best_value {
                best_value = value;
                best_move = mv;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.recycle(children);
        if self.aborted {
            return (0, false);
        }
        if best_value == -INFINITY {
            // No legal move: the engine ends such rounds before this, but be safe.
            return (0, true);
        }
        if let Some((least, most)) = proven {
            // A guess at the horizon never goes past what is proven.
            best_value = best_value.clamp(least, most);
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            value: i16::try_from(best_value).unwrap_or(0),
            depth: if exact {
                TRUE_DEPTH
            } else {
                u8::try_from(depth.min(254)).unwrap_or(254)
            },
            bound,
            best: best_move,
            generation: 0,
        });
        (best_value, exact)
    }

    /// Iterative deepening from `position` within `limits`. With `all_values`
    /// every legal pit gets its own value (for hints); otherwise the root is
    /// pruned like any node.
    pub fn search(&mut self, position: &Position, limits: Limits, all_values: bool) -> Report {
        self.search_reporting(position, limits, all_values, &mut |_, _| {})
    }

    /// Like [`search`](Searcher::search), handing each finished
    /// iteration's report (its `nodes` so far) to `progress`, with the
    /// searcher to read the expected line from.
    pub fn search_reporting(
        &mut self,
        position: &Position,
        limits: Limits,
        all_values: bool,
        progress: &mut dyn FnMut(&Report, &Searcher),
    ) -> Report {
        self.limits = limits;
        self.table.begin_search();
        self.nodes = 0;
        self.aborted = false;
        let mut report = Report {
            best: None,
            value: 0,
            depth: 0,
            exact: false,
            nodes: 0,
            move_values: Vec::new(),
        };
        let Some(mover) = position.to_move() else {
            report.exact = true;
            return report;
        };
        if !self.history.ends_at(position) {
            self.history = History::starting_at(position);
        }
        let mut depth = self
            .limits
            .first_depth
            .clamp(1, self.limits.max_depth.max(1));
        while depth <= self.limits.max_depth {
            let mut alpha = -INFINITY;
            let mut values = Vec::new();
            let mut exact = true;
            let first = report.best;
            for (index, (mv, child, _)) in self
                .children(position, mover, first)
                .into_iter()
                .enumerate()
            {
                let (mut value, mut child_exact) = if all_values || index == 0 {
                    self.child_value(position, &child, mover, depth - 1, -INFINITY, INFINITY)
                } else {
                    self.child_value(position, &child, mover, depth - 1, alpha, alpha + 1)
                };
                if !all_values && index > 0 && value > alpha && !self.aborted {
                    (value, child_exact) =
                        self.child_value(position, &child, mover, depth - 1, alpha, INFINITY);
                }
                if self.aborted {
                    break;
                }
                exact &= child_exact;
                values.push((mv, value));
                alpha = alpha.max(value);
            }
            if self.aborted {
                break;
            }
            values.sort_by_key(|v| std::cmp::Reverse(v.1));
            // Reports give final margins: add what is already won.
            let so_far = self.rules.plan().goal.margin(position, mover);
            for (_, value) in &mut values {
                *value += so_far;
            }
            report.best = values.first().map(|&(mv, _)| mv);
            report.value = values.first().map_or(0, |&(_, v)| v);
            report.depth = depth;
            report.exact = exact;
            report.move_values = if all_values { values } else { Vec::new() };
            report.nodes = self.nodes;
            progress(&report, self);
            if exact {
                break;
            }
            depth = depth.saturating_add(self.limits.depth_step.max(1));
        }
        report.nodes = self.nodes;
        report
    }
}

impl Searcher<'_> {
    /// The moves the same player makes after `first` while the turn lasts
    /// (extra turns, a move after a capture), as the last search's table
    /// has them: a turn of many moves is searched once. Shorter, or empty,
    /// where the table lost the line.
    #[must_use]
    pub fn rest_of_turn(&self, position: &Position, first: Move) -> Vec<Move> {
        let mover = position.to_move();
        self.follow(position, first, MAX_TURN_MOVES, |at| at.to_move() == mover)
    }

    /// The line the last search expects after `first`, at most `length`
    /// moves, as far as its table has it (the principal variation).
    #[must_use]
    pub fn expected_line(&self, position: &Position, first: Move, length: usize) -> Vec<Move> {
        let mut line = vec![first];
        line.extend(
            self.follow(position, first, length.saturating_sub(1), |at| {
                at.to_move().is_some()
            }),
        );
        line
    }

    /// The table's best moves after `first`, while `going_on` holds for
    /// the position reached and at most `most` of them.
    fn follow(
        &self,
        position: &Position,
        first: Move,
        most: usize,
        going_on: impl Fn(&Position) -> bool,
    ) -> Vec<Move> {
        let mut rest = Vec::new();
        let Ok(mut at) = position.play(self.rules, first) else {
            return rest;
        };
        // Every move sows at least one seed, but a table line could in
        // principle lead round in a circle: a bound, far above any turn.
        while going_on(&at) && rest.len() < most {
            let Some(entry) = self.table.get(at.key_without_stores()) else {
                break;
            };
            let Ok(next) = at.play(self.rules, entry.best) else {
                break;
            };
            rest.push(entry.best);
            at = next;
        }
        rest
    }

    /// The exact value of `position` for the player to move; `move_values`
    /// holds the best moves, each with that value.
    pub fn solve(&mut self, position: &Position) -> Report {
        let report = self.search(position, Limits::exact(), false);
        self.with_best_moves(position, report)
    }

    /// Like [`solve`](Searcher::solve), but deepening `step` plies at a time
    /// and handing each finished depth's report to `progress`, for solves
    /// that may take long.
    pub fn solve_deepening(
        &mut self,
        position: &Position,
        step: u32,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        let mut depth = step.max(1);
        let mut nodes = 0;
        loop {
            let limits = Limits {
                first_depth: depth,
                ..Limits::depth(depth)
            };
            let mut report = self.search(position, limits, false);
            nodes += report.nodes;
            report.nodes = nodes;
            progress(&report);
            if report.exact || position.to_move().is_none() {
                return self.with_best_moves(position, report);
            }
            depth = depth.saturating_add(step.max(1));
        }
    }

    /// Fills `move_values` of an exact report with every move that keeps its
    /// value.
    fn with_best_moves(&mut self, position: &Position, mut report: Report) -> Report {
        let Some(mover) = position.to_move() else {
            return report;
        };
        if !report.exact {
            return report;
        }
        self.nodes = report.nodes;
        // Which other moves reach the same value: a null window at it each.
        let to_gain = report.value - self.rules.plan().goal.margin(position, mover);
        let mut best = Vec::new();
        for (mv, child, _) in self.children(position, mover, report.best) {
            let (at_least, _) =
                self.child_value(position, &child, mover, u32::MAX - 1, to_gain - 1, to_gain);
            if at_least >= to_gain {
                best.push((mv, report.value));
            }
        }
        report.nodes = self.nodes;
        report.move_values = best;
        report
    }
}

/// The exact value of `position` for the player to move, and the best moves.
#[must_use]
pub fn solve(rules: &Rules, position: &Position, hash_mib: usize) -> Report {
    Searcher::new(rules, hash_mib).solve(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// Seeds in a weg are its owner's at the end, and the search counts
    /// them so while play goes on: else making one gains nothing it sees.
    #[test]
    fn the_seeds_of_an_owned_pit_count_for_its_owner() {
        let catalog = Catalog::with_user_dir(None);
        let gabata = catalog.find("gabata").unwrap().rules.clone();
        let text = "south: 4 4 4 4 4 4 store 2; north: 4 4 2s 4 4 4 store 0; round 1; \
                    south to move";
        let position = Position::from_text(&gabata, text).unwrap();
        assert_eq!(gabata.plan().goal.margin(&position, Side::South), 2 + 2);
        assert_eq!(gabata.plan().goal.margin(&position, Side::North), -4);
        // Where no pit is owned, the stores alone.
        let kalaha = catalog.find("kalaha").unwrap().rules.clone();
        let text = "south: 4 4 4 4 4 2 store 3; north: 4 4 4 4 4 2 store 1; round 1; \
                    south to move";
        let position = Position::from_text(&kalaha, text).unwrap();
        assert_eq!(kalaha.plan().goal.margin(&position, Side::South), 2);
    }
}

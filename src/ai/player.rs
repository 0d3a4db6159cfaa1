//! The computer player: a search budget and a little randomness per level.
//! The strongest level plays perfectly once a Kalah-shaped game is small
//! enough for the exact solver.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::kalah::{SolveOptions, is_quick_to_solve, move_values};
use super::search::{Limits, Searcher};
use crate::engine::{History, Move, Position, Rules};

/// How strong the computer plays. Budgets are counted in nodes, not seconds,
/// so a game with a fixed seed is the same on any machine; `time_cap` only
/// keeps a slow machine (or a game of costly moves) from making the players
/// wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Strongest,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Strongest];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Strongest => "strongest",
        }
    }

    /// Nodes the search may visit for one move.
    #[must_use]
    pub fn nodes(self) -> u64 {
        match self {
            Level::Easy => 200,
            Level::Medium => 20_000,
            Level::Hard => 400_000,
            Level::Strongest => 4_000_000,
        }
    }

    /// Moves within this many seeds of the best may be chosen instead.
    #[must_use]
    pub fn slack(self) -> i32 {
        match self {
            Level::Easy => 6,
            Level::Medium => 2,
            Level::Hard | Level::Strongest => 0,
        }
    }

    #[must_use]
    pub fn time_cap(self) -> Duration {
        match self {
            Level::Easy | Level::Medium => Duration::from_millis(500),
            // Under 3 s a reply in every built-in game on two cores; the node
            // budget decides first where moves are cheap (Kalaha, Oware).
            Level::Hard | Level::Strongest => Duration::from_millis(2500),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not one of the level names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium, hard or strongest")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.to_ascii_lowercase())
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// A small deterministic generator (xorshift64*), so a seed fixes a game.
#[derive(Clone, Copy, Debug)]
pub struct Dice(u64);

impl Dice {
    #[must_use]
    pub fn new(seed: u64) -> Dice {
        Dice(seed | 1)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// A move the computer chose, with what it expects of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub chosen: Move,
    /// The final store margin the mover expects after this move (as far as
    /// the search saw).
    pub value: i32,
    /// Plies the search looked ahead; `None` when the exact solver chose.
    pub depth: Option<u32>,
    /// The moves the computer means to make after `chosen` in the same turn
    /// (extra turns), found by the same search: play them while the
    /// position is the one they were planned for, and search again after.
    pub rest: Vec<Move>,
}

/// The computer's move in `position` at `level`, or `None` when the round is
/// over. `past` holds the positions that led to it (the match so far), for
/// the end by repetition. `stop` or the `deadline` (usually
/// `level.time_cap()` from now) end the thinking early: the best so far is
/// played.
#[must_use]
pub fn choose_move(
    rules: &Rules,
    position: &Position,
    past: &History,
    level: Level,
    dice: &mut Dice,
    stop: Option<Arc<AtomicBool>>,
    deadline: Instant,
) -> Option<Choice> {
    position.to_move()?;
    if level == Level::Strongest
        && let Some((chosen, value)) = perfect_move(rules, position, stop.as_deref(), deadline)
    {
        return Some(Choice {
            chosen,
            value,
            depth: None,
            rest: Vec::new(),
        });
    }
    let mut searcher = Searcher::new(rules, 16);
    searcher.set_past(past.clone());
    let limits = Limits {
        max_nodes: Some(level.nodes()),
        deadline: Some(deadline),
        stop,
        ..Limits::depth(64)
    };
    let report = searcher.search(position, limits, level.slack() > 0);
    let depth = Some(report.depth);
    if level.slack() == 0 || report.move_values.is_empty() {
        let chosen = report
            .best
            .or_else(|| position.legal_moves(rules).first().copied())?;
        return Some(Choice {
            chosen,
            value: report.value,
            depth,
            rest: searcher.rest_of_turn(position, chosen),
        });
    }
    let good: Vec<(Move, i32)> = report
        .move_values
        .iter()
        .copied()
        .filter(|&(_, v)| v >= report.value - level.slack())
        .collect();
    let (chosen, value) = good
        .get(dice.below(good.len()))
        .copied()
        .or(report.move_values.first().copied())?;
    Some(Choice {
        chosen,
        value,
        depth,
        rest: searcher.rest_of_turn(position, chosen),
    })
}

/// A best move by exact solving, for positions the Kalah solver answers
/// quickly; `None` otherwise, or when stopped or out of time.
fn perfect_move(
    rules: &Rules,
    position: &Position,
    stop: Option<&AtomicBool>,
    deadline: Instant,
) -> Option<(Move, i32)> {
    if !is_quick_to_solve(rules, position) {
        return None;
    }
    let never = AtomicBool::new(false);
    let values = move_values(
        rules,
        position,
        SolveOptions::with_mib(64),
        stop.unwrap_or(&never),
        deadline,
    )?;
    values.first().copied()
}

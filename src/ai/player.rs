//! The computer player: a search budget and a little randomness per level.
//! The strongest level plays perfectly once a Kalah-shaped game is small
//! enough for the exact solver.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::kalah::{SolveOptions, is_quick_to_solve, move_values};
use super::search::{Limits, Report, Searcher, Table};
use super::tables::EndgameTable;
use crate::engine::{History, Move, Position, Rules};

/// How strong the computer plays: one of four levels, or full strength
/// thinking a set time a move. A level's budget is counted in nodes, not
/// seconds, so a game with a fixed seed is the same on any machine;
/// `time_cap` only keeps a slow machine (or a game of costly moves) from
/// making the players wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Strongest,
    /// The strongest play, searching deeper and deeper until the time is up.
    Timed(ThinkTime),
}

/// How long a timed computer thinks a move, in milliseconds (a tenth of a
/// second to an hour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ThinkTime(u32);

impl ThinkTime {
    const SHORTEST_MS: u32 = 100;
    const LONGEST_MS: u32 = 3_600_000;

    /// `seconds` a move, if that is within the bounds.
    #[must_use]
    pub fn seconds(seconds: f64) -> Option<ThinkTime> {
        let ms = (seconds * 1000.0).round();
        // Within the bounds, `ms` is a whole number that fits.
        #[allow(clippy::cast_sign_loss)]
        (ms >= f64::from(Self::SHORTEST_MS) && ms <= f64::from(Self::LONGEST_MS))
            .then_some(ThinkTime(ms as u32))
    }

    /// `n` whole seconds (at most an hour).
    #[must_use]
    pub const fn whole_seconds(n: u16) -> ThinkTime {
        let ms = n as u32 * 1000;
        ThinkTime(if ms > Self::LONGEST_MS {
            Self::LONGEST_MS
        } else if ms < Self::SHORTEST_MS {
            Self::SHORTEST_MS
        } else {
            ms
        })
    }

    #[must_use]
    pub fn duration(self) -> Duration {
        Duration::from_millis(u64::from(self.0))
    }

    /// `2.5` for two and a half seconds, `10` for ten.
    fn written(self) -> String {
        let whole = self.0 / 1000;
        let rest = self.0 % 1000;
        if rest == 0 {
            whole.to_string()
        } else {
            format!("{whole}.{rest:03}")
                .trim_end_matches('0')
                .to_string()
        }
    }
}

/// Not a time a computer may think: names the bounds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a time to think: expected seconds from 0.1 to 3600, such as 2.5")]
pub struct ParseThinkTimeError(pub String);

impl FromStr for ThinkTime {
    type Err = ParseThinkTimeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let number = s.trim().trim_end_matches('s').trim_end();
        number
            .parse::<f64>()
            .ok()
            .filter(|seconds| seconds.is_finite())
            .and_then(ThinkTime::seconds)
            .ok_or_else(|| ParseThinkTimeError(s.to_string()))
    }
}

impl Level {
    /// The four levels (a timed computer is not one of them).
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Strongest];

    /// The word that names it in files and on the command line: `hard`,
    /// or the seconds a move with an `s` (`2.5s`).
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Level::Easy => "easy".into(),
            Level::Medium => "medium".into(),
            Level::Hard => "hard".into(),
            Level::Strongest => "strongest".into(),
            Level::Timed(time) => format!("{}s", time.written()),
        }
    }

    /// Nodes the search may visit for one move (no bound for a timed
    /// computer: its clock is the bound).
    #[must_use]
    pub fn nodes(self) -> Option<u64> {
        match self {
            Level::Easy => Some(200),
            Level::Medium => Some(20_000),
            Level::Hard => Some(400_000),
            Level::Strongest => Some(4_000_000),
            Level::Timed(_) => None,
        }
    }

    /// Moves within this many seeds of the best may be chosen instead.
    #[must_use]
    pub fn slack(self) -> i32 {
        match self {
            Level::Easy => 6,
            Level::Medium => 2,
            Level::Hard | Level::Strongest | Level::Timed(_) => 0,
        }
    }

    /// Whether it plays perfectly where the exact solver answers quickly.
    fn solves_endgames(self) -> bool {
        matches!(self, Level::Strongest | Level::Timed(_))
    }

    /// The longest a move may take: a timed computer's time, and for the
    /// levels a bound that only a slow machine meets.
    #[must_use]
    pub fn time_cap(self) -> Duration {
        match self {
            Level::Easy | Level::Medium => Duration::from_millis(500),
            // Under 3 s a reply in every built-in game on two cores; the node
            // budget decides first where moves are cheap (Kalaha, Oware).
            Level::Hard | Level::Strongest => Duration::from_millis(2500),
            Level::Timed(time) => time.duration(),
        }
    }

    /// Megabytes of the search's table: more where the search runs long.
    #[must_use]
    pub fn table_mib(self) -> usize {
        match self {
            Level::Timed(_) => 64,
            _ => 16,
        }
    }
}

impl fmt::Display for Level {
    /// As players read it: `hard`, `2.5 s a move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Timed(time) => write!(f, "{} s a move", time.written()),
            level => f.write_str(&level.name()),
        }
    }
}

/// Not one of the level names, nor a time.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown level {0:?}: expected easy, medium, hard or strongest, or seconds a move such as 5s"
)]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.to_ascii_lowercase();
        if let Some(level) = Level::ALL.into_iter().find(|l| l.name() == word) {
            return Ok(level);
        }
        // A time is written with its unit, so that a bare number is not
        // mistaken for a level.
        word.strip_suffix('s')
            .filter(|n| n.starts_with(|c: char| c.is_ascii_digit()))
            .and_then(|n| n.parse::<ThinkTime>().ok())
            .map(Level::Timed)
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

/// Whether the computer, as the second player offered the swap after the
/// first turn, takes it: where its search (`value`, for the player to
/// move) finds the side that has just moved ahead.
#[must_use]
pub fn takes_the_swap(value: i32) -> bool {
    value < 0
}

/// The computer's move in `position` at `level`, or `None` when the round is
/// over, by a computer that has not searched before (see [`Computer`]).
/// `past` holds the positions that led to it (the match so far), for the
/// end by repetition. `stop` or the `deadline` (usually `level.time_cap()`
/// from now) end the thinking early: the best so far is played.
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
    Computer::new(level).choose(rules, position, past, dice, stop, deadline)
}

/// The computer at one seat of a match: its level, and the table its
/// searches filled, kept from one move to the next (what it worked out
/// for its last move is mostly still true for this one).
pub struct Computer {
    level: Level,
    table: Table,
    /// An endgame table of the match's rules (the levels that solve
    /// endgames use it).
    endgame: Option<Arc<EndgameTable>>,
}

impl Computer {
    #[must_use]
    pub fn new(level: Level) -> Computer {
        Computer::with_table_mib(level, level.table_mib())
    }

    /// A computer whose table takes about `mib` MiB.
    #[must_use]
    pub fn with_table_mib(level: Level, mib: usize) -> Computer {
        Computer {
            level,
            table: Table::with_mib(mib),
            endgame: None,
        }
    }

    /// Whether it would use an endgame table (the levels that solve
    /// endgames), so that one is looked for only then.
    #[must_use]
    pub fn wants_endgame(&self) -> bool {
        self.level.solves_endgames() && self.endgame.is_none()
    }

    /// Gives it an endgame table of the rules it plays.
    pub fn set_endgame(&mut self, endgame: Option<Arc<EndgameTable>>) {
        if self.level.solves_endgames() {
            self.endgame = endgame;
        }
    }

    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Its move in `position` under `rules` (always the same rules for one
    /// computer), as [`choose_move`] says.
    pub fn choose(
        &mut self,
        rules: &Rules,
        position: &Position,
        past: &History,
        dice: &mut Dice,
        stop: Option<Arc<AtomicBool>>,
        deadline: Instant,
    ) -> Option<Choice> {
        let limits = Limits {
            max_nodes: self.level.nodes(),
            deadline: Some(deadline),
            stop,
            ..Limits::depth(64)
        };
        self.choose_within(rules, position, past, dice, limits, &mut |_, _| {})
    }

    /// Its move within `limits` instead of its level's budget (its level
    /// still says how it picks among good moves and whether it solves
    /// endgames), telling `progress` each depth searched.
    pub fn choose_within(
        &mut self,
        rules: &Rules,
        position: &Position,
        past: &History,
        dice: &mut Dice,
        limits: Limits,
        progress: &mut dyn FnMut(&Report, &Searcher),
    ) -> Option<Choice> {
        position.to_move()?;
        let level = self.level;
        if level.solves_endgames()
            && let Some((chosen, value)) = perfect_move(rules, position, &limits)
        {
            return Some(Choice {
                chosen,
                value,
                depth: None,
                rest: Vec::new(),
            });
        }
        let mut searcher = Searcher::with_table(rules, std::mem::take(&mut self.table));
        searcher.set_past(past.clone());
        searcher.set_endgame(self.endgame.clone());
        let report = searcher.search_reporting(position, limits, level.slack() > 0, progress);
        let depth = Some(report.depth);
        let choice = if level.slack() == 0 || report.move_values.is_empty() {
            report
                .best
                .or_else(|| position.legal_moves(rules).first().copied())
                .map(|chosen| (chosen, report.value))
        } else {
            let good: Vec<(Move, i32)> = report
                .move_values
                .iter()
                .copied()
                .filter(|&(_, v)| v >= report.value - level.slack())
                .collect();
            good.get(dice.below(good.len()))
                .copied()
                .or(report.move_values.first().copied())
        };
        let choice = choice.map(|(chosen, value)| Choice {
            chosen,
            value,
            depth,
            rest: searcher.rest_of_turn(position, chosen),
        });
        self.table = searcher.into_table();
        choice
    }

    /// Forgets what earlier searches found (a new game).
    pub fn forget(&mut self) {
        self.table.clear();
    }
}

/// A best move by exact solving, for positions the Kalah solver answers
/// quickly; `None` otherwise, or when stopped or out of time.
fn perfect_move(rules: &Rules, position: &Position, limits: &Limits) -> Option<(Move, i32)> {
    if !is_quick_to_solve(rules, position) {
        return None;
    }
    let never = AtomicBool::new(false);
    // Without a deadline the solver still answers quickly here.
    let deadline = limits
        .deadline
        .unwrap_or_else(|| Instant::now() + Duration::from_mins(1));
    let values = move_values(
        rules,
        position,
        SolveOptions::with_mib(64),
        limits.stop.as_deref().unwrap_or(&never),
        deadline,
    )?;
    values.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::engine::Side;

    #[test]
    fn a_timed_computer_is_written_with_its_seconds_and_read_back() {
        let timed = "2.5s".parse::<Level>().unwrap();
        assert_eq!(timed, Level::Timed(ThinkTime::seconds(2.5).unwrap()));
        assert_eq!(timed.name(), "2.5s");
        assert_eq!(timed.to_string(), "2.5 s a move");
        assert_eq!(timed.time_cap(), Duration::from_millis(2500));
        assert_eq!(timed.nodes(), None, "its clock is its only bound");
        let ten = Level::Timed(ThinkTime::whole_seconds(10));
        assert_eq!(ten.name().parse::<Level>(), Ok(ten));
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        for refused in ["5", "0.05s", "4000s", "s", "-1s", "nans", "fast"] {
            assert!(refused.parse::<Level>().is_err(), "{refused}");
        }
        assert!("0.1".parse::<ThinkTime>().is_ok());
        assert!("3601".parse::<ThinkTime>().is_err());
    }

    /// What the computer worked out for its last move serves the next: its
    /// search of the position after the opponent's reply, to the same
    /// depth, visits a fifth fewer nodes than a computer searching it
    /// afresh (the shallower depths come from its table).
    #[test]
    fn a_computer_keeps_what_it_worked_out_from_one_move_to_the_next() {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("oware").unwrap().rules.clone();
        let start = Position::new(&rules, Side::South);
        let past = History::default();
        // The nodes a search to depth 12 visits, and the move it chooses.
        let to_depth_12 = |computer: &mut Computer, position: &Position| {
            let mut nodes = 0;
            let choice = computer
                .choose_within(
                    &rules,
                    position,
                    &past,
                    &mut Dice::new(1),
                    Limits::depth(12),
                    &mut |report, _| nodes = report.nodes,
                )
                .unwrap();
            assert_eq!(choice.depth, Some(12));
            (nodes, choice.chosen)
        };
        let mut warm = Computer::new(Level::Hard);
        let (_, chosen) = to_depth_12(&mut warm, &start);
        // The opponent replies as the computer expects.
        let searcher = Searcher::with_table(&rules, std::mem::take(&mut warm.table));
        let line = searcher.expected_line(&start, chosen, 2);
        warm.table = searcher.into_table();
        let next = line
            .iter()
            .try_fold(start, |at, &mv| at.play(&rules, mv))
            .unwrap();
        let (again, _) = to_depth_12(&mut warm, &next);
        let (afresh, _) = to_depth_12(&mut Computer::new(Level::Hard), &next);
        assert!(
            again * 5 < afresh * 4,
            "{again} nodes kept, {afresh} afresh"
        );
        // Forgotten, it searches as afresh.
        warm.forget();
        assert_eq!(to_depth_12(&mut warm, &next).0, afresh);
    }
}

//! The computer player: game-tree search, the four levels, the exact
//! solver for Kalah-shaped rules, and endgame tables (worked out here; their
//! files are the storage's). It plays by the rules engine and never the
//! other way round; like the engine it draws nothing and touches no files,
//! and its time and stop limits come in from the caller (a deadline and a
//! stop flag).

mod evaluation;
mod fill;
mod kalah;
mod player;
mod search;
mod tables;

pub use evaluation::{FEATURES, features};
pub use fill::choose_fill;
pub use kalah::{
    ExactValues, Progress, QUICK_EXACT_SEEDS, Solution, SolveOptions, is_kalah_shaped,
    is_quick_to_solve, move_values, solve as solve_exact, solve_reporting,
};
pub use player::{
    Choice, Computer, Dice, Level, ParseLevelError, ParseThinkTimeError, ThinkTime, choose_move,
    takes_the_swap,
};
pub use search::{Limits, Report, Searcher, Table, WIN, solve};
pub use tables::{
    Building, Damaged, EndgameTable, MAX_TABLE_SEEDS, TableValue, Unindexable,
    boards as table_boards, indexable, rules_key,
};

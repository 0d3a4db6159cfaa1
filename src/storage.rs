//! Where matches live on disk and how they get there: the save file format
//! (`format`), the library of matches in the data folder (`library`), the
//! writer that keeps the match in play on disk (`writer`), writes that a crash
//! cannot tear (`atomic`), one game per match (`lock`), match ids (`id`) and
//! times (`time`); other programs' records of a match (`records`); and the
//! endgame tables in the cache folder (`tables`).

pub mod atomic;
pub mod format;
pub mod id;
pub mod library;
pub mod lock;
pub mod records;
pub mod tables;
pub mod time;
pub mod writer;

pub use format::{
    BranchPoint, Header, MatchMeta, SaveError, SavedMatch, from_toml, load, read_header, to_toml,
};
pub use id::MatchId;
pub use library::{Library, Listing};
pub use writer::MatchWriter;

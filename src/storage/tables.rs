//! Endgame tables in the cache folder: one file a rule set and size
//! (`oware-20.table`), read whole and checked before it is trusted, written
//! atomically, and built again when missing or damaged.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use crate::ai::{Building, Computer, Damaged, EndgameTable, Unindexable, indexable, rules_key};
use crate::engine::Rules;

use super::atomic::write_bytes_replacing;

/// The size `mancala tables` builds unless told: a few minutes' work on
/// two cores, a few gigabytes of memory while it runs.
pub const DEFAULT_SEEDS: u8 = 20;
const SUFFIX: &str = ".table";

/// The folder tables are kept in (under the user's cache folder).
#[must_use]
pub fn folder() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "mancala").map(|d| d.cache_dir().join("tables"))
}

/// The file of `rules`' table of up to `seeds` seeds in `folder`.
#[must_use]
pub fn file_of(folder: &Path, rules: &Rules, seeds: u8) -> PathBuf {
    folder.join(format!("{}-{seeds}{SUFFIX}", file_stem(rules)))
}

/// A rule set's id as a file name's start (ids are already plain; a user's
/// file could hold anything).
fn file_stem(rules: &Rules) -> String {
    rules
        .id()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// What became of a table asked for.
#[derive(Debug)]
pub enum Found {
    /// Read and checked.
    Read(EndgameTable),
    /// Not there, or there but damaged (or of other rules): built and
    /// written.
    Built(EndgameTable, Option<Damaged>),
}

/// Why a table could not be had.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Its words are [`crate::words::unindexable`]'s.
    #[error("{rules} has no endgame table")]
    Unindexable { rules: String, why: Unindexable },
    #[error("a table of {seeds} seeds for {rules} would be larger than this program builds")]
    TooLarge { rules: String, seeds: u8 },
    #[error("stopped before the table was built")]
    Stopped,
    #[error("{}: cannot write the table: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },
}

/// `rules`' table of up to `seeds` seeds from `folder`, built (on `threads`
/// threads, telling `tell`) and written there when it is missing or
/// damaged; `rebuild` builds it whatever is there.
///
/// # Errors
/// When the rules cannot have a table, it would be too large, `stop` was
/// set, or it cannot be written (the table built is lost then: a build
/// that cannot be kept is reported, not used quietly).
pub fn find_or_build(
    folder: &Path,
    rules: &Rules,
    seeds: u8,
    rebuild: bool,
    threads: usize,
    stop: &AtomicBool,
    tell: &mut dyn FnMut(&Building),
) -> Result<Found, TableError> {
    if let Err(why) = indexable(rules) {
        return Err(TableError::Unindexable {
            rules: rules.name().to_owned(),
            why,
        });
    }
    let path = file_of(folder, rules, seeds);
    let damage = if rebuild {
        None
    } else {
        match read(&path, rules, seeds) {
            Some(Ok(table)) if table.max_seeds() == seeds => return Ok(Found::Read(table)),
            Some(Ok(_)) => Some(Damaged::NotATable),
            Some(Err(damage)) => Some(damage),
            None => None,
        }
    };
    let too_large = || TableError::TooLarge {
        rules: rules.name().to_owned(),
        seeds,
    };
    if crate::ai::table_boards(rules.pits(), seeds).is_none() {
        return Err(too_large());
    }
    let table =
        EndgameTable::build(rules, seeds, threads, stop, tell).ok_or(TableError::Stopped)?;
    write_bytes_replacing(&path, &table.to_bytes(rules_key(rules)))
        .map_err(|source| TableError::Write { path, source })?;
    Ok(Found::Built(table, damage))
}

/// The table of up to `seeds` seeds in `path`, if there is a file there:
/// checked whole (a file of the wrong length is not even read).
fn read(path: &Path, rules: &Rules, seeds: u8) -> Option<Result<EndgameTable, Damaged>> {
    let length = fs::metadata(path).ok()?.len();
    if Some(length) != EndgameTable::file_length(rules.pits(), seeds) {
        return Some(Err(Damaged::Short));
    }
    let bytes = fs::read(path).ok()?;
    Some(EndgameTable::from_bytes(
        &bytes,
        rules_key(rules),
        rules.pits(),
    ))
}

/// The largest sound table of `rules` in `folder` (built by `mancala
/// tables`); `None` when there is none, or the rules cannot have one.
#[must_use]
pub fn largest(folder: &Path, rules: &Rules) -> Option<EndgameTable> {
    indexable(rules).ok()?;
    let stem = format!("{}-", file_stem(rules));
    let mut sizes: Vec<u8> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            name.strip_prefix(&stem)?.strip_suffix(SUFFIX)?.parse().ok()
        })
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes.into_iter().find_map(|seeds| {
        read(&file_of(folder, rules, seeds), rules, seeds)?
            .ok()
            .filter(|table| table.max_seeds() == seeds)
    })
}

/// The table play uses for `rules`: the largest in the cache folder, read
/// once a process and shared by every computer and hint of it.
#[must_use]
pub fn shared_for_play(rules: &Rules) -> Option<Arc<EndgameTable>> {
    static LOADED: Mutex<Vec<(u64, Option<Arc<EndgameTable>>)>> = Mutex::new(Vec::new());
    let key = rules_key(rules);
    // One load at a time: two searches asking at once wait for one table.
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, table)) = loaded.iter().find(|(k, _)| *k == key) {
        return table.clone();
    }
    let table = folder()
        .and_then(|folder| largest(&folder, rules))
        .map(Arc::new);
    loaded.push((key, table.clone()));
    table
}

/// Gives `computer` the table of `rules` it plays, when its level uses one
/// and it has none yet ([`shared_for_play`]).
pub fn equip(computer: &mut Computer, rules: &Rules) {
    if computer.wants_endgame() {
        computer.set_endgame(shared_for_play(rules));
    }
}

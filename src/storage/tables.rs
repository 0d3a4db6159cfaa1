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
    // What a build killed while writing left (a 20-seed Oware table's
    // temporary file is over 200 MB).
    super::atomic::sweep_temporaries(folder);
    let path = file_of(folder, rules, seeds);
    let damage = if rebuild {
        None
    } else {
        match read(&path, rules, seeds) {
            Some(Ok(table)) => return Ok(Found::Read(table)),
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
/// checked whole (a file of the wrong length is not even read), and of
/// that size.
fn read(path: &Path, rules: &Rules, seeds: u8) -> Option<Result<EndgameTable, Damaged>> {
    let length = fs::metadata(path).ok()?.len();
    if Some(length) != EndgameTable::file_length(rules.pits(), seeds) {
        return Some(Err(Damaged::Short));
    }
    let bytes = fs::read(path).ok()?;
    let table = EndgameTable::from_bytes(&bytes, rules_key(rules), rules.pits());
    Some(table.and_then(|table| {
        if table.max_seeds() == seeds {
            Ok(table)
        } else {
            Err(Damaged::NotATable)
        }
    }))
}

/// A table file play found but did not use: damaged, or built for other
/// rules or by another version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassedOver {
    pub path: PathBuf,
    pub damage: Damaged,
}

/// The largest sound table of `rules` in `folder` (built by `mancala
/// tables`), and the larger file passed over for it, if one was; no table
/// when there is none, or the rules cannot have one.
#[must_use]
pub fn largest(folder: &Path, rules: &Rules) -> (Option<EndgameTable>, Option<PassedOver>) {
    if indexable(rules).is_err() {
        return (None, None);
    }
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
    let mut passed_over = None;
    for seeds in sizes {
        let path = file_of(folder, rules, seeds);
        let damage = match read(&path, rules, seeds) {
            Some(Ok(table)) => return (Some(table), passed_over),
            Some(Err(damage)) => damage,
            None => continue,
        };
        passed_over.get_or_insert(PassedOver { path, damage });
    }
    (None, passed_over)
}

/// What play found in the cache folder for one rule set.
struct ForPlay {
    key: u64,
    table: Option<Arc<EndgameTable>>,
    passed_over: Option<PassedOver>,
    /// Whether [`passed_over_once`] has handed `passed_over` out.
    told: bool,
}

/// The cache of [`shared_for_play`], `f` given `rules`' entry (read first
/// when there is none).
fn with_loaded<T>(rules: &Rules, f: impl FnOnce(&mut ForPlay) -> T) -> T {
    static LOADED: Mutex<Vec<ForPlay>> = Mutex::new(Vec::new());
    let key = rules_key(rules);
    // One load at a time: two searches asking at once wait for one table.
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let found = loaded.iter().position(|entry| entry.key == key);
    let at = found.unwrap_or_else(|| {
        let (table, passed_over) = folder().map_or((None, None), |folder| largest(&folder, rules));
        loaded.push(ForPlay {
            key,
            table: table.map(Arc::new),
            passed_over,
            told: false,
        });
        loaded.len() - 1
    });
    f(&mut loaded[at])
}

/// The table play uses for `rules`: the largest in the cache folder, read
/// once a process and shared by every computer and hint of it.
#[must_use]
pub fn shared_for_play(rules: &Rules) -> Option<Arc<EndgameTable>> {
    with_loaded(rules, |loaded| loaded.table.clone())
}

/// The file [`shared_for_play`] passed over for `rules`, the first time it
/// is asked in a process (so that a player is told once, not every move).
#[must_use]
pub fn passed_over_once(rules: &Rules) -> Option<PassedOver> {
    with_loaded(rules, |loaded| {
        let first = !std::mem::replace(&mut loaded.told, true);
        loaded.passed_over.clone().filter(|_| first)
    })
}

/// Gives `computer` the table of `rules` it plays, when its level uses one
/// and it has none yet ([`shared_for_play`]); returns the file passed over
/// for it, the first time in a process, for the player to be told.
pub fn equip(computer: &mut Computer, rules: &Rules) -> Option<PassedOver> {
    if !computer.wants_endgame() {
        return None;
    }
    computer.set_endgame(shared_for_play(rules));
    passed_over_once(rules)
}

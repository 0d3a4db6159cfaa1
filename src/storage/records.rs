//! Matches of the library carried to and from other programs' records
//! (rules.md §11): a record read becomes a new match; a match is written
//! in another program's format.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Library, MatchId, MatchMeta, SavedMatch, load};
use crate::catalog::Catalog;
use crate::engine::Rules;
use crate::records::{self, Format};

/// Records larger than this are refused unread (a long Oware game is a few
/// kilobytes).
pub const MAX_RECORD_BYTES: u64 = 1024 * 1024;

/// A path as a player typed it: `~/` is their home folder.
#[must_use]
pub fn typed_path(typed: &str) -> PathBuf {
    let typed = typed.trim();
    match (typed.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(typed),
    }
}

/// Reads a record and adds it to `library` as a new match: the match's
/// file, its rule set's name and its moves. A record refused adds nothing.
///
/// # Errors
/// The record's first fault, with its line and column, or why the match
/// could not be written.
pub fn import(
    library: &Library,
    text: &str,
    format: Option<Format>,
    rules: Option<&Arc<Rules>>,
    catalog: &Catalog,
) -> Result<(PathBuf, String, usize), String> {
    let record = records::read(text, format, rules, catalog).map_err(|e| e.to_string())?;
    let mut meta = MatchMeta::new(MatchId::new());
    let name = record.rules.name().to_string();
    let moves = record.moves.len();
    let session = record.to_match(super::time::now_seconds())?;
    meta.title = record.title.as_deref().and_then(super::format::clean_title);
    meta.notes = record.notes;
    let path = library.add(&session, meta).map_err(|e| e.to_string())?;
    Ok((path, name, moves))
}

/// A match of the library (by id or file) written in `format`.
///
/// # Errors
/// The match cannot be read, or the format cannot carry it.
pub fn export(path: &Path, format: Format, catalog: &Catalog) -> Result<String, String> {
    let SavedMatch { session, meta } = load(path, catalog).map_err(|e| e.to_string())?;
    let about = records::About {
        title: meta.title,
        notes: meta.notes,
    };
    records::write(format, &session, &about, catalog).map_err(|e| e.to_string())
}

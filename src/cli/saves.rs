//! `mancala saves [--json]`: every saved match, as the Replay list shows them.

use std::fmt::Write;
use std::process::ExitCode;

use serde::Serialize;

use super::{Failure, SavesArgs, library};
use crate::catalog::Catalog;
use crate::storage::library::{Listing, Shelf};
use crate::storage::time::{format_utc, local_minutes};
use crate::text::printable;
use crate::words::{listing_result, who};

/// One file, for `--json`. Every key is always there (null when unknown).
#[derive(Serialize)]
struct SaveJson {
    file: String,
    id: Option<String>,
    /// A named copy rather than a match file of the library.
    copy: bool,
    title: Option<String>,
    variant: Option<String>,
    south: Option<String>,
    north: Option<String>,
    status: Option<&'static str>,
    winner: Option<String>,
    rounds: Option<usize>,
    moves: Option<usize>,
    started_at: Option<String>,
    saved_at: Option<String>,
    branched_from: Option<BranchJson>,
    open_elsewhere: bool,
    /// Why the file cannot be read.
    error: Option<String>,
}

#[derive(Serialize)]
struct BranchJson {
    file: String,
    id: Option<String>,
    moves: usize,
}

fn to_json(listing: &Listing) -> SaveJson {
    let header = listing.header.as_ref().ok();
    SaveJson {
        file: listing.path.display().to_string(),
        id: header.and_then(|h| h.id.as_ref()).map(ToString::to_string),
        copy: listing.shelf != Shelf::Matches,
        title: header.and_then(|h| h.title.clone()),
        variant: header.map(|h| h.variant.clone()),
        south: header.map(|h| h.names.south.clone()),
        north: header.map(|h| h.names.north.clone()),
        status: header.map(|h| h.status.word()),
        winner: header.and_then(|h| h.winner).map(|w| w.to_string()),
        rounds: header.map(|h| h.rounds),
        moves: header.map(|h| h.moves),
        started_at: header.map(|h| format_utc(h.started_at)),
        saved_at: header.map(|h| format_utc(h.saved_at)),
        branched_from: header
            .and_then(|h| h.branched_from.as_ref())
            .map(|b| BranchJson {
                file: b.file.clone(),
                id: b.id.as_ref().map(ToString::to_string),
                moves: b.moves,
            }),
        open_elsewhere: listing.open_elsewhere,
        error: listing.header.as_ref().err().cloned(),
    }
}

/// How the text list names a file: a match by its id, a copy by its folder
/// and name, anything else by its file name.
fn name(listing: &Listing) -> String {
    match (listing.shelf, &listing.header) {
        (Shelf::Matches, Ok(_)) => listing.file_name().trim_end_matches(".toml").to_string(),
        _ => listing.place(),
    }
}

pub fn run(catalog: &Catalog, args: &SavesArgs) -> Result<ExitCode, Failure> {
    let (library, note) = library(catalog)?;
    if let Some(note) = note {
        eprintln!("mancala: {note}");
    }
    let listings = library.list();
    if args.json {
        let all: Vec<SaveJson> = listings.iter().map(to_json).collect();
        say!("{}", serde_json::to_string_pretty(&all)?);
        return Ok(ExitCode::SUCCESS);
    }
    if listings.is_empty() {
        say!("No saved matches yet in {}.", library.root().display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut rows = vec![
        [
            "MATCH OR FILE",
            "VARIANT",
            "PLAYERS",
            "RESULT",
            "ROUNDS",
            "MOVES",
            "BEGUN",
            "LAST PLAYED",
        ]
        .map(String::from),
    ];
    let mut unreadable = Vec::new();
    for listing in &listings {
        match &listing.header {
            Ok(header) => rows.push([
                name(listing),
                header.variant.clone(),
                who(header),
                listing_result(listing),
                header.rounds.to_string(),
                header.moves.to_string(),
                local_minutes(header.started_at),
                local_minutes(header.saved_at),
            ]),
            Err(reason) => unreadable.push(format!(
                "{}: cannot be read: {}",
                name(listing),
                printable(reason)
            )),
        }
    }
    let mut widths = [0; 8];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for row in &rows {
        let mut line = String::new();
        for (i, (cell, width)) in row.iter().zip(widths).enumerate() {
            // Counts line up on the right, words on the left.
            if matches!(i, 4 | 5) {
                let _ = write!(line, "{cell:>width$}  ");
            } else {
                let _ = write!(line, "{cell:<width$}  ");
            }
        }
        say!("{}", line.trim_end());
    }
    for line in unreadable {
        say!("{line}");
    }
    say!("\n(in {})", library.root().display());
    Ok(ExitCode::SUCCESS)
}

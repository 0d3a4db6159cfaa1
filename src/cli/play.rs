//! `mancala`, `mancala play` and `mancala resume`: the terminal game.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{Failure, PlayArgs, library};
use crate::ai::Level;
use crate::catalog::Catalog;
use crate::engine::Rounds;
use crate::session::clean_name;
use crate::settings::{Settings, keep_damaged};
use crate::storage::library::Library;
use crate::storage::{BranchPoint, SavedMatch, load};
use crate::tui::{self, Options, Start};

pub(super) fn check_terminal() -> Result<(), Failure> {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(Failure(
            "the game needs a terminal; for scripts see `mancala --help` (show, perft, rules, saves)"
                .to_string(),
        ))
    }
}

/// Runs the game; what could not be written makes the exit status 1.
/// How a command starts the game, beside where.
#[derive(Default)]
pub(super) struct Launch {
    /// `--animation-ms` (`None`: as the settings say).
    pub animation_ms: Option<u64>,
    /// `--save FILE`.
    pub mirror: Option<PathBuf>,
    /// `--ascii`.
    pub ascii: bool,
}

pub(super) fn play(
    catalog: &Catalog,
    start: Start,
    (library, note): (Library, Option<String>),
    launch: Launch,
) -> Result<ExitCode, Failure> {
    check_terminal()?;
    let (settings, settings_path, settings_note) = settings();
    let note = match (note, settings_note) {
        (Some(a), Some(b)) => Some(format!("{a}. {b}")),
        (a, b) => a.or(b),
    };
    let ended = tui::run(
        catalog,
        Options {
            start,
            animation_ms: launch.animation_ms,
            library: Some(library),
            mirror: launch.mirror,
            note,
            settings,
            settings_path,
            ascii: launch.ascii,
        },
    )?;
    for problem in &ended.unsaved {
        // After a hang-up there may be no terminal to tell: never a panic.
        let _ = writeln!(std::io::stderr(), "mancala: not saved: {problem}");
    }
    // Ended by a signal: the status a shell expects (128 + its number).
    Ok(match ended.signal {
        Some(signal) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
        None if ended.unsaved.is_empty() => ExitCode::SUCCESS,
        None => ExitCode::FAILURE,
    })
}

/// What the game remembers, where it writes it, and a line for the player
/// when the file could not be read (it is kept aside and the defaults used).
fn settings() -> (Settings, Option<PathBuf>, Option<String>) {
    let Some(path) = Settings::user_path() else {
        return (Settings::default(), None, None);
    };
    match Settings::load(&path) {
        Ok(settings) => (settings, Some(path), None),
        // Not the game's to move or replace: left as it is, and nothing
        // is written.
        Err(error) if error.not_a_file => {
            let note = format!(
                "Settings not read: {} is not a file; the defaults are used and not saved",
                error.path.display()
            );
            (Settings::default(), None, Some(note))
        }
        Err(error) => {
            let kept = keep_damaged(&path).map_or_else(
                |e| format!("it could not be moved aside ({e}), so it is left unchanged"),
                |to| format!("it is kept as {}", to.display()),
            );
            // Written again only once the damaged file is out of the way.
            let path = (!path.exists()).then_some(path);
            let note = format!("Settings not read ({error}); {kept}; the defaults are used");
            (Settings::default(), path, Some(note))
        }
    }
}

/// No arguments: the main menu.
pub fn menu(catalog: &Catalog, ascii: bool) -> Result<ExitCode, Failure> {
    check_terminal()?;
    let opened = library(catalog)?;
    let launch = Launch {
        ascii,
        ..Launch::default()
    };
    play(catalog, Start::Menu, opened, launch)
}

/// A seat from `--south`/`--north`: a person's name, or `computer[:LEVEL]`.
fn seat(flag: &str, value: &str, fallback: &str) -> Result<(String, Option<Level>), Failure> {
    match value.split_once(':') {
        Some((word, level)) if word.eq_ignore_ascii_case("computer") => {
            let level = level
                .parse::<Level>()
                .map_err(|e| Failure(format!("--{flag}: {e}")))?;
            Ok(("Computer".to_string(), Some(level)))
        }
        _ if value.eq_ignore_ascii_case("computer") => {
            Ok(("Computer".to_string(), Some(Level::Medium)))
        }
        _ => Ok((clean_name(value, fallback), None)),
    }
}

pub fn run(catalog: &Catalog, args: &PlayArgs, ascii: bool) -> Result<ExitCode, Failure> {
    let (south, south_computer) = seat("south", &args.south, "South")?;
    let (north, north_computer) = seat("north", &args.north, "North")?;
    let start = match &args.rules {
        Some(id_or_file) => {
            let rules = catalog.resolve(id_or_file)?.rules;
            if args.rounds.is_some() && rules.plan().rounds.rounds != Rounds::Many {
                return Err(Failure(format!(
                    "--rounds: {} is one game, not a match of rounds",
                    rules.name()
                )));
            }
            Start::Game {
                rules,
                names: [south, north],
                computer: [south_computer, north_computer],
                first: args.first.map(Into::into),
                round_limit: args.rounds,
                swap_rule: match (args.swap, args.no_swap) {
                    (true, _) => Some(true),
                    (_, true) => Some(false),
                    _ => None,
                },
            }
        }
        None if args.rounds.is_some() => {
            return Err(Failure(
                "--rounds: name the rule set too (`mancala play raja-pasu --rounds 5`)".into(),
            ));
        }
        None => Start::ChooseVariant,
    };
    // `--save` makes a new file: one that is there may hold another match.
    if let Some(file) = &args.save
        && (file.exists() || file.is_symlink())
    {
        return Err(Failure(format!(
            "--save {}: that file exists already; name a new one (or `mancala resume {}` plays on from it)",
            file.display(),
            file.display()
        )));
    }
    check_terminal()?;
    let opened = library(catalog)?;
    let launch = Launch {
        animation_ms: args.animation_ms,
        mirror: args.save.clone(),
        ascii,
    };
    play(catalog, start, opened, launch)
}

/// `mancala resume [FILE|ID]`: a saved match, where it stopped.
pub fn resume(catalog: &Catalog, file: Option<&Path>, ascii: bool) -> Result<ExitCode, Failure> {
    let (library, note) = library(catalog)?;
    let start = match file {
        None => {
            let unfinished: Vec<_> = library
                .list()
                .into_iter()
                .filter(crate::storage::Listing::is_unfinished)
                .collect();
            match unfinished.as_slice() {
                [] => {
                    return Err(Failure(
                        "no match to resume: none is unfinished (`mancala saves` lists them all)"
                            .into(),
                    ));
                }
                [one] => Start::Resume(one.path.clone()),
                _ => Start::ContinueList,
            }
        }
        Some(file_or_id) => {
            let path = library.resolve(file_or_id).map_err(Failure)?;
            start_from_file(catalog, &library, &path)?
        }
    };
    check_terminal()?;
    let launch = Launch {
        ascii,
        ..Launch::default()
    };
    play(catalog, start, (library, note), launch)
}

/// Where resuming a file begins: its own match when it is in the library (or
/// is a copy of one that has not moved on), else a new match from its end.
fn start_from_file(catalog: &Catalog, library: &Library, path: &Path) -> Result<Start, Failure> {
    let SavedMatch { session, meta } = load(path, catalog)?;
    if matches!(
        session.position().status(),
        crate::engine::Status::MatchOver { .. }
    ) {
        return Err(Failure(format!(
            "{}: that match is over; `mancala replay` shows it",
            path.display()
        )));
    }
    if library.holds(path) {
        return Ok(Start::Resume(path.to_path_buf()));
    }
    if let Some(id) = &meta.id {
        let own = library.path_of(id);
        let same = load(&own, catalog).is_ok_and(|saved| {
            saved.session.actions() == session.actions() && saved.session.first() == session.first()
        });
        if same {
            return Ok(Start::Resume(own));
        }
    }
    let moves = session.round_moves().iter().map(|r| r.moves.len()).sum();
    let from = BranchPoint {
        file: path.display().to_string(),
        id: meta.id,
        moves,
    };
    let mut session = session;
    session.started_at = crate::storage::time::now_seconds();
    Ok(Start::Branch(Box::new(session), from))
}

//! `mancala` and `mancala play`: the terminal game.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use super::{Failure, PlayArgs};
use crate::catalog::Catalog;
use crate::engine::Level;
use crate::tui::app::clean_name;
use crate::tui::{self, Files, Options, Start};

pub(super) fn check_terminal() -> Result<(), Failure> {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(Failure(
            "the game needs a terminal; for scripts see `mancala --help` (show, perft, rules)"
                .to_string(),
        ))
    }
}

/// No arguments: the main menu.
pub fn menu(catalog: &Catalog) -> Result<ExitCode, Failure> {
    check_terminal()?;
    tui::run(
        catalog,
        Options {
            start: Start::Menu,
            animation_ms: tui::app::DEFAULT_SPEED_MS,
            files: Files::of_user(catalog, None),
        },
    )?;
    Ok(ExitCode::SUCCESS)
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

pub fn run(catalog: &Catalog, args: &PlayArgs) -> Result<ExitCode, Failure> {
    let (south, south_computer) = seat("south", &args.south, "South")?;
    let (north, north_computer) = seat("north", &args.north, "North")?;
    let start = match &args.rules {
        None => Start::ChooseVariant,
        Some(id_or_file) => Start::Game {
            rules: catalog.resolve(id_or_file)?.rules,
            names: [south, north],
            computer: [south_computer, north_computer],
            first: args.first.map(Into::into),
        },
    };
    check_terminal()?;
    tui::run(
        catalog,
        Options {
            start,
            animation_ms: args.animation_ms,
            files: Files::of_user(catalog, args.save.clone()),
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

/// `mancala resume [FILE]`: a saved match, where it stopped.
pub fn resume(catalog: &Catalog, file: Option<&Path>) -> Result<ExitCode, Failure> {
    let autosave = crate::save::autosave_path();
    let Some(path) = file.map(Path::to_path_buf).or(autosave.clone()) else {
        return Err(Failure(
            "no home folder to find the autosave in; name a file".into(),
        ));
    };
    if file.is_none() && !path.is_file() {
        return Err(Failure(format!(
            "no match to resume: {} does not exist yet",
            path.display()
        )));
    }
    let (session, _) = crate::save::load(&path, catalog)?;
    if matches!(
        session.position().status(),
        crate::engine::Status::MatchOver { .. }
    ) {
        return Err(Failure(format!(
            "{}: that match is over; `mancala replay` shows it",
            path.display()
        )));
    }
    check_terminal()?;
    // A named file is kept up to date as well as the autosave.
    let also = file
        .filter(|f| Some(f.to_path_buf()) != autosave)
        .map(Path::to_path_buf);
    let mut files = Files::of_user(catalog, also);
    files.resumable = None;
    tui::run(
        catalog,
        Options {
            start: Start::Resume(Box::new(session)),
            animation_ms: tui::app::DEFAULT_SPEED_MS,
            files,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

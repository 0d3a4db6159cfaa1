//! `mancala` and `mancala play`: the terminal game.

use std::io::IsTerminal;
use std::process::ExitCode;

use super::{Failure, PlayArgs};
use crate::catalog::Catalog;
use crate::tui::app::clean_name;
use crate::tui::{self, Options, Start};

fn check_terminal() -> Result<(), Failure> {
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
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

pub fn run(catalog: &Catalog, args: &PlayArgs) -> Result<ExitCode, Failure> {
    let start = match &args.rules {
        None => Start::ChooseVariant,
        Some(id_or_file) => Start::Game {
            rules: catalog.resolve(id_or_file)?.rules,
            names: [
                clean_name(&args.south, "South"),
                clean_name(&args.north, "North"),
            ],
            first: args.first.map(Into::into),
        },
    };
    check_terminal()?;
    tui::run(
        catalog,
        Options {
            start,
            animation_ms: args.animation_ms,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

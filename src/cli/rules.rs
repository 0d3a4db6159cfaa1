//! `mancala rules list|show|check`.

use std::process::ExitCode;

use super::{Failure, RulesCommand};
use crate::catalog::Catalog;
use crate::text::{printable, printable_lines};

pub fn run(catalog: &Catalog, command: RulesCommand) -> Result<ExitCode, Failure> {
    match command {
        RulesCommand::List => {
            list(catalog);
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Show {
            rules, toml: true, ..
        } => {
            let entry = catalog.resolve(&rules)?;
            say!("{}", printable_lines(&entry.rules.to_toml()).trim_end());
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Show { rules, full, .. } => {
            let entry = catalog.resolve(&rules)?;
            say!(
                "{}",
                crate::words::rules_sheet(&entry.rules).trim_end_matches('\n')
            );
            let width = crate::words::SHEET_LABEL_WIDTH;
            say!(
                "{:<width$}{}",
                "from:",
                printable(&entry.origin.to_string())
            );
            if full {
                say!("\n{}", crate::rulebook::in_full(&entry.rules).trim_end());
            }
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Check { rules } => {
            let entry = match catalog.resolve(&rules) {
                Ok(entry) => entry,
                // An id no rule set answers to may be a broken file of that
                // name in the rules folder: its own error says what to fix.
                Err(unknown @ crate::catalog::LoadError::UnknownId(..)) => {
                    let broken = catalog
                        .problems()
                        .iter()
                        .filter_map(crate::catalog::LoadError::path)
                        .find(|path| path.file_stem() == Some(rules.as_ref()));
                    return Err(match broken {
                        Some(path) => crate::catalog::load_file(path).err().unwrap_or(unknown),
                        None => unknown,
                    }
                    .into());
                }
                Err(other) => return Err(other.into()),
            };
            say!(
                "{}: valid rule set {:?} ({})",
                printable(&rules),
                entry.rules.id(),
                printable(entry.rules.name())
            );
            if entry.rules.uses_old_keys() {
                say!(
                    "It is written with keys of an older version, which are still read; \
                     `mancala rules show {} --toml` writes it in today's keys.",
                    printable(&rules)
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `rules list`: every rule set with its board, whether it is played in
/// rounds and where, as the list of games shows them.
fn list(catalog: &Catalog) {
    // Columns as wide as their widest entry (ids run to 32, names to 40).
    let width = |column: &dyn Fn(&crate::engine::Rules) -> usize, title: &str| {
        catalog
            .entries()
            .iter()
            .map(|e| column(&e.rules))
            .chain([title.len()])
            .max()
            .unwrap_or(0)
    };
    let id = width(&|r| r.id().chars().count(), "ID");
    let name = width(&|r| printable(r.name()).chars().count(), "NAME");
    let place = width(
        &|r| printable(r.played_in().unwrap_or("-")).chars().count(),
        "PLAYED IN",
    );
    say!(
        "{:<id$}  {:<name$}  {:<12}  {:<6}  {:<place$}  FROM",
        "ID",
        "NAME",
        "BOARD",
        "ROUNDS",
        "PLAYED IN"
    );
    for entry in catalog.entries() {
        let rules = &entry.rules;
        let board = format!("2x{}, {} each", rules.pits(), rules.seeds_per_pit());
        let rounds = match rules.plan().rounds.rounds {
            crate::engine::Rounds::Single => "one",
            crate::engine::Rounds::Many => "many",
        };
        say!(
            "{:<id$}  {:<name$}  {:<12}  {:<6}  {:<place$}  {}",
            rules.id(),
            printable(rules.name()),
            board,
            rounds,
            printable(rules.played_in().unwrap_or("-")),
            printable(&entry.origin.to_string())
        );
    }
    for problem in catalog.problems() {
        eprintln!("mancala: skipped {}", printable_lines(&problem.to_string()));
    }
}

//! `mancala rules list|show|check`.

use std::process::ExitCode;

use super::{Failure, RulesCommand};
use crate::catalog::{Catalog, load_file};
use crate::text::{printable, printable_lines};

pub fn run(catalog: &Catalog, command: RulesCommand) -> Result<ExitCode, Failure> {
    match command {
        RulesCommand::List => {
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
            say!("{:<id$}  {:<name$}  {:<12}  FROM", "ID", "NAME", "BOARD");
            for entry in catalog.entries() {
                let rules = &entry.rules;
                let board = format!("2x{}, {} each", rules.pits(), rules.seeds_per_pit());
                say!(
                    "{:<id$}  {:<name$}  {:<12}  {}",
                    rules.id(),
                    printable(rules.name()),
                    board,
                    printable(&entry.origin.to_string())
                );
            }
            for problem in catalog.problems() {
                eprintln!("mancala: skipped {}", printable_lines(&problem.to_string()));
            }
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Show { rules } => {
            let entry = catalog.resolve(&rules)?;
            say!(
                "{}",
                crate::words::rules_sheet(&entry.rules).trim_end_matches('\n')
            );
            say!("{:<15}{}", "from:", printable(&entry.origin.to_string()));
            Ok(ExitCode::SUCCESS)
        }
        RulesCommand::Check { file } => {
            let rules = load_file(&file)?;
            say!(
                "{}: valid rule set {:?} ({})",
                printable(&file.display().to_string()),
                rules.id(),
                rules.name()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

//! `mancala rules list|show|check`.

use std::process::ExitCode;

use super::{Failure, RulesCommand};
use crate::catalog::Catalog;
use crate::catalog::search::{FAMILIES, Search, families};
use crate::engine::Region;
use crate::text::{printable, printable_lines};

pub fn run(catalog: &Catalog, command: RulesCommand) -> Result<ExitCode, Failure> {
    match command {
        RulesCommand::List {
            words,
            region,
            family,
        } => {
            let wanted = Wanted::read(&words, region.as_deref(), family.as_deref())?;
            list(catalog, &wanted);
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

/// Which games `rules list` lists: those its words find, of the regions
/// and the family asked for.
struct Wanted {
    words: Search,
    regions: Vec<Region>,
    family: Option<&'static str>,
}

impl Wanted {
    fn read(
        words: &[String],
        region: Option<&str>,
        family: Option<&str>,
    ) -> Result<Wanted, Failure> {
        let regions = match region {
            None => Region::ALL.to_vec(),
            Some(asked) => {
                let search = Search::new(asked);
                let found: Vec<Region> = Region::ALL
                    .into_iter()
                    .filter(|r| search.names(r.name()))
                    .collect();
                if found.is_empty() || search.is_empty() {
                    let all: Vec<&str> = Region::ALL.iter().map(|r| r.name()).collect();
                    return Err(Failure(format!(
                        "--region {:?} names no region: the regions are {}",
                        printable(asked),
                        all.join(", ")
                    )));
                }
                found
            }
        };
        let family = match family {
            None => None,
            Some(asked) => {
                let plain = asked.trim().to_lowercase();
                Some(FAMILIES.into_iter().find(|f| *f == plain).ok_or_else(|| {
                    Failure(format!(
                        "--family {:?} is no family: the families are {}",
                        printable(asked),
                        FAMILIES.join(", ")
                    ))
                })?)
            }
        };
        Ok(Wanted {
            words: Search::new(&words.join(" ")),
            regions,
            family,
        })
    }

    fn finds(&self, rules: &crate::engine::Rules) -> bool {
        // A game whose file names no region is listed only where no
        // region is asked for.
        let in_region = match rules.region() {
            Some(region) => self.regions.contains(&region),
            None => self.regions.len() == Region::ALL.len(),
        };
        in_region
            && self.words.finds_rules(rules)
            && self
                .family
                .is_none_or(|family| families(rules).contains(&family))
    }
}

/// `rules list`: every rule set it finds with its board, whether it is
/// played in rounds and where, as the list of games shows them.
fn list(catalog: &Catalog, wanted: &Wanted) {
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
        "{:<id$}  {:<name$}  {:<12}  {:<6}  {:<14}  {:<place$}  FROM",
        "ID",
        "NAME",
        "BOARD",
        "ROUNDS",
        "REGION",
        "PLAYED IN"
    );
    let mut listed = 0;
    for entry in catalog.entries().iter().filter(|e| wanted.finds(&e.rules)) {
        listed += 1;
        let rules = &entry.rules;
        let board = match rules.board().start {
            None => format!(
                "{}x{}, {} each",
                rules.rows(),
                rules.pits(),
                rules.seeds_per_pit()
            ),
            Some(_) => format!("{}x{}, set", rules.rows(), rules.pits()),
        };
        let rounds = match rules.plan().rounds.rounds {
            crate::engine::Rounds::Single => "one",
            crate::engine::Rounds::Many => "many",
        };
        say!(
            "{:<id$}  {:<name$}  {:<12}  {:<6}  {:<14}  {:<place$}  {}",
            rules.id(),
            printable(rules.name()),
            board,
            rounds,
            rules.region().map_or("-", |r| r.name()),
            printable(rules.played_in().unwrap_or("-")),
            printable(&entry.origin.to_string())
        );
    }
    if listed == 0 {
        eprintln!("mancala: no rule set is of what was asked");
    }
    for problem in catalog.problems() {
        eprintln!("mancala: skipped {}", printable_lines(&problem.to_string()));
    }
}

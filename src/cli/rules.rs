//! `mancala rules list|show|check`.

use std::fmt::Write;
use std::process::ExitCode;

use super::{Failure, RulesCommand};
use crate::catalog::{Catalog, load_file};
use crate::engine::{Direction, FirstPlayer, RoundEnd, Rounds, Rules, Stores};
use crate::text::{printable, printable_lines};

pub fn run(catalog: &Catalog, command: RulesCommand) -> Result<ExitCode, Failure> {
    match command {
        RulesCommand::List => {
            say!("{:<14} {:<16} {:<12} FROM", "ID", "NAME", "BOARD");
            for entry in catalog.entries() {
                let rules = &entry.rules;
                let board = format!("2x{}, {} each", rules.pits(), rules.seeds_per_pit());
                say!(
                    "{:<14} {:<16} {:<12} {}",
                    rules.id(),
                    rules.name(),
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
            say!("{}", describe(&entry.rules).trim_end_matches('\n'));
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

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The description followed by every parameter, one a line.
#[must_use]
pub fn describe(rules: &Rules) -> String {
    let mut out = format!(
        "{} ({})\n\n{}\n\n",
        rules.name(),
        rules.id(),
        rules.description()
    );
    let stores = match rules.stores() {
        Stores::Sown => "sown (own store only)",
        Stores::NotSown => "on the board, not sown",
        Stores::Aside => "none: captures are kept aside",
    };
    let direction = match rules.direction() {
        Direction::CounterClockwise => "counter-clockwise",
        Direction::Clockwise => "clockwise",
    };
    let round_end = match rules.round_end() {
        RoundEnd::SideEmpty => "side-empty (each player keeps their row)",
        RoundEnd::Stuck => "stuck (the other player takes the remaining seeds)",
    };
    let rounds = match rules.rounds() {
        Rounds::Single => "one game",
        Rounds::Many => "a match of rounds",
    };
    let first = match rules.first_player() {
        FirstPlayer::Chosen => "chosen",
        FirstPlayer::Drawn => "chosen or drawn",
        FirstPlayer::OddEven => "odd-or-even guess",
    };
    let rows = [
        (
            "board",
            format!(
                "2 rows of {} pits, {} seeds each ({} in all)",
                rules.pits(),
                rules.seeds_per_pit(),
                rules.total_seeds()
            ),
        ),
        ("stores", stores.to_string()),
        ("direction", direction.to_string()),
        ("skip origin", yes_no(rules.skip_origin()).to_string()),
        ("relay", yes_no(rules.relay()).to_string()),
        ("extra turn", yes_no(rules.extra_turn()).to_string()),
        ("four-capture", yes_no(rules.four_capture()).to_string()),
        ("leap capture", yes_no(rules.leap_capture()).to_string()),
        ("Kalah capture", yes_no(rules.kalah_capture()).to_string()),
        ("round end", round_end.to_string()),
        ("rounds", rounds.to_string()),
        ("partial pit", yes_no(rules.partial_pit()).to_string()),
        ("first player", first.to_string()),
    ];
    for (label, value) in rows {
        let _ = writeln!(out, "{:<15}{value}", format!("{label}:"));
    }
    for source in rules.sources() {
        let _ = writeln!(out, "{:<15}{source}", "source:");
    }
    out
}

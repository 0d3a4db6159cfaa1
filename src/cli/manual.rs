//! What the shell and `man` know of the command line, made from the same
//! definitions as the parser: completion scripts and manual pages.

use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use super::{Cli, Failure};
use crate::catalog::Catalog;
use crate::catalog::RULES_FOLDER;
use crate::settings::SETTINGS_FILE;
use crate::storage::Library;

/// Prints the completion script for `shell`: every argument that takes a
/// rule set offers the ids of the rule sets there are now (built-in and the
/// player's own files).
pub fn completions(shell: Shell, catalog: &Catalog) {
    let ids: Vec<String> = catalog
        .entries()
        .iter()
        .map(|e| e.rules.id().to_string())
        .collect();
    let mut command = offering_ids(Cli::command(), &ids);
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "mancala", &mut script);
    say!("{}", String::from_utf8_lossy(&script).trim_end());
}

/// `command` with each `rules` argument (in every subcommand) offering
/// `ids` to the shell; only the completion script sees them, so paths stay
/// accepted.
fn offering_ids(command: clap::Command, ids: &[String]) -> clap::Command {
    let command = if command.get_arguments().any(|a| a.get_id() == "rules") {
        let values = clap::builder::PossibleValuesParser::new(ids.to_vec());
        command.mut_arg("rules", |arg| arg.value_parser(values))
    } else {
        command
    };
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    names.into_iter().fold(command, |command, name| {
        command.mut_subcommand(name, |sub| offering_ids(sub, ids))
    })
}

/// Prints the manual page of `mancala`, or of the command `path` names
/// (`["rules", "check"]` is the page `mancala-rules-check`), in section 6:
/// games.
///
/// # Errors
/// When `path` names no command, or the page cannot be made.
pub fn page(path: &[String], catalog: &Catalog) -> Result<(), Failure> {
    let mut command = Cli::command().disable_help_subcommand(true);
    // Built, each command knows its full name (`mancala-rules-check`).
    command.build();
    for (depth, name) in path.iter().enumerate() {
        let found = command.find_subcommand(name).cloned();
        command = found.ok_or_else(|| {
            let known: Vec<&str> = command
                .get_subcommands()
                .map(clap::Command::get_name)
                .collect();
            let within = match depth {
                0 => String::new(),
                _ => format!(" in {}", path[..depth].join(" ")),
            };
            Failure(format!(
                "no command {name:?}{within}: the commands are {}",
                known.join(", ")
            ))
        })?;
    }
    let man = Man::new(command)
        .section("6")
        .source(format!("mancala {}", env!("CARGO_PKG_VERSION")))
        .manual("Games");
    let mut roff = Vec::new();
    if path.is_empty() {
        // The main page also says where the game keeps things and what in
        // the environment it heeds.
        man.render_title(&mut roff)?;
        man.render_name_section(&mut roff)?;
        man.render_synopsis_section(&mut roff)?;
        man.render_description_section(&mut roff)?;
        man.render_options_section(&mut roff)?;
        man.render_subcommands_section(&mut roff)?;
        rule_sets(catalog).to_writer(&mut roff)?;
        files_and_environment().to_writer(&mut roff)?;
        man.render_version_section(&mut roff)?;
    } else {
        man.render(&mut roff)?;
    }
    say!("{}", String::from_utf8_lossy(&roff).trim_end());
    Ok(())
}

/// The RULE SETS section of the main page: each id with its name and its
/// mechanics in one line.
fn rule_sets(catalog: &Catalog) -> Roff {
    let mut roff = Roff::default();
    roff.control("SH", ["RULE SETS"]);
    for entry in catalog.entries() {
        let rules = &entry.rules;
        roff.control("TP", []);
        roff.text([bold(rules.id())]);
        roff.text([roman(format!(
            "{}: {}",
            crate::text::printable(rules.name()),
            crate::words::rules_summary(rules)
        ))]);
    }
    roff
}

/// The FILES and ENVIRONMENT sections of the main page.
fn files_and_environment() -> Roff {
    let data = Library::at(Path::new("$XDG_DATA_HOME/mancala"));
    let config = Path::new("$XDG_CONFIG_HOME/mancala");
    let files = [
        (
            data.matches_dir(),
            "Every match, one file each, written after every move.",
        ),
        (
            data.copies_dir(),
            "Copies of a match saved under a name during play.",
        ),
        (
            Library::trash_beside(&data.matches_dir()),
            "Matches deleted from the list (u in the list brings the last one back; copies deleted go to the trash folder beside them).",
        ),
        (
            config.join(SETTINGS_FILE),
            "Speed, animation, look, names, seats, the last variant and the tally of each pair of players.",
        ),
        (
            config.join(RULES_FOLDER),
            "Rule files of your own (*.toml), offered beside the built-in rule sets.",
        ),
    ];
    let environment = [
        (
            "XDG_DATA_HOME",
            "Where matches are kept (default ~/.local/share).",
        ),
        (
            "XDG_CONFIG_HOME",
            "Where settings and rule files are read (default ~/.config).",
        ),
        ("NO_COLOR", "When set and not empty: no colours."),
        (
            "TERM, LC_ALL, LC_CTYPE, LANG",
            "A linux or dumb terminal, or a locale that is not UTF-8, gets the plain ASCII board.",
        ),
    ];
    let mut roff = Roff::default();
    roff.control("SH", ["FILES"]);
    for (path, what) in files {
        roff.control("TP", []);
        roff.text([bold(path.display().to_string())]);
        roff.text([roman(what)]);
    }
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in environment {
        roff.control("TP", []);
        roff.text([bold(name)]);
        roff.text([roman(what)]);
    }
    roff
}

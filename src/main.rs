use std::process::ExitCode;

use clap::Parser;
use mancala::cli::{Cli, run};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(failure) => {
            // Messages quote files and arguments: nothing in them may act
            // on the terminal.
            eprintln!("mancala: {}", mancala::text::printable_lines(&failure.0));
            ExitCode::FAILURE
        }
    }
}

use std::process::ExitCode;

use clap::Parser;
use mancala::cli::{Cli, run};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("mancala: {}", failure.0);
            ExitCode::FAILURE
        }
    }
}

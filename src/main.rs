use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use mancala::cli::{Cli, run};
use mancala::text::printable_lines;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors quote the arguments: shown escaped, like every message.
        Err(error) => {
            let text = error.render().to_string();
            let shown = if error.use_stderr() {
                std::io::stderr().write_all(printable_lines(&text).as_bytes())
            } else {
                std::io::stdout().write_all(text.as_bytes())
            };
            drop(shown); // a closed pipe after --help is no failure
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(failure) => {
            // Messages quote files and arguments: nothing in them may act
            // on the terminal.
            // With no terminal left (it hung up), nothing to tell: no panic.
            let _ = writeln!(
                std::io::stderr(),
                "mancala: {}",
                printable_lines(&failure.0)
            );
            ExitCode::FAILURE
        }
    }
}

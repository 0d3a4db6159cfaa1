//! `mancala show`: the position after some moves, as a board or JSON.

use std::process::ExitCode;

use super::{Failure, ShowArgs};
use crate::catalog::Catalog;
use crate::report::{board_text, position_json};

pub fn run(catalog: &Catalog, args: &ShowArgs) -> Result<ExitCode, Failure> {
    let (rules, position) = args.line.resolve(catalog)?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&position_json(&rules, &position))?
        );
    } else {
        print!("{}", board_text(&rules, &position));
    }
    Ok(ExitCode::SUCCESS)
}

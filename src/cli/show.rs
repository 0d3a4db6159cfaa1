//! `mancala show`: the position after some moves, as a board or JSON.

use std::process::ExitCode;

use super::{Failure, ShowArgs};
use crate::catalog::Catalog;
use crate::report::{board_text, position_json};

pub fn run(catalog: &Catalog, args: &ShowArgs) -> Result<ExitCode, Failure> {
    let game = args.line.resolve(catalog)?;
    let (rules, position) = (game.rules().clone(), *game.position());
    if args.json {
        say!(
            "{}",
            serde_json::to_string(&position_json(&rules, &position))?
        );
    } else {
        say!("{}", board_text(&rules, &position).trim_end_matches('\n'));
        // The same position as one line, to give back with --position.
        say!("position: {}", position.to_text(&rules));
    }
    Ok(ExitCode::SUCCESS)
}

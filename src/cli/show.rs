//! `mancala show`: the position after some moves, as a board or JSON.

use std::process::ExitCode;

use super::{Failure, PositionFormat, ShowArgs};
use crate::catalog::Catalog;
use crate::report::{board_text, position_json};

pub fn run(catalog: &Catalog, args: &ShowArgs) -> Result<ExitCode, Failure> {
    let game = args.line.resolve(catalog)?;
    let (rules, position) = (game.rules().clone(), *game.position());
    if let Some(format) = args.format {
        let written = match format {
            PositionFormat::Playstrategy => {
                // The move pair being played, counted from the line's start.
                let played = game.history().len().saturating_sub(1);
                crate::records::playstrategy::position_text(&rules, &position, played / 2 + 1)
            }
            PositionFormat::Ogn => crate::records::ogn::fen(&position),
        };
        say!("{written}");
    } else if args.json {
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

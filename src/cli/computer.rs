//! `mancala move`: the move the computer would play, for other programs.

use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, MoveArgs};
use crate::ai::{Computer, Dice, Level, choose_fill, takes_the_swap};
use crate::catalog::Catalog;

pub fn run(catalog: &Catalog, args: &MoveArgs) -> Result<ExitCode, Failure> {
    let asked = Instant::now();
    let level = args.time.map_or(args.level, Level::Timed);
    let mut game = args.line.resolve(catalog)?;
    let deadline = asked + level.time_cap();
    // Where the round's loser chooses the pits to fill, that choice is the
    // step asked for (§12).
    if let Some(fill) = choose_fill(game.rules(), game.position(), level, deadline) {
        if args.json {
            let json = serde_json::json!({ "fill": fill.to_string() });
            say!("{}", serde_json::to_string(&json)?);
        } else {
            say!("{fill} (the pits the round's loser fills for the next round)");
        }
        return Ok(ExitCode::SUCCESS);
    }
    // After a round, the move asked for is the next round's first.
    if let Ok(next) = game.next_round() {
        game = next;
    }
    let mut dice = Dice::new(args.seed);
    let mut computer = Computer::new(level);
    if let Some(passed) = crate::storage::tables::equip(&mut computer, game.rules()) {
        eprintln!(
            "mancala: {}",
            crate::words::table_passed_over(game.rules(), &passed)
        );
    }
    let choice = computer
        .choose(
            game.rules(),
            game.position(),
            game.history(),
            &mut dice,
            None,
            deadline,
        )
        .ok_or_else(|| Failure("the match is over: there is no move to choose".into()))?;
    let swaps = game.can_swap() && takes_the_swap(choice.value);
    if args.json {
        let json = if swaps {
            serde_json::json!({
                "swap": true,
                "value": -choice.value,
                "depth": choice.depth,
            })
        } else {
            let mut json = serde_json::json!({
                "pit": choice.chosen.pit(),
                "move": choice.chosen.to_string(),
                "value": choice.value,
                "depth": choice.depth,
            });
            // Where the mover chooses the way: the way of the first lap.
            if let Some(direction) = choice.chosen.direction() {
                json["direction"] = serde_json::json!(direction.to_string());
            }
            json
        };
        say!("{}", serde_json::to_string(&json)?);
    } else if swaps {
        say!(
            "swap (the side that has just moved leads by {}, as far as the search saw)",
            -choice.value
        );
    } else {
        let reach = match choice.depth {
            Some(depth) => format!("searched {depth} moves ahead"),
            None => "exact".to_string(),
        };
        say!(
            "{} (value {:+}, {reach})",
            choice.chosen.said(),
            choice.value
        );
    }
    Ok(ExitCode::SUCCESS)
}

//! `mancala solve`: the value of a position with perfect play.

use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, SolveArgs};
use crate::catalog::Catalog;
use crate::engine::{Side, SolveOptions, solve_exact};

pub fn run(catalog: &Catalog, args: &SolveArgs) -> Result<ExitCode, Failure> {
    let (rules, position) = args.line.resolve(catalog)?;
    let Some(mover) = position.to_move() else {
        return Err(Failure(
            "the round is over: there is nothing to solve".into(),
        ));
    };
    let mut options = SolveOptions::with_mib(usize::try_from(args.hash).unwrap_or(256));
    options.endgame_seeds = args.endgame;
    if let Some(threads) = args.threads {
        options.threads = usize::try_from(threads).unwrap_or(1);
    }
    let started = Instant::now();
    let solution = solve_exact(&rules, &position, options);
    let seconds = started.elapsed().as_secs_f64();
    // The value for South, as the spec states values for the first player.
    let for_south = if mover == Side::South {
        solution.value
    } else {
        -solution.value
    };
    #[allow(clippy::cast_precision_loss)]
    let rate = solution.nodes as f64 / (seconds - solution.endgame_seconds).max(1e-9) / 1e6;
    if args.json {
        let json = serde_json::json!({
            "variant": rules.id(),
            "to_move": mover.name(),
            "value": solution.value,
            "value_for_south": for_south,
            "best": solution.best,
            "nodes": solution.nodes,
            "seconds": seconds,
            "table_bytes": solution.table_bytes,
            "endgame_seeds": solution.endgame_seeds,
            "endgame_boards": solution.endgame_boards,
            "endgame_seconds": solution.endgame_seconds,
        });
        println!("{json}");
    } else {
        println!(
            "{} to move: value {:+} with perfect play (South's margin {:+})",
            mover, solution.value, for_south
        );
        let best: Vec<String> = solution.best.iter().map(u8::to_string).collect();
        println!("best move(s): pit {}", best.join(", "));
        if solution.endgame_seeds > 0 {
            println!(
                "endgame table: {} boards (up to {} seeds) built in {:.2} s",
                solution.endgame_boards, solution.endgame_seeds, solution.endgame_seconds
            );
        }
        println!(
            "{} nodes in {seconds:.2} s ({rate:.1} M nodes/s searching), table {} MiB",
            solution.nodes,
            solution.table_bytes / (1024 * 1024)
        );
    }
    Ok(ExitCode::SUCCESS)
}

//! `mancala solve`: the value of a position with perfect play.

use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, SolveArgs};
use crate::ai::{Progress, SolveOptions, is_kalah_shaped, solve_reporting};
use crate::catalog::Catalog;
use crate::engine::{Move, Rounds, Side};
use crate::words::counted;

/// Whether the tables' memory (they never take more than `--hash` together)
/// can be had (see [`super::memory_can_be_had`]).
fn check_memory(mib: usize) -> Result<(), Failure> {
    if super::memory_can_be_had(mib.saturating_mul(1024 * 1024)) {
        Ok(())
    } else {
        Err(Failure(format!(
            "--hash {mib}: {mib} MiB of memory for the tables could not be had; ask for less"
        )))
    }
}

pub fn run(catalog: &Catalog, args: &SolveArgs) -> Result<ExitCode, Failure> {
    let game = args.line.resolve(catalog)?;
    let (rules, position) = (game.rules().clone(), *game.position());
    let Some(mover) = position.to_move() else {
        return Err(Failure(
            "the round is over: there is nothing to solve".into(),
        ));
    };
    let mib = usize::try_from(args.hash).unwrap_or(usize::MAX);
    check_memory(mib)?;
    let mut options = SolveOptions::with_mib(mib);
    options.endgame_seeds = args.endgame;
    if let Some(threads) = args.threads {
        options.threads = usize::try_from(threads).unwrap_or(1);
    }
    let started = Instant::now();
    if !is_kalah_shaped(&rules) {
        eprintln!(
            "{} is not Kalah-shaped: the general search looks deeper and deeper until \
             it sees every game to its end, which only finishes from small positions \
             (Ctrl-C stops it).",
            rules.name()
        );
    }
    let solution = solve_reporting(&rules, &position, options, &mut |progress| {
        tell(progress, mib, started.elapsed().as_secs_f64());
    });
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
            "best": solution.best.iter().map(|mv| mv.pit()).collect::<Vec<_>>(),
            "nodes": solution.nodes,
            "seconds": seconds,
            "table_bytes": solution.table_bytes,
            "endgame_seeds": solution.endgame_seeds,
            "endgame_boards": solution.endgame_boards,
            "endgame_seconds": solution.endgame_seconds,
        });
        say!("{json}");
    } else {
        // Several rounds: the search scores each round by its own end.
        let when = if rules.plan().rounds.rounds == Rounds::Many {
            " at the end of this round"
        } else {
            ""
        };
        say!(
            "{} to move: value {:+} with perfect play (South's margin {:+}{when})",
            mover,
            solution.value,
            for_south
        );
        let best: Vec<String> = solution.best.iter().map(Move::to_string).collect();
        say!("best move(s): pit {}", best.join(", "));
        if solution.endgame_seeds > 0 {
            say!(
                "endgame table: {} boards (up to {} seeds) built in {:.2} s",
                solution.endgame_boards,
                solution.endgame_seeds,
                solution.endgame_seconds
            );
        }
        say!(
            "{} nodes in {seconds:.2} s ({rate:.1} M nodes/s searching), table {} MiB",
            solution.nodes,
            solution.table_bytes / (1024 * 1024)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// How the solve is getting on, on standard error (so the answer on
/// standard output stays clean, and valid JSON with --json).
fn tell(progress: Progress, mib: usize, seconds: f64) {
    match progress {
        Progress::Building { seeds, boards } => {
            eprintln!(
                "building the endgame table: {} with up to {}",
                counted(boards as u64, "board"),
                counted(u64::from(seeds), "seed")
            );
        }
        Progress::StillBuilding { done, boards } => {
            eprintln!(
                "still building the endgame table: {done} of {boards} boards ({seconds:.1} s)"
            );
        }
        Progress::Bounds { low, high, nodes } if low == high => {
            eprintln!("proven: {low:+} ({nodes} nodes, {seconds:.1} s)");
        }
        Progress::Bounds { low, high, nodes } => {
            eprintln!("proven: between {low:+} and {high:+} ({nodes} nodes, {seconds:.1} s)");
        }
        Progress::Testing {
            low,
            high,
            target,
            nodes,
        } => {
            eprintln!(
                "still testing whether it reaches {target:+} (proven: between {low:+} and \
                 {high:+}; {nodes} nodes, {seconds:.1} s)"
            );
        }
        Progress::ShortOfMemory {
            reach,
            wanted,
            mib_wanted,
        } => {
            eprintln!(
                "--hash {mib} MiB holds the endgame table only up to {reach} seeds, not the \
                 {wanted} it wants, so the search will take much longer; --hash {mib_wanted} \
                 or more would hold it"
            );
        }
        Progress::Depth {
            depth,
            value,
            nodes,
        } => {
            eprintln!(
                "{depth} moves ahead: {value:+} as far as the search sees \
                 ({nodes} nodes, {seconds:.1} s)"
            );
        }
    }
}

//! `mancala perft`: count move sequences and report the speed.

use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, PerftArgs};
use crate::catalog::Catalog;
use crate::engine::perft_parallel;
use crate::words::counted;

pub fn run(catalog: &Catalog, args: &PerftArgs) -> Result<ExitCode, Failure> {
    let game = args.line.resolve(catalog)?;
    let (rules, position) = (game.rules().clone(), *game.position());
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let started = Instant::now();
    let count = perft_parallel(&rules, &position, args.depth, threads);
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let report = serde_json::json!({
            "depth": args.depth,
            "nodes": count.nodes,
            "seconds": seconds,
            "moves": count.moves,
            "threads": threads,
        });
        say!("{report}");
    } else {
        #[allow(clippy::cast_precision_loss)]
        let rate = count.nodes as f64 / seconds.max(1e-9) / 1e6;
        say!(
            "{} perft {}: {} in {seconds:.3} s, {rate:.1} M nodes/s on {} ({} on the way)",
            rules.id(),
            args.depth,
            counted(count.nodes, "node"),
            counted(threads as u64, "thread"),
            counted(count.moves, "move"),
        );
    }
    Ok(ExitCode::SUCCESS)
}

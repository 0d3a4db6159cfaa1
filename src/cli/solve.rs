//! `mancala solve`: the value of a position with perfect play.

use std::process::ExitCode;
use std::time::Instant;

use super::{Failure, SolveArgs};
use crate::catalog::Catalog;
use crate::engine::{Searcher, Side};

pub fn run(catalog: &Catalog, args: &SolveArgs) -> Result<ExitCode, Failure> {
    let (rules, position) = args.line.resolve(catalog)?;
    let Some(mover) = position.to_move() else {
        return Err(Failure(
            "the round is over: there is nothing to solve".into(),
        ));
    };
    let started = Instant::now();
    let mut searcher = Searcher::new(&rules, usize::try_from(args.hash).unwrap_or(256));
    let report = searcher.solve(&position);
    let seconds = started.elapsed().as_secs_f64();
    // The value for South, as the spec states values for the first player.
    let for_south = if mover == Side::South {
        report.value
    } else {
        -report.value
    };
    let best: Vec<u8> = report
        .move_values
        .iter()
        .filter(|&&(_, v)| v == report.value)
        .map(|&(pit, _)| pit)
        .collect();
    if args.json {
        let json = serde_json::json!({
            "variant": rules.id(),
            "to_move": mover.name(),
            "value": report.value,
            "value_for_south": for_south,
            "best": best,
            "nodes": report.nodes,
            "seconds": seconds,
            "table_bytes": searcher.table_bytes(),
        });
        println!("{json}");
    } else {
        println!(
            "{} to move: value {:+} with perfect play (South's margin {:+})",
            mover, report.value, for_south
        );
        let best: Vec<String> = best.iter().map(u8::to_string).collect();
        println!("best move(s): pit {}", best.join(", "));
        #[allow(clippy::cast_precision_loss)]
        let rate = report.nodes as f64 / seconds.max(1e-9) / 1e6;
        println!(
            "{} nodes in {seconds:.2} s ({rate:.1} M nodes/s), table {} MiB",
            report.nodes,
            searcher.table_bytes() / (1024 * 1024)
        );
    }
    Ok(ExitCode::SUCCESS)
}

//! `mancala tables`: an endgame table built into the cache folder, with a
//! progress bar while it builds.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::{Failure, TablesArgs};
use crate::catalog::Catalog;
use crate::storage::tables::{Found, TableError, file_of, find_or_build, folder};

pub fn run(catalog: &Catalog, args: &TablesArgs) -> Result<ExitCode, Failure> {
    let rules = catalog.resolve(&args.rules)?.rules;
    let folder =
        folder().ok_or_else(|| Failure("no cache folder is known for this user".into()))?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| usize::try_from(n).unwrap_or(1),
    );
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{msg} [{wide_bar}] {percent:>3}% {elapsed_precise} (about {eta} left)",
        )
        .map_err(|e| Failure(e.to_string()))?
        .progress_chars("=> "),
    );
    check_memory(&rules, args.seeds)?;
    let started = Instant::now();
    let never = AtomicBool::new(false);
    let found = find_or_build(
        &folder,
        &rules,
        args.seeds,
        args.rebuild,
        threads,
        &never,
        &mut |building| {
            bar.set_length(building.boards);
            bar.set_position(building.settled);
            bar.set_message(format!(
                "{} seeds of {}",
                building.seeds, building.max_seeds
            ));
        },
    )
    .map_err(|e| match e {
        TableError::Unindexable { rules, why } => Failure(format!(
            "{rules} has no endgame table: {}",
            crate::words::unindexable(why)
        )),
        other => Failure(other.to_string()),
    })?;
    bar.finish_and_clear();
    let path = file_of(&folder, &rules, args.seeds);
    let (how, table) = match found {
        Found::Read(table) => (
            "already built (--rebuild builds it again)".to_string(),
            table,
        ),
        Found::Built(table, damaged) => {
            let was = damaged.map_or_else(String::new, |damage| {
                format!(", in place of {}", crate::words::unusable_table(damage))
            });
            (
                format!(
                    "built in {:.1} s on {threads} threads{was}",
                    started.elapsed().as_secs_f64()
                ),
                table,
            )
        }
    };
    let (boards, exact) = table.exact_boards();
    #[allow(clippy::cast_precision_loss)]
    let share = 100.0 * exact as f64 / boards.max(1) as f64;
    say!("{}: endgame table {how}", rules.name());
    let boards_said = crate::words::counted(boards, "board");
    if exact == boards {
        say!(
            "{boards_said} up to {} seeds, every value exact",
            args.seeds
        );
    } else {
        say!(
            "{boards_said} up to {} seeds, {share:.1} % exact, the rest bounded (cycles)",
            args.seeds
        );
    }
    say!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// Bytes a build takes at its peak, by board (values, the moves of the
/// largest seed count and their reverse): measured 3.6 GB for Oware's 226
/// million boards.
const BUILD_BYTES_A_BOARD: u64 = 16;

/// Whether the memory the build will want can be had (see
/// [`super::memory_can_be_had`]).
fn check_memory(rules: &crate::engine::Rules, seeds: u8) -> Result<(), Failure> {
    let Some(boards) = crate::ai::table_boards(rules.pits(), seeds) else {
        return Ok(()); // Refused below, with its reason.
    };
    let bytes = boards.saturating_mul(BUILD_BYTES_A_BOARD);
    if super::memory_can_be_had(usize::try_from(bytes).unwrap_or(usize::MAX)) {
        return Ok(());
    }
    Err(Failure(format!(
        "--seeds {seeds}: the build needs about {} GB of memory, which could not be had; ask \
         for fewer seeds",
        bytes.div_ceil(1 << 30)
    )))
}

//! The clarifications of rules.md §12 on hand-worked positions, each worked
//! out on paper from the rules contract before the engine was asked.

mod common;

use std::sync::Arc;

use common::{at, north, play};
use mancala::engine::{Event, Place, Rules, Side};

fn fixture(name: &str) -> Arc<Rules> {
    let path = format!(
        "{}/tests/rules/valid/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    Arc::new(mancala::catalog::load_file(std::path::Path::new(&path)).unwrap())
}

fn taken(trace: &[Event]) -> Vec<(Place, u16)> {
    trace
        .iter()
        .filter_map(|e| match *e {
            Event::RowCapture { pit, count, .. } => Some((pit, count)),
            _ => None,
        })
        .collect()
}

/// §12, "Chains of captures and closed pits": with South's pits 2 to 6
/// closed, South's pit 1 sows its one seed into North's pit 1 (2 + 1 = 3,
/// taken). Going back against the sowing, the next pit is South's own
/// (closed) pit 6: the chain stops there, and North's pits 6 and 5, which
/// hold 3 each, are not taken. South's store: 15 + 3 = 18.
#[test]
fn a_chain_stops_at_the_movers_row_even_where_its_pits_are_closed() {
    let rules = fixture("chain-stops-at-the-mover");
    let game = at(
        &rules,
        "south: 1 x x x x x store 15; north: 2 4 3 0 3 3 store 17; round 2; south to move",
    );
    let (after, trace) = play(&game, 1);
    assert_eq!(taken(&trace), [(north(1), 3)]);
    let position = after.position();
    assert_eq!(position.store(Side::South), 18);
    assert_eq!(position.pit(Side::North, mancala::engine::Pit::new(6)), 3);
    assert_eq!(position.pit(Side::North, mancala::engine::Pit::new(5)), 3);
}

/// The same rule passing over a closed pit of the opponent's: South's pit 6
/// (3 seeds) sows North's pits 1, 2 and, over the closed pit 3, pit 4 (2 + 1
/// = 3, taken); back from there the chain passes over pit 3 and takes pits 2
/// and 1, which hold 1 each, then meets South's row. South's store: 3 + 3 +
/// 1 + 1 = 8.
#[test]
fn a_chain_passes_over_the_opponents_closed_pits() {
    let rules = fixture("chain-stops-at-the-mover");
    let game = at(
        &rules,
        "south: 4 4 4 4 4 3 store 3; north: 0 0 x 2 4 4 store 12; round 2; south to move",
    );
    let (after, trace) = play(&game, 6);
    assert_eq!(taken(&trace), [(north(4), 3), (north(2), 1), (north(1), 1)]);
    assert_eq!(after.position().store(Side::South), 8);
}

//! Helpers shared by the integration tests.
#![allow(dead_code)]

use mancala::catalog::Catalog;
use mancala::engine::{Event, Move, Pit, Place, Position, Rules, Side, Step};

/// Every move the engine's move walk (what perft and the search use) finds
/// in `position`, with the position it leads to, in move order.
pub fn walked_moves(rules: &Rules, position: &Position) -> Vec<(Move, Position)> {
    let mut walked = Vec::new();
    position.for_each_move(rules, |played, child| walked.push((played, *child)));
    walked.sort_by_key(|&(played, _)| played);
    walked
}

/// Steps of a match that sow these pits, in order: what `round_moves` gives.
pub fn steps(pits: &[u8]) -> Vec<Step> {
    sows(pits).into_iter().map(Step::Move).collect()
}

/// Sowing moves of these pits, in order: what `legal_moves` gives.
pub fn sows(pits: &[u8]) -> Vec<Move> {
    pits.iter().map(|&n| Move::sow(Pit::new(n))).collect()
}

/// A built-in rule set by id.
pub fn builtin(id: &str) -> Rules {
    let catalog = Catalog::with_user_dir(None);
    (*catalog.find(id).expect("built-in rule set").rules).clone()
}

/// A built-in rule file with some `key = value` lines replaced, for variants
/// that differ in one parameter.
pub fn variant_of(id: &str, replacements: &[(&str, &str)]) -> Rules {
    let mut text = builtin(id).text().to_string();
    for (from, to) in replacements {
        assert!(text.contains(from), "{from:?} not in {id}");
        text = text.replace(from, to);
    }
    Rules::from_toml(&text).expect("valid variant")
}

/// A position from rows given pit 1 first; stores take whatever makes the total
/// right, split as given (`south_store` to South, the rest to North).
pub fn position(
    rules: &Rules,
    south: &[u16],
    north: &[u16],
    south_store: u16,
    to_move: Side,
) -> Position {
    let on_board: u16 = south.iter().chain(north).sum();
    let north_store = rules.total_seeds() - on_board - south_store;
    Position::from_rows(rules, south, north, [south_store, north_store], to_move)
        .expect("valid position")
}

/// The places that received seeds, in order.
pub fn drops(trace: &[Event]) -> Vec<Place> {
    trace
        .iter()
        .filter_map(|e| match e {
            Event::Drop { place, .. } => Some(*place),
            _ => None,
        })
        .collect()
}

pub fn south(pit: u8) -> Place {
    Place::Pit(Side::South, Pit::new(pit))
}

pub fn north(pit: u8) -> Place {
    Place::Pit(Side::North, Pit::new(pit))
}

/// Every move of a save file, all rounds in order.
pub fn moves_in_save(path: &std::path::Path) -> Vec<u8> {
    mancala::storage::load(path, &Catalog::with_user_dir(None))
        .unwrap_or_else(|e| panic!("{e}"))
        .session
        .round_moves()
        .into_iter()
        .flat_map(|r| r.moves)
        .filter_map(|step| match step {
            Step::Move(played) => Some(played.pit().number()),
            Step::Swap | Step::Fill(_) => None,
        })
        .collect()
}

/// Oware's mechanics on one pit a row with one seed each: every move is a
/// grand slam, and the third repeats the position after the first.
pub const TINY_OWARE: &str = r#"
id = "tiny-oware"
name = "Tiny Oware"
description = "One pit a row."
[board]
pits = 1
seeds-per-pit = 1
stores = "not-sown"
[sowing]
direction = "counter-clockwise"
skip-origin = true
must-feed = true
[captures]
opponent-counts = [2, 3]
chain = true
grand-slam = "captures-nothing"
[round]
end = "no-move"
more-than-half = true
repetition = true
"#;

/// A match of `rules` at the position the text gives.
pub fn at(rules: &std::sync::Arc<Rules>, text: &str) -> mancala::engine::GameState {
    mancala::engine::GameState::at(rules.clone(), Position::from_text(rules, text).unwrap())
}

/// Plays a move written as move lists write it (`3`, `3cw`), with its events.
pub fn play(
    game: &mancala::engine::GameState,
    played: impl std::fmt::Display,
) -> (mancala::engine::GameState, Vec<Event>) {
    let played = played.to_string();
    let mut trace = Vec::new();
    let next = game
        .play_traced(played.parse::<Move>().unwrap(), &mut trace)
        .unwrap_or_else(|e| panic!("{played}: {e}"));
    (next, trace)
}

/// The pits taken by count (captures on a row, chains included), in the
/// order taken, each with its seeds.
pub fn row_captures(trace: &[Event]) -> Vec<(Place, u16)> {
    trace
        .iter()
        .filter_map(|e| match *e {
            Event::RowCapture { pit, count, .. } => Some((pit, count)),
            _ => None,
        })
        .collect()
}

/// The groups taken while sowing (fours), each with who took them.
pub fn groups_taken(trace: &[Event]) -> Vec<(Place, Side)> {
    trace
        .iter()
        .filter_map(|e| match *e {
            Event::SowingCapture { pit, owner, .. } => Some((pit, owner)),
            _ => None,
        })
        .collect()
}

/// How many laps a move took.
pub fn laps(trace: &[Event]) -> usize {
    trace
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count()
}

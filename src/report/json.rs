//! The JSON shape of a position, shared by `show --json` and `replay --json`.

use serde::Serialize;

use crate::engine::{Ending, Outcome, Pit, Position, Rules, Side, Status};

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct RowJson {
    /// Pit 1 first.
    pub pits: Vec<u16>,
    pub store: u16,
    pub closed: Vec<bool>,
    /// Who owns each pit (a tuzdyk: `south` or `north`), pit 1 first; null
    /// for a pit of the row's own player.
    pub owned_by: Vec<Option<&'static str>>,
}

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PositionJson {
    pub variant: String,
    pub round: u16,
    /// `ongoing`, `round-over` or `match-over`.
    pub status: &'static str,
    pub to_move: Option<&'static str>,
    pub south: RowJson,
    pub north: RowJson,
    /// `south`, `north` or `draw` once the round is over, else null.
    pub winner: Option<&'static str>,
    /// Who took the seeds left on the board at the round's end, if anyone did.
    pub took_remaining: Option<&'static str>,
    /// Why the round ended (`row-empty`, `no-move`, `neither-can-move`,
    /// `more-than-half`, `repetition`, `last-seeds`, `agreed`), once it has.
    pub ending: Option<&'static str>,
}

/// The position as the JSON object the command line prints.
#[must_use]
pub fn position_json(rules: &Rules, position: &Position) -> PositionJson {
    let row = |side| RowJson {
        pits: position.row(side),
        store: position.store(side),
        closed: position.closed_row(side),
        owned_by: Pit::all(position.pit_count())
            .map(|pit| position.owner_of(side, pit).map(Side::name))
            .collect(),
    };
    let took = match position.status() {
        Status::Ongoing => None,
        Status::RoundOver { took_remaining } | Status::MatchOver { took_remaining } => {
            took_remaining
        }
    };
    PositionJson {
        variant: rules.id().to_string(),
        round: position.round(),
        status: position.status().kind().word(),
        to_move: position.to_move().map(Side::name),
        south: row(Side::South),
        north: row(Side::North),
        winner: position.outcome().map(Outcome::word),
        took_remaining: took.map(Side::name),
        ending: position.ending().map(Ending::word),
    }
}

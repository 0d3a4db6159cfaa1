//! The JSON shape of a position, shared by `show --json` and `replay --json`.

use serde::Serialize;

use crate::engine::{Ending, Outcome, Pit, Position, Rules, Side, Status};

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct RowJson {
    /// Pit 1 first (on four rows the front row's, then the back row's).
    pub pits: Vec<u16>,
    /// On four rows, the front row, pit 1 first (§10.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub front: Option<Vec<u16>>,
    /// On four rows, the back row, pit 1 first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back: Option<Vec<u16>>,
    /// On four rows, the seeds in the player's hand (§10.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<u16>,
    /// In Bao (§10.1), whether the player still owns their nyumba.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nyumba: Option<bool>,
    /// In Bao, the player's front pit blocked by takasia, or null (left
    /// out elsewhere: the two `None`s differ).
    #[allow(clippy::option_option)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<Option<u8>>,
    pub store: u16,
    pub closed: Vec<bool>,
    /// Who owns each pit (a tuzdyk: `south` or `north`), pit 1 first; null
    /// for a pit of the row's own player.
    pub owned_by: Vec<Option<&'static str>>,
    /// In territory rounds (rules.md §12), who owns each pit for the round
    /// (`south` or `north`), pit 1 first (left out elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Vec<&'static str>>,
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
    /// The written moves of the player to move (empty once play is over).
    pub legal_moves: Vec<String>,
    /// `south`, `north` or `draw` once the round is over, else null.
    pub winner: Option<&'static str>,
    /// Who took the seeds left on the board at the round's end, if anyone did.
    pub took_remaining: Option<&'static str>,
    /// Why the round ended (`row-empty`, `no-move`, `neither-can-move`,
    /// `more-than-half`, `repetition`, `last-seeds`, `agreed`, and on four
    /// rows `cannot-move`, `front-row-empty`), once it has.
    pub ending: Option<&'static str>,
    /// Where the rules may leave seeds to no one (§13: the rest to no one,
    /// an odd seed of a divided rest): the seeds taken off the board into no
    /// store (left out elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unscored: Option<u16>,
    /// Where a lone seed may not go straight back (§13): the pit the player
    /// to move may not play, or null (left out elsewhere: the two `None`s
    /// differ).
    #[allow(clippy::option_option)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barred: Option<Option<u8>>,
}

/// The position as the JSON object the command line prints.
#[must_use]
pub fn position_json(rules: &Rules, position: &Position) -> PositionJson {
    let n = usize::from(position.pit_count());
    let bao = rules.plan().front_across.is_some();
    let row = |side| {
        let pits = position.row(side);
        let four_rows = position.row_count() == 4;
        RowJson {
            front: four_rows.then(|| pits[..n].to_vec()),
            back: four_rows.then(|| pits[n..].to_vec()),
            hand: four_rows.then(|| position.store(side)),
            nyumba: bao.then(|| position.owns_nyumba(side)),
            blocked: bao.then(|| {
                position
                    .blocked()
                    .filter(|&(owner, _, _)| owner == side)
                    .map(|(_, pit, _)| pit.number())
            }),
            pits,
            store: position.store(side),
            closed: position.closed_row(side),
            owned_by: Pit::all(position.pits_per_side())
                .map(|pit| position.owner_of(side, pit).map(Side::name))
                .collect(),
            owner: rules.plan().rounds.territory_goal.map(|_| {
                Pit::all(position.pits_per_side())
                    .map(|pit| position.round_owner(side, pit).name())
                    .collect()
            }),
        }
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
        legal_moves: position
            .legal_moves(rules)
            .iter()
            .map(ToString::to_string)
            .collect(),
        winner: position.outcome().map(Outcome::word),
        took_remaining: took.map(Side::name),
        ending: position.ending().map(Ending::word),
        unscored: (!rules.plan().goal.scores_every_seed()).then(|| position.unscored(rules)),
        barred: (!rules.plan().playable.lone_seed_back)
            .then(|| position.barred_pit().map(Pit::number)),
    }
}

//! Where a match stands and how a round ended: the status, the reason, who
//! won. Positions carry them; traces, reports, saves and lists read them.

use std::fmt;
use std::str::FromStr;

use super::ground::Side;
use super::rules::UnknownWord;

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Someone is to move.
    Ongoing,
    /// The round is over and another may follow. `took_remaining` is the player
    /// who took the seeds left on the board (none under `side-empty`).
    RoundOver { took_remaining: Option<Side> },
    /// The match is over: the round just played was its last.
    MatchOver { took_remaining: Option<Side> },
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A move left a row empty (`side-empty`).
    RowEmpty,
    /// The player to move had no legal move.
    NoMove,
    /// Neither player had a legal move (where a player who cannot move
    /// passes).
    NeitherCanMove,
    /// A player held more than half the seeds, or both exactly half.
    MoreThanHalf,
    /// A position came back that was seen since the last capture.
    Repetition,
    /// A move that took a group while sowing left so few seeds on the board
    /// that the taker of its last group took them.
    LastSeeds,
    /// The players ended the match in the middle of a round.
    Agreed,
    /// Where the player who cannot move loses (§10): a capture left the
    /// opponent, or a move its own mover, with no pit to play, or the
    /// player to move had no legal move; that player lost.
    CannotMove,
    /// Where the front pit across is captured (Bao, §10.2): a capture
    /// emptied the opponent's front row, or a move its own mover's; that
    /// player lost.
    FrontRowEmpty,
}

rule_words! {
    Ending {
        RowEmpty => "row-empty",
        NoMove => "no-move",
        NeitherCanMove => "neither-can-move",
        MoreThanHalf => "more-than-half",
        Repetition => "repetition",
        LastSeeds => "last-seeds",
        Agreed => "agreed",
        CannotMove => "cannot-move",
        FrontRowEmpty => "front-row-empty",
    }
}

/// How far the match has gone, without who took the last seeds: what saves,
/// lists and `--json` write (`ongoing`, `round-over`, `match-over`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatusKind {
    Ongoing,
    RoundOver,
    MatchOver,
}

impl Status {
    #[must_use]
    pub fn kind(self) -> StatusKind {
        match self {
            Status::Ongoing => StatusKind::Ongoing,
            Status::RoundOver { .. } => StatusKind::RoundOver,
            Status::MatchOver { .. } => StatusKind::MatchOver,
        }
    }
}

rule_words! {
    StatusKind { Ongoing => "ongoing", RoundOver => "round-over", MatchOver => "match-over" }
}

impl StatusKind {
    #[must_use]
    pub fn is_finished(self) -> bool {
        self == StatusKind::MatchOver
    }
}

/// Who won a round or a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// The word files and `--json` use: the winner's side, or `draw`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Win(side) => side.name(),
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Reads what [`Outcome::word`] writes (a side as [`Side`] reads it).
impl FromStr for Outcome {
    type Err = UnknownWord;

    fn from_str(text: &str) -> Result<Outcome, UnknownWord> {
        match text {
            "draw" => Ok(Outcome::Draw),
            side => side
                .parse::<Side>()
                .map(Outcome::Win)
                .map_err(|_| UnknownWord {
                    found: text.to_string(),
                    expected: &["south", "north", "draw"],
                }),
        }
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;

    #[test]
    fn statuses_and_outcomes_read_back_the_words_they_write() {
        for kind in [
            StatusKind::Ongoing,
            StatusKind::RoundOver,
            StatusKind::MatchOver,
        ] {
            assert_eq!(kind.to_string().parse::<StatusKind>(), Ok(kind));
        }
        assert_eq!(StatusKind::RoundOver.to_string(), "round-over");
        for outcome in [
            Outcome::Win(Side::South),
            Outcome::Win(Side::North),
            Outcome::Draw,
        ] {
            assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome));
        }
        assert_eq!(Outcome::Win(Side::North).to_string(), "north");
        assert!("won".parse::<Outcome>().is_err());
    }
}

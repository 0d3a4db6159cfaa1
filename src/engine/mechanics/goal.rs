//! When a game (or a round) ends and who wins (`[round]`, rules.md §2,
//! §6-§10): the ends (a row empty, the player to move stuck, no one able
//! to move, more than half the seeds, a repetition), who takes the seeds
//! left, and, on four rows, the player who cannot move losing.

mod end;
mod score;

use serde::Deserialize;
use toml::Spanned;

use super::Plan;
use super::rounds::Rounds;
use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::file::RulesFile;

pub use score::{Foretold, Score, Tally, WIN};
pub(crate) use score::{outcome, won_by_moving};

/// When a round is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndsWhen {
    /// After any move that leaves a row empty.
    RowEmpty,
    /// When the player to move has no legal move.
    NoMove,
    /// When neither player can move: a player with no legal move passes and
    /// the other moves again.
    NoOneCanMove,
}

/// Who takes the seeds left on the board when a round ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RestGoesTo {
    /// Each player adds the seeds on their own row to their store.
    #[default]
    RowOwner,
    /// The player who was not stuck takes them all.
    OtherPlayer,
    /// The player whose row is empty takes every seed on the other row
    /// (Mangala; with `ends-when = "row-empty"` only).
    Emptier,
    /// No one: the seeds left are taken off the board and scored by no one,
    /// at any end (§13.1, Bakuk).
    Nobody,
    /// Where neither player can move, the player whose row is empty, the
    /// unfed one (§13.12, Al-manqala; with passing and must feed).
    Unfed,
}

/// Who takes the seeds left at an end by repetition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepetitionRest {
    /// As at the rule set's other ends where no one takes them all: each
    /// row to its owner, or no one where the rest goes to no one.
    #[default]
    AsAtAnyEnd,
    /// Halved between the players, an odd seed to no one (§13.12).
    Divided,
}

rule_words! {
    EndsWhen { RowEmpty => "row-empty", NoMove => "no-move", NoOneCanMove => "no-one-can-move" }
    RestGoesTo {
        RowOwner => "row-owner",
        OtherPlayer => "other-player",
        Emptier => "emptier",
        Nobody => "nobody",
        Unfed => "unfed",
    }
    RepetitionRest { AsAtAnyEnd => "as-at-any-end", Divided => "divided" }
}

/// `[round]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub ends_when: Option<Spanned<EndsWhen>>,
    pub rest_goes_to: Option<Spanned<RestGoesTo>>,
    pub more_than_half: Option<Spanned<bool>>,
    pub repetition: Option<Spanned<bool>>,
    pub repetition_rest: Option<Spanned<RepetitionRest>>,
    pub stuck_player_loses: Option<Spanned<bool>>,
    pub leapfrog_is_stuck: Option<Spanned<bool>>,
    pub front_row_empty_loses: Option<Spanned<bool>>,
    /// Old: `ends-when` and `rest-goes-to` in one word.
    pub end: Option<Spanned<crate::engine::rules::old_keys::OldRoundEnd>>,
}

/// `[round]`, checked: when a round is over and who takes the seeds left.
// Each flag is one independent choice of a player's description.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub ends_when: EndsWhen,
    pub rest_goes_to: RestGoesTo,
    /// The round also ends once a player holds more than half the seeds (or
    /// both exactly half).
    pub more_than_half: bool,
    /// The round also ends when a position repeats one since the last
    /// capture.
    pub repetition: bool,
    /// Who takes the seeds left at that end.
    pub repetition_rest: RepetitionRest,
    /// The player who cannot move loses (§10): when a capture leaves the
    /// opponent so, at once; when the mover's own move leaves them so, at
    /// its end; when the player to move has no legal move.
    pub stuck_player_loses: bool,
    /// A player whose only seeds are a pit of two and, next along the way
    /// of sowing, a pit of one cannot move: those seeds would leapfrog for
    /// ever without a capture (§10.5).
    pub leapfrog_is_stuck: bool,
    /// A player whose own front row is empty at the end of their move
    /// loses (Bao), instead of one their move left unable to move.
    pub front_row_empty_loses: bool,
    /// The seeds in the pits a player owns are theirs at the end (owned
    /// pits that keep their seeds): they count in the score.
    pub owned_pits_count: bool,
}

fn flag(value: Option<&Spanned<bool>>) -> bool {
    value.is_some_and(|v| *v.get_ref())
}

impl Goal {
    /// The ends and the rest, each with the end it needs; the end at more
    /// than half the seeds in a single game only.
    pub(crate) fn check(
        file: &RulesFile,
        keys: &Keys,
        rounds: Rounds,
        text: &str,
    ) -> Result<Goal, RulesError> {
        let round = file.round.get_ref();
        let ends = &keys.ends_when;
        let rest = keys
            .rest_goes_to
            .as_ref()
            .map_or(RestGoesTo::RowOwner, |r| r.value);
        if let Some(written) = &keys.rest_goes_to {
            let needs = match written.value {
                RestGoesTo::OtherPlayer if ends.value != EndsWhen::NoMove => Some(
                    "the other player is the one who was not stuck, which only \
                     `ends-when = \"no-move\"` has; use \"row-owner\"",
                ),
                RestGoesTo::Emptier if ends.value != EndsWhen::RowEmpty => Some(
                    "the emptier is the player whose row is empty, which only \
                     `ends-when = \"row-empty\"` has; use \"row-owner\"",
                ),
                _ => None,
            };
            if let Some(needs) = needs {
                return refuse(text, written.span.clone(), written.key, needs);
            }
            if written.value == RestGoesTo::Unfed
                && (ends.value != EndsWhen::NoOneCanMove || !keys.must_feed)
            {
                return refuse(
                    text,
                    written.span.clone(),
                    written.key,
                    "the unfed player is the one left with an empty row whom the other cannot \
                     feed, which needs passing and feeding: `ends-when = \"no-one-can-move\"` \
                     and `sowing.must-feed = true`",
                );
            }
            if written.value == RestGoesTo::Nobody && rounds == Rounds::Many {
                return refuse(
                    text,
                    written.span.clone(),
                    written.key,
                    "seeds scored by no one leave the board for good, and the next round \
                     would be short of them: it needs `match.rounds = \"single\"`",
                );
            }
        }
        // A repetition may end a round of a match (§8.3: each player keeps
        // their own row, and the next round is set up from that), and so may
        // a store of more than half the seeds (§12, Erherhe).
        let more_than_half = round.more_than_half.as_ref();
        let repetition = flag(round.repetition.as_ref());
        let repetition_rest = match &round.repetition_rest {
            Some(written) if !repetition => {
                return refuse(
                    text,
                    written.span(),
                    "round.repetition-rest",
                    "it says who takes the seeds left at an end by repetition: it needs \
                     `repetition = true`",
                );
            }
            Some(written)
                if *written.get_ref() == RepetitionRest::Divided && rounds == Rounds::Many =>
            {
                return refuse(
                    text,
                    written.span(),
                    "round.repetition-rest",
                    "an odd seed left when the rest is halved goes to no one, and the next \
                     round would be short of it: it needs `match.rounds = \"single\"`",
                );
            }
            Some(written) => *written.get_ref(),
            None => RepetitionRest::AsAtAnyEnd,
        };
        Ok(Goal {
            ends_when: ends.value,
            rest_goes_to: rest,
            more_than_half: flag(more_than_half),
            repetition,
            repetition_rest,
            // Read with what they need (see `with_four_row_ends`).
            stuck_player_loses: false,
            leapfrog_is_stuck: false,
            front_row_empty_loses: false,
            owned_pits_count: false,
        })
    }

    /// The round's keys of §10 (`stuck-player-loses`, `leapfrog-is-stuck`,
    /// `front-row-empty-loses`), each with what it needs of `plan`.
    pub(crate) fn with_four_row_ends(
        mut self,
        file: &RulesFile,
        plan: &Plan,
        text: &str,
    ) -> Result<Goal, RulesError> {
        let written = file.round.get_ref();
        let round_span = file.round.span();
        let span = |value: Option<&Spanned<bool>>| value.map_or(round_span.clone(), Spanned::span);
        self.stuck_player_loses = flag(written.stuck_player_loses.as_ref());
        self.leapfrog_is_stuck = flag(written.leapfrog_is_stuck.as_ref());
        if let Some(value) = &written.front_row_empty_loses {
            self.front_row_empty_loses = *value.get_ref();
            let why = if !self.front_row_empty_loses {
                None
            } else if !self.stuck_player_loses {
                Some(
                    "a game is lost so where the player who cannot move loses: it needs \
                     `stuck-player-loses = true`",
                )
            } else if plan.front_across.is_none() {
                Some(
                    "only front pits are taken where `[capture.front-across]` captures: it \
                     needs that table",
                )
            } else {
                None
            };
            if let Some(why) = why {
                return refuse(text, value.span(), "round.front-row-empty-loses", why);
            }
        }
        if self.stuck_player_loses {
            let at = span(written.stuck_player_loses.as_ref());
            let why = if self.ends_when != EndsWhen::NoMove {
                Some("the player who cannot move loses: it needs `ends-when = \"no-move\"`")
            } else if written.rest_goes_to.is_some() || self.more_than_half || self.repetition {
                Some(
                    "where the player who cannot move loses, no seeds are counted: leave \
                     `rest-goes-to`, `more-than-half` and `repetition` out",
                )
            } else if plan.rounds.rounds != Rounds::Single {
                Some(
                    "a loss by being unable to move ends the game: it needs `match.rounds = \
                     \"single\"`",
                )
            } else {
                None
            };
            if let Some(why) = why {
                return refuse(text, at, "round.stuck-player-loses", why);
            }
        }
        if self.leapfrog_is_stuck {
            let at = span(written.leapfrog_is_stuck.as_ref());
            let why = if !self.stuck_player_loses {
                Some("a player who cannot move loses only with `stuck-player-loses = true`")
            } else if plan.playable.min_seeds != 2 {
                Some(
                    "the leapfrog is a pit of two that may be played and a pit of one that may \
                     not: it needs `sowing.min-seeds = 2`",
                )
            } else {
                None
            };
            if let Some(why) = why {
                return refuse(text, at, "round.leapfrog-is-stuck", why);
            }
        }
        Ok(self)
    }

    /// Whether every seed ends the game in a store (or an owned pit): none
    /// is scored by no one.
    #[must_use]
    pub fn scores_every_seed(self) -> bool {
        self.rest_goes_to != RestGoesTo::Nobody && self.repetition_rest != RepetitionRest::Divided
    }

    /// A player with no legal move passes (the round ends when no one can
    /// move).
    #[inline]
    #[must_use]
    pub fn passing(self) -> bool {
        self.ends_when == EndsWhen::NoOneCanMove
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[round]");
        line(&format!("ends-when = \"{}\"", self.ends_when));
        if self.rest_goes_to != RestGoesTo::RowOwner {
            line(&format!("rest-goes-to = \"{}\"", self.rest_goes_to));
        }
        if self.more_than_half {
            line("more-than-half = true");
        }
        if self.repetition {
            line("repetition = true");
        }
        if self.repetition_rest != RepetitionRest::AsAtAnyEnd {
            line(&format!("repetition-rest = \"{}\"", self.repetition_rest));
        }
        if self.stuck_player_loses {
            line("stuck-player-loses = true");
        }
        if self.front_row_empty_loses {
            line("front-row-empty-loses = true");
        }
        if self.leapfrog_is_stuck {
            line("leapfrog-is-stuck = true");
        }
    }

    /// The one-line summary's words, each a part.
    #[must_use]
    pub fn in_brief(self) -> Vec<&'static str> {
        let mut parts = Vec::new();
        if self.passing() {
            parts.push("a player who cannot move passes");
        }
        parts
    }

    /// The one-line summary's words on the rest, after the extra turns.
    #[must_use]
    pub fn rest_in_brief(self) -> Option<&'static str> {
        match self.rest_goes_to {
            RestGoesTo::Emptier => Some("the player whose row is empty takes the rest"),
            RestGoesTo::Nobody => Some("the seeds left scored by no one"),
            RestGoesTo::Unfed => Some("the rest to the unfed player"),
            RestGoesTo::RowOwner | RestGoesTo::OtherPlayer => None,
        }
    }

    /// Who took the seeds left at an end (`ending`) where no player took
    /// them all, `unscored` of them going to no one, as the end of a game
    /// tells it: "each kept their row", "the 3 seeds left went to no one",
    /// "the seeds left were shared, 1 to no one".
    #[must_use]
    pub fn rest_told(self, ending: crate::engine::Ending, unscored: u16) -> String {
        let to_no_one = |unscored: u16| match unscored {
            1 => "the 1 seed left went to no one".to_string(),
            left => format!("the {left} seeds left went to no one"),
        };
        if ending == crate::engine::Ending::Repetition
            && self.repetition_rest == RepetitionRest::Divided
        {
            return match unscored {
                0 => "the seeds left were shared between them".to_string(),
                odd => format!("the seeds left were shared between them, {odd} to no one"),
            };
        }
        match (self.rest_goes_to, unscored) {
            (RestGoesTo::Nobody, 0) => "no seed was left".to_string(),
            (RestGoesTo::Nobody, unscored) => to_no_one(unscored),
            _ => "each kept their row".to_string(),
        }
    }

    /// The rule sheet's lines: when a round ends, who takes the seeds left,
    /// and the other ends.
    #[must_use]
    pub fn said(self) -> [(&'static str, String); 3] {
        let ends_when = if self.front_row_empty_loses {
            "a capture empties a front row, or a move its own mover's: that player loses; \
             so does the player to move with no legal move"
        } else if self.stuck_player_loses {
            "the player who cannot move loses (at once, where a capture leaves them so)"
        } else {
            match self.ends_when {
                EndsWhen::RowEmpty => "after a move that leaves a row empty",
                EndsWhen::NoMove => "when the player to move has no legal move",
                EndsWhen::NoOneCanMove => "when no one can move (a player who cannot move passes)",
            }
        };
        let rest = match self.rest_goes_to {
            _ if self.stuck_player_loses => "they stay where they lie",
            RestGoesTo::RowOwner => "each player takes the seeds on their own row",
            RestGoesTo::OtherPlayer => "the player who could still move takes them all",
            RestGoesTo::Emptier => "the player whose row is empty takes the other row",
            RestGoesTo::Nobody => "no one: they are taken off the board and scored by no one",
            RestGoesTo::Unfed => {
                "where neither can move, the player whose row is empty (the unfed) takes them; \
                 else each player takes the seeds on their own row"
            }
        };
        let mut other_ends = Vec::new();
        if self.more_than_half {
            other_ends.push("more than half the seeds in store");
        }
        if self.repetition {
            other_ends.push(match self.repetition_rest {
                RepetitionRest::AsAtAnyEnd => "a position repeated since the last capture",
                RepetitionRest::Divided => {
                    "a position repeated since the last capture (the seeds left then halved \
                     between the players, an odd one to no one)"
                }
            });
        }
        let other_ends = if other_ends.is_empty() {
            "no".to_string()
        } else {
            other_ends.join("; ")
        };
        [
            ("round ends", ends_when.to_string()),
            ("seeds left", rest.to_string()),
            ("also ends at", other_ends),
        ]
    }
}

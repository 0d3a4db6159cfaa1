//! A match of rounds (`[match]`, rules.md §3, §7.2, §8 and §12): one game
//! or many, which end of a row is refilled first, who starts the next
//! round, the loser's partial pit, how the first player is settled, and the
//! swap rule. The refill between rounds is the position's
//! (`game/refill.rs`).

use serde::Deserialize;
use toml::Spanned;

use super::Goal;
use super::goal::RestGoesTo;
use crate::engine::game::Position;
use crate::engine::ground::Side;
use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::file::RulesFile;
use crate::engine::status::{Outcome, Status};

/// One game, or a match of rounds with refills between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounds {
    #[default]
    Single,
    Many,
}

/// Who starts the next round of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextStarter {
    /// The player who took the seeds left on the board (Raja Pasu).
    TookRemaining,
    /// The round's winner; after a draw, the player who did not start it
    /// (Dakon).
    Winner,
    /// The round's loser; after a draw, the player who did not start it
    /// (Congkak).
    Loser,
    /// The player who did not start the round just played, whatever its
    /// result (rules.md §12: Bosh, Pallam Kuzhi).
    Alternate,
}

/// Which end of a row the refill between rounds fills first: the pits
/// that cannot be filled, closed for the round, lie at the other end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refill {
    /// From pit n leftwards (§3): closed pits at the owner's left.
    #[default]
    FromRight,
    /// From pit 1 rightwards (§12): closed pits at the owner's right.
    FromLeft,
    /// The round's loser chooses which pits to fill when they cannot fill
    /// them all (§12, Erherhe: a [`Fill`]); else, and for the winner, from
    /// pit n leftwards.
    LoserChooses,
    /// Territory rounds (§12, the Nam-nam family): every pit is filled
    /// again, and the round's winner owns as many pits as their seeds fill
    /// (one more above half a pit): their row, then the loser's from pit 1.
    Territory,
}

impl Refill {
    /// The pits of a row of `pits` in the order they are filled, where no
    /// one chooses.
    pub(crate) fn order(self, pits: u8) -> impl Iterator<Item = u8> {
        let from_left = self == Refill::FromLeft;
        (1..=pits).map(move |k| if from_left { k } else { pits + 1 - k })
    }
}

/// A choice the round's loser has to make before the next round: `count`
/// of their pits to fill, and which is theirs to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillChoice {
    pub side: Side,
    pub count: u8,
}

/// How the first player of the match is settled before play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// The players say who starts (South unless they say otherwise).
    #[default]
    Chosen,
    /// Chosen or drawn by lot.
    Drawn,
    /// One player hides marbles, the other guesses odd or even.
    OddEven,
}

rule_words! {
    Rounds { Single => "single", Many => "many" }
    NextStarter {
        TookRemaining => "took-remaining",
        Winner => "winner",
        Loser => "loser",
        Alternate => "alternate",
    }
    Refill {
        FromRight => "from-right",
        FromLeft => "from-left",
        LoserChooses => "loser-chooses",
        Territory => "territory",
    }
    FirstPlayer { Chosen => "chosen", Drawn => "drawn", OddEven => "odd-even" }
}

/// `[match]` as a rule file writes it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub rounds: Option<Spanned<Rounds>>,
    pub next_round_starter: Option<Spanned<NextStarter>>,
    pub refill: Option<Spanned<Refill>>,
    pub min_pits: Option<Spanned<i64>>,
    pub territory_goal: Option<Spanned<i64>>,
    pub partial_pit: Option<Spanned<bool>>,
    #[serde(default)]
    pub first_player: FirstPlayer,
    #[serde(default)]
    pub swap: bool,
}

/// `[match]`, checked: one game or many rounds, and who starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchRules {
    pub rounds: Rounds,
    pub next_starter: NextStarter,
    pub refill: Refill,
    /// The match is over after a round that leaves a player fewer seeds
    /// than this many full pits (§3's end at 1; rules.md §12).
    pub min_pits: u8,
    /// In territory rounds, the pits a round's winner must own in the next
    /// round for the match to be theirs (§12); none elsewhere.
    pub territory_goal: Option<u8>,
    /// The round's loser may put a remainder of under one pit's worth in a pit.
    pub partial_pit: bool,
    pub first_player: FirstPlayer,
    /// The swap rule is on unless the players turn it off (a setup choice).
    pub swap: bool,
}

/// `match.rounds` as written, single where it is left out.
pub(crate) fn written_rounds(file: &RulesFile) -> Rounds {
    file.match_
        .rounds
        .as_ref()
        .map_or(Rounds::Single, |r| *r.get_ref())
}

impl MatchRules {
    /// `[match]`, with the round's end it needs: a next round's starter and
    /// a partial pit only in a match of rounds, the player who took the
    /// remaining seeds only where someone takes them.
    pub(crate) fn check(
        file: &RulesFile,
        keys: &Keys,
        goal: Goal,
        pits: u8,
        text: &str,
    ) -> Result<MatchRules, RulesError> {
        // Someone takes the seeds left (and may start the next round for it).
        let taker = matches!(
            goal.rest_goes_to,
            RestGoesTo::OtherPlayer | RestGoesTo::Emptier
        );
        let rounds = written_rounds(file);
        let next_starter = next_starter(
            file,
            keys,
            rounds,
            (taker, goal.more_than_half),
            goal.passing(),
            text,
        )?;
        let refill = match file.match_.refill.as_ref() {
            Some(written) if rounds != Rounds::Many => {
                return refuse(
                    text,
                    written.span(),
                    "match.refill",
                    "pits are refilled between rounds, so it needs `match.rounds = \"many\"`",
                );
            }
            Some(written) => *written.get_ref(),
            None => Refill::FromRight,
        };
        let min_pits = match file.match_.min_pits.as_ref() {
            None => 1,
            Some(written) if rounds != Rounds::Many => {
                return refuse(
                    text,
                    written.span(),
                    "match.min-pits",
                    "it ends a match of rounds, so it needs `match.rounds = \"many\"`",
                );
            }
            Some(written) => match u8::try_from(*written.get_ref()) {
                Ok(k) if (1..=pits).contains(&k) => k,
                _ => {
                    return refuse(
                        text,
                        written.span(),
                        "match.min-pits",
                        &format!(
                            "a player needs 1 to {pits} full pits (the pits of a row) to play \
                             on"
                        ),
                    );
                }
            },
        };
        let partial_pit = file.match_.partial_pit.as_ref();
        if let Some(partial) = partial_pit.filter(|p| *p.get_ref())
            && rounds != Rounds::Many
        {
            return refuse(
                text,
                partial.span(),
                "match.partial-pit",
                "a partial pit is made when refilling between rounds, so it needs \
                 `match.rounds = \"many\"`",
            );
        }
        // Refills that fill no partial pit, each with its reason.
        let no_partial = match refill {
            Refill::LoserChooses => Some(
                "the partial pit goes in the pit after the filled ones, and where the loser \
                 chooses which pits to fill there is no such pit: leave it out",
            ),
            Refill::Territory => {
                Some("in territory rounds every pit is filled again: there is no partial pit")
            }
            _ => None,
        };
        if let (Some(partial), Some(reason)) = (partial_pit.filter(|p| *p.get_ref()), no_partial) {
            return refuse(text, partial.span(), "match.partial-pit", reason);
        }
        let territory_goal = territory_goal(file, refill, pits, text)?;
        Ok(MatchRules {
            rounds,
            next_starter,
            refill,
            min_pits,
            territory_goal,
            partial_pit: partial_pit.is_some_and(|p| *p.get_ref()),
            first_player: file.match_.first_player,
            swap: file.match_.swap,
        })
    }

    /// The pits a round's winner with `seeds` owns in the next territory
    /// round: as many as the seeds fill, and one more where the remainder
    /// is more than half a pit (§12: with 4 a pit, 27 to 30 own 7).
    #[must_use]
    pub fn pits_won(self, seeds: u16, seeds_per_pit: u8) -> u16 {
        let full = u16::from(seeds_per_pit).max(1);
        seeds / full + u16::from(2 * (seeds % full) > full)
    }

    /// What a finished round is worth to `side` where rounds are won by
    /// territory (§12), in seeds as the search counts: a pit's worth for
    /// each pit more than the opponent it would own in the next round, and
    /// the whole board for the match won. `None` elsewhere, where the seeds
    /// themselves are the worth. The search values a round's end by it, so
    /// that it plays for the pits a round wins: 26 seeds to 22 with 4 a pit
    /// win no pit, 27 win one.
    #[must_use]
    pub fn territory_worth(
        self,
        finished: &Position,
        side: Side,
        seeds_per_pit: u8,
    ) -> Option<i32> {
        self.territory_goal?;
        let board = 2 * i32::from(finished.pit_count());
        let held = |winner: Side| match finished.status() {
            Status::MatchOver { .. } => board,
            _ => i32::from(self.pits_won(finished.store(winner), seeds_per_pit)).min(board),
        };
        let lead = match finished.outcome() {
            // The winner's pits, less the loser's (the rest of the board).
            Some(Outcome::Win(winner)) => {
                let margin = 2 * held(winner) - board;
                if winner == side { margin } else { -margin }
            }
            // A drawn round leaves each player their row.
            _ => 0,
        };
        Some(lead * i32::from(seeds_per_pit))
    }

    /// The fewest seeds a player needs after a round for the match to go
    /// on: `min_pits` full pits of `seeds_per_pit`.
    #[must_use]
    pub fn fewest_seeds(self, seeds_per_pit: u8) -> u16 {
        u16::from(seeds_per_pit) * u16::from(self.min_pits)
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[match]");
        line(&format!("rounds = \"{}\"", self.rounds));
        if self.rounds == Rounds::Many {
            line(&format!("next-round-starter = \"{}\"", self.next_starter));
            if self.refill != Refill::FromRight {
                line(&format!("refill = \"{}\"", self.refill));
            }
            if self.min_pits != 1 {
                line(&format!("min-pits = {}", self.min_pits));
            }
            if let Some(goal) = self.territory_goal {
                line(&format!("territory-goal = {goal}"));
            }
        }
        if self.partial_pit {
            line("partial-pit = true");
        }
        line(&format!("first-player = \"{}\"", self.first_player));
        if self.swap {
            line("swap = true");
        }
    }

    /// The one-line summary's words, each a part.
    #[must_use]
    pub fn in_brief(self) -> Vec<&'static str> {
        let mut parts = vec![match (self.rounds, self.next_starter) {
            (Rounds::Single, _) => "one game",
            (Rounds::Many, NextStarter::Loser) => "match of rounds, the loser starting the next",
            (Rounds::Many, _) => "match of rounds",
        }];
        if self.swap {
            parts.push("swap rule");
        }
        match self.refill {
            Refill::FromRight => {}
            Refill::FromLeft => parts.push("refilled from the left"),
            Refill::LoserChooses => parts.push("the loser chooses the pits to fill"),
            Refill::Territory => parts.push("territory rounds"),
        }
        if self.partial_pit {
            parts.push("loser's partial pit");
        }
        parts
    }

    /// The rule sheet's lines.
    #[must_use]
    pub fn said(self) -> [(&'static str, String); 6] {
        let rounds = match (self.rounds, self.next_starter) {
            (Rounds::Single, _) => "one game",
            (Rounds::Many, NextStarter::TookRemaining) => {
                "a match of rounds; who took the remaining seeds starts the next"
            }
            (Rounds::Many, NextStarter::Winner) => {
                "a match of rounds; the winner starts the next (after a draw, the other player)"
            }
            (Rounds::Many, NextStarter::Loser) => {
                "a match of rounds; the loser starts the next (after a draw, the other player)"
            }
            (Rounds::Many, NextStarter::Alternate) => {
                "a match of rounds; the players take turns to start them"
            }
        };
        let refill = match (self.rounds, self.refill) {
            (Rounds::Single, _) => "none (one game)",
            (Rounds::Many, Refill::FromRight) => {
                "from pit n leftwards, a full pit each; pits left unfilled are closed"
            }
            (Rounds::Many, Refill::FromLeft) => {
                "from pit 1 rightwards, a full pit each; pits left unfilled are closed"
            }
            (Rounds::Many, Refill::LoserChooses) => {
                "a full pit each; the loser chooses which pits to fill, the others are closed"
            }
            (Rounds::Many, Refill::Territory) => {
                "every pit full again; the winner owns a pit for each pit's worth of seeds \
                 (one more above half a pit): their row, then the loser's from pit 1"
            }
        };
        let match_ends = match (self.rounds, self.min_pits) {
            (Rounds::Single, _) => "with the one game".to_string(),
            (Rounds::Many, _) if self.territory_goal.is_some() => format!(
                "after a round whose winner would own {} pits or more",
                self.territory_goal.unwrap_or(0)
            ),
            (Rounds::Many, 1) => {
                "after a round that leaves a player too few seeds to fill a pit".to_string()
            }
            (Rounds::Many, k) => {
                format!("after a round that leaves a player too few seeds to fill {k} pits")
            }
        };
        let first = match self.first_player {
            FirstPlayer::Chosen => "chosen",
            FirstPlayer::Drawn => "chosen or drawn",
            FirstPlayer::OddEven => "odd-or-even guess",
        };
        let swap = if self.swap {
            "on (the second player may swap after the first turn)"
        } else {
            "off (a setup choice)"
        };
        [
            ("rounds", rounds.to_string()),
            ("refill", refill.to_string()),
            ("match ends", match_ends),
            (
                "partial pit",
                if self.partial_pit { "yes" } else { "no" }.to_string(),
            ),
            ("first player", first.to_string()),
            ("swap rule", swap.to_string()),
        ]
    }
}

/// `match.territory-goal`: needed by territory rounds and by nothing else,
/// more than a row and at most the board.
fn territory_goal(
    file: &RulesFile,
    refill: Refill,
    pits: u8,
    text: &str,
) -> Result<Option<u8>, RulesError> {
    Ok(match (file.match_.territory_goal.as_ref(), refill) {
        (None, Refill::Territory) => {
            return refuse(
                text,
                file.match_.refill.as_ref().map_or(0..0, Spanned::span),
                "match.refill",
                "territory rounds need the pits that win the match: add \
                 `territory-goal = g` to [match]",
            );
        }
        (None, _) => None,
        (Some(written), Refill::Territory) => match u8::try_from(*written.get_ref()) {
            Ok(goal) if goal > pits && goal <= 2 * pits => Some(goal),
            _ => {
                return refuse(
                    text,
                    written.span(),
                    "match.territory-goal",
                    &format!(
                        "the winner's pits that end the match: more than a row ({pits}) and \
                         at most the board ({})",
                        2 * pits
                    ),
                );
            }
        },
        (Some(written), _) => {
            return refuse(
                text,
                written.span(),
                "match.territory-goal",
                "it ends a match of territory rounds: it needs `refill = \"territory\"`",
            );
        }
    })
}

/// `match.next-round-starter`, or its default: the round's winner where
/// players pass, else the player who took the remaining seeds.
fn next_starter(
    file: &RulesFile,
    keys: &Keys,
    rounds: Rounds,
    (taker, more_than_half): (bool, bool),
    passing: bool,
    text: &str,
) -> Result<NextStarter, RulesError> {
    // A round that ends at more than half the seeds has no one taking the
    // rest (§12).
    let taker = taker && !(more_than_half && rounds == Rounds::Many);
    Ok(match file.match_.next_round_starter.as_ref() {
        None if passing || (rounds == Rounds::Many && !taker) => NextStarter::Winner,
        None => NextStarter::TookRemaining,
        Some(starter) => {
            if rounds != Rounds::Many {
                return refuse(
                    text,
                    starter.span(),
                    "match.next-round-starter",
                    "there is no next round in a single game; it needs \
                     `match.rounds = \"many\"`",
                );
            }
            if *starter.get_ref() == NextStarter::TookRemaining && !taker {
                let why = if more_than_half {
                    "a round that ends at more than half the seeds leaves each player their \
                     row, with no one taking the remaining seeds; use \"winner\", \"loser\" \
                     or \"alternate\""
                        .to_string()
                } else {
                    let (needs, instead) = if keys.older_version {
                        ("`round.end = \"stuck\"`", "\"winner\"")
                    } else {
                        (
                            "`rest-goes-to = \"other-player\"` (or `\"emptier\"`)",
                            "\"winner\" or \"loser\"",
                        )
                    };
                    format!(
                        "only {needs} has a player who takes the remaining seeds; use {instead}"
                    )
                };
                return refuse(text, starter.span(), "match.next-round-starter", &why);
            }
            *starter.get_ref()
        }
    })
}

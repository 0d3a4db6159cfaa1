//! Bao's capture of the front pit across (`[capture.front-across]`,
//! rules.md §10.2-§10.4): a lap ending in an own front pit that held
//! seeds takes every seed of the front pit across, which are sown back in
//! from a kichwa (an end of the mover's front row) towards the centre; each
//! lap of such a move may capture again or relay. A move whose first lap
//! captures is compulsory where one exists; otherwise the move (a takasa)
//! captures nothing at all. With seeds in hand (`board.in-hand`) each move
//! first puts one into a front pit (namua); the nyumba
//! (`[capture.front-across.nyumba]`) and takasia's blocks belong here too.
//! Here too are the turn itself (`turn.rs`: laps that capture, relay and
//! turn at a kichwa) and the moves it allows (`moves.rs`: a capture where
//! one exists, else a takasa; from the hand while it holds seeds; the
//! nyumba and takasia).

mod moves;
mod turn;

use std::fmt::Write;

use serde::Deserialize;
use toml::Spanned;

use super::{Relay, Ways};
use crate::engine::ground::MAX_SEEDS;
use crate::engine::rules::Board as BoardRules;
use crate::engine::rules::check::{RulesError, refuse};

/// Which pits a move that captures nothing (a takasa) may start from,
/// where captures are compulsory (§10.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TakasaFrom {
    /// A front pit; a back pit only when every front pit holds 0 or 1.
    #[default]
    FrontRowFirst,
    /// Any pit the mover may play.
    AnyPit,
}

rule_words! {
    TakasaFrom { FrontRowFirst => "front-row-first", AnyPit => "any-pit" }
}

/// `[capture.front-across]` as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Table {
    pub most_seeds: Option<Spanned<i64>>,
    #[serde(default)]
    pub takasa_from: TakasaFrom,
    #[serde(default)]
    pub outward_takasa: bool,
    /// §10.4's blocks, set after a takasa.
    #[serde(default)]
    pub takasia: bool,
    pub nyumba: Option<Spanned<NyumbaTable>>,
}

/// `[capture.front-across.nyumba]` (§10.4) as a rule file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct NyumbaTable {
    /// The front pit it is (5 in Bao).
    pub pit: Spanned<i64>,
    /// The seeds it needs to be functional.
    pub functional: Spanned<i64>,
    /// A capturing lap ending in it may go on (`+`).
    pub safari: Option<Spanned<bool>>,
}

/// `[capture.front-across.nyumba]` (§10.4): a front pit owned from the
/// start until lifted or captured; while its owner has seeds in hand, one
/// holding `functional` seeds or more ends a takasa lap, offers a
/// capturing lap the safari, and is never played from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nyumba {
    /// Its number in the front row.
    pub pit: u8,
    pub functional: u16,
    /// A capturing lap ending in it may lift it and go on (`+`).
    pub safari: bool,
}

/// `[capture.front-across]`, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontAcross {
    /// A pit of more seeds never starts a capture (its move is a takasa).
    pub most_seeds: u16,
    pub takasa_from: TakasaFrom,
    /// A takasa from the mover's only occupied front pit, a kichwa, may go
    /// outward and empty the front row (off in Bao: only towards the centre).
    pub outward_takasa: bool,
    /// A takasa may block a pit of the opponent (§10.4's takasia).
    pub takasia: bool,
    pub nyumba: Option<Nyumba>,
}

impl FrontAcross {
    /// Four rows, the mover choosing the way, a relay from the landing pit,
    /// and not with the pair across.
    pub(crate) fn check(
        captures: Option<&super::CaptureTables>,
        board: BoardRules,
        ways: Ways,
        relay: Relay,
        pair_across: bool,
        text: &str,
    ) -> Result<Option<FrontAcross>, RulesError> {
        let Some(section) = captures.and_then(|c| c.front_across.as_ref()) else {
            return Ok(None);
        };
        let why = if board.rows != 4 {
            Some("the front pit across is taken on a four-row board: it needs `board.rows = 4`")
        } else if ways != Ways::Chosen {
            Some(
                "captured seeds are sown in from a kichwa, which may turn the move: it needs \
                 `sowing.direction = \"chosen\"`",
            )
        } else if relay != Relay::LandingPit {
            Some(
                "a lap ending in a pit that held seeds captures or lifts it: it needs \
                 `sowing.relay = \"landing-pit\"`",
            )
        } else if pair_across {
            Some("a lap ends in one capture or the other: leave `[capture.pair-across]` out")
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(text, section.span(), "capture.front-across", why);
        }
        let front = section.get_ref();
        let most_seeds = match &front.most_seeds {
            None => u16::MAX,
            Some(most) => {
                let value = *most.get_ref();
                if !(2..=i64::from(MAX_SEEDS)).contains(&value) {
                    return refuse(
                        text,
                        most.span(),
                        "capture.front-across.most-seeds",
                        &format!(
                            "{value} is out of range: use 2 to {MAX_SEEDS} (a pit of more never \
                             captures)"
                        ),
                    );
                }
                u16::try_from(value).unwrap_or(u16::MAX)
            }
        };
        let nyumba = match &front.nyumba {
            None => None,
            Some(written) => Some(check_nyumba(written, board, text)?),
        };
        Ok(Some(FrontAcross {
            most_seeds,
            takasa_from: front.takasa_from,
            outward_takasa: front.outward_takasa,
            takasia: front.takasia,
            nyumba,
        }))
    }

    pub(crate) fn write(self, line: &mut dyn FnMut(&str)) {
        line("\n[capture.front-across]");
        if self.most_seeds != u16::MAX {
            line(&format!("most-seeds = {}", self.most_seeds));
        }
        line(&format!("takasa-from = \"{}\"", self.takasa_from));
        line(&format!("outward-takasa = {}", self.outward_takasa));
        if self.takasia {
            line("takasia = true");
        }
        if let Some(nyumba) = self.nyumba {
            line("\n[capture.front-across.nyumba]");
            line(&format!("pit = {}", nyumba.pit));
            line(&format!("functional = {}", nyumba.functional));
            line(&format!("safari = {}", nyumba.safari));
        }
    }

    /// The rule sheet's line on four-row captures (`in_hand`: the seeds
    /// each player starts with in hand).
    #[must_use]
    pub fn said(self, in_hand: u8) -> String {
        let most = if self.most_seeds == u16::MAX {
            String::new()
        } else {
            format!(" (a pit of more than {} starts none)", self.most_seeds)
        };
        let mut said = format!(
            "the front pit across, sown back in from a kichwa; compulsory where one \
             exists{most}, else a takasa that takes nothing"
        );
        if in_hand > 0 {
            said.push_str(
                "; while seeds are in hand, each move first puts one into a front pit \
                 (namua), capturing at once where it faces seeds",
            );
        }
        if let Some(nyumba) = self.nyumba {
            let _ = write!(
                said,
                "; front pit {} is the nyumba, owned until lifted or captured, which \
                 ends a lap from the hand when it holds {} or more",
                nyumba.pit, nyumba.functional
            );
            if nyumba.safari {
                said.push_str(", or lets a capture go on (safari)");
            }
        }
        if self.takasia {
            said.push_str("; a takasa may block a pit of the opponent's (takasia)");
        }
        said
    }
}

/// `[capture.front-across.nyumba]`: a front pit, and how many seeds make
/// it functional.
fn check_nyumba(
    written: &Spanned<NyumbaTable>,
    board: BoardRules,
    text: &str,
) -> Result<Nyumba, RulesError> {
    let nyumba = written.get_ref();
    let pit = *nyumba.pit.get_ref();
    if !(1..=i64::from(board.pits)).contains(&pit) {
        return refuse(
            text,
            nyumba.pit.span(),
            "capture.front-across.nyumba.pit",
            &format!("{pit} is no front pit: use 1 to {}", board.pits),
        );
    }
    let functional = *nyumba.functional.get_ref();
    if !(1..=i64::from(MAX_SEEDS)).contains(&functional) {
        return refuse(
            text,
            nyumba.functional.span(),
            "capture.front-across.nyumba.functional",
            &format!("{functional} is out of range: use 1 to {MAX_SEEDS}"),
        );
    }
    let safari = nyumba.safari.as_ref().is_some_and(|on| *on.get_ref());
    if let Some(written) = nyumba
        .safari
        .as_ref()
        .filter(|_| safari && board.in_hand == 0)
    {
        return refuse(
            text,
            written.span(),
            "capture.front-across.nyumba.safari",
            "the safari is offered only while the mover has seeds in hand: it needs \
             `board.in-hand`",
        );
    }
    Ok(Nyumba {
        pit: u8::try_from(pit).unwrap_or(1),
        functional: u16::try_from(functional).unwrap_or(1),
        safari,
    })
}

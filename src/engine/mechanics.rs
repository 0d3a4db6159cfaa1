//! The mechanics of the rule language, each in a module of its own that
//! holds the whole of it: its table of the rule file (the shape serde
//! reads, the checks that refuse a value with its line, column and key, how
//! it is written back), its part of the turn (the hooks the turn loop in
//! [`crate::engine::sow`] calls) and its words for the rule sheet. A
//! checked rule file is a [`Plan`]: plain values, one a mechanic, made once
//! and read by the turn where each mechanic acts.
//!
//! | mechanic | rule file | module |
//! |---|---|---|
//! | the ways a pit may be sown | `sowing.direction`, `[sowing.reversal]` | [`ways`] |
//! | how each lap drops its seeds | `sowing.first-seed`, `skip`, `reverse-laps` | [`laps`] |
//! | relay sowing | `sowing.relay` | [`relay`] |
//! | which pits may be played | `sowing.min-seeds`, `must-feed` | [`playable`] |
//! | extra turns | `[extra-turn]` | [`extra_turn`] |
//! | fours taken while sowing | `[capture.while-sowing]` | [`while_sowing`] |
//! | the leap capture | `[capture.leap]` | [`leap`] |
//! | the Kalah capture | `[capture.across]` | [`across`] |
//! | captures by count | `[capture.by-count]` | [`by_count`] |
//! | owned pits (tuzdyk, weg, uur) | `[owned-pits]`, `[capture.owned-pit]` | [`owned_pits`] |
//! | the pair across (Igisoro) | `[capture.pair-across]` | [`pair_across`] |
//! | the front pit across (Bao) | `[capture.front-across]` | [`front_across`] |
//! | when a game ends and who wins | `[round]` | [`goal`] |
//! | a match of rounds | `[match]` | [`rounds`] |
//!
//! A new mechanic is a module here, a field of [`Plan`] (and of
//! [`CaptureTables`] where it is a capture), what it does to each shortcut
//! (`rules/shortcuts.rs`, which does not compile until it says) and its
//! call in the turn.

pub mod across;
pub mod by_count;
pub mod extra_turn;
pub mod front_across;
pub mod goal;
pub mod laps;
pub mod leap;
mod marks;
pub mod owned_pits;
pub mod pair_across;
pub mod playable;
pub mod relay;
pub mod rounds;
pub mod ways;
pub mod while_sowing;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::rules::Board;
use crate::engine::rules::check::{Keys, RulesError, refuse};
use crate::engine::rules::file::RulesFile;

pub use across::Across;
pub use by_count::ByCount;
pub use extra_turn::ExtraTurn;
pub use front_across::FrontAcross;
pub use goal::Goal;
pub use laps::Laps;
pub use leap::Leap;
pub(crate) use marks::Marks;
pub use owned_pits::OwnedPits;
pub use pair_across::PairAcross;
pub use playable::Playable;
pub use relay::Relay;
pub use rounds::MatchRules;
pub use ways::Ways;
pub use while_sowing::WhileSowing;

/// The `[capture.*]` tables of a rule file, each read by its mechanic.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct CaptureTables {
    pub while_sowing: Option<Spanned<while_sowing::Table>>,
    pub leap: Option<Spanned<leap::Table>>,
    pub across: Option<Spanned<across::Table>>,
    pub by_count: Option<Spanned<by_count::Table>>,
    pub owned_pit: Option<Spanned<owned_pits::CaptureTable>>,
    pub pair_across: Option<Spanned<pair_across::Table>>,
    pub front_across: Option<Spanned<front_across::Table>>,
}

/// A rule set's mechanics, checked: one value a mechanic (`None` where it
/// is off), each read where the turn needs it.
// In the order written: the mechanics the fast paths read first, the
// capturing counts (a large bit set) last, so that the others share a
// cache line (perft kalaha 11 measured some 4% faster so).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub ways: Ways,
    pub laps: Laps,
    pub relay: Relay,
    pub playable: Playable,
    pub extra_turn: ExtraTurn,
    pub while_sowing: Option<WhileSowing>,
    pub leap: Option<Leap>,
    pub across: Option<Across>,
    pub owned_pits: Option<OwnedPits>,
    pub pair_across: Option<PairAcross>,
    pub front_across: Option<FrontAcross>,
    pub goal: Goal,
    pub rounds: MatchRules,
    pub by_count: Option<ByCount>,
}

impl Plan {
    /// Checks each mechanic of `file` (its choices in today's keys,
    /// `keys`), each with what it depends on: the first refusal, with the
    /// line, column and key at fault.
    pub(crate) fn compile(
        file: &RulesFile,
        keys: &Keys,
        board: Board,
        text: &str,
    ) -> Result<Plan, RulesError> {
        let relay = keys.relay.as_ref().map_or(Relay::Off, |r| r.value);
        extra_turn::check_own_store(keys, board, text)?;
        let laps = Laps::check(file, keys, relay, text)?;
        let ways = Ways::check(file, keys, board, relay, text)?;
        let playable = Playable::check(file, keys, text)?;
        let leap = match &keys.leap {
            Some(leap) => Some(Leap::check(leap, relay, text)?),
            None => None,
        };
        let while_sowing = WhileSowing::check(keys, text)?;
        let by_count = match &keys.by_count {
            Some(by_count) => Some(ByCount::check(by_count, keys, relay, board, text)?),
            None => None,
        };
        let across = match &keys.across {
            Some(across) => Some(Across::check(across, text)?),
            None => None,
        };
        let captures = file.capture.as_ref().map(Spanned::get_ref);
        let pair_across = PairAcross::check(captures, board, relay, text)?;
        let front_across =
            FrontAcross::check(captures, board, ways, relay, pair_across.is_some(), text)?;
        if let Some(in_hand) = &file.board.in_hand
            && board.in_hand > 0
            && front_across.is_none()
        {
            return refuse(
                text,
                in_hand.span(),
                "board.in-hand",
                "seeds in hand are played in by namua moves, which capture the front pit \
                 across: it needs `[capture.front-across]`",
            );
        }
        let ways = ways.with_reversal(file, board, pair_across, text)?;
        let many_rounds = rounds::written_rounds(file);
        let owned_pits = OwnedPits::check(file, keys, relay, by_count.as_ref(), many_rounds, text)?;
        let goal = Goal {
            owned_pits_count: owned_pits.is_some_and(OwnedPits::keep_seeds),
            ..Goal::check(file, keys, many_rounds, text)?
        };
        let rounds = MatchRules::check(file, keys, goal, board.pits, text)?;
        let extra_turn = ExtraTurn {
            own_store: keys.extra_turn.is_some(),
            after_capture: keys.after_capture,
        };
        let mut plan = Plan {
            ways,
            laps,
            relay,
            playable,
            extra_turn,
            while_sowing,
            leap,
            across,
            owned_pits,
            pair_across,
            front_across,
            goal,
            rounds,
            by_count,
        };
        plan.goal = plan.goal.with_four_row_ends(file, &plan, text)?;
        check_four_rows(file, board, &plan, text)?;
        Ok(plan)
    }

    /// Every mechanic's tables, in today's keys, after the board's.
    pub(crate) fn write(&self, board: &Board, line: &mut dyn FnMut(&str)) {
        line("\n[sowing]");
        self.ways.write_direction(line);
        self.playable.write_min_seeds(line);
        self.laps.write(line);
        self.relay.write(line);
        self.laps.write_reverse(line);
        self.playable.write_must_feed(line);
        self.ways.write_reversal(board, line);
        self.extra_turn.write(line);
        if let Some(while_sowing) = self.while_sowing {
            while_sowing.write(line);
        }
        if let Some(leap) = self.leap {
            leap.write(line);
        }
        if let Some(across) = self.across {
            across.write(line);
        }
        if let Some(by_count) = self.by_count {
            by_count.write(board, line);
        }
        if let Some(owned) = self.owned_pits {
            owned.write_capture(line);
        }
        if let Some(pair) = self.pair_across {
            pair.write(line);
        }
        if let Some(front) = self.front_across {
            front.write(line);
        }
        if let Some(owned) = self.owned_pits {
            owned.write(line);
        }
        self.goal.write(line);
        self.rounds.write(line);
    }
}

/// What four rows cannot be combined with: no seed leaves the board and no
/// lap enters the opponent's rows.
fn check_four_rows(
    file: &RulesFile,
    board: Board,
    plan: &Plan,
    text: &str,
) -> Result<(), RulesError> {
    if board.rows != 4 {
        return Ok(());
    }
    let rows_span = file.board.rows.as_ref().map_or(0..0, Spanned::span);
    let refuse_with = |why: &str| refuse(text, rows_span.clone(), "board.rows", why);
    let other_capture = plan.while_sowing.is_some()
        || plan.leap.is_some()
        || plan.across.is_some()
        || plan.by_count.is_some()
        || plan.owned_pits.is_some_and(|o| o.capture_from_opponent);
    if other_capture || plan.owned_pits.is_some() {
        return refuse_with(
            "on four rows seeds are taken only by `[capture.pair-across]` and \
             `[capture.front-across]` so far: leave the other captures and owned pits out",
        );
    }
    if plan.playable.must_feed {
        return refuse_with(
            "on four rows no lap enters the opponent's rows, so no move can feed them: leave \
             `must-feed` out",
        );
    }
    if plan.relay == Relay::NextPit {
        return refuse_with(
            "a relay from the next pit would look past the end of the mover's loop: use \
             `relay = \"landing-pit\"`",
        );
    }
    if plan.extra_turn.after_capture {
        return refuse_with("four-row captures go on within the move: leave `after-capture` out");
    }
    if !plan.goal.stuck_player_loses {
        return refuse_with(
            "on four rows no seed leaves the board, so the game is won by leaving the \
             opponent unable to move: it needs `round.stuck-player-loses = true`",
        );
    }
    Ok(())
}

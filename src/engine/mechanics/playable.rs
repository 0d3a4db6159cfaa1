//! Which pits a mover may play (`sowing.min-seeds`, `sowing.must-feed`,
//! `sowing.must-reach`, `sowing.lone-seed-back`; rules.md §6, §7, §9 and
//! §13): a pit holding too few seeds; with the opponent's row empty, a move
//! that leaves it empty; a move whose first lap neither reaches the
//! opponent's row nor ends in an empty pit of the mover's; a lone seed just
//! sown round the end of the board, straight back (the bar, kept in the
//! position's marks).

use serde::Deserialize;

use crate::engine::board::Board;
use crate::engine::game::Position;
use crate::engine::ground::Pit;
use crate::engine::rules::check::{Keys, RulesError, Written, seed_count};
use crate::engine::rules::file::RulesFile;
use crate::engine::sow::{Refused, Turn};
use crate::engine::trace::{Event, Observer};

/// Where a move's first lap must go for the move to be played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MustReach {
    /// Anywhere.
    #[default]
    Anywhere,
    /// Onto the opponent's row, or into a pit of the mover's own row that
    /// was empty before the move (Dabuda, §13.11).
    OpponentOrEmpty,
}

rule_words! {
    MustReach { Anywhere => "anywhere", OpponentOrEmpty => "opponent-or-empty" }
}

/// A move that a rule of the pits that may be played refuses, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    /// Its first lap neither drops a seed on the opponent's row nor ends in
    /// a pit of the mover's own row that was empty (§13.11).
    ReachesNothing,
    /// It is the lone seed the opponent has just sown round the end of the
    /// board, which may not go straight back (§13.6).
    LoneSeedBack,
}

impl Restriction {
    /// Why, after "pit 3: " in the engine's words.
    #[must_use]
    pub fn why(self) -> &'static str {
        match self {
            Restriction::ReachesNothing => {
                "its first lap neither reaches the opponent's row nor ends in an empty pit of \
                 the mover's"
            }
            Restriction::LoneSeedBack => {
                "its lone seed was just sown round the end of the board, and may not go \
                 straight back"
            }
        }
    }

    /// Why, told to the player who chose `pit`.
    #[must_use]
    pub fn said(self, pit: Pit) -> String {
        match self {
            Restriction::ReachesNothing => format!(
                "Pit {pit} sows neither onto your opponent's row nor into an empty pit of \
                 yours - play a pit that does."
            ),
            Restriction::LoneSeedBack => format!(
                "Pit {pit}'s lone seed has just come round the end of the board - it may not go \
                 straight back; play another pit (next turn it may)."
            ),
        }
    }
}

/// Which pits a mover may play, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playable {
    /// The fewest seeds a pit must hold to be played (1, or Kiuthi's 2).
    pub min_seeds: u16,
    /// With the opponent's row empty, only a move that leaves seeds in it
    /// is legal.
    pub must_feed: bool,
    /// Where a move's first lap must go.
    pub must_reach: MustReach,
    /// A lone seed the opponent has just sown round the end of the board
    /// may be played straight back (Alemungula bars it, §13.6).
    pub lone_seed_back: bool,
}

impl Playable {
    /// `min-seeds`, a count of seeds in range.
    pub(crate) fn check(file: &RulesFile, keys: &Keys, text: &str) -> Result<Playable, RulesError> {
        let min_seeds = match &file.sowing.min_seeds {
            Some(min) => seed_count(
                &Written::new(*min.get_ref(), min.span(), "sowing.min-seeds"),
                text,
            )?,
            None => 1,
        };
        Ok(Playable {
            min_seeds,
            must_feed: keys.must_feed,
            must_reach: file
                .sowing
                .must_reach
                .as_ref()
                .map_or(MustReach::Anywhere, |m| *m.get_ref()),
            lone_seed_back: file
                .sowing
                .lone_seed_back
                .as_ref()
                .is_none_or(|back| *back.get_ref()),
        })
    }

    /// Whether the turn must notice the drops on the opponent's row.
    #[inline]
    #[must_use]
    pub fn asks_reach(self) -> bool {
        self.must_reach != MustReach::Anywhere
    }

    /// The turn's first lap ended at `at`, having dropped a seed on the
    /// opponent's row where `reached`: whether the move may be played.
    pub(crate) fn first_lap(
        self,
        board: &Board,
        turn: &Turn,
        at: usize,
        reached: bool,
    ) -> Result<(), Refused> {
        match self.must_reach {
            MustReach::Anywhere => Ok(()),
            MustReach::OpponentOrEmpty => {
                // A pit of the mover's holding 1 after the first lap got that
                // one seed from it: it was empty (the origin held the seeds).
                let shape = turn.shape;
                let into_empty = !shape.is_store(at)
                    && shape.owner(at) == turn.mover
                    && at != turn.origin
                    && board.get(at) == 1;
                if reached || into_empty {
                    Ok(())
                } else {
                    Err(Refused::Restricted(Restriction::ReachesNothing))
                }
            }
        }
    }

    pub(crate) fn write_min_seeds(self, line: &mut dyn FnMut(&str)) {
        if self.min_seeds > 1 {
            line(&format!("min-seeds = {}", self.min_seeds));
        }
    }

    pub(crate) fn write_must_feed(self, line: &mut dyn FnMut(&str)) {
        if self.must_feed {
            line("must-feed = true");
        }
        if self.must_reach != MustReach::Anywhere {
            line(&format!("must-reach = \"{}\"", self.must_reach));
        }
        if !self.lone_seed_back {
            line("lone-seed-back = false");
        }
    }

    /// The one-line summary's words on where a move must go.
    #[must_use]
    pub fn must_reach_in_brief(self) -> Vec<&'static str> {
        let mut parts = Vec::new();
        if self.must_reach == MustReach::OpponentOrEmpty {
            parts.push("a move reaches the opponent or an empty pit");
        }
        if !self.lone_seed_back {
            parts.push("a lone seed not straight back round the end");
        }
        parts
    }

    /// The one-line summary's words on the pits too small to play.
    #[must_use]
    pub fn min_seeds_in_brief(self) -> Option<String> {
        (self.min_seeds > 1).then(|| format!("pits of {} or more played", self.min_seeds))
    }

    /// The rule sheet's line on the pit to play (`in_hand`: the seeds each
    /// player starts with in hand, which go into front pits first).
    #[must_use]
    pub fn said(self, in_hand: u8) -> String {
        let mut said = match self.min_seeds {
            0 | 1 => "any of one's own with seeds".to_string(),
            fewest => format!("one of one's own holding {fewest} seeds or more"),
        };
        if in_hand > 0 {
            said.push_str("; while seeds are in hand, an occupied front pit");
        }
        if self.must_reach == MustReach::OpponentOrEmpty {
            said.push_str(
                "; its first lap must reach the opponent's row or end in an empty pit of \
                 one's own",
            );
        }
        if !self.lone_seed_back {
            said.push_str(
                "; not a lone seed the opponent has just sown round the end of the board (on \
                 that one move)",
            );
        }
        said
    }
}

impl Position {
    /// The pit the player to move may not play (§13's bar on a lone seed
    /// going straight back), as their row numbers it.
    #[must_use]
    pub fn barred_pit(&self) -> Option<Pit> {
        match self.shape.place(self.marks.bar()?) {
            crate::engine::ground::Place::Pit(_, pit) => Some(pit),
            crate::engine::ground::Place::Store(_) => None,
        }
    }

    /// This position with `pit` of the player to move barred (for positions
    /// set up by hand); `None` where the rules bar no lone seed, or `pit` is
    /// not an end pit of theirs holding one seed.
    #[must_use]
    pub fn with_bar(mut self, rules: &crate::engine::Rules, pit: Pit) -> Option<Position> {
        let side = self.to_move()?;
        let end_pit = pit.number() == 1 || pit.number() == self.shape.pits;
        if rules.plan().playable.lone_seed_back || !end_pit || self.shape.rows != 2 {
            return None;
        }
        let index = self.shape.pit(side, pit);
        if self.board.get(index) != 1 {
            return None;
        }
        self.marks.set_bar(Some(index));
        // The bar may leave them with no move at all.
        self.start_turn(rules, &mut crate::engine::trace::NoTrace);
        Some(self)
    }

    /// Track bits of the pit the player to move may not play (0: none).
    #[inline]
    pub(in crate::engine) fn barred(&self) -> u64 {
        self.marks.bar().map_or(0, |index| 1 << index)
    }

    /// After a move from `origin` that made `next`: where lone seeds may not
    /// go straight back, the bar the move sets for the player to move (a
    /// pit of one seed sown round the end into the facing end pit, which
    /// held none and now holds it), else none; every move lifts the last.
    pub(in crate::engine) fn set_bar<O: Observer>(
        &self,
        rules: &crate::engine::Rules,
        origin: usize,
        next: &mut Position,
        obs: &mut O,
    ) {
        if rules.plan().playable.lone_seed_back {
            return;
        }
        let facing = self.shape.opposite(origin);
        let round_the_end = self.board.get(origin) == 1
            && self.board.get(facing) == 0
            && next.board.get(facing) == 1;
        let bar = round_the_end.then_some(facing);
        next.marks.set_bar(bar);
        if O::WATCHES && bar != self.marks.bar() {
            obs.record(Event::Barred {
                pit: bar.map(|at| self.shape.place(at)),
            });
        }
    }
}

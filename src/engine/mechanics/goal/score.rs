//! The goal's score: who won a finished game, what counts for each player
//! while play goes on, and what a searched value foretells, so that the
//! search, the hints and every word on screen read a position's worth the
//! same way.

use std::cmp::Ordering;

use super::Goal;
use crate::engine::game::Position;
use crate::engine::ground::Side;
use crate::engine::status::{Ending, Outcome, Status};

/// What a won game is worth to the search where the player who cannot move
/// loses: more than any count of seeds on the board.
pub const WIN: i32 = 1000;

/// What decides a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The seeds in each player's store at the end (and in the pits they
    /// own, where those keep their seeds).
    Seeds,
    /// Whether a player can move: the player who cannot loses (§10). No
    /// seed is ever stored, and the seeds each side has in play decide
    /// nothing.
    Moving,
}

/// A player's seeds as a board shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// In their store (or pile).
    pub store: u16,
    /// In the pits they own that keep their seeds.
    pub owned: u16,
    /// On their own pits and in their hand (four rows).
    pub in_play: u16,
}

/// What a searched value foretells for the player it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foretold {
    /// A game won outright.
    Win,
    /// A game lost outright.
    Loss,
    /// This many seeds ahead at the end (behind where negative, level at 0).
    Lead(i32),
    /// Where the player who cannot move loses: this many seeds ahead in
    /// play, which decides nothing by itself.
    InPlay(i32),
}

impl Goal {
    /// What decides a game under these rules.
    #[must_use]
    pub fn score(self) -> Score {
        if self.stuck_player_loses {
            Score::Moving
        } else {
            Score::Seeds
        }
    }

    /// The seeds a player's score is told in: their store and the seeds in
    /// the pits they own (which are theirs at the end), or, where no seed is
    /// ever stored, those they have in play.
    #[must_use]
    pub fn counted(self, tally: Tally) -> u16 {
        match self.score() {
            Score::Seeds => tally.store + tally.owned,
            Score::Moving => tally.in_play,
        }
    }

    /// What `side` is ahead by, as the search counts it: the store margin,
    /// with the seeds in each player's owned pits where those keep them
    /// (Gabata's wegs: they are the owner's at the end, so a search that
    /// did not count them would see nothing gained in making one); where
    /// the player who cannot move loses, [`WIN`] for a game won and minus
    /// it for one lost, and while play goes on the seeds on each side's
    /// pits, which captures move across.
    #[inline]
    #[must_use]
    pub fn margin(self, position: &Position, side: Side) -> i32 {
        match self.score() {
            Score::Seeds => {
                // `owned_seeds` walks the owned pits: only where they keep
                // seeds, for this is on the search's hot path.
                let seeds = |side| {
                    if self.owned_pits_count {
                        position.store(side) + position.owned_seeds(side)
                    } else {
                        position.store(side)
                    }
                };
                i32::from(seeds(side)) - i32::from(seeds(side.other()))
            }
            Score::Moving => match position.outcome() {
                Some(Outcome::Win(winner)) if winner == side => WIN,
                Some(Outcome::Win(_)) => -WIN,
                _ => {
                    i32::from(position.row_total(side))
                        - i32::from(position.row_total(side.other()))
                }
            },
        }
    }

    /// For a game over in `finished` with `depth` plies left to search: a
    /// game won sooner, or lost later, is worth a little more (where the
    /// player who cannot move loses), so a lost side plays on for the
    /// opponent's mistakes rather than into the quickest loss; nothing for a
    /// draw or a count of seeds.
    #[must_use]
    pub fn sooner_or_later(self, finished: &Position, mover: Side, depth: u32) -> i32 {
        if self.score() == Score::Seeds {
            return 0;
        }
        let depth = i32::try_from(depth.min(100)).unwrap_or(100);
        match finished.outcome() {
            Some(Outcome::Win(winner)) if winner == mover => depth,
            Some(Outcome::Win(_)) => -depth,
            _ => 0,
        }
    }

    /// What a searched value (as [`Goal::margin`] counts) foretells.
    #[must_use]
    pub fn foretold(self, value: i32) -> Foretold {
        match self.score() {
            Score::Seeds => Foretold::Lead(value),
            Score::Moving if value >= WIN => Foretold::Win,
            Score::Moving if value <= -WIN => Foretold::Loss,
            Score::Moving => Foretold::InPlay(value),
        }
    }

    /// The end a value foretells: a win, a draw or a loss (`Greater`,
    /// `Equal`, `Less`), or `None` where it foretells none (seeds in play,
    /// where the player who cannot move loses).
    #[must_use]
    pub fn verdict(self, value: i32) -> Option<Ordering> {
        match self.foretold(value) {
            Foretold::Win => Some(Ordering::Greater),
            Foretold::Loss => Some(Ordering::Less),
            Foretold::Lead(seeds) => Some(seeds.cmp(&0)),
            Foretold::InPlay(_) => None,
        }
    }
}

impl Position {
    /// The seeds scored by no one: taken off the board at the end, where
    /// the rest goes to no one (§13).
    #[must_use]
    pub fn unscored(&self, rules: &crate::engine::Rules) -> u16 {
        let kept = u16::try_from(self.total_seeds()).unwrap_or(u16::MAX);
        rules.total_seeds().saturating_sub(kept)
    }

    /// Whether every seed of `before` is still on the board or in a store,
    /// but where this position ended the game and the goal took the rest off
    /// the board: the invariant every move keeps.
    pub(crate) fn keeps_every_seed_of(&self, before: &Position) -> bool {
        let (now, then) = (self.total_seeds(), before.total_seeds());
        now == then || (self.status != Status::Ongoing && now < then)
    }
}

/// The winner of the round just over (which, once the match is over, is
/// also the match's winner): the player with more seeds in store, or,
/// where the game was lost by being unable to move, the other one.
pub(crate) fn outcome(position: &Position) -> Option<Outcome> {
    if position.status == Status::Ongoing {
        return None;
    }
    if let Some(winner) = won_by_moving(position) {
        return Some(Outcome::Win(winner));
    }
    let (south, north) = (position.store(Side::South), position.store(Side::North));
    Some(match south.cmp(&north) {
        Ordering::Greater => Outcome::Win(Side::South),
        Ordering::Less => Outcome::Win(Side::North),
        Ordering::Equal => Outcome::Draw,
    })
}

/// The winner of a game lost by being unable to move (or by an empty front
/// row), where it was: the player "to move" of such a finished game (see
/// `finish_won_by`), so that no byte more is copied with every position.
pub(crate) fn won_by_moving(position: &Position) -> Option<Side> {
    matches!(
        position.ending,
        Some(Ending::CannotMove | Ending::FrontRowEmpty)
    )
    .then_some(position.to_move)
}

//! What the search guesses a position at its horizon is still worth to the
//! player to move, in seeds: a weighted sum of a few features of the board.
//!
//! The weights were fitted by least squares to what the players of
//! self-play games went on to gain from each position (`cargo bench
//! --bench tune`, 80 games of each rule set at the medium level). They are
//! used where captures go by the count a pit reaches and by nothing else
//! (Oware's family, Toguz Kumalak, Das Bohnenspiel...): fitted to those
//! games together, they won most side-swapped pairs against the search
//! without them in each one measured. Where an empty pit of one's own can
//! capture across (Kalah's family, Mangala beside its counts) an empty pit
//! is worth having, not avoiding, and weights fitted to all the games
//! together lost pairs as often as they won; there the horizon still counts
//! nothing more.

use crate::engine::{Pit, Position, Rules, Score, Side};

/// How many features a position has.
pub const FEATURES: usize = 5;

/// The weights of [`features`] where captures go by count, in seeds.
const BY_COUNT: [f64; FEATURES] = [0.0, -0.663, -1.530, 1.331, 0.0];

/// The features of `position` for `side`, each `side`'s less the
/// opponent's: seeds on their pits; pits of 1 or 2 seeds (a count away from
/// being taken in Oware's family); empty pits; pits of enough seeds to sow
/// a whole lap (Oware's kroo); and who is to move (1 for `side`, -1 for
/// the other).
#[must_use]
pub fn features(position: &Position, side: Side) -> [i32; FEATURES] {
    let lap = u16::from(position.pits_per_side()) * 2;
    let count = |side: Side| {
        let mut counts = [0i32; 4];
        for pit in Pit::all(position.pits_per_side()) {
            let seeds = position.pit(side, pit);
            counts[0] += i32::from(seeds);
            counts[1] += i32::from(seeds == 1 || seeds == 2);
            counts[2] += i32::from(seeds == 0);
            counts[3] += i32::from(seeds >= lap);
        }
        counts
    };
    let (mine, theirs) = (count(side), count(side.other()));
    let tempo = match position.to_move() {
        Some(mover) if mover == side => 1,
        Some(_) => -1,
        None => 0,
    };
    [
        mine[0] - theirs[0],
        mine[1] - theirs[1],
        mine[2] - theirs[2],
        mine[3] - theirs[3],
        tempo,
    ]
}

/// What `mover` is guessed still to gain from `position` (0 where the
/// rules capture otherwise than by count alone).
#[must_use]
pub fn guess(rules: &Rules, position: &Position, mover: Side) -> i32 {
    if rules.plan().by_count.is_none()
        || rules.plan().across.is_some()
        || rules.plan().goal.score() != Score::Seeds
    {
        return 0;
    }
    let features = features(position, mover);
    let sum: f64 = features
        .iter()
        .zip(BY_COUNT)
        .map(|(&f, w)| f64::from(f) * w)
        .sum();
    // Small: a board's features are a few dozen at most.
    sum.round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn rules(id: &str) -> std::sync::Arc<Rules> {
        Catalog::with_user_dir(None).find(id).unwrap().rules.clone()
    }

    #[test]
    fn features_count_each_sides_pits_by_hand() {
        let oware = rules("oware");
        // South: 20 seeds, pits of 1 or 2: three (1, 2, 1), empty: one,
        // of a lap (12) or more: one. North: 20 seeds, pits of 1 or 2:
        // one, empty: two, of a lap: none.
        let text = "south: 0 1 2 12 4 1 store 4; north: 5 5 5 0 0 5 store 4; round 1; \
                    north to move";
        let position = Position::from_text(&oware, text).unwrap();
        assert_eq!(features(&position, Side::South), [20 - 20, 3, 1 - 2, 1, -1]);
        assert_eq!(features(&position, Side::North), [0, -3, 1, -1, 1]);
        // North's guess: 3 pits of 1-2 fewer (+1.989), one empty more
        // (-1.530), one kroo fewer (-1.331): -0.872, about -1.
        assert_eq!(guess(&oware, &position, Side::North), -1);
        assert_eq!(guess(&oware, &position, Side::South), 1);
    }

    /// Where an own empty pit captures across, empties are worth having:
    /// the guess stays out of the search.
    #[test]
    fn no_guess_where_captures_go_across() {
        for id in ["kalaha", "mangala", "igisoro"] {
            let rules = rules(id);
            let start = Position::new(&rules, Side::South);
            let moved = start.play(&rules, start.legal_moves(&rules)[0]).unwrap();
            assert_eq!(guess(&rules, &moved, Side::South), 0, "{id}");
        }
    }
}

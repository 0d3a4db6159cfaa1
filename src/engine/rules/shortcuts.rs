//! What a rule set lets the engine skip: the one summary every fast path
//! reads (the plain path, relays in bulk, "every pit moves", the stuck
//! check, the Kalah solver). It is worked out once, from one exhaustive
//! destructuring of the rules, so a new mechanic does not compile until it
//! says here what it does to each shortcut, and no shortcut can miss it.

use super::{Board, Plan, Stores};
use crate::engine::mechanics::across::{AcrossEmpty, CapturingSeed};
use crate::engine::mechanics::goal::{EndsWhen, RestGoesTo};
use crate::engine::mechanics::laps::FirstSeed;
use crate::engine::mechanics::playable::MustReach;
use crate::engine::mechanics::rounds::Rounds;
use crate::engine::mechanics::{ExtraTurn, Goal, Laps, MatchRules, Playable, Relay, Ways};

/// The shortcuts a rule set allows.
// Each flag is one shortcut, read by the code that takes it.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcuts {
    /// One lap from the place after the origin, the way the rules fix, no
    /// relays, no groups taken while sowing, no owned pits, no pits won
    /// across (each player's pits their row): the plain path.
    pub sows_plainly: bool,
    /// Relay laps with nothing to see seed by seed (no groups taken while
    /// sowing, no owned pits, the origin sown like any pit), which may be
    /// sown a whole lap at a time where no one watches.
    pub relays_in_bulk: bool,
    /// No turn can go on for ever (no relays): every pit the mover may play
    /// is a legal move, but where the move must feed the opponent.
    pub turns_always_end: bool,
    /// A player with seeds on their row may still have no legal move, even
    /// with nothing to feed: a relay that never ends, or pits too small.
    pub stuck_with_seeds: bool,
    /// Kalah's mechanics exactly, which the exact solver plays on its compact
    /// board (whether the board is small enough is the solver's question).
    pub kalah: Option<KalahMechanics>,
}

/// What may differ between the rule sets the Kalah solver plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahMechanics {
    /// A sowing of a whole round or more leaves out its origin.
    pub skip_origin: bool,
    /// A last seed in an empty pit of the mover's row is taken even when the
    /// pit across is empty.
    pub empty_capture: bool,
}

impl Shortcuts {
    /// The shortcuts a rule set's board and mechanics allow.
    // One destructuring of every mechanic, each field with what it does to
    // the shortcuts: long by design.
    #[allow(clippy::too_many_lines)]
    pub(super) fn of(board: &Board, plan: &Plan) -> Shortcuts {
        let Board {
            // How big the board is changes no path (each side's loop is
            // its track); the solver asks its own size questions, rows
            // among them.
            rows: _,
            pits: _,
            seeds_per_pit: _,
            // Where the seeds start is the position's to say.
            seeds_in: _,
            start: _,
            // Seeds in hand are played in by Bao's own turn, which no
            // shortcut takes.
            in_hand: _,
            // A sown store is one more place of a lap, plainly or in bulk;
            // the solver needs it.
            stores,
        } = board;
        let Plan {
            // A chosen way is a second move from each pit: not plain, nor
            // Kalah; the same sums in bulk. A lap that may turn is a choice
            // at its start, which neither the plain path nor packed laps
            // stop for. The track runs the rules' way, so one way is plain.
            ways,
            laps:
                Laps {
                    first_seed,
                    // Skipped alike on the plain and the general path;
                    // packed laps sow every place of the track.
                    skip_origin,
                    skip_lap_start,
                    reverse_laps,
                },
            relay,
            playable:
                Playable {
                    // Judged before a move is sown: the plain path takes
                    // every pit with seeds, and too small a pit can leave a
                    // player with seeds and no move.
                    min_seeds,
                    // Judged after the lap, the same on every path; Kalah
                    // has no feeding.
                    must_feed,
                    // Judged at the first lap's end, seed by seed: a pit
                    // with seeds may not be a move, and a player with seeds
                    // may have none.
                    must_reach,
                    // Set by one move, judged at the next: a pit with
                    // seeds may be barred, and a player with seeds stuck.
                    lone_seed_back,
                },
            // Ending in the store and the move after a capture are judged
            // after the lap on every path (a lap in bulk ending in the store
            // hands the turn back to the seed-by-seed path).
            extra_turn:
                ExtraTurn {
                    own_store,
                    after_capture,
                },
            // Groups are taken as single seeds fall.
            while_sowing,
            // Leaps need relays, which are not plain.
            leap,
            // Judged where the turn ends, but for the opponent's row
            // reached and the chain, which the plain path never follows.
            across,
            by_count,
            // Owned pits stop laps and take seeds as they fall.
            owned_pits,
            // Judged at each lap's end, where packed laps do not stop; it
            // needs relays, which are not plain.
            pair_across,
            // Its own turn, laps sown in from a kichwa, and moves judged
            // against each other (a capture is compulsory): no shortcut
            // takes it.
            front_across,
            // Rounds are judged between moves, but by the solver.
            goal:
                Goal {
                    ends_when,
                    rest_goes_to,
                    more_than_half,
                    repetition,
                    // Who takes the rest at that end: the goal's alone.
                    repetition_rest: _,
                    // Judged after each capture and at the move's end, on
                    // the general path alone.
                    stuck_player_loses,
                    // Judged between moves, where a player may be stuck.
                    leapfrog_is_stuck: _,
                    // Judged at the move's end, on the general path alone
                    // (it comes with the front-across capture).
                    front_row_empty_loses: _,
                    // What a score counts, never how a turn is played.
                    owned_pits_count: _,
                },
            rounds:
                MatchRules {
                    rounds,
                    // Who starts, and who sits where, belong to the match:
                    // the solver solves the position.
                    next_starter: _,
                    // The refill is between rounds, off every fast path.
                    refill: _,
                    min_pits: _,
                    territory_goal,
                    partial_pit: _,
                    first_player: _,
                    swap: _,
                },
        } = plan;
        let one_way = matches!(ways, Ways::One(_));
        let reach_asked = *must_reach != MustReach::Anywhere;
        let sows_plainly = *first_seed == FirstSeed::NextPlace
            && one_way
            && !reverse_laps
            && *min_seeds <= 1
            && across.is_none_or(|a| !a.after_reaching && !a.chain)
            && !skip_lap_start
            && *relay == Relay::Off
            && while_sowing.is_none()
            && owned_pits.is_none()
            && pair_across.is_none()
            && front_across.is_none()
            && !reach_asked
            && *lone_seed_back
            && !stuck_player_loses
            // Territory rounds (§12) move pits between the players.
            && territory_goal.is_none();
        // The compact board takes the capturing seed with the seeds across.
        let kalah = match across {
            Some(a)
                if a.capturing_seed == CapturingSeed::Taken
                    && !a.after_reaching
                    && !a.chain
                    && sows_plainly
                    && *stores == Stores::Sown
                    && *own_store
                    && !after_capture
                    && *min_seeds == 1
                    && leap.is_none()
                    && by_count.is_none()
                    && !must_feed
                    && !more_than_half
                    && !repetition
                    && *ends_when == EndsWhen::RowEmpty
                    && *rest_goes_to == RestGoesTo::RowOwner
                    && *rounds == Rounds::Single =>
            {
                Some(KalahMechanics {
                    skip_origin: *skip_origin,
                    empty_capture: a.across_empty == AcrossEmpty::CapturingSeed,
                })
            }
            _ => None,
        };
        Shortcuts {
            sows_plainly,
            // A capture by count ends a relay where a lap's last seed makes
            // a count (§13): judged at every lap's end, where packed laps
            // do not stop.
            relays_in_bulk: *relay != Relay::Off
                && !skip_origin
                && !reach_asked
                && by_count.is_none()
                && while_sowing.is_none()
                && owned_pits.is_none()
                && ways.reversal().is_none()
                && pair_across.is_none()
                && front_across.is_none(),
            turns_always_end: *relay == Relay::Off && front_across.is_none() && !reach_asked,
            stuck_with_seeds: *relay != Relay::Off
                || *min_seeds > 1
                || reach_asked
                || !lone_seed_back,
            kalah,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn shortcuts_of(text: &str) -> Shortcuts {
        *Rules::from_toml(text).unwrap().shortcuts()
    }

    /// Each built-in rule set's shortcuts, read off its rule file by hand.
    #[test]
    fn the_built_in_rule_sets_allow_the_shortcuts_their_mechanics_allow() {
        // Kalah itself: one lap, stores sown, captures needing seeds across.
        let kalaha = shortcuts_of(include_str!("../../../rules/kalaha.toml"));
        assert!(kalaha.sows_plainly && kalaha.turns_always_end);
        assert!(!kalaha.relays_in_bulk && !kalaha.stuck_with_seeds);
        let kalah = KalahMechanics {
            skip_origin: false,
            empty_capture: false,
        };
        assert_eq!(kalaha.kalah, Some(kalah));
        // One lap skipping the origin, but no stores sown and a row to feed:
        // plain, and no Kalah.
        let oware = shortcuts_of(include_str!("../../../rules/oware.toml"));
        assert!(oware.sows_plainly && oware.turns_always_end && !oware.stuck_with_seeds);
        assert_eq!(oware.kalah, None);
        // Relays from the landing pit: in bulk, and a turn may never end.
        let dakon = shortcuts_of(include_str!("../../../rules/dakon.toml"));
        assert!(!dakon.sows_plainly && dakon.relays_in_bulk);
        assert!(!dakon.turns_always_end && dakon.stuck_with_seeds);
        assert_eq!(dakon.kalah, None);
        // Owned pits take seeds as they fall: neither plain nor in bulk,
        // but with no relays every turn ends.
        let toguz = shortcuts_of(include_str!("../../../rules/toguz-kumalak.toml"));
        assert!(!toguz.sows_plainly && !toguz.relays_in_bulk);
        assert!(toguz.turns_always_end && !toguz.stuck_with_seeds);
    }

    /// Pits too small to play leave a player with seeds and no move, even
    /// where every turn ends.
    #[test]
    fn too_small_a_pit_may_leave_a_player_stuck_with_seeds() {
        let text = include_str!("../../../rules/kalaha.toml")
            .replace("[sowing]", "[sowing]\nmin-seeds = 2");
        let shortcuts = shortcuts_of(&text);
        assert!(shortcuts.turns_always_end && shortcuts.stuck_with_seeds);
        assert!(!shortcuts.sows_plainly);
        assert_eq!(shortcuts.kalah, None);
    }
}

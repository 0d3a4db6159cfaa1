//! Animation of a move, as a pure function of its trace and the ticks elapsed.
//!
//! A tick is the time one seed takes to drop (the player's speed setting).
//! Every event lasts a whole number of ticks; captures and relays linger a
//! little longer so the eye can follow them. A long move (a relay of many
//! laps) speeds up as it goes, so that none lasts more than `BUDGET_TICKS`.

use crate::engine::{Event, Place, Position, Side};

use super::board_view::BoardView;

/// Ticks each kind of event is shown for.
const TAKE_UP_TICKS: u32 = 2;
const DROP_TICKS: u32 = 1;
const FOUR_TICKS: u32 = 4;
const LAP_END_TICKS: u32 = 1;
const RELAY_TICKS: u32 = 3;
const CAPTURE_TICKS: u32 = 6;
const EXTRA_TURN_TICKS: u32 = 4;
const TO_OWNER_TICKS: u32 = 2;
const OWNED_TICKS: u32 = 8;
const PASS_TICKS: u32 = 6;
const ROUND_END_TICKS: u32 = 4;

/// The longest a move lasts on screen, in ticks: about 3 s at the default
/// 45 ms a seed. A move that needs more starts at the player's speed and
/// speeds up, seed by seed, to end on time.
pub const BUDGET_TICKS: u32 = 66;
/// The part of the budget a long move plays at the player's speed.
const STEADY_TICKS: u32 = BUDGET_TICKS / 3;

/// How far into a move's `total` ticks it is after `time` ticks of showing:
/// as fast as the player asked, then (for a move longer than the budget)
/// faster at a steady rate of increase, reaching the end at the budget.
#[must_use]
pub fn warp(time: f64, total: u32) -> f64 {
    let (total, budget, steady) = (
        f64::from(total),
        f64::from(BUDGET_TICKS),
        f64::from(STEADY_TICKS),
    );
    if total <= budget || time <= steady {
        return time.min(total);
    }
    // Past the steady part: position = steady + t + b t^2, with b chosen so
    // that the remaining ticks fit into what is left of the budget.
    let left = budget - steady;
    let t = (time - steady).min(left);
    let b = (total - steady - left) / (left * left);
    (steady + t + b * t * t).min(total)
}

/// How long a move of `total` ticks is shown, in ticks of the player's speed.
#[must_use]
pub fn shown_ticks(total: u32) -> u32 {
    total.min(BUDGET_TICKS)
}

fn ticks_of(event: &Event) -> u32 {
    match event {
        Event::TakeUp { .. } | Event::FromHand { .. } => TAKE_UP_TICKS,
        Event::Drop { .. } => DROP_TICKS,
        Event::SowingCapture { .. } => FOUR_TICKS,
        Event::LapEnd { .. } => LAP_END_TICKS,
        Event::RelayTakeUp { .. } => RELAY_TICKS,
        Event::LeapCapture { .. }
        | Event::KalahCapture { .. }
        | Event::RowCapture { .. }
        | Event::GrandSlam { .. }
        | Event::FromOwnedPit { .. }
        | Event::PairCapture { .. }
        | Event::FrontCapture { .. } => CAPTURE_TICKS,
        Event::DropToOwner { .. } => TO_OWNER_TICKS,
        Event::PitOwned { .. }
        | Event::PitKept { .. }
        | Event::PairOwned { .. }
        | Event::NyumbaGivenUp { .. }
        | Event::Block { .. }
        | Event::Barred { pit: Some(_) } => OWNED_TICKS,
        // A bar lifted shows nothing.
        Event::Barred { pit: None } => 0,
        Event::ExtraTurn { .. } | Event::AnotherMove { .. } | Event::OwnRowOnly { .. } => {
            EXTRA_TURN_TICKS
        }
        Event::Pass { .. } => PASS_TICKS,
        Event::RoundEnd { .. } => ROUND_END_TICKS,
    }
}

/// Most pits a chain of captures can take: every pit of both rows.
const MAX_CHAIN: usize = 2 * crate::engine::MAX_PITS as usize;

/// The pits a chain of captures has taken so far, in the order taken, with
/// their counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    taken: [(Place, u16); MAX_CHAIN],
    len: usize,
}

impl Chain {
    fn new() -> Chain {
        Chain {
            taken: [(Place::Store(Side::South), 0); MAX_CHAIN],
            len: 0,
        }
    }

    fn push(&mut self, pit: Place, count: u16) {
        if self.len < self.taken.len() {
            self.taken[self.len] = (pit, count);
            self.len += 1;
        }
    }

    /// Each pit taken and its count, in order.
    #[must_use]
    pub fn taken(&self) -> &[(Place, u16)] {
        &self.taken[..self.len]
    }
}

/// What to draw at one moment of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub board: BoardView,
    /// Where the hand is and how many seeds it still holds.
    pub hand: Option<(Place, u16)>,
    /// The place that just changed, to highlight.
    pub focus: Option<Place>,
    pub lap: u32,
    /// The event on screen now, if it has something to say (a capture, a
    /// relay, a pass...): the wording layer tells it.
    pub flash: Option<Event>,
    /// The captures by count so far in this move.
    pub chain: Chain,
    pub finished: bool,
}

/// A move being shown.
#[derive(Clone, Debug)]
pub struct Animation {
    before: Position,
    trace: Vec<Event>,
    /// Ticks elapsed, in fractions, so a speed change keeps the place reached.
    elapsed: f64,
    total: u32,
}

impl Animation {
    #[must_use]
    pub fn new(before: Position, trace: Vec<Event>) -> Animation {
        let total = trace.iter().map(ticks_of).sum();
        Animation {
            before,
            trace,
            elapsed: 0.0,
            total,
        }
    }

    /// Moves the animation on by `ms` milliseconds at `ms_per_tick`.
    pub fn advance(&mut self, ms: u64, ms_per_tick: u64) {
        #[allow(clippy::cast_precision_loss)]
        let ticks = ms as f64 / ms_per_tick.max(1) as f64;
        self.elapsed = (self.elapsed + ticks).min(f64::from(shown_ticks(self.total)));
    }

    pub fn finish(&mut self) {
        self.elapsed = f64::from(shown_ticks(self.total));
    }

    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.elapsed >= f64::from(shown_ticks(self.total))
    }

    #[must_use]
    pub fn frame(&self) -> Frame {
        // Truncation is intended: a tick shows once it has fully begun.
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        let ticks = warp(self.elapsed, self.total) as u32;
        let mut frame = frame_at(&self.before, &self.trace, ticks);
        frame.finished |= self.is_finished();
        frame
    }
}

/// The frame `ticks` ticks into a move played from `before`.
#[must_use]
pub fn frame_at(before: &Position, trace: &[Event], ticks: u32) -> Frame {
    let mut frame = Frame {
        board: BoardView::of(before),
        hand: None,
        focus: None,
        lap: 1,
        flash: None,
        chain: Chain::new(),
        finished: false,
    };
    let mut clock = 0;
    for event in trace {
        if clock > ticks {
            return frame;
        }
        let length = ticks_of(event);
        apply(&mut frame, event);
        clock += length;
        // A flash stays up for its own ticks only.
        if clock <= ticks && !matches!(event, Event::RoundEnd { .. }) {
            frame.flash = None;
        }
    }
    frame.finished = clock <= ticks;
    if frame.finished {
        frame.hand = None;
        frame.focus = None;
    }
    frame
}

/// One event: the board changes as the engine changed it; the hand and the
/// place to highlight are the animation's own, and the event is shown (and
/// told by the wording layer) for its ticks.
fn apply(frame: &mut Frame, event: &Event) {
    event.apply_to(&mut frame.board);
    frame.flash = Some(*event);
    match *event {
        Event::TakeUp { pit, count } | Event::RelayTakeUp { pit, count, .. } => {
            frame.hand = Some((pit, count));
            frame.focus = Some(pit);
            if let Event::RelayTakeUp { lap, .. } = *event {
                frame.lap = lap;
            }
        }
        Event::Drop { place, in_hand, .. } => {
            frame.hand = Some((place, in_hand));
            frame.focus = Some(place);
        }
        // The seed from the hand, shown dropped into its pit.
        Event::FromHand { pit, .. }
        | Event::Block { pit: Some(pit), .. }
        | Event::Barred { pit: Some(pit) } => {
            frame.focus = Some(pit);
        }
        Event::DropToOwner {
            pit,
            owner,
            in_hand,
        } => {
            frame.hand = Some((pit, in_hand));
            frame.focus = Some(Place::Store(owner));
        }
        Event::LeapCapture { pit, .. }
        | Event::PitOwned { pit, .. }
        | Event::PitKept { pit, .. }
        | Event::PairOwned { pit, .. }
        | Event::FromOwnedPit { pit, .. } => frame.focus = Some(pit),
        Event::KalahCapture { opposite, .. } => frame.focus = Some(opposite),
        // The seeds taken are carried back to the lap's origin, to be sown
        // on from there.
        Event::PairCapture { to, count, .. } => {
            frame.hand = Some((to, count));
            frame.focus = Some(to);
        }
        // Carried to the kichwa they are sown in from (or kept in hand
        // where the capture won).
        Event::FrontCapture {
            kichwa,
            count,
            across,
            ..
        } => {
            let to = kichwa.unwrap_or(across);
            frame.hand = kichwa.map(|k| (k, count));
            frame.focus = Some(to);
        }
        Event::RowCapture { pit, count, .. } => {
            frame.focus = Some(pit);
            frame.chain.push(pit, count);
        }
        Event::Pass { .. } | Event::RoundEnd { .. } => frame.hand = None,
        Event::SowingCapture { .. }
        | Event::NyumbaGivenUp { .. }
        | Event::Block { pit: None, .. }
        | Event::Barred { pit: None }
        | Event::LapEnd { .. }
        | Event::GrandSlam { .. }
        | Event::ExtraTurn { .. }
        | Event::AnotherMove { .. }
        | Event::OwnRowOnly { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::engine::{Pit, Places, Rules};
    use std::sync::Arc;

    fn rules(id: &str) -> Arc<Rules> {
        Catalog::with_user_dir(None).find(id).unwrap().rules.clone()
    }

    #[test]
    fn short_moves_keep_the_players_pace_and_long_ones_fit_the_budget() {
        // Within the budget: time is ticks.
        assert!((warp(10.0, 40) - 10.0).abs() < 1e-9);
        assert!((warp(40.0, 40) - 40.0).abs() < 1e-9);
        assert_eq!(shown_ticks(40), 40);
        // A 1,000-tick relay: the first third of the budget at the player's
        // pace, then ever faster, all of it shown by the budget's end.
        let total = 1000;
        assert_eq!(shown_ticks(total), BUDGET_TICKS);
        let steady = f64::from(STEADY_TICKS);
        assert!((warp(steady, total) - steady).abs() < 1e-9);
        assert!((warp(f64::from(BUDGET_TICKS), total) - 1000.0).abs() < 1e-6);
        let mut last = 0.0;
        let mut last_step = 0.0;
        for tenth in 1..=BUDGET_TICKS * 10 {
            let at = warp(f64::from(tenth) / 10.0, total);
            let step = at - last;
            assert!(step > 0.0, "always moving");
            assert!(step + 1e-9 >= last_step, "never slowing down");
            (last, last_step) = (at, step);
        }
    }

    #[test]
    fn a_long_move_is_finished_after_the_budget() {
        // Raja Pasu's opening pit 1: 12 laps, a long move.
        let rules = rules("raja-pasu");
        let start = Position::new(&rules, Side::South);
        let mut trace = Vec::new();
        let after = start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
        let total: u32 = trace.iter().map(ticks_of).sum();
        assert!(total > BUDGET_TICKS, "{total}");
        let mut animation = Animation::new(start, trace);
        animation.advance(45 * u64::from(BUDGET_TICKS - 1), 45);
        assert!(!animation.is_finished());
        animation.advance(45, 45);
        assert!(animation.is_finished());
        assert_eq!(animation.frame().board, BoardView::of(&after));
    }

    #[test]
    fn the_last_frame_is_the_position_after_the_move() {
        // Every built-in game, its mechanics met on the way (passes, owned
        // pits, relays, rounds): the engine's events replayed on a view of
        // the position before end on the position after.
        for entry in Catalog::with_user_dir(None).entries() {
            let rules = &entry.rules;
            let mut position = Position::new(rules, Side::South);
            for turn in 0..120 {
                if position.to_move().is_none() {
                    match position.next_round(rules) {
                        Ok(next) => position = next,
                        Err(_) => break,
                    }
                    continue;
                }
                let moves = position.legal_moves(rules);
                let pit = moves[(turn * 7) % moves.len()];
                let mut trace = Vec::new();
                let after = position.play_traced(rules, pit, &mut trace).unwrap();
                let mut animation = Animation::new(position, trace);
                animation.finish();
                let last = animation.frame();
                assert!(last.finished);
                assert_eq!(last.board, BoardView::of(&after), "{}", rules.id());
                position = after;
            }
        }
    }

    #[test]
    fn frames_step_one_seed_at_a_time() {
        let rules = rules("kalaha");
        let start = Position::new(&rules, Side::South);
        let mut trace = Vec::new();
        start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
        // Tick 0-1: the take-up; then one drop a tick.
        let taken = frame_at(&start, &trace, 0);
        assert_eq!(taken.hand, Some((Place::Pit(Side::South, Pit::new(1)), 4)));
        assert_eq!(taken.board.get(Place::Pit(Side::South, Pit::new(1))), 0);
        let first_drop = frame_at(&start, &trace, TAKE_UP_TICKS);
        assert_eq!(
            first_drop.hand,
            Some((Place::Pit(Side::South, Pit::new(2)), 3))
        );
        assert_eq!(
            first_drop.board.get(Place::Pit(Side::South, Pit::new(2))),
            5
        );
        assert_eq!(
            first_drop.board.get(Place::Pit(Side::South, Pit::new(3))),
            4
        );
        assert!(!first_drop.finished);
    }

    #[test]
    fn captures_flash_a_message_for_a_while() {
        let rules = rules("raja-pasu");
        let start = Position::new(&rules, Side::South);
        let mut trace = Vec::new();
        start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
        let total: u32 = trace.iter().map(ticks_of).sum();
        let flashes: Vec<Event> = (0..total)
            .filter_map(|t| frame_at(&start, &trace, t).flash)
            .collect();
        assert!(flashes.iter().any(|f| matches!(
            f,
            Event::SowingCapture {
                owner: Side::North,
                count: 4,
                ..
            }
        )));
        assert!(
            flashes
                .iter()
                .any(|f| matches!(f, Event::LeapCapture { count: 3, .. }))
        );
        assert!(
            flashes
                .iter()
                .any(|f| matches!(f, Event::RelayTakeUp { .. }))
        );
    }

    #[test]
    fn a_chain_of_captures_is_shown_pit_by_pit() {
        // Oware: South's pit 6 takes North 4 (2), then 3 (3), then 2 (2).
        let rules = rules("oware");
        let start = Position::from_text(
            &rules,
            "south: 2 0 0 1 0 4 store 14; north: 3 1 2 1 3 2 store 15; round 1; south to move",
        )
        .unwrap();
        let mut trace = Vec::new();
        start.play_traced(&rules, Pit::new(6), &mut trace).unwrap();
        let total: u32 = trace.iter().map(ticks_of).sum();
        // Each distinct chain flashed, in order, with the store as it grows.
        let mut seen: Vec<(Vec<(Place, u16)>, u16)> = Vec::new();
        for t in 0..=total {
            let frame = frame_at(&start, &trace, t);
            if let Some(Event::RowCapture { by, .. }) = frame.flash {
                assert_eq!(by, Side::South);
                let store = frame.board.get(Place::Store(Side::South));
                let taken = frame.chain.taken().to_vec();
                if seen.last().map(|(t, _)| t) != Some(&taken) {
                    seen.push((taken, store));
                }
            }
        }
        let pits = |list: &[(u8, u16)]| -> Vec<(Place, u16)> {
            list.iter()
                .map(|&(p, c)| (Place::Pit(Side::North, Pit::new(p)), c))
                .collect()
        };
        assert_eq!(
            seen,
            [
                (pits(&[(4, 2)]), 16),
                (pits(&[(4, 2), (3, 3)]), 19),
                (pits(&[(4, 2), (3, 3), (2, 2)]), 21),
            ]
        );
    }

    #[test]
    fn speed_changes_keep_the_place_reached() {
        let rules = rules("kalaha");
        let start = Position::new(&rules, Side::South);
        let mut trace = Vec::new();
        start.play_traced(&rules, Pit::new(1), &mut trace).unwrap();
        let mut animation = Animation::new(start, trace);
        animation.advance(200, 100); // 2 ticks
        let at_two = animation.frame();
        animation.advance(0, 10);
        assert_eq!(animation.frame(), at_two);
        animation.advance(10, 10); // one more tick at the new speed
        assert_ne!(animation.frame(), at_two);
    }
}

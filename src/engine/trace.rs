//! What happened during a move, in order, so a viewer can animate every lap.
//!
//! The engine reports events to an [`Observer`]. The fast path passes one that
//! ignores them, and because the engine is generic over the observer, that path
//! compiles to code with no trace at all.

use super::ground::{BySide, Place, Side};
use super::status::Ending;

/// One step of a move, or the round's end that the move caused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The mover empties the turn's origin pit into the hand.
    TakeUp { pit: Place, count: u16 },
    /// One seed dropped; `count` is the place's new count, `in_hand` what is left.
    Drop {
        place: Place,
        count: u16,
        in_hand: u16,
    },
    /// One seed sown into an owned pit, which sent it at once to its owner's
    /// store; `in_hand` is what is left.
    DropToOwner {
        pit: Place,
        owner: Side,
        in_hand: u16,
    },
    /// A dropped seed made a pit hold the count taken while sowing (4 in
    /// Raja Pasu); those `count` seeds went to the row's owner.
    SowingCapture { pit: Place, count: u16, owner: Side },
    /// The hand is empty; `last` received the lap's last seed.
    LapEnd { lap: u32, last: Place },
    /// A relay: the next pit was not empty and its seeds start lap `lap`.
    RelayTakeUp { pit: Place, count: u16, lap: u32 },
    /// The relay stopped at an empty pit and the mover took the pit after it
    /// (and, where the rules say so, then the pit `across` from that one).
    LeapCapture {
        pit: Place,
        count: u16,
        by: Side,
        across: bool,
    },
    /// The last seed made an own pit hold 1; the opposite pit's `count`
    /// seeds went to the mover's store, with the capturing seed where
    /// `seed_taken` (else it stays in its pit).
    KalahCapture {
        pit: Place,
        opposite: Place,
        count: u16,
        by: Side,
        seed_taken: bool,
    },
    /// The last seed (or, in a chain, an earlier one) made a pit of the
    /// opponent's row hold one of the capturing counts; `count` seeds went to
    /// the mover's store. A chain reports each pit in turn, last seed first.
    RowCapture { pit: Place, count: u16, by: Side },
    /// The last seed made a pit of the opponent's row hold the count that
    /// makes it `by`'s own for the rest of the game; its `count` seeds went to
    /// `by`'s store.
    PitOwned { pit: Place, count: u16, by: Side },
    /// The lap's last seed made a pit of the opponent's row hold the count
    /// that makes it `by`'s own; its seeds stay in it (Gabata's weg).
    PitKept { pit: Place, by: Side },
    /// The turn ended in an empty pit of `by`'s row facing a pit of the
    /// pair count: one seed moved from `across` into `pit`, and both are
    /// `by`'s own (Layli Goobalay's uur).
    PairOwned { pit: Place, across: Place, by: Side },
    /// A lap ended in `pit`, an own front pit that held seeds, facing a
    /// front and a back pit that both held seeds: their `count` seeds went
    /// into `to`, the pit the lap was lifted from, to be sown on from there
    /// (§10.5).
    PairCapture {
        pit: Place,
        front: Place,
        back: Place,
        count: u16,
        by: Side,
        to: Place,
    },
    /// A lap ended in `pit`, an own front pit that held seeds, facing the
    /// front pit `across`: its `count` seeds were taken, to be sown back in
    /// from `kichwa` (the first seed into it), or, where the capture won the
    /// game, kept in `by`'s hand (`None`) (§10.2).
    FrontCapture {
        pit: Place,
        across: Place,
        count: u16,
        by: Side,
        kichwa: Option<Place>,
    },
    /// A move from the hand (namua, §10.4): one seed from `by`'s hand into
    /// `pit`, before anything is lifted or captured.
    FromHand { pit: Place, by: Side },
    /// `side`'s nyumba, lifted whole or captured, is an ordinary pit from
    /// now on (§10.4).
    NyumbaGivenUp { side: Side },
    /// The pit blocked by takasia changed (§10.4): now `pit`, blocked by
    /// the move just played where `fresh`; `None`, the block is lifted.
    Block { pit: Option<Place>, fresh: bool },
    /// The pit the next player may not play changed (§13.6): now `pit`,
    /// whose lone seed has just come round the end of the board; `None`,
    /// the bar is lifted.
    Barred { pit: Option<Place> },
    /// The turn ended in a pit the opponent owns: the last seed and one
    /// more (`count` in all) went to `by`'s store.
    FromOwnedPit { pit: Place, count: u16, by: Side },
    /// The turn ended in an empty pit of `side`'s own row without a seed on
    /// the opponent's row: no capture, and `side` moves again (Kiuthi).
    OwnRowOnly { side: Side },
    /// The move would have captured every seed on the opponent's row (`spared`
    /// of them), so under the grand-slam rule it captured nothing.
    GrandSlam { by: Side, spared: u16 },
    /// The last seed fell in the mover's store: they move again.
    ExtraTurn { side: Side },
    /// The move captured, and the rules give one more move after a capture
    /// (once: that move gives no further one).
    AnotherMove { side: Side },
    /// `side` had no legal move and passed: the other player moves again.
    Pass { side: Side },
    /// The round is over, for the reason `ending`; `swept` is what each player
    /// took off the board at the end. Where the rules decide by who cannot
    /// move, `winner` says who won, and the seeds stay where they lie.
    RoundEnd {
        took_remaining: Option<Side>,
        swept: BySide<u16>,
        ending: Ending,
        winner: Option<Side>,
    },
}

/// Somewhere a move's events can be shown: counts by place (a view of the
/// board that animation steps through).
pub trait Places {
    fn get(&self, place: Place) -> u16;
    fn set(&mut self, place: Place, count: u16);
    /// `owner` owns the pit at `place` from now on.
    fn set_owner(&mut self, place: Place, owner: Side);
    /// Every pit of both rows emptied (the stores keep theirs).
    fn clear_pits(&mut self);
    /// `side`'s nyumba is theirs no longer (Bao; nothing to do elsewhere).
    fn give_up_nyumba(&mut self, _side: Side) {}
    /// The pit blocked by takasia is now `pit` (Bao).
    fn set_block(&mut self, _pit: Option<Place>, _fresh: bool) {}

    /// The pit a lone seed may not leave next move is now `pit`, or none.
    fn set_bar(&mut self, _pit: Option<Place>) {}

    fn add(&mut self, place: Place, count: u16) {
        self.set(place, self.get(place) + count);
    }
}

/// Where a move's last seed fell, as its trace tells it (after any
/// relays: where the whole move ended).
#[must_use]
pub fn last_seed(trace: &[Event]) -> Option<Place> {
    trace.iter().rev().find_map(|event| match *event {
        Event::LapEnd { last, .. } => Some(last),
        _ => None,
    })
}

/// The seeds a move took for `side` by capture (not what the end of the
/// game gathered): what a record's `+n` says.
#[must_use]
pub fn seeds_taken(trace: &[Event], side: Side) -> u16 {
    trace
        .iter()
        .map(|event| match *event {
            Event::SowingCapture { count, owner, .. } if owner == side => count,
            Event::LeapCapture { count, by, .. }
            | Event::RowCapture { count, by, .. }
            | Event::PitOwned { count, by, .. }
            | Event::FromOwnedPit { count, by, .. }
                if by == side =>
            {
                count
            }
            Event::KalahCapture {
                count,
                by,
                seed_taken,
                ..
            } if by == side => count + u16::from(seed_taken),
            _ => 0,
        })
        .sum()
}

impl Event {
    /// What the event does to the board, applied to `places`: the same
    /// change the engine made, so whatever shows a move step by step ends
    /// on the position the move made.
    pub fn apply_to(&self, places: &mut impl Places) {
        match *self {
            // A taxed nyumba gives up only part of its seeds.
            Event::TakeUp { pit, count } | Event::RelayTakeUp { pit, count, .. } => {
                places.set(pit, places.get(pit) - count);
            }
            Event::NyumbaGivenUp { side } => places.give_up_nyumba(side),
            Event::Block { pit, fresh } => places.set_block(pit, fresh),
            Event::Barred { pit } => places.set_bar(pit),
            Event::Drop { place, count, .. } => places.set(place, count),
            Event::DropToOwner { owner, .. } => places.add(Place::Store(owner), 1),
            Event::SowingCapture { pit, count, owner } => {
                places.set(pit, 0);
                places.add(Place::Store(owner), count);
            }
            Event::LeapCapture { pit, count, by, .. } | Event::RowCapture { pit, count, by } => {
                places.set(pit, 0);
                places.add(Place::Store(by), count);
            }
            Event::KalahCapture {
                pit,
                opposite,
                count,
                by,
                seed_taken,
            } => {
                if seed_taken {
                    places.set(pit, 0);
                }
                places.set(opposite, 0);
                places.add(Place::Store(by), count + u16::from(seed_taken));
            }
            Event::PitOwned { pit, count, by } => {
                places.set(pit, 0);
                places.set_owner(pit, by);
                places.add(Place::Store(by), count);
            }
            Event::PitKept { pit, by } => places.set_owner(pit, by),
            Event::PairOwned { pit, across, by } => {
                places.set(across, places.get(across) - 1);
                places.add(pit, 1);
                places.set_owner(pit, by);
                places.set_owner(across, by);
            }
            Event::FromOwnedPit { pit, count, by } => {
                places.set(pit, places.get(pit) - count);
                places.add(Place::Store(by), count);
            }
            Event::PairCapture {
                front,
                back,
                count,
                to,
                ..
            } => {
                places.set(front, 0);
                places.set(back, 0);
                places.add(to, count);
            }
            Event::FromHand { pit, by } => {
                places.set(Place::Store(by), places.get(Place::Store(by)) - 1);
                places.add(pit, 1);
            }
            Event::FrontCapture {
                across,
                count,
                by,
                kichwa,
                ..
            } => {
                places.set(across, 0);
                if kichwa.is_none() {
                    places.add(Place::Store(by), count);
                }
            }
            Event::RoundEnd {
                swept,
                winner: None,
                ..
            } => {
                places.clear_pits();
                for side in Side::BOTH {
                    places.add(Place::Store(side), swept[side]);
                }
            }
            // A game won by leaving the other unable to move ends with the
            // seeds where they lie.
            Event::RoundEnd {
                winner: Some(_), ..
            }
            | Event::LapEnd { .. }
            | Event::GrandSlam { .. }
            | Event::ExtraTurn { .. }
            | Event::AnotherMove { .. }
            | Event::OwnRowOnly { .. }
            | Event::Pass { .. } => {}
        }
    }
}

/// Receives the events of a move as they happen.
pub trait Observer {
    /// Whether the observer looks at the events at all. One that does not
    /// lets the engine sow a relay's laps whole, with no event for each seed.
    const WATCHES: bool = true;

    fn record(&mut self, event: Event);
}

/// The observer for the fast path: it ignores everything.
pub(crate) struct NoTrace;

impl Observer for NoTrace {
    const WATCHES: bool = false;

    #[inline(always)]
    fn record(&mut self, _event: Event) {}
}

impl Observer for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}

//! Relay laps sown a whole lap at a time, where no one watches the seeds.
//!
//! A relay turn of Kiuthi or Dakon sows about six laps and forty-five seeds;
//! dropped one by one, that is most of what perft and the computer's search
//! spend. Here the places the turn sows into are packed a byte each into one
//! number, in track order (their *ranks*), and a lap is a few additions
//! whatever its length: the full rounds to every place, one more to each
//! place the rest of the hand reaches. The seed-by-seed path stays the
//! reference: a traced move always takes it, and tests play both.

use super::{CycleCheck, Lap, MAX_LAPS, Refused, Turn};
use crate::engine::board::Board;
use crate::engine::rules::{Relay, Rules};

/// The most places a packed track holds: a byte each in a `u128`.
const MAX_RANKS: u32 = 16;
/// The most seeds the places may hold between them, so no byte overflows.
const MAX_SEEDS: u16 = 0xFF;
/// The lap from which a relay is watched for a repeated lap start. A repeat
/// only proves early what [`MAX_LAPS`] would find anyway, so the watch can
/// start late; turns that end seldom last this long (22 of 350,909 in
/// Kiuthi's perft 5), so they seldom pay for it.
const WATCHED_FROM_LAP: u32 = 64;

/// Sows the relay laps from `*take` on, whole, up to the first lap after
/// which the relay may stop (or that ends in a store), writes the counts back
/// to `board` and gives that lap; `*take`, `*lap` and `*backward` are then
/// that lap's. `None`, with nothing changed, where the track does not pack
/// (see [`PackedTrack::of`]).
///
/// # Errors
/// [`Refused::Endless`] when a lap-start state repeats or a lap past
/// [`MAX_LAPS`] would begin (the board is then left as it was).
pub(super) fn relay_laps(
    board: &mut Board,
    turn: &Turn,
    take: &mut usize,
    lap: &mut u32,
    backward: &mut bool,
) -> Result<Option<Lap>, Refused> {
    let Some(mut packed) = PackedTrack::of(board, turn) else {
        return Ok(None);
    };
    let rank = packed.rank_of(*take);
    let end = packed.relay(turn.rules, rank, lap, backward)?;
    packed.unpack(board);
    *take = packed.index(end.take);
    Ok(Some(Lap {
        at: packed.index(end.last),
        took: false,
        group_taker: None,
        ended_on_group: false,
        reached: end.reached,
    }))
}

/// The last lap of a packed relay.
struct RelayEnd {
    /// The rank it was taken up from.
    take: u32,
    /// The rank of its last seed.
    last: u32,
    /// A seed of the turn fell on the opponent's row.
    reached: bool,
}

/// How a packed lap ended.
struct PackedLapEnd {
    /// The rank of its last seed.
    last: u32,
    /// The seeds now at `last`.
    landed: u8,
    /// A seed of it fell on the opponent's row.
    reached: bool,
}

/// Where a lap's first seed goes, as the rules say it for every lap.
#[derive(Clone, Copy)]
struct LapShape {
    /// Back into the pit taken up, when it held two or more.
    from_origin: bool,
    /// The pit taken up receives nothing on this lap.
    skip_start: bool,
}

/// The places a turn sows into, a byte each in track order: the board as
/// packed relay laps see it.
#[derive(Clone, Copy)]
pub(crate) struct PackedTrack {
    counts: u128,
    /// How many places.
    len: u32,
    /// A 1 in the byte of each place.
    all: u128,
    /// The places, as bits of board indices.
    track: u64,
    /// The board index of each rank.
    index_of: [u8; MAX_RANKS as usize],
    /// Bits of the ranks that are pits (not stores).
    pits: u32,
    /// All ones in the byte of each place on the opponent's row, where the
    /// rules ask whether a turn reached it; else 0.
    opponent_row: u128,
}

impl PackedTrack {
    /// The places `turn` sows into, packed, where the rules sow relays in
    /// bulk and it fits: at most 16 places and 255 seeds on them, no owned
    /// pits. The turn's origin and way play no part, so one packing serves
    /// every move of the player.
    pub(crate) fn of(board: &Board, turn: &Turn) -> Option<PackedTrack> {
        let track = turn.sow_track;
        let len = track.count_ones();
        if !turn.rules.shortcuts().relays_in_bulk
            || !(2..=MAX_RANKS).contains(&len)
            || turn.owned != 0
        {
            return None;
        }
        let shape = turn.shape;
        let mut bytes = [0; MAX_RANKS as usize];
        let mut index_of = [0; MAX_RANKS as usize];
        let mut total = 0;
        let mut bits = track;
        for rank in 0..len as usize {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let count = board.get(index);
            total += count;
            // Only read back once the total is known to fit.
            bytes[rank] = count as u8;
            index_of[rank] = index as u8;
        }
        if total > MAX_SEEDS {
            return None;
        }
        // Every rank a pit but those of the stores on the track.
        let mut pits = (1 << len) - 1;
        let mut stores = track & !shape.pits_mask();
        while stores != 0 {
            let store = stores & stores.wrapping_neg();
            let rank = (track & (store - 1)).count_ones();
            pits &= !(1 << rank);
            stores ^= store;
        }
        // A row's pits are neighbours on the board, and so in rank order.
        let opponent_row = if turn.track_reach {
            let row = shape.side_mask(turn.mover.other());
            let below = (track & (row & row.wrapping_neg()).wrapping_sub(1)).count_ones();
            let row = UP_TO[(below + (track & row).count_ones()) as usize] ^ UP_TO[below as usize];
            // Whole bytes, to meet any count a lap sows there.
            row * 0xFF
        } else {
            0
        };
        Some(PackedTrack {
            counts: u128::from_le_bytes(bytes),
            len,
            all: UP_TO[len as usize],
            track,
            index_of,
            pits,
            opponent_row,
        })
    }

    /// Whether the turn from board index `origin` (against the track where
    /// `backward`) ends, judged on a copy: `None` where the packed laps
    /// cannot tell (a relay from the next pit reached a store that gives no
    /// move again, and may go on), which sowing the turn does. Only for
    /// turns that cannot fail to feed.
    pub(crate) fn turn_ends(&self, rules: &Rules, origin: usize, backward: bool) -> Option<bool> {
        let mut copy = *self;
        let (mut lap, mut backward) = (1, backward);
        match copy.relay(rules, self.rank_of(origin), &mut lap, &mut backward) {
            // The only store on the track is the mover's: a lap ending there
            // ends the turn where it gives another move, and a relay from
            // the landing pit never goes on from a store.
            Ok(end) => (self.pits & (1 << end.last) != 0
                || rules.plan().extra_turn.own_store
                || rules.plan().relay == Relay::LandingPit)
                .then_some(true),
            Err(_) => Some(false),
        }
    }

    /// Sows relay laps from `rank` on up to the first lap after which the
    /// relay may stop (see [`relay_laps`]).
    fn relay(
        &mut self,
        rules: &Rules,
        mut rank: u32,
        lap: &mut u32,
        backward: &mut bool,
    ) -> Result<RelayEnd, Refused> {
        let (relay, laps) = (rules.plan().relay, rules.plan().laps);
        let mut cycle = None;
        let mut reached = false;
        let mut hand = self.count(rank);
        loop {
            let shape = LapShape {
                // The pit's count is judged as the lap is sown.
                from_origin: laps.back_into_origin(*lap, 2),
                skip_start: laps.skip_lap_start,
            };
            let lap_end = self.sow_lap(rank, hand, *backward, shape);
            reached |= lap_end.reached;
            let last = lap_end.last;
            let Some((next, next_hand)) = self.relay_goes_on(relay, last, lap_end.landed) else {
                return Ok(RelayEnd {
                    take: rank,
                    last,
                    reached,
                });
            };
            (rank, hand) = (next, next_hand);
            *lap += 1;
            if laps.reverse_laps {
                *backward = !*backward;
            }
            if *lap > MAX_LAPS {
                return Err(Refused::Endless);
            }
            if *lap >= WATCHED_FROM_LAP {
                let key = lap_key(rank, *backward);
                match &mut cycle {
                    None => cycle = Some(CycleCheck::new(&self.counts, key)),
                    Some(cycle) => {
                        if cycle.repeats(&self.counts, key) {
                            return Err(Refused::Endless);
                        }
                    }
                }
            }
        }
    }

    fn unpack(&self, board: &mut Board) {
        let bytes = self.counts.to_le_bytes();
        for rank in 0..self.len {
            board.set(self.index(rank), u16::from(bytes[rank as usize]));
        }
    }

    fn index(&self, rank: u32) -> usize {
        usize::from(self.index_of[rank as usize])
    }

    fn rank_of(&self, index: usize) -> u32 {
        (self.track & ((1 << index) - 1)).count_ones()
    }

    fn count(&self, rank: u32) -> u8 {
        byte(self.counts, rank)
    }

    /// `rank` brought back into the track, for ranks below twice its length.
    #[inline]
    fn wrap(&self, rank: u32) -> u32 {
        if rank >= self.len {
            rank - self.len
        } else {
            rank
        }
    }

    /// Takes up the `hand` seeds at `rank` and sows them.
    ///
    /// What the last place now holds is worked out from the counts before the
    /// lap, not read from the sums after it: the next lap's hand is then known
    /// without waiting for them, and consecutive laps overlap.
    #[inline]
    fn sow_lap(&mut self, rank: u32, hand: u8, backward: bool, shape: LapShape) -> PackedLapEnd {
        let len = self.len;
        let hand = u32::from(hand);
        let this = 1 << (8 * rank);
        let before = self.counts;
        self.counts -= this * u128::from(hand);
        // The places this lap drops into: `places` of them from `first` on.
        let stays = !shape.skip_start && shape.from_origin && hand >= 2;
        let (places, all) = if shape.skip_start {
            (len - 1, self.all ^ this)
        } else {
            (len, self.all)
        };
        let step = if stays {
            0
        } else if backward {
            len - 1
        } else {
            1
        };
        let first = self.wrap(rank + step);
        let (rounds, rest) = if hand < places {
            (0, hand)
        } else {
            (hand / places, hand % places)
        };
        // The last seed falls `on` places on from `first`; the `rest` after
        // the full rounds run from `first` (backwards, the same places
        // counted from the far end of the run).
        let on = if rest == 0 { places - 1 } else { rest - 1 };
        let (run_from, last) = if backward {
            let last = self.wrap(first + len - on);
            (last, last)
        } else {
            (first, self.wrap(first + on))
        };
        // The last place had its count before the lap (none if it was the
        // place taken up), and gains every round and the seed of the run.
        let held = if last == rank { 0 } else { byte(before, last) };
        let landed = held + rounds as u8 + u8::from(rest != 0);
        let sown = all * u128::from(rounds) + self.run(run_from, rest);
        self.counts += sown;
        PackedLapEnd {
            last,
            landed,
            reached: sown & self.opponent_row != 0,
        }
    }

    /// A 1 in the bytes of `count` ranks from `first` on, along the track
    /// and round past its end (`count` at most the track's length).
    #[inline]
    fn run(&self, first: u32, count: u32) -> u128 {
        let end = first + count;
        let wrapped = end.saturating_sub(self.len);
        (UP_TO[(end - wrapped) as usize] ^ UP_TO[first as usize]) | UP_TO[wrapped as usize]
    }

    /// The rank the relay takes up next after a lap ending at `last`, which
    /// now holds `landed` seeds, and the hand taken up there: the same test
    /// as the seed-by-seed path's; `None` where the turn may end there, or the
    /// lap ended in a store, which the seed-by-seed path judges.
    fn relay_goes_on(&self, relay: Relay, last: u32, landed: u8) -> Option<(u32, u8)> {
        if self.pits & (1 << last) == 0 {
            return None;
        }
        match relay {
            Relay::LandingPit | Relay::Off => (landed > 1).then_some((last, landed)),
            Relay::NextPit => {
                let ahead = self.pits & !((2 << last) - 1);
                let next = if ahead == 0 { self.pits } else { ahead }.trailing_zeros();
                let hand = self.count(next);
                (hand != 0).then_some((next, hand))
            }
        }
    }
}

/// `UP_TO[k]`: a 1 in each of the bytes below `k`.
const UP_TO: [u128; MAX_RANKS as usize + 1] = {
    let mut up_to = [0; MAX_RANKS as usize + 1];
    let mut k = 1;
    while k <= MAX_RANKS as usize {
        up_to[k] = up_to[k - 1] | 1 << (8 * (k - 1));
        k += 1;
    }
    up_to
};

/// The count at `rank` in packed `counts`.
#[inline]
fn byte(counts: u128, rank: u32) -> u8 {
    (counts >> (8 * rank)) as u8
}

/// A lap's start as the endless-turn check keys it: the rank and the way.
#[inline]
fn lap_key(rank: u32, backward: bool) -> usize {
    rank as usize | (usize::from(backward) << 8)
}

//! What the mechanics keep in a position beyond the seeds, the owners of
//! pits and the closed pits, packed in one word (a position is copied at
//! every move): Bao's nyumba and the pit a takasa blocked (§10.4), and the
//! pit a lone seed may not go straight back from (§13). Each mechanic reads
//! and writes its own bits here; the position hashes and compares them
//! whole.

use crate::engine::ground::{Pit, Side};

/// See the module's comment. Bits 0-1: who owns their nyumba; 2-9: the
/// blocked pit's track index + 1; 10: the block is fresh; 11-15: the
/// nyumba's number; 16-23: the barred pit's track index + 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Marks(u32);

impl Marks {
    const BLOCK_SHIFT: u32 = 2;
    const FRESH: u32 = 1 << 10;
    const NYUMBA_SHIFT: u32 = 11;
    const BAR_SHIFT: u32 = 16;

    /// A start where each player owns the nyumba at front pit `pit`
    /// (`None`: the rules have none), and nothing is blocked or barred.
    pub fn new(nyumba: Option<u8>) -> Marks {
        match nyumba {
            Some(pit) => Marks(0b11 | (u32::from(pit & 0x1f) << Self::NYUMBA_SHIFT)),
            None => Marks(0),
        }
    }

    /// The nyumba's number in the front row, where the rules have one.
    pub fn nyumba_pit(self) -> Option<Pit> {
        let pit = (self.0 >> Self::NYUMBA_SHIFT) & 0x1f;
        (pit != 0).then(|| Pit::new(u8::try_from(pit).unwrap_or(1)))
    }

    pub fn owns_nyumba(self, side: Side) -> bool {
        self.0 >> side.index() & 1 == 1
    }

    pub fn set_nyumba(&mut self, side: Side, owned: bool) {
        let bit = 1 << side.index();
        if owned {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }

    /// The blocked pit's track index, and whether the move just played set
    /// it (`T`).
    pub fn block(self) -> Option<(usize, bool)> {
        let index = (self.0 >> Self::BLOCK_SHIFT) & 0xff;
        (index != 0).then(|| (index as usize - 1, self.0 & Self::FRESH != 0))
    }

    pub fn set_block(&mut self, block: Option<(usize, bool)>) {
        self.0 &= !(0xff << Self::BLOCK_SHIFT | Self::FRESH);
        if let Some((index, fresh)) = block {
            let index = u32::try_from(index + 1).unwrap_or(0) & 0xff;
            self.0 |= index << Self::BLOCK_SHIFT;
            if fresh {
                self.0 |= Self::FRESH;
            }
        }
    }

    /// The track index of the pit the player to move may not play (§13's
    /// lone seed), if one is barred.
    #[inline]
    pub fn bar(self) -> Option<usize> {
        let index = (self.0 >> Self::BAR_SHIFT) & 0xff;
        (index != 0).then(|| index as usize - 1)
    }

    pub fn set_bar(&mut self, bar: Option<usize>) {
        self.0 &= !(0xff << Self::BAR_SHIFT);
        if let Some(index) = bar {
            self.0 |= (u32::try_from(index + 1).unwrap_or(0) & 0xff) << Self::BAR_SHIFT;
        }
    }

    pub fn bits(self) -> u32 {
        self.0
    }
}

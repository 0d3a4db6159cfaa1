//! Which pits a mover may play (`sowing.min-seeds`, `sowing.must-feed`;
//! rules.md §6, §7 and §9): a pit holding too few seeds, and, with the
//! opponent's row empty, a move that leaves it empty.

use crate::engine::rules::check::{Keys, RulesError, Written, seed_count};
use crate::engine::rules::file::RulesFile;

/// Which pits a mover may play, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playable {
    /// The fewest seeds a pit must hold to be played (1, or Kiuthi's 2).
    pub min_seeds: u16,
    /// With the opponent's row empty, only a move that leaves seeds in it
    /// is legal.
    pub must_feed: bool,
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
        })
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
        said
    }
}

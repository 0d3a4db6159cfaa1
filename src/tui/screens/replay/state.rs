//! A saved match being watched, move by move.

use std::path::PathBuf;

use crate::engine::{Move, Rules};
use crate::session::Session;
use crate::storage::MatchMeta;
use crate::tui::anim::Animation;
use crate::tui::app::App;
use crate::tui::app::ScreenState;
use crate::tui::context::Context;
use crate::tui::judged::{HintReach, Judged};

use super::super::library::state::LibraryList;

/// A saved match being watched.
#[derive(Clone, Debug)]
pub struct Replay {
    pub session: Session,
    /// The file it was read from, and what the file says of the match (its
    /// id, which format 1 lacked, and its title).
    pub path: PathBuf,
    pub meta: MatchMeta,
    /// Actions shown: 0 is the start, `session.actions().len()` the end.
    pub shown: usize,
    pub animation: Option<Animation>,
    pub autoplay: bool,
    /// Milliseconds since the last autoplay step finished.
    pub waited_ms: u64,
    /// The engine's value of each position, for South (`None` until the
    /// analysis, which runs in the background, arrives).
    pub values: Option<Vec<Judged>>,
    pub analysis_asked: bool,
    /// Whether the moves the quick values found losing were sent to be
    /// valued again as hard as a hint.
    pub confirm_asked: bool,
    /// A round number being typed, digit by digit, and the milliseconds
    /// since its last digit (it is forgotten after a pause).
    pub typed_round: Option<(usize, u64)>,
    /// The list Esc goes back to, as it was left (filter, choice).
    pub list: LibraryList,
    /// Animation turned on or off in this viewer, for it alone (`None`:
    /// as the setting is).
    pub motion: Option<bool>,
}

impl Replay {
    /// Whether the move that led to position `shown` threw the game away: a
    /// search as hard as a hint's (or exact) found the mover not lost before
    /// it, and lost after it, weighing it against the best move at one
    /// horizon, with the same verdicts one depth less deep. Gives how far
    /// that search looked.
    #[must_use]
    pub fn threw_away(&self, shown: usize) -> Option<HintReach> {
        let before = self.values.as_ref()?.get(shown.checked_sub(1)?)?;
        let weighed = before.weighed?;
        weighed
            .threw_away(self.session.rules())
            .then_some(before.reach)
    }

    /// Where the move that led to `shown` threw the game away: the move the
    /// same search found best instead, and what it would have kept for the
    /// mover.
    #[must_use]
    pub fn better_move(&self, shown: usize) -> Option<(Move, i32)> {
        self.threw_away(shown)?;
        let weighed = self.values.as_ref()?.get(shown - 1)?.weighed?;
        Some((weighed.best, weighed.kept))
    }
}

impl ScreenState for Replay {
    fn is_animating(&self) -> bool {
        self.autoplay || self.animation.as_ref().is_some_and(|a| !a.is_finished())
    }

    fn rules<'a>(&'a self, _app: &'a App) -> Option<&'a Rules> {
        Some(self.session.rules())
    }

    fn contexts(&self) -> Vec<Context> {
        vec![Context::Replay, Context::Anywhere]
    }
}

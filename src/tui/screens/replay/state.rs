//! A saved match being watched, move by move.

use std::cmp::Ordering;
use std::path::PathBuf;

use crate::engine::{Rules, Side};
use crate::session::Session;
use crate::storage::MatchMeta;
use crate::tui::anim::Animation;
use crate::tui::app::App;
use crate::tui::app::ScreenState;
use crate::tui::context::Context;
use crate::tui::judged::{HintReach, Judged, verdict};

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
    /// Whether the move that led to position `shown` threw the game away: the
    /// mover was not lost before it, and was after it, by verdicts that held
    /// at two depths. Gives how far the shallower of
    /// the two judgements looked.
    #[must_use]
    pub fn threw_away(&self, shown: usize) -> Option<HintReach> {
        let (values, before) = (self.values.as_ref()?, shown.checked_sub(1)?);
        let mover = self.session.positions()[before].to_move()?;
        let sign = if mover == Side::South { 1 } else { -1 };
        let (was, now) = (values.get(before)?, values.get(shown)?);
        let rules = self.session.rules();
        let lost = |value: i32| verdict(rules, sign * value) == Some(Ordering::Less);
        let thrown = !lost(was.value) && lost(now.value);
        (thrown && was.stable && now.stable).then(|| match (was.reach, now.reach) {
            (HintReach::Plies(a), HintReach::Plies(b)) => HintReach::Plies(a.min(b)),
            (HintReach::Plies(a), HintReach::Exact) | (HintReach::Exact, HintReach::Plies(a)) => {
                HintReach::Plies(a)
            }
            (HintReach::Exact, HintReach::Exact) => HintReach::Exact,
        })
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

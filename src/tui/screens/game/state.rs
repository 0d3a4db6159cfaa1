//! A match on screen: the session, the cursor, what moves and what is told.

use crate::engine::{Move, Pit, Rules, Side, Status};
use crate::session::Session;
use crate::tui::anim::Animation;
use crate::tui::app::ScreenState;
use crate::tui::app::{App, Notice};
use crate::tui::context::Context;

/// A match on screen.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tells this match on screen from any other (a rematch, say), however
    /// alike their moves.
    pub serial: u64,
    pub session: Session,
    /// The cursor's pit on the row of the player to move.
    pub cursor: Pit,
    pub animation: Option<Animation>,
    /// What the last move did (with the moves its player made before it in
    /// the same turn, after extra turns), kept until the next move.
    pub report: Option<(Side, String)>,
    /// A passing message: a refusal, a hint, an undo, a setting changed.
    pub notice: Option<Notice>,
    /// The computer is choosing a move (in another thread).
    pub thinking: bool,
    /// On boards of 10 pits or more, a `1` typed that may begin pit 10-16.
    pub pending_digit: Option<u8>,
    /// Where the mover chooses the way to sow: the pit chosen, waiting for
    /// its way (left or right on screen).
    pub choosing: Option<Pit>,
    /// The players hid the round's or match's result to look at the board.
    pub box_hidden: bool,
    /// The first round shown in the match's table of rounds.
    pub box_scroll: u16,
    /// The second player was asked whether to swap and played on (asked
    /// once; an undo back to the question asks again).
    pub swap_declined: bool,
    /// The rest of the computer's turn, searched with its first move.
    pub plan: TurnPlan,
    /// The pit the last hint named, and the key of the position it is for.
    pub hint: Option<(u64, Pit)>,
    /// Every turn so far as the move list tells it, and the moment it was
    /// told for (actions so far, the position), to tell it again on change.
    pub turns: Vec<crate::words::TurnTold>,
    pub turns_for: Option<(usize, crate::engine::Position)>,
}

/// The moves the computer means to make next in its turn: each is played
/// without searching again, as soon as the seeds of the one before have
/// stopped, while the position is the one it was planned for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnPlan {
    /// The key of the position the first of `moves` was planned for.
    pub at: u64,
    pub moves: std::collections::VecDeque<Move>,
}

impl ScreenState for Game {
    fn is_animating(&self) -> bool {
        self.thinking || self.animation.as_ref().is_some_and(|a| !a.is_finished())
    }

    fn rules<'a>(&'a self, _app: &'a App) -> Option<&'a Rules> {
        Some(self.session.rules())
    }

    /// The moment of the match (a turn, seeds moving, a round or the match
    /// over), then the keys of any moment.
    fn contexts(&self) -> Vec<Context> {
        let position = self.session.position();
        let first = if self.animation.as_ref().is_some_and(|a| !a.is_finished()) {
            Context::Sowing
        } else if self.choosing.is_some() {
            return vec![Context::Direction, Context::Turn, Context::Match];
        } else if position.to_move().is_some() {
            Context::Turn
        } else if matches!(position.status(), Status::MatchOver { .. }) {
            Context::MatchOver
        } else {
            Context::RoundOver
        };
        vec![first, Context::Match]
    }

    /// Every moment of a match side by side, since a player reading help
    /// wants the keys of the whole match.
    fn help_contexts(&self) -> Vec<Context> {
        let mut moments = vec![Context::Turn];
        if self.session.rules().direction_chosen() {
            moments.push(Context::Direction);
        }
        if self.session.swap_rule() {
            moments.push(Context::Swap);
        }
        moments.extend([
            Context::Sowing,
            Context::RoundOver,
            Context::MatchOver,
            Context::Match,
        ]);
        moments
    }

    fn help_is_a_stack(&self) -> bool {
        false
    }
}

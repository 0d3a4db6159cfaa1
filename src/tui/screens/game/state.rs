//! A match on screen: the session, the cursor, what moves and what is told.

use crate::engine::{Direction, Event, Move, Pit, Place, Rules, Side, Status};
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
    /// Where a pit's moves differ by the ways chosen inside them (the
    /// mover's way, §9; a lap that may turn, §10.5): the pit chosen,
    /// waiting for its next way (left or right on screen).
    pub choosing: Option<Pit>,
    /// The ways chosen so far for that pit's move, in order.
    pub ways_made: Vec<crate::engine::Direction>,
    /// A Bao move chosen whose capture ends in the nyumba (§10.4): the pit,
    /// and the move stopping there, waiting for stop or safari.
    pub safari_asked: Option<(Pit, Move)>,
    /// The round's loser choosing the pits to fill for the next round
    /// (rules.md §12): the pits chosen so far, drawn full on the board.
    pub filling: Option<crate::engine::Fill>,
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
    /// The side whose rows are drawn at the bottom: North's where the
    /// board is turned round (for a player sitting North).
    pub bottom: Side,
    /// Where the moves of the pit previewed would leave their last seed,
    /// and the key of the position they are for (any other key clears it).
    pub preview: Option<(u64, Vec<Place>)>,
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

impl Game {
    /// The cursor on the first pit the player to move may play.
    pub fn place_cursor(&mut self) {
        let position = *self.session.position();
        if let Some(&first) = self.session.game().legal_moves().first() {
            self.cursor = position.pit_of_move(first).unwrap_or(Pit::new(1));
        }
    }

    /// Whether the board is drawn turned round, North's rows at the bottom.
    #[must_use]
    pub fn turned(&self) -> bool {
        self.bottom == Side::North
    }

    /// The legal moves that sow `pit` of the player to move: one, or one for
    /// each way the mover may choose inside the move. The screen chooses among
    /// them and never makes a move of its own.
    #[must_use]
    pub fn moves_from(&self, pit: Pit) -> Vec<Move> {
        let position = self.session.position();
        self.session
            .game()
            .legal_moves()
            .into_iter()
            .filter(|&played| position.pit_of_move(played) == Some(pit))
            .collect()
    }

    /// A move from `pit` that no legal move is, to be played for the
    /// reason it is refused: with a way where the mover chooses one, so
    /// that the reason is the pit's, not the way left out.
    #[must_use]
    pub fn refused_move_at(&self, pit: Pit) -> Move {
        let played = self.session.position().move_at(pit);
        if self.session.rules().plan().ways.chosen() {
            played.toward(Direction::Clockwise)
        } else {
            played
        }
    }

    /// The pit whose lap the next way chosen for `pit`'s move sows: the pit
    /// itself for its own way, else the pit a later lap may turn at, found where
    /// the traces of two moves still open (one each way) first part.
    #[must_use]
    pub fn pit_of_next_way(&self, pit: Pit) -> Pit {
        let made = &self.ways_made;
        let open: Vec<Move> = self
            .moves_from(pit)
            .into_iter()
            .filter(|&played| ways_of(played).starts_with(made))
            .collect();
        let going = |way: Direction| {
            open.iter()
                .copied()
                .find(|&played| ways_of(played).get(made.len()) == Some(&way))
        };
        let (Some(one), Some(other)) = (
            going(Direction::Clockwise),
            going(Direction::CounterClockwise),
        ) else {
            return pit;
        };
        let position = self.session.position();
        let rules = self.session.rules();
        let trace = |played: Move| {
            let mut events = Vec::new();
            // Both are legal moves of this position, so both play.
            let _ = position.play_traced(rules, played, &mut events);
            events
        };
        let (one, other) = (trace(one), trace(other));
        let shared = one.iter().zip(&other).take_while(|(a, b)| a == b).count();
        one[..shared]
            .iter()
            .rev()
            .find_map(|event| match *event {
                Event::TakeUp {
                    pit: Place::Pit(_, from),
                    ..
                }
                | Event::RelayTakeUp {
                    pit: Place::Pit(_, from),
                    ..
                }
                | Event::PairCapture {
                    to: Place::Pit(_, from),
                    ..
                } => Some(from),
                _ => None,
            })
            .unwrap_or(pit)
    }

    /// The keys that pick a pit on this match's board.
    fn pit_keys(&self) -> Context {
        if self.session.rules().rows() == 4 {
            Context::FourRowPitKeys
        } else {
            Context::PitKeys
        }
    }
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
        let turn = [self.pit_keys(), Context::Turn, Context::Match];
        if self.animation.as_ref().is_some_and(|a| !a.is_finished()) {
            vec![Context::Sowing, Context::Match]
        } else if self.filling.is_some() {
            vec![Context::Fill, self.pit_keys(), Context::Match]
        } else if self.safari_asked.is_some() {
            std::iter::once(Context::Safari).chain(turn).collect()
        } else if self.choosing.is_some() {
            std::iter::once(Context::Direction).chain(turn).collect()
        } else if position.to_move().is_some() {
            turn.to_vec()
        } else if matches!(position.status(), Status::MatchOver { .. }) {
            vec![Context::MatchOver, Context::Match]
        } else {
            vec![Context::RoundOver, Context::Match]
        }
    }

    /// Every moment of a match side by side, since a player reading help
    /// wants the keys of the whole match.
    fn help_contexts(&self) -> Vec<Context> {
        let mut moments = vec![self.pit_keys(), Context::Turn];
        let rules = self.session.rules();
        if rules.plan().ways.may_ask() {
            moments.push(Context::Direction);
        }
        if rules
            .plan()
            .front_across
            .and_then(|front| front.nyumba)
            .is_some_and(|nyumba| nyumba.safari)
        {
            moments.push(Context::Safari);
        }
        if self.session.swap_rule() {
            moments.push(Context::Swap);
        }
        if rules.plan().rounds.refill == crate::engine::Refill::LoserChooses {
            moments.push(Context::Fill);
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

/// The ways a move names, in order: its first lap's, then each later one.
#[must_use]
pub fn ways_of(played: Move) -> Vec<Direction> {
    played
        .direction()
        .into_iter()
        .chain(played.choices().ways())
        .collect()
}

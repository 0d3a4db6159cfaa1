//! The match told turn by turn, for the move list beside the board: each
//! turn in the words the game used when it was played.

use crate::engine::Side;
use crate::session::{Action, Session};

use super::{fill_told, move_details, swap_told};

/// One entry of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnTold {
    pub round: u16,
    /// The side that moved (`None` for a swap, which is no move).
    pub side: Option<Side>,
    /// "Ann played", or the whole of a swap.
    pub who: String,
    /// What each move of the turn did: "pit 1 - moves again", "pit 2: 12
    /// laps".
    pub moves: Vec<String>,
}

impl TurnTold {
    /// The turn in one sentence, its first `moves` moves: "Ann played pit 1
    /// - moves again; then pit 2: 12 laps".
    #[must_use]
    pub fn text(&self, moves: usize) -> String {
        let told = self.moves[..moves.min(self.moves.len())].join(super::THEN);
        if told.is_empty() {
            self.who.clone()
        } else {
            format!("{} {told}", self.who)
        }
    }
}

/// Every turn of the match so far, oldest first: a player's moves until the
/// other is to move are one turn, as the line under the board tells them.
#[must_use]
pub fn turns_told(session: &Session) -> Vec<TurnTold> {
    let mut turns: Vec<TurnTold> = Vec::new();
    // Whether the last entry is a turn the next move may belong to.
    let mut open = false;
    let traces = session.move_traces();
    let seatings = session.seatings();
    for (index, (action, told)) in session.actions().iter().zip(traces).enumerate() {
        let seated = seatings.at(index);
        let round = session.positions()[index].round();
        match action {
            Action::Move(_) => {
                let Some((side, played, trace)) = told else {
                    continue;
                };
                let details = move_details(seated, played, &trace);
                match turns.last_mut() {
                    Some(last) if open && last.side == Some(side) && last.round == round => {
                        last.moves.push(details);
                    }
                    _ => turns.push(TurnTold {
                        round,
                        side: Some(side),
                        who: format!("{} played", session.display_name_at(side, index)),
                        moves: vec![details],
                    }),
                }
                open = true;
            }
            Action::Swap => {
                turns.push(TurnTold {
                    round,
                    side: None,
                    who: swap_told(session, session.first()),
                    moves: Vec::new(),
                });
                open = false;
            }
            Action::NextRound(Some(fill)) => {
                let before = &session.positions()[index];
                if let Some(chooser) = before.fill_choice(session.rules()) {
                    turns.push(TurnTold {
                        round: round + 1,
                        side: None,
                        who: fill_told(session, chooser.side, *fill, round + 1),
                        moves: Vec::new(),
                    });
                }
                open = false;
            }
            Action::NextRound(None) | Action::EndMatch => open = false,
        }
    }
    turns
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::engine::{Move, Pit, Rules};

    #[test]
    fn a_turn_of_extra_moves_is_one_entry_and_the_next_player_begins_another() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap());
        let mut session = Session::new(rules, ["Ann".to_string(), "Bo".to_string()], Side::South);
        // Ann's pit 3 ends in her store; her pit 6 then ends on Bo's row;
        // Bo plays pit 1.
        for pit in [3, 6, 1] {
            session.play(Move::sow(Pit::new(pit))).unwrap();
        }
        let turns = turns_told(&session);
        assert_eq!(turns.len(), 2, "{turns:?}");
        assert_eq!(turns[0].side, Some(Side::South));
        assert_eq!(
            turns[0].text(usize::MAX),
            "Ann played pit 3 - moves again; then pit 6"
        );
        assert_eq!(turns[0].text(1), "Ann played pit 3 - moves again");
        assert_eq!(turns[1].text(usize::MAX), "Bo played pit 1");
        assert!(turns.iter().all(|t| t.round == 1));
    }
}

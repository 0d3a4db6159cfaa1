//! The terminal game's own sentences (what happens during an animation, a
//! hint, the lines of the menus); the words the command line shares with it
//! are in [`crate::words`].
//!
//! One file a kind of sentence; every name is reachable from here.

mod boxes;
mod lists;
mod menus;
mod notices;
mod results;

pub use boxes::*;
pub use lists::*;
pub use menus::*;
pub use notices::*;
pub use results::*;

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::ai::Level;
    use crate::engine::{Rules, Side};
    use crate::session::Session;

    #[test]
    fn a_lead_is_said_as_ahead_behind_or_level() {
        assert_eq!(lead(8), "8 seeds ahead");
        assert_eq!(lead(-8), "8 seeds behind");
        assert_eq!(lead(-1), "1 seed behind");
        assert_eq!(lead(0), "level");
    }

    /// Where who cannot move loses, the seeds in play are no score: a value
    /// is a win, a loss, or seeds ahead on the rows; elsewhere seeds at the
    /// end.
    #[test]
    fn a_value_is_said_as_the_rules_score_a_game() {
        use crate::tui::judged::verdict;
        use std::cmp::Ordering;
        let kalaha = Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap();
        let igisoro = Rules::from_toml(include_str!("../../rules/igisoro.toml")).unwrap();
        assert_eq!(outlook(&kalaha, -10), "10 seeds behind at the end");
        assert_eq!(outlook(&igisoro, -10), "10 seeds behind on the rows");
        assert_eq!(outlook(&igisoro, crate::ai::WIN), "a win");
        assert_eq!(outlook(&igisoro, -crate::ai::WIN), "a loss");
        let judged = |value| {
            crate::tui::msg::Judged::quick(value, crate::tui::msg::HintReach::Plies(9), true)
        };
        assert_eq!(
            engine_value(&igisoro, &judged(-crate::ai::WIN)),
            "engine: North wins (9 moves)"
        );
        assert_eq!(
            engine_value(&kalaha, &judged(3)),
            "engine: +3 for South (9 moves)"
        );
        assert_eq!(verdict(&igisoro, 30), None, "seeds in play decide nothing");
        assert_eq!(verdict(&igisoro, crate::ai::WIN), Some(Ordering::Greater));
        assert_eq!(verdict(&kalaha, -1), Some(Ordering::Less));
        assert_eq!(verdict(&kalaha, 0), Some(Ordering::Equal));
    }

    /// Gabata's wegs keep their seeds, which are their owner's at the end:
    /// the header counts them with the store, as the player lines show.
    #[test]
    fn who_leads_counts_the_seeds_in_own_pits() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/gabata.toml")).unwrap());
        let mut session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        // Moves until a weg holds more than its four (each a pit in turn).
        for choice in 0.. {
            let legal = session.position().legal_moves(&rules);
            session.play(legal[choice % legal.len()]).unwrap();
            let owned =
                |side| session.position().counted(&rules, side) - session.position().store(side);
            if owned(Side::North) > 4 && owned(Side::North) != owned(Side::South) {
                break;
            }
        }
        let position = *session.position();
        // Each side's store and the pits of either row it owns, read pit by
        // pit.
        let counted = crate::engine::BySide::from_fn(|side: Side| {
            let owned: u16 = Side::BOTH
                .into_iter()
                .flat_map(|row| {
                    crate::engine::Pit::all(6)
                        .filter(move |&pit| position.owner_of(row, pit) == Some(side))
                        .map(move |pit| position.pit(row, pit))
                })
                .sum();
            position.store(side) + owned
        });
        let (leader, by) = if counted.north > counted.south {
            ("Bo", counted.north - counted.south)
        } else {
            ("Ann", counted.south - counted.north)
        };
        assert_eq!(
            who_leads(&session, counted),
            format!("{leader} leads by {by}")
        );
        assert_eq!(
            crate::engine::BySide::from_fn(|side| position.counted(&rules, side)),
            counted
        );
        // The board as the screen draws it counts the same.
        let view = crate::tui::board_view::BoardView::of(&position);
        assert_eq!(
            crate::engine::BySide::from_fn(|side| view.counted(&rules, side)),
            counted
        );
    }

    #[test]
    fn the_thinking_computer_is_named_once() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap());
        let mut session = Session::new(
            rules,
            ["Me".to_string(), "Computer".to_string()],
            Side::South,
        );
        session.computer.north = Some(Level::Strongest);
        assert_eq!(
            thinking(&session, Side::North),
            "Computer (strongest) is thinking..."
        );
        let rules = session.rules().clone();
        let mut named = Session::new(rules, ["Me".to_string(), "Deep".to_string()], Side::South);
        named.computer.north = Some(Level::Hard);
        assert_eq!(
            thinking(&named, Side::North),
            "Deep (the computer, hard) is thinking..."
        );
    }

    #[test]
    fn a_player_is_named_once_and_the_side_said_only_where_it_adds() {
        let rules = Arc::new(Rules::from_toml(include_str!("../../rules/kalaha.toml")).unwrap());
        let sides = Session::new(
            rules.clone(),
            ["South".to_string(), "North".to_string()],
            Side::South,
        );
        assert_eq!(
            not_your_row(&sides, Side::North),
            "That pit is on South's row - it is North's turn."
        );
        assert_eq!(
            next_round_begins(&sides, 2, Side::North),
            "Round 2 begins: North to move."
        );
        assert_eq!(starts("South", Side::South), "South starts.");
        let named = Session::new(rules, ["Ann".to_string(), "Bo".to_string()], Side::South);
        assert_eq!(
            not_your_row(&named, Side::North),
            "That pit is on South's row - it is Bo (North)'s turn."
        );
        assert_eq!(
            rematch(&named, Side::North, false),
            "Rematch: Bo starts (the loser)."
        );
        let last = Some((
            Side::South,
            crate::engine::Move::sow(crate::engine::Pit::new(2)),
        ));
        assert_eq!(
            undone(&named, last, false, "Ctrl+Y"),
            "Undid Ann's pit 2 (Ctrl+Y plays it again)"
        );
        assert_eq!(starts("Ann", Side::South), "Ann (South) starts.");
    }
}

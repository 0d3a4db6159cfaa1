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
}

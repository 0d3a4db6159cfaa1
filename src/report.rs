//! Headless views of a position (a text board for people, JSON for
//! programs) and the words lists use for saved matches.

mod json;
pub mod library;
mod text;

pub use json::{PositionJson, position_json};
pub use text::board_text;

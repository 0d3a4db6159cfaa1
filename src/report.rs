//! Headless views of a position: a text board for people, JSON for
//! programs.

mod json;
mod text;

pub use json::{PositionJson, position_json};
pub use text::board_text;

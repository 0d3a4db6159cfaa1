//! Headless views of a position (a text board for people, JSON for
//! programs) and the words lists use for saved matches.

mod json;
pub mod library;
mod text;

pub use json::{PositionJson, position_json};
pub use text::{board_text, status_text};

/// `text` with control characters written as escapes (`\u{1b}`), so that
/// text from a file can be printed without acting on the terminal.
#[must_use]
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

//! The screens, one folder each, every folder with the same three files:
//! `state.rs` (what the screen holds, part of the model, and its answers to
//! [`ScreenState`](super::app::ScreenState): its keys' contexts, whether it
//! is typing or moving, its rule set), `update.rs` (how it answers a message)
//! and `view.rs` (how it is drawn). A new screen is a folder here, a variant
//! of [`Screen`](super::app::Screen), and one arm in each of `Screen::state`,
//! `update::route` and `view::render_to`.

pub mod game;
pub mod library;
pub mod menu;
pub mod odd_even;
pub mod replay;
pub mod setup;
pub mod variants;

//! Terminal input: bytes into events (`decode`), read without ever blocking
//! on a half-sent sequence (`reader`), and events to messages: keys through
//! the key table (`keys.rs`), clicks, wheel and resizes here.

pub mod decode;
#[cfg(unix)]
pub mod reader;

use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};

use super::app::App;
use super::keys;
use super::msg::{Input, Msg};

/// The message for a terminal event in the app's present state, if any.
#[must_use]
pub fn to_msg(app: &App, event: &Event) -> Option<Msg> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_to_msg(app, key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Msg::Input(Input::Click {
                column: mouse.column,
                row: mouse.row,
            })),
            MouseEventKind::ScrollDown => Some(Msg::Down),
            MouseEventKind::ScrollUp => Some(Msg::Up),
            _ => None,
        },
        Event::Resize(width, height) => Some(Msg::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}

fn key_to_msg(app: &App, key: &KeyEvent) -> Option<Msg> {
    keys::lookup(&keys::contexts(app), key)
}

//! Terminal events to messages: the one place that knows which key does what.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::app::{App, OddEvenStage, Overlay, Screen};
use super::msg::Msg;
use super::widgets::board::{NORTH_KEYS, SOUTH_KEYS};

/// The message for a terminal event in the app's present state, if any.
#[must_use]
pub fn to_msg(app: &App, event: &Event) -> Option<Msg> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => key_to_msg(app, key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Msg::Click {
                column: mouse.column,
                row: mouse.row,
            }),
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
    let typing = app.is_typing()
        || matches!(
            app.overlay,
            Some(Overlay::SaveAs { .. } | Overlay::Rename { .. })
        );
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            // Ctrl-C leaves like `q` does, asking first during a match.
            KeyCode::Char('c') => Some(Msg::Quit),
            KeyCode::Char('u') if typing => Some(Msg::ClearField),
            _ => None,
        };
    }
    if let Some(overlay) = &app.overlay
        && !matches!(overlay, Overlay::Help { .. })
    {
        return question_key(overlay, key);
    }
    if let Some(Overlay::Help { .. }) = app.overlay {
        return match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Msg::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Msg::Down),
            KeyCode::PageUp => Some(Msg::PageUp),
            KeyCode::PageDown => Some(Msg::PageDown),
            _ => Some(Msg::Back),
        };
    }
    if let Some(msg) = text_entry(app, key) {
        return Some(msg);
    }
    if let Screen::Library(_) = app.screen
        && let Some(msg) = list_key(key)
    {
        return Some(msg);
    }
    let round_over = matches!(&app.screen, Screen::Game(game)
        if game.session.position().to_move().is_none());
    let guessing =
        matches!(&app.screen, Screen::OddEven(o) if matches!(o.stage, OddEvenStage::Guess { .. }));
    Some(match key.code {
        KeyCode::Up => Msg::Up,
        KeyCode::Down => Msg::Down,
        KeyCode::Left => Msg::Left,
        KeyCode::Right => Msg::Right,
        KeyCode::PageUp => Msg::PageUp,
        KeyCode::PageDown => Msg::PageDown,
        KeyCode::Home => Msg::Home,
        KeyCode::End => Msg::End,
        KeyCode::Enter | KeyCode::Char(' ') => Msg::Confirm,
        KeyCode::Esc => Msg::Back,
        KeyCode::Tab => Msg::NextField,
        KeyCode::Backspace => Msg::Backspace,
        KeyCode::Char(c) => match c {
            'o' if guessing => Msg::Odd,
            'e' if guessing => Msg::Even,
            'n' if round_over => Msg::NextRound,
            'e' if round_over => Msg::EndMatch,
            'q' => Msg::Quit,
            '?' => Msg::Help,
            'u' => Msg::Undo,
            'r' => Msg::Redo,
            '+' | '=' => Msg::Faster,
            '-' | '_' => Msg::Slower,
            'a' => Msg::ToggleMotion,
            's' => Msg::Save,
            'H' => Msg::Hint,
            'p' => Msg::PlayOn,
            'g' => Msg::Home,
            'G' => Msg::End,
            'h' => Msg::Left,
            'l' => Msg::Right,
            'k' => Msg::Up,
            'j' => Msg::Down,
            '0'..='9' => Msg::Digit(c.to_digit(10).and_then(|d| u8::try_from(d).ok())?),
            c if SOUTH_KEYS.contains(&c) || NORTH_KEYS.contains(&c) => Msg::RowKey(c),
            _ => return None,
        },
        _ => return None,
    })
}

/// Keys while a question or a name box is open.
fn question_key(overlay: &Overlay, key: &KeyEvent) -> Option<Msg> {
    match overlay {
        Overlay::ConfirmQuit => match key.code {
            KeyCode::Char('y' | 'Y' | 'q') | KeyCode::Enter => Some(Msg::Yes),
            _ => Some(Msg::No),
        },
        Overlay::ConfirmReplace { .. }
        | Overlay::ConfirmDelete { .. }
        | Overlay::OpenElsewhere { .. } => match key.code {
            KeyCode::Char('y' | 'Y') | KeyCode::Enter => Some(Msg::Yes),
            _ => Some(Msg::No),
        },
        Overlay::SaveAs { .. } | Overlay::Rename { .. } => match key.code {
            KeyCode::Char(c) => Some(Msg::Char(c)),
            KeyCode::Backspace => Some(Msg::Backspace),
            KeyCode::Enter => Some(Msg::Confirm),
            KeyCode::Esc => Some(Msg::Back),
            _ => None,
        },
        Overlay::Help { .. } => None,
    }
}

/// Keys of the list of saved matches.
fn list_key(key: &KeyEvent) -> Option<Msg> {
    Some(match key.code {
        KeyCode::Char('/') => Msg::Filter,
        KeyCode::Char('c') => Msg::ContinueMatch,
        KeyCode::Char('d') | KeyCode::Delete => Msg::Delete,
        KeyCode::Char('r') => Msg::Rename,
        KeyCode::Char('o') => Msg::Order,
        _ => return None,
    })
}

/// Keys while a text field has the focus: they type.
fn text_entry(app: &App, key: &KeyEvent) -> Option<Msg> {
    if !app.is_typing() {
        return None;
    }
    Some(match key.code {
        KeyCode::Char(c) => Msg::Char(c),
        KeyCode::Backspace => Msg::Backspace,
        KeyCode::Enter => Msg::Confirm,
        KeyCode::Esc => Msg::Back,
        KeyCode::Tab | KeyCode::Down => Msg::NextField,
        KeyCode::Up => Msg::Up,
        _ => return None,
    })
}

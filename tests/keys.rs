//! The key table: README's key section is made from it, no key means two
//! things in one place, and during a match the pit rows play pits and
//! nothing else.

use mancala::tui::keys::{self, Context, NORTH_KEYS, SOUTH_FRONT_KEYS, SOUTH_KEYS};
use mancala::tui::msg::{Input, Msg};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const BEGIN: &str = "<!-- keys:begin -->\n";
const END: &str = "<!-- keys:end -->";

#[test]
fn readme_key_section_is_the_key_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme.find(BEGIN).expect("the begin marker") + BEGIN.len();
    let end = readme.find(END).expect("the end marker");
    let table = keys::markdown();
    // `MANCALA_WRITE_README=1 cargo test --test keys` writes it in.
    if std::env::var_os("MANCALA_WRITE_README").is_some() {
        let written = format!("{}{table}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, written).unwrap();
        return;
    }
    assert_eq!(
        readme[start..end],
        table,
        "README's keys differ from the table (MANCALA_WRITE_README=1 rewrites them)"
    );
}

/// Key presses to try: every printable ASCII character, with Ctrl for the
/// letters, and the named keys.
fn every_key() -> Vec<KeyEvent> {
    let mut events: Vec<KeyEvent> = (b' '..=b'~')
        .map(|c| KeyEvent::new(KeyCode::Char(char::from(c)), KeyModifiers::NONE))
        .collect();
    events.extend(
        (b'a'..=b'z').map(|c| KeyEvent::new(KeyCode::Char(char::from(c)), KeyModifiers::CONTROL)),
    );
    for code in [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Home,
        KeyCode::End,
    ] {
        events.push(KeyEvent::new(code, KeyModifiers::NONE));
    }
    events.extend((1..=12).map(|n| KeyEvent::new(KeyCode::F(n), KeyModifiers::NONE)));
    events
}

#[test]
fn no_key_does_two_things_in_one_context() {
    for context in Context::ALL {
        for event in every_key() {
            let takers: Vec<String> = keys::of(context)
                .filter(|b| !b.keys.contains(&keys::Key::Any) && b.msg(&event).is_some())
                .map(|b| b.does.to_string())
                .collect();
            assert!(takers.len() <= 1, "{context:?}: {event:?} does {takers:?}");
        }
    }
}

#[test]
fn every_context_has_keys_and_a_title() {
    for context in Context::ALL {
        assert!(keys::of(context).next().is_some(), "{context:?}");
        assert!(!context.title().is_empty());
    }
}

#[test]
fn during_a_match_the_pit_rows_only_play_pits() {
    let rows: Vec<char> = SOUTH_KEYS
        .iter()
        .chain(&NORTH_KEYS)
        .chain(&SOUTH_FRONT_KEYS)
        .copied()
        .collect();
    for first in [
        Context::PitKeys,
        Context::FourRowPitKeys,
        Context::Turn,
        Context::Sowing,
        Context::RoundOver,
        Context::MatchOver,
    ] {
        for &key in &rows {
            // The key, and a slip of Shift on it.
            for c in [key, key.to_ascii_uppercase()] {
                let event = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
                let msg = keys::lookup(&[first, Context::Match], &event);
                let fine = match &msg {
                    None | Some(Msg::Skip) => true,
                    Some(Msg::Input(Input::RowKey(k))) => *k == c,
                    _ => false,
                };
                assert!(fine, "{first:?}: {c:?} sends {msg:?}");
            }
        }
        // The digits play pits too, or nothing.
        for d in '0'..='9' {
            let event = KeyEvent::new(KeyCode::Char(d), KeyModifiers::NONE);
            let msg = keys::lookup(&[first, Context::Match], &event);
            assert!(
                matches!(msg, None | Some(Msg::Skip | Msg::Input(Input::Digit(_)))),
                "{first:?}: {d:?} sends {msg:?}"
            );
        }
    }
}

#[test]
fn while_too_small_only_quitting_acts() {
    for event in every_key() {
        let msg = keys::lookup(&[Context::TooSmall], &event);
        assert!(
            matches!(msg, None | Some(Msg::QuitNow)),
            "{event:?} sends {msg:?}"
        );
    }
}

#[test]
fn hiding_marbles_takes_digits_and_says_so() {
    let press = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    let hide = [Context::OddEvenHide];
    assert_eq!(
        keys::lookup(&hide, &press('0')),
        Some(Msg::Input(Input::Char('0')))
    );
    assert_eq!(
        keys::lookup(&hide, &press('7')),
        Some(Msg::Input(Input::Char('7')))
    );
    // A letter does nothing there, and help does not offer letters.
    assert_eq!(keys::lookup(&hide, &press('a')), None);
    let named: Vec<String> = keys::of(Context::OddEvenHide)
        .map(keys::Binding::keys_name)
        .collect();
    assert!(named.contains(&"0-9".to_string()), "{named:?}");
    assert!(!named.iter().any(|n| n == "letters"), "{named:?}");
}

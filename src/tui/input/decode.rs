//! The bytes a terminal sends, into events. A key that sends several bytes
//! (an arrow, a function key, a click) arrives in one read; so a sequence
//! still unfinished when a read ends waits for the rest only briefly
//! ([`WAIT_FOR_REST`]): then it is taken as the keys it was (`Esc [` is
//! Alt+[), so that no half sequence ever holds up a later key. The parsing
//! of each sequence is terminput's; which bytes make one is decided here.

use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// How long an unfinished sequence waits for the rest of its bytes.
pub const WAIT_FOR_REST: Duration = Duration::from_millis(50);

/// The longest sequence waited for (a click with large coordinates takes
/// some 20 bytes); anything longer is taken as keys at once.
const LONGEST_SEQUENCE: usize = 64;

const ESC: u8 = 0x1b;

/// Bytes in, events out; holds the bytes of a sequence not yet finished.
#[derive(Debug, Default)]
pub struct Decoder {
    pending: Vec<u8>,
}

impl Decoder {
    #[must_use]
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// The events that the bytes of one read complete. An Esc at the very
    /// end of a read is the Esc key: a terminal sends a whole sequence at
    /// once.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (at, &byte) in bytes.iter().enumerate() {
            let more = at + 1 < bytes.len();
            self.push(byte, more, &mut events);
        }
        events
    }

    /// Whether some bytes wait for the rest of their sequence.
    #[must_use]
    pub fn is_waiting(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The bytes still waiting, taken as the keys they are: the first as a
    /// key of its own (Esc with the next as Alt and it), the rest decoded
    /// again.
    pub fn give_up_waiting(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while !self.pending.is_empty() {
            let bytes = std::mem::take(&mut self.pending);
            let rest = match bytes.as_slice() {
                [ESC] => {
                    events.push(key(KeyCode::Esc, KeyModifiers::NONE));
                    &[][..]
                }
                [ESC, next, rest @ ..] => {
                    events.extend(alt_key(*next));
                    rest
                }
                [first, rest @ ..] => {
                    events.extend(lone_byte(*first));
                    rest
                }
                [] => &[][..],
            };
            for (at, &byte) in rest.iter().enumerate() {
                self.push(byte, at + 1 < rest.len(), &mut events);
            }
        }
        events
    }

    fn push(&mut self, byte: u8, more: bool, events: &mut Vec<Event>) {
        self.pending.push(byte);
        // Esc with more to come in this read starts a sequence.
        if self.pending == [ESC] && more {
            return;
        }
        match terminput::Event::parse_from(&self.pending) {
            Ok(Some(event)) => {
                self.pending.clear();
                events.extend(terminput_crossterm::to_crossterm(event).ok());
            }
            Ok(None) if self.pending.len() >= LONGEST_SEQUENCE => {
                events.extend(self.give_up_waiting());
            }
            Ok(None) => {}
            // A sequence the game does not know is nothing it acts on; a
            // byte that starts no character is one of a single-byte
            // character set, and what follows it is read on its own.
            Err(_) if self.pending[0] == ESC => self.pending.clear(),
            Err(_) => {
                let bytes = std::mem::take(&mut self.pending);
                events.extend(lone_byte(bytes[0]));
                for (at, &byte) in bytes[1..].iter().enumerate() {
                    self.push(byte, more || at + 2 < bytes.len(), events);
                }
            }
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// Esc then `byte`, when nothing longer came of them.
fn alt_key(byte: u8) -> Option<Event> {
    match byte {
        ESC => Some(key(KeyCode::Esc, KeyModifiers::ALT)),
        0x20..=0x7e => Some(key(KeyCode::Char(char::from(byte)), KeyModifiers::ALT)),
        _ => lone_byte(byte),
    }
}

/// A byte that is no character of UTF-8 on its own: read as Latin-1, the
/// usual single-byte set (control bytes are nothing).
fn lone_byte(byte: u8) -> Option<Event> {
    let c = char::from(byte);
    (!crate::text::is_unsafe(c)).then(|| key(KeyCode::Char(c), KeyModifiers::NONE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

    fn plain(c: char) -> Event {
        key(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn whole_sequences_in_one_read_are_keys_and_clicks() {
        let mut decoder = Decoder::new();
        assert_eq!(
            decoder.feed(b"3\x1b[A\x1bOP\x1b[<0;12;5M\x1b"),
            [
                plain('3'),
                key(KeyCode::Up, KeyModifiers::NONE),
                key(KeyCode::F(1), KeyModifiers::NONE),
                Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: 11,
                    row: 4,
                    modifiers: KeyModifiers::NONE,
                }),
                key(KeyCode::Esc, KeyModifiers::NONE),
            ]
        );
        assert!(!decoder.is_waiting());
        assert_eq!(
            decoder.feed("\u{e9}\x7f\x03".as_bytes()),
            [
                plain('é'),
                key(KeyCode::Backspace, KeyModifiers::NONE),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            ]
        );
    }

    #[test]
    fn a_sequence_split_between_reads_is_put_together() {
        let mut decoder = Decoder::new();
        assert_eq!(decoder.feed(b"\x1b["), []);
        assert!(decoder.is_waiting());
        assert_eq!(decoder.feed(b"B"), [key(KeyCode::Down, KeyModifiers::NONE)]);
        assert!(!decoder.is_waiting());
    }

    #[test]
    fn an_unfinished_sequence_is_taken_as_the_keys_it_was() {
        let mut decoder = Decoder::new();
        // Alt+[ (Esc [), then a 3 that must not be lost.
        assert_eq!(decoder.feed(b"\x1b["), []);
        assert_eq!(decoder.feed(b"3"), []);
        assert_eq!(
            decoder.give_up_waiting(),
            [key(KeyCode::Char('['), KeyModifiers::ALT), plain('3')]
        );
        assert!(!decoder.is_waiting());
        // Alt+O.
        assert_eq!(decoder.feed(b"\x1bO"), []);
        assert_eq!(
            decoder.give_up_waiting(),
            [key(KeyCode::Char('O'), KeyModifiers::ALT)]
        );
        // A bracketed paste that never ends.
        assert_eq!(decoder.feed(b"\x1b[200~ab"), []);
        let events = decoder.give_up_waiting();
        assert_eq!(events[0], key(KeyCode::Char('['), KeyModifiers::ALT));
        assert_eq!(events.last(), Some(&plain('b')));
        assert!(!decoder.is_waiting());
    }

    #[test]
    fn a_byte_of_another_character_set_is_a_key_not_a_wait() {
        let mut decoder = Decoder::new();
        // Latin-1 é then 3 (not UTF-8: 0xe9 would want two more bytes).
        assert_eq!(decoder.feed(b"\xe9"), []);
        assert_eq!(decoder.feed(b"3"), [plain('é'), plain('3')]);
        assert_eq!(decoder.feed(b"\xe9"), []);
        assert_eq!(decoder.give_up_waiting(), [plain('é')]);
        assert_eq!(decoder.feed(b"\x80z"), [plain('z')]);
    }

    #[test]
    fn nothing_waits_for_ever_on_a_long_run_of_bytes() {
        let mut decoder = Decoder::new();
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 200));
        let events = decoder.feed(&long);
        assert!(!decoder.is_waiting() || decoder.pending.len() < LONGEST_SEQUENCE);
        assert!(!events.is_empty());
        // Unknown but whole sequences are dropped, keys after them kept.
        assert_eq!(
            decoder.give_up_waiting().is_empty(),
            decoder.pending.is_empty()
        );
        assert_eq!(decoder.feed(b"\x1b[99;99;99X4"), [plain('4')]);
    }
}

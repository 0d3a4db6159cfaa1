//! The positions since the last capture, for rule sets where a repeated
//! position ends the game. The position stays a plain value; whoever plays a
//! line of moves (a match, a line on the command line, perft, a search)
//! keeps one of these beside it, as chess programs keep a stack of keys.

use super::game::Position;
use super::rules::Rules;
use super::status::Status;
use super::trace::NoTrace;

/// Keys of the positions of a line, each with the seeds in the stores then.
/// Stores only grow, by captures, so the entries with the same stored total as
/// a position are exactly those since the last capture before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    entries: Vec<Entry>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    key: u64,
    stored: u16,
    /// One bit (of 64, chosen by the key) for each position since the last
    /// capture, this one included: a clear bit answers "not seen" at once,
    /// which is most of perft's and search's questions.
    seen: u64,
}

fn bit(key: u64) -> u64 {
    1 << (key >> 58)
}

impl History {
    /// A history that starts at `start` (which counts as seen).
    #[must_use]
    pub fn starting_at(start: &Position) -> History {
        let mut history = History::default();
        history.push(start);
        history
    }

    /// The history of a line of positions, the first its start.
    #[must_use]
    pub fn of(line: &[Position]) -> History {
        let mut history = History::default();
        for position in line {
            history.push(position);
        }
        history
    }

    pub fn push(&mut self, position: &Position) {
        self.push_entry(position.key(), position.stored_seeds());
    }

    fn push_entry(&mut self, key: u64, stored: u16) {
        let before = match self.entries.last() {
            Some(last) if last.stored == stored => last.seen,
            _ => 0,
        };
        self.entries.push(Entry {
            key,
            stored,
            seen: before | bit(key),
        });
    }

    /// How many positions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn pop(&mut self) {
        self.entries.pop();
    }

    /// Keeps the first `len` positions only.
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    /// Whether the last position is the first since a capture (or the
    /// line's start): no position before it can repeat. An empty history
    /// (a search with no past) counts as one.
    #[must_use]
    pub fn starts_line(&self) -> bool {
        match self.entries.as_slice() {
            [.., before, last] => before.stored != last.stored,
            _ => true,
        }
    }

    /// Whether `position` was seen since the last capture.
    #[must_use]
    pub fn repeats(&self, position: &Position) -> bool {
        self.repeats_key(position.key(), position.stored_seeds())
    }

    fn repeats_key(&self, key: u64, stored: u16) -> bool {
        match self.entries.last() {
            Some(last) if last.stored == stored && last.seen & bit(key) != 0 => self
                .entries
                .iter()
                .rev()
                .take_while(|e| e.stored == stored)
                .any(|e| e.key == key),
            _ => false,
        }
    }

    /// The step of perft and search into a child (the unchecked fast path;
    /// a match goes through [`crate::engine::GameState::play`]): the end by
    /// repetition judged and the position pushed, its key made once. Gives the
    /// position as ended when it repeats, `None` when it stands as it is.
    pub fn enter(&mut self, rules: &Rules, next: &Position) -> Option<Position> {
        let (key, stored) = (next.key(), next.stored_seeds());
        let may_end = rules.plan().goal.repetition && next.status() == Status::Ongoing;
        if may_end && self.repeats_key(key, stored) {
            let ended = next.end_by_repetition(rules, &mut NoTrace);
            self.push(&ended);
            return Some(ended);
        }
        self.push_entry(key, stored);
        None
    }

    /// Whether the last position pushed is `position`.
    #[must_use]
    pub fn ends_at(&self, position: &Position) -> bool {
        self.entries
            .last()
            .is_some_and(|e| (e.key, e.stored) == (position.key(), position.stored_seeds()))
    }
}

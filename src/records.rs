//! Records other programs read and write (rules.md §11): Aualé's game
//! files ([`ogn`]) and PlayStrategy's positions and moves
//! ([`playstrategy`]). Reading checks every move against the rules and
//! gives a [`Record`], which becomes a match; writing takes a match. No
//! files here: the command line and the screen read and write them.
//!
//! Which rule sets a format carries is the rule file's to say
//! (`[records]`), never a question of which game this is.

pub mod ogn;
pub mod playstrategy;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::catalog::Catalog;
use crate::engine::{BySide, GameState, Move, Position, Rules, Side, Step};
use crate::session::{Note, Session, clean_name};

/// A format of §11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aualé's game files (`.ogn`).
    Ogn,
    /// PlayStrategy's positions and move lists.
    PlayStrategy,
}

impl Format {
    pub const ALL: [Format; 2] = [Format::Ogn, Format::PlayStrategy];

    /// The word for it on the command line.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Format::Ogn => "ogn",
            Format::PlayStrategy => "playstrategy",
        }
    }

    /// What people call it.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Format::Ogn => "Aualé's OGN",
            Format::PlayStrategy => "PlayStrategy",
        }
    }

    /// The ending of a file in this format.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Format::Ogn => "ogn",
            Format::PlayStrategy => "txt",
        }
    }

    /// What this format calls `rules`' game, if it carries it.
    #[must_use]
    pub fn name_of(self, rules: &Rules) -> Option<&str> {
        let names = rules.record_names();
        match self {
            Format::Ogn => names.ogn.as_deref(),
            Format::PlayStrategy => names.playstrategy.as_deref(),
        }
    }

    /// The rule sets of `catalog` this format carries, as a sentence's end:
    /// "Oware (Abapa), Toguz Kumalak and Bestemshe".
    #[must_use]
    pub fn carried(self, catalog: &Catalog) -> String {
        let names: Vec<&str> = catalog
            .entries()
            .iter()
            .filter(|e| self.name_of(&e.rules).is_some())
            .map(|e| e.rules.name())
            .collect();
        match names.split_last() {
            None => "no game".to_string(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// Which format a text is in, told by its content: an OGN file begins
    /// with a tag or a numbered move; a PlayStrategy record with a position,
    /// whose rows are parted by `/`.
    #[must_use]
    pub fn of_text(text: &str) -> Option<Format> {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        if first.starts_with('[') || first.starts_with('{') {
            return Some(Format::Ogn);
        }
        if first.split_whitespace().next()?.contains('/') {
            return Some(Format::PlayStrategy);
        }
        is_move_number(first.split_whitespace().next()?).then_some(Format::Ogn)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(text: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.word() == text)
            .ok_or_else(|| format!("{text:?} is not a format: use ogn or playstrategy"))
    }
}

/// A game as a record gave it, every move checked.
#[derive(Clone, Debug)]
pub struct Record {
    pub rules: Arc<Rules>,
    pub start: Position,
    pub moves: Vec<Move>,
    /// The players' names, where the record gives them.
    pub names: BySide<Option<String>>,
    /// The event, where given: the match's title.
    pub title: Option<String>,
    /// The day it was played (seconds since 1970), where given.
    pub played_on: Option<u64>,
    pub notes: Vec<Note>,
    /// The record's result ends the game before the rules do: the players
    /// stopped, each taking the seeds on their row.
    pub ended_by_players: bool,
}

impl Record {
    /// The match the record holds, begun on the day it gives (else at
    /// `now`, seconds since 1970); its title and notes are the record's.
    ///
    /// # Errors
    /// Never for a record read here (every move was checked); the message
    /// says which move if one is refused all the same.
    pub fn to_match(&self, now: u64) -> Result<Session, String> {
        let started_at = self.played_on.unwrap_or(now);
        let names = BySide::from_fn(|side: Side| {
            let fallback = match side {
                Side::South => "South",
                Side::North => "North",
            };
            self.names[side]
                .as_deref()
                .map_or_else(|| fallback.to_string(), |name| clean_name(name, fallback))
        });
        let mut session = Session::from_position(self.rules.clone(), names, self.start, started_at);
        session.set_swap_rule(false);
        for (index, &played) in self.moves.iter().enumerate() {
            session
                .play_step(Step::Move(played))
                .map_err(|e| format!("move {}: {e}", index + 1))?;
        }
        if self.ended_by_players {
            session.end_match().map_err(|e| e.to_string())?;
        }
        Ok(session)
    }
}

/// Why a record was refused: where in the text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl RecordError {
    /// An error at `at`, a byte offset in `text`.
    fn at(text: &str, at: usize, message: impl Into<String>) -> RecordError {
        // An offset inside a character counts from where it begins.
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        RecordError {
            line: before.matches('\n').count() + 1,
            column: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            message: crate::text::printable(&message.into()),
        }
    }
}

/// What a match's file says of it beside the moves that records carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    pub title: Option<String>,
    pub notes: Vec<Note>,
}

/// Why a match cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CannotWrite(pub String);

/// Reads a record in `format` (`None`: told by its content); a
/// PlayStrategy position is read under `rules` where given, else under the
/// rule set of `catalog` PlayStrategy carries whose board it fits.
///
/// # Errors
/// The line and column of the first fault, and what it is.
pub fn read(
    text: &str,
    format: Option<Format>,
    rules: Option<&Arc<Rules>>,
    catalog: &Catalog,
) -> Result<Record, RecordError> {
    let Some(format) = format.or_else(|| Format::of_text(text)) else {
        return Err(RecordError::at(
            text,
            text.len() - text.trim_start().len(),
            "neither an OGN file (tags such as [Variant \"Oware Abapa\"], or moves \
             numbered 1. A b) nor a PlayStrategy position (4S,4S,.../4S,... 0 0 S 1)",
        ));
    };
    match format {
        Format::Ogn => ogn::read(text, rules, catalog),
        Format::PlayStrategy => playstrategy::read(text, rules, catalog),
    }
}

/// A match written in `format`.
///
/// # Errors
/// Where the format cannot carry the match's rule set (saying which it
/// carries) or what the match holds (a swap).
pub fn write(
    format: Format,
    session: &Session,
    about: &About,
    catalog: &Catalog,
) -> Result<String, CannotWrite> {
    carried(format, session.rules(), catalog)?;
    if session.swapped() {
        return Err(CannotWrite(format!(
            "{} has no swap: this match's players swapped seats",
            format.title()
        )));
    }
    Ok(match format {
        Format::Ogn => ogn::write(session, about),
        Format::PlayStrategy => playstrategy::write_match(session),
    })
}

/// Refuses a rule set the format does not carry, naming those it does.
///
/// # Errors
/// As said.
pub fn carried(format: Format, rules: &Rules, catalog: &Catalog) -> Result<(), CannotWrite> {
    if format.name_of(rules).is_some() {
        return Ok(());
    }
    Err(CannotWrite(format!(
        "{} carries {}, not {}",
        format.title(),
        format.carried(catalog),
        rules.name()
    )))
}

/// A position written as PlayStrategy writes one (its rows parted by
/// `/`), read under `rules`; `None` where the text is not one.
///
/// # Errors
/// As [`playstrategy::read_position`].
#[must_use]
pub fn position_from_text(rules: &Rules, text: &str) -> Option<Result<Position, RecordError>> {
    let first = text.split_whitespace().next()?;
    first
        .contains('/')
        .then(|| playstrategy::read_position(text, 0, rules).map(|(position, _)| position))
}

/// Moves written as another program writes them, played on from `game`:
/// Aualé's letters (`A b C c B+2`, numbered or not, `AbCcB`) or
/// PlayStrategy's squares (`a1e1 e2a2`); `None` where the text is in this
/// project's own notation (pit numbers, `swap`) or the rules have no
/// letters.
///
/// # Errors
/// The column of the first move that cannot be read or played.
#[must_use]
pub fn play_written(game: &GameState, text: &str) -> Option<Result<GameState, RecordError>> {
    let rules = game.rules().clone();
    let words = playstrategy::move_words(text, 0);
    // Each word letters (each with its `+n`), or each two squares; any
    // other word (a pit number, `swap`) is this project's notation.
    let squares = words.iter().all(|(_, w)| playstrategy::is_move_word(w));
    let written = crate::engine::have_letters(&rules)
        && !words.is_empty()
        && (squares || words.iter().all(|(_, w)| is_letters_word(w)));
    if !written {
        return None;
    }
    let mut replay = Replay {
        game: game.clone(),
        moves: Vec::new(),
    };
    let result = if squares {
        words.iter().try_for_each(|&(at, word)| {
            playstrategy::play_word(text, at, word, &rules, &mut replay)
        })
    } else {
        ogn::read_moves(text, 0, &rules, &mut replay, &mut Vec::new()).map(drop)
    };
    Some(result.map(|()| replay.game))
}

/// Whether a word numbers the moves after it (`1.`, `12...`).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a word is Aualé's letters, each with its `+n` (`B+2`, `AbC`).
fn is_letters_word(word: &str) -> bool {
    let mut bytes = word.bytes().peekable();
    let mut any = false;
    while let Some(b) = bytes.next() {
        if !b.is_ascii_alphabetic() {
            return false;
        }
        any = true;
        if bytes.next_if_eq(&b'+').is_some() {
            if !bytes.peek().is_some_and(u8::is_ascii_digit) {
                return false;
            }
            while bytes.next_if(u8::is_ascii_digit).is_some() {}
        }
    }
    any && word != "swap"
}

/// Plays a record's moves one by one, each checked: the game with its
/// line (for the end by repetition), and the moves so far.
struct Replay {
    game: GameState,
    moves: Vec<Move>,
}

impl Replay {
    fn new(rules: &Arc<Rules>, start: Position) -> Replay {
        Replay {
            game: GameState::at(rules.clone(), start).with_swap_rule(false),
            moves: Vec::new(),
        }
    }

    /// Plays `played` for `side` (whose move the record says it is),
    /// returning its trace; `Err` says why it cannot be played.
    fn play(&mut self, side: Side, played: Move) -> Result<Vec<crate::engine::Event>, String> {
        let number = self.moves.len() + 1;
        let Some(mover) = self.game.position().to_move() else {
            let ended = match number {
                1 => "it was over before the first move".to_string(),
                n => format!("it ended with move {}", n - 1),
            };
            return Err(format!(
                "move {number} comes after the end of the game ({ended})"
            ));
        };
        if side != mover {
            return Err(format!("move {number} is {side}'s, but {mover} is to move"));
        }
        let mut trace = Vec::new();
        self.game
            .advance_traced(played, &mut trace)
            .map_err(|e| format!("move {number} ({played}) cannot be played: {e}"))?;
        self.moves.push(played);
        Ok(trace)
    }
}

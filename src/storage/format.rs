//! The save file: a match as TOML, read back by replaying every move through
//! the engine.
//!
//! Only what cannot be derived is stored: the rule file itself, the players,
//! who started, the odd-or-even guess, each round's moves, timestamps, and the
//! match's place in the library (its id, a title, where it branched from).
//! The status and winner are written for people and programs reading the file
//! (and for quick lists); loading checks them against the moves.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::id::MatchId;
use super::time::{format_utc, parse_utc};
use crate::ai::Level;
use crate::catalog::{Catalog, LoadError, read_bounded};
use crate::engine::{
    BySide, MoveList, Outcome, Position, Rules, Side, StatusKind, Step, parse_moves,
};
use crate::session::{OddEvenGuess, RoundMoves, Session, clean_name};

/// The newest save format this program reads and writes: format 3 adds a
/// start of the match's own and comments on moves, and is written only
/// where a match has them, so that older versions read every other file.
pub const FORMAT_VERSION: i64 = 3;
/// The format of a match with neither.
const PLAIN_FORMAT: i64 = 2;
pub use crate::session::{NOTE_LENGTH, Note};
/// The oldest format it still reads (format 1 had no id, title or branch).
pub const OLDEST_FORMAT: i64 = 1;
/// Save files larger than this are refused unread.
pub const MAX_SAVE_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// Longest match title, in characters.
pub const TITLE_LENGTH: usize = 40;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SaveFile {
    format: i64,
    app_version: String,
    /// The match's id in the library (format 2).
    id: Option<String>,
    /// A name the players gave the match (format 2).
    title: Option<String>,
    variant: String,
    /// FNV-1a 64 of the embedded rule text, to catch edits to it.
    rules_hash: Option<String>,
    started_at: String,
    saved_at: String,
    south: String,
    north: String,
    /// The computer's level in a seat it plays (`easy` ... `strongest`).
    south_computer: Option<String>,
    north_computer: Option<String>,
    first: String,
    odd_even: Option<OddEvenFile>,
    /// `ongoing`, `round-over` or `match-over`: checked on load.
    status: String,
    /// `south`, `north` or `draw` once a round is over: checked on load.
    winner: Option<String>,
    #[serde(default)]
    ended_by_players: bool,
    /// The round the players agreed to stop after, if any.
    round_limit: Option<u16>,
    /// The swap rule was played (rules.md §8); the names are the seats
    /// after any swap.
    swap_rule: Option<bool>,
    rules: Option<String>,
    /// The position the match began from, where it is not the rules' own
    /// start (format 3), as `show` writes a position.
    start: Option<String>,
    /// Where a match played on from a replay began (format 2).
    branched_from: Option<BranchFile>,
    rounds: Vec<RoundFile>,
    /// Comments on moves, from a record brought in (format 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    notes: Vec<NoteFile>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct NoteFile {
    /// How many moves of the match come before it.
    after_move: usize,
    text: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct OddEvenFile {
    marbles: u32,
    guess: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RoundFile {
    starter: String,
    moves: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct BranchFile {
    /// The file the replay showed.
    file: String,
    /// That file's match id, when it had one.
    #[serde(rename = "match")]
    match_id: Option<String>,
    /// Moves of it played before the branch.
    moves: usize,
}

/// Where a match played on from a replay began.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BranchPoint {
    /// The file the replay showed, as it was named then.
    pub file: String,
    pub id: Option<MatchId>,
    /// How many of its moves were kept.
    pub moves: usize,
}

/// What a save file holds besides the match itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchMeta {
    /// `None` only in format-1 files, which had no ids.
    pub id: Option<MatchId>,
    pub title: Option<String>,
    pub branched_from: Option<BranchPoint>,
    /// Seconds since 1970 when the file was written.
    pub saved_at: u64,
    /// Comments on moves, in order.
    pub notes: Vec<Note>,
}

impl MatchMeta {
    /// A new match's: an id, nothing else yet.
    #[must_use]
    pub fn new(id: MatchId) -> MatchMeta {
        MatchMeta {
            id: Some(id),
            title: None,
            branched_from: None,
            saved_at: 0,
            notes: Vec::new(),
        }
    }
}

/// A match read from a file, verified move by move.
#[derive(Debug, Clone)]
pub struct SavedMatch {
    pub session: Session,
    pub meta: MatchMeta,
}

/// What a list of matches shows, read without replaying the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub format: i64,
    pub id: Option<MatchId>,
    pub title: Option<String>,
    pub variant: String,
    pub names: BySide<String>,
    /// The computer's level in a seat it played.
    pub computer: BySide<Option<Level>>,
    pub started_at: u64,
    pub saved_at: u64,
    pub status: StatusKind,
    /// The winner of the last round over (of the match, once it is over).
    pub winner: Option<Outcome>,
    pub rounds: usize,
    pub moves: usize,
    pub branched_from: Option<BranchPoint>,
}

/// Why a save file could not be used. Every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{0}")]
    Read(#[from] LoadError),
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: line {line}, column {column}: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{}: {message}", path.display())]
    Invalid { path: PathBuf, message: String },
    /// The file is no longer this game's to write.
    #[error("{}: {why}", path.display())]
    Lost {
        path: PathBuf,
        why: super::writer::Lost,
    },
}

impl SaveError {
    /// This game stopped writing `path`, and why.
    #[must_use]
    pub fn lost(path: &Path, why: super::writer::Lost) -> SaveError {
        SaveError::Lost {
            path: path.to_path_buf(),
            why,
        }
    }

    /// A write to `path` failed.
    #[must_use]
    pub fn write(path: &Path, source: std::io::Error) -> SaveError {
        SaveError::Write {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A save refused: the message may quote the file, so it is made fit to print.
fn invalid(path: &Path, message: impl Into<String>) -> SaveError {
    SaveError::Invalid {
        path: path.to_path_buf(),
        message: crate::text::printable(&message.into()),
    }
}

/// FNV-1a, 64 bits: enough to notice a changed rule text; not a security check.
#[must_use]
pub fn rules_hash(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{hash:016x}")
}

/// A title fit for a list: one line, no control characters, at most
/// [`TITLE_LENGTH`] characters; `None` when nothing is left.
#[must_use]
pub fn clean_title(title: &str) -> Option<String> {
    let cleaned = crate::session::one_line(title, TITLE_LENGTH);
    (!cleaned.is_empty()).then_some(cleaned)
}

/// The save file's text for a match.
#[must_use]
pub fn to_toml(session: &Session, meta: &MatchMeta) -> String {
    let rules = session.rules();
    let position = session.position();
    let start = (!session.has_usual_start()).then(|| session.start().to_text(rules));
    let file = SaveFile {
        format: if start.is_some() || !meta.notes.is_empty() {
            FORMAT_VERSION
        } else {
            PLAIN_FORMAT
        },
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        id: meta.id.as_ref().map(ToString::to_string),
        title: meta.title.clone(),
        variant: rules.id().to_string(),
        rules_hash: Some(rules_hash(rules.text())),
        started_at: format_utc(session.started_at),
        saved_at: format_utc(meta.saved_at),
        south: session.name(Side::South).to_string(),
        north: session.name(Side::North).to_string(),
        south_computer: session.computer(Side::South).map(crate::ai::Level::name),
        north_computer: session.computer(Side::North).map(crate::ai::Level::name),
        first: session.first().name().to_string(),
        odd_even: session.odd_even.map(|g| OddEvenFile {
            marbles: g.marbles,
            guess: if g.guessed_odd { "odd" } else { "even" }.to_string(),
        }),
        status: position.status().kind().to_string(),
        winner: position.outcome().map(|o| o.to_string()),
        ended_by_players: session.ended_by_players(),
        round_limit: session.round_limit,
        swap_rule: session.swap_rule().then_some(true),
        rules: Some(rules.text().to_string()),
        start,
        branched_from: meta.branched_from.as_ref().map(|b| BranchFile {
            file: b.file.clone(),
            match_id: b.id.as_ref().map(ToString::to_string),
            moves: b.moves,
        }),
        rounds: session
            .round_moves()
            .into_iter()
            .map(|round| RoundFile {
                starter: round.starter.name().to_string(),
                moves: MoveList(&round.moves).to_string(),
            })
            .collect(),
        notes: meta
            .notes
            .iter()
            .map(|note| NoteFile {
                after_move: note.after_move,
                text: note.text.clone(),
            })
            .collect(),
    };
    let body = toml::to_string(&file).unwrap_or_default();
    format!("# A match of mancala. Moves are pit numbers on the mover's row.\n{body}")
}

fn parse_side(path: &Path, key: &str, text: &str) -> Result<Side, SaveError> {
    text.parse::<Side>()
        .map_err(|e| invalid(path, format!("`{key}`: {e}")))
}

/// Each round's starter and moves as the file gives them.
fn read_rounds(path: &Path, file: &SaveFile) -> Result<Vec<RoundMoves>, SaveError> {
    let mut rounds = Vec::new();
    for (index, round) in file.rounds.iter().enumerate() {
        rounds.push(RoundMoves {
            starter: parse_side(path, "rounds.starter", &round.starter)?,
            moves: parse_moves(&round.moves)
                .map_err(|e| invalid(path, format!("round {}: {e}", index + 1)))?,
        });
    }
    Ok(rounds)
}

/// The players' names and seats as the match began. The file gives them
/// as the match stands: before a swap, the players sat the other way round.
fn seats_at_the_start(
    path: &Path,
    file: &SaveFile,
    rounds: &[RoundMoves],
) -> Result<([String; 2], [Option<crate::ai::Level>; 2]), SaveError> {
    let mut names = [
        clean_name(&file.south, "South"),
        clean_name(&file.north, "North"),
    ];
    let mut computer = [
        computer_seat(path, "south-computer", file.south_computer.as_deref())?,
        computer_seat(path, "north-computer", file.north_computer.as_deref())?,
    ];
    if rounds.iter().any(|r| r.moves.contains(&Step::Swap)) {
        names.reverse();
        computer.reverse();
    }
    Ok((names, computer))
}

/// Reads a save file and replays it; the file is only read, never changed.
///
/// # Errors
/// A [`SaveError`] naming the file and the line, or the round and move, at
/// fault: a syntax error or truncated file, an unknown format version, an
/// unknown variant without embedded rules, a changed rule text, an illegal
/// move, or a status that the moves do not give.
pub fn load(path: &Path, catalog: &Catalog) -> Result<SavedMatch, SaveError> {
    let text = read_bounded(path, MAX_SAVE_FILE_BYTES)?;
    from_toml(path, &text, catalog)
}

fn syntax(path: &Path, text: &str, error: &toml::de::Error) -> SaveError {
    let offset = error.span().map_or(0, |s| s.start).min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    SaveError::Syntax {
        path: path.to_path_buf(),
        line: before.matches('\n').count() + 1,
        column: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
        message: crate::text::printable(error.message().trim_end()),
    }
}

/// The rules a save was played with: those embedded in it (checked against
/// their hash), or else the catalog's rule set of that id.
fn embedded_rules(
    path: &Path,
    text: &str,
    file: &SaveFile,
    catalog: &Catalog,
) -> Result<Arc<Rules>, SaveError> {
    let rules: Arc<Rules> = match &file.rules {
        Some(rules_text) => {
            if let Some(hash) = &file.rules_hash
                && *hash != rules_hash(rules_text)
            {
                return Err(invalid(
                    path,
                    "the embedded rules do not match their hash: the file was edited or damaged",
                ));
            }
            let rules = Rules::from_toml(rules_text).map_err(|e| {
                // Point at the line in the save file, not in the embedded text.
                let start = text
                    .find("\nrules = ")
                    .map_or(0, |at| text[..=at].matches('\n').count() + 1);
                let key = e.key.map(|k| format!("`{k}`: ")).unwrap_or_default();
                invalid(
                    path,
                    format!(
                        "line {}, column {}: the embedded rules are invalid: {key}{}",
                        start + e.line,
                        e.column,
                        e.message
                    ),
                )
            })?;
            Arc::new(rules)
        }
        None => match catalog.find(&file.variant) {
            Some(entry) => entry.rules.clone(),
            None => {
                return Err(invalid(
                    path,
                    format!(
                        "unknown variant {:?} and no rules embedded in the file",
                        file.variant
                    ),
                ));
            }
        },
    };
    if rules.id() != file.variant {
        return Err(invalid(
            path,
            format!(
                "`variant` is {:?} but the embedded rules are {:?}",
                file.variant,
                rules.id()
            ),
        ));
    }

    Ok(rules)
}

fn time_key(path: &Path, key: &str, text: &str) -> Result<u64, SaveError> {
    parse_utc(text).ok_or_else(|| {
        invalid(
            path,
            format!("`{key}`: {text:?} is not a time like 2026-11-29T13:54:37Z"),
        )
    })
}

fn id_key(path: &Path, key: &str, text: Option<&str>) -> Result<Option<MatchId>, SaveError> {
    text.map(|t| {
        t.parse::<MatchId>()
            .map_err(|e| invalid(path, format!("`{key}`: {e}")))
    })
    .transpose()
}

fn computer_seat(path: &Path, key: &str, level: Option<&str>) -> Result<Option<Level>, SaveError> {
    level
        .map(|l| {
            l.parse::<Level>()
                .map_err(|e| invalid(path, format!("`{key}`: {e}")))
        })
        .transpose()
}

fn odd_even(path: &Path, guess: Option<&OddEvenFile>) -> Result<Option<OddEvenGuess>, SaveError> {
    let Some(guess) = guess else {
        return Ok(None);
    };
    let guessed_odd = match guess.guess.as_str() {
        "odd" => true,
        "even" => false,
        other => {
            return Err(invalid(
                path,
                format!("`odd-even.guess`: {other:?} is neither \"odd\" nor \"even\""),
            ));
        }
    };
    // The game hides 1 to 99 marbles (two digits typed, or a draw).
    if !(1..=99).contains(&guess.marbles) {
        return Err(invalid(
            path,
            format!(
                "`odd-even.marbles`: {} is not a number of marbles the game hides (1 to 99)",
                guess.marbles
            ),
        ));
    }
    Ok(Some(OddEvenGuess {
        marbles: guess.marbles,
        guessed_odd,
    }))
}

/// The parsed table of a save file whose format this program reads.
fn versioned_table(path: &Path, text: &str) -> Result<(toml::Table, i64), SaveError> {
    // The version comes first: a newer format may have keys this one lacks.
    let table: toml::Table = toml::from_str(text).map_err(|e| syntax(path, text, &e))?;
    match table.get("format").and_then(toml::Value::as_integer) {
        Some(format @ OLDEST_FORMAT..=FORMAT_VERSION) => Ok((table, format)),
        Some(other) => Err(invalid(
            path,
            format!(
                "save format version {other} is not known to this mancala, which reads versions {OLDEST_FORMAT} to {FORMAT_VERSION}"
            ),
        )),
        None => Err(invalid(
            path,
            "not a mancala save file: no `format` version",
        )),
    }
}

fn branch_point(
    path: &Path,
    branch: Option<&BranchFile>,
) -> Result<Option<BranchPoint>, SaveError> {
    branch
        .map(|b| {
            Ok(BranchPoint {
                file: b.file.clone(),
                id: id_key(path, "branched-from.match", b.match_id.as_deref())?,
                moves: b.moves,
            })
        })
        .transpose()
}

/// Refuses a note after a move the match does not have.
fn check_notes(path: &Path, notes: &[Note], moves: usize) -> Result<(), SaveError> {
    match notes.iter().find(|n| n.after_move > moves) {
        Some(note) => Err(invalid(
            path,
            format!(
                "a note comes after move {} but the match has {moves} moves",
                note.after_move
            ),
        )),
        None => Ok(()),
    }
}

/// The match as it began: at the rules' start, or at the file's own.
fn session_at_start(
    path: &Path,
    file: &SaveFile,
    rules: Arc<Rules>,
    names: [String; 2],
    first: Side,
) -> Result<Session, SaveError> {
    Ok(match &file.start {
        None => Session::new(rules, names, first),
        Some(text) => {
            let start = Position::from_text(&rules, text)
                .map_err(|e| invalid(path, format!("`start`: {e}")))?;
            if start.to_move() != Some(first) {
                return Err(invalid(
                    path,
                    format!("`start` has the other player to move than `first` ({first})"),
                ));
            }
            Session::from_position(rules, names, start, 0)
        }
    })
}

/// Parses and replays a save file's text (`path` only names it in errors).
///
/// # Errors
/// As [`load`].
pub fn from_toml(path: &Path, text: &str, catalog: &Catalog) -> Result<SavedMatch, SaveError> {
    versioned_table(path, text)?;
    let file: SaveFile = toml::from_str(text).map_err(|e| syntax(path, text, &e))?;

    let rules = embedded_rules(path, text, &file, catalog)?;
    let first = parse_side(path, "first", &file.first)?;
    let rounds = read_rounds(path, &file)?;
    let (names, computer) = seats_at_the_start(path, &file, &rounds)?;
    let mut session = session_at_start(path, &file, rules, names, first)?;
    session.set_swap_rule(file.swap_rule.unwrap_or(false));
    session.started_at = time_key(path, "started-at", &file.started_at)?;
    session.odd_even = odd_even(path, file.odd_even.as_ref())?;
    session.computer = BySide::new(computer[0], computer[1]);
    session.round_limit = match file.round_limit {
        Some(0) => {
            return Err(invalid(
                path,
                "`round-limit`: 0 rounds; a limit is 1 or more",
            ));
        }
        limit => limit,
    };
    let meta = MatchMeta {
        id: id_key(path, "id", file.id.as_deref())?,
        title: file.title.as_deref().and_then(clean_title),
        branched_from: branch_point(path, file.branched_from.as_ref())?,
        saved_at: time_key(path, "saved-at", &file.saved_at)?,
        notes: file
            .notes
            .iter()
            .filter_map(|note| Note::new(note.after_move, &note.text))
            .collect(),
    };
    if file.rounds.is_empty() {
        return Err(invalid(path, "no `[[rounds]]`: the file is incomplete"));
    }
    let mut count = 0;
    for (index, expected) in rounds.into_iter().enumerate() {
        let number = index + 1;
        // A round after the first may open with the loser's choice of pits.
        let (chosen, moves) = match expected.moves.split_first() {
            Some((Step::Fill(pits), rest)) => (Some(*pits), rest),
            _ => (None, &expected.moves[..]),
        };
        if index > 0 || chosen.is_some() {
            session
                .next_round_filling(chosen)
                .map_err(|e| invalid(path, format!("round {number} cannot begin: {e}")))?;
        }
        let starter = session.round_moves().last().map_or(first, |r| r.starter);
        if starter != expected.starter {
            let why = if index == 0 {
                "`first` says"
            } else {
                "by the rules"
            };
            return Err(invalid(
                path,
                format!(
                    "round {number}: the file says {} starts it, but {why} {starter} does",
                    expected.starter
                ),
            ));
        }
        for (k, &step) in moves.iter().enumerate() {
            count += 1;
            let said = step.said();
            session.play_step(step).map_err(|reason| {
                invalid(
                    path,
                    format!("round {number}, move {} (move {count} of the match, {said}) is illegal: {reason}", k + 1),
                )
            })?;
        }
    }
    if file.ended_by_players {
        session
            .end_match()
            .map_err(|e| invalid(path, format!("`ended-by-players`: {e}")))?;
    }
    let position = session.position();
    let status = position.status().kind();
    let winner = position.outcome().map(|o| o.to_string());
    if file.status != status.word() || file.winner != winner {
        return Err(invalid(
            path,
            format!(
                "the moves end with status {:?} and winner {}, but the file says {:?} and {}",
                status.word(),
                winner.unwrap_or_else(|| "none".into()),
                file.status,
                file.winner.as_deref().unwrap_or("none")
            ),
        ));
    }
    check_notes(path, &meta.notes, count)?;
    Ok(SavedMatch { session, meta })
}

/// The keys a list needs; anything else in the file is left unread.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct HeaderFile {
    id: Option<String>,
    title: Option<String>,
    variant: String,
    started_at: String,
    saved_at: String,
    south: String,
    north: String,
    south_computer: Option<String>,
    north_computer: Option<String>,
    status: String,
    winner: Option<String>,
    branched_from: Option<BranchFile>,
    rounds: Vec<RoundHeader>,
}

#[derive(Debug, Deserialize)]
struct RoundHeader {
    moves: String,
}

/// What a list shows of a save file, without replaying its moves (opening
/// the match verifies them).
///
/// # Errors
/// When the file is not a save file this program reads, or a key a list
/// needs is missing or wrong.
pub fn read_header(path: &Path, text: &str) -> Result<Header, SaveError> {
    let (table, format) = versioned_table(path, text)?;
    let file = HeaderFile::deserialize(table).map_err(|e| invalid(path, e.message()))?;
    let status = file
        .status
        .parse::<StatusKind>()
        .map_err(|_| invalid(path, format!("`status`: {:?} is not a status", file.status)))?;
    let winner = match file.winner.as_deref() {
        None => None,
        Some(text) => Some(text.parse::<Outcome>().map_err(|_| {
            invalid(
                path,
                format!("`winner`: {text:?} is not south, north or draw"),
            )
        })?),
    };
    let moves = file
        .rounds
        .iter()
        .map(|r| {
            r.moves
                .split(',')
                .filter(|m| !m.trim().is_empty() && m.trim() != "swap")
                .count()
        })
        .sum();
    // Unchecked until the match is opened, so made fit to print here.
    let mut branched_from = branch_point(path, file.branched_from.as_ref())?;
    if let Some(branch) = &mut branched_from {
        branch.file = crate::text::printable(&branch.file);
    }
    Ok(Header {
        format,
        id: id_key(path, "id", file.id.as_deref())?,
        title: file.title.as_deref().and_then(clean_title),
        variant: crate::text::printable(&file.variant),
        names: BySide::new(
            clean_name(&file.south, "South"),
            clean_name(&file.north, "North"),
        ),
        // A level this program does not know is left out of the list; opening
        // the match says what is wrong.
        computer: BySide::new(
            file.south_computer.as_deref().and_then(|l| l.parse().ok()),
            file.north_computer.as_deref().and_then(|l| l.parse().ok()),
        ),
        started_at: time_key(path, "started-at", &file.started_at)?,
        saved_at: time_key(path, "saved-at", &file.saved_at)?,
        status,
        winner,
        rounds: file.rounds.len(),
        moves,
        branched_from,
    })
}

/// The header of a match in memory, as its file would give it.
#[must_use]
pub fn header_of(session: &Session, meta: &MatchMeta) -> Header {
    let position = session.position();
    let rounds = session.round_moves();
    Header {
        format: FORMAT_VERSION,
        id: meta.id.clone(),
        title: meta.title.clone(),
        variant: session.rules().id().to_string(),
        names: BySide::from_fn(|side| session.name(side).to_string()),
        computer: session.computer,
        started_at: session.started_at,
        saved_at: meta.saved_at,
        status: position.status().kind(),
        winner: position.outcome(),
        rounds: rounds.len(),
        moves: rounds.iter().map(|r| r.moves.len()).sum(),
        branched_from: meta.branched_from.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_hash_is_fnv1a_64() {
        // The published FNV-1a 64 test values.
        assert_eq!(rules_hash(""), "fnv1a64:cbf29ce484222325");
        assert_eq!(rules_hash("a"), "fnv1a64:af63dc4c8601ec8c");
        assert_eq!(rules_hash("foobar"), "fnv1a64:85944171f73967e8");
    }

    #[test]
    fn titles_are_one_clean_line() {
        assert_eq!(
            clean_title("  Final \u{1b}[2J game\n"),
            Some("Final [2J game".into())
        );
        assert_eq!(clean_title(" \t "), None);
        assert_eq!(clean_title(&"x".repeat(99)).unwrap().len(), TITLE_LENGTH);
    }
}

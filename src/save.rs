//! Save files: a match as TOML, written atomically and read back by replaying
//! every move through the engine.
//!
//! Only what cannot be derived is stored: the rule file itself, the players,
//! who started, the odd-or-even guess, each round's moves and timestamps. The
//! status and winner are written for people and programs reading the file, and
//! loading checks that replaying the moves gives the same.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, LoadError, read_bounded};
use crate::engine::{Level, MoveList, Outcome, Rules, Side, Status, parse_moves};
use crate::session::{OddEvenGuess, RoundMoves, Session, clean_name};

/// The save format this program writes and reads.
pub const FORMAT_VERSION: i64 = 1;
/// Save files larger than this are refused unread.
pub const MAX_SAVE_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// The file the game keeps up to date after every move.
pub const AUTOSAVE_NAME: &str = "autosave.toml";

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SaveFile {
    format: i64,
    app_version: String,
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
    rules: Option<String>,
    rounds: Vec<RoundFile>,
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
}

fn invalid(path: &Path, message: impl Into<String>) -> SaveError {
    SaveError::Invalid {
        path: path.to_path_buf(),
        message: message.into(),
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

/// `YYYY-MM-DDThh:mm:ssZ` for seconds since 1970 (UTC).
#[must_use]
pub fn timestamp(seconds: u64) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let rest = seconds % 86_400;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// Seconds since 1970 of a `YYYY-MM-DDThh:mm:ssZ` timestamp (as written by
/// [`timestamp`]).
#[must_use]
pub fn parse_timestamp(text: &str) -> Option<u64> {
    let bytes = text.as_bytes();
    if bytes.len() != 20
        || bytes[4] != b'-'
        || bytes[7] != b'-'
        || bytes[10] != b'T'
        || bytes[13] != b':'
        || bytes[16] != b':'
        || bytes[19] != b'Z'
    {
        return None;
    }
    let number = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    if !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    // Days since 1970-01-01 from a civil date (H. Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let day_of_year = (153 * mp + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    let days = era * 146_097 + day_of_era - 719_468;
    u64::try_from(days * 86_400 + hour * 3600 + minute * 60 + second).ok()
}

/// Seconds since 1970, now.
#[must_use]
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "ongoing",
        Status::RoundOver { .. } => "round-over",
        Status::MatchOver { .. } => "match-over",
    }
}

fn outcome_name(outcome: Option<Outcome>) -> Option<String> {
    outcome.map(|o| match o {
        Outcome::Win(side) => side.name().to_string(),
        Outcome::Draw => "draw".to_string(),
    })
}

/// The save file's text for a match.
#[must_use]
pub fn to_toml(session: &Session) -> String {
    let rules = session.rules();
    let position = session.position();
    let file = SaveFile {
        format: FORMAT_VERSION,
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        variant: rules.id().to_string(),
        rules_hash: Some(rules_hash(rules.text())),
        started_at: timestamp(session.started_at),
        saved_at: timestamp(now()),
        south: session.name(Side::South).to_string(),
        north: session.name(Side::North).to_string(),
        south_computer: session.computer(Side::South).map(|l| l.name().to_string()),
        north_computer: session.computer(Side::North).map(|l| l.name().to_string()),
        first: session.first().name().to_string(),
        odd_even: session.odd_even.map(|g| OddEvenFile {
            marbles: g.marbles,
            guess: if g.guessed_odd { "odd" } else { "even" }.to_string(),
        }),
        status: status_name(position.status()).to_string(),
        winner: outcome_name(position.outcome()),
        ended_by_players: session.ended_by_players(),
        rules: Some(rules.text().to_string()),
        rounds: session
            .round_moves()
            .into_iter()
            .map(|round| RoundFile {
                starter: round.starter.name().to_string(),
                moves: MoveList(&round.moves).to_string(),
            })
            .collect(),
    };
    let body = toml::to_string(&file).unwrap_or_default();
    format!("# A match of mancala. Moves are pit numbers on the mover's row.\n{body}")
}

/// Writes `text` to `path` so that a crash leaves either the old file or the
/// new one, never half of one: a temporary file beside it, flushed to disk,
/// then renamed over it.
///
/// # Errors
/// When the folder cannot be made or the file cannot be written.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), SaveError> {
    let fail = |source| SaveError::Write {
        path: path.to_path_buf(),
        source,
    };
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(folder).map_err(fail)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("save");
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temporary, path)?;
        // Make the rename itself durable.
        if let Ok(dir) = File::open(folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.map_err(fail)
}

/// Saves a match to `path`.
///
/// # Errors
/// As [`write_atomically`].
pub fn save(session: &Session, path: &Path) -> Result<(), SaveError> {
    write_atomically(path, &to_toml(session))
}

fn parse_side(path: &Path, key: &str, text: &str) -> Result<Side, SaveError> {
    text.parse::<Side>()
        .map_err(|e| invalid(path, format!("`{key}`: {e}")))
}

/// What a save file holds besides the match itself.
#[derive(Debug, Clone)]
pub struct SaveInfo {
    pub saved_at: String,
    pub started_at: String,
}

/// Reads a save file and replays it; the file is only read, never changed.
///
/// # Errors
/// A [`SaveError`] naming the file and the line, or the round and move, at
/// fault: a syntax error or truncated file, an unknown format version, an
/// unknown variant without embedded rules, a changed rule text, an illegal
/// move, or a status that the moves do not give.
pub fn load(path: &Path, catalog: &Catalog) -> Result<(Session, SaveInfo), SaveError> {
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
        message: error.message().trim_end().to_string(),
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

fn started_at(path: &Path, text: &str) -> Result<u64, SaveError> {
    parse_timestamp(text).ok_or_else(|| {
        invalid(
            path,
            format!("`started-at`: {text:?} is not a time like 2026-11-29T13:54:37Z"),
        )
    })
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
    Ok(Some(OddEvenGuess {
        marbles: guess.marbles,
        guessed_odd,
    }))
}

/// Parses and replays a save file's text (`path` only names it in errors).
///
/// # Errors
/// As [`load`].
pub fn from_toml(
    path: &Path,
    text: &str,
    catalog: &Catalog,
) -> Result<(Session, SaveInfo), SaveError> {
    // The version comes first: a newer format may have keys this one lacks.
    let table: toml::Table = toml::from_str(text).map_err(|e| syntax(path, text, &e))?;
    match table.get("format").and_then(toml::Value::as_integer) {
        Some(FORMAT_VERSION) => {}
        Some(other) => {
            return Err(invalid(
                path,
                format!(
                    "save format version {other} is not known to this mancala, which reads version {FORMAT_VERSION}"
                ),
            ));
        }
        None => {
            return Err(invalid(
                path,
                "not a mancala save file: no `format` version",
            ));
        }
    }
    let file: SaveFile = toml::from_str(text).map_err(|e| syntax(path, text, &e))?;

    let rules = embedded_rules(path, text, &file, catalog)?;
    let first = parse_side(path, "first", &file.first)?;
    let names = [
        clean_name(&file.south, "South"),
        clean_name(&file.north, "North"),
    ];
    let mut session = Session::new(rules, names, first);
    session.started_at = started_at(path, &file.started_at)?;
    session.odd_even = odd_even(path, file.odd_even.as_ref())?;
    session.computer = [
        computer_seat(path, "south-computer", file.south_computer.as_deref())?,
        computer_seat(path, "north-computer", file.north_computer.as_deref())?,
    ];
    if file.rounds.is_empty() {
        return Err(invalid(path, "no `[[rounds]]`: the file is incomplete"));
    }
    let mut count = 0;
    for (index, round) in file.rounds.iter().enumerate() {
        let number = index + 1;
        if index > 0 {
            session
                .next_round()
                .map_err(|e| invalid(path, format!("round {number} cannot begin: {e}")))?;
        }
        let expected = RoundMoves {
            starter: parse_side(path, "rounds.starter", &round.starter)?,
            moves: parse_moves(&round.moves)
                .map_err(|e| invalid(path, format!("round {number}: {e}")))?,
        };
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
        for (k, &pit) in expected.moves.iter().enumerate() {
            count += 1;
            session.play(pit).map_err(|reason| {
                invalid(
                    path,
                    format!("round {number}, move {} (move {count} of the match, pit {pit}) is illegal: {reason}", k + 1),
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
    if file.status != status_name(position.status())
        || file.winner != outcome_name(position.outcome())
    {
        return Err(invalid(
            path,
            format!(
                "the moves end with status {:?} and winner {}, but the file says {:?} and {}",
                status_name(position.status()),
                outcome_name(position.outcome()).unwrap_or_else(|| "none".into()),
                file.status,
                file.winner.as_deref().unwrap_or("none")
            ),
        ));
    }
    let info = SaveInfo {
        saved_at: file.saved_at,
        started_at: file.started_at,
    };
    Ok((session, info))
}

/// Where saves live: `$XDG_DATA_HOME/mancala` (usually `~/.local/share/mancala`).
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "mancala").map(|d| d.data_dir().to_path_buf())
}

/// The autosave file, kept up to date after every move.
#[must_use]
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(AUTOSAVE_NAME))
}

/// The folder for saves the players name.
#[must_use]
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_dates() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(timestamp(1_795_000_000), "2026-11-18T11:06:40Z");
    }

    #[test]
    fn timestamps_read_back() {
        for seconds in [0, 951_782_400, 1_795_000_000, 4_102_444_799] {
            assert_eq!(parse_timestamp(&timestamp(seconds)), Some(seconds));
        }
        assert_eq!(parse_timestamp("2026-13-01T00:00:00Z"), None);
        assert_eq!(parse_timestamp("yesterday"), None);
    }

    #[test]
    fn hash_changes_with_the_text() {
        assert_ne!(rules_hash("a"), rules_hash("b"));
        assert_eq!(rules_hash("a"), rules_hash("a"));
    }
}

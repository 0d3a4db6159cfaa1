//! What the game remembers between runs: speed, animation, look, the last
//! players and rule set, and each pair's tally of matches. One TOML file,
//! `$XDG_CONFIG_HOME/mancala/settings.toml`, written atomically; a file that
//! cannot be read is reported, and kept as a backup before it is replaced.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::catalog::read_bounded;
use crate::engine::Outcome;
use crate::storage::atomic::write_replacing;
use crate::storage::lock::{FolderLock, LockError};

/// The word for a seat a person plays.
const PERSON: &str = "person";

/// A seat as the settings write it.
#[must_use]
pub fn seat_word(seat: Option<Level>) -> String {
    seat.map_or_else(|| PERSON.to_string(), Level::name)
}

/// A seat from the settings (a word it does not know: a person).
#[must_use]
pub fn seat_of(word: &str) -> Option<Level> {
    word.parse::<Level>().ok()
}

/// A settings file is small; anything larger is not one.
const MAX_SETTINGS_BYTES: u64 = 256 * 1024;
/// The most pairs a tally keeps (the oldest go first).
const MAX_TALLIES: usize = 200;

/// How the screen is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Look {
    #[default]
    Colour,
    Monochrome,
    HighContrast,
}

/// Which characters the board is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Characters {
    /// Box drawing where the terminal can show it, else ASCII.
    #[default]
    Auto,
    Unicode,
    Ascii,
}

/// Who sits at the keyboard in a match: a player alone on one side (the
/// computer on the other), or two players. The board is turned, or not,
/// for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seated {
    South,
    North,
    Both,
}

impl Seated {
    /// The seating of a match whose computer seats are `computer`
    /// (South's, North's); the computer against itself is watched as two
    /// players would be.
    #[must_use]
    pub fn of(computer: [Option<Level>; 2]) -> Seated {
        match computer {
            [None, Some(_)] => Seated::South,
            [Some(_), None] => Seated::North,
            _ => Seated::Both,
        }
    }
}

/// One pair's results in one rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Tally {
    pub variant: String,
    /// The two names, in alphabetical order (a pair is the same whoever sits
    /// South).
    pub players: [String; 2],
    /// Matches won by each of `players`.
    pub wins: [u32; 2],
    pub draws: u32,
}

/// A change to what is remembered, as one game makes it: a file shared by
/// several games takes each game's changes and nothing else of theirs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Speed(u64),
    ReducedMotion(bool),
    Look(Look),
    /// The names typed (empty: the default) and the seats, for next time.
    Players {
        names: [String; 2],
        seats: [Option<Level>; 2],
    },
    LastVariant(String),
    /// The round limit of a match of rounds begun.
    RoundLimit(Option<u16>),
    /// The board turned, or turned back, for a seating.
    BoardTurned {
        seated: Seated,
        turned: bool,
    },
    /// A match over (or, with `undo`, one taken back) for the pair's tally.
    Tally {
        variant: String,
        names: [String; 2],
        outcome: Outcome,
        undo: bool,
    },
}

/// Everything remembered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Settings {
    /// Milliseconds per dropped seed.
    pub speed_ms: u64,
    pub animation: bool,
    pub look: Look,
    pub characters: Characters,
    /// The rule set chosen last.
    pub last_variant: Option<String>,
    /// The rule sets played lately, the latest first (at most
    /// [`RECENT_GAMES`]), listed first in the list of games.
    pub recent_games: Vec<String>,
    /// The last names typed (South, North).
    pub names: [String; 2],
    /// Who played each seat last: `person`, or the computer's level.
    pub seats: [String; 2],
    /// The round limit chosen last for a match of rounds (none: no limit).
    pub round_limit: Option<u16>,
    /// The seatings the board is drawn turned for, North's rows at the
    /// bottom (as a player alone on North would have it).
    pub turned_for: Vec<Seated>,
    pub tally: Vec<Tally>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            speed_ms: DEFAULT_SPEED_MS,
            animation: true,
            look: Look::default(),
            characters: Characters::default(),
            last_variant: None,
            recent_games: Vec::new(),
            names: [String::new(), String::new()],
            seats: [PERSON.to_string(), PERSON.to_string()],
            round_limit: None,
            turned_for: Vec::new(),
            tally: Vec::new(),
        }
    }
}

/// Why the settings file could not be used.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", path.display())]
pub struct SettingsError {
    pub path: PathBuf,
    pub message: String,
    /// The name is a folder, device or pipe: not a file of the game's to
    /// move aside or write over.
    pub not_a_file: bool,
}

impl SettingsError {
    /// Why the file at `path` could not be used, said as printable text.
    fn new(path: &Path, message: &str) -> SettingsError {
        SettingsError {
            path: path.to_path_buf(),
            message: crate::text::printable(message),
            not_a_file: false,
        }
    }
}

/// How many of the games played lately head the list of games.
pub const RECENT_GAMES: usize = 5;

/// Milliseconds per dropped seed until the player changes it.
pub const DEFAULT_SPEED_MS: u64 = 45;

/// The settings file's name in the player's config folder.
pub const SETTINGS_FILE: &str = "settings.toml";

impl Settings {
    /// The settings file in the player's config folder.
    #[must_use]
    pub fn user_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "mancala")
            .map(|d| d.config_dir().join(SETTINGS_FILE))
    }

    /// Reads `path`; no file is no error (the defaults).
    ///
    /// # Errors
    /// When the file is there but is not settings this game reads.
    pub fn load(path: &Path) -> Result<Settings, SettingsError> {
        if !path.exists() {
            return Ok(Settings::default());
        }
        let fail = |message: &str| SettingsError::new(path, message);
        let text = read_bounded(path, MAX_SETTINGS_BYTES).map_err(|e| {
            let said = e.to_string();
            // The path is said once, by the error itself.
            let prefix = format!("{}: ", path.display());
            SettingsError {
                not_a_file: matches!(e, crate::catalog::LoadError::NotAFile { .. }),
                ..fail(said.strip_prefix(&prefix).unwrap_or(&said))
            }
        })?;
        let mut settings: Settings =
            toml::from_str(&text).map_err(|e| fail(e.message().trim_end()))?;
        settings.clean();
        Ok(settings)
    }

    /// Names fit for the board, values in range: the file may have been
    /// edited by hand.
    fn clean(&mut self) {
        for name in &mut self.names {
            *name = crate::session::one_line(name, crate::session::NAME_LENGTH);
        }
        self.speed_ms = self.speed_ms.clamp(1, 5000);
        self.round_limit = self.round_limit.filter(|&limit| limit > 0);
        self.recent_games.truncate(RECENT_GAMES);
        self.tally.truncate(MAX_TALLIES);
        let tallies = std::mem::take(&mut self.tally);
        for mut tally in tallies {
            for name in &mut tally.players {
                *name = uncut(crate::session::one_line(name, TALLY_NAME_LENGTH));
            }
            self.join(tally);
        }
    }

    /// Adds `tally` as the pair's latest record, summed with any record the
    /// pair already has (files once kept a pair under two labels).
    fn join(&mut self, mut tally: Tally) {
        if tally.players[0] > tally.players[1] {
            tally.players.swap(0, 1);
            tally.wins.swap(0, 1);
        }
        let same = |t: &Tally| t.variant == tally.variant && t.players == tally.players;
        if let Some(at) = self.tally.iter().position(same) {
            let earlier = self.tally.remove(at);
            for (wins, more) in tally.wins.iter_mut().zip(earlier.wins) {
                *wins = wins.saturating_add(more);
            }
            tally.draws = tally.draws.saturating_add(earlier.draws);
        }
        self.tally.push(tally);
    }

    /// Writes the settings to `path`, atomically.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        let text = toml::to_string(self).map_err(|e| SettingsError::new(path, &e.to_string()))?;
        let text = format!("# mancala's settings: what it remembers between runs.\n{text}");
        write_replacing(path, &text)
            .map_err(|e| SettingsError::new(path, &format!("cannot write: {e}")))
    }

    /// Makes one change.
    pub fn apply(&mut self, change: &Setting) {
        match change {
            Setting::Speed(ms) => self.speed_ms = *ms,
            Setting::ReducedMotion(on) => self.animation = !on,
            Setting::Look(look) => self.look = *look,
            Setting::Players { names, seats } => {
                self.names.clone_from(names);
                self.seats = seats.map(seat_word);
            }
            Setting::LastVariant(id) => {
                self.last_variant = Some(id.clone());
                self.recent_games.retain(|recent| recent != id);
                self.recent_games.insert(0, id.clone());
                self.recent_games.truncate(RECENT_GAMES);
            }
            Setting::RoundLimit(limit) => self.round_limit = *limit,
            Setting::BoardTurned { seated, turned } => {
                self.turned_for.retain(|s| s != seated);
                if *turned {
                    self.turned_for.push(*seated);
                }
            }
            Setting::Tally {
                variant,
                names,
                outcome,
                undo,
            } => self.count(variant, names, *outcome, *undo),
        }
    }

    /// Writes `changes` into the settings file at `path` as it is now, which
    /// another game may have written since this one read it: the file is
    /// read again under a lock on its folder, each change is made to what it
    /// holds (a tally counts one more match; a speed or a look replaces only
    /// itself) and the result is written atomically. A file that cannot be
    /// read is kept aside first. Returns what the file now holds.
    ///
    /// # Errors
    /// When the folder cannot be locked or the file cannot be written.
    pub fn write_changes(path: &Path, changes: &[Setting]) -> Result<Settings, SettingsError> {
        let folder = crate::storage::atomic::folder_of(path);
        let _lock = FolderLock::wait_for(folder).map_err(|e| {
            let message = match e {
                LockError::Held => "another game kept them locked".to_string(),
                LockError::Io(error) => format!("cannot lock their folder: {error}"),
            };
            SettingsError::new(path, &message)
        })?;
        let mut settings = match Settings::load(path) {
            Ok(settings) => settings,
            // A folder or device there is not the game's to move.
            Err(error) if error.not_a_file => return Err(error),
            Err(_) => {
                keep_damaged(path).map_err(|e| {
                    SettingsError::new(path, &format!("cannot be read, nor moved aside: {e}"))
                })?;
                Settings::default()
            }
        };
        for change in changes {
            settings.apply(change);
        }
        settings.save(path)?;
        Ok(settings)
    }

    /// The tally of two players in a rule set, if they have played it.
    #[must_use]
    pub fn tally_of(&self, variant: &str, names: &[String; 2]) -> Option<&Tally> {
        let players = pair(names);
        self.tally
            .iter()
            .find(|t| t.variant == variant && t.players == players)
    }

    /// Counts a finished match (`undo`: takes one back).
    pub fn count(&mut self, variant: &str, names: &[String; 2], outcome: Outcome, undo: bool) {
        let players = pair(names);
        let at = match self
            .tally
            .iter()
            .position(|t| t.variant == variant && t.players == players)
        {
            Some(at) => at,
            None if undo => return,
            None => {
                self.tally.push(Tally {
                    variant: variant.to_string(),
                    players: players.clone(),
                    wins: [0, 0],
                    draws: 0,
                });
                self.tally.len() - 1
            }
        };
        let tally = &mut self.tally[at];
        let slot = match outcome {
            Outcome::Draw => &mut tally.draws,
            // A pair under one name is told apart by side (South first).
            Outcome::Win(side) if players[0] == players[1] => &mut tally.wins[side.index()],
            Outcome::Win(side) => {
                let winner = &names[side.index()];
                let index = usize::from(players[0] != *winner);
                &mut tally.wins[index]
            }
        };
        *slot = if undo {
            slot.saturating_sub(1)
        } else {
            slot.saturating_add(1)
        };
        // The pair played last goes last; the oldest are dropped first.
        let tally = self.tally.remove(at);
        self.tally.push(tally);
        if self.tally.len() > MAX_TALLIES {
            self.tally.remove(0);
        }
    }
}

/// A tallied player's name: a person's (`NAME_LENGTH` at most) or a
/// computer's label with its level ("Computer (strongest)"), never cut.
const TALLY_NAME_LENGTH: usize = crate::session::NAME_LENGTH + " (strongest)".len();

/// A computer's label as files once cut it at `NAME_LENGTH` characters
/// ("Computer (strong"), made whole again so that its records join.
fn uncut(name: String) -> String {
    let length = crate::session::NAME_LENGTH;
    Level::ALL
        .into_iter()
        .map(|level| crate::session::shown_name("Computer", Some(level)))
        .find(|label| label.chars().count() > length && label.chars().take(length).eq(name.chars()))
        .unwrap_or(name)
}

/// Two names in alphabetical order.
fn pair(names: &[String; 2]) -> [String; 2] {
    let mut pair = names.clone();
    pair.sort();
    pair
}

/// Keeps a damaged settings file as `settings.toml.damaged-N` before the
/// game writes a new one; returns where it went.
///
/// # Errors
/// When it cannot be moved.
pub fn keep_damaged(path: &Path) -> std::io::Result<PathBuf> {
    let name = path.file_name().map_or_else(
        || "settings.toml".into(),
        |n| n.to_string_lossy().into_owned(),
    );
    let folder = crate::storage::atomic::folder_of(path);
    let backup = (1..100_000)
        .map(|n| folder.join(format!("{name}.damaged-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| folder.join(format!("{name}.damaged")));
    std::fs::rename(path, &backup)?;
    Ok(backup)
}

impl Tally {
    /// Whether both players have one name: their wins are then counted by
    /// side, South's first.
    #[must_use]
    pub fn by_side(&self) -> bool {
        self.players[0] == self.players[1]
    }

    /// The wins of `name` in this pair (0 for a name not in it).
    #[must_use]
    pub fn wins_of(&self, name: &str) -> u32 {
        self.players
            .iter()
            .position(|p| p == name)
            .map_or(0, |i| self.wins[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Side;

    #[test]
    fn settings_round_trip_and_defaults_fill_gaps() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mancala").join("settings.toml");
        assert_eq!(Settings::load(&path).unwrap(), Settings::default());
        let mut settings = Settings {
            speed_ms: 100,
            animation: false,
            look: Look::HighContrast,
            characters: Characters::Ascii,
            last_variant: Some("raja-pasu".into()),
            recent_games: vec!["raja-pasu".into(), "oware".into()],
            names: ["Ann".into(), "Bo".into()],
            seats: [seat_word(None), seat_word(Some(Level::Hard))],
            round_limit: Some(5),
            turned_for: vec![Seated::North],
            tally: Vec::new(),
        };
        settings.count(
            "kalaha",
            &["Bo".into(), "Ann".into()],
            Outcome::Win(Side::South),
            false,
        );
        settings.save(&path).unwrap();
        assert_eq!(Settings::load(&path).unwrap(), settings);
        std::fs::write(&path, "speed-ms = 70\n").unwrap();
        let partial = Settings::load(&path).unwrap();
        assert_eq!(partial.speed_ms, 70);
        assert!(partial.animation);
    }

    /// Two players of one name (two computers of a level) are told apart
    /// by side: the wins say who won, South's first.
    #[test]
    fn a_pair_under_one_name_is_counted_by_side() {
        let mut settings = Settings::default();
        let names: [String; 2] = ["Computer (easy)".into(), "Computer (easy)".into()];
        settings.count("igisoro", &names, Outcome::Win(Side::South), false);
        settings.count("igisoro", &names, Outcome::Win(Side::South), false);
        settings.count("igisoro", &names, Outcome::Win(Side::North), false);
        let tally = settings.tally_of("igisoro", &names).unwrap();
        assert_eq!(tally.wins, [2, 1]);
        assert_eq!(
            crate::words::tally(tally, &names),
            "Computer (easy) 2 as South, 1 as North"
        );
        settings.count("igisoro", &names, Outcome::Win(Side::North), true);
        assert_eq!(settings.tally_of("igisoro", &names).unwrap().wins, [2, 0]);
    }

    #[test]
    fn a_pair_is_the_same_whoever_sits_south() {
        let mut settings = Settings::default();
        let names: [String; 2] = ["Ann".into(), "Bo".into()];
        let swapped: [String; 2] = ["Bo".into(), "Ann".into()];
        settings.count("kalaha", &names, Outcome::Win(Side::South), false); // Ann
        settings.count("kalaha", &swapped, Outcome::Win(Side::South), false); // Bo
        settings.count("kalaha", &swapped, Outcome::Win(Side::North), false); // Ann
        settings.count("kalaha", &names, Outcome::Draw, false);
        let tally = settings.tally_of("kalaha", &swapped).unwrap();
        assert_eq!(crate::words::tally(tally, &names), "Ann 2, Bo 1, 1 draw");
        settings.count("kalaha", &names, Outcome::Draw, true);
        assert_eq!(settings.tally_of("kalaha", &names).unwrap().draws, 0);
        assert!(settings.tally_of("raja-pasu", &names).is_none());
    }

    #[test]
    fn a_computer_keeps_one_record_whatever_its_label_was_cut_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        // The same pair under the cut label and the whole one, as files
        // written before were left: Ann won twice, the computer once, a draw.
        std::fs::write(
            &path,
            "[[tally]]\nvariant = \"oware\"\nplayers = [\"Ann\", \"Computer (strong\"]\n\
             wins = [2, 0]\ndraws = 1\n\n\
             [[tally]]\nvariant = \"oware\"\nplayers = [\"Ann\", \"Computer (strongest)\"]\n\
             wins = [0, 1]\ndraws = 0\n",
        )
        .unwrap();
        let names: [String; 2] = ["Computer (strongest)".into(), "Ann".into()];
        let settings = Settings::load(&path).unwrap();
        assert_eq!(settings.tally.len(), 1, "{:?}", settings.tally);
        let tally = settings.tally_of("oware", &names).unwrap();
        assert_eq!(
            crate::words::tally(tally, &names),
            "Computer (strongest) 1, Ann 2, 1 draw"
        );
        // A win by the strongest level joins that record through the file.
        let written = Settings::write_changes(
            &path,
            &[Setting::Tally {
                variant: "oware".into(),
                names: names.clone(),
                outcome: Outcome::Win(Side::South),
                undo: false,
            }],
        )
        .unwrap();
        assert_eq!(written, Settings::load(&path).unwrap());
        let tally = written.tally_of("oware", &names).unwrap();
        assert_eq!(
            crate::words::tally(tally, &names),
            "Computer (strongest) 2, Ann 2, 1 draw"
        );
    }

    fn win(names: [&str; 2]) -> Setting {
        Setting::Tally {
            variant: "kalaha".into(),
            names: names.map(String::from),
            outcome: Outcome::Win(Side::South),
            undo: false,
        }
    }

    #[test]
    fn two_games_writing_one_file_keep_each_others_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mancala").join("settings.toml");
        // Y started first, then X finished a match between Pat and Quin.
        Settings::write_changes(&path, &[win(["Pat", "Quin"])]).unwrap();
        // Y changes its look: Pat and Quin's tally and X's names stay.
        let merged = Settings::write_changes(&path, &[Setting::Look(Look::Monochrome)]).unwrap();
        let on_disk = Settings::load(&path).unwrap();
        assert_eq!(merged, on_disk);
        assert_eq!(on_disk.look, Look::Monochrome);
        let pair = ["Pat".to_string(), "Quin".to_string()];
        assert_eq!(on_disk.tally_of("kalaha", &pair).unwrap().wins, [1, 0]);
    }

    #[test]
    fn tallies_written_at_the_same_time_are_all_counted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let games: Vec<_> = (0..4)
            .map(|game| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for _ in 0..10 {
                        let names = if game % 2 == 0 {
                            ["Pat", "Quin"]
                        } else {
                            ["Ann", "Bo"]
                        };
                        Settings::write_changes(&path, &[win(names)]).unwrap();
                    }
                })
            })
            .collect();
        for game in games {
            game.join().unwrap();
        }
        let settings = Settings::load(&path).unwrap();
        for pair in [["Pat", "Quin"], ["Ann", "Bo"]] {
            let tally = settings
                .tally_of("kalaha", &pair.map(String::from))
                .unwrap();
            assert_eq!(tally.wins, [20, 0], "{pair:?}");
        }
    }

    #[test]
    fn a_damaged_file_is_an_error_and_can_be_kept_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        std::fs::write(&path, "speed-ms = \"fast\"\n\u{1b}[2J").unwrap();
        let error = Settings::load(&path).unwrap_err().to_string();
        assert!(error.contains("settings.toml"), "{error}");
        assert!(!error.contains('\u{1b}'), "{error}");
        let backup = keep_damaged(&path).unwrap();
        assert!(!path.exists());
        assert!(
            backup
                .to_string_lossy()
                .ends_with("settings.toml.damaged-1")
        );
    }

    /// A folder where the file would be is not the game's: it is said to be
    /// no file (its name once), and a write of changes leaves it there.
    #[test]
    fn a_folder_in_the_files_place_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        std::fs::create_dir(&path).unwrap();
        let error = Settings::load(&path).unwrap_err();
        assert!(error.not_a_file);
        let said = error.to_string();
        assert_eq!(said.matches("settings.toml").count(), 1, "{said}");
        let change = Setting::Speed(10);
        assert!(
            Settings::write_changes(&path, &[change])
                .unwrap_err()
                .not_a_file
        );
        assert!(path.is_dir());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}

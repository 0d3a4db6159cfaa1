//! The match library in the data folder (`$XDG_DATA_HOME/mancala`):
//!
//! - `matches/ID.toml`: one file per match, written after every change;
//! - `saves/NAME.toml`: copies the players saved under a name;
//! - `trash/` beside each: files deleted from the list, to be fished out by hand;
//! - `format-1/`: save files of older versions, kept as they were after their
//!   matches were moved into `matches/`.
//!
//! Nothing here writes to a file another running game holds, and a file that
//! cannot be read is listed with the reason and otherwise left alone.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{folder_of, is_temporary, write_new, write_replacing};
use super::format::{
    Header, MAX_SAVE_FILE_BYTES, MatchMeta, SaveError, SavedMatch, load, read_header, to_toml,
};
use super::id::MatchId;
use super::lock::{FileLock, FolderLock, LockError, is_held};
use crate::catalog::{Catalog, read_bounded};
use crate::session::{RoundMoves, Session};

/// The folder of match files.
pub const MATCHES_FOLDER: &str = "matches";
/// The folder of named copies.
pub const COPIES_FOLDER: &str = "saves";
/// Matches written for other programs (`export` on the screen).
pub const EXPORTS_FOLDER: &str = "exports";
/// The folder, beside the files, that deleted files go to.
pub const TRASH_FOLDER: &str = "trash";
/// Where older save files are kept after their matches moved in.
pub const OLD_FILES_FOLDER: &str = "format-1";
/// The one file older versions wrote every match to.
pub const OLD_AUTOSAVE: &str = "autosave.toml";

/// The player's matches on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    root: PathBuf,
}

/// Which folder a listed file is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shelf {
    /// A match file of the library.
    Matches,
    /// A named copy.
    Copies,
    /// An older version's autosave that could not be moved in.
    Old,
}

/// A file in the list of matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub path: PathBuf,
    pub shelf: Shelf,
    /// What the file says, or why it cannot be read.
    pub header: Result<Header, String>,
    /// Another running game is playing it.
    pub open_elsewhere: bool,
    /// This game could not write it yet: the list shows it from memory.
    pub not_saved: bool,
}

impl Listing {
    /// The file's name, as lists show it (control characters escaped).
    #[must_use]
    pub fn file_name(&self) -> String {
        self.path.file_name().map_or_else(String::new, |n| {
            crate::text::printable(&n.to_string_lossy())
        })
    }

    /// Where it is, as lists show it: a copy with its folder (`saves/x.toml`).
    #[must_use]
    pub fn place(&self) -> String {
        match self.shelf {
            Shelf::Copies => format!("{COPIES_FOLDER}/{}", self.file_name()),
            Shelf::Matches | Shelf::Old => self.file_name(),
        }
    }

    /// A match file whose match is not over.
    #[must_use]
    pub fn is_unfinished(&self) -> bool {
        self.shelf == Shelf::Matches && self.header.as_ref().is_ok_and(|h| !h.status.is_finished())
    }

    /// When it was last written (0 for a file that cannot be read).
    #[must_use]
    pub fn saved_at(&self) -> u64 {
        self.header.as_ref().map_or(0, |h| h.saved_at)
    }
}

/// Why the library could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("{}: it is open in another game", path.display())]
    OpenElsewhere { path: PathBuf },
    #[error("{0}")]
    Save(#[from] SaveError),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {why}", path.display())]
    Refused { path: PathBuf, why: String },
}

impl LibraryError {
    fn io(path: &Path, source: io::Error) -> LibraryError {
        LibraryError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    fn from_lock(path: &Path, error: LockError) -> LibraryError {
        match error {
            LockError::Held => LibraryError::OpenElsewhere {
                path: path.to_path_buf(),
            },
            LockError::Io(source) => LibraryError::io(path, source),
        }
    }
}

impl Library {
    /// The library in the player's data folder (`$XDG_DATA_HOME/mancala`,
    /// usually `~/.local/share/mancala`), if there is a home to find it in.
    #[must_use]
    pub fn of_user() -> Option<Library> {
        directories::ProjectDirs::from("", "", "mancala").map(|d| Library::at(d.data_dir()))
    }

    /// A library in `root` (tests use a temporary folder).
    #[must_use]
    pub fn at(root: &Path) -> Library {
        Library {
            root: root.to_path_buf(),
        }
    }

    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    #[must_use]
    pub fn matches_dir(&self) -> PathBuf {
        self.root.join(MATCHES_FOLDER)
    }

    #[must_use]
    pub fn copies_dir(&self) -> PathBuf {
        self.root.join(COPIES_FOLDER)
    }

    /// Where matches written for other programs go.
    #[must_use]
    pub fn exports_dir(&self) -> PathBuf {
        self.root.join(EXPORTS_FOLDER)
    }

    /// Adds a match made elsewhere (a record brought in) to the library as
    /// a new match, its file written whole at once and never over another;
    /// returns its file.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn add(&self, session: &Session, mut meta: MatchMeta) -> Result<PathBuf, LibraryError> {
        let folder = self.matches_dir();
        fs::create_dir_all(&folder).map_err(|e| LibraryError::io(&folder, e))?;
        meta.saved_at = super::time::now_seconds();
        // Another game may take the same id in the same millisecond.
        let mut attempts = 0;
        loop {
            let id = MatchId::new();
            let path = self.path_of(&id);
            meta.id = Some(id);
            match write_new(&path, &to_toml(session, &meta)) {
                Ok(()) => return Ok(path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 3 => {
                    attempts += 1;
                }
                Err(e) => return Err(SaveError::write(&path, e).into()),
            }
        }
    }

    /// Writes `text` as a new file of the exports folder named `name` (or,
    /// where that is taken, `name` with a number); returns where it went.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn export(&self, name: &str, text: &str) -> Result<PathBuf, LibraryError> {
        let folder = self.exports_dir();
        fs::create_dir_all(&folder).map_err(|e| LibraryError::io(&folder, e))?;
        let path = free_name(&folder, name);
        write_new(&path, text).map_err(|e| LibraryError::io(&path, e))?;
        Ok(path)
    }

    /// The file of the match with this id.
    #[must_use]
    pub fn path_of(&self, id: &MatchId) -> PathBuf {
        self.matches_dir().join(format!("{id}.toml"))
    }

    /// The file for a copy named `typed`: letters, digits, `-`, `_` and `.`
    /// kept, anything else made a dash, `.toml` added; `None` when nothing is
    /// left of the name.
    #[must_use]
    pub fn copy_path(&self, typed: &str) -> Option<PathBuf> {
        let stem: String = typed
            .trim()
            .trim_end_matches(".toml")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let stem = stem.trim_start_matches('.');
        (!stem.is_empty()).then(|| self.copies_dir().join(format!("{stem}.toml")))
    }

    /// Whether `path` is a match file of this library (however it is
    /// written: relative, or through links).
    #[must_use]
    pub fn holds(&self, path: &Path) -> bool {
        let folder = folder_of(path);
        folder == self.matches_dir()
            || matches!(
                (fs::canonicalize(folder), fs::canonicalize(self.matches_dir())),
                (Ok(a), Ok(b)) if a == b
            )
    }

    /// The file a command line names: a path to a file, or a match id.
    ///
    /// # Errors
    /// When it is neither.
    pub fn resolve(&self, file_or_id: &Path) -> Result<PathBuf, String> {
        if file_or_id.exists() {
            return Ok(file_or_id.to_path_buf());
        }
        let text = file_or_id.to_string_lossy();
        match text.parse::<MatchId>() {
            Ok(id) if self.path_of(&id).exists() => Ok(self.path_of(&id)),
            Ok(id) => Err(format!(
                "no match {id} in {} (`mancala saves` lists them)",
                self.matches_dir().display()
            )),
            Err(_) => Err(format!(
                "{}: no such file, nor a match id (`mancala saves` lists them)",
                file_or_id.display()
            )),
        }
    }

    /// Every match file and named copy, newest first, then the files that
    /// cannot be read (with the reason), by name.
    #[must_use]
    pub fn list(&self) -> Vec<Listing> {
        let mut entries = Vec::new();
        for (folder, shelf) in [
            (self.matches_dir(), Shelf::Matches),
            (self.copies_dir(), Shelf::Copies),
        ] {
            for path in save_files_in(&folder) {
                entries.push(entry(path, shelf));
            }
        }
        let old = self.root.join(OLD_AUTOSAVE);
        if old.is_file() {
            entries.push(entry(old, Shelf::Old));
        }
        sort_newest_first(&mut entries);
        entries
    }

    /// The trash folder beside the files of `folder` (the matches' or the
    /// copies'): where a file deleted from the list goes.
    #[must_use]
    pub fn trash_beside(folder: &Path) -> PathBuf {
        folder.join(TRASH_FOLDER)
    }

    /// Moves a file to the `trash/` folder beside it (under a new name if one
    /// of that name is already there), and returns where it went.
    ///
    /// # Errors
    /// When another game plays it, or it cannot be moved.
    pub fn trash(&self, path: &Path) -> Result<PathBuf, LibraryError> {
        let _lock = FileLock::acquire(path).map_err(|e| LibraryError::from_lock(path, e))?;
        let folder = Library::trash_beside(folder_of(path));
        fs::create_dir_all(&folder).map_err(|e| LibraryError::io(&folder, e))?;
        let name = path
            .file_name()
            .map_or_else(|| "match.toml".into(), |n| n.to_string_lossy().into_owned());
        let target = free_name(&folder, &name);
        fs::rename(path, &target).map_err(|e| LibraryError::io(path, e))?;
        Ok(target)
    }

    /// Brings a file back from the trash to where it was deleted from,
    /// never over a file that has taken its place.
    ///
    /// # Errors
    /// When something is at `to` now, or the file cannot be moved.
    pub fn restore(&self, from: &Path, to: &Path) -> Result<(), LibraryError> {
        // A hard link refuses to replace what is there; the trash's name goes
        // once the file is back.
        fs::hard_link(from, to).map_err(|e| LibraryError::io(to, e))?;
        fs::remove_file(from).map_err(|e| LibraryError::io(from, e))
    }

    /// Gives the match in `path` a title (or none), keeping everything else.
    ///
    /// # Errors
    /// When another game plays it, it cannot be read, or it cannot be written.
    pub fn set_title(
        &self,
        path: &Path,
        title: Option<String>,
        catalog: &Catalog,
    ) -> Result<(), LibraryError> {
        let _lock = FileLock::acquire(path).map_err(|e| LibraryError::from_lock(path, e))?;
        let SavedMatch { session, mut meta } = load(path, catalog)?;
        meta.title = title;
        if meta.id.is_none() {
            meta.id = Some(MatchId::for_start(session.started_at));
        }
        write_replacing(path, &to_toml(&session, &meta)).map_err(|e| SaveError::write(path, e))?;
        Ok(())
    }

    /// Moves the matches of older versions' files (the one autosave, and the
    /// format-1 files among the named saves) into the library, each as a match
    /// of its own, and keeps the originals in `format-1/`. Files that cannot
    /// be read stay where they are. Returns a line for the player, if anything
    /// moved.
    #[must_use]
    pub fn migrate(&self, catalog: &Catalog) -> Option<String> {
        let mut candidates = Vec::new();
        let old = self.root.join(OLD_AUTOSAVE);
        if old.is_file() {
            candidates.push(old);
        }
        candidates.extend(save_files_in(&self.copies_dir()));
        let candidates: Vec<PathBuf> = candidates
            .into_iter()
            .filter(|path| format_of(path) == Some(1))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        // Two games starting at once must not both move the same files.
        let _lock = FolderLock::try_take(&self.root).ok()?;
        let mut moved: Vec<SameMatch> = Vec::new();
        let mut count = 0;
        for path in candidates {
            // Looked at again under the lock: another game may have moved it.
            let Ok(SavedMatch { session, meta }) = load(&path, catalog) else {
                continue;
            };
            let key = (
                session.rules().id().to_string(),
                [
                    session.name(crate::engine::Side::South).to_string(),
                    session.name(crate::engine::Side::North).to_string(),
                ],
                session.started_at,
                session.round_moves(),
                session.ended_by_players(),
            );
            // Older versions wrote one match to several files; one is enough.
            if !moved.contains(&key) {
                let id = MatchId::for_start(session.started_at);
                let meta = MatchMeta {
                    id: Some(id.clone()),
                    title: old_title(&path, session.rules().id()),
                    branched_from: None,
                    saved_at: meta.saved_at,
                    notes: meta.notes.clone(),
                };
                if write_new(&self.path_of(&id), &to_toml(&session, &meta)).is_err() {
                    continue;
                }
                moved.push(key);
                count += 1;
            }
            let keep = self.root.join(OLD_FILES_FOLDER);
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            if fs::create_dir_all(&keep).is_ok() {
                let _ = fs::rename(&path, free_name(&keep, &name));
            }
        }
        (count > 0).then(|| {
            format!(
                "Moved {count} match{} of an older version into the library (old files: {OLD_FILES_FOLDER}/)",
                if count == 1 { "" } else { "es" },
            )
        })
    }

    /// Removes the temporary files that a write cut short by a crash left
    /// (they hold nothing that is not in a match file): those no running
    /// write holds locked. A file made in the last seconds is left, as its
    /// writer may not have locked it yet.
    pub fn sweep(&self) {
        for folder in [self.matches_dir(), self.copies_dir()] {
            super::atomic::sweep_temporaries(&folder);
        }
    }
}

/// What makes two older files hold the same match: variant, players, start,
/// moves, and whether the players ended it.
type SameMatch = (String, [String; 2], u64, Vec<RoundMoves>, bool);

/// The `*.toml` files of a folder that are regular files, not temporaries
/// or hidden ones.
fn save_files_in(folder: &Path) -> Vec<PathBuf> {
    let Ok(listing) = fs::read_dir(folder) else {
        return Vec::new();
    };
    listing
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            // Regular files only (a FIFO would block the reader forever).
            !name.starts_with('.')
                && !is_temporary(&name)
                && p.extension().is_some_and(|e| e == "toml")
                && p.is_file()
        })
        .collect()
}

fn entry(path: PathBuf, shelf: Shelf) -> Listing {
    let header = read_bounded(&path, MAX_SAVE_FILE_BYTES)
        .map_err(SaveError::from)
        .and_then(|text| read_header(&path, &text))
        .map_err(|e| reason(&path, &e));
    let open_elsewhere = shelf == Shelf::Matches
        && header.as_ref().is_ok_and(|h| !h.status.is_finished())
        && is_held(&path);
    Listing {
        path,
        shelf,
        header,
        open_elsewhere,
        not_saved: false,
    }
}

/// An error's message without the file name it starts with (lists show the
/// name in a column of its own), fit to print.
fn reason(path: &Path, error: &SaveError) -> String {
    let message = error.to_string();
    let prefix = format!("{}: ", path.display());
    let reason = message.strip_prefix(&prefix).unwrap_or(&message);
    crate::text::printable(reason)
}

/// Last played first (within a second, the later begun: ids sort by start);
/// files that cannot be read last.
pub fn sort_newest_first(entries: &mut [Listing]) {
    entries.sort_by(|a, b| {
        b.header
            .is_ok()
            .cmp(&a.header.is_ok())
            .then(b.saved_at().cmp(&a.saved_at()))
            .then(b.path.cmp(&a.path))
    });
}

/// The format version a file declares, if it is a save file at all.
fn format_of(path: &Path) -> Option<i64> {
    let text = read_bounded(path, MAX_SAVE_FILE_BYTES).ok()?;
    read_header(path, &text).ok().map(|h| h.format)
}

/// `name` in `folder`, or `stem-2.toml`, `stem-3.toml`... if it is taken.
fn free_name(folder: &Path, name: &str) -> PathBuf {
    let (stem, extension) = name.rsplit_once('.').unwrap_or((name, ""));
    let dot = if extension.is_empty() { "" } else { "." };
    (1..100_000)
        .map(|n| {
            if n == 1 {
                folder.join(name)
            } else {
                folder.join(format!("{stem}-{n}{dot}{extension}"))
            }
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| folder.join(name))
}

/// A title from an older named save: its name, unless the game made it up
/// (the variant and a time) or it was the autosave.
fn old_title(path: &Path, variant: &str) -> Option<String> {
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    let made_up = stem
        .strip_prefix(variant)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    let autosave = path.file_name().is_some_and(|n| n == OLD_AUTOSAVE);
    if made_up || autosave {
        None
    } else {
        super::format::clean_title(&stem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::{Pit, Side};
    use crate::session::Session;

    fn library() -> (tempfile::TempDir, Library) {
        let dir = tempfile::tempdir().unwrap();
        let library = Library::at(&dir.path().join("mancala"));
        (dir, library)
    }

    fn kalaha(moves: &[u8]) -> Session {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
        for &pit in moves {
            session.play(Pit::new(pit)).unwrap();
        }
        session
    }

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/saves/format-1")
            .join(name)
    }

    #[test]
    fn the_list_skips_temporaries_and_reports_unreadable_files() {
        let (_dir, library) = library();
        let id = MatchId::new();
        let mut meta = MatchMeta::new(id.clone());
        meta.saved_at = 1_795_000_000;
        write_new(&library.path_of(&id), &to_toml(&kalaha(&[3, 1]), &meta)).unwrap();
        let folder = library.matches_dir();
        fs::write(folder.join(format!(".{id}.toml.99.0.tmp")), "half a fi").unwrap();
        fs::write(folder.join(format!(".{id}.toml.lock")), "123").unwrap();
        fs::write(folder.join("notes.txt"), "not a save").unwrap();
        fs::write(
            folder.join("damaged.toml"),
            "format = 2
variant = ",
        )
        .unwrap();
        fs::create_dir_all(folder.join(TRASH_FOLDER)).unwrap();
        fs::write(folder.join(TRASH_FOLDER).join("gone.toml"), "x").unwrap();
        let list = library.list();
        assert_eq!(list.len(), 2, "{list:?}");
        assert_eq!(list[0].path, library.path_of(&id));
        let header = list[0].header.as_ref().unwrap();
        assert_eq!((header.moves, header.rounds), (2, 1));
        assert!(list[0].is_unfinished() && !list[0].open_elsewhere);
        assert_eq!(list[1].file_name(), "damaged.toml");
        assert!(list[1].header.as_ref().unwrap_err().starts_with("line 2"));
    }

    #[test]
    fn old_saves_move_in_once_and_are_kept() {
        let (_dir, library) = library();
        let catalog = Catalog::with_user_dir(None);
        fs::create_dir_all(library.copies_dir()).unwrap();
        let old = library.root().join(OLD_AUTOSAVE);
        fs::copy(fixture("kalaha-3-1.toml"), &old).unwrap();
        // Older versions also wrote the same match under a name.
        fs::copy(
            fixture("kalaha-3-1.toml"),
            library.copies_dir().join("mine.toml"),
        )
        .unwrap();
        fs::copy(
            fixture("raja-pasu-after-pit-1.toml"),
            library
                .copies_dir()
                .join("raja-pasu-20261129-210814-unfinished.toml"),
        )
        .unwrap();
        // A file older versions could not have written stays where it is.
        let newer = library.copies_dir().join("newer.toml");
        fs::write(
            &newer,
            "format = 5
",
        )
        .unwrap();
        let note = library.migrate(&catalog).expect("a note");
        assert!(note.starts_with("Moved 2 matches"), "{note}");
        let list = library.list();
        let matches: Vec<&Listing> = list.iter().filter(|l| l.shelf == Shelf::Matches).collect();
        assert_eq!(matches.len(), 2, "{list:?}");
        for listing in &matches {
            let saved = load(&listing.path, &catalog).unwrap();
            let id = saved.meta.id.expect("an id");
            assert_eq!(listing.path, library.path_of(&id));
            // The id tells when the match began.
            let begun = crate::storage::time::format_utc(saved.session.started_at);
            assert_eq!(&id.as_str()[..8], &begun.replace('-', "")[..8]);
        }
        let kalaha = matches
            .iter()
            .map(|l| load(&l.path, &catalog).unwrap())
            .find(|s| s.session.rules().id() == "kalaha")
            .unwrap();
        assert_eq!(
            kalaha.session.round_moves()[0].moves,
            [3, 1].map(|n| crate::engine::Step::from(Pit::new(n)))
        );
        assert!(!old.exists());
        let kept = library.root().join(OLD_FILES_FOLDER);
        assert_eq!(
            fs::read(kept.join(OLD_AUTOSAVE)).unwrap(),
            fs::read(fixture("kalaha-3-1.toml")).unwrap()
        );
        assert!(kept.join("mine.toml").is_file());
        assert_eq!(
            fs::read_to_string(&newer).unwrap(),
            "format = 5
"
        );
        assert_eq!(library.migrate(&catalog), None, "nothing left to move");
    }

    #[test]
    fn a_match_in_play_elsewhere_cannot_be_trashed_or_renamed() {
        let (_dir, library) = library();
        let catalog = Catalog::with_user_dir(None);
        let id = MatchId::new();
        let path = library.path_of(&id);
        write_new(&path, &to_toml(&kalaha(&[3]), &MatchMeta::new(id))).unwrap();
        let lock = FileLock::acquire(&path).unwrap();
        assert!(library.list()[0].open_elsewhere);
        assert!(matches!(
            library.trash(&path),
            Err(LibraryError::OpenElsewhere { .. })
        ));
        let title = Some("x".to_string());
        assert!(matches!(
            library.set_title(&path, title.clone(), &catalog),
            Err(LibraryError::OpenElsewhere { .. })
        ));
        drop(lock);
        library.set_title(&path, title, &catalog).unwrap();
        assert_eq!(
            load(&path, &catalog).unwrap().meta.title.as_deref(),
            Some("x")
        );
        let to = library.trash(&path).unwrap();
        assert_eq!(
            to,
            library
                .matches_dir()
                .join(TRASH_FOLDER)
                .join(path.file_name().unwrap())
        );
        assert!(library.list().is_empty());
    }

    /// A temporary file is swept once its writer is gone (no one holds its
    /// lock), never while a writer holds it, however old, and not in the
    /// seconds before a new one's writer has locked it.
    #[test]
    fn temporaries_whose_writer_is_gone_are_swept() {
        let (_dir, library) = library();
        fs::create_dir_all(library.matches_dir()).unwrap();
        let made = |name: &str, ago: std::time::Duration| {
            let path = library.matches_dir().join(name);
            fs::write(&path, "x").unwrap();
            let then = std::time::SystemTime::now() - ago;
            let file = fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(then).unwrap();
            path
        };
        let fresh = made(".a.toml.1.0.tmp", std::time::Duration::ZERO);
        let left = made(".b.toml.1.1.tmp", std::time::Duration::from_mins(1));
        let held = made(".c.toml.1.2.tmp", std::time::Duration::from_hours(2));
        let lock = super::super::lock::FileLock::acquire(&held).unwrap();
        let saved = made("d.toml", std::time::Duration::from_hours(2));
        library.sweep();
        assert!(fresh.exists(), "its writer may not have locked it yet");
        assert!(!left.exists(), "its writer is gone");
        assert!(held.exists(), "its writer is writing");
        assert!(saved.exists());
        drop(lock);
        library.sweep();
        assert!(!held.exists());
    }

    #[test]
    fn copy_names_become_safe_file_names() {
        let library = Library::at(Path::new("/data"));
        let name = |typed: &str| {
            library
                .copy_path(typed)
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        };
        assert_eq!(name("my game").as_deref(), Some("my-game.toml"));
        assert_eq!(name("../../etc/x").as_deref(), Some("-..-etc-x.toml"));
        assert_eq!(name("a.toml").as_deref(), Some("a.toml"));
        assert_eq!(name("  "), None);
        assert!(library.copy_path("x").unwrap().starts_with("/data/saves"));
    }
}

//! Keeps the match in play on disk: its file in the library, created at its
//! first write and replaced after every change, held with a lock for as long
//! as the game plays it; and, for the match a `--save FILE` command began,
//! that file too.

use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{folder_of, write_new_locked, write_replacing_locked};
use super::format::{BranchPoint, MatchMeta, SaveError, SavedMatch, load, to_toml};
use super::id::MatchId;
use super::library::{Library, LibraryError};
use super::lock::{FileLock, Identity, LockError, is_held};
use super::time::now_seconds;
use crate::catalog::Catalog;
use crate::session::Session;

/// Why a game stopped writing a match's file for good (its moves are then
/// kept in memory only, and the player is told).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Lost {
    #[error("another game has taken this match up")]
    TakenByAnotherGame,
    #[error("another program put a different file in its place")]
    Replaced,
    #[error("its folder {} is no longer the one this game opened (it was moved or replaced)", .0.display())]
    FolderChanged(PathBuf),
}

/// One file a match is written to.
#[derive(Debug)]
struct Target {
    path: PathBuf,
    /// The folder the file is in, as it was when this game first wrote a
    /// file there: writes go nowhere else.
    folder: Option<Identity>,
    /// The lock on the file this game wrote last, while `path` names it.
    /// Until the first write there is none, and the game only creates the
    /// file, never replacing another.
    lock: Option<FileLock>,
    /// Set once the file is no longer this game's to write.
    lost: Option<Lost>,
}

impl Target {
    fn new(path: PathBuf) -> Target {
        Target {
            path,
            folder: None,
            lock: None,
            lost: None,
        }
    }

    /// Whether this game has written the file (or opened it to play on).
    fn is_owned(&self) -> bool {
        self.lock.is_some()
    }

    fn write(&mut self, text: &str) -> Result<(), SaveError> {
        if let Some(lost) = &self.lost {
            return Err(SaveError::lost(&self.path, lost.clone()));
        }
        let fail = |e| SaveError::write(&self.path, e);
        let folder = folder_of(&self.path);
        match self.folder {
            // Nothing of this game's is there yet: any folder will do.
            None => {
                if folder.exists() && !folder.is_dir() {
                    let why = io::Error::other("it is a file, not a folder");
                    return Err(SaveError::write(folder, why));
                }
                std::fs::create_dir_all(folder).map_err(fail)?;
            }
            Some(opened) => {
                if Identity::of(folder).ok() != Some(opened) {
                    return Err(self.lose(Lost::FolderChanged(folder.to_path_buf())));
                }
            }
        }
        let written = match &self.lock {
            None => write_new_locked(&self.path, text),
            Some(lock) if lock.is_on(&self.path) => write_replacing_locked(&self.path, text),
            // The file was removed: this game takes its match up again.
            Some(_) if !self.path.exists() => match write_new_locked(&self.path, text) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(self.lose(Lost::TakenByAnotherGame));
                }
                other => other,
            },
            Some(_) if is_held(&self.path) => return Err(self.lose(Lost::TakenByAnotherGame)),
            Some(_) => return Err(self.lose(Lost::Replaced)),
        };
        // The old file's lock goes only now, once the new file (locked) has
        // its name.
        self.lock = Some(written.map_err(fail)?);
        if self.folder.is_none() {
            self.folder = Identity::of(folder).ok();
        }
        Ok(())
    }

    fn lose(&mut self, lost: Lost) -> SaveError {
        self.lock = None;
        self.lost = Some(lost.clone());
        SaveError::lost(&self.path, lost)
    }
}

fn is_already_there(result: &Result<(), SaveError>) -> bool {
    matches!(result, Err(SaveError::Write { source, .. }) if source.kind() == io::ErrorKind::AlreadyExists)
}

/// Writes one match, again and again as it changes.
#[derive(Debug)]
pub struct MatchWriter {
    file: Target,
    mirror: Option<Target>,
    meta: MatchMeta,
    /// The match as last asked to be written, while that write has failed.
    unsaved: Option<Session>,
}

impl MatchWriter {
    /// A new match's writer: a fresh id in `library`, and `mirror`, a file of
    /// the player's choosing, kept up to date as well. Nothing is written yet.
    #[must_use]
    pub fn new_match(library: &Library, mirror: Option<PathBuf>) -> MatchWriter {
        let id = MatchId::new();
        MatchWriter {
            file: Target::new(library.path_of(&id)),
            mirror: mirror.map(Target::new),
            meta: MatchMeta::new(id),
            unsaved: None,
        }
    }

    /// A new match played on from a replay, recording where it began.
    #[must_use]
    pub fn branch(library: &Library, from: BranchPoint) -> MatchWriter {
        let mut writer = MatchWriter::new_match(library, None);
        writer.meta.branched_from = Some(from);
        writer
    }

    /// Takes a library match up again: locks its file, then reads it.
    ///
    /// # Errors
    /// When another game plays it, or it cannot be read.
    pub fn resume(path: &Path, catalog: &Catalog) -> Result<(Session, MatchWriter), LibraryError> {
        let io_error = |source| LibraryError::Io {
            path: path.to_path_buf(),
            source,
        };
        let lock = FileLock::acquire(path).map_err(|e| match e {
            LockError::Held => LibraryError::OpenElsewhere {
                path: path.to_path_buf(),
            },
            LockError::Io(source) => io_error(source),
        })?;
        let folder = Identity::of(folder_of(path)).map_err(io_error)?;
        let SavedMatch { session, mut meta } = load(path, catalog)?;
        if meta.id.is_none() {
            meta.id = Some(MatchId::for_start(session.started_at));
        }
        let writer = MatchWriter {
            file: Target {
                path: path.to_path_buf(),
                folder: Some(folder),
                lock: Some(lock),
                lost: None,
            },
            mirror: None,
            meta,
            unsaved: None,
        };
        Ok((session, writer))
    }

    #[must_use]
    pub fn path(&self) -> &Path {
        &self.file.path
    }

    #[must_use]
    pub fn mirror(&self) -> Option<&Path> {
        self.mirror.as_ref().map(|m| m.path.as_path())
    }

    #[must_use]
    pub fn meta(&self) -> &MatchMeta {
        &self.meta
    }

    /// Why this game no longer writes the match's file, if it does not.
    #[must_use]
    pub fn lost(&self) -> Option<&Lost> {
        self.file.lost.as_ref()
    }

    /// Whether the last write failed (the match is only in memory).
    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        self.unsaved.is_some()
    }

    /// The match as last asked to be written, while that write has failed.
    #[must_use]
    pub fn unsaved(&self) -> Option<&Session> {
        self.unsaved.as_ref()
    }

    /// Whether the file exists yet (a match is written from its first move).
    #[must_use]
    pub fn is_written(&self) -> bool {
        self.file.is_owned()
    }

    /// Writes the match as it stands. On failure the match is kept, and
    /// [`MatchWriter::retry`] tries again.
    ///
    /// # Errors
    /// The first file that could not be written, and why.
    pub fn write(&mut self, session: &Session) -> Result<(), SaveError> {
        self.meta.saved_at = now_seconds();
        let mut text = to_toml(session, &self.meta);
        let mut written = self.file.write(&text);
        // Another game made the same id in the same millisecond (one chance
        // in 65,536): this match takes a new one.
        if !self.file.is_owned() && is_already_there(&written) {
            let id = MatchId::new();
            let folder = folder_of(&self.file.path).to_path_buf();
            self.file = Target::new(folder.join(format!("{id}.toml")));
            self.meta.id = Some(id);
            text = to_toml(session, &self.meta);
            written = self.file.write(&text);
        }
        let mirrored = self.mirror.as_mut().map_or(Ok(()), |m| m.write(&text));
        match written.and(mirrored) {
            Ok(()) => {
                self.unsaved = None;
                Ok(())
            }
            Err(error) => {
                self.unsaved = Some(session.clone());
                Err(error)
            }
        }
    }

    /// Writes again what last failed to be written, if anything.
    ///
    /// # Errors
    /// As [`MatchWriter::write`].
    pub fn retry(&mut self) -> Result<(), SaveError> {
        match self.unsaved.take() {
            Some(session) => self.write(&session),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Pit, Side};

    fn session() -> Session {
        let catalog = Catalog::with_user_dir(None);
        let rules = catalog.find("kalaha").unwrap().rules.clone();
        let mut session = Session::new(rules, ["Ann".into(), "Bo".into()], Side::South);
        session.play(Pit::new(3)).unwrap();
        session
    }

    #[test]
    fn a_new_match_never_takes_over_a_file_with_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let library = Library::at(dir.path());
        let mut writer = MatchWriter::new_match(&library, None);
        let taken = writer.path().to_path_buf();
        std::fs::create_dir_all(taken.parent().unwrap()).unwrap();
        std::fs::write(&taken, "another game's match").unwrap();
        writer.write(&session()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&taken).unwrap(),
            "another game's match"
        );
        assert_ne!(writer.path(), taken);
        let saved = load(writer.path(), &Catalog::with_user_dir(None)).unwrap();
        assert_eq!(saved.meta.id.as_ref(), writer.meta().id.as_ref());
        assert_eq!(
            writer.path(),
            library.path_of(saved.meta.id.as_ref().unwrap())
        );
    }

    #[test]
    fn a_failed_write_is_kept_and_tried_again() {
        let dir = tempfile::tempdir().unwrap();
        let library = Library::at(dir.path());
        std::fs::write(library.matches_dir(), "in the way").unwrap();
        let mut writer = MatchWriter::new_match(&library, None);
        let message = writer.write(&session()).unwrap_err().to_string();
        assert!(message.contains("it is a file, not a folder"), "{message}");
        assert!(writer.has_unsaved());
        assert!(writer.retry().is_err());
        std::fs::remove_file(library.matches_dir()).unwrap();
        writer.retry().unwrap();
        assert!(!writer.has_unsaved());
        let saved = load(writer.path(), &Catalog::with_user_dir(None)).unwrap();
        assert_eq!(
            saved.session.round_moves()[0].moves,
            [3].map(|n| crate::engine::Step::from(Pit::new(n)))
        );
    }
}

//! Keeps the match in play on disk: its file in the library, created at its
//! first write and replaced after every change, held with a lock for as long
//! as the game plays it; and, for the match a `--save FILE` command began,
//! that file too.

use std::path::{Path, PathBuf};

use super::atomic::{folder_of, write_new, write_replacing};
use super::format::{BranchPoint, MatchMeta, SaveError, SavedMatch, load, to_toml};
use super::id::MatchId;
use super::library::{Library, LibraryError};
use super::lock::{FileLock, LockError};
use super::time::now_seconds;
use crate::catalog::Catalog;
use crate::session::Session;

/// One file a match is written to.
#[derive(Debug)]
struct Target {
    path: PathBuf,
    lock: Option<FileLock>,
    /// This writer made the file (or opened it to play on), so it replaces it
    /// from now on; until then it only creates it, never replacing another.
    owned: bool,
}

impl Target {
    fn new(path: PathBuf) -> Target {
        Target {
            path,
            lock: None,
            owned: false,
        }
    }

    fn write(&mut self, text: &str) -> Result<(), SaveError> {
        let fail = |e| SaveError::write(&self.path, e);
        if self.lock.is_none() {
            let folder = folder_of(&self.path);
            if folder.exists() && !folder.is_dir() {
                let why = std::io::Error::other("it is a file, not a folder");
                return Err(SaveError::write(folder, why));
            }
            std::fs::create_dir_all(folder).map_err(fail)?;
            self.lock = Some(FileLock::acquire(&self.path).map_err(|e| match e {
                LockError::Held => SaveError::write(
                    &self.path,
                    std::io::Error::other("another game is writing it"),
                ),
                LockError::Io(source) => fail(source),
            })?);
        }
        if self.owned {
            write_replacing(&self.path, text).map_err(fail)
        } else {
            write_new(&self.path, text).map_err(fail)?;
            self.owned = true;
            Ok(())
        }
    }
}

fn is_already_there(result: &Result<(), SaveError>) -> bool {
    matches!(result, Err(SaveError::Write { source, .. }) if source.kind() == std::io::ErrorKind::AlreadyExists)
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
        let lock = FileLock::acquire(path).map_err(|e| match e {
            LockError::Held => LibraryError::OpenElsewhere {
                path: path.to_path_buf(),
            },
            LockError::Io(source) => LibraryError::Io {
                path: path.to_path_buf(),
                source,
            },
        })?;
        let SavedMatch { session, mut meta } = load(path, catalog)?;
        if meta.id.is_none() {
            meta.id = Some(MatchId::for_start(session.started_at));
        }
        let writer = MatchWriter {
            file: Target {
                path: path.to_path_buf(),
                lock: Some(lock),
                owned: true,
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
        self.file.owned
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
        if !self.file.owned && is_already_there(&written) {
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
        assert_eq!(saved.session.round_moves()[0].moves, [3].map(Pit::new));
    }
}

//! The files side of the effects: the match in play written after every
//! change, earlier matches of this run that could not be written tried
//! again, named copies, the list of saved matches, and opening, resuming,
//! deleting and renaming them; and the rule files, read again on request.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::catalog::Catalog;
use crate::session::Session;
use crate::storage::atomic::{write_new, write_replacing};
use crate::storage::format::header_of;
use crate::storage::library::{LibraryError, sort_newest_first};
use crate::storage::lock::is_held;
use crate::storage::{
    Library, Listing, MatchId, MatchMeta, MatchWriter, SaveError, SavedMatch, load, to_toml,
};
use crate::tui::app::BrokenRuleFile;
use crate::tui::command::Command;
use crate::tui::msg::Msg;

/// How often writes that failed are tried again while nothing else writes.
const RETRY_EVERY: Duration = Duration::from_secs(2);

/// Keeps this run's matches on disk.
pub struct Keeper {
    catalog: Catalog,
    /// `None`: matches are kept in memory only (tests, or no home folder).
    library: Option<Library>,
    /// The `--save` file, until the match that command began takes it.
    mirror: Option<PathBuf>,
    /// The writer of the match on screen.
    current: Option<MatchWriter>,
    /// Earlier matches of this run whose last write failed.
    retired: Vec<MatchWriter>,
    last_retry: Instant,
}

impl Keeper {
    #[must_use]
    pub fn new(catalog: Catalog, library: Option<Library>, mirror: Option<PathBuf>) -> Keeper {
        Keeper {
            catalog,
            library,
            mirror,
            current: None,
            retired: Vec::new(),
            last_retry: Instant::now(),
        }
    }

    pub fn perform(&mut self, command: Command) -> Vec<Msg> {
        match command {
            Command::BeginMatch => {
                self.retire();
                let mirror = self.mirror.take();
                self.current = self
                    .library
                    .as_ref()
                    .map(|library| MatchWriter::new_match(library, mirror));
            }
            Command::BeginBranch(from) => {
                self.retire();
                self.mirror = None;
                self.current = self
                    .library
                    .as_ref()
                    .map(|library| MatchWriter::branch(library, from));
            }
            Command::CloseMatch => self.retire(),
            Command::SaveMatch(session) => return vec![self.save(&session)],
            Command::SaveCopy {
                session,
                name,
                replace,
            } => return vec![self.save_copy(&session, &name, replace)],
            Command::ListMatches => return vec![Msg::MatchesListed(self.list())],
            Command::OpenReplay { path, at_end } => return vec![self.open_replay(path, at_end)],
            Command::ResumeMatch(path) => return vec![self.resume(&path)],
            Command::Trash(path) => return vec![self.trash(&path)],
            Command::Restore { from, to } => return vec![self.restore(&from, to)],
            Command::SetTitle { path, title } => return vec![self.set_title(path, title)],
            Command::Import(typed) => return vec![self.import(typed)],
            Command::Export { path, format } => return vec![self.export(&path, format)],
            Command::ReadRules => return vec![self.read_rules()],
            _ => {}
        }
        Vec::new()
    }

    /// The rule sets read again; saves are read with them from now on.
    fn read_rules(&mut self) -> Msg {
        let fresh = self.catalog.reload();
        let msg = Msg::RulesRead {
            variants: fresh.entries().to_vec(),
            broken: fresh.problems().map(BrokenRuleFile::from).collect(),
        };
        self.catalog = fresh.rule_sets();
        msg
    }

    /// The writer of the match on screen steps down: dropped (releasing its
    /// lock) once everything is written, else kept to be tried again.
    fn retire(&mut self) {
        if let Some(writer) = self.current.take()
            && writer.has_unsaved()
        {
            self.retired.push(writer);
        }
    }

    fn save(&mut self, session: &Session) -> Msg {
        let Some(writer) = &mut self.current else {
            return Msg::Saved;
        };
        let first = writer.write(session).err();
        let later = self.retry_retired();
        Keeper::answer(first, later)
    }

    /// What the player is told of a write of the match on screen and of the
    /// retired ones tried with it.
    fn answer(current: Option<SaveError>, later: Option<String>) -> Msg {
        match (current, later) {
            (Some(lost @ SaveError::Lost { .. }), _) => Msg::MatchLost {
                reason: lost.to_string(),
            },
            (Some(error), _) => Msg::SaveFailed {
                reason: error.to_string(),
            },
            (None, Some(reason)) => Msg::SaveFailed { reason },
            (None, None) => Msg::Saved,
        }
    }

    /// Tries the retired writers again; the first failure, if any.
    fn retry_retired(&mut self) -> Option<String> {
        self.last_retry = Instant::now();
        let mut failure = None;
        self.retired.retain_mut(|writer| match writer.retry() {
            Ok(()) => false,
            // Its file is another's now; it is kept for a copy at the end.
            Err(SaveError::Lost { .. }) => true,
            Err(error) => {
                failure.get_or_insert(error.to_string());
                true
            }
        });
        failure
    }

    #[must_use]
    pub fn has_unsaved(&self) -> bool {
        !self.retired.is_empty() || self.current.as_ref().is_some_and(MatchWriter::has_unsaved)
    }

    /// Whether there is a write worth trying again (one whose file is
    /// another's now is not).
    fn has_retries(&self) -> bool {
        self.retired
            .iter()
            .chain(&self.current)
            .any(|w| w.has_unsaved() && w.lost().is_none())
    }

    /// While something is unsaved, tries again every few seconds.
    pub fn retry_now_and_then(&mut self) -> Vec<Msg> {
        if !self.has_retries() || self.last_retry.elapsed() < RETRY_EVERY {
            return Vec::new();
        }
        let current = self.current.as_mut().and_then(|w| w.retry().err());
        let later = self.retry_retired();
        vec![Keeper::answer(current, later)]
    }

    /// A last try before the game ends; what could still not be written.
    /// A match whose file became another's is kept as a new copy among the
    /// saves, so that none of its moves is lost.
    pub fn finish(&mut self) -> Vec<String> {
        self.retire();
        let mut failures = Vec::new();
        for mut writer in std::mem::take(&mut self.retired) {
            match writer.retry() {
                Ok(()) => {}
                Err(SaveError::Lost { .. }) => failures.push(self.keep_lost(&writer)),
                Err(error) => failures.push(error.to_string()),
            }
        }
        failures
    }

    /// Writes a match whose file is another's now as a copy of its own; what
    /// to tell the player.
    fn keep_lost(&self, writer: &MatchWriter) -> String {
        let why = writer.lost().map_or_else(String::new, ToString::to_string);
        let (Some(library), Some(session)) = (&self.library, writer.unsaved()) else {
            return format!("{}: {why}", writer.path().display());
        };
        let stem = writer.meta().id.as_ref().map_or("match", MatchId::as_str);
        let kept = (1..1000).find_map(|n| {
            let path = library.copy_path(&format!("{stem}-kept-{n}"))?;
            match write_new(&path, &to_toml(session, writer.meta())) {
                Ok(()) => Some(Ok(path)),
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => None,
                Err(error) => Some(Err(error)),
            }
        });
        match kept {
            Some(Ok(path)) => format!(
                "{}: {why}; this game's moves are kept in {}",
                writer.path().display(),
                path.display()
            ),
            Some(Err(error)) => format!(
                "{}: {why}; a copy could not be written either: {error}",
                writer.path().display()
            ),
            None => format!("{}: {why}", writer.path().display()),
        }
    }

    fn save_copy(&mut self, session: &Session, name: &str, replace: bool) -> Msg {
        let Some(library) = &self.library else {
            return Msg::CopyNotSaved {
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        let Some(path) = library.copy_path(name) else {
            return Msg::CopyNotSaved {
                reason: crate::tui::describe::NAME_EMPTY.into(),
            };
        };
        if is_held(&path) {
            return Msg::CopyNotSaved {
                reason: format!("{}: another game is writing it", path.display()),
            };
        }
        // The copy is the match as it stands, under the same id: resuming it
        // while the library's file has the same moves resumes that match.
        let meta = self
            .current
            .as_ref()
            .map_or_else(|| MatchMeta::new(MatchId::new()), |w| w.meta().clone());
        // The name typed for the copy is its title, so lists show it.
        let meta = MatchMeta {
            saved_at: crate::storage::time::now_seconds(),
            title: crate::storage::format::clean_title(name).or(meta.title),
            ..meta
        };
        let text = to_toml(session, &meta);
        let written = if replace {
            write_replacing(&path, &text)
        } else {
            write_new(&path, &text)
        };
        match written {
            Ok(()) => Msg::CopySaved { path },
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Msg::CopyExists {
                name: name.to_string(),
                path,
            },
            Err(error) => Msg::CopyNotSaved {
                reason: format!("{}: {error}", path.display()),
            },
        }
    }

    /// The library's files, with this run's unwritten matches shown from
    /// memory in place of what their files (if any) still say.
    fn list(&self) -> Vec<Listing> {
        let Some(library) = &self.library else {
            return Vec::new();
        };
        let mut listings = library.list();
        for writer in self.retired.iter().chain(&self.current) {
            let Some(session) = writer.unsaved() else {
                continue;
            };
            listings.retain(|l| l.path != writer.path());
            listings.push(Listing {
                path: writer.path().to_path_buf(),
                shelf: crate::storage::library::Shelf::Matches,
                header: Ok(header_of(session, writer.meta())),
                open_elsewhere: false,
                not_saved: true,
            });
        }
        sort_newest_first(&mut listings);
        listings
    }

    fn open_replay(&self, path: PathBuf, at_end: bool) -> Msg {
        // A match of this run that could not be written: memory has it.
        if let Some(writer) = self.retired.iter().find(|w| w.path() == path)
            && let Some(session) = writer.unsaved()
        {
            return Msg::ReplayOpened {
                session: Box::new(session.clone()),
                path,
                meta: writer.meta().clone(),
                at_end,
            };
        }
        match load(&path, &self.catalog) {
            Ok(SavedMatch { session, meta }) => Msg::ReplayOpened {
                session: Box::new(session),
                path,
                meta,
                at_end,
            },
            Err(error) => Msg::FileFailed {
                reason: error.to_string(),
            },
        }
    }

    fn resume(&mut self, path: &Path) -> Msg {
        // A match of this run that could not be written: memory has it best.
        if let Some(at) = self.retired.iter().position(|w| w.path() == path) {
            let writer = self.retired.remove(at);
            let session = writer.unsaved().cloned();
            self.retire();
            self.current = Some(writer);
            if let Some(session) = session {
                return Msg::MatchResumed {
                    session: Box::new(session),
                    path: path.to_path_buf(),
                };
            }
        }
        match MatchWriter::resume(path, &self.catalog) {
            Ok((session, writer)) => {
                self.retire();
                self.mirror = None;
                self.current = Some(writer);
                Msg::MatchResumed {
                    session: Box::new(session),
                    path: path.to_path_buf(),
                }
            }
            Err(LibraryError::OpenElsewhere { path }) => Msg::OpenElsewhere { path },
            Err(error) => Msg::FileFailed {
                reason: error.to_string(),
            },
        }
    }

    fn trash(&mut self, path: &Path) -> Msg {
        let Some(library) = &self.library else {
            return Msg::FileFailed {
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        // Deleting a match this run could not write gives up writing it.
        self.retired.retain(|w| w.path() != path);
        if !path.exists() {
            return Msg::Trashed {
                path: path.to_path_buf(),
                to: PathBuf::new(),
            };
        }
        match library.trash(path) {
            Ok(to) => Msg::Trashed {
                path: path.to_path_buf(),
                to,
            },
            Err(error) => Msg::FileFailed {
                reason: error.to_string(),
            },
        }
    }

    fn restore(&self, from: &Path, to: PathBuf) -> Msg {
        let Some(library) = &self.library else {
            return Msg::FileFailed {
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        match library.restore(from, &to) {
            Ok(()) => Msg::Restored { path: to },
            Err(error) => Msg::FileFailed {
                reason: error.to_string(),
            },
        }
    }

    /// Brings in the record at the path typed (`~/` is the home folder).
    fn import(&self, typed: String) -> Msg {
        let Some(library) = &self.library else {
            return Msg::ImportRefused {
                typed,
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        let path = crate::storage::records::typed_path(&typed);
        let read = crate::catalog::read_bounded(&path, crate::storage::records::MAX_RECORD_BYTES)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                crate::storage::records::import(library, &text, None, None, &self.catalog)
            });
        match read {
            Ok((path, game, moves)) => Msg::Imported {
                path,
                told: crate::tui::describe::imported(&game, moves),
            },
            Err(reason) => Msg::ImportRefused { typed, reason },
        }
    }

    /// Writes a match in the exports folder, named by its id.
    fn export(&self, path: &Path, format: crate::records::Format) -> Msg {
        let Some(library) = &self.library else {
            return Msg::FileFailed {
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        let stem = path
            .file_stem()
            .map_or_else(|| "match".into(), |s| s.to_string_lossy().into_owned());
        let written =
            crate::storage::records::export(path, format, &self.catalog).and_then(|text| {
                library
                    .export(&format!("{stem}.{}", format.extension()), &text)
                    .map_err(|e| e.to_string())
            });
        match written {
            Ok(to) => Msg::Exported {
                told: crate::tui::describe::exported(format.title(), &to),
            },
            Err(reason) => Msg::FileFailed { reason },
        }
    }

    fn set_title(&self, path: PathBuf, title: Option<String>) -> Msg {
        let Some(library) = &self.library else {
            return Msg::FileFailed {
                reason: crate::tui::describe::NO_DATA_FOLDER.into(),
            };
        };
        match library.set_title(&path, title, &self.catalog) {
            Ok(()) => Msg::Retitled { path },
            Err(error) => Msg::FileFailed {
                reason: error.to_string(),
            },
        }
    }
}

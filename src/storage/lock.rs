//! One writer per match. A game holds an advisory lock on the match file
//! itself for as long as it plays the match. Every write makes a new file,
//! so the lock is taken on the new file before it takes the match's name:
//! whatever name is in the folder, the file it names is locked while a game
//! plays it. No lock file is made, so there is none to follow, delete or
//! leave behind, and a match cannot be taken from its game by removing one.
//!
//! Short tasks that must not run twice at once (reading and writing the
//! settings, moving older saves in) lock their folder instead.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// A lock held on one file (the file, not its name); released when dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
}

/// Why a lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another running game holds it.
    #[error("it is open in another game")]
    Held,
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl FileLock {
    /// Takes the lock on the file `path` names now, or says that another
    /// game holds it. A name that is not a regular file (a link, a folder, a
    /// pipe) is refused: a match file is always a plain file of the game's.
    ///
    /// # Errors
    /// [`LockError::Held`], or the file cannot be opened.
    pub fn acquire(path: &Path) -> Result<FileLock, LockError> {
        loop {
            let file = open_plain(path)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Err(LockError::Held),
                Err(TryLockError::Error(error)) => return Err(error.into()),
            }
            // The holder may have put a new file in its place meanwhile
            // (locked before it took the name): then that one counts.
            let lock = FileLock { file };
            if lock.is_on(path) {
                return Ok(lock);
            }
        }
    }

    /// Locks a file this game has just made and no one else knows of yet
    /// (a write's temporary file, before it takes its name).
    ///
    /// # Errors
    /// When the system refuses the lock.
    pub fn on_new(file: File) -> io::Result<FileLock> {
        match file.try_lock() {
            Ok(()) => Ok(FileLock { file }),
            Err(TryLockError::WouldBlock) => Err(io::Error::other("a new file is locked already")),
            Err(TryLockError::Error(error)) => Err(error),
        }
    }

    /// The locked file, to write to.
    #[must_use]
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Whether `path` still names the file this lock is on.
    #[must_use]
    pub fn is_on(&self, path: &Path) -> bool {
        match (self.file.metadata(), fs::symlink_metadata(path)) {
            (Ok(held), Ok(named)) => same_file(&held, &named),
            _ => false,
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// Whether another running game holds the lock on the file `path` names.
#[must_use]
pub fn is_held(path: &Path) -> bool {
    let Ok(file) = open_plain(path) else {
        return false;
    };
    match file.try_lock_shared() {
        Ok(()) => {
            let _ = file.unlock();
            false
        }
        Err(TryLockError::WouldBlock) => true,
        Err(TryLockError::Error(_)) => false,
    }
}

/// Opens `path` to lock it: never through a symbolic link, never waiting
/// on a pipe, and only a regular file.
fn open_plain(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let flags = nix::fcntl::OFlag::O_NOFOLLOW | nix::fcntl::OFlag::O_NONBLOCK;
        options.custom_flags(flags.bits());
    }
    let file = options.open(path).map_err(|error| {
        if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            io::Error::other("it is a symbolic link, not a match file")
        } else {
            error
        }
    })?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("it is not a regular file"));
    }
    Ok(file)
}

/// What tells one file or folder from another, whatever its name: the
/// device and inode where there are such things.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    #[cfg(unix)]
    device: u64,
    #[cfg(unix)]
    inode: u64,
}

impl Identity {
    /// The identity of what `path` names now (through links).
    ///
    /// # Errors
    /// When there is nothing there.
    pub fn of(path: &Path) -> io::Result<Identity> {
        let metadata = fs::metadata(path)?;
        Ok(Identity::from_metadata(&metadata))
    }

    #[cfg(unix)]
    fn from_metadata(metadata: &fs::Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            device: metadata.dev(),
            inode: metadata.ino(),
        }
    }

    #[cfg(not(unix))]
    fn from_metadata(_metadata: &fs::Metadata) -> Identity {
        Identity {}
    }
}

fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    b.is_file() && Identity::from_metadata(a) == Identity::from_metadata(b)
}

/// A lock on a folder, for a short task no two games may do at once.
#[derive(Debug)]
pub struct FolderLock {
    #[cfg_attr(not(unix), allow(dead_code))]
    folder: Option<File>,
}

/// How long a game waits for another to finish with a folder.
const FOLDER_WAIT: Duration = Duration::from_secs(3);

impl FolderLock {
    /// Locks `folder` (made if missing), waiting a few seconds at most for
    /// another game to let go of it.
    ///
    /// # Errors
    /// [`LockError::Held`] when another game keeps it longer, or the folder
    /// cannot be made or opened.
    pub fn wait_for(folder: &Path) -> Result<FolderLock, LockError> {
        let deadline = Instant::now() + FOLDER_WAIT;
        loop {
            match FolderLock::try_take(folder) {
                Err(LockError::Held) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                other => return other,
            }
        }
    }

    /// Locks `folder` (made if missing) if no other game has it.
    ///
    /// # Errors
    /// [`LockError::Held`], or the folder cannot be made or opened.
    pub fn try_take(folder: &Path) -> Result<FolderLock, LockError> {
        fs::create_dir_all(folder)?;
        // Systems that cannot open a folder as a file lock nothing here.
        if !cfg!(unix) {
            return Ok(FolderLock { folder: None });
        }
        let file = File::open(folder)?;
        match file.try_lock() {
            Ok(()) => Ok(FolderLock { folder: Some(file) }),
            Err(TryLockError::WouldBlock) => Err(LockError::Held),
            Err(TryLockError::Error(error)) => Err(error.into()),
        }
    }
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        if let Some(folder) = &self.folder {
            let _ = folder.unlock();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::atomic::{write_new, write_replacing};

    #[test]
    fn a_held_lock_keeps_others_out_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("m.toml");
        write_new(&target, "x").unwrap();
        let lock = FileLock::acquire(&target).unwrap();
        assert!(is_held(&target));
        assert!(matches!(FileLock::acquire(&target), Err(LockError::Held)));
        drop(lock);
        assert!(!is_held(&target));
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no lock file is made");
        let again = FileLock::acquire(&target).unwrap();
        assert!(is_held(&target));
        drop(again);
    }

    #[test]
    fn a_lock_is_on_a_file_not_on_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("m.toml");
        write_new(&target, "one").unwrap();
        let lock = FileLock::acquire(&target).unwrap();
        assert!(lock.is_on(&target));
        write_replacing(&target, "two").unwrap();
        assert!(!lock.is_on(&target), "another file has the name now");
        assert!(!is_held(&target));
    }

    #[test]
    fn links_pipes_and_missing_files_are_not_locked() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no").join("m.toml");
        assert!(matches!(FileLock::acquire(&missing), Err(LockError::Io(_))));
        assert!(!is_held(&missing));
        #[cfg(unix)]
        {
            let victim = dir.path().join("victim");
            fs::write(&victim, "precious").unwrap();
            let link = dir.path().join("link.toml");
            std::os::unix::fs::symlink(&victim, &link).unwrap();
            let error = FileLock::acquire(&link).unwrap_err().to_string();
            assert!(error.contains("symbolic link"), "{error}");
            let pipe = dir.path().join("pipe.toml");
            nix::unistd::mkfifo(&pipe, nix::sys::stat::Mode::S_IRWXU).unwrap();
            let error = FileLock::acquire(&pipe).unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{error}");
            assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        }
    }

    #[test]
    fn a_folder_lock_is_taken_by_one_game_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("config");
        let lock = FolderLock::try_take(&folder).unwrap();
        if cfg!(unix) {
            assert!(matches!(
                FolderLock::try_take(&folder),
                Err(LockError::Held)
            ));
        }
        drop(lock);
        let _again = FolderLock::wait_for(&folder).unwrap();
        assert_eq!(fs::read_dir(&folder).unwrap().count(), 0, "nothing made");
    }
}

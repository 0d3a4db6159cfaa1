//! One running game per match: a game holds an advisory lock on a lock file
//! beside the match file (`.NAME.lock`) for as long as it plays the match.
//! The match file itself is replaced on every write, so it cannot carry the
//! lock. Other games see the lock and open the match read-only instead.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A lock held on a match file; released when dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
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

/// The lock file that stands for `target`.
#[must_use]
pub fn lock_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "match".into(), |n| n.to_string_lossy());
    super::atomic::folder_of(target).join(format!(".{name}.lock"))
}

impl FileLock {
    /// Takes the lock on `target` (whose folder must exist), or says that
    /// another game holds it.
    ///
    /// # Errors
    /// [`LockError::Held`], or the lock file could not be made.
    pub fn acquire(target: &Path) -> Result<FileLock, LockError> {
        let path = lock_path(target);
        loop {
            let mut file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Err(LockError::Held),
                Err(TryLockError::Error(error)) => return Err(error.into()),
            }
            // A holder removes its lock file before letting go; if ours was
            // removed meanwhile, another game may have made a new one: start
            // again on that.
            if still_named(&file, &path) {
                // For people looking at the folder: which process plays it.
                file.set_len(0)?;
                writeln!(file, "{}", std::process::id())?;
                return Ok(FileLock { file, path });
            }
        }
    }
}

#[cfg(unix)]
fn still_named(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(held), Ok(named)) => held.ino() == named.ino() && held.dev() == named.dev(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_named(_file: &File, _path: &Path) -> bool {
    true
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Removed while still held (see `acquire`); where a file cannot be
        // removed while open, it stays, empty and unlocked, which is harmless.
        if cfg!(unix) {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

/// Whether another running game holds the lock on `target`.
#[must_use]
pub fn is_held(target: &Path) -> bool {
    let Ok(file) = File::open(lock_path(target)) else {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_lock_keeps_others_out_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("m.toml");
        let lock = FileLock::acquire(&target).unwrap();
        assert!(is_held(&target));
        assert!(matches!(FileLock::acquire(&target), Err(LockError::Held)));
        drop(lock);
        assert!(!is_held(&target));
        assert!(!lock_path(&target).exists(), "the lock file is removed");
        let again = FileLock::acquire(&target).unwrap();
        assert!(is_held(&target));
        drop(again);
    }

    #[test]
    fn replacing_the_match_file_keeps_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("m.toml");
        let _lock = FileLock::acquire(&target).unwrap();
        super::super::atomic::write_replacing(&target, "one").unwrap();
        super::super::atomic::write_replacing(&target, "two").unwrap();
        assert!(matches!(FileLock::acquire(&target), Err(LockError::Held)));
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("no").join("m.toml");
        assert!(matches!(FileLock::acquire(&target), Err(LockError::Io(_))));
        assert!(!is_held(&target));
    }
}

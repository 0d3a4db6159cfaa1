//! Writing a file so that a crash, a full disk or a killed process leaves
//! either the old file or the new one, never half of one: the text goes to a
//! temporary file beside it (a name no other writer uses), is flushed to disk,
//! and only then takes the file's name, and the folder is flushed too.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::lock::FileLock;

/// Temporary files start with a dot and end so; listings skip them.
pub const TEMPORARY_SUFFIX: &str = ".tmp";

/// Replaces `path` with `text` (or creates it), atomically.
///
/// # Errors
/// When the folder cannot be made or written, or the disk is full.
pub fn write_replacing(path: &Path, text: &str) -> io::Result<()> {
    write_bytes_replacing(path, text.as_bytes())
}

/// As [`write_replacing`], for bytes that are not text (an endgame table).
///
/// # Errors
/// As [`write_replacing`].
pub fn write_bytes_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, bytes, rename_over).map(drop)
}

/// Creates `path` holding `text`, atomically, and never replaces a file that
/// is already there (that is an [`io::ErrorKind::AlreadyExists`] error).
///
/// # Errors
/// As [`write_replacing`], and when `path` exists.
pub fn write_new(path: &Path, text: &str) -> io::Result<()> {
    write_with(path, text.as_bytes(), link_if_free).map(drop)
}

/// As [`write_replacing`], the new file locked before it takes the name, so
/// that the file at `path` is never one without the lock; the lock is
/// returned.
///
/// # Errors
/// As [`write_replacing`].
pub fn write_replacing_locked(path: &Path, text: &str) -> io::Result<FileLock> {
    write_with(path, text.as_bytes(), rename_over)
}

/// As [`write_new`], the new file locked before it takes the name.
///
/// # Errors
/// As [`write_new`].
pub fn write_new_locked(path: &Path, text: &str) -> io::Result<FileLock> {
    write_with(path, text.as_bytes(), link_if_free)
}

fn rename_over(temporary: &Path, path: &Path) -> io::Result<()> {
    fs::rename(temporary, path)
}

fn link_if_free(temporary: &Path, path: &Path) -> io::Result<()> {
    // A hard link is made only if the name is free: no window in which
    // another writer's file could be replaced.
    match fs::hard_link(temporary, path) {
        Ok(()) => fs::remove_file(temporary),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Err(error),
        // Folders that cannot hold hard links: check, then rename.
        Err(_) if path.exists() => Err(io::ErrorKind::AlreadyExists.into()),
        Err(_) => fs::rename(temporary, path),
    }
}

/// The folder a file is in (`.` for a bare name).
#[must_use]
pub fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

fn write_with(
    path: &Path,
    bytes: &[u8],
    put_in_place: impl FnOnce(&Path, &Path) -> io::Result<()>,
) -> io::Result<FileLock> {
    let folder = folder_of(path);
    fs::create_dir_all(folder)?;
    let temporary = temporary_beside(path);
    let result = (|| {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        // Locked before a byte is written: a temporary file no one holds
        // is one whose writer is gone ([`is_temporary`], the library's sweep).
        let lock = FileLock::on_new(file)?;
        let mut file = lock.file();
        file.write_all(bytes)?;
        file.sync_all()?;
        put_in_place(&temporary, path)?;
        sync_folder(folder)?;
        Ok(lock)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// A name beside `path` that no other write uses: this process's id and a
/// counter.
fn temporary_beside(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    folder_of(path).join(format!(
        ".{name}.{}.{count}{TEMPORARY_SUFFIX}",
        std::process::id()
    ))
}

/// Makes renames in `folder` durable. Some systems cannot open a folder for
/// this; there the rename is as durable as they make it.
fn sync_folder(folder: &Path) -> io::Result<()> {
    match File::open(folder) {
        Ok(dir) => match dir.sync_all() {
            Err(error) if error.kind() != io::ErrorKind::InvalidInput => Err(error),
            _ => Ok(()),
        },
        Err(_) => Ok(()),
    }
}

/// Whether a file name is one of the temporary files above (whose writer
/// holds a lock on it for as long as it writes).
#[must_use]
pub fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TEMPORARY_SUFFIX)
}

/// Removes the temporary files in `folder` that a write cut short (a crash,
/// a kill) left: those no running write holds locked. A file made in the
/// last seconds is left, as its writer may not have locked it yet.
pub fn sweep_temporaries(folder: &Path) {
    const LEFT_FOR: std::time::Duration = std::time::Duration::from_secs(10);
    let Ok(listing) = fs::read_dir(folder) else {
        return;
    };
    for entry in listing.filter_map(Result::ok) {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > LEFT_FOR));
        if stale
            && is_temporary(&entry.file_name().to_string_lossy())
            && !super::lock::is_held(&entry.path())
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replacing_leaves_only_the_new_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested").join("a.toml");
        write_replacing(&path, "one").unwrap();
        write_replacing(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(names(folder_of(&path)), ["a.toml"]);
    }

    #[test]
    fn a_new_file_never_replaces_one_that_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        write_new(&path, "first").unwrap();
        let error = write_new(&path, "second").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&path).unwrap(), "first");
        assert_eq!(names(dir.path()), ["a.toml"], "no temporary file left");
    }

    #[test]
    fn a_folder_that_is_a_file_fails_and_leaves_it_alone() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("matches");
        fs::write(&blocker, "not a folder").unwrap();
        assert!(write_replacing(&blocker.join("a.toml"), "x").is_err());
        assert_eq!(fs::read_to_string(&blocker).unwrap(), "not a folder");
    }

    #[test]
    fn temporary_names_are_recognised() {
        let dir = tempfile::tempdir().unwrap();
        let temporary = temporary_beside(&dir.path().join("a.toml"));
        let name = temporary.file_name().unwrap().to_str().unwrap();
        assert!(is_temporary(name), "{name}");
        assert!(!is_temporary("a.toml"));
        assert_ne!(temporary, temporary_beside(&dir.path().join("a.toml")));
    }
}

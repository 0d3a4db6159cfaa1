//! Where rule sets come from: the three built into the binary, the user's rules
//! folder, and files named on the command line.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::engine::{Rules, RulesError};

pub mod search;

/// Rule files larger than this are refused unread.
pub const MAX_RULES_FILE_BYTES: u64 = 1024 * 1024;

/// The rule files compiled into the binary, so it runs with nothing beside it.
const BUILT_IN: [(&str, &str); 54] = [
    ("kalaha.toml", include_str!("../rules/kalaha.toml")),
    ("raja-pasu.toml", include_str!("../rules/raja-pasu.toml")),
    ("sat-gharva.toml", include_str!("../rules/sat-gharva.toml")),
    ("oware.toml", include_str!("../rules/oware.toml")),
    (
        "toguz-kumalak.toml",
        include_str!("../rules/toguz-kumalak.toml"),
    ),
    ("dakon.toml", include_str!("../rules/dakon.toml")),
    ("ayoayo.toml", include_str!("../rules/ayoayo.toml")),
    (
        "vai-lung-thlan.toml",
        include_str!("../rules/vai-lung-thlan.toml"),
    ),
    ("congkak.toml", include_str!("../rules/congkak.toml")),
    ("sungka.toml", include_str!("../rules/sungka.toml")),
    (
        "pallanguzhi.toml",
        include_str!("../rules/pallanguzhi.toml"),
    ),
    (
        "ali-guli-mane.toml",
        include_str!("../rules/ali-guli-mane.toml"),
    ),
    ("mangala.toml", include_str!("../rules/mangala.toml")),
    ("ayo-olopon.toml", include_str!("../rules/ayo-olopon.toml")),
    ("songo.toml", include_str!("../rules/songo.toml")),
    (
        "das-bohnenspiel.toml",
        include_str!("../rules/das-bohnenspiel.toml"),
    ),
    ("endodoi.toml", include_str!("../rules/endodoi.toml")),
    ("bestemshe.toml", include_str!("../rules/bestemshe.toml")),
    ("nam-nam.toml", include_str!("../rules/nam-nam.toml")),
    ("gabata.toml", include_str!("../rules/gabata.toml")),
    ("kiuthi.toml", include_str!("../rules/kiuthi.toml")),
    (
        "layli-goobalay.toml",
        include_str!("../rules/layli-goobalay.toml"),
    ),
    ("bakuk.toml", include_str!("../rules/bakuk.toml")),
    ("hufesay.toml", include_str!("../rules/hufesay.toml")),
    ("obridjie.toml", include_str!("../rules/obridjie.toml")),
    ("cow.toml", include_str!("../rules/cow.toml")),
    ("goat.toml", include_str!("../rules/goat.toml")),
    ("alemungula.toml", include_str!("../rules/alemungula.toml")),
    ("ot-tjin.toml", include_str!("../rules/ot-tjin.toml")),
    (
        "djenon-aboure.toml",
        include_str!("../rules/djenon-aboure.toml"),
    ),
    (
        "toguz-xorgol.toml",
        include_str!("../rules/toguz-xorgol.toml"),
    ),
    (
        "longbeu-a-cha.toml",
        include_str!("../rules/longbeu-a-cha.toml"),
    ),
    ("dabuda.toml", include_str!("../rules/dabuda.toml")),
    ("al-manqala.toml", include_str!("../rules/al-manqala.toml")),
    ("adji-kui.toml", include_str!("../rules/adji-kui.toml")),
    ("bule-perga.toml", include_str!("../rules/bule-perga.toml")),
    ("mangala-ii.toml", include_str!("../rules/mangala-ii.toml")),
    ("sadeqa-iii.toml", include_str!("../rules/sadeqa-iii.toml")),
    ("tihbat.toml", include_str!("../rules/tihbat.toml")),
    ("voleur.toml", include_str!("../rules/voleur.toml")),
    ("bosh.toml", include_str!("../rules/bosh.toml")),
    (
        "rio-kadalis.toml",
        include_str!("../rules/rio-kadalis.toml"),
    ),
    (
        "pallam-kuzhi.toml",
        include_str!("../rules/pallam-kuzhi.toml"),
    ),
    ("pandi.toml", include_str!("../rules/pandi.toml")),
    ("ohvalhu.toml", include_str!("../rules/ohvalhu.toml")),
    ("erherhe.toml", include_str!("../rules/erherhe.toml")),
    ("adi.toml", include_str!("../rules/adi.toml")),
    ("numnum.toml", include_str!("../rules/numnum.toml")),
    ("nsa-isong.toml", include_str!("../rules/nsa-isong.toml")),
    (
        "nam-nam-match.toml",
        include_str!("../rules/nam-nam-match.toml"),
    ),
    (
        "gabata-match.toml",
        include_str!("../rules/gabata-match.toml"),
    ),
    ("igisoro.toml", include_str!("../rules/igisoro.toml")),
    (
        "bao-kujifunza.toml",
        include_str!("../rules/bao-kujifunza.toml"),
    ),
    (
        "bao-kiswahili.toml",
        include_str!("../rules/bao-kiswahili.toml"),
    ),
];

/// The place in [`BUILT_IN`] of the file of the built-in rule set `id`.
fn built_in_index(id: &str) -> Option<usize> {
    BUILT_IN
        .iter()
        .position(|(name, _)| name.strip_suffix(".toml") == Some(id))
}

/// Where a rule set was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    BuiltIn,
    /// A file in the user's rules folder; `overrides` when a built-in rule set
    /// with the same id is hidden by it.
    UserFile {
        path: PathBuf,
        overrides: bool,
    },
    /// A file named directly.
    File(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::BuiltIn => f.write_str("built-in"),
            Origin::UserFile {
                path,
                overrides: true,
            } => write!(f, "{} (overrides built-in)", path.display()),
            Origin::UserFile { path, .. } | Origin::File(path) => {
                write!(f, "{}", path.display())
            }
        }
    }
}

/// A rule set and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub rules: Arc<Rules>,
    pub origin: Origin,
}

/// Why a rule file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: the file is larger than {limit} bytes, more than any rule file or save needs", path.display())]
    TooLarge { path: PathBuf, limit: u64 },
    #[error("{}: not a regular file (a folder, device or pipe cannot be read as one)", path.display())]
    NotAFile { path: PathBuf },
    #[error("{}: the file is not UTF-8 text", path.display())]
    NotText { path: PathBuf },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: RulesError },
    #[error("unknown rule set {0:?}: {1}")]
    UnknownId(String, String),
}

impl LoadError {
    /// The file the error is about, when there is one.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            LoadError::Io { path, .. }
            | LoadError::TooLarge { path, .. }
            | LoadError::NotAFile { path }
            | LoadError::NotText { path }
            | LoadError::Invalid { path, .. } => Some(path),
            LoadError::UnknownId(..) => None,
        }
    }

    /// What is wrong, without the file's path in front (for a screen that
    /// shows the path on a line of its own).
    #[must_use]
    pub fn reason(&self) -> String {
        let whole = self.to_string();
        match self.path() {
            Some(path) => whole
                .strip_prefix(&format!("{}: ", path.display()))
                .map_or_else(|| whole.clone(), str::to_string),
            None => whole,
        }
    }
}

/// Reads a file of at most `limit` bytes as UTF-8 text, without reading more
/// than one byte past the limit.
///
/// # Errors
/// `Io`, `TooLarge` or `NotText`, naming the path.
pub fn read_bounded(path: &Path, limit: u64) -> Result<String, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    // A pipe or a device would block the reader or never end: refused unread.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(LoadError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let file = File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|_| LoadError::NotText {
        path: path.to_path_buf(),
    })
}

/// Reads and checks one rule file.
///
/// # Errors
/// Any [`LoadError`] but `UnknownId`.
pub fn load_file(path: &Path) -> Result<Rules, LoadError> {
    let text = read_bounded(path, MAX_RULES_FILE_BYTES)?;
    Rules::from_toml(&text).map_err(|error| LoadError::Invalid {
        path: path.to_path_buf(),
        error,
    })
}

/// The rules folder's name in the player's config folder.
pub const RULES_FOLDER: &str = "rules";

/// The user's rules folder: `$XDG_CONFIG_HOME/mancala/rules` (usually
/// `~/.config/mancala/rules`).
#[must_use]
pub fn user_rules_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "mancala").map(|d| d.config_dir().join(RULES_FOLDER))
}

/// Every rule set the player can choose, built-ins first, with the files that
/// failed to load kept aside so they can be reported. The built-in files are
/// read when first asked for: a command that names one rule set reads that
/// one (perft and the engine start at once), the list reads them all.
#[derive(Debug)]
pub struct Catalog {
    /// The user's folder's rule sets, each with its file (read at once: a
    /// user file may take a built-in one's place).
    user: Vec<Entry>,
    user_problems: Vec<LoadError>,
    /// The user's rules folder it was read from, to read again.
    user_dir: Option<PathBuf>,
    /// Each built-in file once read, by its place in [`BUILT_IN`].
    built_in: Vec<OnceLock<Result<Entry, RulesError>>>,
    /// The whole list and the built-in files that failed, made on first asking.
    all: OnceLock<(Vec<Entry>, Vec<LoadError>)>,
}

impl Default for Catalog {
    /// The built-in rule sets alone.
    fn default() -> Catalog {
        Catalog {
            user: Vec::new(),
            user_problems: Vec::new(),
            user_dir: None,
            built_in: BUILT_IN.iter().map(|_| OnceLock::new()).collect(),
            all: OnceLock::new(),
        }
    }
}

impl Catalog {
    /// The built-in rule sets plus the user's folder.
    #[must_use]
    pub fn load() -> Catalog {
        Catalog::with_user_dir(user_rules_dir().as_deref())
    }

    /// The built-in rule sets plus the `*.toml` files of `dir`, if given. A user
    /// file with a built-in id takes the built-in one's place.
    #[must_use]
    pub fn with_user_dir(dir: Option<&Path>) -> Catalog {
        let mut catalog = Catalog {
            user_dir: dir.map(Path::to_path_buf),
            ..Catalog::default()
        };
        if let Some(dir) = dir {
            catalog.add_folder(dir);
        }
        catalog
    }

    /// The built-in file at `index`, read on first asking.
    fn built_in(&self, index: usize) -> &Result<Entry, RulesError> {
        self.built_in[index].get_or_init(|| {
            Rules::from_toml(BUILT_IN[index].1).map(|rules| Entry {
                rules: Arc::new(rules),
                origin: Origin::BuiltIn,
            })
        })
    }

    /// Every entry, built-ins first (a user file with a built-in's id in
    /// its place), and the built-in files that failed.
    fn all(&self) -> &(Vec<Entry>, Vec<LoadError>) {
        self.all.get_or_init(|| {
            let mut entries = Vec::new();
            let mut problems = Vec::new();
            for (index, (name, _)) in BUILT_IN.iter().enumerate() {
                match self.built_in(index) {
                    Ok(entry) => entries.push(
                        self.user
                            .iter()
                            .find(|user| user.rules.id() == entry.rules.id())
                            .unwrap_or(entry)
                            .clone(),
                    ),
                    // Guarded by a test; kept as a problem rather than a panic.
                    Err(error) => problems.push(LoadError::Invalid {
                        path: PathBuf::from(format!("(built-in) {name}")),
                        error: error.clone(),
                    }),
                }
            }
            let overriding = |user: &&Entry| {
                matches!(
                    user.origin,
                    Origin::UserFile {
                        overrides: true,
                        ..
                    }
                )
            };
            entries.extend(self.user.iter().filter(|user| !overriding(user)).cloned());
            (entries, problems)
        })
    }

    /// The same sources read again, so files fixed, added or removed since count.
    #[must_use]
    pub fn reload(&self) -> Catalog {
        Catalog::with_user_dir(self.user_dir.as_deref())
    }

    fn add_folder(&mut self, dir: &Path) {
        let Ok(listing) = std::fs::read_dir(dir) else {
            return; // No folder: nothing to add.
        };
        let mut paths: Vec<PathBuf> = listing
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            match load_file(&path) {
                Ok(rules) => self.add_user(rules, path),
                Err(problem) => self.user_problems.push(problem),
            }
        }
    }

    fn add_user(&mut self, rules: Rules, path: PathBuf) {
        let overrides = built_in_index(rules.id()).is_some();
        let entry = Entry {
            rules: Arc::new(rules),
            origin: Origin::UserFile { path, overrides },
        };
        match self
            .user
            .iter()
            .position(|e| e.rules.id() == entry.rules.id())
        {
            Some(i) => self.user[i] = entry,
            None => self.user.push(entry),
        }
    }

    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.all().0
    }

    /// The same rule sets, without the report of files that failed (for a
    /// part of the program that only looks rules up).
    #[must_use]
    pub fn rule_sets(&self) -> Catalog {
        Catalog {
            user: self.user.clone(),
            user_dir: self.user_dir.clone(),
            built_in: self.built_in.clone(),
            ..Catalog::default()
        }
    }

    /// Rule files that could not be loaded (the user's; a built-in one only
    /// where a test has already failed).
    pub fn problems(&self) -> impl Iterator<Item = &LoadError> {
        self.all().1.iter().chain(&self.user_problems)
    }

    #[must_use]
    pub fn find(&self, id: &str) -> Option<&Entry> {
        // A built-in file is named by its id (a test keeps them so): the
        // one asked for is read alone.
        if let Some(user) = self.user.iter().find(|e| e.rules.id() == id) {
            return Some(user);
        }
        self.built_in(built_in_index(id)?).as_ref().ok()
    }

    /// A rule set by id, or by the path of a rule file. An argument that names an
    /// existing file, contains a path separator or ends in `.toml` is a path.
    ///
    /// # Errors
    /// When the file cannot be loaded or no rule set has that id.
    pub fn resolve(&self, id_or_file: &str) -> Result<Entry, LoadError> {
        let path = Path::new(id_or_file);
        let looks_like_path = id_or_file.contains(std::path::MAIN_SEPARATOR)
            || id_or_file.contains('/')
            || path.extension().is_some_and(|e| e == "toml")
            || path.is_file();
        if looks_like_path {
            let rules = load_file(path)?;
            return Ok(Entry {
                rules: Arc::new(rules),
                origin: Origin::File(path.to_path_buf()),
            });
        }
        self.find(id_or_file).cloned().ok_or_else(|| {
            let known: Vec<&str> = self.entries().iter().map(|e| e.rules.id()).collect();
            LoadError::UnknownId(
                id_or_file.to_string(),
                format!("known ids are {}", known.join(", ")),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_rule_files_are_valid() {
        let catalog = Catalog::with_user_dir(None);
        let problems: Vec<_> = catalog.problems().collect();
        assert!(problems.is_empty(), "{problems:?}");
        let ids: Vec<&str> = catalog.entries().iter().map(|e| e.rules.id()).collect();
        assert_eq!(
            ids,
            [
                "kalaha",
                "raja-pasu",
                "sat-gharva",
                "oware",
                "toguz-kumalak",
                "dakon",
                "ayoayo",
                "vai-lung-thlan",
                "congkak",
                "sungka",
                "pallanguzhi",
                "ali-guli-mane",
                "mangala",
                "ayo-olopon",
                "songo",
                "das-bohnenspiel",
                "endodoi",
                "bestemshe",
                "nam-nam",
                "gabata",
                "kiuthi",
                "layli-goobalay",
                "bakuk",
                "hufesay",
                "obridjie",
                "cow",
                "goat",
                "alemungula",
                "ot-tjin",
                "djenon-aboure",
                "toguz-xorgol",
                "longbeu-a-cha",
                "dabuda",
                "al-manqala",
                "adji-kui",
                "bule-perga",
                "mangala-ii",
                "sadeqa-iii",
                "tihbat",
                "voleur",
                "bosh",
                "rio-kadalis",
                "pallam-kuzhi",
                "pandi",
                "ohvalhu",
                "erherhe",
                "adi",
                "numnum",
                "nsa-isong",
                "nam-nam-match",
                "gabata-match",
                "igisoro",
                "bao-kujifunza",
                "bao-kiswahili"
            ]
        );
    }

    #[test]
    fn unknown_id_lists_the_known_ones() {
        let err = Catalog::with_user_dir(None).resolve("awari").unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("\"awari\"") && text.contains("raja-pasu") && text.contains("oware"),
            "{text}"
        );
    }

    #[test]
    fn each_built_in_file_is_named_by_its_id_and_read_alone() {
        // `find` reads only the file named by the id it is asked for.
        let catalog = Catalog::with_user_dir(None);
        let entry = catalog.find("oware").expect("oware is built in");
        assert_eq!(entry.rules.id(), "oware");
        let read = catalog
            .built_in
            .iter()
            .filter(|b| b.get().is_some())
            .count();
        assert_eq!(read, 1, "one file read for one id");
        for (index, entry) in catalog.entries().iter().enumerate() {
            assert_eq!(BUILT_IN[index].0, format!("{}.toml", entry.rules.id()));
        }
    }

    #[test]
    fn a_user_file_takes_the_place_of_the_built_in_with_its_id() {
        let dir = std::env::temp_dir().join(format!("mancala-catalog-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let oware = BUILT_IN[built_in_index("oware").unwrap()].1;
        let renamed = oware.replacen("name = \"Oware (Abapa)\"", "name = \"My Oware\"", 1);
        assert_ne!(renamed, oware, "the name line is where the test looks");
        std::fs::write(dir.join("mine.toml"), &renamed).unwrap();
        std::fs::write(dir.join("broken.toml"), "id = ").unwrap();
        let catalog = Catalog::with_user_dir(Some(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(catalog.find("oware").unwrap().rules.name(), "My Oware");
        let entries = catalog.entries();
        let place = entries
            .iter()
            .position(|e| e.rules.id() == "oware")
            .unwrap();
        assert_eq!(
            place,
            built_in_index("oware").unwrap(),
            "in the built-in's place"
        );
        assert_eq!(
            entries.iter().filter(|e| e.rules.id() == "oware").count(),
            1
        );
        assert_eq!(entries.len(), BUILT_IN.len());
        assert_eq!(catalog.problems().count(), 1, "the broken file is reported");
    }
}

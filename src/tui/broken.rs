//! A user's rule file that cannot be played, as the game shows it.

use crate::catalog::LoadError;

/// A user rule file that could not be read, as the list of rule sets shows
/// it; every part made printable, as file names and contents are untrusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenRuleFile {
    /// The file's name, for the list.
    pub name: String,
    /// Its whole path.
    pub path: String,
    /// What is wrong with it.
    pub reason: String,
}

impl From<&LoadError> for BrokenRuleFile {
    fn from(error: &LoadError) -> BrokenRuleFile {
        let path = error.path();
        let name = path.and_then(|p| p.file_name()).map_or_else(
            || "rule file".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        BrokenRuleFile {
            name: crate::text::printable(&name),
            path: path.map_or_else(String::new, |p| {
                crate::text::printable(&p.display().to_string())
            }),
            reason: crate::text::printable_lines(&error.reason()),
        }
    }
}

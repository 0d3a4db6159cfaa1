//! The list of saved matches and the rule sets' files.

/// The heading of the list of matches.
#[must_use]
pub fn library_title(continuing: bool, shown: usize, all: usize) -> String {
    if continuing {
        format!(" Unfinished matches ({shown})")
    } else if shown == all {
        format!(" Saved matches ({shown})")
    } else {
        format!(" Saved matches ({shown} of {all})")
    }
}

#[must_use]
pub fn order(oldest_first: bool) -> &'static str {
    if oldest_first {
        "oldest first "
    } else {
        "last played first "
    }
}

pub const FILTER_LABEL: &str = " Filter: ";

#[must_use]
pub fn filter_hint(key: &str) -> String {
    format!(" {key} filters by player, title or variant")
}

#[must_use]
pub fn nothing_fits(clear: &str) -> String {
    format!("No saved match fits the filter ({clear} clears it).")
}

pub const NO_UNFINISHED: &str = "No unfinished match.";
pub const NO_MATCHES: &str = "No saved matches yet.";
pub const EVERY_MATCH_SAVED: &str = "Every match is saved as it is played.";

#[must_use]
pub fn cannot_be_read(reason: &str) -> String {
    format!("Cannot be read: {reason}")
}

/// The menu's word on the user's rule files that cannot be played.
#[must_use]
pub fn broken_files(count: usize) -> String {
    if count == 1 {
        "One of your rule files cannot be played: Play or Rules shows why.".to_string()
    } else {
        format!("{count} of your rule files cannot be played: Play or Rules shows why.")
    }
}

pub const BROKEN_FILE: &str = "This rule file cannot be played:";

#[must_use]
pub fn fix_and_reload(reload: &str) -> String {
    format!(
        "Fix the file and press {reload} to read it again; the other rule sets can be played meanwhile."
    )
}

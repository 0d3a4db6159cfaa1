//! Match ids: when the match began, to the millisecond, and a random suffix,
//! as in `20261129-210814-123-a3f9`. Sorting ids sorts matches by their start,
//! and the id is the name of the match's file in the library.

use std::fmt;
use std::hash::{BuildHasher, RandomState};
use std::str::FromStr;
use std::sync::atomic::{AtomicI64, Ordering};

use jiff::Timestamp;

/// A match's unique name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MatchId(String);

/// The last millisecond an id was made for in this process: two ids made in
/// the same millisecond get successive times, so they still sort in order.
static LAST_MILLIS: AtomicI64 = AtomicI64::new(i64::MIN);

impl MatchId {
    /// A new id for a match beginning now.
    #[must_use]
    pub fn new() -> MatchId {
        let now = super::time::now_millis();
        let previous = LAST_MILLIS
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
                Some(now.max(last.saturating_add(1)))
            })
            .unwrap_or(now);
        let millis = now.max(previous.saturating_add(1));
        MatchId::starting_at(millis, random_suffix(millis))
    }

    /// The id of a match that began at `millis` since 1970, with `suffix`.
    #[must_use]
    pub fn starting_at(millis: i64, suffix: u16) -> MatchId {
        let time = Timestamp::from_millisecond(millis).unwrap_or(Timestamp::UNIX_EPOCH);
        let fraction = millis.rem_euclid(1000);
        MatchId(format!(
            "{}-{fraction:03}-{suffix:04x}",
            time.strftime("%Y%m%d-%H%M%S")
        ))
    }

    /// An id for a match from an older save, which had none: its start second
    /// and a random suffix.
    #[must_use]
    pub fn for_start(seconds: u64) -> MatchId {
        let millis = i64::try_from(seconds).unwrap_or(0).saturating_mul(1000);
        MatchId::starting_at(millis, random_suffix(millis))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for MatchId {
    fn default() -> MatchId {
        MatchId::new()
    }
}

fn random_suffix(millis: i64) -> u16 {
    // A fresh random key per call: different processes and calls differ.
    (RandomState::new().hash_one((millis, std::process::id())) & 0xffff) as u16
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a text is not a match id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a match id (they look like 20261129-210814-123-a3f9)")]
pub struct NotAnId(pub String);

impl FromStr for MatchId {
    type Err = NotAnId;

    fn from_str(text: &str) -> Result<MatchId, NotAnId> {
        // yyyymmdd-hhmmss-mmm-xxxx
        let bytes = text.as_bytes();
        let shape = bytes.len() == 24
            && bytes.iter().enumerate().all(|(i, &b)| match i {
                8 | 15 | 19 => b == b'-',
                20..=23 => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
                _ => b.is_ascii_digit(),
            });
        if shape {
            Ok(MatchId(text.to_string()))
        } else {
            Err(NotAnId(text.chars().take(40).collect()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_names_the_start_time() {
        let id = MatchId::starting_at(1_795_986_075_123, 0xa3f9);
        assert_eq!(id.as_str(), "20261129-210115-123-a3f9");
        assert_eq!(id.as_str().parse::<MatchId>(), Ok(id));
    }

    #[test]
    fn ids_are_unique_and_sort_by_time() {
        let ids: Vec<MatchId> = (0..2000).map(|_| MatchId::new()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, ids, "made in order, all different");
        let earlier = MatchId::starting_at(1_795_986_075_999, 0xffff);
        let later = MatchId::starting_at(1_795_986_076_000, 0);
        assert!(earlier < later);
    }

    #[test]
    fn ids_made_at_once_in_threads_differ() {
        let handles: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| (0..500).map(|_| MatchId::new()).collect::<Vec<_>>()))
            .collect();
        let mut all: Vec<MatchId> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        let count = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), count);
    }

    #[test]
    fn other_names_are_not_ids() {
        for text in [
            "",
            "autosave",
            "20261129-210115-123-A3F9",
            "20261129-210115-123-a3f",
            "20261129_210115-123-a3f9",
            "../../etc/passwd",
        ] {
            assert!(text.parse::<MatchId>().is_err(), "{text}");
        }
    }
}

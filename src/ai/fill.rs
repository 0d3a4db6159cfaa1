//! The loser's choice of pits to fill before the next round (rules.md
//! §12, Erherhe), made by searching the round each choice would begin.

use std::time::Instant;

use super::player::Level;
use super::search::{Limits, Searcher};
use crate::engine::{Fill, Pit, Position, Rules};

/// Choices looked at one by one up to this many; beyond it (long rows)
/// only the runs of pits next to each other, round the row.
const MOST_CHOICES: usize = 64;

/// The fewest nodes one choice is searched with, whatever the level.
const FEWEST_NODES: u64 = 2_000;

/// The pits the computer at `level`, having lost the round just over,
/// fills for the next one: the choice whose round its search values best
/// for it. `None` where no one chooses ([`Position::fill_choice`]). Each
/// choice gets an equal share of the level's nodes and of the time left
/// before `deadline`.
#[must_use]
pub fn choose_fill(
    rules: &Rules,
    position: &Position,
    level: Level,
    deadline: Instant,
) -> Option<Fill> {
    let chooser = position.fill_choice(rules)?;
    let choices = fills(position.pit_count(), chooser.count);
    let mut searcher = Searcher::new(rules, 8);
    let mut best: Option<(Fill, i32)> = None;
    let share = u64::try_from(choices.len()).unwrap_or(u64::MAX).max(1);
    for (k, &fill) in choices.iter().enumerate() {
        let Ok(next) = position.next_round_filling(rules, Some(fill)) else {
            continue;
        };
        let left = u32::try_from(choices.len() - k).unwrap_or(u32::MAX).max(1);
        let limits = Limits {
            max_nodes: level.nodes().map(|nodes| (nodes / share).max(FEWEST_NODES)),
            deadline: Some(
                Instant::now() + deadline.saturating_duration_since(Instant::now()) / left,
            ),
            ..Limits::depth(64)
        };
        let report = searcher.search(&next, limits, false);
        // The search's value is the player to move's.
        let value = if next.to_move() == Some(chooser.side) {
            report.value
        } else {
            -report.value
        };
        if best.is_none_or(|(_, was)| value > was) {
            best = Some((fill, value));
        }
    }
    best.map(|(fill, _)| fill)
}

/// Every choice of `count` of a row's `pits` pits, or where they are too
/// many, each run of `count` pits next to each other (round the row).
fn fills(pits: u8, count: u8) -> Vec<Fill> {
    let mut all = Vec::new();
    combinations(pits, count, 1, Fill::default(), &mut all);
    if all.len() > MOST_CHOICES {
        all = (0..pits)
            .map(|start| Fill::of((0..count).map(|k| Pit::new((start + k) % pits + 1))))
            .collect();
    }
    all
}

/// Adds to `all` every way of choosing `count` more pits from pit `from`
/// on to `so_far`, stopping once there are more than [`MOST_CHOICES`].
fn combinations(pits: u8, count: u8, from: u8, so_far: Fill, all: &mut Vec<Fill>) {
    if all.len() > MOST_CHOICES {
        return;
    }
    if count == 0 {
        all.push(so_far);
        return;
    }
    for pit in from..=pits.saturating_sub(count - 1) {
        combinations(pits, count - 1, pit + 1, so_far.toggled(Pit::new(pit)), all);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_is_offered_on_a_short_row_and_runs_on_a_long_one() {
        let six = fills(6, 4);
        assert_eq!(six.len(), 15);
        assert!(six.iter().all(|fill| fill.count() == 4));
        let mut unique = six.clone();
        unique.sort_by_key(ToString::to_string);
        unique.dedup();
        assert_eq!(unique.len(), 15);
        let long = fills(16, 8);
        assert_eq!(long.len(), 16);
        assert!(long.iter().all(|fill| fill.count() == 8));
        assert!(long.contains(&Fill::of((9..=16).map(Pit::new))));
        assert!(long.contains(&Fill::of([15, 16, 1, 2, 3, 4, 5, 6].map(Pit::new))));
    }
}

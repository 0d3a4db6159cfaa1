//! What a rule set is, in a player's words: the one-line summary of menus
//! and `rules list`, and the sheet of every parameter that `rules show` and
//! the rules screen print, each made from the rule data.

use std::fmt::Write;

use super::RULES_IN_FULL;
use crate::engine::{Across, ByCount, Leap, OwnedPits, Rules, SeedsIn, Stores, WhileSowing};

/// "2 rows of 6 pits, 4 seeds each (48 in all)"; on four rows, "4 rows of
/// 8 pits, 4 seeds in each front pit (64 in all)".
#[must_use]
pub fn board_size(rules: &Rules) -> String {
    let hand = if rules.board().in_hand > 0 {
        format!(", {} in each hand", rules.board().in_hand)
    } else {
        String::new()
    };
    if let Some(start) = rules.board().start.as_ref() {
        let pits = usize::from(rules.pits());
        let row = |counts: &[u8]| {
            counts[..pits]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        return format!(
            "{} rows of {} pits, each front row {} and back row {}{hand} ({} in all)",
            rules.rows(),
            rules.pits(),
            row(&start.front),
            row(&start.back),
            rules.total_seeds()
        );
    }
    let each = match (rules.rows(), rules.board().seeds_in) {
        (4, SeedsIn::FrontRows) => "in each front pit",
        _ => "each",
    };
    format!(
        "{} rows of {} pits, {} seeds {each}{hand} ({} in all)",
        rules.rows(),
        rules.pits(),
        rules.seeds_per_pit(),
        rules.total_seeds()
    )
}

/// The sheet's line on four-row captures (§10): what is taken, where the
/// seeds go, and when.
fn four_row_captures_said(rules: &Rules) -> String {
    let plan = rules.plan();
    if let Some(front) = plan.front_across {
        return front.said(rules.board().in_hand);
    }
    match plan.pair_across {
        Some(pair) => pair.said(plan.ways.reversal()),
        None => "no".to_string(),
    }
}

/// The mechanics in one line, for menus and `rules list`: each mechanic's
/// words, in the order a turn meets them.
#[must_use]
pub fn rules_summary(rules: &Rules) -> String {
    let plan = rules.plan();
    let total = rules.total_seeds();
    let mut parts: Vec<String> = vec![plan.ways.in_brief().to_string()];
    parts.extend(plan.laps.reverse_in_brief().map(str::to_string));
    parts.extend(plan.playable.min_seeds_in_brief());
    parts.extend(plan.laps.first_seed_in_brief().map(str::to_string));
    parts.extend(plan.relay.in_brief().map(str::to_string));
    parts.extend(plan.laps.skip_in_brief().into_iter().map(str::to_string));
    let while_sowing = WhileSowing::said(plan.while_sowing);
    if !while_sowing.is_empty() {
        parts.push(while_sowing);
    }
    parts.extend(plan.leap.map(|leap| leap.in_brief().to_string()));
    parts.extend(plan.across.map(Across::in_brief));
    parts.extend(plan.by_count.map(|by_count| by_count.in_brief(total)));
    if let Some(owned) = plan.owned_pits {
        parts.push(owned.in_brief().to_string());
        if owned.capture_from_opponent {
            parts.push("captures from the opponent's owned pits".to_string());
        }
    }
    parts.extend(plan.goal.in_brief().into_iter().map(str::to_string));
    if plan.playable.must_feed {
        parts.push("must feed".to_string());
    }
    parts.extend(
        plan.playable
            .must_reach_in_brief()
            .into_iter()
            .map(str::to_string),
    );
    parts.extend(plan.extra_turn.in_brief().into_iter().map(str::to_string));
    parts.extend(plan.goal.rest_in_brief().map(str::to_string));
    parts.extend(plan.rounds.in_brief().into_iter().map(str::to_string));
    parts.join(", ")
}

/// The width of a rule sheet's labels: the longest ("Kalah capture:") and a
/// space, so no value touches its label.
pub const SHEET_LABEL_WIDTH: usize = 15;

/// The description followed by every parameter, one a line.
#[must_use]
pub fn rules_sheet(rules: &Rules) -> String {
    let mut out = format!(
        "{} ({})\n\n{}\n\n",
        rules.name(),
        rules.id(),
        rules.description()
    );
    // Every label and its colon, then at least one space.
    let width = SHEET_LABEL_WIDTH;
    for (label, value) in sowing_rows(rules).into_iter().chain(end_rows(rules)) {
        let _ = writeln!(out, "{:<width$}{value}", format!("{label}:"));
    }
    for source in rules.sources() {
        let _ = writeln!(out, "{:<width$}{source}", "source:");
    }
    let _ = writeln!(out, "\n{RULES_IN_FULL}");
    out
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The sheet's lines on the board, a turn and its captures, each in its
/// mechanic's words.
fn sowing_rows(rules: &Rules) -> Vec<(&'static str, String)> {
    let plan = rules.plan();
    let stores = match rules.board().stores {
        _ if rules.rows() == 4 => "none: captured seeds go back into play",
        Stores::Sown => "sown (own store only)",
        Stores::NotSown => "on the board, not sown",
        Stores::Aside => "none: captures are kept aside",
    };
    let direction = if plan.laps.reverse_laps {
        format!("{}, each relay lap turning back", plan.ways.said())
    } else {
        plan.ways.said()
    };
    let while_sowing = WhileSowing::said(plan.while_sowing);
    let mut rows = vec![
        ("board", board_size(rules)),
        ("stores", stores.to_string()),
        ("direction", direction),
        ("pit to play", plan.playable.said(rules.board().in_hand)),
        ("first seed", plan.laps.first_seed_said().to_string()),
        ("skip origin", yes_no(plan.laps.skip_origin).to_string()),
        ("relay", plan.relay.said().to_string()),
        (
            "skip each lap",
            yes_no(plan.laps.skip_lap_start).to_string(),
        ),
        ("extra turn", plan.extra_turn.said().to_string()),
        (
            "while sowing",
            if while_sowing.is_empty() {
                "no".to_string()
            } else {
                while_sowing
            },
        ),
        ("leap capture", Leap::said(plan.leap).to_string()),
        ("Kalah capture", Across::said(plan.across)),
        (
            "row captures",
            ByCount::said(plan.by_count, rules.total_seeds()),
        ),
        ("owned pits", OwnedPits::said(plan.owned_pits)),
        ("must feed", yes_no(plan.playable.must_feed).to_string()),
    ];
    if rules.rows() == 4 {
        rows.push(("four rows", four_row_captures_said(rules)));
    }
    rows
}

/// The sheet's lines on the end of a round and the match.
fn end_rows(rules: &Rules) -> Vec<(&'static str, String)> {
    let plan = rules.plan();
    plan.goal
        .said()
        .into_iter()
        .chain(plan.rounds.said())
        .collect()
}

/// Joins a rule file's hard-wrapped lines into paragraphs (and `- ` list
/// items), so the terminal can wrap them at its own width.
#[must_use]
pub fn reflow(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            out.push(String::new());
            open = false;
        } else if open && !line.trim_start().starts_with("- ") {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            out.push(line.trim().to_string());
            open = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built_in(id: &str) -> Rules {
        (*crate::catalog::Catalog::with_user_dir(None)
            .find(id)
            .unwrap()
            .rules)
            .clone()
    }

    /// A four-row board is said as four rows, its seeds where they start,
    /// its captures and how it is lost; two-row sheets say nothing of it.
    #[test]
    fn a_four_row_sheet_says_its_rows_captures_and_end() {
        let igisoro = rules_sheet(&built_in("igisoro"));
        assert!(igisoro.contains("4 rows of 8 pits, 4 seeds in each front pit (64 in all)"));
        assert!(igisoro.contains("captured seeds go back into play"));
        assert!(igisoro.contains("four rows:     the front and back pit across"));
        assert!(igisoro.contains("the player who cannot move loses"));
        let bao = rules_sheet(&built_in("bao-kujifunza"));
        assert!(bao.contains("4 rows of 8 pits, 2 seeds each (64 in all)"));
        assert!(bao.contains("the front pit across, sown back in from a kichwa"));
        assert!(bao.contains("a capture empties a front row"));
        let kalaha = rules_sheet(&built_in("kalaha"));
        assert!(kalaha.contains("2 rows of 6 pits") && !kalaha.contains("four rows"));
    }
}

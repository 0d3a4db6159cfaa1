//! What a rule set is, in a player's words: the one-line summary of menus
//! and `rules list`, and the sheet of every parameter that `rules show` and
//! the rules screen print, each made from the rule data.

use std::fmt::Write;

use super::RULES_IN_FULL;
use crate::engine::{
    CountRow, EndsWhen, FirstPlayer, GrandSlam, NextStarter, OwnedSeeds, Relay, RestGoesTo, Rounds,
    Rules, SeedsIn, Stores,
};

/// "2 rows of 6 pits, 4 seeds each (48 in all)"; on four rows, "4 rows of
/// 8 pits, 4 seeds in each front pit (64 in all)".
#[must_use]
pub fn board_size(rules: &Rules) -> String {
    let hand = if rules.in_hand() > 0 {
        format!(", {} in each hand", rules.in_hand())
    } else {
        String::new()
    };
    if let Some(start) = rules.start_rows() {
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
    let each = match (rules.rows(), rules.seeds_in()) {
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
    if let Some(front) = rules.front_across() {
        let most = if front.most_seeds == u16::MAX {
            String::new()
        } else {
            format!(" (a pit of more than {} starts none)", front.most_seeds)
        };
        let mut said = format!(
            "the front pit across, sown back in from a kichwa; compulsory where one \
             exists{most}, else a takasa that takes nothing"
        );
        if rules.in_hand() > 0 {
            said.push_str(
                "; while seeds are in hand, each move first puts one into a front pit \
                 (namua), capturing at once where it faces seeds",
            );
        }
        if let Some(nyumba) = front.nyumba {
            let _ = write!(
                said,
                "; front pit {} is the nyumba, owned until lifted or captured, which \
                 ends a lap from the hand when it holds {} or more",
                nyumba.pit, nyumba.functional
            );
            if nyumba.safari {
                said.push_str(", or lets a capture go on (safari)");
            }
        }
        if front.takasia {
            said.push_str("; a takasa may block a pit of the opponent's (takasia)");
        }
        return said;
    }
    let Some(pair) = rules.pair_across() else {
        return "no".to_string();
    };
    let mut said = "the front and back pit across, sown on from the lap's pit".to_string();
    if pair.from_ply > 1 {
        let _ = write!(said, ", from ply {}", pair.from_ply);
    }
    if let Some(reversal) = rules.reversal() {
        let _ = write!(
            said,
            "; a lap from one of {} pits may turn where that captures, the mover choosing",
            reversal.pits.count_ones()
        );
        if reversal.from_ply > 1 {
            let _ = write!(said, " (from ply {})", reversal.from_ply);
        }
    }
    said
}

/// The mechanics in one line, for menus and `rules list`.
#[must_use]
pub fn rules_summary(rules: &Rules) -> String {
    let mut parts: Vec<&str> = vec![if rules.direction_chosen() {
        "either way, as the mover chooses"
    } else {
        rules.direction().word()
    }];
    if rules.reverse_laps() {
        parts.push("each lap turning back");
    }
    let fewest = format!("pits of {} or more played", rules.min_seeds());
    if rules.min_seeds() > 1 {
        parts.push(&fewest);
    }
    if rules.from_origin() {
        parts.push("sown from the origin");
    }
    match rules.relay_kind() {
        Relay::Off => {}
        Relay::NextPit => parts.push("relay sowing"),
        Relay::LandingPit => parts.push("relay from the landing pit"),
    }
    if rules.skip_origin() {
        parts.push("origin skipped");
    }
    if rules.skip_lap_start() {
        parts.push("each lap's start skipped");
    }
    let while_sowing = while_sowing_said(rules);
    if !while_sowing.is_empty() {
        parts.push(&while_sowing);
    }
    if rules.leap_capture() {
        parts.push(if rules.leap_also_across() {
            "leap capture with the pit across"
        } else {
            "leap capture"
        });
    }
    let kalah = format!(
        "{}{}",
        if rules.kalah_empty() {
            "Kalah capture (also across an empty pit)"
        } else if rules.kalah_takes_capturing_seed() {
            "Kalah capture"
        } else {
            "Kalah capture (the capturing seed stays)"
        },
        kalah_limits_in_brief(rules)
    );
    if rules.kalah_capture() {
        parts.push(&kalah);
    }
    let counts = count_captures(rules);
    if !counts.is_empty() {
        parts.push(&counts);
    }
    if let Some(owned) = rules.owned_pits() {
        parts.push(match (owned.seeds, owned.pair_across) {
            (OwnedSeeds::ToOwner, _) => "owned pits (tuzdyk)",
            (OwnedSeeds::Kept, None) => "owned pits that keep their seeds",
            (OwnedSeeds::Kept, Some(_)) => "owned pits, made in pairs, that keep their seeds",
        });
    }
    if rules.captures_from_owned_pits() {
        parts.push("captures from the opponent's owned pits");
    }
    if rules.passing() {
        parts.push("a player who cannot move passes");
    }
    if rules.must_feed() {
        parts.push("must feed");
    }
    if rules.extra_turn() {
        parts.push("extra turn in own store");
    }
    if rules.move_after_capture() {
        parts.push("one more move after a capture");
    }
    if rules.rest_goes_to() == RestGoesTo::Emptier {
        parts.push("the player whose row is empty takes the rest");
    }
    parts.push(match (rules.rounds(), rules.next_starter()) {
        (Rounds::Single, _) => "one game",
        (Rounds::Many, NextStarter::Loser) => "match of rounds, the loser starting the next",
        (Rounds::Many, _) => "match of rounds",
    });
    if rules.swap_by_default() {
        parts.push("swap rule");
    }
    if rules.partial_pit() {
        parts.push("loser's partial pit");
    }
    parts.join(", ")
}

/// What limits and extends the Kalah capture, as the sheet says it: "only
/// once the turn has reached the opponent's row (else another move);
/// chained along the last lap's way" (empty for the plain capture).
fn kalah_limits_said(rules: &Rules) -> String {
    let Some(across) = rules.capture().across else {
        return String::new();
    };
    let mut said = Vec::new();
    if across.after_reaching {
        said.push("only once the turn has reached the opponent's row (else another move)");
    }
    if across.chain {
        said.push("chained along the last lap's way");
    }
    said.join("; ")
}

/// The same in a word or two, for the one-line summary.
fn kalah_limits_in_brief(rules: &Rules) -> &'static str {
    match rules.capture().across.map(|a| (a.after_reaching, a.chain)) {
        Some((true, true)) => " (after reaching the opponent's row; chained)",
        Some((true, false)) => " (after reaching the opponent's row)",
        Some((false, true)) => " (chained)",
        _ => "",
    }
}

/// "captures 2s and 3s on the opponent's row" (empty without such captures).
fn count_captures(rules: &Rules) -> String {
    let row = match rules.count_row() {
        CountRow::Opponent => "the opponent's row",
        CountRow::Either => "either row",
    };
    let counts = counts_said(rules);
    if counts.is_empty() {
        String::new()
    } else {
        format!("captures {counts} on {row}")
    }
}

/// The capturing counts as a player reads them: "2s and 3s", "1s", "even
/// counts".
fn counts_said(rules: &Rules) -> String {
    let counts = rules.capture_counts();
    let evens: Vec<u16> = (1..=rules.total_seeds() / 2).map(|c| 2 * c).collect();
    if counts.len() > 2 && counts == evens {
        return "even counts".to_string();
    }
    let counts: Vec<String> = counts.iter().map(|c| format!("{c}s")).collect();
    match counts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// `text`, or "no" where it is empty.
fn or_no(text: String) -> String {
    if text.is_empty() {
        "no".to_string()
    } else {
        text
    }
}

/// The width of a rule sheet's labels: the longest ("Kalah capture:") and a
/// space, so no value touches its label.
pub const SHEET_LABEL_WIDTH: usize = 15;

/// "fours to the row's owner" (empty where nothing is taken while sowing),
/// with what the last seed's group and the last seeds do where the rules
/// say.
fn while_sowing_said(rules: &Rules) -> String {
    let mut said = match rules.while_sowing_count() {
        0 => return String::new(),
        4 => "fours to the row's owner".to_string(),
        count => format!("pits of {count} to the row's owner"),
    };
    if rules.last_seed_group_to_sower() {
        said.push_str(", the last seed's to the sower");
    }
    match rules.leftover_to_capturer() {
        0 => {}
        1 => said.push_str("; 1 seed left goes to the last taker"),
        most => {
            let _ = write!(said, "; 1 to {most} seeds left go to the last taker");
        }
    }
    said
}

/// The sheet's line on captures by count.
fn count_captures_said(rules: &Rules) -> String {
    if !rules.count_captures() {
        return "no".to_string();
    }
    let chain = if rules.chain_captures() {
        ", chained backwards"
    } else {
        ""
    };
    let slam = match rules.grand_slam() {
        GrandSlam::CapturesAll => "",
        GrandSlam::CapturesNothing => "; a grand slam (the whole row) captures nothing",
    };
    let row = match rules.count_row() {
        CountRow::Opponent => "the opponent's row",
        CountRow::Either => "either row",
    };
    format!("{} on {row}{chain}{slam}", counts_said(rules))
}

/// The sheet's line on owned pits.
fn owned_pits_said(rules: &Rules) -> String {
    let Some(owned) = rules.owned_pits() else {
        return "no".to_string();
    };
    let mut parts = Vec::new();
    if let Some(count) = owned.count {
        parts.push(match owned.seeds {
            OwnedSeeds::ToOwner => format!(
                "a last seed making {count} on the opponent's row makes the pit the mover's, one each"
            ),
            OwnedSeeds::Kept => format!(
                "a lap's last seed making {count} on the opponent's row makes the pit the mover's"
            ),
        });
    }
    if let Some(pair) = owned.pair_across {
        parts.push(format!(
            "a turn ending in an empty own pit facing {pair} makes both the mover's"
        ));
    }
    let mut text = parts.join("; ");
    if owned.seeds == OwnedSeeds::Kept {
        text.push_str("; their seeds stay in them");
    }
    if rules.captures_from_owned_pits() {
        text.push_str("; a turn ending in the opponent's takes 2 and moves again");
    }
    if owned.count.is_some() && !owned.last_pit_allowed {
        text.push_str("; not the opponent's last pit");
    }
    if owned.count.is_some() && !owned.same_number_allowed {
        text.push_str("; not the number across from the opponent's own");
    }
    text
}

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

/// The sheet's lines on the board, a turn and its captures.
fn sowing_rows(rules: &Rules) -> Vec<(&'static str, String)> {
    let stores = match rules.stores() {
        _ if rules.rows() == 4 => "none: captured seeds go back into play",
        Stores::Sown => "sown (own store only)",
        Stores::NotSown => "on the board, not sown",
        Stores::Aside => "none: captures are kept aside",
    };
    let relay = match rules.relay_kind() {
        Relay::Off => "no",
        Relay::NextPit => "from the pit after the last seed's",
        Relay::LandingPit => "from the last seed's pit, if it held seeds",
    };
    let first_seed = if rules.from_origin() {
        "back into the pit emptied (a single seed moves on)"
    } else {
        "into the place after the pit emptied"
    };
    let kalah = match (
        rules.kalah_capture(),
        rules.kalah_empty(),
        rules.kalah_takes_capturing_seed(),
    ) {
        (false, ..) => "no",
        (true, false, true) => "yes (the pit across must hold seeds)",
        (true, false, false) => {
            "yes, the seeds across only (the capturing seed stays; the pit across must hold seeds)"
        }
        (true, true, _) => "yes (also across an empty pit)",
    };
    let limits = kalah_limits_said(rules);
    let kalah = if rules.kalah_capture() && !limits.is_empty() {
        format!("{kalah}; {limits}")
    } else {
        kalah.to_string()
    };
    let direction = if rules.direction_chosen() {
        "chosen by the mover for each move".to_string()
    } else {
        rules.direction().to_string()
    };
    let direction = if rules.reverse_laps() {
        format!("{direction}, each relay lap turning back")
    } else {
        direction
    };
    let mut pit_to_play = match rules.min_seeds() {
        0 | 1 => "any of one's own with seeds".to_string(),
        fewest => format!("one of one's own holding {fewest} seeds or more"),
    };
    if rules.in_hand() > 0 {
        pit_to_play.push_str("; while seeds are in hand, an occupied front pit");
    }
    let leap = match (rules.leap_capture(), rules.leap_also_across()) {
        (false, _) => "no",
        (true, false) => "yes",
        (true, true) => "yes, and the pit facing it",
    };
    let extra = match (rules.extra_turn(), rules.move_after_capture()) {
        (false, false) => "no",
        (true, false) => "a last seed in one's own store",
        (false, true) => "one more move after a capture (once)",
        (true, true) => "a last seed in one's own store; one more move after a capture (once)",
    };
    let mut rows = vec![
        ("board", board_size(rules)),
        ("stores", stores.to_string()),
        ("direction", direction),
        ("pit to play", pit_to_play),
        ("first seed", first_seed.to_string()),
        ("skip origin", yes_no(rules.skip_origin()).to_string()),
        ("relay", relay.to_string()),
        ("skip each lap", yes_no(rules.skip_lap_start()).to_string()),
        ("extra turn", extra.to_string()),
        ("while sowing", or_no(while_sowing_said(rules))),
        ("leap capture", leap.to_string()),
        ("Kalah capture", kalah),
        ("row captures", count_captures_said(rules)),
        ("owned pits", owned_pits_said(rules)),
        ("must feed", yes_no(rules.must_feed()).to_string()),
    ];
    if rules.rows() == 4 {
        rows.push(("four rows", four_row_captures_said(rules)));
    }
    rows
}

/// The sheet's lines on the end of a round and the match.
fn end_rows(rules: &Rules) -> Vec<(&'static str, String)> {
    let ends_when = match rules.ends_when() {
        EndsWhen::RowEmpty => "after a move that leaves a row empty",
        EndsWhen::NoMove => "when the player to move has no legal move",
        EndsWhen::NoOneCanMove => "when no one can move (a player who cannot move passes)",
    };
    let ends_when = if rules.front_row_empty_loses() {
        "a capture empties a front row, or a move its own mover's: that player loses; \
         so does the player to move with no legal move"
    } else if rules.stuck_player_loses() {
        "the player who cannot move loses (at once, where a capture leaves them so)"
    } else {
        ends_when
    };
    let rest = match rules.rest_goes_to() {
        _ if rules.stuck_player_loses() => "they stay where they lie",
        RestGoesTo::RowOwner => "each player takes the seeds on their own row",
        RestGoesTo::OtherPlayer => "the player who could still move takes them all",
        RestGoesTo::Emptier => "the player whose row is empty takes the other row",
    };
    let mut other_ends = Vec::new();
    if rules.more_than_half_ends() {
        other_ends.push("more than half the seeds in store");
    }
    if rules.repetition_ends() {
        other_ends.push("a position repeated since the last capture");
    }
    let rounds = match (rules.rounds(), rules.next_starter()) {
        (Rounds::Single, _) => "one game",
        (Rounds::Many, NextStarter::TookRemaining) => {
            "a match of rounds; who took the remaining seeds starts the next"
        }
        (Rounds::Many, NextStarter::Winner) => {
            "a match of rounds; the winner starts the next (after a draw, the other player)"
        }
        (Rounds::Many, NextStarter::Loser) => {
            "a match of rounds; the loser starts the next (after a draw, the other player)"
        }
    };
    let first = match rules.first_player() {
        FirstPlayer::Chosen => "chosen",
        FirstPlayer::Drawn => "chosen or drawn",
        FirstPlayer::OddEven => "odd-or-even guess",
    };
    vec![
        ("round ends", ends_when.to_string()),
        ("seeds left", rest.to_string()),
        ("also ends at", or_no(other_ends.join("; "))),
        ("rounds", rounds.to_string()),
        ("partial pit", yes_no(rules.partial_pit()).to_string()),
        ("first player", first.to_string()),
        (
            "swap rule",
            if rules.swap_by_default() {
                "on (the second player may swap after the first turn)"
            } else {
                "off (a setup choice)"
            }
            .to_string(),
        ),
    ]
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

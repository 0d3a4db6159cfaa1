//! A rule set written back as a rule file in today's keys: what
//! `mancala rules show --toml` prints, so a file of older keys can be
//! brought up to date. Only what is on (or not the default) is written, so
//! the file reads as the game's description does.

use super::{
    AcrossEmpty, CapturingSeed, CountRow, CountSet, FirstSeed, GrandSlam, LastSeedGroup,
    OwnedSeeds, Relay, RestGoesTo, Rounds, Rules, SeedsIn,
};
use crate::engine::ground::Pit;
use crate::engine::moves::Move;

/// A text value quoted as TOML reads it.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The description as a block of lines where it can be one (no backslash or
/// triple quote to escape), else quoted on one line.
fn block(text: &str) -> String {
    if text.contains('\\') || text.contains("\"\"\"") || text.ends_with('"') {
        quoted(text)
    } else {
        format!("\"\"\"\n{text}\n\"\"\"")
    }
}

pub(super) fn write(rules: &Rules) -> String {
    let mut out = String::new();
    write_head(rules, &mut |text| line(&mut out, text));
    write_captures(rules, &mut |text| line(&mut out, text));
    write_round(rules, &mut |text| line(&mut out, text));
    out
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

/// The texts, the board, the sowing and the extra turn.
fn write_head(rules: &Rules, line: &mut dyn FnMut(&str)) {
    line(&format!("id = {}", quoted(&rules.id)));
    line(&format!("name = {}", quoted(&rules.name)));
    line(&format!("description = {}", block(&rules.description)));
    if let Some(played_in) = &rules.played_in {
        line(&format!("played-in = {}", quoted(played_in)));
    }
    if !rules.sources.is_empty() {
        line("sources = [");
        for source in &rules.sources {
            line(&format!("    {},", quoted(source)));
        }
        line("]");
    }

    let board = rules.board;
    line("\n[board]");
    if board.rows != 2 {
        line(&format!("rows = {}", board.rows));
    }
    line(&format!("pits = {}", board.pits));
    if let Some(start) = &board.start {
        let pits = usize::from(board.pits);
        for (key, row) in [("front", &start.front), ("back", &start.back)] {
            let counts: Vec<String> = row[..pits].iter().map(u8::to_string).collect();
            line(&format!("{key} = [{}]", counts.join(", ")));
        }
    } else {
        line(&format!("seeds-per-pit = {}", board.seeds_per_pit));
    }
    if board.in_hand > 0 {
        line(&format!("in-hand = {}", board.in_hand));
    }
    if board.seeds_in != SeedsIn::EveryPit {
        line(&format!("seeds-in = \"{}\"", board.seeds_in));
    }
    // Four-row boards have no stores to name.
    if board.rows == 2 {
        line(&format!("stores = \"{}\"", board.stores));
    }

    let sowing = rules.sowing;
    line("\n[sowing]");
    if sowing.direction_chosen {
        line("direction = \"chosen\"");
    } else {
        line(&format!("direction = \"{}\"", sowing.direction));
    }
    if sowing.min_seeds > 1 {
        line(&format!("min-seeds = {}", sowing.min_seeds));
    }
    if sowing.first_seed != FirstSeed::NextPlace {
        line(&format!("first-seed = \"{}\"", sowing.first_seed));
    }
    let skipped: Vec<&str> = [
        (sowing.skip_origin, "\"origin\""),
        (sowing.skip_lap_start, "\"lap-start\""),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, word)| *word)
    .collect();
    if !skipped.is_empty() {
        line(&format!("skip = [{}]", skipped.join(", ")));
    }
    if sowing.relay != Relay::Off {
        line(&format!("relay = \"{}\"", sowing.relay));
    }
    if sowing.reverse_laps {
        line("reverse-laps = true");
    }
    if sowing.must_feed {
        line("must-feed = true");
    }
    if let Some(reversal) = sowing.reversal {
        line("\n[sowing.reversal]");
        let shape = rules.shape();
        let names: Vec<String> = Pit::all(shape.pits_per_side())
            .filter(|pit| reversal.pits >> pit.offset() & 1 == 1)
            .map(|pit| {
                let (row, number) = shape.named(pit);
                quoted(&Move::in_row(row, number).to_string())
            })
            .collect();
        line(&format!("pits = [{}]", names.join(", ")));
        if reversal.from_ply > 1 {
            line(&format!("from-ply = {}", reversal.from_ply));
        }
    }

    let extra = rules.extra_turn;
    if extra.own_store || extra.after_capture {
        line("\n[extra-turn]");
        if extra.own_store {
            line("own-store = true");
        }
        if extra.after_capture {
            line("after-capture = true");
        }
    }
}

/// The `[capture.*]` tables and owned pits.
fn write_captures(rules: &Rules, line: &mut dyn FnMut(&str)) {
    let capture = rules.capture;
    if let Some(while_sowing) = capture.while_sowing {
        line("\n[capture.while-sowing]");
        line(&format!("count = {}", while_sowing.count));
        if while_sowing.last_seed != LastSeedGroup::default() {
            line(&format!("last-seed = \"{}\"", while_sowing.last_seed));
        }
        if while_sowing.leftover_to_capturer > 0 {
            line(&format!(
                "leftover-to-capturer = {}",
                while_sowing.leftover_to_capturer
            ));
        }
    }
    if let Some(leap) = capture.leap {
        line("\n[capture.leap]");
        if leap.also_across {
            line("also-across = true");
        }
    }
    if let Some(across) = capture.across {
        line("\n[capture.across]");
        if across.across_empty != AcrossEmpty::Nothing {
            line(&format!("across-empty = \"{}\"", across.across_empty));
        }
        if across.after_reaching {
            line("after-reaching = true");
        }
        if across.chain {
            line("chain = true");
        }
        if across.capturing_seed != CapturingSeed::Taken {
            line(&format!("capturing-seed = \"{}\"", across.capturing_seed));
        }
    }
    if let Some(by_count) = capture.by_count {
        line("\n[capture.by-count]");
        if by_count.counts == CountSet::evens_up_to(rules.total_seeds()) {
            line("counts = \"even\"");
        } else {
            let counts: Vec<String> = by_count.counts.iter().map(|c| c.to_string()).collect();
            line(&format!("counts = [{}]", counts.join(", ")));
        }
        if by_count.row != CountRow::Opponent {
            line(&format!("row = \"{}\"", by_count.row));
        }
        if by_count.chain {
            line("chain = true");
        }
        if by_count.grand_slam != GrandSlam::CapturesAll {
            line(&format!("grand-slam = \"{}\"", by_count.grand_slam));
        }
    }

    if capture.owned_pit.is_some() {
        line("\n[capture.owned-pit]");
    }
    if let Some(pair) = capture.pair_across {
        line("\n[capture.pair-across]");
        line(&format!("sown-from = \"{}\"", pair.sown_from));
        if pair.from_ply > 1 {
            line(&format!("from-ply = {}", pair.from_ply));
        }
    }
    if let Some(front) = capture.front_across {
        line("\n[capture.front-across]");
        if front.most_seeds != u16::MAX {
            line(&format!("most-seeds = {}", front.most_seeds));
        }
        line(&format!("takasa-from = \"{}\"", front.takasa_from));
        line(&format!("outward-takasa = {}", front.outward_takasa));
        if front.takasia {
            line("takasia = true");
        }
        if let Some(nyumba) = front.nyumba {
            line("\n[capture.front-across.nyumba]");
            line(&format!("pit = {}", nyumba.pit));
            line(&format!("functional = {}", nyumba.functional));
            line(&format!("safari = {}", nyumba.safari));
        }
    }
    if let Some(owned) = rules.owned_pits {
        line("\n[owned-pits]");
        if let Some(count) = owned.count {
            line(&format!("count = {count}"));
        }
        if owned.seeds != OwnedSeeds::default() {
            line(&format!("seeds = \"{}\"", owned.seeds));
        }
        if let Some(pair) = owned.pair_across {
            line(&format!("pair-across = {pair}"));
        }
        line(&format!("last-pit-allowed = {}", owned.last_pit_allowed));
        line(&format!(
            "same-number-allowed = {}",
            owned.same_number_allowed
        ));
    }
}

/// The round and the match.
fn write_round(rules: &Rules, line: &mut dyn FnMut(&str)) {
    let round = rules.round;
    line("\n[round]");
    line(&format!("ends-when = \"{}\"", round.ends_when));
    if round.rest_goes_to != RestGoesTo::RowOwner {
        line(&format!("rest-goes-to = \"{}\"", round.rest_goes_to));
    }
    if round.more_than_half {
        line("more-than-half = true");
    }
    if round.repetition {
        line("repetition = true");
    }
    if round.stuck_player_loses {
        line("stuck-player-loses = true");
    }
    if round.front_row_empty_loses {
        line("front-row-empty-loses = true");
    }
    if round.leapfrog_is_stuck {
        line("leapfrog-is-stuck = true");
    }

    let match_rules = rules.match_rules;
    line("\n[match]");
    line(&format!("rounds = \"{}\"", match_rules.rounds));
    if match_rules.rounds == Rounds::Many {
        line(&format!(
            "next-round-starter = \"{}\"",
            match_rules.next_starter
        ));
    }
    if match_rules.partial_pit {
        line("partial-pit = true");
    }
    line(&format!("first-player = \"{}\"", match_rules.first_player));
    if match_rules.swap {
        line("swap = true");
    }
    let records = &rules.records;
    if records.ogn.is_some() || records.playstrategy.is_some() {
        line("\n[records]");
        for (key, name) in [
            ("ogn", &records.ogn),
            ("playstrategy", &records.playstrategy),
        ] {
            if let Some(name) = name {
                line(&format!("{key} = {}", quoted(name)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_values_are_quoted_and_blocks_kept_where_they_can_be() {
        for text in ["a \"b\"", "it's", "back\\slash", "'\"both\"'", "é ☺"] {
            let read: toml::Table = toml::from_str(&format!("value = {}", quoted(text))).unwrap();
            assert_eq!(read["value"].as_str(), Some(text));
        }
        assert_eq!(block("two\nlines"), "\"\"\"\ntwo\nlines\n\"\"\"");
        assert_eq!(block("a \\ b"), quoted("a \\ b"));
    }
}

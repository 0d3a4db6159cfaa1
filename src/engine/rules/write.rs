//! A rule set written back as a rule file in today's keys: what
//! `mancala rules show --toml` prints, so a file of older keys can be
//! brought up to date. Only what is on (or not the default) is written, so
//! the file reads as the game's description does.

use super::{Rules, SeedsIn};

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
    rules
        .plan
        .write(&rules.board, &mut |text| line(&mut out, text));
    write_records(rules, &mut |text| line(&mut out, text));
    out
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

/// The texts and the board.
fn write_head(rules: &Rules, line: &mut dyn FnMut(&str)) {
    line(&format!("id = {}", quoted(&rules.id)));
    line(&format!("name = {}", quoted(&rules.name)));
    line(&format!("description = {}", block(&rules.description)));
    if let Some(played_in) = &rules.played_in {
        line(&format!("played-in = {}", quoted(played_in)));
    }
    if let Some(region) = rules.region {
        line(&format!("region = {}", quoted(region.name())));
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
}

/// What other programs' records call the game.
fn write_records(rules: &Rules, line: &mut dyn FnMut(&str)) {
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

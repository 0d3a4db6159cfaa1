//! The screen in plain ASCII, for terminals that cannot show box drawing or
//! bullets (a console, a non-UTF-8 locale): after a frame is drawn, every
//! character outside ASCII becomes its nearest ASCII look-alike, and every
//! letter its plain form (`ž` as `z`).

use ratatui::buffer::Buffer;

/// The ASCII stand-in for one drawn character. Lines become `-` `|` `+`,
/// double lines `=` `#`, the chart's bars by height `.` `-` `=` `#`.
fn plain(c: char) -> char {
    const GROUPS: [(&str, char); 13] = [
        ("─━╌▃▄▀", '-'),
        ("│┃╎", '|'),
        ("╭╮╰╯┌┐└┘├┤┬┴┼", '+'),
        ("═▅▆", '='),
        ("║╔╗╚╝▇█", '#'),
        ("▁▂", '.'),
        ("•●", 'o'),
        ("◆", '*'),
        ("↑", '^'),
        ("↓", 'v'),
        ("←", '<'),
        ("→", '>'),
        ("✗", 'x'),
    ];
    if c.is_ascii() {
        return c;
    }
    // Drawing characters by the table; letters (names, titles) as the
    // letter they are written with, so "Anežka" stays readable as "Anezka".
    GROUPS
        .iter()
        .find(|(from, _)| from.contains(c))
        .map(|&(_, to)| to)
        .or_else(|| {
            deunicode::deunicode_char(c)
                .and_then(|plain| plain.chars().next())
                .filter(char::is_ascii_graphic)
        })
        .unwrap_or('?')
}

/// Rewrites a drawn frame in ASCII.
pub fn asciify(buf: &mut Buffer) {
    for cell in &mut buf.content {
        let symbol = cell.symbol();
        if !symbol.is_ascii() {
            let plain: String = symbol.chars().map(plain).collect();
            cell.set_symbol(&plain);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn every_cell_becomes_ascii() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 1));
        buf.set_string(0, 0, "╭─•→║▅é ab┘", ratatui::style::Style::new());
        asciify(&mut buf);
        let row: String = buf
            .content
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert_eq!(row, "+-o>#=e ab+ ");
        assert!(row.is_ascii());
    }

    #[test]
    fn names_keep_their_letters_and_what_has_none_is_a_question_mark() {
        assert_eq!(
            "Anežka Dvořáková Øre"
                .chars()
                .map(plain)
                .collect::<String>(),
            "Anezka Dvorakova Ore"
        );
        // A character with no plain form at all (private use).
        assert_eq!(plain('\u{e000}'), '?');
    }
}

//! Text from files and from people, made safe to show: control characters
//! (escape, bell, carriage return...) are written as escapes such as `\u{1b}`,
//! so nothing read can act on the terminal (clear it, retitle it, write the
//! clipboard), and so are the invisible marks that reorder text (the
//! right-to-left override) or break it (the line separator), so nothing read
//! can make a line show other than what it holds.

/// Whether `c` may not reach the terminal as it is: a control character, a
/// bidirectional control or a line or paragraph separator.
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every control character escaped: for one line of a list or
/// a field.
#[must_use]
pub fn printable(text: &str) -> String {
    escape(text, false)
}

/// `text` with control characters escaped but line breaks kept: for
/// messages and descriptions printed whole.
#[must_use]
pub fn printable_lines(text: &str) -> String {
    escape(text, true)
}

fn escape(text: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_unsafe(c) && !(keep_lines && c == '\n') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with its first letter made a capital, to open a sentence.
#[must_use]
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        let hostile = "X\u{1b}]0;pwned\u{7}\u{1b}[2J\r\nnext\u{9b}";
        assert_eq!(
            printable(hostile),
            "X\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{d}\\u{a}next\\u{9b}"
        );
        assert_eq!(
            printable_lines(hostile),
            "X\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{d}\nnext\\u{9b}"
        );
        assert_eq!(printable("Ann v Bo ☺"), "Ann v Bo ☺");
        // What reorders or breaks a line is escaped too; a joiner that makes
        // one picture of two is not.
        assert_eq!(
            printable("Ann\u{202e}oB\u{2066}x\u{2069}\u{2028}y\u{200f}"),
            "Ann\\u{202e}oB\\u{2066}x\\u{2069}\\u{2028}y\\u{200f}"
        );
        assert_eq!(printable("👩\u{200d}🌾"), "👩\u{200d}🌾");
    }
}

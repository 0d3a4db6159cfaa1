//! Text from files and from people, made safe to show: control characters
//! (escape, bell, carriage return...) are written as escapes such as `\u{1b}`,
//! so nothing read can act on the terminal (clear it, retitle it, write the
//! clipboard).

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
        if c.is_control() && !(keep_lines && c == '\n') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
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
    }
}

//! What help says over a screen: the screen's keys from the key table, then
//! how the game being played goes, wrapped to the box's width. The view draws
//! these lines; `update` counts them, so scrolling stops at the last page.

use ratatui::text::{Line, Span};

use super::app::App;
use super::config::Config;
use super::keys;

/// Columns of help's key column, right-aligned; a longer key name takes a
/// line of its own.
const KEY_COLUMN: usize = 20;

/// Help's lines for the keys of the screen under it: each context's keys
/// from the table, under the context's title when there are several; what a
/// key does is wrapped beside its key, in `width` columns in all.
fn screen_keys(app: &App, config: &Config, width: u16) -> Vec<Line<'static>> {
    let contexts = keys::help_contexts(app);
    let stacked = keys::help_is_a_stack(app);
    let titled = contexts.len() > 1;
    let indent = " ".repeat(KEY_COLUMN + 2);
    let text_width = usize::from(width).saturating_sub(KEY_COLUMN + 2).max(20);
    // Over a match, the pit keys of its board only.
    let pits = match &app.screen {
        super::app::Screen::Game(game) => Some(game.session.position().pit_count()),
        _ => None,
    };
    let mut lines = Vec::new();
    for (at, &context) in contexts.iter().enumerate() {
        if titled {
            if !lines.is_empty() {
                lines.push(Line::raw(""));
            }
            lines.push(Line::styled(
                context.title().to_string(),
                config.theme.title,
            ));
        }
        for binding in keys::of(context) {
            // A key an earlier context takes is not this one's here.
            let name = if stacked {
                keys::acting_keys_name(&contexts, at, binding)
            } else {
                binding.keys_name_on(pits)
            };
            if name.is_empty() {
                continue;
            }
            let mut text = wrap_words(binding.does, text_width).into_iter();
            let first = if name.chars().count() > KEY_COLUMN {
                lines.push(Line::styled(name, config.theme.key));
                Span::raw(indent.clone())
            } else {
                Span::styled(format!("{name:>KEY_COLUMN$}  "), config.theme.key)
            };
            lines.push(Line::from(vec![
                first,
                Span::raw(text.next().unwrap_or_default()),
            ]));
            lines.extend(text.map(|more| Line::raw(format!("{indent}{more}"))));
        }
    }
    lines
}

/// `text` in lines of at most `width` columns, broken between words (a
/// longer word has a line of its own).
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    // ASCII spaces only: a no-break space keeps a name on one line.
    for word in text.split_ascii_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Every line of help for the screen under it, `width` columns wide.
#[must_use]
pub fn lines(app: &App, config: &Config, width: u16) -> Vec<Line<'static>> {
    let mut lines = screen_keys(app, config, width);
    if let Some(rules) = app.current_rules() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            super::describe::how_played(rules.name()),
            config.theme.title,
        ));
        lines.push(Line::raw(""));
        lines.extend(paragraphs(rules.description(), width));
    }
    lines
}

/// `text`'s paragraphs (as `words::reflow` makes them) wrapped to `width`,
/// a list item's later lines under its text rather than its dash.
#[must_use]
pub fn paragraphs(text: &str, width: u16) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for paragraph in crate::words::reflow(text) {
        let hang = if paragraph.starts_with("- ") { 2 } else { 0 };
        let mut wrapped =
            wrap_words(&paragraph, usize::from(width).saturating_sub(hang)).into_iter();
        lines.push(Line::raw(wrapped.next().unwrap_or_default()));
        lines.extend(wrapped.map(|more| Line::raw(format!("{}{more}", " ".repeat(hang)))));
    }
    lines
}

/// The furthest help scrolls: its last line at the foot of a box `height`
/// lines tall.
#[must_use]
pub fn last_scroll(lines: usize, height: u16) -> u16 {
    u16::try_from(lines.saturating_sub(usize::from(height))).unwrap_or(u16::MAX)
}

/// [`last_scroll`] for help over the screen as it is now.
#[must_use]
pub fn last_scroll_now(app: &App, config: &Config) -> u16 {
    let area = super::layout::help_text(ratatui::layout::Rect::new(0, 0, app.size.0, app.size.1));
    last_scroll(lines(app, config, area.width).len(), area.height)
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn words_wrap_between_words_and_a_long_word_keeps_a_line() {
        assert_eq!(
            wrap_words("sow the pit under the cursor", 12),
            ["sow the pit", "under the", "cursor"]
        );
        assert_eq!(
            wrap_words("a abcdefghijkl b", 5),
            ["a", "abcdefghijkl", "b"]
        );
        assert!(wrap_words("", 5).is_empty());
    }
}

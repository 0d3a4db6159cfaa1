//! The main menu: the title, its entries, their keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::{App, MenuItem};
use crate::tui::config::Config;
use crate::tui::view::{footer, table_keys};

const TITLE: [&str; 3] = ["+-+-+-+-+-+-+-+", "|m|a|n|c|a|l|a|", "+-+-+-+-+-+-+-+"];

pub fn render_menu(app: &App, config: &Config, selected: usize, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let top = area.y + area.height.saturating_sub(18) / 2;
    for (i, line) in TITLE.iter().enumerate() {
        let y = top + u16::try_from(i).unwrap_or(0);
        Paragraph::new(Line::styled(*line, theme.title))
            .alignment(Alignment::Center)
            .render(Rect::new(area.x, y, area.width, 1), buf);
    }
    Paragraph::new(Line::styled(crate::tui::describe::TAGLINE, theme.dim))
        .alignment(Alignment::Center)
        .render(Rect::new(area.x, top + 4, area.width, 1), buf);

    let items_top = area.y + crate::tui::layout::menu_top((area.width, area.height));
    let items = app.menu_items();
    for (i, item) in items.iter().enumerate() {
        let y = items_top + 2 * u16::try_from(i).unwrap_or(0);
        let marker = if i == selected { ">" } else { " " };
        let label = format!(
            "{marker} {}  {:<10}",
            item.digit(),
            crate::tui::describe::menu_label(*item)
        );
        let style = if i == selected {
            theme.selected
        } else {
            theme.text
        };
        let hint = match item {
            MenuItem::Continue => crate::tui::describe::continue_hint(app),
            _ => crate::tui::describe::menu_hint(*item).to_string(),
        };
        let x = area.x + area.width / 2 - 20;
        let room = 60usize.saturating_sub(label.chars().count() + 2);
        if hint.chars().count() <= room {
            let line = Line::from(vec![
                Span::styled(label, style),
                Span::styled(format!("  {hint}"), theme.dim),
            ]);
            Paragraph::new(line).render(Rect::new(x, y, 60, 1), buf);
        } else {
            // A long hint (the match Continue takes up) on the free row below,
            // from under the item's name.
            Paragraph::new(Line::styled(label, style)).render(Rect::new(x, y, 60, 1), buf);
            let indent = 5;
            let width = area.width.saturating_sub(x - area.x + indent);
            buf.set_stringn(x + indent, y + 1, &hint, usize::from(width), theme.dim);
        }
    }
    // The message line sits just above the keys; a word on broken rule
    // files above it (the rule-set list shows what is wrong with each).
    if !app.broken_rules.is_empty() {
        let count = app.broken_rules.len();
        let text = crate::tui::describe::broken_files(count);
        Paragraph::new(Line::styled(text, theme.warning))
            .alignment(Alignment::Center)
            .render(
                Rect::new(area.x + 1, area.y + area.height - 3, area.width - 2, 1),
                buf,
            );
    }
    // The digits that jump: 0 too while Continue is there.
    let digits = items.iter().map(|item| item.digit());
    let (first, last) = (digits.clone().min(), digits.max());
    let mut keys = table_keys(app);
    for (key, word) in &mut keys {
        if let ("jump", Some(first), Some(last)) = (word.as_str(), first, last) {
            *key = format!("{first}-{last}");
        }
    }
    footer(theme, app.message.as_ref(), &keys, area, buf);
}

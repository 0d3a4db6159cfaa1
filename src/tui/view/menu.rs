//! The main menu and the variant list.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use super::{footer, table_keys};
use crate::tui::app::{App, MenuItem};
use crate::tui::config::Config;

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
            i + 1,
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
    // The digits that jump: as many as there are items (Continue comes and goes).
    let mut keys = table_keys(app);
    for (key, word) in &mut keys {
        if word == "jump" {
            *key = format!("1-{}", items.len());
        }
    }
    footer(theme, app.message.as_ref(), &keys, area, buf);
}

#[allow(clippy::too_many_lines)] // one screen, top to bottom
pub fn render_variants(
    app: &App,
    config: &Config,
    selected: usize,
    for_play: bool,
    scroll: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let title = if for_play {
        crate::tui::describe::CHOOSE_A_GAME
    } else {
        crate::tui::describe::RULES_TITLE
    };
    let list_width = crate::tui::layout::VARIANTS_LIST_WIDTH;
    let list = Rect::new(area.x + 1, area.y + 1, list_width, area.height - 3);
    let detail = crate::tui::layout::variants_detail(area);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), theme.title));
    let inner = block.inner(list);
    block.render(list, buf);
    // The rule sets, then the files that could not be read; two lines
    // each, scrolled so that the chosen one shows.
    let names = app
        .variants
        .iter()
        .map(|entry| {
            let origin = match entry.origin {
                crate::catalog::Origin::BuiltIn => crate::tui::describe::BUILT_IN,
                _ => crate::tui::describe::YOUR_RULE_FILE,
            };
            (entry.rules.name().to_string(), origin, theme.dim)
        })
        .chain(app.broken_rules.iter().map(|file| {
            (
                file.name.clone(),
                crate::tui::describe::CANNOT_BE_PLAYED,
                theme.warning,
            )
        }));
    let fits = usize::from(inner.height / 2).max(1);
    let first = selected.saturating_sub(fits - 1);
    for (i, (name, origin, origin_style)) in names.enumerate().skip(first).take(fits) {
        let y = inner.y + 2 * u16::try_from(i - first).unwrap_or(0);
        let style = if i == selected {
            theme.selected
        } else {
            theme.text
        };
        let width = usize::from(inner.width);
        let line = format!(" {} {name:<w$}", i + 1, w = width.saturating_sub(4));
        buf.set_stringn(inner.x, y, &line, width, style);
        buf.set_stringn(inner.x + 3, y + 1, origin, width - 3, origin_style);
    }

    let text_area = |title: &str, buf: &mut Buffer| {
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(format!(" {title} "), theme.title));
        let text_area = block
            .inner(detail)
            .inner(ratatui::layout::Margin::new(1, 0));
        block.render(detail, buf);
        text_area
    };
    let mut keys = table_keys(app);
    // Reading the rules, Enter goes back instead of on to a match.
    keys.retain(|(_, word)| for_play || word != "choose it");
    footer(theme, app.message.as_ref(), &keys, area, buf);

    let text = crate::tui::layout::variants_text(area);
    let (name, lines) = crate::tui::rules_text::lines(app, config, selected, text.width);
    let scroll = scroll.min(crate::tui::help_text::last_scroll(lines.len(), text.height));
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .render(text_area(&name, buf), buf);
}

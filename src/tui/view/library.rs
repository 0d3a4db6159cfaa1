//! The list of saved matches: one row a match (players or title, variant,
//! when last played, rounds, result, and the file when there is room), the
//! chosen one described below the list.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::{footer, table_keys};
use crate::report::library::{listing_result, players};
use crate::storage::Listing;
use crate::storage::time::local_minutes;
use crate::tui::app::{App, LibraryList};
use crate::tui::config::Config;
use crate::tui::layout::{LIBRARY_ABOVE, LIBRARY_BELOW, library_rows};

/// The file column is drawn from this width on.
const WIDE: u16 = 112;

/// `text` cut or padded to `width` characters (a cut ends in `~`).
fn cell(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count > width {
        let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
        cut.push('~');
        cut
    } else {
        format!("{text:<width$}")
    }
}

/// One row of the list, without the marker.
fn row(app: &App, listing: &Listing, wide: bool) -> String {
    let (who, variant, played, rounds) = match &listing.header {
        Ok(header) => (
            header.title.clone().unwrap_or_else(|| players(header)),
            app.variant_name(&header.variant).to_string(),
            local_minutes(header.saved_at),
            header.rounds.to_string(),
        ),
        Err(_) => (
            listing.file_name(),
            "?".into(),
            String::new(),
            String::new(),
        ),
    };
    let mut line = format!(
        "{} {} {} {:>6}  {}",
        cell(&who, 24),
        cell(&variant, 11),
        cell(&played, 16),
        rounds,
        cell(&listing_result(listing), 20),
    );
    if wide {
        line.push(' ');
        line.push_str(&listing.place());
    }
    line
}

pub fn render_library(
    app: &App,
    config: &Config,
    list: &LibraryList,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let shown = app.shown_matches(list);
    let wide = area.width >= WIDE;
    let width = usize::from(area.width);

    render_heading(app, config, list, shown.len(), area, buf);
    let top = area.y + LIBRARY_ABOVE;
    let rows = library_rows((area.width, area.height));
    if shown.is_empty() {
        render_empty(config, list, Rect::new(area.x, top + 1, area.width, 3), buf);
    } else {
        let mut head = format!(
            "  {} {} {} {:>6}  {}",
            cell("players or title", 24),
            cell("variant", 11),
            cell("last played", 16),
            "rounds",
            cell("result", 20)
        );
        if wide {
            head.push_str(" file");
        }
        buf.set_stringn(area.x, top - 1, head, width, theme.dim);
    }
    for (index, listing) in shown.iter().enumerate().skip(list.offset).take(rows) {
        let y = top + u16::try_from(index - list.offset).unwrap_or(0);
        let chosen = index == list.selected;
        let style: Style = if chosen {
            theme.selected
        } else if listing.header.is_err() {
            theme.warning
        } else if listing.open_elsewhere {
            theme.dim
        } else {
            theme.text
        };
        let marker = if chosen { "> " } else { "  " };
        let line = format!("{marker}{}", row(app, listing, wide));
        buf.set_stringn(area.x, y, line, width, style);
    }
    // Which part of a long list is in view.
    if shown.len() > rows {
        let end = (list.offset + rows).min(shown.len());
        let at = format!("{}-{end} of {} (PgUp/PgDn) ", list.offset + 1, shown.len());
        Paragraph::new(Line::styled(at, theme.dim))
            .alignment(Alignment::Right)
            .render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
    }
    if let Some(listing) = shown.get(list.selected) {
        let detail = Rect::new(
            area.x + 1,
            area.y + area.height - LIBRARY_BELOW,
            area.width - 2,
            2,
        );
        Paragraph::new(detail_lines(app, listing))
            .style(theme.dim)
            .render(detail, buf);
    }
    let mut keys = table_keys(app);
    if app.matches.is_empty() {
        keys.retain(|(_, word)| ["back", "help", "quit"].contains(&word.as_str()));
    } else if list.continuing {
        // Continue's list: Enter continues.
        keys.retain(|(_, word)| word != "continue");
        for (_, word) in &mut keys {
            if word == "watch" {
                *word = "continue".into();
            }
        }
    }
    footer(theme, app.message.as_ref(), &keys, area, buf);
}

/// The title (how many are shown), the order, and the filter line.
fn render_heading(
    app: &App,
    config: &Config,
    list: &LibraryList,
    shown: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let title = if list.continuing {
        format!(" Unfinished matches ({shown})")
    } else if shown == app.matches.len() {
        format!(" Saved matches ({shown})")
    } else {
        format!(" Saved matches ({shown} of {})", app.matches.len())
    };
    Paragraph::new(Line::styled(title, theme.title))
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
    let order = if list.oldest_first {
        "oldest first "
    } else {
        "last played first "
    };
    Paragraph::new(Line::styled(order, theme.dim))
        .alignment(Alignment::Right)
        .render(Rect::new(area.x, area.y, area.width, 1), buf);

    let filter = if list.filtering || !list.filter.is_empty() {
        let cursor = if list.filtering { "_" } else { "" };
        Line::from(vec![
            Span::styled(" Filter: ", theme.dim),
            Span::styled(format!("{}{cursor}", list.filter), theme.selected),
        ])
    } else {
        Line::styled(" / filters by player, title or variant", theme.dim)
    };
    Paragraph::new(filter).render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
}

fn render_empty(config: &Config, list: &LibraryList, area: Rect, buf: &mut Buffer) {
    let text = if !list.filter.is_empty() {
        vec![Line::raw("No saved match fits the filter (Esc clears it).")]
    } else if list.continuing {
        vec![Line::raw("No unfinished match.")]
    } else {
        vec![
            Line::raw("No saved matches yet."),
            Line::raw(""),
            Line::styled("Every match is saved as it is played.", config.theme.dim),
        ]
    };
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .render(area, buf);
}

/// Two lines about the chosen match: what it is, and its file.
fn detail_lines(app: &App, listing: &Listing) -> Vec<Line<'static>> {
    let file = crate::text::printable(&listing.path.display().to_string());
    let header = match &listing.header {
        Ok(header) => header,
        Err(reason) => {
            return vec![
                Line::raw(format!("Cannot be read: {reason}")),
                Line::raw(file),
            ];
        }
    };
    let mut about = players(header);
    if let Some(title) = &header.title {
        about = format!("{title}: {about}");
    }
    let rounds = if header.rounds == 1 {
        String::new()
    } else {
        format!(" in {} rounds", header.rounds)
    };
    let plural = if header.moves == 1 { "" } else { "s" };
    let _ = write!(
        about,
        ", {}, {} move{plural}{rounds}, begun {}",
        app.variant_name(&header.variant),
        header.moves,
        local_minutes(header.started_at)
    );
    if let Some(branch) = &header.branched_from {
        let source = std::path::Path::new(&branch.file)
            .file_name()
            .map_or_else(|| branch.file.clone(), |n| n.to_string_lossy().into_owned());
        let _ = write!(
            about,
            "; played on from {source} after move {}",
            branch.moves
        );
    }
    vec![Line::raw(about), Line::raw(file)]
}

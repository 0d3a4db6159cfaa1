//! The list of saved matches: one row a match (players or title, variant,
//! when last played, rounds, result, and the file when there is room), the
//! chosen one described below the list.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::session::NAME_LENGTH;
use crate::storage::Listing;
use crate::storage::time::local_minutes;
use crate::tui::app::{App, LibraryList};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::keys;
use crate::tui::layout::{LIBRARY_ABOVE, LIBRARY_BELOW, library_rows};
use crate::tui::msg::Msg;
use crate::tui::view::{footer, table_keys};
use crate::words::{OPEN_ELSEWHERE, listing_result, listing_result_by_side, who};

/// The file column is drawn from this width on (room for a whole match file
/// name after the other columns).
const WIDE: u16 = 126;

/// `text` cut (with an ellipsis, as everywhere) or padded to `width`
/// characters.
fn cell(text: &str, width: usize) -> String {
    format!("{:<width$}", crate::tui::layout::cut_to(text, width))
}

/// The list's columns on a terminal `width` wide. The players column holds
/// two of the longest names; below [`ROOMY`] columns the year of "last
/// played" and the rounds (both told in the lines under the list) make room.
struct Columns {
    players: usize,
    played: usize,
    rounds: bool,
    result: usize,
    file: bool,
}

/// Below this width the list drops the year and the rounds column.
const ROOMY: u16 = 100;
const VARIANT: usize = 11;

impl Columns {
    fn for_width(width: u16) -> Columns {
        let roomy = width >= ROOMY;
        let played = if roomy { 16 } else { 11 };
        let players = 2 * NAME_LENGTH + 3;
        let fixed = 2 + players + 1 + VARIANT + 1 + played + 2 + if roomy { 7 } else { 0 };
        Columns {
            players,
            played,
            rounds: roomy,
            result: usize::from(width).saturating_sub(fixed).clamp(10, 20),
            file: width >= WIDE,
        }
    }
}

/// The result as the column has room for it: the winner by name, else by
/// side ("South won"), else cut.
fn result_cell(listing: &Listing, width: usize) -> String {
    let full = listing_result(listing);
    if full.chars().count() <= width {
        return cell(&full, width);
    }
    match &listing.header {
        Ok(_) if listing.open_elsewhere => {
            let fits = OPEN_ELSEWHERE
                .iter()
                .find(|words| words.chars().count() <= width)
                .unwrap_or(&OPEN_ELSEWHERE[OPEN_ELSEWHERE.len() - 1]);
            cell(fits, width)
        }
        Ok(header) if !listing.not_saved => cell(&listing_result_by_side(listing, header), width),
        _ => cell(&full, width),
    }
}

/// One row of the list, without the marker.
fn row(app: &App, listing: &Listing, columns: &Columns) -> String {
    let (who, variant, played, rounds) = match &listing.header {
        Ok(header) => (
            who(header),
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
    // Without the year when narrow: "12-01 21:08".
    let played: String = played.chars().skip(16 - columns.played).collect();
    let mut line = format!(
        "{} {} {}",
        cell(&who, columns.players),
        cell(&variant, VARIANT),
        cell(&played, columns.played),
    );
    if columns.rounds {
        let _ = write!(line, " {rounds:>6}");
    }
    let _ = write!(line, "  {}", result_cell(listing, columns.result));
    if columns.file {
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
    let columns = Columns::for_width(area.width);
    let width = usize::from(area.width);

    render_heading(app, config, list, shown.len(), area, buf);
    let top = area.y + LIBRARY_ABOVE;
    let rows = library_rows((area.width, area.height));
    if shown.is_empty() {
        render_empty(config, list, Rect::new(area.x, top + 1, area.width, 3), buf);
    } else {
        let mut head = format!(
            "  {} {} {}",
            cell(words::PLAYERS_COLUMN, columns.players),
            cell(words::VARIANT_COLUMN, VARIANT),
            cell(words::PLAYED_COLUMN, columns.played),
        );
        if columns.rounds {
            head.push_str(words::ROUNDS_COLUMN);
        }
        let _ = write!(head, "  {}", cell(words::RESULT_COLUMN, columns.result));
        if columns.file {
            head.push_str(words::FILE_COLUMN);
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
        let line = format!("{marker}{}", row(app, listing, &columns));
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
        Paragraph::new(detail_lines(app, listing, usize::from(detail.width)))
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
    let title = words::library_title(list.continuing, shown, app.matches.len());
    Paragraph::new(Line::styled(title, theme.title))
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
    let order = words::order(list.oldest_first);
    Paragraph::new(Line::styled(order, theme.dim))
        .alignment(Alignment::Right)
        .render(Rect::new(area.x, area.y, area.width, 1), buf);

    let filter = if list.filtering || !list.filter.is_empty() {
        let cursor = if list.filtering { "_" } else { "" };
        Line::from(vec![
            Span::styled(words::FILTER_LABEL, theme.dim),
            Span::styled(format!("{}{cursor}", list.filter), theme.selected),
        ])
    } else {
        let key = keys::key_for(keys::Context::Library, &Msg::Filter);
        Line::styled(words::filter_hint(&key), theme.dim)
    };
    Paragraph::new(filter).render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
}

fn render_empty(config: &Config, list: &LibraryList, area: Rect, buf: &mut Buffer) {
    let text = if !list.filter.is_empty() {
        let clear = keys::key_for(keys::Context::Library, &Msg::Back);
        vec![Line::raw(words::nothing_fits(&clear))]
    } else if list.continuing {
        vec![Line::raw(words::NO_UNFINISHED)]
    } else {
        vec![
            Line::raw(words::NO_MATCHES),
            Line::raw(""),
            Line::styled(words::EVERY_MATCH_SAVED, config.theme.dim),
        ]
    };
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .render(area, buf);
}

/// Two lines about the chosen match, `width` columns wide: what it is
/// (the least needed parts left out where it does not fit), and its file
/// (its middle left out).
fn detail_lines(app: &App, listing: &Listing, width: usize) -> Vec<Line<'static>> {
    let file = crate::tui::layout::shortened_path(
        &crate::text::printable(&listing.path.display().to_string()),
        width,
    );
    let header = match &listing.header {
        Ok(header) => header,
        Err(reason) => {
            return vec![Line::raw(words::cannot_be_read(reason)), Line::raw(file)];
        }
    };
    let rounds = if header.rounds == 1 {
        String::new()
    } else {
        format!(" in {} rounds", header.rounds)
    };
    let plural = if header.moves == 1 { "" } else { "s" };
    let branch = header.branched_from.as_ref().map(|branch| {
        let source = std::path::Path::new(&branch.file)
            .file_name()
            .map_or_else(|| branch.file.clone(), |n| n.to_string_lossy().into_owned());
        format!("; played on from {source} after move {}", branch.moves)
    });
    // Longest first, leaving out what the list's row shows already; where
    // none fits, the shortest, cut at its end.
    let moves = format!("{} move{plural}", header.moves);
    let begun = format!("begun {}", local_minutes(header.started_at));
    let variant = app.variant_name(&header.variant);
    let who = who(header);
    let choices = [
        format!(
            "{who}, {variant}, {moves}{rounds}, {begun}{}",
            branch.unwrap_or_default()
        ),
        format!("{who}, {variant}, {moves}{rounds}, {begun}"),
        format!("{who}, {variant}, {moves}, {begun}"),
        format!("{who}, {moves}, {begun}"),
        format!("{moves}, {begun}"),
    ];
    let about = choices
        .iter()
        .find(|text| text.chars().count() <= width)
        .cloned()
        .unwrap_or_else(|| crate::tui::layout::cut_to(&choices[4], width));
    vec![Line::raw(about), Line::raw(file)]
}

#[cfg(test)]
mod tests {
    /// A cell cut short ends in an ellipsis, as every cut name does, and a
    /// short one is padded to its column.
    #[test]
    fn a_cell_is_cut_with_an_ellipsis_or_padded() {
        assert_eq!(super::cell("Alexandrina", 5), "Alex…");
        assert_eq!(super::cell("Bo", 5), "Bo   ");
        assert_eq!(super::cell("Ann Bo", 6), "Ann Bo");
    }
}

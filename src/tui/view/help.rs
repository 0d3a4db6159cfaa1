//! Overlays: help for the current screen plus the variant's rules, the
//! questions (quit? replace? delete? watch instead?) and the name boxes.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{KeyWords, context_keys, key_line, popup};
use crate::tui::app::{App, Overlay};
use crate::tui::config::Config;
use crate::tui::{help_text, keys, layout};

pub fn render_help(app: &App, config: &Config, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let frame = layout::help_box(area);
    let inner = popup(area, frame.width, frame.height, "Help", theme, buf)
        .inner(ratatui::layout::Margin::new(1, 0));
    let text_area = layout::help_text(area);
    let lines = help_text::lines(app, config, text_area.width);
    let scroll = scroll.min(help_text::last_scroll(lines.len(), text_area.height));
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .render(text_area, buf);
    Paragraph::new(key_line(theme, &context_keys(keys::Context::Help)))
        .alignment(Alignment::Center)
        .render(
            Rect::new(inner.x, inner.y + inner.height - 1, inner.width, 1),
            buf,
        );
}

/// Whichever box is open over the screen.
pub fn render_overlay(app: &App, config: &Config, overlay: &Overlay, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let yes_no = |yes: &str, no: &str| key_line(theme, &answers(yes, no));
    match overlay {
        Overlay::Help { scroll } => render_help(app, config, *scroll, area, buf),
        Overlay::ConfirmQuit => question(config, "Quit?", quit_lines(app, config), area, buf),
        Overlay::SaveAs { name } => {
            let folder = config
                .library
                .as_ref()
                .map_or_else(|| ".".to_string(), |l| l.copies_dir().display().to_string());
            let lines = vec![
                Line::styled(
                    format!("A copy of the match as it stands, in {folder}/"),
                    theme.dim,
                ),
                name_line("Name: ", name, ".toml", config),
                Line::raw(""),
                key_line(theme, &context_keys(keys::Context::NameBox)),
            ];
            text_box(config, "Save a copy", lines, area, buf);
        }
        Overlay::ConfirmReplace { name } => question(
            config,
            "Replace?",
            vec![
                Line::raw(format!("A copy named {name}.toml exists already.")),
                Line::raw("Replace it with this match as it stands?"),
                Line::raw(""),
                yes_no("replace it", "keep it"),
            ],
            area,
            buf,
        ),
        Overlay::OpenElsewhere { path } => question(
            config,
            "Open in another game",
            vec![
                Line::raw("This match is being played in another game."),
                Line::styled(file_name(path), theme.dim),
                Line::raw("Watch it read-only instead?"),
                Line::raw(""),
                yes_no("watch it", "back"),
            ],
            area,
            buf,
        ),
        Overlay::ConfirmEndMatch { result } => question(
            config,
            "End the match?",
            vec![
                Line::raw("End the match here, in the middle of the round?"),
                Line::raw(format!(
                    "Each player adds the seeds on their row to their {}:",
                    app.current_rules()
                        .map_or("store", crate::words::store_word)
                )),
                Line::styled(result.clone(), theme.title),
                Line::raw(""),
                yes_no("end it", "play on"),
            ],
            area,
            buf,
        ),
        Overlay::ConfirmDelete { what, path } => question(
            config,
            "Delete?",
            vec![
                Line::raw(what.clone()),
                Line::styled(file_name(path), theme.dim),
                Line::raw(""),
                Line::raw("The file moves to the trash folder beside it,"),
                Line::raw("where it can be fetched back by hand."),
                Line::raw(""),
                yes_no("delete", "keep it"),
            ],
            area,
            buf,
        ),
        Overlay::Rename { title, .. } => {
            let lines = vec![
                Line::styled("A title for the list (empty: none)", theme.dim),
                name_line("Title: ", title, "", config),
                Line::raw(""),
                key_line(theme, &context_keys(keys::Context::NameBox)),
            ];
            text_box(config, "Rename the match", lines, area, buf);
        }
    }
}

/// The question before quitting: plain, or a warning when a match could not
/// be written.
fn quit_lines(app: &App, config: &Config) -> Vec<Line<'static>> {
    let theme = &config.theme;
    let yes_no = |yes: &str| key_line(theme, &answers(yes, "keep playing"));
    match &app.banner {
        Some(_) => vec![
            Line::styled(
                "A match could not be written (see the top line).",
                theme.warning,
            ),
            Line::raw("Quitting now loses what is not saved."),
            Line::raw(""),
            yes_no("quit anyway"),
        ],
        None => vec![
            Line::raw("Quit mancala? The match is saved:"),
            Line::raw("Continue in the menu resumes it."),
            Line::raw(""),
            yes_no("quit"),
        ],
    }
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// A question's answers: its own words for yes and no, the keys from the
/// table.
fn answers(yes: &str, no: &str) -> KeyWords {
    use crate::tui::msg::Msg;
    let key_for = |answer| keys::key_for(keys::Context::Question, &answer);
    vec![
        (key_for(Msg::Yes), yes.to_string()),
        (key_for(Msg::No), no.to_string()),
    ]
}

/// A line with a text field and the cursor at its end.
fn name_line<'a>(label: &'a str, text: &str, after: &'a str, config: &Config) -> Line<'a> {
    Line::from(vec![
        Span::raw(label),
        Span::styled(format!("{text}_"), config.theme.selected),
        Span::styled(after, config.theme.dim),
    ])
}

/// A question: a box of centred lines.
fn question(config: &Config, title: &str, lines: Vec<Line>, area: Rect, buf: &mut Buffer) {
    dialog(config, title, lines, 40, Alignment::Center, area, buf);
}

/// A box with a text field, its lines from the left and wide enough to type.
fn text_box(config: &Config, title: &str, lines: Vec<Line>, area: Rect, buf: &mut Buffer) {
    dialog(config, title, lines, 60, Alignment::Left, area, buf);
}

/// A box in the middle of the screen as wide as its lines (at least `least`).
fn dialog(
    config: &Config,
    title: &str,
    lines: Vec<Line>,
    least: usize,
    alignment: Alignment,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0).max(least) + 4;
    let height = u16::try_from(lines.len()).unwrap_or(10) + 2;
    let width = u16::try_from(width).unwrap_or(area.width);
    let inner = popup(area, width, height, title, &config.theme, buf);
    Paragraph::new(lines)
        .alignment(alignment)
        .wrap(Wrap { trim: false })
        .render(inner.inner(ratatui::layout::Margin::new(1, 0)), buf);
}

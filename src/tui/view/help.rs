//! Overlays: help for the current screen plus the variant's rules, the
//! questions (quit? replace? delete? watch instead?) and the name boxes.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{KeyWords, context_keys, key_line, popup};
use crate::tui::app::{App, Overlay};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::{help_text, keys, layout};

pub fn render_help(app: &App, config: &Config, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    // Nothing of the screen under it shows at its sides; its keys are the
    // screen's footer.
    ratatui::widgets::Clear.render(layout::between_header_and_footer(area), buf);
    let frame = layout::help_box(area);
    popup(area, frame.width, frame.height, "Help", theme, buf);
    let text_area = layout::help_text(area);
    let lines = help_text::lines(app, config, text_area.width);
    let scroll = scroll.min(help_text::last_scroll(lines.len(), text_area.height));
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .render(text_area, buf);
}

/// What the swap's question says, and its title.
fn swap_question(app: &App, config: &Config, width: u16) -> (Vec<Line<'static>>, &'static str) {
    let crate::tui::app::Screen::Game(game) = &app.screen else {
        return (Vec::new(), words::SWAP_TITLE);
    };
    let session = &game.session;
    let second = session.first().other();
    let [first, then] = words::swap_offer(session, second);
    // One line where the box fits `width` (borders and margins: 4).
    let one = format!("{first} {then}");
    let halves = if Line::raw(one.as_str()).width() + 4 <= usize::from(width) {
        vec![one]
    } else {
        vec![first, then]
    };
    let lines = halves
        .into_iter()
        .map(|line| Line::styled(line, config.theme.title))
        .collect();
    (lines, words::SWAP_TITLE)
}

/// Whichever box is open over the screen.
pub fn render_overlay(app: &App, config: &Config, overlay: &Overlay, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let yes_no = |yes: &str, no: &str| key_line(theme, &answers(yes, no));
    match overlay {
        Overlay::Help { scroll } => render_help(app, config, *scroll, area, buf),
        Overlay::Moves { from_end } => super::moves::render_box(app, config, *from_end, area, buf),
        Overlay::ConfirmQuit => question(config, words::QUIT, quit_lines(app, config), area, buf),
        Overlay::SaveAs { name, suggested } => {
            let folder = config
                .library
                .as_ref()
                .map_or_else(|| ".".to_string(), |l| l.copies_dir().display().to_string());
            let lines = vec![
                Line::styled(words::copy_where(&folder), theme.dim),
                if *suggested {
                    suggested_line(words::NAME_LABEL, name, ".toml", config)
                } else {
                    name_line(words::NAME_LABEL, name, ".toml", config)
                },
                Line::raw(""),
                key_line(theme, &context_keys(keys::Context::NameBox)),
            ];
            text_box(config, words::SAVE_A_COPY, lines, area, buf);
        }
        Overlay::ConfirmReplace { name } => question(
            config,
            words::REPLACE,
            vec![
                Line::raw(words::copy_exists(name)),
                Line::raw(words::REPLACE_IT),
                Line::raw(""),
                yes_no("replace it", "keep it"),
            ],
            area,
            buf,
        ),
        Overlay::OpenElsewhere { path } => question(
            config,
            words::OPEN_ELSEWHERE,
            vec![
                Line::raw(words::PLAYED_ELSEWHERE_BOX),
                Line::styled(file_name(path), theme.dim),
                Line::raw(words::WATCH_INSTEAD),
                Line::raw(""),
                yes_no("watch it", "back"),
            ],
            area,
            buf,
        ),
        Overlay::ConfirmEndMatch { result } => question(
            config,
            words::END_THE_MATCH,
            vec![
                Line::raw(words::END_MIDWAY),
                Line::raw(words::rows_counted(
                    app.current_rules()
                        .map_or("store", crate::words::store_word),
                )),
                Line::styled(result.clone(), theme.title),
                Line::raw(""),
                yes_no("end it", "play on"),
            ],
            area,
            buf,
        ),
        Overlay::OfferSwap => offer_swap(app, config, area, buf),
        Overlay::ConfirmDelete { what, path } => question(
            config,
            words::DELETE,
            vec![
                Line::raw(what.clone()),
                Line::styled(file_name(path), theme.dim),
                Line::raw(""),
                Line::raw(words::TO_THE_TRASH),
                Line::raw(words::undo_delete(&keys::key_for(
                    keys::Context::Library,
                    &crate::tui::msg::Msg::UndoDelete,
                ))),
                Line::raw(""),
                yes_no("delete", "keep it"),
            ],
            area,
            buf,
        ),
        Overlay::Import { path, refused } => {
            import_box(config, path, refused.as_deref(), area, buf);
        }
        Overlay::Export { what, .. } => export_box(config, what, area, buf),
        Overlay::Rename { title, .. } => {
            let lines = vec![
                Line::styled(words::TITLE_FOR_THE_LIST, theme.dim),
                name_line(words::TITLE_LABEL, title, "", config),
                Line::raw(""),
                key_line(theme, &context_keys(keys::Context::NameBox)),
            ];
            text_box(config, words::RENAME, lines, area, buf);
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
            Line::styled(words::UNWRITTEN, theme.warning),
            Line::raw(words::QUITTING_LOSES),
            Line::raw(""),
            yes_no("quit anyway"),
        ],
        None => vec![
            Line::raw(words::QUIT_SAVED),
            Line::raw(words::CONTINUE_RESUMES),
            Line::raw(""),
            yes_no("quit"),
        ],
    }
}

/// The box a record's path is typed in, with why the last was refused.
fn import_box(config: &Config, path: &str, refused: Option<&str>, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let mut lines = vec![
        Line::styled(words::IMPORT_WHAT, theme.dim),
        name_line(
            words::PATH_LABEL,
            &layout::shortened_path(path, 60),
            "",
            config,
        ),
    ];
    if let Some(reason) = refused {
        lines.push(Line::raw(""));
        lines.push(Line::styled(reason.to_string(), theme.warning));
    }
    lines.push(Line::raw(""));
    lines.push(key_line(theme, &context_keys(keys::Context::NameBox)));
    text_box(config, words::IMPORT, lines, area, buf);
}

/// The box choosing the format a match is written in, and where it goes.
fn export_box(config: &Config, what: &str, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let folder = config.library.as_ref().map_or_else(
        || ".".to_string(),
        |l| l.exports_dir().display().to_string(),
    );
    let mut lines = vec![
        Line::raw(what.to_string()),
        Line::raw(""),
        Line::styled(words::export_where(&folder), theme.dim),
    ];
    for binding in keys::of(keys::Context::ExportBox) {
        lines.push(key_line(
            theme,
            &[(binding.keys_name(), binding.does.to_string())],
        ));
    }
    text_box(config, words::EXPORT, lines, area, buf);
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

/// A line with a suggested name that typing replaces: shown dim, the
/// cursor at its start.
fn suggested_line<'a>(label: &'a str, text: &str, after: &'a str, config: &Config) -> Line<'a> {
    Line::from(vec![
        Span::raw(label),
        Span::styled("_", config.theme.selected),
        Span::styled(text.to_string(), config.theme.dim),
        Span::styled(after, config.theme.dim),
    ])
}

/// A line with a text field and the cursor at its end.
fn name_line<'a>(label: &'a str, text: &str, after: &'a str, config: &Config) -> Line<'a> {
    Line::from(vec![
        Span::raw(label),
        Span::styled(format!("{text}_"), config.theme.selected),
        Span::styled(after, config.theme.dim),
    ])
}

/// The swap's question, below the board the player weighs it by.
fn offer_swap(app: &App, config: &Config, area: Rect, buf: &mut Buffer) {
    // The answers are in the footer, with the match's keys, so that the
    // box leaves the line telling the turn being weighed in sight.
    // In the board's column, beside the list of moves on a wide terminal.
    let column = match &app.screen {
        crate::tui::app::Screen::Game(game) => {
            layout::game(
                (area.width, area.height),
                game.session.position().pit_count(),
            )
            .turn
        }
        _ => area,
    };
    let (lines, title) = swap_question(app, config, column.width);
    let height = u16::try_from(lines.len()).unwrap_or(4) + 2;
    let below = Rect::new(
        column.x,
        area.bottom().saturating_sub(height + 1),
        column.width,
        height,
    );
    question(config, title, lines, below, buf);
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
    let width = u16::try_from(width).unwrap_or(area.width).min(area.width);
    // A line wider than the screen wraps: the box grows to hold it (the
    // text's width is the box's less borders and margins).
    let height = layout::wrapped_height(&lines, width.saturating_sub(4)) + 2;
    let inner = popup(area, width, height, title, &config.theme, buf);
    Paragraph::new(lines)
        .alignment(alignment)
        .wrap(Wrap { trim: false })
        .render(inner.inner(ratatui::layout::Margin::new(1, 0)), buf);
}

//! Overlays: help for the current screen plus the variant's rules, and the
//! question before quitting a match.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{key_line, popup};
use crate::tui::app::{App, Screen};

fn screen_keys(app: &App) -> Vec<(&'static str, &'static str)> {
    match &app.screen {
        Screen::Menu { .. } => vec![
            ("↑/↓ j/k", "choose an item"),
            ("Enter", "open it"),
            ("1-5", "open an item by number"),
            ("q, Esc", "quit"),
        ],
        Screen::SaveList { .. } => vec![
            ("↑/↓ j/k", "choose a saved match"),
            ("Enter", "watch it"),
            ("Esc", "back to the menu"),
        ],
        Screen::Replay(_) => vec![
            ("←/→", "step back / forward a move"),
            ("g / G, Home / End", "the start / the end"),
            ("PgUp / PgDn", "the previous / next round"),
            ("1-9", "the start of that round"),
            ("Space, Enter", "autoplay on / off"),
            ("+ / -", "faster / slower"),
            (
                "p",
                "play on from here: a new match, saved under a new name",
            ),
            ("Esc", "back to the saved matches"),
        ],
        Screen::Variants { .. } => vec![
            ("↑/↓ j/k", "choose a rule set"),
            ("Enter", "set up a match with it"),
            ("PgDn/PgUp ←/→", "scroll its rules"),
            ("Esc", "back to the menu"),
        ],
        Screen::Setup(_) => vec![
            ("↑/↓ Tab", "move between fields"),
            ("letters", "type a player's name"),
            ("←/→", "choose who starts"),
            ("Enter", "next field; on Start, begin"),
            ("Esc", "back to the rule sets"),
        ],
        Screen::OddEven(_) => vec![
            ("digits", "North hides a number of marbles"),
            ("Enter", "let the game hide a number, or go on"),
            ("o / e", "South guesses odd or even"),
            ("Esc", "back to the setup"),
        ],
        Screen::Game(_) => vec![
            ("1-9", "play that pit of the player to move"),
            ("z x c v b n m", "South: the pit above the key"),
            ("Shift+Q W E R T Y U", "North: the pit below the key"),
            ("←/→ h/l, Enter", "move the cursor, then sow"),
            ("mouse", "click a pit to sow it"),
            ("u / r", "undo / redo a move"),
            ("+ / -", "faster / slower sowing"),
            ("a", "animation on or off"),
            ("any key", "skip to the end of a move being sown"),
            ("n / e", "after a round: next round / end the match"),
            ("s", "save the match under a name"),
            ("H", "a hint: the best pit and every pit's value"),
            ("Esc", "back to the menu (Continue resumes the match)"),
            ("q", "quit (asks first during a match)"),
        ],
    }
}

pub fn render_help(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let inner = popup(
        area,
        area.width.saturating_sub(8).min(90),
        area.height.saturating_sub(2),
        "Help",
        theme,
        buf,
    );
    let mut lines: Vec<Line> = screen_keys(app)
        .into_iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::styled(format!("{key:>20}  "), theme.key),
                Span::raw(what),
            ])
        })
        .collect();
    if let Some(rules) = app.current_rules() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("How {} is played", rules.name()),
            theme.title,
        ));
        lines.push(Line::raw(""));
        lines.extend(
            crate::tui::describe::reflow(rules.description())
                .into_iter()
                .map(Line::raw),
        );
    }
    let text_area = Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(1),
    );
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(text_area, buf);
    Paragraph::new(key_line(
        theme,
        &[("↑/↓ PgUp/PgDn", "scroll"), ("any other key", "close")],
    ))
    .alignment(Alignment::Center)
    .render(
        Rect::new(inner.x, inner.y + inner.height - 1, inner.width, 1),
        buf,
    );
}

pub fn render_confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let inner = popup(area, 44, 7, "Quit?", theme, buf);
    let lines = vec![
        Line::raw("Quit mancala? The match is saved:"),
        Line::raw("Continue in the menu resumes it."),
        Line::raw(""),
        key_line(theme, &[("y", "quit"), ("n, Esc", "keep playing")]),
    ];
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .render(inner, buf);
}

pub fn render_save_as(app: &App, name: &str, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let inner = popup(area, 64, 7, "Save the match", theme, buf);
    let folder = app
        .saves_dir
        .as_ref()
        .map_or_else(|| ".".to_string(), |d| d.display().to_string());
    let lines = vec![
        Line::styled(format!("In {folder}/"), theme.dim),
        Line::from(vec![
            Span::raw("Name: "),
            Span::styled(format!("{name}_"), theme.selected),
            Span::styled(".toml", theme.dim),
        ]),
        Line::raw(""),
        key_line(theme, &[("Enter", "save"), ("Esc", "cancel")]),
    ];
    Paragraph::new(lines).render(inner, buf);
}

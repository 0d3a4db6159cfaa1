//! The list of moves as lines of text, for the list beside the board and
//! its box: every turn of the match told whole, wrapped at words.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::app::{App, Game, Screen};
use super::config::Config;
use super::describe;
use super::help_text::wrap_words;
use super::theme::Theme;

/// The list's rows at `width` columns, oldest first: a heading for each
/// round of a match of rounds, then each turn numbered (the numbers
/// right-aligned), its later lines indented under its text (a name is never
/// broken). The move whose seeds are still moving is not told yet.
#[must_use]
pub fn lines(game: &Game, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let moving = game.animation.as_ref().is_some_and(|a| !a.is_finished());
    let mut turns = game.turns.clone();
    if moving && let Some(last) = turns.last_mut() {
        last.moves.pop();
        if last.moves.is_empty() {
            turns.pop();
        }
    }
    let many = game.session.rules().plan().rounds.rounds == crate::engine::Rounds::Many;
    let names = crate::engine::Side::BOTH.map(|side| game.session.display_name(side));
    let mut rows = Vec::new();
    if turns.is_empty() {
        rows.push(Line::styled(describe::NO_MOVES_YET, theme.dim));
    }
    // So every turn's text starts in one column.
    let widest = turns.len().to_string().len();
    let mut round = 0;
    for (number, turn) in (1..).zip(&turns) {
        if many && turn.round != round {
            round = turn.round;
            rows.push(Line::styled(describe::round_heading(round), theme.title));
        }
        let style = turn.side.map_or(theme.flash, |side| theme.side(side));
        let mark = format!("{number:>widest$}. ");
        let indent = mark.chars().count();
        let text = no_break(&turn.text(usize::MAX), &names);
        let room = usize::from(width).saturating_sub(indent).max(8);
        for (index, line) in wrap_words(&text, room).into_iter().enumerate() {
            let lead = if index == 0 {
                mark.clone()
            } else {
                " ".repeat(indent)
            };
            rows.push(Line::from(Span::styled(format!("{lead}{line}"), style)));
        }
    }
    rows
}

/// `text` with the spaces inside `names` made no-break ones.
fn no_break(text: &str, names: &[String]) -> String {
    let mut text = text.to_string();
    for name in names.iter().filter(|n| n.contains(' ')) {
        text = text.replace(name.as_str(), &name.replace(' ', "\u{a0}"));
    }
    text
}

/// The rows a window of `height` shows, `from_end` rows back from the
/// latest (the oldest at the top while they all fit).
#[must_use]
pub fn window(rows: Vec<Line<'static>>, height: u16, from_end: u16) -> Vec<Line<'static>> {
    let height = usize::from(height);
    let end = rows
        .len()
        .saturating_sub(usize::from(from_end))
        .max(height.min(rows.len()));
    let start = end.saturating_sub(height);
    rows.into_iter().skip(start).take(end - start).collect()
}

/// Rows the box of moves can scroll back at most, on the screen as it is.
#[must_use]
pub fn most_scroll(app: &App, config: &Config) -> u16 {
    let Screen::Game(game) = &app.screen else {
        return 0;
    };
    let list = super::layout::moves_list(Rect::new(0, 0, app.size.0, app.size.1));
    let all = lines(game, &config.theme, list.width).len();
    u16::try_from(all.saturating_sub(usize::from(list.height))).unwrap_or(u16::MAX)
}

//! The replay viewer.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::engine::Side;
use crate::session::Action;
use crate::tui::app::{App, Replay};
use crate::tui::config::Config;
use crate::tui::theme::Theme;
use crate::tui::view::{footer, table_keys};
use crate::tui::widgets::board::{BoardView, BoardWidget};
use crate::tui::widgets::value_chart::ValueChart;

/// The value chart, or a word that it is on its way.
fn render_chart(replay: &Replay, theme: &Theme, chart: Rect, buf: &mut Buffer) {
    match &replay.values {
        Some(judged) => {
            let values: Vec<i32> = judged.iter().map(|j| j.value).collect();
            ValueChart {
                values: &values,
                shown: replay.shown,
                theme,
            }
            .render(chart, buf);
        }
        None if chart.height > 0 => {
            Paragraph::new(Line::styled(crate::tui::describe::CHART_COMING, theme.dim))
                .alignment(Alignment::Center)
                .render(
                    Rect::new(chart.x, chart.y + chart.height / 2, chart.width, 1),
                    buf,
                );
        }
        None => {}
    }
}

/// The moves around the one shown, the shown one in brackets.
fn move_strip(replay: &Replay, width: usize) -> String {
    let positions = replay.session.positions();
    let mut round = 1;
    let mut items = Vec::new();
    for (i, action) in replay.session.actions().iter().enumerate() {
        let text = match action {
            Action::Move(pit) => {
                let side = match positions[i].to_move() {
                    Some(Side::South) => "S",
                    Some(Side::North) => "N",
                    None => "?",
                };
                // A move that threw the game away is marked, as in notation.
                let mark = if replay.threw_away(i + 1).is_some() {
                    "?"
                } else {
                    ""
                };
                format!("{side}{pit}{mark}")
            }
            Action::Swap => "swap".to_string(),
            Action::NextRound(fill) => {
                round += 1;
                match fill {
                    Some(fill) => format!("| round {round} {fill} |"),
                    None => format!("| round {round} |"),
                }
            }
            Action::EndMatch => "| ended".to_string(),
        };
        items.push(if i + 1 == replay.shown {
            format!("[{text}]")
        } else {
            text
        });
    }
    let start = replay.shown.saturating_sub(8);
    let mut line = if start > 0 {
        "... ".to_string()
    } else {
        String::new()
    };
    for text in items.iter().skip(start) {
        if line.chars().count() + text.chars().count() + 1 > width {
            line.push_str("...");
            break;
        }
        line.push_str(text);
        line.push(' ');
    }
    line
}

/// Both totals on the board shown, and what the engine makes of it.
fn score_and_value(replay: &Replay, view: &BoardView) -> String {
    let session = &replay.session;
    let rules = session.rules();
    let mut score = format!(
        "{} {}  -  {} {}",
        session.display_name(Side::South),
        view.counted(rules, Side::South),
        session.display_name(Side::North),
        view.counted(rules, Side::North)
    );
    match replay.values.as_ref().and_then(|v| v.get(replay.shown)) {
        Some(judged) => {
            let _ = write!(
                score,
                "   {}",
                crate::tui::describe::engine_value(rules, judged)
            );
        }
        None => score.push_str("   engine: thinking..."),
    }
    score
}

/// The comments a record had on the move shown (a game brought in).
fn notes_at(replay: &Replay, theme: &crate::tui::theme::Theme) -> Vec<Span<'static>> {
    let steps = replay.session.actions()[..replay.shown]
        .iter()
        .filter(|a| matches!(a, Action::Move(_) | Action::Swap))
        .count();
    replay
        .meta
        .notes
        .iter()
        .filter(|n| n.after_move == steps)
        .map(|n| Span::styled(format!("  {{{}}}", n.text), theme.dim))
        .collect()
}

pub fn render_replay(app: &App, config: &Config, replay: &Replay, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let session = &replay.session;
    let position = session.positions()[replay.shown];
    let total = session.actions().len();
    let frame = replay
        .animation
        .as_ref()
        .map(crate::tui::anim::Animation::frame)
        .filter(|f| !f.finished);
    let view = frame
        .as_ref()
        .map_or_else(|| BoardView::of(&position), |f| f.board.clone());
    let last_move = replay
        .shown
        .checked_sub(1)
        .and_then(|i| match session.actions()[i] {
            Action::Move(pit) => session.positions()[i].to_move().map(|side| (side, pit)),
            _ => None,
        });

    let titled = replay
        .meta
        .title
        .as_ref()
        .map_or_else(String::new, |title| format!("{title} - "));
    let title = format!(
        " Replay: {titled}{} - {} (South) v {} (North) - round {}",
        session.rules().name(),
        session.display_name_at(Side::South, replay.shown),
        session.display_name_at(Side::North, replay.shown),
        position.round()
    );
    Paragraph::new(Line::styled(title, theme.title))
        .render(Rect::new(area.x, area.y, area.width, 1), buf);
    let board_area = crate::tui::layout::replay_board(replay, area);
    BoardWidget {
        view: &view,
        rules: session.rules(),
        theme,
        to_move: None,
        cursor: None,
        last_move: if frame.is_some() { None } else { last_move },
        hand: frame.as_ref().and_then(|f| f.hand),
        focus: frame.as_ref().and_then(|f| f.focus),
        hint: None,
        choosing: None,
        preview: &[],
        turned: false,
    }
    .render(board_area, buf);

    let status = match &frame {
        Some(f) => crate::tui::describe::replay_lap(replay.shown, total, f.lap),
        None => crate::tui::describe::replay_status(replay),
    };
    // Where a round or the match is over (and no move is being shown), what
    // it came to takes the score's place.
    let result = frame
        .is_none()
        .then(|| crate::words::result_sentence(session, &position))
        .flatten();
    let score = match result {
        Some(result) => crate::text::capitalised(&result),
        None => score_and_value(replay, &view),
    };
    let autoplay = if replay.autoplay {
        crate::tui::describe::AUTOPLAY
    } else {
        ""
    };
    // The move told whole, on two lines where one is not enough; then the
    // score and the strip of moves.
    let notes = if frame.is_none() {
        notes_at(replay, theme)
    } else {
        Vec::new()
    };
    Paragraph::new(Line::from(
        [
            Span::styled(status, theme.title),
            Span::styled(autoplay, theme.flash),
        ]
        .into_iter()
        .chain(notes)
        .collect::<Vec<_>>(),
    ))
    .alignment(Alignment::Center)
    .wrap(Wrap { trim: true })
    .render(crate::tui::layout::replay_caption(replay, area), buf);
    let lines = vec![
        Line::styled(score, theme.dim),
        Line::styled(move_strip(replay, usize::from(area.width) - 4), theme.text),
    ];
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .render(crate::tui::layout::replay_text(replay, area), buf);
    render_chart(
        replay,
        theme,
        crate::tui::layout::replay_chart(replay, area),
        buf,
    );
    footer(theme, app.message.as_ref(), &table_keys(app), area, buf);
}

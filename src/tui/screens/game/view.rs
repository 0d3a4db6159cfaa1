//! The match screen: header, board, whose turn, messages, round and match ends.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline, Widget, Wrap};

use crate::engine::{BySide, Outcome, Pit, Position, Side, Status};
use crate::session::Session;
use crate::tui::anim::Frame;
use crate::tui::app::{App, Game, Notice};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::keys;
use crate::tui::view::{
    KeyWords, context_keys, key_line, notice_line, popup, table_keys, unbroken, wrapped_height,
};
use crate::tui::widgets::board::{BoardView, BoardWidget};
use crate::words::player_name;

pub fn render_game(app: &App, config: &Config, game: &Game, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let session = &game.session;
    let rules = session.rules();
    let position = session.position();
    let parts = crate::tui::layout::game((area.width, area.height), position.pit_count());
    let frame = game
        .animation
        .as_ref()
        .map(crate::tui::anim::Animation::frame);
    let animating = frame.as_ref().is_some_and(|f| !f.finished);
    // While the round's loser chooses the pits to fill, the board shows the
    // next round as that choice would begin it.
    let filling = game.filling.and_then(|fill| {
        Some((
            position.fill_preview(rules, fill)?,
            position.fill_choice(rules)?,
        ))
    });
    let view = match (&frame, &filling) {
        (Some(f), _) if !f.finished => f.board.clone(),
        (_, Some((preview, _))) => BoardView::of(preview),
        _ => BoardView::of(position),
    };
    // While seeds move, the mover is still the one whose move it is.
    let shown_mover = if animating {
        session.last_move().map(|(side, _)| side)
    } else {
        position.to_move()
    };

    // What counts for each side as the board shows it, for the header and
    // the names.
    // (While the loser chooses, the round's result still stands.)
    let counted = if filling.is_some() {
        BoardView::of(position)
    } else {
        view.clone()
    };
    let stores = BySide::from_fn(|side| counted.counted(session.rules(), side));
    render_header(session, stores, theme, parts.header, buf);
    // Each player's line by their rows: North's above, unless turned.
    let (above, below) = if game.turned() {
        (Side::South, Side::North)
    } else {
        (Side::North, Side::South)
    };
    for (side, rect) in [(above, parts.north), (below, parts.south)] {
        let line = PlayerLine {
            side,
            at_bottom: side == below,
            mover: shown_mover,
        };
        render_player_line(session, &line, &view, theme, rect, buf);
    }
    BoardWidget {
        view: &view,
        rules,
        theme,
        to_move: match &filling {
            Some((_, chooser)) => Some(chooser.side),
            None if animating => None,
            None => position.to_move(),
        },
        cursor: (!animating).then_some(game.cursor),
        last_move: if animating || filling.is_some() {
            None
        } else {
            session.last_move()
        },
        hand: frame.as_ref().and_then(|f| f.hand),
        focus: frame.as_ref().and_then(|f| f.focus),
        hint: game
            .hint
            .filter(|&(key, _)| key == position.key() && !animating)
            .map(|(_, pit)| pit),
        choosing: game
            .choosing
            .filter(|_| !animating)
            .map(|pit| game.pit_of_next_way(pit)),
        preview: game
            .preview
            .as_ref()
            .filter(|(key, _)| *key == position.key() && !animating)
            .map_or(&[], |(_, places)| places),
        turned: game.turned(),
    }
    .render(parts.board, buf);

    render_turn_line(config, game, frame.as_ref(), parts.turn, buf);
    render_notice(config, game, frame.as_ref(), parts.notice, buf);
    if let Some(f) = frame.as_ref().filter(|f| !f.finished) {
        let hand = f.hand.map_or(0, |(_, seeds)| seeds);
        let line = words::lap_line(f.lap, hand);
        Paragraph::new(Line::styled(line, theme.text))
            .alignment(Alignment::Center)
            .render(parts.detail, buf);
    }
    if let Some(moves) = parts.moves {
        crate::tui::view::moves::render_panel(config, game, moves, buf);
    }
    render_footer(app, config, game, parts.footer, buf);

    // The result box, unless the players hid it to look at the board or
    // the loser is choosing the pits to fill.
    if !animating && !game.box_hidden && filling.is_none() {
        match position.status() {
            Status::Ongoing => {}
            Status::RoundOver { .. } => render_round_over(config, session, area, buf),
            Status::MatchOver { .. } => render_match_over(config, game, area, buf),
        }
    }
}

fn render_header(
    session: &Session,
    stores: BySide<u16>,
    theme: &crate::tui::theme::Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let rules = session.rules();
    let position = session.position();
    let rounds = session.rounds();
    let wins = |side: Side| {
        rounds
            .iter()
            .filter(|r| r.outcome == Outcome::Win(side))
            .count()
    };
    let mut left = format!(" {}", rules.name());
    if rules.plan().rounds.rounds == crate::engine::Rounds::Many {
        let _ = write!(left, "  -  round {}", position.round());
        if let Some(limit) = session.round_limit {
            let _ = write!(left, " of {limit}");
        }
        if let Some(goal) = rules.plan().rounds.territory_goal {
            // Territory rounds: the pits each holds, and the goal.
            let _ = write!(
                left,
                "  -  pits {}-{} (of {goal})",
                position.pits_held(Side::South),
                position.pits_held(Side::North)
            );
        }
        if matches!(position.status(), crate::engine::Status::MatchOver { .. }) {
            let _ = write!(left, "  -  {}", crate::tui::describe::MATCH_OVER);
        }
    }
    Paragraph::new(Line::styled(left.clone(), theme.title)).render(area, buf);
    let many = rules.plan().rounds.rounds == crate::engine::Rounds::Many;
    let wins = many.then(|| [wins(Side::South), wins(Side::North)]);
    let room = usize::from(area.width).saturating_sub(left.chars().count() + 3);
    if let Some(right) = words::standing(session, wins, stores)
        .into_iter()
        .find(|text| text.chars().count() <= room)
    {
        Paragraph::new(Line::styled(format!("{right} "), theme.dim))
            .alignment(Alignment::Right)
            .render(area, buf);
    }
}

/// Whose line beside the board, where, and who moves as it is shown.
struct PlayerLine {
    side: Side,
    at_bottom: bool,
    mover: Option<Side>,
}

fn render_player_line(
    session: &Session,
    line: &PlayerLine,
    view: &BoardView,
    theme: &crate::tui::theme::Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let PlayerLine {
        side,
        at_bottom,
        mover,
    } = *line;
    let marker = if mover == Some(side) { "> " } else { "  " };
    let text = crate::tui::describe::player_line(session, side, view, marker, at_bottom);
    let style = if mover == Some(side) {
        theme.side(side).patch(theme.title)
    } else {
        theme.side(side)
    };
    Paragraph::new(Line::styled(text, style))
        .alignment(Alignment::Center)
        .render(area, buf);
}

fn render_turn_line(
    config: &Config,
    game: &Game,
    frame: Option<&Frame>,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let session = &game.session;
    let position = session.position();
    let line = match (frame.filter(|f| !f.finished), position.to_move()) {
        (Some(_), _) => session
            .last_move()
            .map_or_else(Line::default, |(side, pit)| {
                Line::styled(
                    crate::tui::describe::sowing(session, side, pit),
                    theme.side(side).patch(theme.title),
                )
            }),
        (None, Some(side)) if session.computer(side).is_some() => Line::styled(
            crate::tui::describe::thinking(session, side),
            theme.side(side).patch(theme.title),
        ),
        (None, Some(side)) => {
            // The first keys of each row where the mover holds pits, as
            // drawn: their own rows, and in territory rounds (rules.md §12)
            // the pits won across.
            let rows = position.shape().rows_seen(game.turned());
            let row_keys = rows
                .iter()
                .enumerate()
                .filter_map(|(index, row)| {
                    let keys = crate::tui::pit_keys::row_keys(index, rows.len());
                    let held: Vec<String> = row
                        .pits
                        .iter()
                        .zip(keys)
                        .filter(|&(&pit, _)| position.round_owner(row.side, pit) == side)
                        .map(|(_, key)| key.to_string())
                        .collect();
                    let more = if held.len() > 3 { " ..." } else { "" };
                    (!held.is_empty())
                        .then(|| format!("{}{more}", held[..held.len().min(3)].join(" ")))
                })
                .collect::<Vec<_>>()
                .join(" / ");
            let who = words::to_move(&player_name(session, side));
            // As much of the reminder as the line has room for.
            let room = usize::from(area.width).saturating_sub(who.chars().count() + 5);
            let sow = keys::key_for(keys::Context::Turn, &crate::tui::msg::Msg::Confirm);
            let numbered = if position.row_count() == 2 {
                held_numbers(position, side)
            } else {
                None
            };
            let how = words::how_to_move(numbered, &row_keys, &sow)
                .into_iter()
                .find(|h| h.chars().count() <= room)
                .unwrap_or_default();
            let how = if how.is_empty() {
                how
            } else {
                format!("  -  {how}")
            };
            Line::from(vec![
                Span::styled(who, theme.side(side).patch(theme.title)),
                Span::styled(how, theme.dim),
            ])
        }
        // The round's end is told in its own box.
        (None, None) => Line::raw(""),
    };
    Paragraph::new(line)
        .alignment(Alignment::Center)
        .render(area, buf);
}

fn render_notice(
    config: &Config,
    game: &Game,
    frame: Option<&Frame>,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let moving = frame.is_some_and(|f| !f.finished);
    let first = Rect::new(area.x, area.y, area.width, 1);
    if moving {
        // While seeds move: what is happening now (the lap line is below).
        if let Some(told) = frame.and_then(|f| {
            let event = f.flash?;
            crate::words::event_told(&game.session, &event, f.chain.taken())
        }) {
            Paragraph::new(Line::styled(told, theme.flash))
                .alignment(Alignment::Center)
                .render(first, buf);
        }
        return;
    }
    // What the last turn did stays, told whole where it fits and otherwise
    // its start and its latest moves (the list of moves has it all);
    // passing messages go below it. A name is never broken between lines.
    let names = Side::BOTH.map(|side| game.session.display_name(side));
    // The notice answers the player (a hint, a refusal): it has every row
    // it needs but one, which keeps at least the turn's start and end.
    let notice_rows = game.notice.as_ref().map_or(0, |notice| {
        let lines: Vec<Line> = notice.text.lines().map(Line::raw).collect();
        wrapped_height(&lines, area.width).clamp(1, area.height.saturating_sub(1).max(1))
    });
    let mut below = area;
    if let Some((_, report)) = &game.report {
        let room = Rect {
            height: area.height - notice_rows,
            ..area
        };
        let text = fitted(&unbroken(report, &names), room);
        let rows = wrapped_height(&[Line::raw(text.clone())], area.width).min(room.height);
        let report = Notice {
            text,
            warning: false,
        };
        notice_line(
            theme,
            Some(&report),
            Rect {
                height: rows,
                ..area
            },
            buf,
        );
        below = Rect {
            y: area.y + rows,
            height: area.height - rows,
            ..area
        };
    }
    notice_line(theme, game.notice.as_ref(), below, buf);
}

/// A turn's telling fitted to `area`: whole where it fits, otherwise its
/// first move, an ellipsis and as many of its latest moves as fit, broken
/// only where one move ends and the next begins.
fn fitted(told: &str, area: Rect) -> String {
    let fits =
        |text: &str| wrapped_height(&[Line::raw(text.to_string())], area.width) <= area.height;
    if fits(told) {
        return told.to_string();
    }
    let moves: Vec<&str> = told.split(crate::words::THEN).collect();
    (2..moves.len())
        .map(|from| {
            format!(
                "{}{}{}",
                moves[0],
                words::LATER_MOVES,
                moves[from..].join(crate::words::THEN)
            )
        })
        .find(|text| fits(text))
        .unwrap_or_else(|| told.to_string())
}

/// Drops the keys that scroll a table of rounds from a game of one round,
/// which has no such table.
fn without_rounds(keys: &mut KeyWords, game: &Game) {
    if game.session.rules().plan().rounds.rounds != crate::engine::Rounds::Many {
        keys.retain(|(_, word)| word != "rounds");
    }
}

fn render_footer(app: &App, config: &Config, game: &Game, area: Rect, buf: &mut Buffer) {
    let mut keys = table_keys(app);
    without_rounds(&mut keys, game);
    // Redo only when there is something to redo; the speed with its value.
    keys.retain(|(_, word)| word != "redo" || game.session.can_redo());
    for (_, word) in &mut keys {
        if word == "speed" {
            *word = crate::tui::describe::speed_word(config.speed_ms, !config.reduced_motion);
        }
    }
    // Where they do not all fit, the pace and the hint give way first:
    // saving and leaving must stay in sight.
    let keys = crate::tui::view::fitting_dropping(&keys, area.width, &["speed", "hint", "moves"]);
    Paragraph::new(key_line(&config.theme, &keys))
        .alignment(Alignment::Center)
        .render(area, buf);
}

fn totals_line<'a>(
    session: &Session,
    position: &Position,
    theme: &crate::tui::theme::Theme,
) -> Line<'a> {
    // The winner first, as every score is said.
    let total = |side: Side| {
        let style = match side {
            Side::South => theme.south,
            Side::North => theme.north,
        };
        let text = format!(
            "{} {}",
            player_name(session, side),
            position.counted(session.rules(), side)
        );
        Span::styled(text, style)
    };
    let [first, second] = crate::words::score_order(position.outcome());
    Line::from(vec![total(first), Span::raw("   "), total(second)])
}

fn render_round_over(config: &Config, session: &Session, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let position = session.position();
    let rules = session.rules();
    let mut lines = vec![
        totals_line(session, position, theme),
        Line::styled(
            words::outcome_text(session, position.outcome(), "round"),
            theme.title,
        ),
    ];
    if let Status::RoundOver {
        took_remaining: Some(taker),
    } = position.status()
    {
        lines.push(Line::raw(words::took_remaining(session, taker)));
    }
    if let Ok(next) = session.game().next_round() {
        lines.push(Line::raw(""));
        // Who begins it heads its refill, so the box keeps its height.
        let heading = next.to_move().map_or_else(
            || words::NEXT_REFILL.to_string(),
            |starter| words::next_round_begun_by(session, starter, next.round()),
        );
        lines.push(Line::styled(heading, theme.dim));
        for side in Side::BOTH {
            lines.push(Line::raw(words::refill_line(
                session, rules, position, &next, side,
            )));
        }
        if let Some(distance) = words::distance_to_the_end(session, position) {
            lines.push(Line::styled(distance, theme.dim));
        }
    }
    let title = words::round_over_title(position.round());
    let keys = context_keys(keys::Context::RoundOver);
    let inner = result_box(config, &title, &lines, 0, &keys, area, buf);
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

/// The box a round's or match's end is told in: as wide as its lines (within
/// the screen), as tall as they are wrapped plus `extra` rows, its keys at
/// its foot. Returns the area for the lines (and the extra rows below them).
fn result_box(
    config: &Config,
    title: &str,
    lines: &[Line],
    extra: u16,
    keys: &KeyWords,
    area: Rect,
    buf: &mut Buffer,
) -> Rect {
    let keys_line = key_line(&config.theme, keys);
    let longest = lines
        .iter()
        .chain(std::iter::once(&keys_line))
        .map(Line::width)
        .max()
        .unwrap_or(0);
    let width = u16::try_from(longest + 4)
        .unwrap_or(u16::MAX)
        .clamp(40, area.width.saturating_sub(2));
    let text_width = width.saturating_sub(2);
    let height = (wrapped_height(lines, text_width) + extra + 4).min(area.height);
    let inner = popup(area, width, height, title, &config.theme, buf);
    let foot = Rect::new(
        inner.x,
        inner.y + inner.height.saturating_sub(1),
        inner.width,
        1,
    );
    Paragraph::new(keys_line)
        .alignment(Alignment::Center)
        .render(foot, buf);
    Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(2),
    )
}

fn render_match_over(config: &Config, game: &Game, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let session = &game.session;
    let position = session.position();
    let rounds = session.rounds();
    let many = session.rules().plan().rounds.rounds == crate::engine::Rounds::Many;
    let title = words::over_title(many);
    let mut lines = vec![
        Line::styled(
            words::outcome_text(
                session,
                position.outcome(),
                if many { "match" } else { "game" },
            ),
            theme.title,
        ),
        totals_line(session, position, theme),
    ];
    for text in words::how_it_ended(session) {
        lines.push(Line::styled(text, theme.dim));
    }
    // The pair's record in this rule set, this match included.
    let names = Side::BOTH.map(|side| session.display_name(side));
    if let Some(tally) = config.settings.tally_of(session.rules().id(), &names) {
        lines.push(Line::styled(
            format!(
                "{} so far: {}",
                session.rules().name(),
                crate::words::tally(tally, &names)
            ),
            theme.dim,
        ));
    }
    let mut keys = context_keys(keys::Context::MatchOver);
    without_rounds(&mut keys, game);
    if !many {
        let inner = result_box(config, title, &lines, 0, &keys, area, buf);
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    }
    // A match of rounds: a chart of each player's seeds round by round, then
    // every round in a table that scrolls.
    let names = [
        session.display_name(Side::South),
        session.display_name(Side::North),
    ];
    let label = names.iter().map(|n| n.chars().count()).max().unwrap_or(5);
    let header = format!(
        "{:>5}  {:>w$}  {:>w$}  {:<w$}",
        "round",
        names[0],
        names[1],
        "winner",
        w = label.max(6)
    );
    let top = u16::try_from(lines.len()).unwrap_or(2);
    lines.push(Line::raw(""));
    let chart_rows = 2;
    let text_rows = u16::try_from(lines.len()).unwrap_or(0);
    let room = area
        .height
        .saturating_sub(text_rows + chart_rows + 8)
        .max(1);
    let shown = u16::try_from(rounds.len()).unwrap_or(u16::MAX).min(room);
    lines.push(Line::raw(header.clone()));
    let inner = result_box(config, title, &lines, chart_rows + shown, &keys, area, buf);
    lines.truncate(usize::from(top));
    Paragraph::new(lines)
        .alignment(Alignment::Center)
        .render(Rect::new(inner.x, inner.y, inner.width, top), buf);
    let rows = Rect::new(
        inner.x + 1,
        inner.y + top,
        inner.width.saturating_sub(1),
        chart_rows,
    );
    render_rounds_chart(config, session, &rounds, label, rows, buf);
    // Below the chart, after the blank line: the table's head and rows.
    let table = Rect::new(
        inner.x + 1,
        inner.y + top + chart_rows + 1,
        inner.width.saturating_sub(1),
        shown + 1,
    );
    render_rounds_table(config, game, &header, label, table, buf);
}

/// The table of rounds under its head, from the round scrolled to.
fn render_rounds_table(
    config: &Config,
    game: &Game,
    header: &str,
    label: usize,
    table: Rect,
    buf: &mut Buffer,
) {
    let theme = &config.theme;
    let session = &game.session;
    let rounds = session.rounds();
    let shown = table.height.saturating_sub(1);
    buf.set_stringn(
        table.x,
        table.y,
        header,
        usize::from(table.width),
        theme.dim,
    );
    let scroll = usize::from(game.box_scroll).min(rounds.len().saturating_sub(usize::from(shown)));
    for (i, round) in rounds
        .iter()
        .skip(scroll)
        .take(usize::from(shown))
        .enumerate()
    {
        let winner = match round.outcome {
            Outcome::Win(side) => session.display_name(side),
            Outcome::Draw => "draw".to_string(),
        };
        let line = format!(
            "{:>5}  {:>w$}  {:>w$}  {:<w$}",
            round.round,
            round.stores.south,
            round.stores.north,
            winner,
            w = label.max(6)
        );
        let y = table.y + 1 + u16::try_from(i).unwrap_or(0);
        buf.set_stringn(table.x, y, line, usize::from(table.width), theme.text);
    }
}

/// The heights of a bar one row tall.
const BAR_LEVELS: u64 = 8;

/// A bar's height for `seeds` of `total`: a few seeds still show the lowest
/// bar, and none shows none.
fn bar_height(seeds: u64, total: u64) -> u64 {
    (seeds * BAR_LEVELS).div_ceil(total).min(BAR_LEVELS)
}

/// Each player's seeds round by round: a row a player (named), a column a
/// round (the last rounds, when they do not all fit).
fn render_rounds_chart(
    config: &Config,
    session: &Session,
    rounds: &[crate::session::RoundSummary],
    label: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    let label_width = u16::try_from(label).unwrap_or(0);
    let width = area.width.saturating_sub(label_width + 2);
    for (row, side) in Side::BOTH.into_iter().enumerate() {
        let y = area.y + u16::try_from(row).unwrap_or(0);
        let style = config.theme.side(side);
        buf.set_stringn(area.x, y, session.display_name(side), label, style);
        let total = u64::from(session.rules().total_seeds()).max(1);
        let data: Vec<u64> = rounds
            .iter()
            .map(|r| bar_height(u64::from(r.stores[side]), total))
            .collect();
        let skip = data.len().saturating_sub(usize::from(width));
        Sparkline::default()
            .data(&data[skip..])
            .max(BAR_LEVELS)
            .style(style)
            .render(Rect::new(area.x + label_width + 1, y, width, 1), buf);
    }
}

/// The numbers `side` plays pits by on two rows, lowest and highest: their
/// row's, less the pits lost and with the pits won across as n + k
/// (territory rounds, rules.md §12: the loser's pits go from pit 1 on, so
/// the numbers held run unbroken). None where a digit key cannot reach
/// them all (over 9): the keys alone are told.
fn held_numbers(position: &Position, side: Side) -> Option<(u8, u8)> {
    let pits = position.pit_count();
    let own = Pit::all(pits).filter(|&pit| position.round_owner(side, pit) == side);
    let across = Pit::all(pits)
        .filter(|&pit| position.round_owner(side.other(), pit) == side)
        .map(|pit| Pit::new(pits + pit.number()));
    let numbers: Vec<u8> = own.chain(across).map(Pit::number).collect();
    let lowest = numbers.iter().copied().min()?;
    let highest = numbers.iter().copied().max()?;
    (highest <= 9).then_some((lowest, highest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_seeds_show_a_bar_and_none_show_none() {
        assert_eq!(bar_height(0, 98), 0);
        assert_eq!(bar_height(4, 98), 1);
        assert_eq!(bar_height(9, 98), 1);
        assert_eq!(bar_height(49, 98), 4);
        assert_eq!(bar_height(98, 98), 8);
    }

    /// A turn of six moves told on 40 columns: whole in five rows; in
    /// three, its first move, "... then" and the latest three; in two, the
    /// first and the last; each move whole.
    #[test]
    fn a_turn_too_long_for_its_rows_keeps_its_first_and_latest_moves() {
        let told = "Ann played pit 1 - moves again; then pit 2: 12 laps - moves again; \
                    then pit 4 - moves again; then pit 6 - moves again; then pit 3: 2 \
                    laps - moves again; then pit 5: 3 laps";
        assert_eq!(fitted(told, Rect::new(0, 0, 40, 5)), told);
        assert_eq!(
            fitted(told, Rect::new(0, 0, 40, 3)),
            "Ann played pit 1 - moves again; ... then pit 6 - moves again; then pit 3: \
             2 laps - moves again; then pit 5: 3 laps"
        );
        assert_eq!(
            fitted(told, Rect::new(0, 0, 40, 2)),
            "Ann played pit 1 - moves again; ... then pit 5: 3 laps"
        );
        // No room even for that: the whole turn, for the rows there are.
        assert_eq!(fitted(told, Rect::new(0, 0, 10, 1)), told);
    }
}

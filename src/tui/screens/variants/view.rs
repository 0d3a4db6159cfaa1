//! The list of games: each game's name and place beside the rules of the one
//! chosen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use crate::tui::app::{App, GameList};
use crate::tui::config::Config;
use crate::tui::view::{footer, table_keys};

pub fn render_variants(app: &App, config: &Config, list: &GameList, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let title = if list.for_play {
        crate::tui::describe::CHOOSE_A_GAME
    } else {
        crate::tui::describe::RULES_TITLE
    };
    let list_width = crate::tui::layout::VARIANTS_LIST_WIDTH.min(area.width / 2);
    let list_area = Rect::new(area.x + 1, area.y + 1, list_width, area.height - 3);
    let detail = crate::tui::layout::variants_detail(area);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), theme.title));
    let inner = block.inner(list_area);
    block.render(list_area, buf);
    render_game_list(app, config, list, inner, buf);

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
    keys.retain(|(_, word)| list.for_play || word != "choose it");
    footer(theme, app.message.as_ref(), &keys, area, buf);

    // A search that finds nothing leaves the pane empty: the list says why.
    if app
        .games_found(&list.search, &config.settings.recent_games)
        .is_empty()
    {
        text_area(title, buf);
        return;
    }
    let text = crate::tui::layout::variants_text(area);
    let (name, lines) = crate::tui::rules_text::lines(app, config, list.selected, text.width);
    let scroll = list
        .scroll
        .min(crate::tui::help_text::last_scroll(lines.len(), text.height));
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .render(text_area(&name, buf), buf);
}

/// Rows of the list from which each game gets a third line.
const TALL_LIST: u16 = 28;

/// The list of games in `inner`: the search line, then two lines a game
/// found (its name and board; whether it was played lately, is played in
/// rounds and where), three where the list is tall (how it plays, in
/// brief: the kinds a search finds it by), scrolled so that the chosen one
/// shows; the first nine numbered.
fn render_game_list(app: &App, config: &Config, list: &GameList, inner: Rect, buf: &mut Buffer) {
    use crate::tui::describe;
    let theme = &config.theme;
    let width = usize::from(inner.width);
    let search = if list.search.is_empty() {
        Line::from(vec![
            Span::styled(describe::FIND_LABEL, theme.dim),
            Span::styled(describe::FIND_HINT, theme.dim),
        ])
    } else {
        Line::from(vec![
            Span::styled(describe::FIND_LABEL, theme.dim),
            Span::styled(crate::text::printable(&list.search), theme.text),
            Span::styled("_", theme.cursor),
        ])
    };
    buf.set_line(inner.x + 1, inner.y, &search, inner.width.saturating_sub(1));
    let recent = &config.settings.recent_games;
    let found = app.games_found(&list.search, recent);
    let rows = Rect::new(
        inner.x,
        inner.y + 2,
        inner.width,
        inner.height.saturating_sub(2),
    );
    if found.is_empty() {
        let none = crate::tui::help_text::wrap_words(describe::NO_GAME_FOUND, width - 1);
        for (y, line) in (rows.y..rows.bottom()).zip(none) {
            buf.set_stringn(rows.x + 1, y, &line, width - 1, theme.warning);
        }
        return;
    }
    // Where the list is tall, a third line a game: how it plays, in brief.
    let per: u16 = if rows.height >= TALL_LIST { 3 } else { 2 };
    let fits = usize::from(rows.height.saturating_sub(1) / per).max(1);
    let place = found.iter().position(|&i| i == list.selected).unwrap_or(0);
    let first = place.saturating_sub(fits - 1);
    // Games above and below those shown, said where they are.
    let after = found.len().saturating_sub(first + fits);
    if first > 0 {
        let above = describe::more_games(first, true);
        buf.set_stringn(inner.x + 3, inner.y + 1, &above, width - 3, theme.dim);
    }
    if after > 0 {
        let below = describe::more_games(after, false);
        let y = rows.y + per * u16::try_from(fits).unwrap_or(0);
        buf.set_stringn(inner.x + 3, y, &below, width - 3, theme.dim);
    }
    for (shown, &index) in found.iter().enumerate().skip(first).take(fits) {
        let y = rows.y + per * u16::try_from(shown - first).unwrap_or(0);
        let style = if index == list.selected {
            theme.selected
        } else {
            theme.text
        };
        let number = if shown < 9 {
            format!("{}", shown + 1)
        } else {
            " ".to_string()
        };
        let EntryText {
            name,
            board,
            second,
            kinds,
            broken,
        } = entry_text(app, index, recent, list.search.is_empty());
        let second_style = if broken { theme.warning } else { theme.dim };
        let room = width.saturating_sub(4 + board.chars().count() + 1);
        let name = crate::tui::layout::cut_to(&name, room);
        let line = format!(" {number} {name:<room$} {board} ");
        buf.set_stringn(inner.x, y, &line, width, style);
        let second = crate::tui::layout::cut_to(&second, width.saturating_sub(4));
        buf.set_stringn(inner.x + 3, y + 1, &second, width - 3, second_style);
        if per == 3 {
            let kinds = crate::tui::layout::cut_to(&kinds, width.saturating_sub(4));
            buf.set_stringn(inner.x + 3, y + 2, &kinds, width - 3, theme.dim);
        }
    }
}

/// What the list says of one game.
struct EntryText {
    name: String,
    /// "2×6×4".
    board: String,
    /// "lately · rounds · Sri Lanka", or that the file cannot be played.
    second: String,
    /// The kinds a search finds it by beyond its board and match: how it
    /// plays, in brief ("relay · captures while sowing").
    kinds: String,
    /// A rule file that could not be read.
    broken: bool,
}

/// The list's words for entry `index` (a rule set, then the files that
/// could not be read); `lately` marks a game of `recent` where nothing is
/// typed.
fn entry_text(app: &App, index: usize, recent: &[String], nothing_typed: bool) -> EntryText {
    use crate::tui::describe;
    let Some(entry) = app.variants.get(index) else {
        let file = &app.broken_rules[index - app.variants.len()];
        return EntryText {
            name: file.name.clone(),
            board: String::new(),
            second: describe::CANNOT_BE_PLAYED.to_string(),
            kinds: String::new(),
            broken: true,
        };
    };
    let rules = &entry.rules;
    let seeds = rules.board().start.is_none().then(|| rules.seeds_per_pit());
    let kinds: Vec<&str> = crate::catalog::search::families(rules)
        .into_iter()
        .filter(|kind| !crate::catalog::search::BOARD_AND_MATCH.contains(kind))
        .collect();
    EntryText {
        name: crate::text::printable(rules.name()),
        board: describe::board_in_short(rules.rows(), rules.pits(), seeds),
        second: describe::game_line(
            nothing_typed && recent.iter().any(|id| id == rules.id()),
            rules.plan().rounds.rounds == crate::engine::Rounds::Many,
            rules.played_in(),
            entry.origin != crate::catalog::Origin::BuiltIn,
        ),
        kinds: kinds.join(" · "),
        broken: false,
    }
}

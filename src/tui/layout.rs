//! Where each screen's parts go on a terminal of a given size: one place for
//! the drawing (`view`) and for mouse clicks and key handling (`update`,
//! `keys`), so the two never disagree about what is under a click.

use ratatui::layout::Constraint::{Fill, Length, Max};
use ratatui::layout::{Flex, Layout, Margin, Rect};

use super::app::{App, Replay, Screen};
use super::widgets::board::{BOARD_HEIGHT, BoardGeometry, MAX_BOARD_HEIGHT};
use super::widgets::value_chart::{ChartColumns, bars_area};

/// The smallest terminal every screen reads well at.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// The size the current screen needs.
#[must_use]
pub fn required_size(app: &App) -> (u16, u16) {
    let pits = match &app.screen {
        Screen::Game(game) => game.session.position().pit_count(),
        Screen::Replay(replay) => replay.session.position().pit_count(),
        _ => 0,
    };
    (
        MIN_WIDTH.max(BoardGeometry::min_width(pits) + 2),
        MIN_HEIGHT,
    )
}

/// Whether the terminal is smaller than the screen on it needs.
#[must_use]
pub fn is_too_small(app: &App) -> bool {
    let (width, height) = required_size(app);
    app.size.0 < width || app.size.1 < height
}

// -- The main menu --

/// The first row of the menu's items on a terminal of `size`.
#[must_use]
pub fn menu_top(size: (u16, u16)) -> u16 {
    size.1.saturating_sub(18) / 2 + 6
}

/// The menu item drawn on a screen row, for mouse clicks.
#[must_use]
pub fn menu_item_at(size: (u16, u16), items: usize, row: u16) -> Option<usize> {
    let top = menu_top(size);
    let index = usize::from(row.checked_sub(top)? / 2);
    ((row - top).is_multiple_of(2) && index < items).then_some(index)
}

// -- The list of saved matches --

/// Rows above the list: the title, the filter and the column heads.
pub const LIBRARY_ABOVE: u16 = 3;
/// Rows below it: two of detail, the message and the keys.
pub const LIBRARY_BELOW: u16 = 4;

/// The screen row of the list's first match.
#[must_use]
pub fn library_first_row() -> u16 {
    LIBRARY_ABOVE
}

/// How many matches the list shows at once on a terminal of `size`.
#[must_use]
pub fn library_rows(size: (u16, u16)) -> usize {
    usize::from(size.1.saturating_sub(LIBRARY_ABOVE + LIBRARY_BELOW))
}

// -- A match --

/// Lines of the match screen around the board.
const AROUND_BOARD: u16 = 9;

/// The board's height on a terminal `height` rows tall: the least, until
/// there are rows to spare above and below, then taller pits (two rows at a
/// time) up to the most.
fn board_height(height: u16) -> u16 {
    let spare = height.saturating_sub(MIN_HEIGHT);
    (BOARD_HEIGHT + spare / 2 / 2 * 2).min(MAX_BOARD_HEIGHT)
}

/// Where the parts of the match screen go.
pub struct GameLayout {
    pub header: Rect,
    pub north: Rect,
    pub board: Rect,
    pub south: Rect,
    pub turn: Rect,
    pub notice: Rect,
    pub detail: Rect,
    /// The move list beside the board, where the terminal is wide enough.
    pub moves: Option<Rect>,
    pub footer: Rect,
}

/// Columns of the move list beside the board: at least the first, up to
/// the second where the board leaves room (a wider list breaks fewer
/// turns across lines).
const MOVES_WIDTH: u16 = 38;
/// Columns a player's line over or under the board takes at the most: the
/// marker of the player to move, the longest name and what follows it
/// (" (South), bottom row - store 100"). The move list goes beside only a
/// board that leaves the line that room, however narrow the board.
#[allow(clippy::cast_possible_truncation)]
const PLAYER_LINE_WIDTH: u16 = 2 + crate::session::NAME_LENGTH as u16 + 32;
const MOST_MOVES_WIDTH: u16 = 46;
/// Rows under the board for the notice and what the last turn did, as the
/// block is centred: three, the second shared with the lap line (shown only
/// while seeds move); more on a tall terminal, where a long turn is told
/// whole. The notice may also use the free rows below the block, down to
/// the keys: a hint where the mover chooses the way needs four rows at 80
/// columns.
const NOTICE_ROWS: u16 = 3;
const MOST_NOTICE_ROWS: u16 = 8;

/// The notice's rows in the centred block on a terminal `height` rows tall
/// whose board takes `board_rows`.
fn centred_notice_rows(height: u16, board_rows: u16) -> u16 {
    let spare = height.saturating_sub(board_rows + AROUND_BOARD + 2);
    (NOTICE_ROWS + spare / 2).min(MOST_NOTICE_ROWS)
}

/// The match screen on a terminal of `size` for a board of `pits` pits a
/// row: the header at the top, the keys at the foot, the rest centred
/// between them; the move list at the right where the board keeps its
/// width beside it.
#[must_use]
pub fn game(size: (u16, u16), pits: u8) -> GameLayout {
    let (width, height) = size;
    let screen = Rect::new(0, 0, width, height);
    let [header, middle, footer] = Layout::vertical([Length(1), Fill(1), Length(1)]).areas(screen);
    let beside = BoardGeometry::comfortable_width(pits).max(PLAYER_LINE_WIDTH);
    let room = width.saturating_sub(beside + 2);
    let (main, moves) = if room >= MOVES_WIDTH {
        let list = room.min(MOST_MOVES_WIDTH);
        let [main, _, moves, _] =
            Layout::horizontal([Fill(1), Length(1), Length(list), Length(1)]).areas(middle);
        (main.width, Some(moves))
    } else {
        (width, None)
    };
    let board_rows = board_height(height);
    // The rows left over give a long turn room to be told whole.
    let notice_rows = centred_notice_rows(height, board_rows);
    // Centred in all but the last row, as the header overlaps the space
    // above the block on small terminals.
    let [content] = Layout::vertical([Length(
        board_rows + AROUND_BOARD - NOTICE_ROWS + notice_rows,
    )])
    .flex(Flex::Center)
    .areas(Rect::new(0, 0, main, height.saturating_sub(1)));
    let [_, north, board, south, _, turn, notice] = Layout::vertical([
        Length(1),
        Length(1),
        Length(board_rows),
        Length(1),
        Length(1),
        Length(1),
        Length(notice_rows),
    ])
    .areas(content);
    // Nothing is drawn between the block and the keys.
    let notice = Rect {
        height: notice.height.max(footer.y.saturating_sub(notice.y)),
        ..notice
    };
    GameLayout {
        header,
        north,
        board,
        south,
        turn,
        notice,
        detail: Rect::new(notice.x, notice.y + 1, notice.width, 1),
        moves,
        footer,
    }
}

/// The pits of `position`'s board on a terminal of `size` (`turned`, as
/// North sees it), for mouse clicks.
#[must_use]
pub fn board_geometry(
    size: (u16, u16),
    position: &crate::engine::Position,
    turned: bool,
) -> Option<BoardGeometry> {
    let shape = position.shape();
    BoardGeometry::new(game(size, shape.pits).board, shape, turned)
}

// -- The replay viewer --

/// Rows of text under the caption: the score and the engine's value, the
/// moves around it.
pub const REPLAY_TEXT_ROWS: u16 = 2;
/// The chart's tallest, so a large terminal does not give it everything.
const CHART_ROWS: u16 = 12;

/// The viewer's parts on a screen of `area`: a title row and a blank one,
/// the board, a blank row, the text under it, the chart, and the two rows of
/// the footer.
fn replay_parts(replay: &Replay, area: Rect) -> [Rect; 4] {
    let [_, board, _, caption, text, chart, _, _] = Layout::vertical([
        Length(2),
        Length(BOARD_HEIGHT),
        Length(1),
        Length(caption_rows(replay, area.width)),
        Length(REPLAY_TEXT_ROWS),
        Max(CHART_ROWS),
        Fill(1),
        Length(2),
    ])
    .areas(area);
    [board, caption, text, chart]
}

/// How many rows `lines` take wrapped at word breaks to `width` columns.
pub(crate) fn wrapped_height(lines: &[ratatui::text::Line], width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let mut rows = 0;
    for line in lines {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        let mut used = 0;
        let mut count = 1;
        for word in text.split(' ') {
            let length = word.chars().count();
            if used > 0 && used + 1 + length > width {
                count += 1;
                used = 0;
            }
            used += if used > 0 { 1 + length } else { length };
            // A word longer than the line breaks where it must.
            while used > width {
                count += 1;
                used -= width;
            }
        }
        rows += count;
    }
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The most rows what the shown move did may take (at 80x24 the chart
/// gives them up).
const MAX_CAPTION_ROWS: u16 = 3;

/// Rows for what the shown move did: as many as it takes wrapped, up to
/// [`MAX_CAPTION_ROWS`].
fn caption_rows(replay: &Replay, width: u16) -> u16 {
    let caption = crate::tui::describe::replay_caption(replay);
    let line = ratatui::text::Line::raw(caption);
    wrapped_height(&[line], width).clamp(1, MAX_CAPTION_ROWS)
}

/// The board's area in the viewer on a screen of `area`.
#[must_use]
pub fn replay_board(replay: &Replay, area: Rect) -> Rect {
    replay_parts(replay, area)[0]
}

/// Where what the shown move did goes, under the board.
#[must_use]
pub fn replay_caption(replay: &Replay, area: Rect) -> Rect {
    replay_parts(replay, area)[1]
}

/// Where the score and the strip of moves go, under the caption.
#[must_use]
pub fn replay_text(replay: &Replay, area: Rect) -> Rect {
    replay_parts(replay, area)[2]
}

/// Where the value chart goes: under the text, above the footer, indented.
#[must_use]
pub fn replay_chart(replay: &Replay, area: Rect) -> Rect {
    replay_parts(replay, area)[3].inner(Margin::new(2, 0))
}

/// The position a click on the chart at (`column`, `row`) goes to.
#[must_use]
pub fn chart_position_at(replay: &Replay, area: Rect, column: u16, row: u16) -> Option<usize> {
    let bars = bars_area(replay_chart(replay, area));
    if !bars.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let count = replay.session.positions().len();
    ChartColumns::fit(count, usize::from(bars.width))
        .position_at(usize::from(column - bars.x), count)
}

/// Columns of the rule-set screen's list.
pub const VARIANTS_LIST_WIDTH: u16 = 34;

/// The rule-set screen's detail pane on a screen of `area`: right of the
/// list, above the footer.
#[must_use]
pub fn variants_detail(area: Rect) -> Rect {
    Rect::new(
        area.x + VARIANTS_LIST_WIDTH + 2,
        area.y + 1,
        area.width.saturating_sub(VARIANTS_LIST_WIDTH + 3),
        area.height.saturating_sub(3),
    )
}

/// Where the detail pane's text goes: within its border and a column each
/// side.
#[must_use]
pub fn variants_text(area: Rect) -> Rect {
    variants_detail(area).inner(Margin::new(2, 1))
}

/// Help's box over the screen `area`: nearly the whole height, at most 90
/// columns.
#[must_use]
pub fn help_box(area: Rect) -> Rect {
    let width = area.width.saturating_sub(8).min(90).min(area.width);
    let height = area.height.saturating_sub(2).min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The box of the list of moves over the screen `area`: all of it between
/// the header and the keys at the foot, so nothing of the board shows at
/// its edges.
#[must_use]
pub fn moves_box(area: Rect) -> Rect {
    between_header_and_footer(area)
}

/// Where the moves go inside their box: within the border and a column
/// each side.
#[must_use]
pub fn moves_list(area: Rect) -> Rect {
    moves_box(area).inner(Margin::new(2, 1))
}

/// Where help's text goes inside its box: within the border and a column
/// each side (its keys are the screen's footer).
#[must_use]
pub fn help_text(area: Rect) -> Rect {
    help_box(area).inner(Margin::new(2, 1))
}

/// Every row of `area` but the header's and the footer's.
#[must_use]
pub fn between_header_and_footer(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(2),
    )
}

/// `text` in at most `width` columns: whole where it fits, else cut with an
/// ellipsis at the end (for names and places in narrow columns).
#[must_use]
pub fn cut_to(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{kept}…")
}

/// A file's `path` in at most `width` columns: whole where it fits, else
/// its middle left out, so that its start and its file name show
/// (`/home/ann/…/rules/broken.toml`); a file name too long alone keeps its
/// end.
#[must_use]
pub fn shortened_path(path: &str, width: usize) -> String {
    let length = path.chars().count();
    if length <= width {
        return path.to_string();
    }
    let name_at = path.rfind(['/', '\\']).map_or(0, |at| at);
    let name: String = path[name_at..].to_string();
    let name_length = name.chars().count();
    if name_length + 1 >= width {
        let tail: String = path.chars().skip(length + 1 - width.max(1)).collect();
        return format!("…{tail}");
    }
    let start: String = path.chars().take(width - name_length - 1).collect();
    format!("{start}…{name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_loses_its_middle_not_its_file_name() {
        let path = "/home/ann/.config/mancala/rules/broken-game.toml";
        assert_eq!(shortened_path(path, 60), path);
        assert_eq!(shortened_path(path, 30), "/home/ann/.c…/broken-game.toml");
        assert_eq!(shortened_path(path, 30).chars().count(), 30);
        assert_eq!(shortened_path(path, 12), "…n-game.toml");
    }

    #[test]
    fn the_match_screen_is_centred_between_header_and_keys() {
        for height in MIN_HEIGHT..=60 {
            let parts = game((80, height), 7);
            assert_eq!(parts.header.y, 0);
            assert_eq!(parts.footer.y, height - 1);
            // The block sits in the middle of the rows above the keys (an odd
            // row to spare goes above it); the board grows with the height,
            // and so do the rows that tell the last turn.
            let board = board_height(height);
            let notice = centred_notice_rows(height, board);
            assert!((NOTICE_ROWS..=MOST_NOTICE_ROWS).contains(&notice));
            let block = board + AROUND_BOARD - NOTICE_ROWS + notice;
            let top = (height - 1 - block).div_ceil(2);
            assert_eq!(parts.north.y, top + 1, "height {height}");
            assert_eq!(parts.board.y, top + 2);
            assert_eq!(parts.board.height, board);
            assert_eq!(parts.south.y, top + 2 + board);
            assert_eq!(parts.turn.y, parts.south.y + 2);
            assert_eq!(parts.notice.y, parts.turn.y + 1);
            assert_eq!(parts.detail.y, parts.notice.y + 1);
            // The notice has the rows of the block and those below it.
            assert_eq!(parts.notice.y + parts.notice.height, parts.footer.y);
            assert!(parts.notice.height >= notice);
        }
        assert_eq!(board_height(MIN_HEIGHT), BOARD_HEIGHT);
        assert_eq!(board_height(60), MAX_BOARD_HEIGHT);
        assert_eq!(centred_notice_rows(24, board_height(24)), NOTICE_ROWS);
        assert_eq!(centred_notice_rows(50, board_height(50)), MOST_NOTICE_ROWS);
        // At 80x24 the two rows under the block are the notice's too.
        assert_eq!(game((80, 24), 7).notice.height, NOTICE_ROWS + 2);
    }

    #[test]
    fn the_list_of_moves_goes_beside_a_board_that_keeps_its_width() {
        assert_eq!(game((80, 24), 7).moves, None);
        assert_eq!(game((120, 40), 9).moves, None, "Toguz Kumalak's 9 pits");
        // A board of two pits a row would leave room for the list, but not
        // for the players' lines beside it.
        assert_eq!(game((80, 24), 2).moves, None, "Tihbat's 2 pits");
        assert!(game((120, 40), 2).moves.is_some());
        for (size, pits) in [((120, 40), 7), ((200, 50), 9)] {
            let parts = game(size, pits);
            let moves = parts.moves.expect("a list");
            assert!(parts.board.right() < moves.x);
            assert!(parts.board.width >= BoardGeometry::comfortable_width(pits));
            assert_eq!((moves.y, moves.bottom()), (1, size.1 - 1));
        }
    }
}

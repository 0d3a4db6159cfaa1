//! Where each screen's parts go on a terminal of a given size: one place for
//! the drawing (`view`) and for mouse clicks and key handling (`update`,
//! `keys`), so the two never disagree about what is under a click.

use ratatui::layout::Rect;

use super::app::{App, Replay, Screen};
use super::widgets::board::{BOARD_HEIGHT, BoardGeometry};
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

/// Lines of the whole match screen, board included.
const CONTENT_HEIGHT: u16 = BOARD_HEIGHT + 9;

/// Where the parts of the match screen go.
pub struct GameLayout {
    pub header: Rect,
    pub north: Rect,
    pub board: Rect,
    pub south: Rect,
    pub turn: Rect,
    pub notice: Rect,
    pub detail: Rect,
    pub footer: Rect,
}

/// The match screen on a terminal of `size`: the header at the top, the
/// keys at the foot, the rest centred.
#[must_use]
pub fn game(size: (u16, u16)) -> GameLayout {
    let (width, height) = size;
    let top = height.saturating_sub(CONTENT_HEIGHT + 1) / 2;
    let row = |offset: u16| Rect::new(0, top + offset, width, 1);
    GameLayout {
        header: Rect::new(0, 0, width, 1),
        north: row(1),
        board: Rect::new(0, top + 2, width, BOARD_HEIGHT),
        south: row(BOARD_HEIGHT + 2),
        turn: row(BOARD_HEIGHT + 4),
        // Three rows, the second shared with the lap line (shown only while
        // seeds move): a long notice, such as a hint on a wide board, wraps.
        notice: Rect::new(0, top + BOARD_HEIGHT + 5, width, 3),
        detail: row(BOARD_HEIGHT + 6),
        footer: Rect::new(0, height.saturating_sub(1), width, 1),
    }
}

/// The board's pits on a terminal of `size`, for mouse clicks.
#[must_use]
pub fn board_geometry(size: (u16, u16), pits: u8) -> Option<BoardGeometry> {
    BoardGeometry::new(game(size).board, pits)
}

// -- The replay viewer --

/// Rows of text under the board: what the shown move did, the score and the
/// engine's value, the moves around it.
pub const REPLAY_TEXT_ROWS: u16 = 3;
/// The chart's tallest, so a large terminal does not give it everything.
const CHART_ROWS: u16 = 12;

/// The board's area in the viewer on a screen of `area`.
#[must_use]
pub fn replay_board(area: Rect) -> Rect {
    Rect::new(area.x, area.y + 2, area.width, BOARD_HEIGHT)
}

/// Where the value chart goes: under the text, above the two footer lines.
#[must_use]
pub fn replay_chart(area: Rect) -> Rect {
    let board = replay_board(area);
    let top = board.y + board.height + 1 + REPLAY_TEXT_ROWS;
    let bottom = (area.y + area.height).saturating_sub(2);
    let rows = bottom.saturating_sub(top).min(CHART_ROWS);
    Rect::new(area.x + 2, top, area.width.saturating_sub(4), rows)
}

/// The position a click on the chart at (`column`, `row`) goes to.
#[must_use]
pub fn chart_position_at(replay: &Replay, area: Rect, column: u16, row: u16) -> Option<usize> {
    let bars = bars_area(replay_chart(area));
    if !bars.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let count = replay.session.positions().len();
    ChartColumns::fit(count, usize::from(bars.width))
        .position_at(usize::from(column - bars.x), count)
}

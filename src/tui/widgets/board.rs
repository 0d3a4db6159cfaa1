//! The board: both rows, the stores, pit numbers, key hints, the cursor, the
//! last move and the hand while seeds are sown.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Style;
use ratatui::widgets::{Block, BorderType, Widget};

use crate::engine::{Direction, Move, Pit, Place, Places, Rules, Shape, Side};
use crate::tui::theme::Theme;
use crate::words::side_title;

/// The sign on a pit owned by the player across (a tuzdyk); `*` in ASCII.
pub const OWNED_SIGN: &str = "◆";

/// Lines the board takes at the least (pits four lines tall); a taller area
/// gets taller pits, up to [`MAX_BOARD_HEIGHT`].
pub const BOARD_HEIGHT: u16 = 12;
/// Lines the board takes at the most: pits eight lines tall, room for six
/// rows of seeds.
pub const MAX_BOARD_HEIGHT: u16 = 20;
/// The lines of the board around its two rows of pits: keys and numbers
/// above and below.
const LABEL_ROWS: u16 = 4;
/// Columns of a store.
const STORE_WIDTH: u16 = 8;
/// Columns of a pit: the smallest that holds a three-digit count and borders,
/// and the largest that still looks like a pit.
const MIN_PIT_WIDTH: u16 = 5;
const MAX_PIT_WIDTH: u16 = 17;
/// Columns of a pit on a board of seven at 80 columns.
const COMFORTABLE_PIT_WIDTH: u16 = 9;

pub use crate::tui::board_view::BoardView;
pub use crate::tui::pit_keys::{NORTH_KEYS, SOUTH_KEYS, pit_for_key};
use crate::tui::pit_keys::{drawn_at, key_of_pit};

/// Where everything is drawn, shared by drawing and by mouse clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    pub area: Rect,
    shape: &'static Shape,
    pits: u8,
    pit_width: u16,
    pit_height: u16,
    left: u16,
    /// Drawn as North sees the board (see [`Shape::rows_seen`]).
    turned: bool,
}

impl BoardGeometry {
    /// Columns the board needs at the least.
    #[must_use]
    pub fn min_width(pits: u8) -> u16 {
        2 * STORE_WIDTH + u16::from(pits) * MIN_PIT_WIDTH
    }

    /// Columns the board takes with pits as wide as on an 80-column
    /// terminal: what it keeps before anything is put beside it.
    #[must_use]
    pub fn comfortable_width(pits: u8) -> u16 {
        2 * STORE_WIDTH + u16::from(pits) * COMFORTABLE_PIT_WIDTH
    }

    /// The layout in `area`, or `None` when it does not fit; `turned`,
    /// North's rows at the bottom.
    #[must_use]
    pub fn new(area: Rect, shape: &'static Shape, turned: bool) -> Option<BoardGeometry> {
        let pits = shape.pits;
        if area.height < BOARD_HEIGHT || area.width < Self::min_width(pits) || pits == 0 {
            return None;
        }
        if shape.rows == 4 {
            // Four rows of pits and no stores: the keys and names sit on
            // the pits' borders.
            let pit_width = (area.width / u16::from(pits)).min(MAX_PIT_WIDTH);
            let width = pit_width * u16::from(pits);
            return Some(BoardGeometry {
                area,
                shape,
                pits,
                pit_width,
                pit_height: area.height.min(MAX_BOARD_HEIGHT) / 4,
                left: area.x + (area.width - width) / 2,
                turned,
            });
        }
        let pit_width = ((area.width - 2 * STORE_WIDTH) / u16::from(pits)).min(MAX_PIT_WIDTH);
        let width = 2 * STORE_WIDTH + pit_width * u16::from(pits);
        let pit_height = (area.height.min(MAX_BOARD_HEIGHT) - LABEL_ROWS) / 2;
        Some(BoardGeometry {
            area,
            shape,
            pits,
            pit_width,
            pit_height,
            left: area.x + (area.width - width) / 2,
            turned,
        })
    }

    /// The rectangle of a pit's box.
    #[must_use]
    pub fn pit_rect(&self, side: Side, pit: Pit) -> Rect {
        let (row, column) = drawn_at(self.shape, self.turned, side, pit).unwrap_or((0, 0));
        let (row, column) = (
            u16::try_from(row).unwrap_or(0),
            u16::try_from(column).unwrap_or(0),
        );
        let (top, stores) = if self.shape.rows == 4 {
            (self.area.y, 0)
        } else {
            (self.area.y + 2, STORE_WIDTH)
        };
        Rect::new(
            self.left + stores + column * self.pit_width,
            top + row * self.pit_height,
            self.pit_width,
            self.pit_height,
        )
    }

    /// The rectangle of a store: at the left end or the right end.
    #[must_use]
    pub fn store_rect(&self, at_left: bool) -> Rect {
        let x = if at_left {
            self.left
        } else {
            self.left + STORE_WIDTH + self.pit_width * u16::from(self.pits)
        };
        Rect::new(x, self.area.y + 2, STORE_WIDTH, 2 * self.pit_height)
    }

    /// The rows of pit numbers and of keys, above the pits drawn at the top
    /// (North's, unless the board is turned) and below the others.
    fn label_rows(&self, side: Side) -> (u16, u16) {
        let top = if self.turned {
            Side::South
        } else {
            Side::North
        };
        match side {
            _ if side == top => (self.area.y + 1, self.area.y),
            _ => {
                let below = self.area.y + 2 + 2 * self.pit_height;
                (below, below + 1)
            }
        }
    }

    /// The pit drawn at a screen cell, if any.
    #[must_use]
    pub fn pit_at(&self, column: u16, row: u16) -> Option<(Side, Pit)> {
        for side in Side::BOTH {
            for pit in Pit::all(self.shape.pits_per_side()) {
                if self.pit_rect(side, pit).contains(Cell::new(column, row)) {
                    return Some((side, pit));
                }
            }
        }
        None
    }
}

/// The board widget.
pub struct BoardWidget<'a> {
    pub view: &'a BoardView,
    pub rules: &'a Rules,
    pub theme: &'a Theme,
    pub to_move: Option<Side>,
    pub cursor: Option<Pit>,
    pub last_move: Option<(Side, Move)>,
    pub hand: Option<(Place, u16)>,
    pub focus: Option<Place>,
    /// The pit a hint named, of the player to move: its number is marked.
    pub hint: Option<Pit>,
    /// The pit of the player to move whose way to sow is being chosen:
    /// arrows stand either side of its number.
    pub choosing: Option<Pit>,
    /// Where the moves previewed would leave their last seed: marked.
    pub preview: &'a [Place],
    /// Drawn as North sees the board, North's rows at the bottom.
    pub turned: bool,
}

impl BoardWidget<'_> {
    fn store_on_left(&self) -> Side {
        let as_south_sees = match self.rules.plan().ways.track() {
            Direction::CounterClockwise => Side::North,
            Direction::Clockwise => Side::South,
        };
        if self.turned {
            as_south_sees.other()
        } else {
            as_south_sees
        }
    }

    /// Whether the last move emptied this pit.
    fn was_last_move(&self, side: Side, pit: Pit) -> bool {
        self.last_move.is_some_and(|(mover, played)| {
            let number = played.pit().number();
            let pits = self.view.pits();
            if self.view.shape().rows == 2 && number > pits {
                // Pit n + k: the other row's pit k, won across (§12).
                mover == side.other() && pit.number() + pits == number
            } else {
                mover == side
                    && self.view.shape().named_pit(played.row(), played.pit()) == Some(pit)
            }
        })
    }

    fn pit_style(&self, side: Side, pit: Pit) -> Style {
        let place = Place::Pit(side, pit);
        let holder = self.view.holder(side, pit);
        if self.focus == Some(place) || self.preview.contains(&place) {
            self.theme.focus
        } else if let Some(owner) = self.view.owner(side, pit) {
            // An owned pit is drawn as its owner's.
            self.theme.side(owner).patch(self.theme.title)
        } else if self.to_move == Some(holder) && self.cursor == Some(self.cursor_name(side, pit)) {
            // (On a closed pit only while the round's loser chooses the
            // pits to fill.)
            self.theme.cursor
        } else if holder != side {
            // A pit won across (territory rounds): drawn as its holder's.
            self.theme.side(holder).patch(self.theme.title)
        } else if self.view.is_closed(side, pit) || self.view.is_barred(side, pit) {
            self.theme.closed
        } else if self.was_last_move(side, pit) {
            self.theme.last_move
        } else {
            self.theme.side(side)
        }
    }

    /// How the cursor names `side`'s pit `pit`: its number, or for a pit
    /// won across, n + its number (as its move is written, rules.md §12).
    fn cursor_name(&self, side: Side, pit: Pit) -> Pit {
        if self.view.holder(side, pit) == side {
            pit
        } else {
            Pit::new(self.view.pits() + pit.number())
        }
    }

    fn draw_pit(&self, geometry: &BoardGeometry, side: Side, pit: Pit, buf: &mut Buffer) {
        let rect = geometry.pit_rect(side, pit);
        let style = self.pit_style(side, pit);
        let closed = self.view.is_closed(side, pit);
        let owner = self.view.owner(side, pit);
        let border = if self.was_last_move(side, pit) {
            BorderType::Double
        } else if owner.is_some()
            || self.view.block_on(side, pit).is_some()
            || self.view.holder(side, pit) != side
        {
            BorderType::Thick
        } else if self.view.is_nyumba(side, pit) {
            // The nyumba is the square pit (§10.4).
            BorderType::Plain
        } else {
            BorderType::Rounded
        };
        Block::bordered()
            .border_type(border)
            .border_style(style)
            .render(rect, buf);
        let inner = rect.width.saturating_sub(2);
        let count = self.view.get(Place::Pit(side, pit));
        let (top, bottom) = if let Some(owner) = owner {
            // The sign and the owner's name read without colour too.
            let name = side_title(owner);
            let word = if usize::from(inner) >= name.len() {
                name
            } else {
                &name[..1]
            };
            // Where owned pits keep their seeds, the count is shown too.
            let sign = if self
                .rules
                .plan()
                .owned_pits
                .is_some_and(crate::engine::mechanics::owned_pits::OwnedPits::keep_seeds)
            {
                format!("{OWNED_SIGN}{count}")
            } else {
                OWNED_SIGN.to_string()
            };
            (sign, word.to_string())
        } else if closed {
            let word = crate::tui::describe::closed_word(inner);
            ("--".to_string(), word.to_string())
        } else if self.view.holder(side, pit) != side {
            // Won across: the count and, for the eye without colour, whose.
            let holder = side_title(side.other());
            (
                format!("{count} {}", &holder[..1]),
                seed_picture(count, inner),
            )
        } else {
            (count.to_string(), seed_picture(count, inner))
        };
        let line_style = if closed { self.theme.closed } else { style };
        put_centred(buf, rect.x + 1, rect.y + 1, inner, &top, line_style);
        // A pit of one line inside (four rows at 80x24) shows its count.
        if rect.height < 4 {
            return;
        }
        // A taller pit shows its seeds over several lines.
        let dot_rows = rect.height.saturating_sub(3).max(1);
        if owner.is_none() && !closed && dot_rows > 1 {
            let dots = seed_rows(count, inner, dot_rows);
            for (row, line) in (0..).zip(dots) {
                put_centred(buf, rect.x + 1, rect.y + 2 + row, inner, &line, line_style);
            }
        } else {
            put_centred(buf, rect.x + 1, rect.y + 2, inner, &bottom, line_style);
        }
    }

    fn draw_store(&self, geometry: &BoardGeometry, side: Side, buf: &mut Buffer) {
        let rect = geometry.store_rect(side == self.store_on_left());
        let place = Place::Store(side);
        let style = if self.focus == Some(place) || self.preview.contains(&place) {
            self.theme.focus
        } else {
            self.theme.side(side)
        };
        Block::bordered()
            .border_type(BorderType::Rounded)
            .border_style(style)
            .render(rect, buf);
        let inner = rect.width - 2;
        let label = crate::words::store_word(self.rules);
        let name = side_title(side);
        // The words sit in the middle of a store as tall as two pits.
        let top = rect.y + (rect.height - 8) / 2;
        put_centred(buf, rect.x + 1, top + 2, inner, name, style);
        put_centred(buf, rect.x + 1, top + 3, inner, label, self.theme.dim);
        let count = self.view.get(place).to_string();
        put_centred(
            buf,
            rect.x + 1,
            top + 4,
            inner,
            &count,
            style.patch(self.theme.title),
        );
        if let Some((Place::Store(hand_side), seeds)) = self.hand
            && hand_side == side
        {
            put_centred(
                buf,
                rect.x + 1,
                top + 6,
                inner,
                &format!("[{seeds}]"),
                self.theme.focus,
            );
        }
    }

    /// A pit's label: its name (or the hand hovering over it, the arrows
    /// of a way being chosen, a hint's mark), in its style.
    fn label(&self, side: Side, pit: Pit) -> (String, Style) {
        let (row, number) = self.view.shape().named(pit);
        let name = crate::tui::describe::bao_pit_name(
            &Move::in_row(row, number).to_string(),
            self.view.is_nyumba(side, pit),
            self.view.block_on(side, pit),
        );
        let hand_here = self
            .hand
            .filter(|&(place, _)| place == Place::Pit(side, pit))
            .map(|(_, seeds)| seeds);
        if let Some(seeds) = hand_here {
            (format!("[{seeds}]"), self.theme.focus)
        } else if self.to_move == Some(side) && self.choosing == Some(pit) {
            (
                crate::tui::describe::pit_being_aimed(&name),
                self.theme.focus,
            )
        } else if self.to_move == Some(side) && self.hint == Some(pit) {
            (crate::tui::describe::hinted_pit(&name), self.theme.focus)
        } else if self.preview.contains(&Place::Pit(side, pit)) {
            (crate::tui::describe::previewed_pit(&name), self.theme.focus)
        } else if self.to_move == Some(side) {
            (
                self.with_marks(side, pit, name),
                self.theme.side(side).patch(self.theme.title),
            )
        } else {
            (self.with_marks(side, pit, name), self.theme.dim)
        }
    }

    /// A pit's name with the marks of its rules: an arrow the way it sows,
    /// where the pit fixes the way (§13.4): `←1`, `5→`, a middle pit, which
    /// goes either way, bare; a pit barred this move (§13.6) marked so
    /// instead.
    fn with_marks(&self, side: Side, pit: Pit, name: String) -> String {
        if self.view.is_barred(side, pit) {
            return crate::tui::describe::barred_pit(&name);
        }
        let Some(way) = self.rules.plan().ways.fixed_by_pit(self.rules.pits(), pit) else {
            return name;
        };
        let rightward = self.view.shape().way_to_the_right(side, pit) == way;
        crate::tui::describe::pit_sowing(&name, rightward != self.turned)
    }

    /// A pit's key, in its style, while someone is to move (keys only mean
    /// something then).
    fn key(&self, side: Side, pit: Pit) -> Option<(String, Style)> {
        let key = key_of_pit(self.view.shape(), self.turned, side, pit)
            .filter(|_| self.to_move.is_some())?;
        let style = if self.to_move == Some(side) {
            self.theme.key
        } else {
            self.theme.dim
        };
        Some((key.to_string(), style))
    }

    /// Pit numbers (or the hand hovering over a pit) and key hints.
    fn draw_labels(&self, geometry: &BoardGeometry, side: Side, buf: &mut Buffer) {
        let (number_row, key_row) = geometry.label_rows(side);
        for pit in Pit::all(self.view.pits()) {
            let rect = geometry.pit_rect(side, pit);
            let (label, style) = self.label(side, pit);
            put_centred(buf, rect.x, number_row, rect.width, &label, style);
            if let Some((key, style)) = self.key(side, pit) {
                put_centred(buf, rect.x, key_row, rect.width, &key, style);
            }
        }
    }

    /// On four rows, where no room is left around the rows: each pit's key
    /// on its top border, its name on its bottom one.
    fn draw_border_labels(&self, geometry: &BoardGeometry, side: Side, pit: Pit, buf: &mut Buffer) {
        let rect = geometry.pit_rect(side, pit);
        let inner = rect.width.saturating_sub(2);
        if let Some((key, style)) = self.key(side, pit) {
            put_centred(buf, rect.x + 1, rect.y, inner, &key, style);
        }
        let (label, style) = self.label(side, pit);
        put_centred(buf, rect.x + 1, rect.bottom() - 1, inner, &label, style);
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(geometry) = BoardGeometry::new(area, self.view.shape(), self.turned) else {
            return;
        };
        if self.view.shape().rows == 4 {
            for side in Side::BOTH {
                for pit in Pit::all(self.view.shape().pits_per_side()) {
                    self.draw_pit(&geometry, side, pit, buf);
                    self.draw_border_labels(&geometry, side, pit, buf);
                }
            }
            return;
        }
        for side in Side::BOTH {
            for pit in Pit::all(self.view.pits()) {
                self.draw_pit(&geometry, side, pit, buf);
            }
            self.draw_store(&geometry, side, buf);
            self.draw_labels(&geometry, side, buf);
        }
    }
}

/// Dots for a pit's seeds where they fit, `+` when some do not.
fn seed_picture(count: u16, width: u16) -> String {
    let room = usize::from(width);
    let count = usize::from(count);
    if count <= room {
        "•".repeat(count)
    } else {
        format!("{}+", "•".repeat(room.saturating_sub(1)))
    }
}

/// A pit's seeds as dots over `rows` lines of `width`, the last ending in
/// `+` when some do not fit: in groups of five, a space between, where a
/// group fits, so that a count reads at a glance.
fn seed_rows(count: u16, width: u16, rows: u16) -> Vec<String> {
    let groups_a_row = (usize::from(width) + 1) / 6;
    if groups_a_row > 0 {
        return grouped_seed_rows(usize::from(count), groups_a_row, usize::from(rows).max(1));
    }
    let width = usize::from(width).max(1);
    let shown = usize::from(count).min(width * usize::from(rows));
    let mut dots: Vec<String> = (0..shown.div_ceil(width))
        .map(|row| "•".repeat((shown - row * width).min(width)))
        .collect();
    if usize::from(count) > shown
        && let Some(last) = dots.last_mut()
    {
        last.pop();
        last.push('+');
    }
    dots
}

/// `count` dots in groups of five over at most `rows` lines of at most
/// `groups_a_row` groups: as few groups a line as hold them all.
fn grouped_seed_rows(count: usize, groups_a_row: usize, rows: usize) -> Vec<String> {
    let groups = count.div_ceil(5);
    let a_row = groups.div_ceil(rows).clamp(1, groups_a_row);
    let shown = count.min(a_row * 5 * rows);
    let mut lines: Vec<String> = (0..shown.div_ceil(a_row * 5))
        .map(|row| {
            let dots = (shown - row * a_row * 5).min(a_row * 5);
            (0..dots.div_ceil(5))
                .map(|group| "•".repeat((dots - group * 5).min(5)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    if count > shown
        && let Some(last) = lines.last_mut()
    {
        last.pop();
        last.push('+');
    }
    lines
}

fn put_centred(buf: &mut Buffer, x: u16, y: u16, width: u16, text: &str, style: Style) {
    let length = u16::try_from(text.chars().count())
        .unwrap_or(u16::MAX)
        .min(width);
    let offset = (width - length) / 2;
    buf.set_stringn(x + offset, y, text, usize::from(width), style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_keys_mirror_the_screen() {
        // South's leftmost pit is 1, North's leftmost is n.
        let seven = Shape::get(2, 7, false);
        let key = |k| pit_for_key(k, seven, false);
        assert_eq!(key('z'), Some((Side::South, Pit::new(1))));
        assert_eq!(key('m'), Some((Side::South, Pit::new(7))));
        assert_eq!(key('q'), Some((Side::North, Pit::new(7))));
        assert_eq!(key('u'), Some((Side::North, Pit::new(1))));
        assert_eq!(key(','), None);
        assert_eq!(key('Q'), None);
        // Turned round, North's row is at the bottom, its pit 1 at the
        // left, under `z`; South's at the top, its pit 1 at the right.
        let turned = |k| pit_for_key(k, seven, true);
        assert_eq!(turned('z'), Some((Side::North, Pit::new(1))));
        assert_eq!(turned('m'), Some((Side::North, Pit::new(7))));
        assert_eq!(turned('q'), Some((Side::South, Pit::new(7))));
        assert_eq!(turned('u'), Some((Side::South, Pit::new(1))));
        // Four rows turned: North's back row on the bottom row, its front
        // row on the home row; South's back row on the digits.
        let four = Shape::get(4, 8, false);
        let turned = |k| pit_for_key(k, four, true);
        assert_eq!(turned('z'), Some((Side::North, Pit::new(9))), "North b1");
        assert_eq!(turned('a'), Some((Side::North, Pit::new(1))), "North f1");
        assert_eq!(turned('q'), Some((Side::South, Pit::new(8))), "South f8");
        assert_eq!(turned('1'), Some((Side::South, Pit::new(16))), "South b8");
    }

    #[test]
    fn a_turned_board_draws_north_at_the_bottom_with_its_stores_swapped() {
        let shape = Shape::get(2, 6, false);
        let area = Rect::new(0, 0, 80, BOARD_HEIGHT);
        let (plain, turned) = (
            BoardGeometry::new(area, shape, false).unwrap(),
            BoardGeometry::new(area, shape, true).unwrap(),
        );
        // North's pit 1 sits where South's pit 1 sat, and the other way round.
        for (side, pit) in [(Side::North, 1), (Side::South, 4)] {
            let pit = Pit::new(pit);
            assert_eq!(
                turned.pit_rect(side, pit),
                plain.pit_rect(side.other(), pit)
            );
        }
        assert!(
            turned.pit_rect(Side::North, Pit::new(1)).y
                > turned.pit_rect(Side::South, Pit::new(1)).y
        );
    }

    #[test]
    fn clicks_find_the_pit_drawn_there() {
        let geometry =
            BoardGeometry::new(Rect::new(0, 0, 80, 12), Shape::get(2, 7, false), false).unwrap();
        for side in Side::BOTH {
            for pit in Pit::all(7) {
                let r = geometry.pit_rect(side, pit);
                assert_eq!(geometry.pit_at(r.x + 1, r.y + 1), Some((side, pit)));
            }
        }
        assert_eq!(geometry.pit_at(0, 0), None);
    }

    #[test]
    fn a_taller_board_has_taller_pits_up_to_a_limit() {
        let small = BoardGeometry::new(
            Rect::new(0, 0, 80, BOARD_HEIGHT),
            Shape::get(2, 6, false),
            false,
        )
        .unwrap();
        assert_eq!(small.pit_rect(Side::South, Pit::new(1)).height, 4);
        let tall =
            BoardGeometry::new(Rect::new(0, 0, 200, 40), Shape::get(2, 6, false), false).unwrap();
        let pit = tall.pit_rect(Side::South, Pit::new(1));
        assert_eq!(pit.height, (MAX_BOARD_HEIGHT - LABEL_ROWS) / 2);
        assert_eq!(pit.width, MAX_PIT_WIDTH);
        // The rows meet, and South's numbers and keys follow them.
        assert_eq!(tall.pit_rect(Side::North, Pit::new(1)).bottom(), pit.y);
        assert_eq!(
            tall.label_rows(Side::South),
            (pit.bottom(), pit.bottom() + 1)
        );
        assert_eq!(tall.store_rect(true).height, 2 * pit.height);
    }

    #[test]
    fn seeds_fill_the_rows_of_a_tall_pit() {
        assert_eq!(seed_rows(5, 3, 3), ["•••", "••"]);
        assert_eq!(seed_rows(10, 3, 3), ["•••", "•••", "••+"]);
        // Wide enough for groups of five: a count reads at a glance.
        assert_eq!(seed_rows(14, 15, 5), ["•••••", "•••••", "••••"]);
        assert_eq!(seed_rows(14, 7, 2), ["•••••", "••••+"]);
        assert_eq!(seed_rows(22, 15, 2), ["••••• •••••", "••••• ••••+"]);
        assert!(seed_rows(0, 3, 3).is_empty());
    }

    #[test]
    fn seed_pictures_fit_their_pit() {
        assert_eq!(seed_picture(3, 5), "•••");
        assert_eq!(seed_picture(9, 5), "••••+");
        assert_eq!(seed_picture(0, 5), "");
    }
}

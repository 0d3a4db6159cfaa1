//! The replay viewer's picture of a match: the engine's value after each move
//! as bars above the middle (South ahead) or below it (North ahead), the move
//! shown marked by a band, so where the match turned is seen at a glance.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::engine::Side;
use crate::tui::theme::Theme;
use crate::words::side_title;

/// Columns kept on the left for the two labels.
const LABEL_WIDTH: u16 = 7;
/// Columns a position gets at most, so a short match is not all gaps.
const WIDEST_COLUMN: usize = 3;

/// The value chart of one match.
pub struct ValueChart<'a> {
    /// The value of each position for South, from the start to the end.
    pub values: &'a [i32],
    /// The position shown (an index into `values`).
    pub shown: usize,
    pub theme: &'a Theme,
}

/// How positions map to screen columns: each takes `width` columns, or each
/// column stands for `per_column` positions (the last of them drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartColumns {
    pub width: usize,
    pub per_column: usize,
}

impl ChartColumns {
    /// The layout of `count` positions in `columns` screen columns.
    #[must_use]
    pub fn fit(count: usize, columns: usize) -> ChartColumns {
        let count = count.max(1);
        let columns = columns.max(1);
        if count <= columns {
            ChartColumns {
                width: (columns / count).clamp(1, WIDEST_COLUMN),
                per_column: 1,
            }
        } else {
            ChartColumns {
                width: 1,
                per_column: count.div_ceil(columns),
            }
        }
    }

    /// The screen column (from the chart's left) where position `index` is.
    #[must_use]
    pub fn column_of(self, index: usize) -> usize {
        index / self.per_column * self.width
    }

    /// The position drawn at a screen column (from the chart's left).
    #[must_use]
    pub fn position_at(self, column: usize, count: usize) -> Option<usize> {
        let first = column / self.width * self.per_column;
        (first < count).then(|| (first + self.per_column - 1).min(count - 1))
    }
}

/// The area the bars take within the chart's area (the labels take the rest).
#[must_use]
pub fn bars_area(area: Rect) -> Rect {
    let label = LABEL_WIDTH.min(area.width);
    Rect::new(area.x + label, area.y, area.width - label, area.height)
}

impl Widget for ValueChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // An even number of rows: half above the middle line, half below.
        let rows = area.height - area.height % 2;
        if rows < 2 || area.width <= LABEL_WIDTH || self.values.is_empty() {
            return;
        }
        let half = rows / 2;
        let middle = area.y + half;
        // Which way is whose lead: "South / ahead" at the top, "North /
        // ahead" at the bottom (the names alone when there is no room).
        let bottom = area.y + rows - 1;
        let ahead = crate::tui::describe::AHEAD;
        buf.set_string(area.x, area.y, side_title(Side::South), self.theme.south);
        buf.set_string(area.x, bottom, side_title(Side::North), self.theme.north);
        if rows >= 4 {
            buf.set_string(area.x, area.y + 1, ahead, self.theme.dim);
            buf.set_string(
                area.x,
                bottom - 1,
                side_title(Side::North),
                self.theme.north,
            );
            buf.set_string(area.x, bottom, ahead, self.theme.dim);
        }

        let bars = bars_area(area);
        let count = self.values.len();
        let columns = ChartColumns::fit(count, usize::from(bars.width));
        // Bars are measured in half cells; the largest lead fills its half.
        let largest = self
            .values
            .iter()
            .map(|v| v.unsigned_abs())
            .max()
            .unwrap_or(0);
        let levels = 2 * usize::from(half);
        let shown_column = columns.column_of(self.shown);
        for column in 0..usize::from(bars.width) {
            let Some(index) = columns.position_at(column, count) else {
                break;
            };
            let value = self.values[index];
            let height = scaled(value.unsigned_abs(), largest, levels);
            let is_shown = column / columns.width == shown_column / columns.width;
            let style = match (is_shown, value >= 0) {
                (true, _) => self.theme.selected,
                (false, true) => self.theme.south,
                (false, false) => self.theme.north,
            };
            let x = bars.x + u16::try_from(column).unwrap_or(u16::MAX);
            for step in 0..half {
                // Cells counted away from the middle line: the leading side
                // holds the bar (a half block at its tip), the other side
                // only the band of the move shown.
                let (above, below) = (middle - 1 - step, middle + step);
                let (lead, other, tip) = if value >= 0 {
                    (above, below, "▄")
                } else {
                    (below, above, "▀")
                };
                let filled = height.saturating_sub(2 * usize::from(step)).min(2);
                let symbol = match filled {
                    2 => "█",
                    1 => tip,
                    _ => " ",
                };
                let lead_style = if filled == 0 && !is_shown {
                    Style::new()
                } else {
                    style
                };
                buf.set_string(x, lead, symbol, lead_style);
                if is_shown {
                    buf.set_string(x, other, " ", self.theme.selected);
                }
            }
        }
    }
}

/// `value` in half cells out of `levels`, the largest value filling them
/// all; any lead at all shows as at least one half cell.
fn scaled(value: u32, largest: u32, levels: usize) -> usize {
    if value == 0 || largest == 0 {
        return 0;
    }
    let levels = u64::try_from(levels).unwrap_or(u64::MAX);
    let half_cells = (u64::from(value) * levels).div_ceil(u64::from(largest));
    usize::try_from(half_cells.clamp(1, levels)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_matches_get_wide_columns_and_long_ones_share_them() {
        let short = ChartColumns::fit(10, 70);
        assert_eq!(
            short,
            ChartColumns {
                width: 3,
                per_column: 1
            }
        );
        assert_eq!(short.column_of(4), 12);
        assert_eq!(short.position_at(13, 10), Some(4));
        assert_eq!(short.position_at(30, 10), None);

        let long = ChartColumns::fit(300, 70);
        assert_eq!(
            long,
            ChartColumns {
                width: 1,
                per_column: 5
            }
        );
        assert_eq!(long.column_of(299), 59);
        // A column is drawn with the last of its positions.
        assert_eq!(long.position_at(0, 300), Some(4));
        assert_eq!(long.position_at(59, 300), Some(299));
    }

    #[test]
    fn the_largest_lead_fills_its_half_and_any_lead_shows() {
        assert_eq!(scaled(10, 10, 4), 4);
        assert_eq!(scaled(5, 10, 4), 2);
        assert_eq!(scaled(1, 48, 4), 1);
        assert_eq!(scaled(0, 10, 4), 0);
    }

    fn drawn(values: &[i32], shown: usize, theme: &Theme) -> Buffer {
        let area = Rect::new(0, 0, 10, 4);
        let mut buf = Buffer::empty(area);
        ValueChart {
            values,
            shown,
            theme,
        }
        .render(area, &mut buf);
        buf
    }

    fn rows(buf: &Buffer) -> Vec<String> {
        (0..4)
            .map(|y| (0..10).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }

    /// Whether a drawn cell shows `style` (its colour and modifiers).
    fn shows(buf: &Buffer, x: u16, y: u16, style: Style) -> bool {
        let cell = buf[(x, y)].style();
        let reset = ratatui::style::Color::Reset;
        cell.fg.unwrap_or(reset) == style.fg.unwrap_or(reset)
            && cell.add_modifier == style.add_modifier
    }

    #[test]
    fn bars_rise_for_south_and_fall_for_north_with_the_shown_move_banded() {
        let theme = Theme::colour();
        // Level at the start, South 4 ahead, then North 1 ahead: a quarter
        // of the largest lead, one half cell below the middle.
        let buf = drawn(&[0, 4, -1], 0, &theme);
        assert_eq!(
            rows(&buf),
            ["South   █ ", "ahead   █ ", "North    ▀", "ahead     "]
        );
        for y in 0..4 {
            assert!(shows(&buf, 7, y, theme.selected), "the band, row {y}");
        }
        assert!(shows(&buf, 8, 0, theme.south));
        assert!(shows(&buf, 9, 2, theme.north));

        // The shown move's bar is drawn in the band's style.
        let buf = drawn(&[0, 4, -1], 2, &theme);
        assert!(shows(&buf, 9, 2, theme.selected));
        assert!(shows(&buf, 9, 0, theme.selected));
        assert!(shows(&buf, 8, 0, theme.south));
    }
}

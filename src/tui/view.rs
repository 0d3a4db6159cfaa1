//! Drawing: a side-effect-free function of the model. Each screen draws
//! itself in its `view.rs` under `screens/`; the boxes over any screen are
//! drawn in `view/`; this file holds what they share.

mod ascii;
mod help;
pub(crate) mod moves;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::app::{App, Notice, Screen};
use super::config::Config;
use super::keys;
use super::screens::{game, library, menu, odd_even, replay, setup, variants};
use super::theme::Theme;

use super::layout::required_size;

/// Draws the whole interface.
pub fn render(app: &App, config: &Config, frame: &mut Frame) {
    render_to(app, config, frame.area(), frame.buffer_mut());
}

/// Draws the whole interface into a buffer (the form tests and benches use).
pub fn render_to(app: &App, config: &Config, area: Rect, buf: &mut Buffer) {
    let (width, height) = required_size(app);
    if area.width < width || area.height < height {
        too_small(&config.theme, area, buf, (width, height));
        if config.ascii {
            ascii::asciify(buf);
        }
        return;
    }
    match &app.screen {
        Screen::Menu(state) => menu::view::render_menu(app, config, state.selected, area, buf),
        Screen::Variants(list) => variants::view::render_variants(app, config, list, area, buf),
        Screen::Setup(state) => setup::view::render_setup(app, config, state, area, buf),
        Screen::OddEven(state) => odd_even::view::render_odd_even(config, state, area, buf),
        Screen::Game(state) => game::view::render_game(app, config, state, area, buf),
        Screen::Library(list) => library::view::render_library(app, config, list, area, buf),
        Screen::Replay(state) => replay::view::render_replay(app, config, state, area, buf),
    }
    if let Some(banner) = &app.banner {
        render_banner(&config.theme, banner, area, buf);
    }
    if let Some(overlay) = &app.overlay {
        help::render_overlay(app, config, overlay, area, buf);
    }
    // Spaces that kept words together while wrapping are plain spaces on
    // screen.
    for cell in &mut buf.content {
        if cell.symbol() == NO_BREAK {
            cell.set_symbol(" ");
        }
    }
    if config.ascii {
        ascii::asciify(buf);
    }
}

/// A space that a line is never broken at when text is wrapped.
const NO_BREAK: &str = "\u{a0}";

/// `text` with the spaces inside each of `names` made ones that wrapping
/// never breaks at, so a name stays on one line.
pub(crate) fn unbroken(text: &str, names: &[String]) -> String {
    let mut text = text.to_string();
    for name in names.iter().filter(|n| n.contains(' ')) {
        text = text.replace(name.as_str(), &name.replace(' ', NO_BREAK));
    }
    text
}

/// The most rows the banner and a notice at the foot take: a long one (a
/// deep path) wraps rather than being cut.
const BANNER_ROWS: u16 = 4;
const NOTICE_ROWS: u16 = 3;

/// Why a match could not be written, across the top lines of any screen
/// (two, or as many more as it needs).
fn render_banner(theme: &Theme, banner: &str, area: Rect, buf: &mut Buffer) {
    let rows = wrapped_height(&[Line::raw(banner)], area.width).clamp(2, BANNER_ROWS);
    let rect = Rect::new(area.x, area.y, area.width, rows.min(area.height));
    Clear.render(rect, buf);
    Paragraph::new(Line::styled(banner.to_string(), theme.warning))
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center)
        .render(rect, buf);
}

fn too_small(theme: &Theme, area: Rect, buf: &mut Buffer, (width, height): (u16, u16)) {
    let text = vec![
        Line::styled(crate::tui::describe::enlarge(width, height), theme.warning),
        Line::styled(
            crate::tui::describe::size_now(area.width, area.height),
            theme.dim,
        ),
    ];
    let y = area.y + area.height.saturating_sub(2) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, y, area.width, 2.min(area.height)), buf);
}

/// A bordered box in the middle of `area`, cleared, with a title; returns the
/// inside.
pub(crate) fn popup(
    area: Rect,
    width: u16,
    height: u16,
    title: &str,
    theme: &Theme,
    buf: &mut Buffer,
) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), theme.title));
    let inner = block.inner(rect);
    block.render(rect, buf);
    inner
}

/// A notice centred on one line: plain, or as a warning.
pub(crate) fn notice_line(theme: &Theme, notice: Option<&Notice>, area: Rect, buf: &mut Buffer) {
    if let Some(notice) = notice {
        let style = if notice.warning {
            theme.warning
        } else {
            theme.text
        };
        Paragraph::new(Text::styled(notice.text.clone(), style))
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}

pub(crate) use super::layout::wrapped_height;

/// `key word` pairs for a line of keys.
pub(crate) type KeyWords = Vec<(String, String)>;

/// The keys of the screen now, from the key table: those with a word for the
/// foot of the screen.
pub(crate) fn table_keys(app: &App) -> KeyWords {
    keys::footer(&keys::contexts(app))
        .into_iter()
        .map(|(key, word)| (key, word.to_string()))
        .collect()
}

/// The keys of one context, for a line in a box.
pub(crate) fn context_keys(context: keys::Context) -> KeyWords {
    keys::footer(&[context])
        .into_iter()
        .map(|(key, word)| (key, word.to_string()))
        .collect()
}

/// The foot of a screen: a message (if any) above a line of keys (as many
/// as fit, the first first).
pub(crate) fn footer(
    theme: &Theme,
    message: Option<&Notice>,
    keys: &KeyWords,
    area: Rect,
    buf: &mut Buffer,
) {
    let bottom = area.y + area.height - 1;
    // A long message rises over the lines above it rather than being cut.
    let rows = message.map_or(1, |notice| {
        wrapped_height(&[Line::raw(notice.text.as_str())], area.width).clamp(1, NOTICE_ROWS)
    });
    let rect = Rect::new(area.x, bottom.saturating_sub(rows), area.width, rows);
    if rows > 1 {
        Clear.render(rect, buf);
    }
    notice_line(theme, message, rect, buf);
    Paragraph::new(key_line(theme, &fitting(keys, area.width)))
        .alignment(Alignment::Center)
        .render(Rect::new(area.x, bottom, area.width, 1), buf);
}

/// The pairs that fit in `width` columns: where all do not, first those
/// whose word begins with one of `least_needed` go, in its order, then the
/// last ones.
pub(crate) fn fitting_dropping(keys: &KeyWords, width: u16, least_needed: &[&str]) -> KeyWords {
    let columns = |keys: &KeyWords| -> usize {
        keys.iter()
            .map(|(key, word)| key.chars().count() + word.chars().count() + 3)
            .sum()
    };
    let mut keys = keys.clone();
    for word in least_needed {
        if columns(&keys) <= usize::from(width) {
            break;
        }
        keys.retain(|(_, w)| !w.starts_with(word));
    }
    fitting(&keys, width)
}

/// The first pairs that fit in `width` columns.
pub(crate) fn fitting(keys: &KeyWords, width: u16) -> KeyWords {
    let mut used = 0;
    keys.iter()
        .take_while(|(key, word)| {
            let more = key.chars().count() + word.chars().count() + 3;
            used += more;
            used <= usize::from(width)
        })
        .cloned()
        .collect()
}

/// A line of `key word` pairs.
pub(crate) fn key_line(theme: &Theme, keys: &[(String, String)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key.clone(), theme.key));
        spans.push(Span::styled(format!(" {what}"), theme.dim));
    }
    Line::from(spans)
}

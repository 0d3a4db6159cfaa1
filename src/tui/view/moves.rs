//! The list of moves drawn: beside the board on a wide terminal, and in a
//! box (`l`) on any.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, BorderType, Clear, Padding, Paragraph, Widget};

use crate::tui::app::{App, Game, Screen};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::moves_text::{lines, window};

/// The list beside the board, ending at the latest turn, a column clear of
/// each border.
pub fn render_panel(config: &Config, game: &Game, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(theme.dim)
        .padding(Padding::horizontal(1))
        .title(Span::styled(
            format!(" {} ", words::MOVES_TITLE),
            theme.title,
        ));
    let inner = block.inner(area);
    block.render(area, buf);
    let shown = window(lines(game, theme, inner.width), inner.height, 0);
    Paragraph::new(shown).render(inner, buf);
}

/// The box of moves over the screen, `from_end` rows scrolled back (its
/// keys are the screen's footer).
pub fn render_box(app: &App, config: &Config, from_end: u16, area: Rect, buf: &mut Buffer) {
    let Screen::Game(game) = &app.screen else {
        return;
    };
    let theme = &config.theme;
    let outline = crate::tui::layout::moves_box(area);
    Clear.render(outline, buf);
    Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(
            format!(" {} ", words::MOVES_TITLE),
            theme.title,
        ))
        .render(outline, buf);
    let list = crate::tui::layout::moves_list(area);
    let shown = window(lines(game, theme, list.width), list.height, from_end);
    Paragraph::new(shown).render(list, buf);
}

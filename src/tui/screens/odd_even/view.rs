//! The odd-or-even guess, drawn as a box: hiding, guessing, the reveal.

use crate::tui::app::{OddEven, OddEvenStage};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::keys;
use crate::tui::view::{context_keys, key_line, popup};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub fn render_odd_even(config: &Config, odd_even: &OddEven, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let inner = popup(area, 66, 10, words::ODD_EVEN_TITLE, theme, buf)
        .inner(ratatui::layout::Margin::new(1, 0));
    let (south, north) = (&odd_even.names.south, &odd_even.names.north);
    let lines: Vec<Line> = match &odd_even.stage {
        OddEvenStage::Hide { typed } => vec![
            Line::styled(words::hides_marbles(north), theme.north),
            Line::raw(""),
            Line::raw(words::look_away(south, north)),
            Line::raw(words::or_let_the_game_hide(&keys::key_for(
                keys::Context::OddEvenHide,
                &crate::tui::msg::Msg::Confirm,
            ))),
            Line::raw(""),
            Line::from(vec![
                Span::raw(words::MARBLES_LABEL),
                Span::styled(format!("{}_", "*".repeat(typed.len())), theme.selected),
            ]),
        ],
        OddEvenStage::Guess { .. } => vec![
            Line::styled(words::holds_marbles(north), theme.north),
            Line::raw(""),
            Line::styled(words::odd_or_even(south), theme.south),
            Line::raw(words::A_RIGHT_GUESS),
        ],
        OddEvenStage::Reveal {
            marbles,
            guessed_odd,
            starter,
        } => {
            let starter_name = &odd_even.names[*starter];
            vec![
                Line::raw(words::opens_the_fist(north, *marbles)),
                Line::raw(words::guessed(south, *guessed_odd)),
                Line::raw(""),
                Line::styled(
                    words::starts(starter_name, *starter),
                    theme.title.patch(theme.side(*starter)),
                ),
            ]
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
    // The keys of the moment at the box's foot.
    let context = match odd_even.stage {
        OddEvenStage::Hide { .. } => keys::Context::OddEvenHide,
        OddEvenStage::Guess { .. } => keys::Context::OddEvenGuess,
        OddEvenStage::Reveal { .. } => keys::Context::OddEvenReveal,
    };
    Paragraph::new(key_line(theme, &context_keys(context)))
        .alignment(Alignment::Center)
        .render(
            Rect::new(
                inner.x,
                inner.y + inner.height.saturating_sub(1),
                inner.width,
                1,
            ),
            buf,
        );
}

//! Setting up a match: names, who starts, and the odd-or-even guess.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::engine::Side;
use crate::tui::app::{App, Setup, SetupField};
use crate::tui::config::Config;
use crate::tui::describe as words;
use crate::tui::view::{fitting, key_line, popup, table_keys};

/// A player's name field: what is typed (or, dimmed, the name used when
/// nothing is), and while it is typed in, how long a name may be.
fn name_line(
    setup: &Setup,
    theme: &crate::tui::theme::Theme,
    side: Side,
    name_field: SetupField,
    label: &'static str,
) -> Line<'static> {
    let typing = setup.field == name_field;
    let style = if typing { theme.selected } else { theme.text };
    let cursor = if typing { "_" } else { "" };
    let typed = &setup.names[side];
    let text = if typed.is_empty() {
        Span::styled(
            format!("{cursor}{}", setup.placeholder(side)),
            style.patch(theme.dim),
        )
    } else {
        Span::styled(format!("{typed}{cursor}"), style)
    };
    let mut spans = vec![Span::styled(label, theme.side(side)), text];
    if typing {
        let count = typed.chars().count();
        let room_style = if count >= crate::session::NAME_LENGTH {
            theme.warning
        } else {
            theme.dim
        };
        spans.push(Span::styled(
            crate::tui::describe::name_room(count),
            room_style,
        ));
    }
    Line::from(spans)
}

/// The swap rule's field: what it means follows its value where the line
/// has room, else goes under it, beneath the values, never under the labels.
fn swap_lines<'a>(
    on: bool,
    width: u16,
    theme: &crate::tui::theme::Theme,
    field: impl Fn(&str) -> Line<'a>,
) -> Vec<Line<'a>> {
    let (value, meaning) = crate::tui::describe::swap_rule_label(on);
    let whole = meaning.map_or_else(|| value.to_string(), |m| format!("{value}: {m}"));
    let room = usize::from(width).saturating_sub(words::SWAP_FIELD.len() + 4);
    if whole.chars().count() <= room {
        return vec![field(&whole)];
    }
    let indent = " ".repeat(words::SWAP_FIELD.len());
    let width = usize::from(width).saturating_sub(indent.len()).max(10);
    let mut lines = vec![field(value)];
    for part in crate::tui::help_text::wrap_words(meaning.unwrap_or_default(), width) {
        lines.push(Line::styled(format!("{indent}{part}"), theme.dim));
    }
    lines
}

pub fn render_setup(app: &App, config: &Config, setup: &Setup, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    // Room for every field, with the swap rule's meaning on lines of its own.
    let inner = popup(
        area,
        66,
        19,
        &words::new_match(setup.rules.name()),
        theme,
        buf,
    )
    .inner(ratatui::layout::Margin::new(1, 0));
    let field_style = |field: SetupField| {
        if setup.field == field {
            theme.selected
        } else {
            theme.text
        }
    };
    // Each side's name and who plays it.
    let fields = |side: Side| match side {
        Side::South => (
            SetupField::SouthName,
            SetupField::SouthSeat,
            words::SOUTH_FIELD,
        ),
        Side::North => (
            SetupField::NorthName,
            SetupField::NorthSeat,
            words::NORTH_FIELD,
        ),
    };
    let player = |side: Side| {
        let (name_field, _, label) = fields(side);
        name_line(setup, theme, side, name_field, label)
    };
    // A field chosen with Left/Right: its label, then "< value >".
    let choice = |label: &'static str, label_style, value: &str, field: SetupField| {
        Line::from(vec![
            Span::styled(label, label_style),
            Span::styled(format!("< {value} >"), field_style(field)),
        ])
    };
    let seat = |side: Side| {
        let (_, seat_field, _) = fields(side);
        let value = crate::tui::describe::seat_label(setup.computer[side]);
        choice(words::PLAYED_BY, theme.dim, &value, seat_field)
    };
    let mut lines = vec![
        Line::styled(crate::words::rules_summary(&setup.rules), theme.dim),
        Line::raw(""),
        player(Side::South),
        seat(Side::South),
        Line::raw(""),
        player(Side::North),
        seat(Side::North),
        Line::raw(""),
        choice(
            words::WHO_STARTS,
            theme.text,
            &crate::tui::describe::starter_label(setup.starter, setup),
            SetupField::Starter,
        ),
    ];
    if setup.fields().contains(&SetupField::RoundLimit) {
        lines.push(choice(
            words::ROUNDS_FIELD,
            theme.text,
            &crate::tui::describe::round_limit_label(setup.round_limit),
            SetupField::RoundLimit,
        ));
    }
    let swap = |value: &str| choice(words::SWAP_FIELD, theme.text, value, SetupField::SwapRule);
    lines.extend(swap_lines(setup.swap_rule, inner.width, theme, swap));
    lines.extend([
        Line::raw(""),
        Line::from(Span::styled(
            words::START_THE_MATCH,
            field_style(SetupField::Start),
        ))
        .alignment(Alignment::Center),
    ]);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
    Paragraph::new(key_line(theme, &fitting(&table_keys(app), area.width)))
        .alignment(Alignment::Center)
        .render(
            Rect::new(area.x, area.y + area.height - 1, area.width, 1),
            buf,
        );
}

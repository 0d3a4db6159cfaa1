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

pub fn render_setup(app: &App, config: &Config, setup: &Setup, area: Rect, buf: &mut Buffer) {
    let theme = &config.theme;
    let inner = popup(
        area,
        66,
        18,
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
    lines.push(choice(
        words::SWAP_FIELD,
        theme.text,
        crate::tui::describe::swap_rule_label(setup.swap_rule),
        SetupField::SwapRule,
    ));
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

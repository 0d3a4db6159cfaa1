//! What the rule-set screen says of the rule set chosen: its board and
//! mechanics, its description and its section of the full rules, or what is
//! wrong with a rule file; wrapped to the pane's width, so the view draws the
//! lines and `update` counts them (scrolling stops at the last page).

use ratatui::text::{Line, Span};

use super::app::App;
use super::config::Config;
use super::describe;
use super::help_text::{paragraphs, wrap_words};

/// A label and its text, the text's later lines under its first.
fn labelled(label: &'static str, text: &str, width: u16, config: &Config) -> Vec<Line<'static>> {
    let indent = label.chars().count();
    let mut wrapped = wrap_words(text, usize::from(width).saturating_sub(indent)).into_iter();
    let mut lines = vec![Line::from(vec![
        Span::styled(label, config.theme.dim),
        Span::raw(wrapped.next().unwrap_or_default()),
    ])];
    lines.extend(wrapped.map(|more| Line::raw(format!("{}{more}", " ".repeat(indent)))));
    lines
}

/// The pane's title and lines for entry `selected` (the rule sets, then the
/// files that could not be read), `width` columns wide.
#[must_use]
pub fn lines(
    app: &App,
    config: &Config,
    selected: usize,
    width: u16,
) -> (String, Vec<Line<'static>>) {
    let theme = &config.theme;
    if let Some(file) = selected
        .checked_sub(app.variants.len())
        .and_then(|i| app.broken_rules.get(i))
    {
        let reload = super::keys::key_for(
            super::keys::Context::Variants,
            &super::msg::Msg::ReloadRules,
        );
        let room = usize::from(width).saturating_sub(describe::FILE_LABEL.chars().count());
        let path = super::layout::shortened_path(&file.path, room);
        let mut lines = labelled(describe::FILE_LABEL, &path, width, config);
        lines.push(Line::raw(""));
        lines.push(Line::styled(describe::BROKEN_FILE, theme.warning));
        lines.extend(paragraphs(&file.reason, width));
        lines.push(Line::raw(""));
        lines.extend(paragraphs(&describe::fix_and_reload(&reload), width));
        return (file.name.clone(), lines);
    }
    let Some(entry) = app.variants.get(selected) else {
        return (String::new(), Vec::new());
    };
    let rules = &entry.rules;
    let mut lines = labelled(
        describe::BOARD_LABEL,
        &crate::words::board_size(rules),
        width,
        config,
    );
    if let Some(place) = rules.played_in() {
        lines.extend(labelled(
            describe::PLAYED_IN_LABEL,
            &crate::text::printable(place),
            width,
            config,
        ));
    }
    lines.extend(labelled(
        describe::PLAY_LABEL,
        &crate::words::rules_summary(rules),
        width,
        config,
    ));
    lines.push(Line::raw(""));
    lines.extend(paragraphs(rules.description(), width));
    // The game's own section of the full rules, with its worked examples.
    if let Some(section) = crate::rulebook::game_section(rules) {
        lines.push(Line::raw(""));
        lines.push(Line::styled(describe::IN_FULL, theme.title));
        lines.push(Line::raw(""));
        lines.extend(paragraphs(&section, width));
    }
    lines.push(Line::raw(""));
    let note = crate::words::RULES_IN_FULL.replace("ID", rules.id());
    lines.extend(
        wrap_words(&note, usize::from(width))
            .into_iter()
            .map(|line| Line::styled(line, theme.dim)),
    );
    (rules.name().to_string(), lines)
}

/// A page of the pane on the screen as it is: its height, less a line kept
/// in view from the page before.
#[must_use]
pub fn page_now(app: &App) -> u16 {
    let area =
        super::layout::variants_text(ratatui::layout::Rect::new(0, 0, app.size.0, app.size.1));
    area.height.saturating_sub(1).max(1)
}

/// The furthest the pane scrolls for entry `selected` on the screen as it is.
#[must_use]
pub fn last_scroll_now(app: &App, config: &Config, selected: usize) -> u16 {
    let area =
        super::layout::variants_text(ratatui::layout::Rect::new(0, 0, app.size.0, app.size.1));
    let (_, lines) = lines(app, config, selected, area.width);
    super::help_text::last_scroll(lines.len(), area.height)
}

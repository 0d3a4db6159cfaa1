//! Every style the interface uses, in colour, high contrast or monochrome.

use ratatui::style::{Color, Modifier, Style};

use crate::engine::Side;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub south: Style,
    pub north: Style,
    /// The pit under the cursor of the player to move.
    pub cursor: Style,
    /// The pit of the last move.
    pub last_move: Style,
    /// The place a seed just dropped into during animation.
    pub focus: Style,
    pub closed: Style,
    /// Messages about captures and extra turns.
    pub flash: Style,
    /// Refusals and warnings.
    pub warning: Style,
    pub selected: Style,
    pub key: Style,
}

impl Theme {
    #[must_use]
    pub fn colour() -> Theme {
        Theme {
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            title: Style::new().add_modifier(Modifier::BOLD),
            south: Style::new().fg(Color::Cyan),
            north: Style::new().fg(Color::Yellow),
            cursor: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            last_move: Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
            focus: Style::new()
                .fg(Color::Black)
                .bg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
            closed: Style::new().fg(Color::DarkGray).add_modifier(Modifier::DIM),
            flash: Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
            warning: Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            key: Style::new()
                .fg(Color::LightBlue)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// The look the settings ask for; `no_colour` (the `NO_COLOR`
    /// convention, read once at start) always has the last word.
    #[must_use]
    pub fn for_look(look: crate::settings::Look, no_colour: bool) -> Theme {
        use crate::settings::Look;
        match look {
            _ if no_colour => Theme::monochrome(),
            Look::Colour => Theme::colour(),
            Look::Monochrome => Theme::monochrome(),
            Look::HighContrast => Theme::high_contrast(),
        }
    }

    /// Strong colours on the terminal's own background, bold throughout, and
    /// nothing dimmed: for low vision or washed-out screens.
    #[must_use]
    pub fn high_contrast() -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Theme {
            text: bold,
            dim: bold,
            title: bold.add_modifier(Modifier::UNDERLINED),
            south: bold.fg(Color::LightCyan),
            north: bold.fg(Color::LightYellow),
            cursor: Style::new()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD),
            last_move: bold
                .fg(Color::LightMagenta)
                .add_modifier(Modifier::UNDERLINED),
            focus: Style::new()
                .fg(Color::Black)
                .bg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
            closed: bold.fg(Color::Gray).add_modifier(Modifier::CROSSED_OUT),
            flash: bold.fg(Color::LightGreen),
            warning: Style::new()
                .fg(Color::White)
                .bg(Color::Red)
                .add_modifier(Modifier::BOLD),
            selected: Style::new()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD),
            key: bold.fg(Color::LightCyan).add_modifier(Modifier::UNDERLINED),
        }
    }

    /// No colours: emphasis by boldness, underline and reverse video only.
    #[must_use]
    pub fn monochrome() -> Theme {
        Theme {
            text: Style::new(),
            dim: Style::new().add_modifier(Modifier::DIM),
            title: Style::new().add_modifier(Modifier::BOLD),
            south: Style::new(),
            north: Style::new(),
            cursor: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            last_move: Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            focus: Style::new().add_modifier(Modifier::REVERSED),
            closed: Style::new().add_modifier(Modifier::DIM),
            flash: Style::new().add_modifier(Modifier::BOLD),
            warning: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            key: Style::new().add_modifier(Modifier::BOLD),
        }
    }

    #[must_use]
    pub fn side(&self, side: Side) -> Style {
        match side {
            Side::South => self.south,
            Side::North => self.north,
        }
    }
}

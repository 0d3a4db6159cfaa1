//! The contexts keys apply in: a screen, a moment of a match, a box over
//! the screen. Named here, apart from the key table, so that a screen's
//! state can say which contexts it is in without knowing any key.

/// Where keys apply. A screen may stack several (a match: its own keys, then
/// the keys of any match).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// Every screen and box, while typing too (not while the terminal is
    /// too small to draw).
    Always,
    /// Menus, lists and the viewer (not a match).
    Anywhere,
    /// The terminal is too small to draw the screen.
    TooSmall,
    Help,
    /// The box of the match's moves.
    MoveList,
    /// A yes-or-no question.
    Question,
    /// The second player asked whether to swap (the match's own keys act
    /// too).
    Swap,
    /// Typing a name in a box (a copy's name, a title).
    NameBox,
    /// The box choosing the format a match is written in for another program.
    ExportBox,
    Menu,
    Variants,
    Setup,
    /// Typing a player's name on the setup screen.
    NameField,
    OddEvenHide,
    OddEvenGuess,
    OddEvenReveal,
    /// A match on two rows with a player to move: the keys that pick a pit.
    PitKeys,
    /// A match on four rows with a player to move: the keys that pick a pit.
    FourRowPitKeys,
    /// A match with a player to move: the keys of any board.
    Turn,
    /// A pit chosen, its way to sow being chosen (where the rules let the
    /// mover choose).
    Direction,
    /// A Bao move's capture reached the nyumba: stop there or go on
    /// safari.
    Safari,
    /// Seeds being sown on screen.
    Sowing,
    RoundOver,
    /// The round's loser choosing which pits to fill for the next.
    Fill,
    MatchOver,
    /// Every moment of a match.
    Match,
    Library,
    /// Typing the list's filter.
    Filter,
    Replay,
}

impl Context {
    /// Every context, in the order a player meets them (README's order).
    pub const ALL: [Context; 29] = [
        Context::Menu,
        Context::Variants,
        Context::Setup,
        Context::NameField,
        Context::OddEvenHide,
        Context::OddEvenGuess,
        Context::OddEvenReveal,
        Context::PitKeys,
        Context::FourRowPitKeys,
        Context::Turn,
        Context::Direction,
        Context::Safari,
        Context::Sowing,
        Context::Swap,
        Context::RoundOver,
        Context::Fill,
        Context::MatchOver,
        Context::Match,
        Context::Library,
        Context::Filter,
        Context::Replay,
        Context::Anywhere,
        Context::Always,
        Context::Help,
        Context::MoveList,
        Context::Question,
        Context::NameBox,
        Context::ExportBox,
        Context::TooSmall,
    ];

    /// The heading README and help give the keys of this context.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Context::Anywhere => "On every screen but a match",
            Context::Always => "On every screen and in every box, typing too",
            Context::TooSmall => "While the terminal is too small",
            Context::Help => "In help",
            Context::MoveList => "In the list of moves",
            Context::Question => "When asked yes or no",
            Context::Swap => "A match: asked whether to swap",
            Context::NameBox => "Typing a name, a title or a file's path",
            Context::ExportBox => "Writing a match for another program",
            Context::Menu => "Main menu",
            Context::Variants => "Rule sets",
            Context::Setup => "Setting up a match",
            Context::NameField => "Typing a player's name",
            Context::OddEvenHide => "Odd or even: North hides marbles",
            Context::OddEvenGuess => "Odd or even: South guesses",
            Context::OddEvenReveal => "Odd or even: the reveal",
            Context::PitKeys => "A match: the player to move picks a pit",
            Context::FourRowPitKeys => "A match on four rows: the player to move picks a pit",
            Context::Turn => "A match: the player to move",
            Context::Direction => "A match: choosing which way to sow",
            Context::Safari => "A match: a Bao capture ends in the nyumba",
            Context::Sowing => "A match: while seeds move",
            Context::RoundOver => "A match: a round is over",
            Context::Fill => "A match: the round's loser chooses the pits to fill",
            Context::MatchOver => "A match: the match is over",
            Context::Match => "A match: at any moment",
            Context::Library => "Saved matches",
            Context::Filter => "Typing the list's filter",
            Context::Replay => "Watching a match",
        }
    }
}

//! Every key the game knows, in one table: for each context (a screen, or a
//! box over it), the keys, the message they send and the words that say what
//! they do. Input handling looks keys up here; the help screens, the footers,
//! the key lines in boxes and README's key section are all made from it, so
//! they cannot drift apart.
//!
//! During a match the two letter rows belong to the players (South's pits
//! under `z x c v ...`, North's under `q w e r ...`): no key in them does
//! anything else, so a slip never undoes, saves or quits.

use std::fmt::Write;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Overlay};
use super::msg::{Input, Msg};

pub use super::pit_keys::{NORTH_KEYS, SOUTH_FRONT_KEYS, SOUTH_KEYS};

pub use super::context::Context;

/// A key, or a family of keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// This key, with no Ctrl or Alt (Shift is part of the character).
    Code(KeyCode),
    /// Ctrl and this letter.
    Ctrl(char),
    /// The digits: a pit or round number.
    Digits,
    /// South's row of pit keys.
    SouthRow,
    /// North's row of pit keys.
    NorthRow,
    /// South's front row of pit keys, on four rows.
    SouthFrontRow,
    /// Any character, typed into a field.
    Typed,
    /// Any character but a digit, typed into a search (the digits pick).
    Letters,
    /// A digit typed into a number (0 included).
    Number,
    /// Any other key.
    Any,
    /// A click of the mouse (listed for help and README; clicks are read
    /// apart from keys).
    Click,
}

const fn ch(c: char) -> Key {
    Key::Code(KeyCode::Char(c))
}

const fn code(code: KeyCode) -> Key {
    Key::Code(code)
}

impl Key {
    /// The key as help and README name it.
    #[must_use]
    pub fn name(self) -> String {
        self.name_on(None)
    }

    /// The key as help names it over a board of `pits` pits a row: only the
    /// row keys and digits that play a pit there.
    #[must_use]
    pub fn name_on(self, pits: Option<u8>) -> String {
        let row = |keys: &[char]| {
            let shown = pits.map_or(keys.len(), |p| usize::from(p).min(keys.len()));
            keys[..shown]
                .iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Key::Code(code) => match code {
                KeyCode::Up => "↑".into(),
                KeyCode::Down => "↓".into(),
                KeyCode::Left => "←".into(),
                KeyCode::Right => "→".into(),
                KeyCode::Enter => "Enter".into(),
                KeyCode::Esc => "Esc".into(),
                KeyCode::Tab => "Tab".into(),
                KeyCode::Backspace => "Backspace".into(),
                KeyCode::Delete => "Delete".into(),
                KeyCode::PageUp => "PgUp".into(),
                KeyCode::PageDown => "PgDn".into(),
                KeyCode::Home => "Home".into(),
                KeyCode::End => "End".into(),
                KeyCode::F(n) => format!("F{n}"),
                KeyCode::Char(' ') => "Space".into(),
                KeyCode::Char(c) => c.to_string(),
                other => format!("{other:?}"),
            },
            Key::Ctrl(c) => format!("Ctrl+{}", c.to_ascii_uppercase()),
            Key::Digits => match pits {
                Some(pits @ 2..=9) => format!("1-{pits}"),
                Some(1) => "1".into(),
                _ => "1-9".into(),
            },
            Key::SouthRow => row(&SOUTH_KEYS),
            Key::NorthRow => row(&NORTH_KEYS),
            Key::SouthFrontRow => row(&SOUTH_FRONT_KEYS),
            Key::Typed | Key::Letters => "letters".into(),
            Key::Number => "0-9".into(),
            Key::Any => "any other key".into(),
            Key::Click => "mouse click".into(),
        }
    }

    /// Whether every press of `other` is a press of this key too, so that a
    /// context binding this key leaves `other` nothing in the contexts
    /// after it.
    fn covers(self, other: Key) -> bool {
        let typed = |key: Key| match key {
            Key::Code(KeyCode::Char(c)) => !c.is_control(),
            Key::Digits
            | Key::SouthRow
            | Key::NorthRow
            | Key::SouthFrontRow
            | Key::Typed
            | Key::Number => true,
            _ => false,
        };
        let letter = |key: Key| match key {
            Key::Code(KeyCode::Char(c)) => !c.is_control() && !c.is_ascii_digit(),
            Key::Letters => true,
            _ => false,
        };
        self == other
            || self == Key::Any
            || (self == Key::Typed && (typed(other) || other == Key::Letters))
            || (self == Key::Letters && letter(other))
    }

    /// The message this key sends for `event`, if it is this key.
    fn matches(self, event: &KeyEvent, action: &Action) -> Option<Msg> {
        let plain = !event
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        let typed = match event.code {
            KeyCode::Char(c) if plain && !c.is_control() => Some(c),
            _ => None,
        };
        let hit = match self {
            Key::Code(code) => plain && event.code == code,
            Key::Ctrl(c) => {
                event.modifiers.contains(KeyModifiers::CONTROL) && event.code == KeyCode::Char(c)
            }
            Key::Digits => typed.is_some_and(|c| c.is_ascii_digit()),
            Key::SouthRow => typed.is_some_and(|c| SOUTH_KEYS.contains(&c)),
            Key::NorthRow => typed.is_some_and(|c| NORTH_KEYS.contains(&c)),
            Key::SouthFrontRow => typed.is_some_and(|c| SOUTH_FRONT_KEYS.contains(&c)),
            Key::Typed => typed.is_some(),
            Key::Letters => typed.is_some_and(|c| !c.is_ascii_digit()),
            Key::Number => typed.is_some_and(|c| c.is_ascii_digit()),
            Key::Any => true,
            Key::Click => false,
        };
        if !hit {
            return None;
        }
        match action {
            Action::Send(msg) => Some(msg.clone()),
            Action::Digit => typed
                .and_then(|c| c.to_digit(10))
                .and_then(|d| u8::try_from(d).ok())
                .map(|typed| Msg::Input(Input::Digit(typed))),
            Action::RowKey => typed.map(|typed| Msg::Input(Input::RowKey(typed))),
            Action::Char => typed.map(|typed| Msg::Input(Input::Char(typed))),
        }
    }
}

/// What a key does: a message, or one made from the key itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Send(Msg),
    /// The digit typed.
    Digit,
    /// The pit key pressed.
    RowKey,
    /// The character typed.
    Char,
}

/// Keys, in a context, that do one thing.
#[derive(Clone, Debug)]
pub struct Binding {
    pub context: Context,
    pub keys: &'static [Key],
    pub action: Action,
    /// What it does, for help and README.
    pub does: &'static str,
    /// The word at the foot of the screen, if it has a place there.
    pub footer: Option<&'static str>,
}

impl Binding {
    /// Its keys as help and README name them.
    #[must_use]
    pub fn keys_name(&self) -> String {
        self.keys_name_on(None)
    }

    /// [`Binding::keys_name`] over a board of `pits` pits a row.
    #[must_use]
    pub fn keys_name_on(&self, pits: Option<u8>) -> String {
        self.keys
            .iter()
            .map(|k| k.name_on(pits))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The message for `event` if it is one of these keys.
    #[must_use]
    pub fn msg(&self, event: &KeyEvent) -> Option<Msg> {
        self.keys
            .iter()
            .find_map(|k| k.matches(event, &self.action))
    }
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    does: &'static str,
    footer: Option<&'static str>,
) -> Binding {
    Binding {
        context,
        keys,
        action,
        does,
        footer,
    }
}

const fn send(msg: Msg) -> Action {
    Action::Send(msg)
}

use Context as C;
use KeyCode as K;

/// The table. Within a context the first binding that takes a key wins.
// One row a line: the table reads as a table.
#[rustfmt::skip]
pub static KEYS: &[Binding] = &[
    // -- Boxes and states over any screen --
    bind(C::TooSmall, &[Key::Ctrl('c'), ch('q')], send(Msg::QuitNow), "quit (the match is saved)", None),
    bind(C::Help, &[code(K::Up), ch('k')], send(Msg::Up), "scroll up", Some("scroll")),
    bind(C::Help, &[code(K::Down), ch('j')], send(Msg::Down), "scroll down", Some("scroll")),
    bind(C::Help, &[code(K::PageUp)], send(Msg::PageUp), "a page up", None),
    bind(C::Help, &[code(K::PageDown)], send(Msg::PageDown), "a page down", None),
    bind(C::Help, &[Key::Any], send(Msg::Back), "close", Some("close")),
    bind(C::MoveList, &[code(K::Up), ch('k')], send(Msg::Up), "scroll back", Some("scroll")),
    bind(C::MoveList, &[code(K::Down), ch('j')], send(Msg::Down), "scroll on", Some("scroll")),
    bind(C::MoveList, &[code(K::PageUp)], send(Msg::PageUp), "a page back", None),
    bind(C::MoveList, &[code(K::PageDown)], send(Msg::PageDown), "a page on", None),
    bind(C::MoveList, &[Key::Any], send(Msg::Back), "close", Some("close")),
    bind(C::Question, &[ch('y'), code(K::Enter)], send(Msg::Yes), "yes", Some("yes")),
    bind(C::Question, &[Key::Any], send(Msg::No), "no", Some("no")),
    bind(C::Swap, &[ch('y')], send(Msg::Yes), "swap: take the side just played, with its turn over", Some("swap")),
    bind(C::Swap, &[ch('n')], send(Msg::No), "play on from the side you have", Some("play on")),
    bind(C::NameBox, &[code(K::Enter)], send(Msg::Confirm), "done", Some("done")),
    bind(C::NameBox, &[Key::Ctrl('u')], send(Msg::ClearField), "clear the field", Some("clear")),
    bind(C::NameBox, &[code(K::Backspace)], send(Msg::Backspace), "delete a character", None),
    bind(C::NameBox, &[code(K::Esc)], send(Msg::Back), "cancel", Some("cancel")),
    bind(C::NameBox, &[Key::Typed], Action::Char, "type", None),
    bind(C::ExportBox, &[ch('o')], send(Msg::ExportAs(crate::records::Format::Ogn)), "Aualé's OGN file", Some("OGN")),
    bind(C::ExportBox, &[ch('p')], send(Msg::ExportAs(crate::records::Format::PlayStrategy)), "PlayStrategy's position and moves", Some("PlayStrategy")),
    bind(C::ExportBox, &[code(K::Esc)], send(Msg::Back), "cancel", Some("cancel")),
    // -- Menus --
    bind(C::Menu, &[code(K::Up), ch('k')], send(Msg::Up), "the item above", Some("choose")),
    bind(C::Menu, &[code(K::Down), ch('j'), code(K::Tab)], send(Msg::Down), "the item below", Some("choose")),
    bind(C::Menu, &[code(K::Enter), ch(' ')], send(Msg::Confirm), "open it", Some("open")),
    bind(C::Menu, &[Key::Digits], Action::Digit, "open an item by its number", Some("jump")),
    bind(C::Variants, &[code(K::Up)], send(Msg::Up), "the game above", Some("choose")),
    bind(C::Variants, &[code(K::Down), code(K::Tab)], send(Msg::Down), "the game below", Some("choose")),
    bind(C::Variants, &[code(K::Enter)], send(Msg::Confirm), "set up a match with it (or back, when reading the rules)", Some("choose it")),
    bind(C::Variants, &[code(K::PageDown), code(K::Right)], send(Msg::PageDown), "scroll its rules down", Some("scroll")),
    bind(C::Variants, &[code(K::PageUp), code(K::Left)], send(Msg::PageUp), "scroll its rules up", Some("scroll")),
    bind(C::Variants, &[Key::Digits], Action::Digit, "a game of those listed, by its number", None),
    bind(C::Variants, &[code(K::Backspace)], send(Msg::Backspace), "delete a letter of the search", None),
    bind(C::Variants, &[Key::Ctrl('u')], send(Msg::ClearField), "clear the search", None),
    bind(C::Variants, &[code(K::F(5))], send(Msg::ReloadRules), "read your rule files again (after fixing or adding one)", None),
    bind(C::Variants, &[code(K::Esc)], send(Msg::Back), "clear the search, or back to the menu", Some("back")),
    bind(C::Variants, &[Key::Letters], Action::Char, "type: only the games whose name, place, region or kind has it are listed", Some("find")),
    bind(C::Setup, &[code(K::Up)], send(Msg::Up), "the field above", Some("field")),
    bind(C::Setup, &[code(K::Down), code(K::Tab)], send(Msg::NextField), "the next field", Some("field")),
    bind(C::Setup, &[code(K::Left)], send(Msg::Left), "the choice before (seat, who starts, rounds)", Some("change")),
    bind(C::Setup, &[code(K::Right)], send(Msg::Right), "the next choice (seat, who starts, rounds)", Some("change")),
    bind(C::Setup, &[code(K::Enter)], send(Msg::Confirm), "start the match", Some("start")),
    bind(C::Setup, &[code(K::Esc)], send(Msg::Back), "back to the rule sets", Some("back")),
    bind(C::NameField, &[code(K::Enter)], send(Msg::Confirm), "start the match", Some("start")),
    bind(C::NameField, &[code(K::Tab), code(K::Down)], send(Msg::NextField), "the next field", Some("next field")),
    bind(C::NameField, &[code(K::Up)], send(Msg::Up), "the field above", None),
    bind(C::NameField, &[Key::Ctrl('u')], send(Msg::ClearField), "clear the name", Some("clear")),
    bind(C::NameField, &[code(K::Backspace)], send(Msg::Backspace), "delete a character", None),
    bind(C::NameField, &[code(K::Esc)], send(Msg::Back), "back to the rule sets", Some("back")),
    bind(C::NameField, &[Key::Typed], Action::Char, "type the name (the default is used when it is left empty)", None),
    bind(C::OddEvenHide, &[code(K::Enter)], send(Msg::Confirm), "hide them (none typed: the game hides some)", Some("hide")),
    bind(C::OddEvenHide, &[code(K::Backspace)], send(Msg::Backspace), "delete a digit", None),
    bind(C::OddEvenHide, &[code(K::Esc)], send(Msg::Back), "back to the setup", Some("back")),
    bind(C::OddEvenHide, &[Key::Number], Action::Char, "type how many marbles, up to 99 (shown as stars)", None),
    bind(C::OddEvenGuess, &[ch('o')], send(Msg::Odd), "guess odd", Some("odd")),
    bind(C::OddEvenGuess, &[ch('e')], send(Msg::Even), "guess even", Some("even")),
    bind(C::OddEvenGuess, &[code(K::Esc)], send(Msg::Back), "back to the setup", Some("back")),
    bind(C::OddEvenReveal, &[code(K::Enter), ch(' ')], send(Msg::Confirm), "begin the match", Some("begin")),
    bind(C::OddEvenReveal, &[code(K::Esc)], send(Msg::Back), "back to the setup", Some("back")),
    // -- A match --
    bind(C::PitKeys, &[Key::Digits], Action::Digit, "play that pit of the player to move (on boards of 10 or more, 1 then a digit: pits 10 and up)", None),
    bind(C::PitKeys, &[Key::SouthRow], Action::RowKey, "play the pit above the key: South's (North's with the board turned)", None),
    bind(C::PitKeys, &[Key::NorthRow], Action::RowKey, "play the pit below the key: North's (South's with the board turned)", None),
    bind(C::FourRowPitKeys, &[Key::Digits], Action::Digit, "play the top row's pit marked with the key: North's back row (South's with the board turned)", None),
    bind(C::FourRowPitKeys, &[Key::NorthRow], Action::RowKey, "play the second row's pit marked with the key: North's front row (South's turned)", None),
    bind(C::FourRowPitKeys, &[Key::SouthFrontRow], Action::RowKey, "play the third row's pit marked with the key: South's front row (North's turned)", None),
    bind(C::FourRowPitKeys, &[Key::SouthRow], Action::RowKey, "play the bottom row's pit marked with the key: South's back row (North's turned)", None),
    bind(C::Turn, &[code(K::Left)], send(Msg::Left), "move the cursor left along the mover's row", None),
    bind(C::Turn, &[code(K::Right)], send(Msg::Right), "move the cursor right along the mover's row", None),
    bind(C::Turn, &[code(K::Enter), ch(' ')], send(Msg::Confirm), "sow the pit under the cursor (or a pit number begun)", None),
    bind(C::Turn, &[Key::Click], send(Msg::Confirm), "sow the pit clicked", None),
    bind(C::Turn, &[code(K::Tab)], send(Msg::Preview), "see what the pit under the cursor would do: where its last seed falls, what it takes (any other key clears it)", Some("preview")),
    bind(C::Direction, &[code(K::Left)], send(Msg::Left), "sow the chosen pit (or the lap that may turn) towards the left of the screen", Some("left")),
    bind(C::Direction, &[code(K::Right)], send(Msg::Right), "sow it towards the right", Some("right")),
    bind(C::Direction, &[code(K::Esc)], send(Msg::Back), "take the last way back, or the pit, to choose another", Some("back")),
    bind(C::Safari, &[ch('+')], send(Msg::Safari), "go on safari: lift the nyumba and sow on (it is given up for good)", Some("safari")),
    bind(C::Safari, &[code(K::Enter)], send(Msg::Confirm), "stop in the nyumba: the move ends there, the nyumba kept", Some("stop")),
    bind(C::Safari, &[code(K::Esc)], send(Msg::Back), "back to the choice before", Some("back")),
    bind(C::Sowing, &[code(K::F(3))], send(Msg::Slower), "slower", Some("speed")),
    bind(C::Sowing, &[code(K::F(4))], send(Msg::Faster), "faster", Some("speed")),
    bind(C::Sowing, &[Key::SouthRow, Key::NorthRow], Action::RowKey, "show the end of the move, then play that pit if it is the next mover's", None),
    bind(C::Sowing, &[Key::Digits], Action::Digit, "show the end of the move, then play that pit of the next mover", None),
    bind(C::Sowing, &[Key::Ctrl('c')], send(Msg::Quit), "quit (asks first)", None),
    bind(C::Sowing, &[Key::Any], send(Msg::Skip), "show the end of the move at once", Some("skip to the end")),
    bind(C::RoundOver, &[code(K::Enter), ch(' ')], send(Msg::NextRound), "the next round", Some("next round")),
    bind(C::RoundOver, &[Key::Ctrl('e')], send(Msg::EndMatch), "end the match here", Some("end the match")),
    bind(C::RoundOver, &[code(K::Tab)], send(Msg::ToggleBox), "hide or show the round's result (to see the board)", Some("board")),
    bind(C::Fill, &[Key::Digits], Action::Digit, "fill that pit of the loser's row, or leave it empty again", None),
    bind(C::Fill, &[Key::SouthRow, Key::NorthRow], Action::RowKey, "fill the pit by the key, or leave it empty again", None),
    bind(C::Fill, &[code(K::Left)], send(Msg::Left), "move the cursor left along the loser's row", None),
    bind(C::Fill, &[code(K::Right)], send(Msg::Right), "move the cursor right along the loser's row", None),
    bind(C::Fill, &[ch(' ')], send(Msg::TogglePit), "fill the pit under the cursor, or leave it empty again", Some("fill/empty")),
    bind(C::Fill, &[code(K::Enter)], send(Msg::Confirm), "begin the next round with the pits chosen", Some("begin")),
    bind(C::Fill, &[code(K::Esc)], send(Msg::Back), "back to the round's result", Some("back")),
    bind(C::MatchOver, &[code(K::Enter)], send(Msg::Confirm), "back to the menu", Some("menu")),
    bind(C::MatchOver, &[Key::Ctrl('r')], send(Msg::Rematch), "a rematch: the same players and rule set (the loser starts; after a draw, the other player)", Some("rematch")),
    bind(C::MatchOver, &[code(K::Tab)], send(Msg::ToggleBox), "hide or show the match's result (to see the board)", Some("board")),
    bind(C::MatchOver, &[code(K::Up)], send(Msg::Up), "scroll the rounds up", Some("rounds")),
    bind(C::MatchOver, &[code(K::Down)], send(Msg::Down), "scroll the rounds down", Some("rounds")),
    bind(C::MatchOver, &[code(K::PageUp)], send(Msg::PageUp), "the rounds a page up", None),
    bind(C::MatchOver, &[code(K::PageDown)], send(Msg::PageDown), "the rounds a page down", None),
    bind(C::Match, &[code(K::F(1))], send(Msg::Help), "help for the match, with the rules", Some("help")),
    bind(C::Match, &[code(K::Backspace), Key::Ctrl('z')], send(Msg::Undo), "undo a move", Some("undo")),
    bind(C::Match, &[Key::Ctrl('y')], send(Msg::Redo), "redo it", Some("redo")),
    bind(C::Match, &[code(K::F(2))], send(Msg::Hint), "a hint: the best pit and every pit's value", Some("hint")),
    bind(C::Match, &[ch('l')], send(Msg::Moves), "the list of moves, every turn told whole (also beside the board on a wide terminal)", Some("moves")),
    bind(C::Match, &[code(K::F(3))], send(Msg::Slower), "sow slower", Some("speed")),
    bind(C::Match, &[code(K::F(4))], send(Msg::Faster), "sow faster", Some("speed")),
    bind(C::Match, &[code(K::F(5))], send(Msg::ToggleMotion), "animation on or off", None),
    bind(C::Match, &[Key::Ctrl('t')], send(Msg::TurnBoard), "turn the board round, North's rows at the bottom (remembered for who sits at the keyboard: South or North alone against the computer, or two players)", None),
    bind(C::Match, &[Key::Ctrl('s')], send(Msg::Save), "save a copy of the match under a name", Some("save")),
    bind(C::Match, &[Key::Ctrl('e')], send(Msg::EndMatch), "end the match here (asks first)", None),
    bind(C::Match, &[code(K::Esc)], send(Msg::Back), "back to the menu (the match is kept: Continue resumes it)", Some("menu")),
    bind(C::Match, &[Key::Ctrl('c')], send(Msg::Quit), "quit (asks first)", None),
    // -- The library and the viewer --
    bind(C::Library, &[code(K::Up), ch('k')], send(Msg::Up), "the match above", Some("choose")),
    bind(C::Library, &[code(K::Down), ch('j')], send(Msg::Down), "the match below", Some("choose")),
    bind(C::Library, &[code(K::PageUp)], send(Msg::PageUp), "a page up", None),
    bind(C::Library, &[code(K::PageDown)], send(Msg::PageDown), "a page down", None),
    bind(C::Library, &[code(K::Home)], send(Msg::Home), "the first match", None),
    bind(C::Library, &[code(K::End)], send(Msg::End), "the last match", None),
    bind(C::Library, &[code(K::Enter)], send(Msg::Confirm), "watch it (in Continue's list: play on where it stopped)", Some("watch")),
    bind(C::Library, &[ch('c')], send(Msg::ContinueMatch), "continue it (a copy opens at its end, where p plays on)", Some("continue")),
    bind(C::Library, &[ch('/')], send(Msg::Filter), "type to filter by player, title or variant", Some("filter")),
    bind(C::Library, &[ch('o')], send(Msg::Order), "last played first, or oldest first", Some("order")),
    bind(C::Library, &[ch('r')], send(Msg::Rename), "rename: give the match a title", Some("rename")),
    bind(C::Library, &[ch('x')], send(Msg::Export), "export: write it for Aualé (.ogn) or PlayStrategy", Some("export")),
    bind(C::Library, &[ch('d'), code(K::Delete)], send(Msg::Delete), "delete (asks first): the file moves to the trash folder beside it", Some("delete")),
    bind(C::Library, &[ch('u')], send(Msg::UndoDelete), "bring back the match deleted last", None),
    bind(C::Library, &[code(K::Esc)], send(Msg::Back), "clear the filter, or back to the menu", Some("back")),
    bind(C::Filter, &[code(K::Enter), code(K::Down), code(K::Tab)], send(Msg::Confirm), "done: back to the list, filtered", Some("done")),
    bind(C::Filter, &[Key::Ctrl('u')], send(Msg::ClearField), "clear the filter", None),
    bind(C::Filter, &[code(K::Backspace)], send(Msg::Backspace), "delete a character", None),
    bind(C::Filter, &[code(K::Esc)], send(Msg::Back), "clear it and go back to the list", Some("clear")),
    bind(C::Filter, &[Key::Typed], Action::Char, "type: the list narrows as you type", Some("filter")),
    bind(C::Replay, &[code(K::Left)], send(Msg::Left), "a step back", Some("step")),
    bind(C::Replay, &[code(K::Right)], send(Msg::Right), "a step on (animated)", Some("step")),
    bind(C::Replay, &[ch('g'), code(K::Home)], send(Msg::Home), "the start", Some("start")),
    bind(C::Replay, &[ch('G'), code(K::End)], send(Msg::End), "the end", Some("end")),
    bind(C::Replay, &[code(K::PageUp)], send(Msg::PageUp), "the round before", Some("round")),
    bind(C::Replay, &[code(K::PageDown)], send(Msg::PageDown), "the next round", Some("round")),
    bind(C::Replay, &[Key::Digits], Action::Digit, "the start of that round (type its number)", None),
    bind(C::Replay, &[ch(' '), code(K::Enter)], send(Msg::Confirm), "autoplay on or off", Some("autoplay")),
    bind(C::Replay, &[ch('+'), ch('=')], send(Msg::Faster), "faster", None),
    bind(C::Replay, &[ch('-'), ch('_')], send(Msg::Slower), "slower", None),
    bind(C::Replay, &[ch('a')], send(Msg::ToggleMotion), "animation on or off in this replay (matches keep their setting)", None),
    bind(C::Replay, &[ch('p')], send(Msg::PlayOn), "play on from here: a new match (this one is not changed)", Some("play on")),
    bind(C::Replay, &[code(K::Esc)], send(Msg::Back), "back to the saved matches", Some("back")),
    // -- Below the screens' own keys --
    bind(C::Anywhere, &[ch('?'), code(K::F(1))], send(Msg::Help), "help for this screen (and the rules, where a rule set is shown)", Some("help")),
    bind(C::Anywhere, &[ch('q'), Key::Ctrl('c')], send(Msg::Quit), "quit", Some("quit")),
    bind(C::Always, &[code(K::F(6))], send(Msg::NextLook), "the next look: colour, high contrast, monochrome", None),
];

/// The contexts whose keys act now, first first. While the terminal is too
/// small only quitting acts (and resizing, which is no key).
#[must_use]
pub fn contexts(app: &App) -> Vec<Context> {
    if super::layout::is_too_small(app) {
        return vec![Context::TooSmall];
    }
    // First, so that no box's "any other key" takes them.
    let mut contexts = vec![Context::Always];
    match &app.overlay {
        Some(Overlay::Help { .. }) => contexts.push(Context::Help),
        Some(Overlay::Moves { .. }) => contexts.push(Context::MoveList),
        Some(Overlay::SaveAs { .. } | Overlay::Rename { .. } | Overlay::Import { .. }) => {
            contexts.push(Context::NameBox);
        }
        Some(Overlay::Export { .. }) => contexts.push(Context::ExportBox),
        // Only an answer answers; help, the list of moves and the match's
        // other keys act as elsewhere, and the question waits.
        Some(Overlay::OfferSwap) => contexts.extend([Context::Swap, Context::Match]),
        Some(_) => contexts.push(Context::Question),
        None => contexts.extend(screen_contexts(app)),
    }
    contexts
}

/// What help lists for the screen: its keys (in a match, those of every
/// moment of one), then the keys that always act.
#[must_use]
pub fn help_contexts(app: &App) -> Vec<Context> {
    let mut contexts = app.screen.state().help_contexts();
    contexts.push(Context::Always);
    contexts
}

/// The contexts of the screen, whatever box is over it.
fn screen_contexts(app: &App) -> Vec<Context> {
    app.screen.state().contexts()
}

/// The bindings of one context, in the table's order.
pub fn of(context: Context) -> impl Iterator<Item = &'static Binding> {
    KEYS.iter().filter(move |b| b.context == context)
}

/// The name of the first key that sends `msg` in `context` (for sentences
/// that mention a key).
#[must_use]
pub fn key_for(context: Context, msg: &Msg) -> String {
    of(context)
        .find(|b| b.action == Action::Send(msg.clone()))
        .map_or_else(String::new, |b| b.keys[0].name())
}

/// The first key that sends `msg` on a screen with these contexts (the first
/// context that binds it wins), for a sentence that names it; empty when
/// none does, so a sentence can leave the key out rather than name a dead one.
#[must_use]
pub fn key_in(contexts: &[Context], msg: &Msg) -> Option<String> {
    contexts.iter().enumerate().find_map(|(at, &context)| {
        of(context)
            .filter(|b| b.action == Action::Send(msg.clone()))
            .find_map(|b| free_key(contexts, at, b))
            .map(Key::name)
    })
}

/// The message for a key in a stack of contexts: the first context that has
/// the key wins.
#[must_use]
pub fn lookup(contexts: &[Context], event: &KeyEvent) -> Option<Msg> {
    contexts
        .iter()
        .find_map(|&context| of(context).find_map(|b| b.msg(event)))
}

/// The keys of `binding` (of context `contexts[at]`) that no context before
/// it in the stack takes, named as help lists them; empty when none acts.
#[must_use]
pub fn acting_keys_name(contexts: &[Context], at: usize, binding: &Binding) -> String {
    binding
        .keys
        .iter()
        .copied()
        .filter(|&key| {
            !contexts[..at]
                .iter()
                .any(|&c| of(c).any(|b| b.keys.iter().any(|k| k.covers(key))))
        })
        .map(Key::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether the screen's contexts are a stack (the first that has a key
/// takes it), rather than a match's moments listed side by side.
#[must_use]
pub fn help_is_a_stack(app: &App) -> bool {
    app.screen.state().help_is_a_stack()
}

/// The first key of `binding` (of context `contexts[at]`) that no context
/// before it takes: the key to name for it (`?` is help, but where letters
/// type into a search, F1 is).
fn free_key(contexts: &[Context], at: usize, binding: &Binding) -> Option<Key> {
    binding.keys.iter().copied().find(|&key| {
        !contexts[..at]
            .iter()
            .any(|&c| of(c).any(|b| b.keys.iter().any(|k| k.covers(key))))
    })
}

/// The `key word` pairs at the foot of a screen with these contexts: one a
/// footer word, the first key that acts of each, a word shared by
/// neighbours said once (`↑/↓ choose`).
#[must_use]
pub fn footer(contexts: &[Context]) -> Vec<(String, &'static str)> {
    let mut pairs: Vec<(String, &'static str)> = Vec::new();
    for (at, binding) in reachable_in(contexts) {
        let Some(word) = binding.footer else {
            continue;
        };
        let Some(key) = free_key(contexts, at, binding) else {
            continue;
        };
        let key = key.name();
        match pairs.iter_mut().find(|(_, w)| *w == word) {
            Some((keys, _)) if keys.split('/').any(|k| k == key) => {}
            Some((keys, _)) => {
                keys.push('/');
                keys.push_str(&key);
            }
            None => pairs.push((key, word)),
        }
    }
    pairs
}

/// The bindings that can act in a stack of contexts: a context that takes
/// any other key leaves nothing for those after it.
#[must_use]
pub fn reachable(contexts: &[Context]) -> Vec<&'static Binding> {
    reachable_in(contexts)
        .into_iter()
        .filter(|&(at, binding)| free_key(contexts, at, binding).is_some())
        .map(|(_, binding)| binding)
        .collect()
}

/// [`reachable`]'s bindings with the place of their context in the stack,
/// before any is dropped for having every key taken.
fn reachable_in(contexts: &[Context]) -> Vec<(usize, &'static Binding)> {
    let mut bindings = Vec::new();
    for (at, &context) in contexts.iter().enumerate() {
        bindings.extend(of(context).map(|b| (at, b)));
        if of(context).any(|b| b.keys.contains(&Key::Any)) {
            break;
        }
    }
    bindings
}

/// README's key section: a table for each context.
#[must_use]
pub fn markdown() -> String {
    let mut out = String::new();
    for context in Context::ALL {
        let _ = write!(
            out,
            "**{}**

| keys | do |
|---|---|
",
            context.title()
        );
        for binding in of(context) {
            let keys = binding.keys_name().replace('|', "\\|");
            let _ = writeln!(out, "| `{keys}` | {} |", binding.does);
        }
        out.push('\n');
    }
    out
}

//! What the engine's searches tell the player: how far a search looked, and
//! a replayed position's value with whether its verdict held.

/// How far a hint's search saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintReach {
    /// To the end of the round: the values are what perfect play gives.
    Exact,
    /// This many moves ahead.
    Plies(u32),
}

/// The engine's value of one position of a replayed match, for South, with
/// how far it looked and whether its verdict held at a shallower depth too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub value: i32,
    pub reach: HintReach,
    /// A win, draw or loss the same one depth less deep (an exact value
    /// always is): only such verdicts mark a move as throwing a game away.
    pub stable: bool,
}

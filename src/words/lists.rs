//! Saved matches as lists, the replay viewer and `mancala saves` name them.

use std::fmt::Write;

use crate::engine::{Outcome, Side, StatusKind};
use crate::storage::Header;
use crate::storage::library::{Listing, Shelf};

/// "Ann v Bo", "Me v Computer (hard)".
#[must_use]
pub fn players(header: &Header) -> String {
    let name = |side: Side| crate::session::shown_name(&header.names[side], header.computer[side]);
    format!("{} v {}", name(Side::South), name(Side::North))
}

/// The match as a list names it: "cup final: Ann v Bo", or the players alone
/// when it has no title.
#[must_use]
pub fn who(header: &Header) -> String {
    match &header.title {
        Some(title) => format!("{title}: {}", players(header)),
        None => players(header),
    }
}

/// Where the match stands: "in play", "round 3 over", "Ann won", "draw".
#[must_use]
pub fn result(header: &Header) -> String {
    let name = |side: Side| header.names[side].clone();
    match (header.status, header.winner) {
        (StatusKind::Ongoing, _) => "in play".to_string(),
        (StatusKind::RoundOver, _) => format!("round {} over", header.rounds),
        (StatusKind::MatchOver, Some(Outcome::Win(side))) => format!("{} won", name(side)),
        (StatusKind::MatchOver, _) => "draw".to_string(),
    }
}

/// The same with the winner named by side ("South won"), for a narrow list
/// whose players column already says who sat where.
#[must_use]
pub fn listing_result_by_side(listing: &Listing, header: &Header) -> String {
    let by_side = match (header.status, header.winner) {
        (StatusKind::MatchOver, Some(Outcome::Win(side))) => {
            format!("{} won", crate::words::side_title(side))
        }
        _ => result(header),
    };
    match listing.shelf {
        Shelf::Copies => format!("copy: {by_side}"),
        _ => by_side,
    }
}

/// The result column's words for a match another game plays, longest first,
/// for a column to take the first that fits.
pub const OPEN_ELSEWHERE: [&str; 3] = ["open in another game", "open elsewhere", "in use"];

/// The result column of a list: as [`result`], or what keeps the file from
/// being used.
#[must_use]
pub fn listing_result(listing: &Listing) -> String {
    match &listing.header {
        Err(_) => "cannot be read".to_string(),
        Ok(_) if listing.open_elsewhere => OPEN_ELSEWHERE[0].to_string(),
        Ok(header) if listing.not_saved => format!("{} (not saved)", result(header)),
        // A copy is a match as it stood when saved, not one being played.
        Ok(header) if listing.shelf == Shelf::Copies => format!("copy: {}", result(header)),
        Ok(header) => result(header),
    }
}

/// "Ann 3, Bo 2, 1 draw": a pair's tally, the players in `names` order.
#[must_use]
pub fn tally(tally: &crate::settings::Tally, names: &[String; 2]) -> String {
    let [first, second] = names.clone().map(|name| tally.wins_of(&name));
    let mut text = format!("{} {first}, {} {second}", names[0], names[1]);
    if tally.draws > 0 {
        let s = if tally.draws == 1 { "" } else { "s" };
        let _ = write!(text, ", {} draw{s}", tally.draws);
    }
    text
}

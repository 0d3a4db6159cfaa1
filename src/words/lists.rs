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

/// Where the match stands: "in play", "round 3 over", "Ann won", "draw";
/// a computer is named by its level, and the side is said where both
/// players go by one name ("Computer (hard) (North) won").
#[must_use]
pub fn result(header: &Header) -> String {
    let shown = |side: Side| crate::session::shown_name(&header.names[side], header.computer[side]);
    let name = |side: Side| {
        if shown(Side::South) == shown(Side::North) {
            format!("{} ({})", shown(side), crate::words::side_title(side))
        } else {
            shown(side)
        }
    };
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

/// "Ann 3, Bo 2, 1 draw": a pair's tally, the players in `names` order;
/// under one name, "Computer (easy) 3 as South, 2 as North".
#[must_use]
pub fn tally(tally: &crate::settings::Tally, names: &[String; 2]) -> String {
    let mut text = if tally.by_side() {
        format!(
            "{} {} as South, {} as North",
            names[0], tally.wins[0], tally.wins[1]
        )
    } else {
        let [first, second] = names.clone().map(|name| tally.wins_of(&name));
        format!("{} {first}, {} {second}", names[0], names[1])
    };
    if tally.draws > 0 {
        let s = if tally.draws == 1 { "" } else { "s" };
        let _ = write!(text, ", {} draw{s}", tally.draws);
    }
    text
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::ai::Level;
    use crate::engine::{Pit, Rules};
    use crate::session::Session;

    /// A finished Kalah of one pit and two seeds a side: South's move puts
    /// one in its store and one in North's pit, and North keeps its three:
    /// North wins 3-1.
    fn finished(names: [&str; 2], computer: [Option<Level>; 2]) -> Header {
        let text = include_str!("../../rules/kalaha.toml")
            .replace("pits = 6", "pits = 1")
            .replace("seeds-per-pit = 4", "seeds-per-pit = 2");
        let rules = Arc::new(Rules::from_toml(&text).unwrap());
        let mut session = Session::new(rules, names.map(String::from), Side::South);
        session.computer = computer.into();
        session.play(Pit::new(1)).unwrap();
        let meta = crate::storage::MatchMeta::new(crate::storage::MatchId::new());
        crate::storage::format::header_of(&session, &meta)
    }

    #[test]
    fn a_result_names_a_computer_by_its_level_and_two_alike_by_their_sides() {
        let people = finished(["Ann", "Bo"], [None, None]);
        assert_eq!(result(&people), "Bo won");
        let one = finished(["Ann", "Computer"], [None, Some(Level::Hard)]);
        assert_eq!(result(&one), "Computer (hard) won");
        let both = finished(
            ["Computer", "Computer"],
            [Some(Level::Easy), Some(Level::Easy)],
        );
        assert_eq!(result(&both), "Computer (easy) (North) won");
        let levels = finished(
            ["Computer", "Computer"],
            [Some(Level::Easy), Some(Level::Hard)],
        );
        assert_eq!(result(&levels), "Computer (hard) won");
    }
}

//! `mancala replay FILE [--print | --json]`.

use std::process::ExitCode;

use super::{Failure, ReplayArgs, library, play};
use crate::catalog::Catalog;
use crate::report::{board_text, position_json};
use crate::session::{Action, Session};
use crate::storage::format::Note;
use crate::storage::{SavedMatch, load};
use crate::tui::Start;
use crate::words::move_summary;

/// One line per step of the match: moves with what they did (and the
/// comments a record brought in had on them), round changes.
fn step_lines(session: &Session, notes: &[Note]) -> Vec<(String, serde_json::Value)> {
    let positions = session.positions();
    let mut number = 0;
    // Moves and swaps: what a comment's place counts.
    let mut steps = 0;
    let mut lines: Vec<(String, serde_json::Value)> = notes_after(notes, 0).collect();
    let traces = session.move_traces();
    let seatings = session.seatings();
    for (i, (action, told)) in session.actions().iter().zip(traces).enumerate() {
        let before = &positions[i];
        let seated = seatings.at(i);
        match *action {
            Action::Move(_) => {
                number += 1;
                steps += 1;
                // The save was verified on load, so every move replays.
                let Some((mover, played, trace)) = told else {
                    continue;
                };
                let what = move_summary(seated, mover, played, &trace);
                let text = format!("round {}, move {number}: {what}", before.round());
                let mut json = serde_json::json!({
                    "round": before.round(),
                    "move": number,
                    "side": mover.name(),
                    "pit": played.pit(),
                    "summary": what,
                });
                if let Some(direction) = played.direction() {
                    json["direction"] = serde_json::json!(direction.to_string());
                }
                lines.push((text, json));
                lines.extend(notes_after(notes, steps));
                // A move that ends a round: its score, as the round stood.
                let after = &positions[i + 1];
                if let Some(result) = crate::words::result_sentence(seated, after) {
                    let winner = match after.outcome() {
                        Some(crate::engine::Outcome::Win(side)) => serde_json::json!(side.name()),
                        _ => serde_json::Value::Null,
                    };
                    let json = serde_json::json!({
                        "round_over": after.round(),
                        "stores": {
                            "south": after.store(crate::engine::Side::South),
                            "north": after.store(crate::engine::Side::North),
                        },
                        "winner": winner,
                    });
                    lines.push((format!("-- {result} --"), json));
                }
            }
            Action::Swap => {
                // The player who swapped now plays the side that moved.
                let swapper = positions[i]
                    .to_move()
                    .map_or(crate::engine::Side::South, crate::engine::Side::other);
                let text = format!(
                    "round {}: {}",
                    before.round(),
                    crate::words::swap_told(session, swapper)
                );
                lines.push((text, serde_json::json!({ "swap": swapper.name() })));
                steps += 1;
                lines.extend(notes_after(notes, steps));
            }
            Action::NextRound(fill) => {
                let next = &positions[i + 1];
                let mut text = format!("-- round {} begins --", next.round());
                let mut json = serde_json::json!({ "next_round": next.round() });
                if let Some(fill) = fill {
                    text = format!("-- round {} begins, {fill} --", next.round());
                    json["fill"] = serde_json::json!(
                        fill.pits()
                            .map(crate::engine::Pit::number)
                            .collect::<Vec<_>>()
                    );
                }
                lines.push((text, json));
            }
            Action::EndMatch => {
                lines.push((
                    "-- the players end the match --".to_string(),
                    serde_json::json!({ "end_match": true }),
                ));
            }
        }
    }
    lines
}

/// The comments that follow the `steps`-th step.
fn notes_after(notes: &[Note], steps: usize) -> impl Iterator<Item = (String, serde_json::Value)> {
    notes
        .iter()
        .filter(move |n| n.after_move == steps)
        .map(|n| {
            (
                format!("  {{{}}}", n.text),
                serde_json::json!({ "note": n.text }),
            )
        })
}

pub fn run(catalog: &Catalog, args: &ReplayArgs, ascii: bool) -> Result<ExitCode, Failure> {
    // A file by its path needs no library; an id is looked up in it.
    let (path, library) = if args.file.exists() {
        (args.file.clone(), None)
    } else {
        let (library, note) = library(catalog)?;
        (
            library.resolve(&args.file).map_err(Failure)?,
            Some((library, note)),
        )
    };
    let SavedMatch { session, meta } = load(&path, catalog)?;
    let rules = session.rules().clone();
    if args.json {
        let mut json = serde_json::to_value(position_json(&rules, session.position()))?;
        let moves: Vec<serde_json::Value> = step_lines(&session, &meta.notes)
            .into_iter()
            .map(|(_, j)| j)
            .collect();
        json["moves"] = serde_json::Value::Array(moves);
        say!("{json}");
    } else if args.print {
        for (text, _) in step_lines(&session, &meta.notes) {
            say!("{text}");
        }
        say!("");
        say!(
            "{}",
            board_text(&rules, session.position()).trim_end_matches('\n')
        );
    } else {
        play::check_terminal()?;
        let library = match library {
            Some(opened) => opened,
            None => super::library(catalog)?,
        };
        let start = Start::Replay(Box::new(session), path, meta);
        let launch = play::Launch {
            ascii,
            ..play::Launch::default()
        };
        return play::play(catalog, start, library, launch);
    }
    Ok(ExitCode::SUCCESS)
}

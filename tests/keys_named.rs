//! Every key a sentence on screen names does something on that screen: the
//! notices, messages and banners of a walk through every screen, each read
//! with the key contexts of the screen it is shown on.

use mancala::catalog::Catalog;
use mancala::engine::Side;
use mancala::storage::library::Library;
use mancala::tui::keys::{self, Context};
use mancala::tui::msg::{Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};

/// Every key name the table knows that a sentence could name: the named
/// keys, Ctrl chords, and single characters (the pit rows and digits are
/// families, named as such).
fn key_names() -> Vec<String> {
    let mut names: Vec<String> = Context::ALL
        .iter()
        .flat_map(|&context| keys::of(context))
        .flat_map(|binding| binding.keys.iter().map(|key| key.name()))
        .filter(|name| !name.contains(' ') && name != "letters" && name != "1-9" && name != "0-9")
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The keys a sentence names: a key name standing as a word before what it
/// does ("F5 to change", "u brings it back", "+ faster"), or after "press".
fn named_keys(sentence: &str, names: &[String]) -> Vec<String> {
    const DOING: [&str; 12] = [
        " to ", " faster", " slower", " plays", " brings", " saves", " watches", " in the",
        " turns", " clears", " filters", " starts",
    ];
    let mut found = Vec::new();
    for name in names {
        let mut from = 0;
        while let Some(at) = sentence[from..].find(name.as_str()) {
            let at = from + at;
            from = at + name.len();
            let before = sentence[..at].chars().next_back();
            let alone = before.is_none_or(|c| c == ' ' || c == '(' || c == ',');
            let rest = &sentence[at + name.len()..];
            let doing = DOING.iter().any(|d| rest.starts_with(d));
            let pressed = sentence[..at].ends_with("press ");
            if alone && (doing || pressed) {
                found.push(name.clone());
            }
        }
    }
    found
}

/// What the screen says in sentences now: the match's notice, the message
/// line, the banner.
fn sentences(ui: &Runner) -> Vec<String> {
    let mut said = Vec::new();
    if let mancala::tui::app::Screen::Game(game) = &ui.app.screen
        && let Some(notice) = &game.notice
    {
        said.push(notice.text.clone());
    }
    said.extend(ui.app.message.iter().map(|n| n.text.clone()));
    said.extend(ui.app.banner.iter().cloned());
    said
}

/// Fails when a sentence on screen names a key the screen does not bind;
/// gives how many keys were named.
fn check(ui: &Runner, names: &[String], step: &str) -> usize {
    let contexts = keys::contexts(&ui.app);
    let mut count = 0;
    for sentence in sentences(ui) {
        for name in named_keys(&sentence, names) {
            count += 1;
            let bound = contexts
                .iter()
                .any(|&context| keys::of(context).any(|b| b.keys.iter().any(|k| k.name() == name)));
            assert!(
                bound,
                "{step}: {sentence:?} names {name}, which does nothing in {contexts:?}"
            );
        }
    }
    count
}

#[test]
fn the_reader_finds_the_keys_a_sentence_names() {
    let names = key_names();
    let found = named_keys("Animation off: moves appear at once (F5 to change)", &names);
    assert_eq!(found, ["F5"]);
    assert_eq!(
        named_keys("Speed: 45 ms a seed (+ faster, - slower)", &names),
        ["+", "-"]
    );
    assert!(named_keys("a draw, 24-24", &names).is_empty());
}

#[test]
fn every_key_a_screen_names_is_bound_there() {
    let names = key_names();
    let dir = tempfile::tempdir().unwrap();
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find("kalaha").unwrap().rules.clone();
    let start = Start::Game {
        rules,
        names: ["Ann".into(), "Bo".into()],
        computer: [None, None],
        first: Some(Side::South),
        round_limit: None,
        swap_rule: None,
    };
    let options = Options {
        library: Some(Library::at(&dir.path().join("mancala"))),
        ..Options::in_memory(start, 30)
    };
    let mut ui = Runner::new(&catalog, options, 5);
    ui.send(Msg::Resize {
        width: 100,
        height: 30,
    });
    // A match: settings, a move, undo and redo, a refused key, a copy.
    let steps: Vec<(&str, Msg)> = vec![
        ("speed up", Msg::Faster),
        ("slow down", Msg::Slower),
        ("animation", Msg::ToggleMotion),
        ("animation again", Msg::ToggleMotion),
        ("look", Msg::NextLook),
        ("a move", Msg::Input(Input::Digit(3))),
        ("undo", Msg::Undo),
        ("redo", Msg::Redo),
        ("nothing to redo", Msg::Redo),
        (
            "North's key on South's turn",
            Msg::Input(Input::RowKey('q')),
        ),
        ("a hint", Msg::Hint),
        ("to the menu", Msg::Back),
        // The library: delete and bring back.
        ("the list", Msg::Input(Input::Digit(2))),
        ("delete", Msg::Delete),
        ("yes", Msg::Yes),
        ("bring back", Msg::UndoDelete),
        ("nothing to bring back", Msg::UndoDelete),
        ("continue a match in play", Msg::ContinueMatch),
        // The viewer.
        ("watch", Msg::Confirm),
        ("faster", Msg::Faster),
        ("animation", Msg::ToggleMotion),
        ("a round that is not there", Msg::Input(Input::Digit(9))),
        ("back", Msg::Back),
        ("to the menu", Msg::Back),
        // The rule sets.
        ("the rule sets", Msg::Input(Input::Digit(1))),
        ("read again", Msg::ReloadRules),
    ];
    let mut keys_seen = 0;
    for (step, msg) in steps {
        ui.send(msg);
        keys_seen += check(&ui, &names, step);
    }
    // The walk met the sentences that name keys (speed, animation, undo,
    // delete, the viewer's pace): it checked something.
    assert!(keys_seen >= 8, "only {keys_seen} keys named on the way");
}

//! The match library at size: 1,000 matches of 50 to 600 moves. How long the
//! list takes to read (in the game, and as `mancala saves`), and one move's
//! write with its flush to disk. Targets: the list under 0.3 s, a write
//! under 5 ms. And one match of 1,000, 10,000 and 100,000 moves loaded and
//! told move by move (`replay --print`): the time should grow with the moves,
//! ten times the moves taking about ten times as long.

use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use mancala::catalog::Catalog;
use mancala::engine::{Rules, Side, Status};
use mancala::session::Session;
use mancala::storage::atomic::write_new;
use mancala::storage::{Library, MatchId, MatchMeta, MatchWriter, load, to_toml};

/// A match of `rules` played with pseudo-random legal moves until it has
/// `moves` moves or is over.
fn random_match(rules: &Arc<Rules>, moves: usize, seed: &mut u64) -> Session {
    let mut session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
    let mut played = 0;
    while played < moves {
        match session.position().status() {
            Status::MatchOver { .. } => break,
            Status::RoundOver { .. } => {
                if session.next_round().is_err() {
                    break;
                }
            }
            Status::Ongoing => {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let legal = session.position().legal_moves(session.rules());
                let pit = legal[usize::try_from(*seed % legal.len() as u64).unwrap_or(0)];
                session.play(pit).expect("legal");
                played += 1;
            }
        }
    }
    session
}

/// Fills `root` with 1,000 matches; returns how many moves they hold.
fn fill(root: &Path, catalog: &Catalog) -> usize {
    let library = Library::at(root);
    let variants: Vec<Arc<Rules>> = ["raja-pasu", "sat-gharva", "kalaha"]
        .iter()
        .map(|id| catalog.find(id).expect("built-in").rules.clone())
        .collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut total = 0;
    for i in 0..1000 {
        let rules = &variants[i % variants.len()];
        let session = random_match(rules, 50 + (i * 97) % 551, &mut seed);
        total += session
            .round_moves()
            .iter()
            .map(|r| r.moves.len())
            .sum::<usize>();
        let id = MatchId::new();
        let mut meta = MatchMeta::new(id.clone());
        meta.saved_at = 1_795_000_000 + i as u64;
        write_new(&library.path_of(&id), &to_toml(&session, &meta)).expect("written");
    }
    total
}

fn library_bench(c: &mut Criterion) {
    let catalog = Catalog::with_user_dir(None);
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path().join("mancala");
    let moves = fill(&root, &catalog);
    let library = Library::at(&root);
    assert_eq!(library.list().len(), 1000);
    eprintln!("1,000 matches, {moves} moves in all");

    let mut group = c.benchmark_group("library");
    group.sample_size(20);
    group.bench_function("list 1,000 matches", |b| b.iter(|| library.list()));
    group.bench_function("mancala saves --json, 1,000 matches", |b| {
        b.iter(|| {
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
                .args(["saves", "--json"])
                .env("XDG_DATA_HOME", dir.path())
                .output()
                .expect("ran");
            assert!(output.status.success());
        });
    });
    group.finish();

    // One move of a long match written, flushed and renamed into place.
    let rules = catalog.find("sat-gharva").expect("built-in").rules.clone();
    let mut seed = 7;
    let session = random_match(&rules, 600, &mut seed);
    let mut writer = MatchWriter::new_match(&library, None);
    c.bench_function("write one move of a 600-move match (with fsync)", |b| {
        b.iter(|| writer.write(&session).expect("written"));
    });
}

/// A Sat-gharva match of exactly `moves` moves: random moves until a
/// position comes back (its rounds have no end by repetition), then that
/// cycle of moves played again and again.
fn endless_match(rules: &Arc<Rules>, moves: usize) -> Session {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    loop {
        let mut session = Session::new(rules.clone(), ["Ann".into(), "Bo".into()], Side::South);
        let mut first_seen = std::collections::HashMap::new();
        let mut line = Vec::new();
        while session.position().status() == Status::Ongoing && line.len() < 5_000 {
            if let Some(&from) = first_seen.get(session.position()) {
                let cycle: Vec<_> = line[from..].to_vec();
                for &played in cycle.iter().cycle().take(moves.saturating_sub(line.len())) {
                    session.play(played).expect("the cycle plays again");
                }
                session = session.truncated(moves);
                return session;
            }
            first_seen.insert(*session.position(), line.len());
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let legal = session.position().legal_moves(session.rules());
            let played = legal[usize::try_from(seed % legal.len() as u64).unwrap_or(0)];
            session.play(played).expect("legal");
            line.push(played);
        }
    }
}

fn long_match_bench(c: &mut Criterion) {
    let catalog = Catalog::with_user_dir(None);
    let rules = catalog.find("sat-gharva").expect("built-in").rules.clone();
    let dir = tempfile::tempdir().expect("a folder");
    let mut group = c.benchmark_group("one long match");
    group.sample_size(10);
    for moves in [1_000, 10_000, 100_000] {
        let session = endless_match(&rules, moves);
        assert_eq!(session.actions().len(), moves);
        let path = dir.path().join(format!("{moves}.toml"));
        let meta = MatchMeta::new(MatchId::new());
        write_new(&path, &to_toml(&session, &meta)).expect("written");
        group.bench_function(format!("load {moves} moves"), |b| {
            b.iter(|| load(&path, &catalog).expect("loads"));
        });
        group.bench_function(format!("tell {moves} moves"), |b| {
            b.iter(|| session.move_traces());
        });
    }
    group.finish();
}

criterion_group!(benches, library_bench, long_match_bench);
criterion_main!(benches);

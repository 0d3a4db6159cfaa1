//! Moves per second of the engine's fast path: perft on each built-in variant
//! (Oware's and the §7 games' with their repetition checks, Kiuthi's with its
//! relays sown a lap at a time, to set against Kalaha's), and the cost of one
//! move with every move played.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::catalog::Catalog;
use mancala::engine::{Pit, Position, Rules, Side, perft};

fn perft_bench(c: &mut Criterion) {
    let catalog = Catalog::with_user_dir(None);
    let mut group = c.benchmark_group("perft");
    for (id, depth) in [
        ("kalaha", 7),
        ("raja-pasu", 5),
        ("sat-gharva", 5),
        ("oware", 7),
        ("toguz-kumalak", 5),
        ("dakon", 5),
        ("ayoayo", 6),
        ("vai-lung-thlan", 6),
        ("kiuthi", 5),
    ] {
        let rules = &catalog.find(id).expect("built-in").rules;
        let start = Position::new(rules, Side::South);
        let moves = perft(rules, &start, depth).moves;
        // Throughput in moves found (the last ply's counted, not played), so
        // criterion reports moves per second.
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("{id} depth {depth}"), |b| {
            b.iter(|| perft(rules, std::hint::black_box(&start), depth));
        });
    }
    group.finish();
}

/// Every move to `depth` played, the last ply's too: what one move costs,
/// apart from perft's counting of the last ply.
fn walk(rules: &Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 0;
    }
    let mut moves = 0;
    position.for_each_child(rules, |child| moves += 1 + walk(rules, child, depth - 1));
    moves
}

fn move_bench(c: &mut Criterion) {
    let catalog = Catalog::with_user_dir(None);
    let mut group = c.benchmark_group("move");
    for (id, depth) in [
        ("kalaha", 7),
        ("oware", 7),
        ("toguz-kumalak", 5),
        ("kiuthi", 4),
    ] {
        let rules = &catalog.find(id).expect("built-in").rules;
        let start = Position::new(rules, Side::South);
        group.throughput(Throughput::Elements(walk(rules, &start, depth)));
        group.bench_function(format!("{id} depth {depth}"), |b| {
            b.iter(|| walk(rules, std::hint::black_box(&start), depth));
        });
    }
    group.finish();
}

fn traced_move_bench(c: &mut Criterion) {
    let catalog = Catalog::with_user_dir(None);
    let rules = &catalog.find("raja-pasu").expect("built-in").rules;
    let start = Position::new(rules, Side::South);
    c.bench_function("raja-pasu traced opening move", |b| {
        let mut trace = Vec::with_capacity(512);
        b.iter(|| {
            trace.clear();
            start.play_traced(rules, Pit::new(1), &mut trace)
        });
    });
}

criterion_group!(benches, perft_bench, move_bench, traced_move_bench);
criterion_main!(benches);

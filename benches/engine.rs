//! Moves per second of the engine's fast path: perft on each built-in variant
//! (Oware's and the §7 games' with their repetition checks, to set against
//! Kalaha's).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::catalog::Catalog;
use mancala::engine::{Pit, Position, Side, perft};

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
    ] {
        let rules = &catalog.find(id).expect("built-in").rules;
        let start = Position::new(rules, Side::South);
        let moves = perft(rules, &start, depth).moves;
        // Throughput in moves played, so criterion reports moves per second.
        group.throughput(Throughput::Elements(moves));
        group.bench_function(format!("{id} depth {depth}"), |b| {
            b.iter(|| perft(rules, std::hint::black_box(&start), depth));
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

criterion_group!(benches, perft_bench, traced_move_bench);
criterion_main!(benches);

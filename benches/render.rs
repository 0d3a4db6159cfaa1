//! Time to draw a frame of the largest board at 160x50 (target: under 1 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use mancala::catalog::{Catalog, load_file};
use mancala::engine::Side;
use mancala::tui::msg::Msg;
use mancala::tui::update::update;
use mancala::tui::view::render;
use mancala::tui::{Files, Options, Start, initial_app};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::sync::Arc;

fn render_bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules/valid/wide-16.toml");
    let rules = Arc::new(load_file(&path).expect("bench rule file"));
    let catalog = Catalog::with_user_dir(None);
    let start = Start::Game {
        rules,
        names: ["South".into(), "North".into()],
        computer: [None, None],
        first: Some(Side::South),
    };
    let mut app = initial_app(
        &catalog,
        Options {
            start,
            animation_ms: 70,
            files: Files::default(),
        },
        1,
    );
    app.size = (160, 50);
    // Mid-move, so the hand, the focus and a message are drawn too.
    update(&mut app, Msg::Digit(1));
    update(&mut app, Msg::Tick { ms: 70 * 5 });
    let mut terminal = Terminal::new(TestBackend::new(160, 50)).expect("test terminal");
    c.bench_function("draw 16-pit board at 160x50", |b| {
        b.iter(|| {
            terminal.draw(|frame| render(&app, frame)).expect("draw");
        });
    });
}

criterion_group!(benches, render_bench);
criterion_main!(benches);

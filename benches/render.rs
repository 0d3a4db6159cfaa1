//! Time to draw a frame of the largest board at 160x50 (target: under 1 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use mancala::catalog::{Catalog, load_file};
use mancala::engine::Side;
use mancala::tui::msg::{Input, Msg};
use mancala::tui::runner::Runner;
use mancala::tui::{Options, Start};
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
        round_limit: None,
        swap_rule: None,
    };
    let mut ui = Runner::new(&catalog, Options::in_memory(start, 70), 1);
    ui.app.size = (160, 50);
    // Mid-move, so the hand, the focus and a message are drawn too.
    ui.send(Msg::Input(Input::Digit(1)));
    ui.send(Msg::Tick { ms: 70 * 5 });
    let mut terminal = Terminal::new(TestBackend::new(160, 50)).expect("test terminal");
    c.bench_function("draw 16-pit board at 160x50", |b| {
        b.iter(|| {
            terminal.draw(|frame| ui.render(frame)).expect("draw");
        });
    });
}

criterion_group!(benches, render_bench);
criterion_main!(benches);

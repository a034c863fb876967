//! Perft throughput (nodes/s, bulk counting at the last ply) from the start positions of
//! courier, chess and shoshogi. `scripts/perft-speed.sh` runs the same depths as the issue
//! asks (courier d5, chess d6, shoshogi d5) beside Fairy-Stockfish and prints ratios; this
//! bench uses one ply less so that criterion's repeated samples stay short.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kirin::catalog::Catalog;
use kirin::perft::perft;
use kirin::position::Position;
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let cat = Catalog::embedded();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [("courier", 4u32), ("chess", 5), ("shoshogi", 4)] {
        let rules = cat.get(variant).expect("embedded variant");
        let mut pos = Position::startpos(rules);
        let nodes = perft(&mut pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{variant}-d{depth}"), |b| b.iter(|| perft(black_box(&mut pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);

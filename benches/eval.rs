//! Static evaluation throughput (`evaluate_hand`: the hand-written terms, the pawn facts
//! worked out afresh, no cache) over courier's start position and 15 positions of its
//! games against Fairy-Stockfish (every 1,500th of 100 games at 10 s + 0.1 s, 2026-12-07),
//! from the opening to bare endgames. A courier search spends about a fifth of its time in
//! these terms (a profile over such positions, docs/log/2026-12.md), and what a term costs
//! depends on the pieces and pawns around it, so it is timed over the positions of play.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kirin::catalog::Catalog;
use kirin::position::Position;
use kirin::search::eval::evaluate_hand;
use std::hint::black_box;

const COURIER_GAME_POSITIONS: [&str; 16] = [
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    "rnebmk1wbe1r/1ppp5pp1/4ppfppn2/p10p/P5P4P/5PF1EN2/1PPPP1KPPPP1/RN1BM2WBE1R b - - 0 6",
    "10r1/8p3/ek1p4m1P1/p2P1p2p3/1p3F3n2/1P1MP4P2/1K3P6/2E2B5R w - - 7 65",
    "5kr5/1r2nnbw4/e3f4pp1/p2m2BB3p/P1p2MNN3P/2P4P2PE/1P1R3K1P2/7W4 w - - 11 49",
    "7b4/12/12/5E2F1F1/2K9/3B8/ff1kNF6/5W6 w - - 16 166",
    "12/8k3/6feep2/5w1W4/1N6P3/2MK8/9R2/7r4 w - - 10 90",
    "9e2/k1rNR5p1/2r9/1R7E1p/P10P/2P1n2W2P1/1P10/1K10 b - - 0 63",
    "9r2/2p7n1/4r3wb2/p10p/P2km1R2B1P/1P8PR/1K4B5/7W4 w - - 0 75",
    "r3m2wb2r/1p1n2k1p1p1/ebp1ppfe1p2/p2p2pp3p/P2PP1PP2nP/E1NMFP1EPN2/1PP6PP1/R2B1K1WB2R b - - 1 16",
    "9b2/12/12/5K1B2r1/2e1W3M3/2kb8/p1p7pp/12 b - - 15 133",
    "6wk4/6bp4/1ppm4p1b1/p9P1/P1e4PP1P1/2N2R1BM3/1P1r1F6/K1E2W4f1 b - - 3 61",
    "r5kwb1nr/1p5pppp1/2p1m1fee3/p2np1E4p/P10P/2P2BFE1PPN/1P2M1KPPB2/3R3W3R b - - 7 23",
    "5n3r2/5r2kp2/1p2m3e3/p1p4n1E1p/P3BP5P/1PP3F3R1/3R1M1P4/2E3KW4 b - - 4 52",
    "12/12/4e7/8K3/5f6/5kn5/p6F4/12 w - - 13 187",
    "6e1R3/1p4k3p1/3b2Ne4/p4m2N2p/P10P/1P2EM6/10r1/4BK1n4 w - - 3 54",
    "6R1we2/2kb4rp2/1p5p1p2/p2p1P1P1P1p/P1e1p6P/E1P1P2E2P1/1K5W1F2/3B8 b - - 72 99",
];

fn bench_eval(c: &mut Criterion) {
    let cat = Catalog::embedded();
    let rules = cat.get("courier").expect("embedded variant");
    let positions: Vec<Position> = COURIER_GAME_POSITIONS
        .iter()
        .map(|fen| Position::from_fen(rules.clone(), fen).expect("a courier game position"))
        .collect();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("courier-games", |b| {
        b.iter(|| positions.iter().map(|p| evaluate_hand(black_box(p))).sum::<i32>())
    });
    group.finish();
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);

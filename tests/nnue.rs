//! The `nnue` key of variants.ini and the evaluation networks behind it (src/nnue/).

use kirin::catalog::Catalog;
use kirin::nnue::{Features, Network, format, train};
use kirin::position::Position;
use kirin::search::eval;
use std::path::PathBuf;

/// A file of this test run's own for `net`, named `name`.
fn net_file(name: &str, net: &Network) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kirin-nnue-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format::write(net)).unwrap();
    path
}

const FENS: [&str; 3] = [
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
    "1r3bkw3r/2pm1p1b1pp1/epn1p2p1nfe/pN5P2Np/P4PP4P/2PPMBBEpPP1/1P2RF2P3/1K5W3R w - - 1 31",
    "12/7wp3/3e4p1p1/8P2p/3K2k2P1P/8B1P1/9F1r/12 b - - 2 106",
];

#[test]
fn a_correction_network_adds_its_output_to_the_hand_written_evaluation() {
    let courier = Catalog::embedded().get("courier").unwrap();
    // Output weights of zero: the correction is its bias alone, 0.25 units = 100 cp.
    let mut net = train::initial(&courier, 16, 3, true);
    net.b2 = 0.25;
    let path = net_file("correction.nnue", &net);
    let user = format!(
        "[handcourier:courier]\nnnue = none\n[nncourier:courier]\nnnue = {}\neval.network = 100\n",
        path.display()
    );
    let cat = Catalog::embedded_with(&user);
    assert!(cat.errors.is_empty(), "{:?}", cat.errors);
    let courier = cat.get("handcourier").unwrap();
    let with_net = cat.get("nncourier").unwrap();
    for fen in FENS {
        let plain = Position::from_fen(courier.clone(), fen).unwrap();
        let corrected = Position::from_fen(with_net.clone(), fen).unwrap();
        assert_eq!(eval::evaluate(&plain), eval::evaluate_hand(&corrected), "{fen}");
        // The move-rule scaling shrinks the 100 cp by the counter (at most 106/400 here).
        let diff = eval::evaluate(&corrected) - eval::evaluate(&plain);
        assert!((70..=101).contains(&diff), "{fen}: {diff}");
    }
    // At a share of 44 (courier's own setting) it adds 44 cp at the start.
    let mut half = cat.get("handcourier").unwrap().variant.clone();
    half.nnue = with_net.variant.nnue.clone();
    let half = kirin::position::Rules::new(half).unwrap();
    assert_eq!(half.values.weights.0[kirin::search::eval_weights::Weight::Network as usize], 44);
    let start = |r| Position::from_fen(r, FENS[0]).unwrap();
    assert_eq!(eval::evaluate(&start(half)) - eval::evaluate(&start(courier)), 44);
}

#[test]
fn a_whole_network_replaces_the_evaluation() {
    let courier = Catalog::embedded().get("courier").unwrap();
    let net = train::initial(&courier, 16, 5, false);
    let path = net_file("whole.nnue", &net);
    let cat = Catalog::embedded_with(&format!("[nncourier:courier]\nnnue = {}\n", path.display()));
    let with_net = cat.get("nncourier").unwrap();
    for fen in FENS {
        let pos = Position::from_fen(with_net.clone(), fen).unwrap();
        assert_eq!(eval::evaluate_keyed(&pos), net.evaluate(&pos), "{fen}");
    }
    // Seen from either side, the same position with colours and ranks swapped scores the
    // same for the side to move.
    let a = Position::from_fen(with_net.clone(), "6k5/12/12/12/12/12/4R7/5K6 w - - 0 1").unwrap();
    let b = Position::from_fen(with_net.clone(), "5k6/4r7/12/12/12/12/12/6K5 b - - 0 1").unwrap();
    assert_eq!(net.evaluate(&a), net.evaluate(&b));
}

#[test]
fn bad_networks_are_refused_with_the_reason() {
    let chess = Catalog::embedded().get("chess").unwrap();
    let path = net_file("chess.nnue", &train::initial(&chess, 8, 1, true));
    let cat = Catalog::embedded_with(&format!("[nncourier:courier]\nnnue = {}\n", path.display()));
    assert!(cat.get("nncourier").is_none());
    assert!(cat.errors.iter().any(|e| e.contains("nnue:") && e.contains("was trained for")), "{:?}", cat.errors);
    let cat = Catalog::embedded_with("[nncourier:courier]\nnnue = no-such-file.nnue\n");
    assert!(cat.errors.iter().any(|e| e.contains("user.ini:2") && e.contains("cannot read")), "{:?}", cat.errors);
    let broken = path.with_file_name("broken.nnue");
    std::fs::write(&broken, b"KIRINNET\x01\x00").unwrap();
    let cat = Catalog::embedded_with(&format!("[nnchess:chess]\nnnue = {}\n", broken.display()));
    assert!(cat.errors.iter().any(|e| e.contains("ends early")), "{:?}", cat.errors);
    // A device or a directory is no network (and is not read forever).
    for name in ["/dev/zero", "/"] {
        let cat = Catalog::embedded_with(&format!("[nnchess:chess]\nnnue = {name}\n"));
        assert!(cat.errors.iter().any(|e| e.contains("not a file") || e.contains("cannot read")), "{:?}", cat.errors);
    }
    let cat = Catalog::embedded_with("[nnchess:chess]\nnnue = none\n");
    assert!(cat.errors.is_empty() && cat.get("nnchess").unwrap().variant.nnue.is_none());
}

#[test]
fn each_perspective_reads_the_inputs_of_its_royals_king_zone() {
    let courier = Catalog::embedded().get("courier").unwrap();
    let f = Features::try_zoned(&courier.variant, (3, 2)).unwrap();
    let zones = |fen: &str| {
        let pos = Position::from_fen(courier.clone(), fen).unwrap();
        (f.zone(&pos, kirin::square::Color::White), f.zone(&pos, kirin::square::Color::Black))
    };
    // Files a-d, e-h, i-l; the back rank, then all beyond. Black counts from rank 8.
    assert_eq!(zones(FENS[0]), (2, 2)); // Kf1 and Kf8: the middle third, the back rank
    assert_eq!(zones(FENS[1]), (0, 2)); // Kb1 (first third), Kg8
    assert_eq!(zones(FENS[2]), (1, 3)); // Kd4 (first third, beyond), Kg4 (middle, beyond)
    assert_eq!(f.inputs(), 6 * Features::of(&courier.variant).inputs());
    assert!(Features::try_zoned(&courier.variant, (13, 1)).unwrap_err().contains("king zones"));
    assert!(Features::try_zoned(&courier.variant, (4, 3)).is_ok());
    let chu = Catalog::embedded().get("chushogi").unwrap();
    assert!(Features::try_zoned(&chu.variant, (12, 12)).unwrap_err().contains("inputs"));
}

#[test]
fn sums_kept_from_square_to_square_equal_sums_made_afresh() {
    // The search's accumulators follow the board, whatever the rules moved: castling,
    // two-leg captures, drops from the pool, line shifts. Along random games (with
    // take-backs, as a search walks its tree) they must give what summing afresh gives.
    let catalog = Catalog::embedded();
    // Networks with king zones too: a royal that crosses into another zone changes all
    // of its perspective's inputs.
    for (name, zones) in [
        ("courier", (1, 1)),
        ("chess", (1, 1)),
        ("chushogi", (1, 1)),
        ("shortsliders", (1, 1)),
        ("slidechess", (1, 1)),
        ("tamerlane", (1, 1)),
        ("courier", (3, 2)),
        ("chess", (4, 3)),
        ("chushogi", (2, 2)),
        ("tamerlane", (3, 3)),
    ] {
        let rules = catalog.get(name).unwrap();
        let features = Features::try_zoned(&rules.variant, zones).unwrap();
        let net = train::initial_with(&rules, features, 24, 9, false);
        let mut cache = kirin::nnue::Accumulators::default();
        let mut pos = Position::startpos(rules.clone());
        let mut seed = 12345u64;
        for ply in 0..120 {
            assert_eq!(net.evaluate_with(&pos, &mut cache), net.evaluate(&pos), "{name} ply {ply}: {}", pos.fen());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos.make_move(moves[(seed >> 33) as usize % moves.len()]);
            if ply % 7 == 6 {
                pos.unmake_move();
            }
        }
    }
}

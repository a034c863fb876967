//! FEN reading/writing, typed FEN errors, make/unmake and Zobrist consistency.

mod common;

use common::Lcg;
use kirin::catalog::Catalog;
use kirin::position::{FenError, Position};

fn cat() -> Catalog {
    let c = Catalog::embedded();
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    c
}

#[test]
fn start_fens_round_trip() {
    let c = cat();
    for r in &c.rules {
        let pos = Position::startpos(r.clone());
        let fen = pos.fen();
        let again = Position::from_fen(r.clone(), &fen).unwrap();
        assert_eq!(again.fen(), fen, "{}", r.variant.name);
        assert_eq!(again.key(), pos.key(), "{}", r.variant.name);
    }
    // Fairy-Stockfish writes every FEN with six fields; the shogi tail "w 0 1" is read too.
    let sho = c.get("shoshogi").unwrap();
    assert_eq!(
        Position::startpos(sho).fen(),
        "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w - - 0 1"
    );
}

#[test]
fn lenient_about_missing_fields() {
    let c = cat();
    let chess = c.get("chess").unwrap();
    let p = Position::from_fen(chess.clone(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
    let p = Position::from_fen(chess.clone(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq").unwrap();
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    let p = Position::from_fen(chess, "4k3/8/8/8/8/8/8/4K3 w - - 12").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 12 1");
}

#[test]
fn large_boards_and_promoted_pieces() {
    let c = cat();
    let verney = c.get("verney").unwrap();
    let fen = "r10k/12/12/12/12/12/12/12/12/12/P11/K11 w - - 0 1";
    assert_eq!(Position::from_fen(verney.clone(), fen).unwrap().fen(), fen);
    let sho = c.get("shoshogi").unwrap();
    let fen = "lnsgkgsnl/1r2+e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2+E2R1/LNSGKGSNL w - - 0 1";
    let p = Position::from_fen(sho.clone(), fen).unwrap();
    assert_eq!(p.fen(), fen);
    // Two royals each (King + Crown Prince).
    assert_eq!(p.royal_count(kirin::square::Color::White), 2);
    let fen = "4k4/9/9/9/9/9/9/9/+P3K4 b - - 3 7";
    assert_eq!(Position::from_fen(sho, fen).unwrap().fen(), fen);
}

#[test]
fn bad_fens_give_typed_errors() {
    let c = cat();
    let chess = c.get("chess").unwrap();
    let err = |f: &str| Position::from_fen(chess.clone(), f).unwrap_err();
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("8/8/8"), FenError::RankCount { found: 3, expected: 8 });
    assert_eq!(err("9/8/8/8/8/8/8/8 w - - 0 1"), FenError::RankWidth { rank: 8, found: 9, expected: 8 });
    assert_eq!(err("7/8/8/8/8/8/8/8 w - - 0 1"), FenError::RankWidth { rank: 8, found: 7, expected: 8 });
    assert_eq!(err("x7/8/8/8/8/8/8/8 w - - 0 1"), FenError::UnknownPiece { token: "x".into() });
    assert_eq!(err("+P7/8/8/8/8/8/8/8 w - - 0 1"), FenError::UnknownPiece { token: "+P".into() });
    assert_eq!(err("8/8/8/8/8/8/8/8 x - - 0 1"), FenError::SideToMove("x".into()));
    assert_eq!(err("8/8/8/8/8/8/8/8 w KX - 0 1"), FenError::Castling("KX".into()));
    assert_eq!(err("8/8/8/8/8/8/8/8 w - z9 0 1"), FenError::EnPassant("z9".into()));
    assert!(matches!(err("8/8/8/8/8/8/8/8 w - - x 1"), FenError::Number { .. }));
    assert!(matches!(err("8/8/8/8/8/8/8/8 w - - 0 x"), FenError::Number { .. }));
    assert_eq!(err("8/8/8/8/8/8/8/8[Q] w - - 0 1"), FenError::Holdings);
    // Huge digit runs do not overflow.
    assert!(Position::from_fen(chess.clone(), "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1").is_err());
    // Every message is one line naming the problem.
    assert_eq!(err("x7/8/8/8/8/8/8/8").to_string(), "unknown piece 'x' in FEN");
}

#[test]
fn en_passant_field_round_trips_only_when_capturable() {
    let c = cat();
    let chess = c.get("chess").unwrap();
    // After 1.e4 no black pawn can capture on e3: the field is '-' (X-FEN, as Fairy-Stockfish).
    let mut p = Position::startpos(chess.clone());
    let m = p.parse_move("e2e4").unwrap();
    p.make_move(m);
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    let p = Position::from_fen(chess, fen).unwrap();
    assert_eq!(p.fen(), fen);
}

/// Only the piece at an end of the royal's rank castles, so the castling field names only
/// those ends, and only when a castling partner stands there. Found by the `fen` fuzz target:
/// a right on a rook inside the rank (`O` on o2) printed as `Q` (for the unmoved pawn on a2),
/// and `Q` read back as nothing.
#[test]
fn castling_field_names_only_partners_at_the_ends() {
    let c = cat();
    let bat = c.get("missingbat").unwrap();
    let board = "rztgcnbqkbncgtzr/prppppoddypppppp/mlwfeeppppeefwlm/16/16/16/16/16/16/\
                 MLWfEEPPPPEEFWLM/PPPGCNzqKBNCZTRG/RZTGCNzqOBNCZTRG";
    for field in ["O", "Q", "K", "P", "A", "KQ"] {
        let p = Position::from_fen(bat.clone(), &format!("{board} w {field} - 0 1")).unwrap();
        assert_eq!(p.fen(), format!("{board} w - - 0 1"), "castling field {field}");
    }
    // File letters for the ends read as K and Q (Shredder-FEN); on 16 files `P` is the h-side.
    let start = "rztgcnbqkbncgtzr/ppppppoddypppppp/mlwfeeppppeefwlm/16/16/16/16/16/16/\
                 MLWFEEPPPPEEFWLM/PPPPPPODDYPPPPPP/RZTGCNBQKBNCGTZR";
    let p = Position::from_fen(bat.clone(), &format!("{start} w PAq - 0 1")).unwrap();
    assert_eq!(p.fen(), format!("{start} w KQq - 0 1"));
    let p = Position::from_fen(bat, &format!("{start} w DK - 0 1")).unwrap();
    assert_eq!(p.fen(), format!("{start} w K - 0 1"));
}

/// Random playouts in every variant: the incremental key equals the recomputed key after
/// every move, and unmaking everything restores the FEN and key exactly.
#[test]
fn make_unmake_and_zobrist_are_consistent() {
    let c = cat();
    let mut rng = Lcg(12345);
    for r in &c.rules {
        for game in 0..20 {
            let mut pos = Position::startpos(r.clone());
            let start_fen = pos.fen();
            let start_key = pos.key();
            let mut played = 0;
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.next(moves.len())];
                let before = pos.fen();
                pos.make_move(m);
                assert_eq!(pos.key(), pos.compute_key(), "{} game {game}: key drift after {}", r.variant.name, before);
                // FEN of the new position reads back to the same key.
                let again = Position::from_fen(r.clone(), &pos.fen())
                    .unwrap_or_else(|e| panic!("{}: {} does not read back: {e}", r.variant.name, pos.fen()));
                assert_eq!(again.fen(), pos.fen(), "{}", r.variant.name);
                played += 1;
            }
            for _ in 0..played {
                pos.unmake_move();
            }
            assert_eq!(pos.fen(), start_fen);
            assert_eq!(pos.key(), start_key);
        }
    }
}

#[test]
fn repetition_counter() {
    let c = cat();
    let mut pos = Position::startpos(c.get("chess").unwrap());
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
        let m = pos.parse_move(mv).unwrap();
        pos.make_move(m);
    }
    assert_eq!(pos.repetitions(), 2);
}

/// The game's ply, which the time plan by ply reads, counts the FEN's move number and side
/// to move as well as the moves made: Black to move at move 10 is ply 19.
#[test]
fn the_game_ply_counts_the_fen_move_number() {
    let chess = cat().get("chess").unwrap();
    let mut pos =
        Position::from_fen(chess.clone(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 10").unwrap();
    assert_eq!(pos.plies_of_game(), 19);
    let m = pos.parse_move("g8f6").unwrap();
    pos.make_move(m);
    assert_eq!(pos.plies_of_game(), 20);
    assert_eq!(Position::startpos(chess).plies_of_game(), 0);
}

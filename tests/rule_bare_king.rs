//! Tests of the `bare_king` rule module (src/rules/bare_king.rs): a side left with its
//! royals alone (ini `bareKing`, `bareKingCounter`, `bareKingStrict`, `bareKingIgnore`).
//!
//! The tests are written per variant that uses the rule, one module per variant (`courier`,
//! `chushogi`, `shortsliders`), each test citing the section of its variant's rules page
//! that it checks. A new variant that uses the rule adds a module with its own cases here
//! (its shared setups go in tests/common/).

mod common;

/// Courier (docs/rules/chess-family.md §1.6 and §4.5, as Fairy-Stockfish): `bareKing` with
/// `bareKingCounter`.
mod courier {
    use crate::common::{moves, play, pos_in};
    use kirin::game_end;
    use kirin::square::Color;

    /// §4.5 and §1.6 (Fairy-Stockfish): a bare king loses, but the bared side may bare
    /// the opponent back at once; stalemate loses.
    #[test]
    fn courier_bare_king_and_stalemate() {
        // Black bared with White having two pieces besides the king: over at once.
        let mut p = pos_in("courier", "k11/12/12/12/12/12/12/R2R2K5 b - - 0 1");
        assert!(moves(&mut p).is_empty());
        let r = game_end::terminal(&mut p).unwrap();
        assert_eq!((r.winner, r.reason), (Some(Color::White), "bare king"));
        // White has one piece: Black may still move (and could capture it to draw).
        let mut p = pos_in("courier", "k11/1R10/12/12/12/12/12/6K5 b - - 0 1");
        assert!(moves(&mut p).contains(&"a8b7".to_string()));
        play(&mut p, "a8b7");
        assert!(game_end::terminal(&mut p).is_none(), "both bare: play on");
        // If Black does not bare White back, White wins on its turn.
        let mut p = pos_in("courier", "k11/2R9/12/12/12/12/12/6K5 b - - 0 1");
        play(&mut p, "a8b8");
        let r = game_end::terminal(&mut p).unwrap();
        assert_eq!((r.winner, r.reason), (Some(Color::White), "bare king"));
        // Stalemate loses for the stalemated side (only pieces that cannot move).
        let mut p = pos_in("courier", "k11/12/K11/p11/P11/12/12/1R10 b - - 0 1");
        let r = game_end::terminal(&mut p).unwrap();
        assert_eq!((r.winner, r.reason), (Some(Color::White), "stalemate"));
    }
}

/// Chu Shogi (docs/rules/shogi.md §3.8; conventions in tests/common/chushogi.rs):
/// `bareKingStrict`, as lishogi.
mod chushogi {
    use crate::common::chushogi::pos;
    use kirin::game_end;
    use kirin::square::Color;

    /// §3.8 (`bareKingStrict = true`): a side left with only its royal loses when
    /// the opponent has its royal plus two pieces other than Pawn / Go-Between / dead Lance and
    /// is not in check.
    #[test]
    fn bare_king_loses() {
        let mut p = pos(&[("a1", "K"), ("c3", "G"), ("d3", "S"), ("l12", "k")], 'b');
        let r = game_end::terminal(&mut p);
        assert_eq!(r.map(|r| r.winner), Some(Some(Color::White)), "§3.8: Black is bared");
        // Pawns and Go-Betweens of the baring side do not count (§3.8).
        let mut p = pos(&[("a1", "K"), ("c3", "P"), ("d3", "I"), ("e3", "P"), ("l12", "k")], 'b');
        assert!(game_end::terminal(&mut p).is_none(), "§3.8");
    }

    /// §3.8: K vs K (only dead pawns/lances otherwise) is a draw.
    #[test]
    fn bare_king_k_vs_k_draw() {
        let mut p = pos(&[("a1", "K"), ("l12", "k"), ("c12", "P")], 'b');
        let r = game_end::terminal(&mut p);
        assert_eq!(r.map(|r| r.winner), Some(None), "§3.8: K vs K is a draw");
    }
}

/// Short Sliders (docs/rules/short-sliders.md §6; conventions in
/// tests/common/shortsliders.rs): the end of the game.
mod shortsliders {
    use crate::common::shortsliders::{fen, pos};
    use crate::common::{moves_from, play};

    /// §6: a bare King loses; stalemate is a draw.
    #[test]
    fn bare_king_loses_and_stalemate_draws() {
        // Black's last man (a Knight on f9) is taken: Black has a bare King and has lost.
        let mut p = pos(&fen(&[("a1", "K"), ("l16", "k"), ("f8", "R"), ("f9", "n")], 'w', "-"));
        play(&mut p, "f8f9w");
        let f = kirin::engine::game_over(&p).expect("bare king");
        assert_eq!(f.result, "1-0", "{}", f.comment);
        // Stalemate: Black King a16 with a Pawn a15 blocked by a White Pawn a14; the White Queen
        // on b13 covers b15 and b16 but not a16: the King has no square, the Pawn no move.
        let mut p = pos(&fen(&[("l1", "K"), ("a16", "k"), ("a15", "p"), ("a14", "P"), ("b13", "Q")], 'b', "-"));
        assert!(!p.in_check());
        assert!(p.legal_moves().is_empty(), "{:?}", moves_from(&mut p, "a16"));
        let f = kirin::engine::game_over(&p).expect("stalemate");
        assert_eq!(f.result, "1/2-1/2", "{}", f.comment);
    }
}

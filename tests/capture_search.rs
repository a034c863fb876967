//! The capture search's settings: quiet checks in its first ply (`qsChecks`), its width
//! (`qsMoves`, `qsRecaptures`), and a variant's own values of them (`search.NAME` in
//! variants.ini), which the `Search Params` option overrides.

mod common;

use common::{pos_in, search_to_depth};
use kirin::catalog::Catalog;
use kirin::search::params::{Param, SearchParams};

/// The best move of a `depth`-ply search of `fen` with the `Search Params` value `params`.
fn best(variant: &str, fen: &str, depth: i32, params: &str) -> String {
    let out = search_to_depth(variant, fen, depth, params);
    pos_in(variant, fen).move_to_uci(out.best.expect("a move"))
}

/// White's Rook can take the Knight on d7, after which Black mates on the back rank with a
/// quiet move. A one-ply search ends in the capture search of Black's reply: without
/// quiet checks it sees only captures there and takes the Knight; with them it sees the
/// mate (Re1+, no evasion) and does not.
#[test]
fn a_quiet_mate_past_the_horizon_is_seen_with_checks() {
    let fen = "4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    assert_eq!(best("chess", fen, 1, "qsChecks=0"), "d1d7", "blind to the mate, it takes");
    assert_ne!(best("chess", fen, 1, "qsChecks=1"), "d1d7", "it sees the mate");
}

/// The quiet checks the capture search tries are found by `check_squares` and
/// `may_check_directly`: every legal quiet move that checks (discovered checks aside) is
/// among them, in a position with leaps, slides and a Courier's long diagonal.
#[test]
fn the_check_filter_keeps_every_direct_check() {
    let mut p = pos_in("courier", "5k6/10pp/12/2N9/12/12/12/RK8B1 w - - 0 1");
    let us = p.side_to_move();
    let royal = p.protected_royal(!us).unwrap();
    let squares = p.check_squares(us, royal);
    let mut quiet = Vec::new();
    p.generate_legal_quiets_to(&mut quiet, kirin::bitboard::Bitboard::FULL);
    let mut checks = 0;
    for m in quiet {
        p.make_move(m);
        let check = p.in_check();
        p.unmake_move();
        if check {
            checks += 1;
            assert!(squares.contains(m.to), "{} checks from outside the check squares", p.move_to_uci(m));
            assert!(p.may_check_directly(m, royal), "{} checks and the filter says not", p.move_to_uci(m));
        }
    }
    assert_eq!(checks, 5, "Knight (d7, e6), Rook (a8) and Courier (l2, e7) check ({checks} found)");
}

/// Chu Shogi keeps the narrow capture search it was written for (variants.ini), the
/// other games search every capture; a `Search Params` value overrides the variant's.
#[test]
fn a_variant_sets_its_own_search_values() {
    let c = Catalog::embedded();
    let chu = c.get("chushogi").unwrap();
    let chess = c.get("chess").unwrap();
    let narrow = SearchParams::default().for_variant(&chu.variant.search_params);
    let full = SearchParams::default().for_variant(&chess.variant.search_params);
    assert!(narrow[Param::QsMoves] < full[Param::QsMoves]);
    let named = SearchParams::parse("qsMoves=7").unwrap().for_variant(&chu.variant.search_params);
    assert_eq!(named[Param::QsMoves], 7, "the option wins over the variant's value");
    assert_eq!(c.get("chu").unwrap().variant.search_params, chu.variant.search_params, "inherited");
}

/// A bad `search.` line is an error that names the key and what is wrong.
#[test]
fn a_bad_search_line_is_reported() {
    let user = "[x:chess]\nsearch.qsMovez = 4\n[y:chess]\nsearch.qsMoves = many\n[z:chess]\nsearch.qsMoves = -1\n";
    let c = Catalog::embedded_with(user);
    let text = c.errors.join("\n");
    assert!(text.contains("search.qsMovez: no such search parameter"), "{text}");
    assert!(text.contains("search.qsMoves must be a whole number"), "{text}");
    assert!(text.contains("search.qsMoves: -1 is outside"), "{text}");
}

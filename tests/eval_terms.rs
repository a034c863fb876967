//! The evaluation's terms as `kirin show` prints them: they add up to the evaluation, and
//! the king-danger and trapped-piece terms answer the positions they were written for.

mod common;

use common::{Lcg, pos_in, pos_with};
use kirin::catalog::Catalog;
use kirin::position::Position;
use kirin::search::eval;
use kirin::search::eval_weights::{EvalWeights, Weight};
use kirin::square::Color;

/// One term of the trace (White's point of view, middlegame part).
fn term(p: &Position, name: &str) -> i32 {
    term_parts(p, name).0
}

/// One term of the trace, White's point of view, middlegame and endgame parts.
fn term_parts(p: &Position, name: &str) -> (i32, i32) {
    let (_, t) = eval::trace(p);
    let &(_, mg, eg) = t.terms.iter().find(|(n, _, _)| *n == name).unwrap_or_else(|| panic!("no term {name}"));
    (mg, eg)
}

#[test]
fn terms_add_up_to_the_evaluation() {
    let mut rng = Lcg(7);
    // The optional Stockfish-shaped terms switched on, in a pawn game and a shogi game.
    let user = "[chess-sf:chess]\neval.space = 100\neval.shelter = 100\neval.mobilityContested = 0\n\
                eval.kingDanger = 100\neval.threatByPush = 40\neval.connected = 100\neval.mobilityCurve = 100\neval.outpost = 100\neval.rooks = 100\neval.initiative = 100\neval.pawnScale = 100\n[shoshogi-sf:shoshogi]\neval.space = 100\neval.shelter = 100\n\
                eval.mobilityContested = 50\neval.connected = 100\n";
    let tuned = Catalog::embedded_with(user);
    assert!(tuned.errors.is_empty(), "{:?}", tuned.errors);
    for variant in ["chess", "chushogi", "courier", "shoshogi", "leapingbat", "shortsliders", "chess-sf", "shoshogi-sf"]
    {
        let r = tuned.get(variant).unwrap();
        let mut p = Position::startpos(r);
        for ply in 0..60 {
            let (white, t) = eval::trace(&p);
            let keyed = eval::evaluate_keyed(&p);
            let own = if p.side_to_move() == Color::White { white } else { -white };
            assert_eq!(own, keyed, "{variant} ply {ply}: trace total against the evaluation");
            let mg: i32 = t.terms.iter().map(|x| x.1).sum();
            let eg: i32 = t.terms.iter().map(|x| x.2).sum();
            let (phase, max) = (t.phase.0, t.phase.1.max(1));
            assert_eq!((mg * phase + eg * (max - phase)) / max + t.conversion, white, "{variant} ply {ply}: terms");
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make_move(moves[rng.next(moves.len())]);
        }
    }
}

#[test]
fn gathered_attackers_cost_king_safety() {
    // White's castled King with its pawns; Black's Queen, Rook and Knight aimed at it, and
    // the same pieces far away on the other wing.
    // One attacker alone is held off by the shelter; the more gather, the more it costs.
    let three = pos_in("chess", "6k1/5ppp/8/8/6q1/5n2/5PPP/2r3K1 w - - 0 1");
    let two = pos_in("chess", "2r3k1/5ppp/8/8/6q1/5n2/5PPP/6K1 w - - 0 1");
    let one = pos_in("chess", "2r3k1/5ppp/8/8/6q1/8/5PPP/1n4K1 w - - 0 1");
    let far = pos_in("chess", "1qrn2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    let (k3, k2) = (term(&three, "king safety"), term(&two, "king safety"));
    assert!(k3 < k2 && k2 < 0, "three attackers {k3}, two {k2}");
    assert_eq!(term(&one, "king safety"), 0);
    assert_eq!(term(&far, "king safety"), 0);
}

#[test]
fn a_raider_without_a_way_out_is_marked() {
    // The Bishop on a7 after ...b6: every square it reaches is covered by Black's pawns
    // (a7-b8 aside, which the Rook covers). On d4 it is free.
    let trapped = pos_in("chess", "1r4k1/B4ppp/1pp5/8/8/8/5PPP/6K1 w - - 0 1");
    let free = pos_in("chess", "1r4k1/5ppp/1pp5/8/3B4/8/5PPP/6K1 w - - 0 1");
    assert!(term(&trapped, "trapped pieces") < 0, "{}", term(&trapped, "trapped pieces"));
    assert_eq!(term(&free, "trapped pieces"), 0);
}

#[test]
fn a_loose_lion_in_the_enemy_corner_near_the_enemy_lion_is_marked() {
    // Chu Shogi (docs/rules/shogi.md §3.5: the Lion-trading rules make an unprotected Lion
    // fair game for the enemy Lion). Black's Lion has eaten its way to c1, White's Lion is
    // three squares away: the position of a game Kirin lost to HaChu 0.21, where the Lion
    // was lost a few moves on.
    let fen = "lfcsgekgscfl/a1b1td5a/md7r1m/2ppp1otp2p/4qp6/p2i1xp3v1/8IC2/P1PIP5H1/2NPHPP1P2M/1B1SD1Q5/4TOXT1B1A/2n1GKEG3L w - - 0 57";
    // The enemy Lion can take it on its second move: six times the base weight, 9.45 pawns.
    let loose = pos_in("chu", fen);
    assert!(term(&loose, "lion traps") > 900, "{}", term(&loose, "lion traps"));
    // The same Lion back in its own camp (on f8, a square it could stand on) is no trap.
    let home = pos_in("chu", &fen.replace("2n1GKEG3L", "4GKEG3L").replace("4qp6", "4qpn5"));
    assert_eq!(term(&home, "lion traps"), 0);
    // Lion traps are Chu knowledge (`lions =` in the variant); chess has none.
    assert_eq!(term(&pos_in("chess", "1r4k1/B4ppp/1pp5/8/8/8/5PPP/6K1 w - - 0 1"), "lion traps"), 0);
}

#[test]
fn a_loose_lion_far_from_the_enemy_lion_is_no_trap_yet() {
    // Chu Shogi, HaChu 0.21's raid d7b9 (seed 6 game 8, 2026-11-23): White's Lion on b9 is
    // in Black's corner and unprotected, Black's Lion on g8 is five squares away. That Lion
    // needs two moves before it can take (docs/rules/shogi.md §3.3: a Lion moves two
    // squares), and the raider wins the Rook on c10 first. Weighed tenfold as in HaChu the
    // trap cost White 7 pawns, and the search did not find the raid in 5 s, although a
    // search from the position after it puts Black 8-10 pawns down (the null-window
    // searches start from that evaluation; not instrumented).
    let raid = "lfcsgekgscfl/a3t1ot3a/m1r1d2d1rvm/pNpp1pp1pp1p/4p1npi1p1/q5h5/2P6P2/P2IP1BPI1PP/M2P1P2P2M/2RHD2D1RV1/A1BSTO1TS2A/LFC1GKEG1CFL b - - 3 31";
    let t = term(&pos_in("chu", raid), "lion traps");
    assert!((-100..0).contains(&t), "{t}");
}

/// King danger in Stockfish's form (`eval.kingDanger`, percent; 0 by default, 37 in
/// courier), here at 100 against 0. Courier, a position of Kirin's 2026-11-27 match against
/// Fairy-Stockfish 11.1 (game 5, move 71): Black's Rook a1, Knight e1 and Courier f3
/// surround White's King on h2, and Black mates in four (docs/rules/chess-family.md §4: the
/// Courier moves as a bishop, the Man as a king). The old term sees little, the new one a
/// lost King (-133 and -1045 cp on 2026-12-07). In the start position nothing attacks
/// either King, and without the weight the term is left out.
#[test]
fn king_danger_sees_a_king_about_to_be_mated() {
    let fen = "12/6w1p1k1/F6e1pp1/2p8p/2Bb1p1PP1nP/1P1P1b2FNR1/7K1PP1/r3n3BE2 b - - 5 71";
    // The old term's own weights at their defaults, not courier's refit, so that this
    // weighs king danger alone.
    let default = EvalWeights::default();
    let user = format!(
        "[oldring:courier]\neval.kingAttack = {}\neval.kingRing = {}\neval.kingShield = {}\n\
         [kd:oldring]\neval.kingDanger = 100\n[nokd:oldring]\neval.kingDanger = 0\n",
        default[Weight::KingAttack],
        default[Weight::KingRing],
        default[Weight::KingShield]
    );
    let c = Catalog::embedded_with(&user);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    let with = pos_with(&c, "kd", fen);
    let without = pos_with(&c, "nokd", fen);
    let (new, old) = (term(&with, "king safety"), term(&without, "king safety"));
    assert!(new < -1000, "with the term: {new}");
    assert!(old > -300, "the old term alone: {old}");
    let start = Position::startpos(c.get("kd").unwrap());
    assert_eq!(term(&start, "king safety"), 0);
    assert_eq!(eval::evaluate(&start), eval::evaluate(&Position::startpos(c.get("nokd").unwrap())));
}

/// The evaluation's sum of one part (middlegame or endgame) over all terms, White's
/// point of view.
fn total_parts(p: &Position) -> (i32, i32) {
    let (_, t) = eval::trace(p);
    (t.terms.iter().map(|x| x.1).sum(), t.terms.iter().map(|x| x.2).sum())
}

/// A courier catalog with Stockfish 11's initiative and pawn scale (`winnable.rs`) at
/// `initiative` and `scale` percent.
fn courier_winnable(initiative: i32, scale: i32) -> Catalog {
    let user = format!("[w:courier]\neval.initiative = {initiative}\neval.pawnScale = {scale}\n");
    let c = Catalog::embedded_with(&user);
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    c
}

/// Courier, Kirin's 2026-12-07 match against Fairy-Stockfish 11.1 (game 7, ply 253): White's
/// Rook, Bishop and promoted Ferz against Black's Bishop, no pawn left, a game Kirin did not
/// win (docs/rules/chess-family.md §4: the Courier moves as a bishop). With the pawn scale
/// at Stockfish's strength the side ahead keeps 36/64 of its endgame edge; with a pawn,
/// 43/64; with the weight at 0 the term is left out.
#[test]
fn the_pawn_scale_shrinks_an_edge_without_pawns() {
    let fen = "2R6F2/1k1B8/12/12/12/12/3b1K6/12 b - - 10 127";
    let (_, eg_off) = total_parts(&pos_with(&courier_winnable(0, 0), "w", fen));
    let (_, eg_on) = total_parts(&pos_with(&courier_winnable(0, 100), "w", fen));
    assert!(eg_off > 500, "White is well ahead: {eg_off}");
    assert_eq!(eg_on, eg_off * 36 / 64);
    let pawn = "2R6F2/1k1B8/12/12/12/12/3b1K4P1/12 b - - 10 127";
    let (_, eg_off) = total_parts(&pos_with(&courier_winnable(0, 0), "w", pawn));
    let (_, eg_on) = total_parts(&pos_with(&courier_winnable(0, 100), "w", pawn));
    assert_eq!(eg_on, eg_off * 43 / 64);
    let off = eval::trace(&pos_with(&courier_winnable(0, 0), "w", fen)).1;
    assert!(off.terms.iter().all(|t| t.0 != "winnable"));
}

/// Stockfish's initiative: with many pawns on both wings the side ahead gains in the
/// endgame part; in a pawnless ending with the kings facing each other it loses, but
/// never so much that the score changes sign.
#[test]
fn the_initiative_grows_with_pawns_and_never_flips_the_score() {
    let on = courier_winnable(100, 0);
    // The start position less Black's a-pawn: White a pawn up, 23 pawns on both wings.
    let pawns = "rnebmk1wbenr/1ppppp1pppp1/6f5/6p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
    let (_, eg) = term_parts(&pos_with(&on, "w", pawns), "winnable");
    assert!(eg > 0, "more to play for: {eg}");
    // White's Wazir against a bare King, the Kings on one file: the edge shrinks.
    let bare = "12/12/5k6/12/12/5K6/5W6/12 w - - 0 1";
    let (_, before) = total_parts(&pos_with(&courier_winnable(0, 0), "w", bare));
    let (_, eg) = term_parts(&pos_with(&on, "w", bare), "winnable");
    assert!(eg < 0 && before + eg >= 0, "shrinks without flipping: {before} {eg}");
}

/// A chess catalog with the optional space and contested-mobility terms at `space` and
/// `contested` percent.
fn chess_with(space: i32, contested: i32) -> Catalog {
    let c = Catalog::embedded_with(&format!("[c:chess]\neval.space = {space}\neval.mobilityContested = {contested}\n"));
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    c
}

#[test]
fn space_counts_safe_central_squares_behind_the_own_pawns() {
    let on = chess_with(100, 100);
    // Symmetric: nothing. White's centre pawns on e4 and d4 against Black's unmoved ones:
    // White has the room (Stockfish's space term, its own half's central files).
    assert_eq!(term(&pos_with(&on, "c", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "space"), 0);
    let centre = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2";
    assert!(term(&pos_with(&on, "c", centre), "space") > 0);
    // Off by default; and once most pieces are gone it no longer counts.
    assert_eq!(term(&pos_in("chess", centre), "space"), 0);
    assert_eq!(term(&pos_with(&on, "c", "4k3/pppp4/8/8/3PP3/8/PPP5/4K3 w - - 0 1"), "space"), 0);
}

#[test]
fn contested_squares_count_less_for_mobility() {
    // White's Knight on e4: of its eight squares, d6 and f6 are covered by Black's c7/e7
    // and e7/g7 pawns. Counted at 0% they drop out of White's mobility.
    let fen = "4k3/2p1p1p1/8/8/4N3/8/8/4K3 w - - 0 1";
    let full = term(&pos_with(&chess_with(0, 100), "c", fen), "mobility");
    let none = term(&pos_with(&chess_with(0, 0), "c", fen), "mobility");
    assert_eq!(full, term(&pos_in("chess", fen), "mobility"), "100% is the default");
    assert_eq!(full - none, 2 * 3, "two squares at the default mobility weight 3");
}

#[test]
fn a_safe_pawn_step_that_would_attack_a_piece_is_a_threat() {
    let c = Catalog::embedded_with("[c:chess]\neval.threatByPush = 40\n");
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    // d4-d5 would attack the Knight on c6 (d5 is empty and nothing of Black's covers it).
    let threat = "4k3/8/2n5/8/3P4/8/8/4K3 w - - 0 1";
    let default = term(&pos_in("chess", threat), "threats");
    assert_eq!(term(&pos_with(&c, "c", threat), "threats") - default, 40, "one piece threatened");
    // With d5 covered by Black's e6 pawn the step is not safe: no threat.
    let covered = "4k3/8/2n1p3/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(term(&pos_with(&c, "c", covered), "threats"), term(&pos_in("chess", covered), "threats"));
}

/// What the chess variant `c` of `on` (chess with an optional term switched on) changes in
/// the term `name` against plain chess: White's view, middlegame and endgame.
fn term_change(on: &Catalog, name: &str, fen: &str) -> (i32, i32) {
    let (with, without) = (term_parts(&pos_with(on, "c", fen), name), term_parts(&pos_in("chess", fen), name));
    (with.0 - without.0, with.1 - without.1)
}

#[test]
fn connected_pawns_count_as_stockfish_counts_them() {
    let on = Catalog::embedded_with("[c:chess]\neval.connected = 100\n");
    assert!(on.errors.is_empty(), "{:?}", on.errors);
    // The pawn term's change, in Stockfish 11's units (a middlegame pawn 128) scaled to
    // centipawns.
    let bonus = |fen: &str| term_change(&on, "pawns", fen);
    // d4 and e4 side by side: each Connected[rank 4] 12 x (2 + phalanx) = 36; eg 36 x
    // (4 - 1 - 2) / 4 = 9. Two of them: 72 and 18, x 100/128.
    assert_eq!(bonus("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1"), (56, 14));
    // e3 defends d4: 12 x 2 + 21 for the defender = 45 (eg 11); e3 itself, neither
    // defended nor beside a pawn, has none.
    assert_eq!(bonus("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1"), (35, 8));
    // With Black's d6 facing it the d4 pawn is opposed: 12 x 1 + 21 = 33 (eg 8).
    assert_eq!(bonus("4k3/8/3p4/8/3P4/4P3/8/4K3 w - - 0 1"), (25, 6));
    // The same for Black, mirrored: the sign turns.
    assert_eq!(bonus("4k3/8/4p3/3p4/8/8/8/4K3 w - - 0 1"), (-35, -8));
    // A pawn alone has none.
    assert_eq!(bonus("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1"), (0, 0));
}

#[test]
fn knight_outposts_count_as_stockfish_counts_them() {
    let on = Catalog::embedded_with("[c:chess]\neval.outpost = 100\n");
    assert!(on.errors.is_empty(), "{:?}", on.errors);
    let outposts = |fen: &str| term_parts(&pos_with(&on, "c", fen), "outposts");
    // The Knight on e5, defended by d4, with no Black pawn on the d- or f-file to chase
    // it: Stockfish 11's Knight outpost, S(60, 42) in its units, 28 and 20 centipawns.
    assert_eq!(outposts("4k3/p6p/8/4N3/3P4/8/8/4K3 w - - 0 1"), (28, 20));
    // With f7 on the board ...f6 would drive it away: no outpost, and c5 (the other
    // square d4 holds) is out of its reach.
    assert_eq!(outposts("4k3/p4p1p/8/4N3/3P4/8/8/4K3 w - - 0 1"), (0, 0));
    // On c3 it is one move from d5, which e4 holds: half (S(30, 21)).
    assert_eq!(outposts("4k3/7p/8/8/4P3/2N5/8/4K3 w - - 0 1"), (14, 10));
    // Black's mirrored, from White's side.
    assert_eq!(outposts("4k3/8/8/3p4/4n3/8/P6P/4K3 w - - 0 1"), (-28, -20));
    // A Bishop slides: it gets nothing there; and the term is off by default.
    assert_eq!(outposts("4k3/p6p/8/4B3/3P4/8/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(term_parts(&pos_in("chess", "4k3/p6p/8/4N3/3P4/8/8/4K3 w - - 0 1"), "outposts"), (0, 0));
}

#[test]
fn rooks_count_as_stockfish_counts_them() {
    let on = Catalog::embedded_with("[c:chess]\neval.rooks = 100\n[s:shatranj]\neval.rooks = 100\n");
    assert!(on.errors.is_empty(), "{:?}", on.errors);
    let rooks = |variant: &str, fen: &str| term_parts(&pos_with(&on, variant, fen), "rooks");
    // Stockfish 11's RookOnFile, S(47, 25) open and S(21, 4) semi-open in its units (an
    // endgame pawn 213), in centipawns.
    assert_eq!(rooks("c", "4k3/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1"), (22, 12));
    assert_eq!(rooks("c", "4k3/pp3ppp/3p4/8/8/8/PP3PPP/3R2K1 w - - 0 1"), (10, 2));
    // Shut in on g1 by its own King on f1 (h1 its one square): TrappedRook S(52, 10); in
    // shatranj, where no castling frees it, twice that.
    let shut = "4k3/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w - - 0 1";
    assert_eq!(rooks("c", shut), (-24, -5));
    assert_eq!(rooks("s", shut), (-48, -10));
    // On a1, with the King on the other wing of it, it is not shut in.
    assert_eq!(rooks("c", "4k3/pppppppp/8/8/8/8/PPPPPPPP/R4K2 w - - 0 1"), (0, 0));
    // Black's, mirrored, from White's side; and nothing by default.
    assert_eq!(rooks("c", "3r2k1/pp3ppp/8/8/8/8/PP3PPP/6K1 w - - 0 1"), (-22, -12));
    assert_eq!(term_parts(&pos_in("chess", "4k3/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1"), "rooks"), (0, 0));
}

#[test]
fn curved_mobility_costs_the_first_squares_most() {
    let on = Catalog::embedded_with("[c:chess]\neval.mobilityCurve = 100\n");
    assert!(on.errors.is_empty(), "{:?}", on.errors);
    let curve = |fen: &str| term_change(&on, "mobility", fen);
    // A Rook on h1 beside its King reaches 9 of its 14 squares (all 14 on average):
    // 0.97 sqrt(9/14) - 0.44 against 0.97 - 0.44 pawns, -19 cp; endgame -16.
    assert_eq!(curve("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), (-19, -16));
    // A Knight in the corner reaches 2 of 8 (5 on average): -28 and -24, more for each
    // square lost (9 cp) than the Rook's (4 cp).
    assert_eq!(curve("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), (-28, -24));
    // A Rook on a1 with its King on g1 reaches 12: 0.97 sqrt(12/14) - 0.97, -7 and -6.
    // Black's cornered Knight counts the other way.
    assert_eq!(curve("4k3/8/8/8/8/8/8/R5K1 w - - 0 1"), (-7, -6));
    assert_eq!(curve("n3k3/8/8/8/8/8/8/4K3 w - - 0 1"), (28, 24));
}

/// `valueMg.X` sets a piece's middlegame value alone (Fairy-Stockfish's pawn counts about
/// 0.6 of its endgame value in the middlegame): an extra pawn's material term drops by the
/// difference in the middlegame and keeps its endgame part; a broken value is reported.
#[test]
fn a_middlegame_value_changes_the_middlegame_part_alone() {
    let c =
        Catalog::embedded_with("[courier-pmg:courier]\nvalueMg.P = 60\n[bad:courier]\nvalueMg.Z = 60\nvalueMg.P = x\n");
    assert_eq!(c.errors.len(), 2, "{:?}", c.errors);
    assert!(c.errors.iter().any(|e| e.contains("valueMg.Z: no piece 'Z'")), "{:?}", c.errors);
    // Courier's start with an extra White pawn on f5.
    let fen = "rnebmk1wbenr/1ppppp1pppp1/6f5/p4Pp4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
    let material = |variant: &str| {
        let p = Position::from_fen(c.get(variant).unwrap(), fen).unwrap();
        term_parts(&p, "material and squares")
    };
    let (mg, eg) = material("courier");
    assert_eq!(material("courier-pmg"), (mg - 40, eg));
}

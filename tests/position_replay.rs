//! `Engine::set_position` replays only the moves a UCI `position` command adds to the
//! game the previous one set up (a GUI repeats the whole game before every move). These
//! tests hold that shortcut to the result of replaying everything from scratch.

use kirin::engine::Engine;

/// A deterministic game of `plies` half-moves in `variant` (the move picked by a fixed
/// stride through the legal list), as move texts.
fn game(variant: &str, plies: usize) -> Vec<String> {
    let mut e = Engine::new();
    e.set_variant(variant).unwrap();
    let mut texts = Vec::new();
    for i in 0..plies {
        let moves = e.pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(i * 7 + 3) % moves.len()];
        texts.push(e.pos.move_to_uci(m));
        e.play(m);
    }
    texts
}

fn fresh(variant: &str, fen: Option<&str>, moves: &[String]) -> Engine {
    let mut e = Engine::new();
    e.set_variant(variant).unwrap();
    let moves: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
    e.set_position(fen, &moves).unwrap();
    e
}

fn same_game(a: &Engine, b: &Engine) {
    assert_eq!(a.pos.fen(), b.pos.fen());
    assert_eq!(a.pos.key(), b.pos.key());
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.root.fen(), b.root.fen());
    let ha: Vec<u64> = a.pos.key_history().map(|s| s.key).collect();
    let hb: Vec<u64> = b.pos.key_history().map(|s| s.key).collect();
    assert_eq!(ha, hb, "repetition history");
}

#[test]
fn growing_move_lists_give_the_game_a_fresh_replay_gives() {
    for variant in ["chess", "shortsliders", "chushogi", "slidechess", "tamerlane"] {
        let texts = game(variant, 80);
        assert!(texts.len() > 20, "{variant}: game too short to test");
        let mut e = Engine::new();
        e.set_variant(variant).unwrap();
        let mut f = Engine::new();
        f.set_variant(variant).unwrap();
        // One move at a time, as a GUI does, and sometimes two (ponder miss) or none.
        let mut k = 0;
        while k <= texts.len() {
            let list: Vec<&str> = texts[..k].iter().map(|s| s.as_str()).collect();
            e.set_position(None, &list).unwrap();
            // `new_game` first: `f` replays the whole list.
            f.new_game();
            f.set_position(None, &list).unwrap();
            same_game(&e, &f);
            k += 1 + k % 3 / 2;
        }
    }
}

#[test]
fn a_refused_extension_keeps_the_game_and_the_next_one_works() {
    let texts = game("shortsliders", 30);
    let mut e = fresh("shortsliders", None, &texts[..20]);
    let before = e.pos.fen();
    let mut bad: Vec<&str> = texts[..21].iter().map(|s| s.as_str()).collect();
    bad.push("a1a1");
    assert!(e.set_position(None, &bad).is_err());
    assert_eq!(e.pos.fen(), before);
    assert_eq!(e.moves.len(), 20);
    let good: Vec<&str> = texts[..22].iter().map(|s| s.as_str()).collect();
    e.set_position(None, &good).unwrap();
    same_game(&e, &fresh("shortsliders", None, &texts[..22]));
}

#[test]
fn a_game_changed_in_between_is_replayed_from_its_start() {
    let texts = game("chess", 12);
    let list: Vec<&str> = texts.iter().map(|s| s.as_str()).collect();

    // A move played and one taken back (CECP-style) since the last `position`.
    let mut e = fresh("chess", None, &texts[..8]);
    e.undo();
    let m = e.pos.legal_moves().into_iter().find(|&m| e.pos.move_to_uci(m) != texts[7]).unwrap();
    e.play(m);
    e.set_position(None, &list[..10]).unwrap();
    same_game(&e, &fresh("chess", None, &texts[..10]));

    // Another start position with the same moves.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 9";
    let mut e = fresh("chess", None, &texts[..4]);
    e.set_position(Some(fen), &list[..6]).unwrap();
    same_game(&e, &fresh("chess", Some(fen), &texts[..6]));
    assert_eq!(e.root.fen(), fen);

    // A new game in between, then a list that happens to extend the old one.
    let mut e = fresh("chess", Some(fen), &texts[..4]);
    e.new_game();
    e.set_position(Some(fen), &list[..6]).unwrap();
    same_game(&e, &fresh("chess", Some(fen), &texts[..6]));

    // A shorter list (a takeback in a GUI).
    let mut e = fresh("chess", None, &texts[..10]);
    e.set_position(None, &list[..5]).unwrap();
    same_game(&e, &fresh("chess", None, &texts[..5]));
}

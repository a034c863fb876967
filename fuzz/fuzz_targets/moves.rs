//! Move sequences: byte 0 picks an embedded variant; the rest (lossy UTF-8) is a first line
//! holding a FEN (empty or `startpos`: the start position) and then move tokens separated
//! by white space. A token `#N` plays legal move N (mod the count), so the fuzzer reaches
//! deep positions; any other token goes through `parse_move` and is played when legal.
//! After each move the position is checked; at the end every move is taken back and the
//! start position must be restored exactly.
#![no_main]
use kirin::position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else { return };
    let rules = kirin_fuzz::pick_variant(v);
    let text = String::from_utf8_lossy(rest);
    let (first, tail) = text.split_once('\n').unwrap_or((&text, ""));
    let first = first.trim();
    let mut pos = if first.is_empty() || first == "startpos" {
        Position::startpos(rules)
    } else {
        match Position::from_fen(rules, first) {
            Ok(p) => p,
            Err(_) => return,
        }
    };
    let fen0 = pos.fen();
    let key0 = pos.key();
    kirin_fuzz::check_key(&pos, &|| "at start".into());
    let mut played = 0usize;
    for tok in tail.split_whitespace().take(kirin_fuzz::MAX_LINES) {
        let legal = pos.legal_moves();
        let m = if let Some(n) = tok.strip_prefix('#').and_then(|n| n.parse::<usize>().ok()) {
            if legal.is_empty() {
                continue;
            }
            legal[n % legal.len()]
        } else {
            match pos.parse_move(tok) {
                Ok(m) => {
                    assert!(legal.contains(&m), "parse_move('{tok}') gave {m:?}, not a legal move in {}", pos.fen());
                    m
                }
                Err(_) => continue,
            }
        };
        // The move's own text must read back as the move.
        let t = pos.move_to_uci(m);
        match pos.parse_move(&t) {
            Ok(back) => assert_eq!(back, m, "'{t}' reads back as another move in {}", pos.fen()),
            Err(e) => panic!("text '{t}' of legal move {m:?} does not parse: {e} in {}", pos.fen()),
        }
        pos.make_move(m);
        played += 1;
        kirin_fuzz::check_key(&pos, &|| format!("after {t}"));
        let after = pos.legal_moves();
        kirin_fuzz::check_move_texts(&mut pos, &after, false);
        let _ = kirin::game_end::game_over(&pos);
    }
    kirin_fuzz::check_position(&mut pos, false);
    for _ in 0..played {
        pos.unmake_move();
    }
    assert_eq!(pos.fen(), fen0, "unmaking every move did not restore the start");
    assert_eq!(pos.key(), key0, "unmaking every move did not restore the key");
});

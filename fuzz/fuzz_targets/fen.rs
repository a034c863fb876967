//! FEN parsing: byte 0 picks an embedded variant, the rest (lossy UTF-8) is the FEN.
//! A FEN that parses must give a position passing every check of `kirin_fuzz::check_position`.
#![no_main]
use kirin::position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&v, rest)) = data.split_first() else { return };
    let rules = kirin_fuzz::pick_variant(v);
    let fen = String::from_utf8_lossy(rest);
    if let Ok(mut pos) = Position::from_fen(rules, &fen) {
        let _ = pos.diagram();
        kirin_fuzz::check_position(&mut pos, false);
    }
});

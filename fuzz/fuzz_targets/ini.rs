//! Variant files: the text (lossy UTF-8) is loaded after the embedded variants.ini (so
//! `[x:chess]` inheritance and overrides work), as `VariantPath` loads a user file. Each
//! variant the fuzzed file defines is compiled (`Rules::new`, what `Catalog::from_texts`
//! does; the embedded ones are not recompiled, which would cost ~60 ms per input) and its
//! start position must pass the position checks.
#![no_main]
use kirin::position::{Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let loaded = kirin::variant::load(&[("variants.ini", kirin::variant::EMBEDDED_INI), ("fuzz.ini", &text)]);
    for e in &loaded.errors {
        let _ = e.to_string();
    }
    for v in loaded.variants.into_iter().filter(|v| v.origin.file == "fuzz.ini") {
        let Ok(rules) = Rules::new(v) else { continue };
        let mut pos = Position::startpos(rules);
        let _ = pos.diagram();
        kirin_fuzz::check_position(&mut pos, false);
        // A few plies deep, always the first legal move.
        for _ in 0..4 {
            let Some(&m) = pos.legal_moves().first() else { break };
            pos.make_move(m);
            kirin_fuzz::check_key(&pos, &|| format!("after {m:?}"));
        }
    }
});

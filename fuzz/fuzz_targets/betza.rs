//! XBetza piece notation: the text (lossy UTF-8, first line) is parsed; when it parses, it
//! is also compiled as a piece of a small variant and its moves generated from the centre
//! of an 8x8 and a 16x16 board (with holes), so the attack tables see it too.
#![no_main]
use kirin::catalog::Catalog;
use kirin::position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let desc = text.lines().next().unwrap_or("").trim();
    let Ok(moves) = kirin::variant::betza::parse(desc) else { return };
    for m in &moves {
        let _ = kirin::variant::betza::concretize(m, false);
        let _ = kirin::variant::betza::concretize(m, true);
    }
    if desc.contains('#') || desc.contains('[') || desc.contains('=') {
        return; // would change the meaning of the ini line
    }
    let ini = format!(
        "[fz8]\nboard = 8x8\npiece = K king K\npiece = Z fuzz {desc}\nroyal = K\n\
         startFen = 3zk3/8/8/3Z4/8/8/8/4K3 w - - 0 1\n\
         [fz16]\nboard = 16x16\npiece = K king K\npiece = Z fuzz {desc}\nroyal = K\nholes = a1 p16 h9\n\
         startFen = 7zk7/16/16/16/16/16/16/8Z7/16/16/16/16/16/16/16/7K8 w - - 0 1\n"
    );
    let cat = Catalog::from_texts(&[("betza.ini", ini)]);
    for r in &cat.rules {
        let mut pos = Position::startpos(r.clone());
        kirin_fuzz::check_position(&mut pos, false);
    }
});

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cat = kirin::catalog::Catalog::embedded();
    for e in &cat.errors { eprintln!("{e}"); }
    let v = args.get(1).map(|s| s.as_str()).unwrap_or("chess");
    let d: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let rules = cat.get(v).expect("variant");
    let mut pos = match args.get(3) { Some(f) => kirin::position::Position::from_fen(rules, f).unwrap(), None => kirin::position::Position::startpos(rules) };
    let t = std::time::Instant::now();
    let mut total = 0;
    for (m, n) in kirin::perft::divide(&mut pos, d) { println!("{}: {}", pos.move_to_uci(m), n); total += n; }
    println!("\nNodes searched: {total} ({:?})", t.elapsed());
}

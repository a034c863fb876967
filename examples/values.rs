//! Prints the derived piece values of every variant: `cargo run --release --example values`.
fn main() {
    let c = kirin::catalog::Catalog::embedded();
    for r in &c.rules {
        let v: Vec<String> =
            r.variant.pieces.iter().zip(&r.values.value).map(|(p, v)| format!("{}={}", p.token, v)).collect();
        println!("{:<16} {}", r.variant.name, v.join(" "));
    }
}

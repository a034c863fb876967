//! `kirin variants`: the loaded variants as a table, and with `--xboard` the XBoard command
//! line that hosts each one. Both come from the variant data the engine plays with, so the
//! flags a GUI needs (`-testLegality false`, `-rankOffset 1`) cannot drift from the rules.

use crate::catalog::Catalog;
use crate::protocol::xboard::cecp_name;
use crate::variant::Variant;
use std::path::PathBuf;

/// The XBoard options a variant needs besides `-variant`.
pub fn xboard_flags(v: &Variant) -> Vec<&'static str> {
    let mut flags = Vec::new();
    if !v.xboard_legality {
        flags.push("-testLegality false");
    }
    // XBoard stores rank 16 as its drop marker; Kirin writes 0-based ranks there.
    if v.ranks == 16 {
        flags.push("-rankOffset 1");
    }
    flags
}

/// One line per variant: name, board, CECP name with what XBoard needs, n-move rule, title
/// and source, in columns as wide as their longest entry. Scripts read it: the name is the
/// first word, `xboard: NAME` or `xboard: not offered` the CECP name (no header line).
pub fn table(cat: &Catalog) -> String {
    let rows: Vec<[String; 5]> = cat
        .rules
        .iter()
        .map(|r| {
            let v = &r.variant;
            let xb = match cecp_name(v) {
                None => "not offered".to_string(),
                Some(n) => {
                    let mut notes: Vec<&str> = Vec::new();
                    if v.xboard_name.is_some() {
                        notes.push("built-in");
                    }
                    notes.extend(xboard_flags(v));
                    if notes.is_empty() { n } else { format!("{n} ({})", notes.join(", ")) }
                }
            };
            [
                v.name.clone(),
                format!("{}x{}", v.files, v.ranks),
                format!("xboard: {xb}"),
                format!("nmove={}", v.n_move_rule),
                format!("{}  [{}]", v.title, v.source),
            ]
        })
        .collect();
    let mut width = [0usize; 4];
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in &rows {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            w0 = width[0],
            w1 = width[1],
            w2 = width[2],
            w3 = width[3]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// For every variant offered to XBoard, the command that starts XBoard with Kirin in it
/// (`files`: the `--variants` files Kirin was given, passed on to the engine command).
pub fn xboard_commands(cat: &Catalog, files: &[PathBuf]) -> String {
    let mut engine = String::from("kirin");
    for f in files {
        engine.push_str(&format!(" --variants {}", shell_word(&f.display().to_string())));
    }
    let engine = if files.is_empty() { engine } else { format!("\"{engine}\"") };
    let mut out = String::new();
    for r in &cat.rules {
        let v = &r.variant;
        let Some(name) = cecp_name(v) else { continue };
        let mut line = format!("xboard -fcp {engine} -variant {name}");
        for f in xboard_flags(v) {
            line.push(' ');
            line.push_str(f);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `s` as one argument of XBoard's engine command: XBoard splits it at blanks, and an
/// argument that starts with a quote runs to the next such quote (`StartChildProcess`).
fn shell_word(s: &str) -> String {
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c)) { s.to_string() } else { format!("'{s}'") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up() {
        let t = table(&Catalog::embedded());
        let lines: Vec<&str> = t.lines().collect();
        let col = lines[0].find("xboard:").unwrap();
        for l in &lines {
            let at: String = l.chars().skip(col).take(7).collect();
            assert_eq!(at, "xboard:", "the xboard column starts at {col} in: {l}");
            assert!(l.contains("  nmove="), "{l}");
            let before: String = l.chars().take(col).collect();
            assert!(before.ends_with("  "), "{l}");
        }
    }

    #[test]
    fn each_offered_variant_has_its_command_with_its_flags() {
        let cat = Catalog::embedded();
        let x = xboard_commands(&cat, &[]);
        assert!(x.lines().any(|l| l == "xboard -fcp kirin -variant normal"));
        assert!(x.lines().any(|l| l == "xboard -fcp kirin -variant shortsliders -testLegality false -rankOffset 1"));
        assert!(!x.contains("-variant courier-modern"), "offered as couriermodern");
        assert!(!x.contains("shortsliders-prose"), "not offered");
        let with_file = xboard_commands(&cat, &[PathBuf::from("my variants.ini")]);
        assert!(with_file.starts_with("xboard -fcp \"kirin --variants 'my variants.ini'\" -variant "));
    }
}

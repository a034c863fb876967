//! Reader for `variants.ini`: sections of `key = value` lines.
//!
//! ```ini
//! # comment            ; comment
//! [name]               # a variant
//! [child:parent]       # inherits every line of `parent`, later lines override
//! key = value
//! ```
//!
//! This layer only splits text into sections and entries, remembering the file and line
//! of every entry so that `variant::build` can report a bad value where it was written.
//! It never fails as a whole: a malformed line becomes an `IniError` and is skipped.

use std::fmt;

/// Where an entry came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    pub file: String,
    pub line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// A problem in an ini file, with its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IniError {
    pub origin: Origin,
    pub reason: String,
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.origin, self.reason)
    }
}

impl std::error::Error for IniError {}

#[derive(Debug, Clone)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub origin: Origin,
}

#[derive(Debug, Clone)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    pub origin: Origin,
    pub entries: Vec<Entry>,
}

/// The largest variant file read: 1 MiB, some fifty times Fairy-Stockfish's own
/// `variants.ini`. Without a bound, a file of 35,000 one-line sections took 2.5 GB.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The most sections one file may hold.
pub const MAX_SECTIONS: usize = 1000;

/// Splits ini text into sections. Lines before the first section and malformed lines are
/// reported in the returned error list. A file over `MAX_FILE_BYTES` or `MAX_SECTIONS`
/// yields no section at all and one error saying so. A leading UTF-8 byte order mark
/// (Windows editors write one) is skipped.
pub fn parse(text: &str, file: &str) -> (Vec<Section>, Vec<IniError>) {
    if let Err(reason) = check_limits(text) {
        return (Vec::new(), vec![IniError { origin: Origin { file: file.into(), line: 1 }, reason }]);
    }
    parse_lines(text.strip_prefix('\u{feff}').unwrap_or(text), file)
}

/// Whether a file's text is within `MAX_FILE_BYTES` and `MAX_SECTIONS`.
pub fn check_limits(text: &str) -> Result<(), String> {
    if text.len() > MAX_FILE_BYTES {
        return Err(format!("file of {} bytes; at most {MAX_FILE_BYTES} are read", text.len()));
    }
    let sections = text.lines().filter(|l| l.trim_start().starts_with('[')).count();
    if sections > MAX_SECTIONS {
        return Err(format!("{sections} sections; a file may hold at most {MAX_SECTIONS}"));
    }
    Ok(())
}

fn parse_lines(text: &str, file: &str) -> (Vec<Section>, Vec<IniError>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let origin = Origin { file: file.to_string(), line: i + 1 };
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            let Some(inner) = rest.strip_suffix(']') else {
                errors.push(IniError { origin, reason: "section header must end with ']'".into() });
                continue;
            };
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                None => (inner.trim(), None),
            };
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                errors.push(IniError {
                    origin,
                    reason: format!("bad variant name '{name}' (letters, digits, '-' and '_' only)"),
                });
                // Keep parsing, but entries until the next header go nowhere.
                sections.push(Section {
                    name: String::new(),
                    parent: None,
                    origin: Origin { file: String::new(), line: 0 },
                    entries: Vec::new(),
                });
                continue;
            }
            if parent.as_deref() == Some("") {
                errors.push(IniError { origin, reason: "empty parent name after ':'".into() });
                sections.push(Section {
                    name: String::new(),
                    parent: None,
                    origin: Origin { file: String::new(), line: 0 },
                    entries: Vec::new(),
                });
                continue;
            }
            sections.push(Section { name: name.to_ascii_lowercase(), parent, origin, entries: Vec::new() });
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            errors.push(IniError { origin, reason: format!("expected 'key = value', found '{line}'") });
            continue;
        };
        let key = k.trim();
        if key.is_empty() {
            errors.push(IniError { origin, reason: "empty key".into() });
            continue;
        }
        match sections.last_mut() {
            Some(s) => {
                if !s.name.is_empty() {
                    s.entries.push(Entry { key: key.to_string(), value: v.trim().to_string(), origin })
                }
            }
            None => errors.push(IniError { origin, reason: "entry before the first [section]".into() }),
        }
    }
    sections.retain(|s| !s.name.is_empty());
    (sections, errors)
}

/// Removes a trailing comment: `#` anywhere, or `;` at the start or after whitespace
/// (so XBetza text and FENs, which use neither, survive).
fn strip_comment(line: &str) -> &str {
    let mut prev_ws = true;
    for (i, c) in line.char_indices() {
        if c == '#' || (c == ';' && prev_ws) {
            return &line[..i];
        }
        prev_ws = c.is_whitespace();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_errors() {
        let text = "stray = 1\n[a]\nx = 1 # c\n; full comment\n[b:a]\ny=2\nbad line\n[bad name]\nz = 3\n[c\n";
        let (s, e) = parse(text, "t.ini");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name, "a");
        assert_eq!(s[0].entries[0].value, "1");
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].entries.len(), 1);
        let lines: Vec<usize> = e.iter().map(|e| e.origin.line).collect();
        assert_eq!(lines, vec![1, 7, 8, 10]);
        assert!(e[0].to_string().starts_with("t.ini:1: "));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let (s, e) = parse("\u{feff}[a]\nx = 1\n", "bom.ini");
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(s[0].name, "a");
    }

    #[test]
    fn oversized_files_are_refused_whole() {
        let many: String = (0..=MAX_SECTIONS).map(|i| format!("[v{i}:chess]\n")).collect();
        let (s, e) = parse(&many, "many.ini");
        assert!(s.is_empty());
        assert_eq!(e.len(), 1);
        assert!(e[0].reason.contains("at most 1000"), "{}", e[0]);
        let big = format!("[a]\n# {}\n", "x".repeat(MAX_FILE_BYTES));
        let (s, e) = parse(&big, "big.ini");
        assert!(s.is_empty() && e.len() == 1, "{e:?}");
    }
}

//! The set of playable variants: the embedded `variants.ini` plus user files, each variant
//! compiled into shared [`Rules`]. A broken section or start position is reported (file,
//! line, reason) and left out; the rest stays playable.

use crate::position::Rules;
use crate::variant::{self, EMBEDDED_INI};
use std::path::Path;
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Catalog {
    pub rules: Vec<Arc<Rules>>,
    /// One line per problem, `file:line: reason`.
    pub errors: Vec<String>,
}

impl Catalog {
    /// The embedded variants only.
    pub fn embedded() -> Catalog {
        Catalog::from_texts(&[("variants.ini", EMBEDDED_INI.to_string())])
    }

    /// Embedded variants plus user files (later files override earlier sections).
    /// An unreadable file is reported as an error.
    pub fn with_files<P: AsRef<Path>>(files: &[P]) -> Catalog {
        let mut texts = vec![("variants.ini".to_string(), EMBEDDED_INI.to_string())];
        let mut errors = Vec::new();
        for f in files {
            let name = f.as_ref().display().to_string();
            match std::fs::read_to_string(f) {
                Ok(t) => texts.push((name, t)),
                Err(e) => errors.push(format!("{name}: cannot read: {e}")),
            }
        }
        let borrowed: Vec<(&str, String)> = texts.iter().map(|(n, t)| (n.as_str(), t.clone())).collect();
        let mut c = Catalog::from_texts(&borrowed);
        errors.append(&mut c.errors);
        c.errors = errors;
        c
    }

    pub fn from_texts(texts: &[(&str, String)]) -> Catalog {
        let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
        let loaded = variant::load(&refs);
        let mut errors: Vec<String> = loaded.errors.iter().map(|e| e.to_string()).collect();
        let mut rules = Vec::new();
        for v in loaded.variants {
            let origin = v.origin.clone();
            let name = v.name.clone();
            match Rules::new(v) {
                Ok(r) => rules.push(r),
                Err(e) => errors.push(format!("{origin}: [{name}] start position: {e}")),
            }
        }
        Catalog { rules, errors }
    }

    /// Looks a variant up by name or alias (case-insensitive).
    pub fn get(&self, name: &str) -> Option<Arc<Rules>> {
        let n = name.to_ascii_lowercase();
        self.rules
            .iter()
            .find(|r| r.variant.name == n)
            .or_else(|| self.rules.iter().find(|r| r.variant.aliases.contains(&n)))
            .cloned()
    }

    pub fn names(&self) -> Vec<String> {
        self.rules.iter().map(|r| r.variant.name.clone()).collect()
    }
}

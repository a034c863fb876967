//! The set of playable variants: the embedded `variants.ini` plus user files, each variant
//! compiled into shared [`Rules`]. A broken section or start position is reported (file,
//! line, reason) and left out (when it overrides an earlier section, that one stays); the
//! rest stays playable.

use crate::position::Rules;
use crate::variant::{self, EMBEDDED_INI, ini};
use std::path::Path;
use std::sync::Arc;

#[derive(Debug, Default, Clone)]
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

    /// The embedded variants and one user file's text (named `user.ini` in errors), as
    /// `--variants FILE` would load it: what tests of an ini key build their games from.
    pub fn embedded_with(user_ini: &str) -> Catalog {
        Catalog::from_texts(&[("variants.ini", EMBEDDED_INI.to_string()), ("user.ini", user_ini.to_string())])
    }

    /// Embedded variants plus user files (later files override earlier sections).
    ///
    /// A file that cannot be read, is not UTF-8, or is over the limits of `ini::parse`
    /// fails the whole load: the caller keeps what it had. Broken sections inside a
    /// readable file are only reported (`errors`); the rest of the file is loaded.
    pub fn with_files<P: AsRef<Path>>(files: &[P]) -> Result<Catalog, Vec<String>> {
        let mut texts = vec![("variants.ini".to_string(), EMBEDDED_INI.to_string())];
        let mut errors = Vec::new();
        for f in files {
            let name = f.as_ref().display().to_string();
            match read_limited(f.as_ref()).and_then(|t| ini::check_limits(&t).map(|()| t)) {
                Ok(t) => texts.push((name, t)),
                Err(e) => errors.push(format!("{name}: cannot load: {e}")),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let borrowed: Vec<(&str, String)> = texts.iter().map(|(n, t)| (n.as_str(), t.clone())).collect();
        Ok(Catalog::from_texts(&borrowed))
    }

    pub fn from_texts(texts: &[(&str, String)]) -> Catalog {
        let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
        let loaded = variant::load_compiled(&refs, |v| {
            let origin = v.origin.clone();
            let name = v.name.clone();
            Rules::new(v).map_err(|e| ini::IniError { origin, reason: format!("[{name}] start position: {e}") })
        });
        let errors = loaded.errors.iter().map(|e| e.to_string()).collect();
        Catalog { rules: loaded.variants, errors }
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

/// Reads a variant file of at most `ini::MAX_FILE_BYTES` (read no further, so that a huge
/// file or a device costs nothing).
fn read_limited(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    f.take(ini::MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() > ini::MAX_FILE_BYTES {
        return Err(format!("larger than {} bytes", ini::MAX_FILE_BYTES));
    }
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

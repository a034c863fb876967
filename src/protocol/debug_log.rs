//! The debug log file: every protocol line in and out, with the time since the log was
//! opened, as Stockfish's `Debug Log File`. Under a GUI nothing else is logged (stderr goes
//! into the GUI's pipe or nowhere), so this is how a user sees what a GUI and Kirin said to
//! each other. Set by the `Debug Log File` option (UCI and CECP) or `--debug-log FILE`.

use std::fs::File;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Set while a log is open: lets every line skip the lock when none is.
static OPEN: AtomicBool = AtomicBool::new(false);
static LOG: Mutex<Option<(File, Instant)>> = Mutex::new(None);

/// Opens `path` for the log (appending), closing any log before; an empty path or
/// `<empty>` closes it. On an error the old log is kept.
pub fn open(path: &str) -> Result<(), String> {
    let path = path.trim();
    let mut g = LOG.lock().unwrap_or_else(|e| e.into_inner());
    if path.is_empty() || path == "<empty>" {
        *g = None;
        OPEN.store(false, Ordering::Release);
        return Ok(());
    }
    let f = File::options().create(true).append(true).open(path).map_err(|e| format!("cannot open '{path}': {e}"))?;
    *g = Some((f, Instant::now()));
    OPEN.store(true, Ordering::Release);
    Ok(())
}

/// A line the engine read.
pub fn input(line: &str) {
    write("<<", line);
}

/// What the engine wrote (one or more lines).
pub fn output(text: &str) {
    write(">>", text);
}

fn write(dir: &str, text: &str) {
    if !OPEN.load(Ordering::Acquire) {
        return;
    }
    let mut g = LOG.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((f, start)) = g.as_mut() {
        let t = start.elapsed().as_secs_f64();
        for l in text.lines() {
            // A full disk or a removed file must not stop the engine.
            let _ = writeln!(f, "{t:10.3} {dir} {l}");
        }
        let _ = f.flush();
    }
}

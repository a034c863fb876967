//! The engine binary as a child process, for the protocol tests: lines in, lines out,
//! with timeouts so that a hung engine fails the test instead of blocking it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_kirin");

pub struct Engine {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines: rx }
    }

    pub fn send(&mut self, s: &str) {
        self.send_bytes(format!("{s}\n").as_bytes());
    }

    /// Lines up to and including the first one that satisfies `until` (10 s timeout).
    pub fn read_until(&self, until: impl Fn(&str) -> bool) -> Vec<String> {
        let mut v = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(10)) {
                Ok(l) => {
                    let done = until(&l);
                    v.push(l);
                    if done {
                        return v;
                    }
                }
                Err(_) => panic!("timeout; got so far: {v:?}"),
            }
        }
    }

    /// Sends `ping n` and returns everything printed before the `pong n`.
    pub fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let mut v = self.read_until(|l| l == pong);
        v.pop();
        v
    }

    /// Writes raw bytes (which need not be UTF-8) to the engine's input.
    pub fn send_bytes(&mut self, b: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(b).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, if one comes within `secs` seconds.
    pub fn next_line(&self, secs: f64) -> Option<String> {
        self.lines.recv_timeout(Duration::from_secs_f64(secs)).ok()
    }

    /// Sends UCI `isready` and returns everything printed before `readyok`.
    pub fn uci_sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut v = self.read_until(|l| l == "readyok");
        v.pop();
        v
    }

    /// The exit status, if the process ends within `secs` seconds.
    pub fn wait_exit(&mut self, secs: f64) -> Option<std::process::ExitStatus> {
        let end = std::time::Instant::now() + Duration::from_secs_f64(secs);
        while std::time::Instant::now() < end {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "quit");
        }
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

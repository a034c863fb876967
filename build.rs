//! Build information for `kirin --version` and the start-up banner: the commit the binary
//! was built from and the compiler, so that a user's report names the exact build.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    let commit = output("git", &["rev-parse", "--short=9", "HEAD"]).map_or_else(
        || "unknown commit".to_string(),
        |c| {
            let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"]).is_some();
            format!("commit {c}{}", if dirty { " with local changes" } else { "" })
        },
    );
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let compiler = output(&rustc, &["--version"]).unwrap_or_else(|| "rustc of unknown version".into());
    let target = std::env::var("TARGET").unwrap_or_default();
    let profile = std::env::var("PROFILE").unwrap_or_default();
    println!("cargo:rustc-env=KIRIN_BUILD_INFO={commit}, {compiler}, {target}, {profile}");
    // A new commit or a change to the work tree's files changes the text.
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/index");
    println!("cargo:rerun-if-changed=build.rs");
}

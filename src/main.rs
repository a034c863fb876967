use clap::Parser;
use kirin::protocol::cli::{Cli, Command};

fn main() {
    kirin::allocator::return_large_blocks_to_the_system();
    let cli = Cli::parse();
    // Logs go to stderr only on the command line: under a GUI stderr is merged into the
    // protocol pipe (XBoard 4.9.1 redirects the engine's stderr into it with dup2), so
    // protocol modes log nothing raw.
    let protocol_mode =
        matches!(cli.command, None | Some(Command::Uci) | Some(Command::Xboard) | Some(Command::Referee));
    if !protocol_mode {
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    }
    std::process::exit(kirin::protocol::cli::run(cli));
}

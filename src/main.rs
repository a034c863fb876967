use clap::Parser;

fn main() {
    let cli = kirin::protocol::cli::Cli::parse();
    std::process::exit(kirin::protocol::cli::run(cli));
}

//! The `pairs-table` binary: parses the command line and hands over to the library.

use clap::Parser;
use pairs_table::cli::{Cli, run};

fn main() -> std::process::ExitCode {
    run(Cli::parse())
}

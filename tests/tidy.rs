//! The architecture's rules, checked on the source (rust-analyzer's
//! `tidy`): each I/O capability appears only in the places ARCHITECTURE.md
//! allows it, the ledger imports no game math from the layers above it,
//! and the rules engine crate uses none of them and depends on nothing
//! that could. A finding names the file, the line, what it uses and where
//! that is allowed.

use std::path::{Path, PathBuf};

/// One capability and the source files (prefixes of their path from the
/// repository root) that ARCHITECTURE.md allows to use it.
struct Rule {
    what: &'static str,
    needles: &'static [&'static str],
    allowed: &'static [&'static str],
}

const RULES: &[Rule] = &[
    Rule {
        what: "SQLite",
        needles: &["rusqlite"],
        allowed: &["src/ledger/"],
    },
    Rule {
        what: "egui",
        needles: &["egui::", "eframe", "egui_plot"],
        allowed: &["src/ui/"],
    },
    Rule {
        what: "PostgreSQL",
        needles: &["postgres::", "use postgres"],
        allowed: &["src/floor/"],
    },
    Rule {
        what: "serial ports",
        needles: &["serialport"],
        allowed: &["src/scanner/reader.rs", "src/scanner/sim.rs"],
    },
    Rule {
        what: "file I/O",
        needles: &[
            "std::fs",
            "fs::File",
            "fs::read",
            "fs::write",
            "fs::rename",
            "fs::remove",
        ],
        allowed: &[
            "src/cli/",
            "src/floor/command.rs",
            "src/floor/credentials.rs",
            "src/keys.rs",
            "src/ledger/archive.rs",
            "src/ledger/file.rs",
            "src/print_desk.rs",
            "src/printing.rs",
            "src/scanner/sim.rs",
            "src/station/startup.rs",
            "src/ui/",
        ],
    },
    Rule {
        what: "sockets",
        needles: &["std::os::unix::net", "std::net"],
        allowed: &["src/print_desk.rs"],
    },
    Rule {
        what: "processes",
        needles: &["process::Command", "process::exit", "process::abort"],
        allowed: &["src/main.rs", "src/cli/", "src/printing.rs"],
    },
    Rule {
        what: "the operating system's random source",
        needles: &[
            "OsRng",
            "SysRng",
            "thread_rng",
            "rand::rng()",
            "getrandom",
            "from_os_rng",
        ],
        allowed: &["src/cli/", "src/keys.rs", "src/station/mod.rs"],
    },
    Rule {
        what: "the command line's module (its shared helpers are in src/console.rs)",
        needles: &["crate::cli", "pairs_table::cli"],
        allowed: &["src/main.rs", "src/cli/"],
    },
    Rule {
        what: "the table screen (it opens the pit screens, which never reach back into it)",
        needles: &["ui::table", "super::table::", "super::super::table"],
        allowed: &["src/ui/mod.rs"],
    },
    Rule {
        what: "the ratings (game protection lies below them: `Period` is in src/period.rs)",
        needles: &["crate::rating"],
        allowed: &[
            "src/cli/",
            "src/figures/",
            "src/printing.rs",
            "src/report/",
            "src/ui/",
        ],
    },
];

/// A layer and what lies above it: the files under `place` (a prefix of
/// their path from the repository root) may never import the modules that
/// `needles` name (ARCHITECTURE.md, "Layers").
struct Layer {
    place: &'static str,
    what: &'static str,
    needles: &'static [&'static str],
}

const LAYERS: &[Layer] = &[Layer {
    place: "src/ledger/",
    what: "game math: the ledger stores the figures it is given, and `crate::figures` and \
           the callers above work them out",
    needles: &[
        "crate::protection",
        "crate::par::",
        "crate::par;",
        "crate::simulate",
        "crate::rating",
        "pairs_solver",
    ],
}];

/// What the rules engine may never use, on top of every rule above.
const ENGINE_FORBIDDEN: &[&str] = &[
    "std::fs",
    "std::net",
    "std::process",
    "std::env",
    "std::time",
    "SystemTime",
    "Instant",
    "chrono",
    "println!",
    "eprintln!",
];

/// The engine crate's dependencies: none can do I/O or read a clock.
const ENGINE_DEPENDENCIES: &[&str] = &["hex", "rand", "serde", "sha2", "thiserror", "toml"];

/// The solver crate's: the engine and two that cannot do I/O either.
const SOLVER_DEPENDENCIES: &[&str] = &["pairs-engine", "serde", "thiserror"];

/// The crates as pure as the rules engine: no I/O, no clock.
const PURE_CRATES: &[&str] = &["crates/engine/", "crates/solver/"];

/// The code of a line: the part before a `//` comment (doc comments too).
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// The findings in one source file, `path` relative to the repository root
/// with `/` separators.
fn findings(path: &str, text: &str) -> Vec<String> {
    let engine = PURE_CRATES.iter().any(|place| path.starts_with(place));
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = code(line);
        for rule in RULES {
            let allowed = !engine && rule.allowed.iter().any(|place| path.starts_with(place));
            if let Some(needle) = rule.needles.iter().find(|n| code.contains(*n))
                && !allowed
            {
                found.push(format!(
                    "{path}:{} uses `{needle}` ({}), which ARCHITECTURE.md allows only in {}",
                    number + 1,
                    rule.what,
                    rule.allowed.join(", ")
                ));
            }
        }
        for layer in LAYERS {
            if path.starts_with(layer.place)
                && let Some(needle) = layer.needles.iter().find(|n| code.contains(*n))
            {
                found.push(format!(
                    "{path}:{} uses `{needle}` ({}), which ARCHITECTURE.md puts above {}",
                    number + 1,
                    layer.what,
                    layer.place
                ));
            }
        }
        if engine && let Some(needle) = ENGINE_FORBIDDEN.iter().find(|n| code.contains(*n)) {
            found.push(format!(
                "{path}:{} uses `{needle}`: the rules engine does no I/O and reads no clock",
                number + 1
            ));
        }
    }
    found
}

/// The dependencies named in a Cargo.toml's `[dependencies]` table.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside
            && !line.starts_with('#')
            && let Some((name, _)) = line.split_once('=')
        {
            names.push(name.trim().to_owned());
        }
    }
    names
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, as paths relative to the repository root.
fn sources(dir: &Path, into: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root()).unwrap();
            into.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Every source file of the program and its crates, as paths relative to
/// the repository root.
fn all_sources() -> Vec<String> {
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    sources(&root().join("crates/engine/src"), &mut files);
    sources(&root().join("crates/solver/src"), &mut files);
    assert!(files.len() > 40, "{files:?}");
    files
}

/// The most lines a source file may have (ARCHITECTURE.md, "Code map"):
/// past it, a file holds more than one concern and is split by them.
const MOST_LINES: usize = 1_300;

#[test]
fn every_capability_is_used_only_where_the_architecture_allows_it() {
    let files = all_sources();
    let found: Vec<String> = files
        .iter()
        .flat_map(|file| findings(file, &std::fs::read_to_string(root().join(file)).unwrap()))
        .collect();
    assert!(found.is_empty(), "\n{}", found.join("\n"));
}

#[test]
fn every_source_file_is_under_the_line_limit() {
    let long: Vec<String> = all_sources()
        .into_iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(root().join(&file))
                .unwrap()
                .lines()
                .count();
            (lines >= MOST_LINES).then(|| {
                format!("{file} has {lines} lines: split it by concern (under {MOST_LINES})")
            })
        })
        .collect();
    assert!(long.is_empty(), "\n{}", long.join("\n"));
}

#[test]
fn the_engine_and_the_solver_depend_only_on_crates_that_cannot_do_io() {
    for (crate_dir, allowed) in [
        ("crates/engine", ENGINE_DEPENDENCIES),
        ("crates/solver", SOLVER_DEPENDENCIES),
    ] {
        let manifest = std::fs::read_to_string(root().join(crate_dir).join("Cargo.toml")).unwrap();
        let names = dependencies(&manifest);
        assert!(!names.is_empty());
        for name in &names {
            assert!(
                allowed.contains(&name.as_str()),
                "{crate_dir} depends on {name}, which is not on its list of crates that cannot \
                 do I/O"
            );
        }
    }
    let engine = std::fs::read_to_string(root().join("crates/engine/Cargo.toml")).unwrap();
    assert!(
        engine.contains("default-features = false"),
        "rand's default features include the OS random source"
    );
}

#[test]
fn the_tidy_check_catches_a_forbidden_use_and_passes_an_allowed_one() {
    let engine_sql = findings(
        "crates/engine/src/card.rs",
        "use rusqlite::Connection;\nfn f() { let _ = std::time::Instant::now(); }\n",
    );
    assert_eq!(engine_sql.len(), 2, "{engine_sql:?}");
    assert!(engine_sql[0].contains("crates/engine/src/card.rs:1 uses `rusqlite` (SQLite)"));
    assert!(engine_sql[1].contains("crates/engine/src/card.rs:2 uses `std::time`"));
    assert!(engine_sql[1].contains("the rules engine does no I/O"));
    let ui_file_io = findings("src/report/pdf.rs", "    let _ = std::fs::read(path);\n");
    assert_eq!(ui_file_io.len(), 1, "{ui_file_io:?}");
    assert!(ui_file_io[0].starts_with("src/report/pdf.rs:1 uses `std::fs` (file I/O)"));
    let station_egui = findings("src/station/mod.rs", "use eframe::egui::Ui;\n");
    assert_eq!(station_egui.len(), 1, "{station_egui:?}");
    assert!(findings("src/ledger/mod.rs", "use rusqlite::Connection;\n").is_empty());
    let ledger_math = findings(
        "src/ledger/hands.rs",
        "use crate::protection::EdgeTracker;\nuse crate::par::hold::ParHold;\n",
    );
    assert_eq!(ledger_math.len(), 2, "{ledger_math:?}");
    assert!(
        ledger_math[0].starts_with("src/ledger/hands.rs:1 uses `crate::protection` (game math")
    );
    assert!(ledger_math[1].starts_with("src/ledger/hands.rs:2 uses `crate::par::` (game math"));
    assert!(ledger_math[1].ends_with("which ARCHITECTURE.md puts above src/ledger/"));
    assert!(
        findings(
            "src/figures/recorder.rs",
            "use crate::protection::EdgeTracker;\n"
        )
        .is_empty()
    );
    assert!(
        findings(
            "src/ledger/hands.rs",
            "use crate::hand_edges::RecordedEdge;\n"
        )
        .is_empty()
    );
    assert!(findings("src/station/mod.rs", "//! No egui here: eframe draws it\n").is_empty());
    assert_eq!(
        dependencies(
            "[package]\nname = \"x\"\n[dependencies]\nrand = \"1\"\n# note\nserde = { version = \"1\" }\n[dev-dependencies]\nproptest = \"1\"\n"
        ),
        ["rand", "serde"]
    );
}

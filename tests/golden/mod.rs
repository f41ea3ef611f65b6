//! Golden tests: every format that leaves the process or is hashed or
//! signed, compared byte for byte with the bytes its document gives.
//!
//! A document marks each pinned example with an HTML comment on the line
//! before a fenced block: `<!-- golden: NAME -->`. The test builds the same
//! thing with the program and compares; a rename anywhere in a persisted
//! type fails a test that names the document and the block.

mod chain;
mod csv;
mod hand_edges;
mod json;
mod live;
mod replay;
mod rules;
mod serial;

use std::ffi::OsStr;
use std::path::Path;

/// The text of the fenced block marked `<!-- golden: NAME -->` in `doc`
/// (a path from the repository root), each line ending in `\n`.
pub fn block(doc: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{doc}: cannot read the document: {e}"));
    let marker = format!("<!-- golden: {name} -->");
    let mut lines = text.lines();
    lines
        .by_ref()
        .find(|line| line.trim() == marker)
        .unwrap_or_else(|| panic!("{doc} has no block marked {marker}"));
    let fence = lines
        .next()
        .filter(|line| line.starts_with("```"))
        .unwrap_or_else(|| panic!("{doc}: {marker} is not followed by a fenced block"));
    let fence = &fence[..fence.chars().take_while(|c| *c == '`').count()];
    let mut body = String::new();
    for line in lines {
        if line.trim_end() == fence {
            return body;
        }
        body.push_str(line);
        body.push('\n');
    }
    panic!("{doc}: the block marked {marker} is not closed");
}

/// The bytes of a block written as hex: pairs of hex digits, with spaces,
/// line breaks and `#` comments (to the end of the line) ignored.
pub fn hex_block(doc: &str, name: &str) -> Vec<u8> {
    let digits: String = block(doc, name)
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(|line| line.chars().filter(|c| !c.is_whitespace()))
        .collect();
    hex::decode(&digits).unwrap_or_else(|e| panic!("{doc}: block {name} is not hex digits: {e}"))
}

/// Fails, naming the document and block, unless the program's `actual`
/// text is byte for byte the block's.
pub fn assert_text(doc: &str, name: &str, actual: &str) {
    let expected = block(doc, name);
    if actual != expected {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "{doc}, block {name}: the program's bytes are not the document's \
             (first difference on line {}).\n--- document\n{expected}--- program\n{actual}---\n\
             A persisted format changed: if that is intended, it is a new version \
             (ARCHITECTURE.md, \"Persisted formats\"), never a silent edit.",
            line + 1
        );
    }
}

/// Fails, naming the document and block, unless `actual` is the block's
/// hex bytes.
pub fn assert_hex(doc: &str, name: &str, actual: &[u8]) {
    let expected = hex_block(doc, name);
    assert!(
        actual == expected.as_slice(),
        "{doc}, block {name}: the program's bytes are not the document's.\n\
         document: {}\nprogram:  {}\n\
         A persisted format changed: if that is intended, it is a new version \
         (ARCHITECTURE.md, \"Persisted formats\"), never a silent edit.",
        hex::encode(&expected),
        hex::encode(actual)
    );
}

/// Runs `pairs-table` (the tests' key and homes) with `args`, which must
/// succeed; its standard output.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> String {
    run_in(None, args)
}

/// [`run`] in the directory `dir` (the tests' own without one).
pub fn run_in<S: AsRef<OsStr>>(dir: Option<&std::path::Path>, args: &[S]) -> String {
    let mut command = crate::pairs_table();
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let out = command.args(args).output().unwrap();
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect();
    assert!(
        out.status.success(),
        "pairs-table {}: {}",
        shown.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

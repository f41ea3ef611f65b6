//! What the command line writes to the terminal and reads from it, shared
//! by `cli` and the floor's commands (`floor::command`) from below both:
//! a line printed and flushed, a note on stderr, text from a ledger or the
//! floor made safe to print, a time read from the command line, and an exit
//! status a command asks for.

use anyhow::Context;

/// A command's exit status other than 0 or 1, for a command that has
/// already said what it found (`floor status`: 1 a warning, 2 critical).
#[derive(Debug, thiserror::Error)]
#[error("exit status {0}")]
pub struct ExitStatus(pub u8);

/// Prints one line and flushes it, so that a pipe sees each event at once.
/// Control characters other than tabs and line breaks are escaped (see
/// [`shown`]). A reader that has gone (`| head`) is an error
/// `cli::run` ends quietly on.
pub(crate) fn print_line(line: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let line = escaped(line, |c| matches!(c, '\t' | '\n'));
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")
        .and_then(|()| stdout.flush())
        .context("cannot write to standard output")
}

/// Writes one line to stderr, escaped as [`print_line`] does; a closed
/// stderr is ignored.
pub(crate) fn note(line: &str) {
    use std::io::Write;
    let line = escaped(line, |c| matches!(c, '\t' | '\n'));
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `text` (a name, a row's text: anything from a ledger, the floor or
/// another station) safe to print as one field: every control character,
/// tabs and line breaks included, and every bidirectional-text control is
/// written as `\uXXXX` (which JSON reads back as the same character), so
/// it can neither drive the terminal nor forge a line or a column.
pub(crate) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    escaped(text, |_| false)
}

fn escaped(text: &str, keep: impl Fn(char) -> bool) -> std::borrow::Cow<'_, str> {
    let escape = |c: char| {
        !keep(c)
            && (c.is_control()
                || matches!(
                    c,
                    '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
                ))
    };
    if !text.chars().any(escape) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escape(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A time given on the command line (RFC 3339), or a sentence saying it is not one.
pub(crate) fn parse_time(text: &str) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&chrono::Utc))
        .map_err(|_| {
            anyhow::anyhow!("`{text}` is not a time; give RFC 3339, like 2025-01-02T18:00:00Z")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_elsewhere_cannot_drive_the_terminal() {
        let name = "table\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}1m\u{202e}9\ttab\nline";
        assert_eq!(
            shown(name),
            "table\\u001b]0;owned\\u0007\\u001b[2J\\u009b1m\\u202e9\\u0009tab\\u000aline"
        );
        assert_eq!(
            escaped(name, |c| matches!(c, '\t' | '\n')),
            "table\\u001b]0;owned\\u0007\\u001b[2J\\u009b1m\\u202e9\ttab\nline"
        );
        assert!(matches!(
            shown("table 1 — ♠"),
            std::borrow::Cow::Borrowed(_)
        ));
        // Escaped, JSON still reads the same text.
        let json = escaped(&serde_json::to_string(&name).unwrap(), |_| false).into_owned();
        assert_eq!(serde_json::from_str::<String>(&json).unwrap(), name);
    }
}

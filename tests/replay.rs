//! The replay command against the shared sample hand histories.

use std::path::PathBuf;

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hand-history")
}

fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples())
        .expect("tests/data/hand-history holds the sample")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    files.sort();
    files
}

fn expected_of(sample: &std::path::Path) -> serde_json::Value {
    let path = sample.with_extension("expected.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_sample_replays_to_its_expected_result() {
    let samples = samples();
    assert!(
        samples.len() >= 30,
        "expected the shared sample, found {}",
        samples.len()
    );
    for sample in samples {
        let expected = expected_of(&sample);
        let output = crate::pairs_table()
            .arg("replay")
            .arg(&sample)
            .output()
            .unwrap();
        let name = sample.display();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if expected.get("error").is_some() {
            assert!(!output.status.success(), "{name} should be refused");
            assert!(
                output.stdout.is_empty(),
                "{name}: nothing on stdout when refused"
            );
            assert_eq!(
                stderr.trim().lines().count(),
                1,
                "{name}: one sentence on stderr: {stderr}"
            );
            assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        } else {
            assert!(output.status.success(), "{name} refused: {stderr}");
            let got: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let seats: Vec<(i64, i64)> = got["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| (s["seat"].as_i64().unwrap(), s["net"].as_i64().unwrap()))
                .collect();
            let want: Vec<(i64, i64)> = expected["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| (s["seat"].as_i64().unwrap(), s["net"].as_i64().unwrap()))
                .collect();
            assert_eq!(seats, want, "{name}");
            assert_eq!(got.get("carry_out"), expected.get("carry_out"), "{name}");
        }
    }
}

/// Runs `pairs-table replay -` with `input` on standard input.
fn replay_stdin(input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = crate::pairs_table()
        .args(["replay", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn replay_reads_standard_input() {
    let sample = examples().join("valid-rocket-dealer-first3.json");
    let output = replay_stdin(&std::fs::read(sample).unwrap());
    assert!(output.status.success());
    let got: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(got["seats"][0]["net"], 120);
}

#[test]
fn malformed_input_is_one_clear_sentence() {
    for (input, needle) in [
        ("not json", "malformed"),
        ("{\"game\":\"rocket\"}", "missing field"),
        ("{\"game\":\"poker\"}", "unknown game"),
        ("", "malformed"),
    ] {
        let output = replay_stdin(input.as_bytes());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{input:?}");
        assert!(output.stdout.is_empty());
        assert!(stderr.contains(needle), "{input:?}: {stderr}");
    }
}

/// The issue's hand: dealt at ante 2 with a 5% rake, it replays to a pot
/// of 14 and 7 each only when the history carries its rules; without them
/// it is judged under the defaults; a bad rule is refused by name.
#[test]
fn a_history_carries_its_starboard_rules() {
    use pairs_table::history::replay_text;
    let hand = |rules: &str| {
        format!(
            r#"{{"game": "starboard", "decks": 1, "button": 1, "carry_in": 0, {rules}
               "seats": [{{"seat": 1}}, {{"seat": 2}}],
               "cards": [4, 5, 6], "actions": [{{"seat": 1, "action": "draw"}},
               {{"seat": 2, "action": "lock"}}, {{"seat": 1, "action": "lock"}}]}}"#
        )
    };
    // Seat 1 draws (a 6, no pair), then both lock at three cards and split
    // the pot: antes and one draw, 3 units.
    let raked = replay_text(&hand(r#""unit": 2, "rake_percent": 25, "rake_cap": 0,"#)).unwrap();
    assert_eq!(raked.pot, Some(6));
    assert_eq!(raked.rake, Some(1));
    let plain = replay_text(&hand("")).unwrap();
    assert_eq!(plain.pot, Some(3));
    assert_eq!(plain.rake, Some(0));
    for (bad, key) in [
        (r#""unit": 0,"#, "starboard.unit"),
        (r#""rake_percent": 26,"#, "starboard.rake_percent"),
        (r#""rake_cap": -1,"#, "rake_cap"),
    ] {
        let error = replay_text(&hand(bad)).unwrap_err().to_string();
        assert!(error.contains(key), "{bad}: {error}");
    }
}

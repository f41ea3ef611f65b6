//! docs/house-rules.md: the canonical text every hand's `rules_hash` is
//! taken over, and its SHA-256.

use pairs_table::engine::rules::{HouseRules, StartRule};
use proptest::prelude::*;
use sha2::{Digest, Sha256};

use super::{assert_text, block};

const DOC: &str = "docs/house-rules.md";

/// SHA-256 of the document's own text, computed here, not by the program.
fn sha256_of(text: &str) -> String {
    format!("{}\n", hex::encode(Sha256::digest(text.as_bytes())))
}

#[test]
fn the_defaults_give_the_documented_text_and_hash() {
    let rules = HouseRules::from_toml("").unwrap();
    assert_text(DOC, "canonical-text-defaults", &rules.canonical_text());
    let documented = block(DOC, "canonical-text-defaults");
    assert_eq!(sha256_of(&documented), block(DOC, "hash-defaults"));
    assert_text(DOC, "hash-defaults", &format!("{}\n", rules.hash_hex()));
}

#[test]
fn a_changed_rules_file_gives_the_documented_text_and_hash() {
    let rules = HouseRules::from_toml(&block(DOC, "rules-file-changed")).unwrap();
    assert_text(DOC, "canonical-text-changed", &rules.canonical_text());
    let documented = block(DOC, "canonical-text-changed");
    assert_eq!(sha256_of(&documented), block(DOC, "hash-changed"));
    assert_text(DOC, "hash-changed", &format!("{}\n", rules.hash_hex()));
}

#[test]
fn the_misnamed_hash_is_the_documented_one_and_no_longer_recorded() {
    let rules = HouseRules::default();
    assert_text(
        DOC,
        "misnamed-hash-defaults",
        &format!("{}\n", rules.misnamed_hash_hex()),
    );
    let misnamed = block(DOC, "canonical-text-defaults")
        .replace("rocket.min_bet=", "rocket.min_bet_units=")
        .replace("rocket.max_bet=", "rocket.max_bet_units=");
    assert_eq!(sha256_of(&misnamed), block(DOC, "misnamed-hash-defaults"));
    assert_ne!(rules.hash_hex(), rules.misnamed_hash_hex());
}

/// The canonical text for `rules` built from the document alone: the
/// defaults block's lines in its order, each key given this rule's value.
fn text_from_the_document(rules: &HouseRules) -> String {
    block(DOC, "canonical-text-defaults")
        .lines()
        .map(|line| match line.split_once('=') {
            None => format!("{line}\n"),
            Some((key, _)) => {
                let value = match key {
                    "penetration_permille" => rules.penetration_permille.to_string(),
                    "burn" => rules.burn.to_string(),
                    "rocket.start" => rules.rocket.start.as_str().to_owned(),
                    "rocket.min_bet" => rules.rocket.min_bet_units.to_string(),
                    "rocket.max_bet" => rules.rocket.max_bet_units.to_string(),
                    "starboard.unit" => rules.starboard.unit.to_string(),
                    "starboard.rake_percent" => rules.starboard.rake_percent.to_string(),
                    "starboard.rake_cap" => rules.starboard.rake_cap.to_string(),
                    other => panic!("{DOC} names a rule {other} this test does not know"),
                };
                format!("{key}={value}\n")
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any valid rules file hashes to SHA-256 of the text the document
    /// describes, and reads back from TOML written with the document's keys.
    #[test]
    fn any_rules_file_hashes_to_the_documented_text(
        penetration in 500u16..=950,
        burn in 0u8..=10,
        dealer_left in any::<bool>(),
        min_tens in 1u64..=50,
        extra_tens in 0u64..=500,
        unit in 1u64..=1000,
        rake_percent in 0u64..=25,
        rake_cap in 0u64..=1000,
    ) {
        let file = format!(
            "penetration = {}.{:03}\nburn = {burn}\n\n[rocket]\nstart = \"{}\"\n\
             min_bet = {}\nmax_bet = {}\n\n[starboard]\nunit = {unit}\n\
             rake_percent = {rake_percent}\nrake_cap = {rake_cap}\n",
            penetration / 1000,
            penetration % 1000,
            if dealer_left { "dealer_left" } else { "low_card" },
            min_tens * 10,
            (min_tens + extra_tens) * 10,
        );
        let rules = HouseRules::from_toml(&file).unwrap();
        prop_assert_eq!(
            rules.rocket.start,
            if dealer_left { StartRule::DealerLeft } else { StartRule::LowCard }
        );
        let documented = text_from_the_document(&rules);
        prop_assert_eq!(&rules.canonical_text(), &documented);
        prop_assert_eq!(format!("{}\n", rules.hash_hex()), sha256_of(&documented));
    }
}

/// `pairs-table rules FILE` prints the documented hash of the documented
/// file, as its `# hash:` line.
#[test]
fn the_rules_command_prints_the_documented_hash() {
    let dir = std::env::temp_dir().join(format!("pairs-table-golden-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("changed.toml");
    std::fs::write(&file, block(DOC, "rules-file-changed")).unwrap();
    let out = crate::pairs_table()
        .arg("rules")
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let hash = block(DOC, "hash-changed");
    assert!(
        stdout.ends_with(&format!("# hash: {hash}")),
        "{DOC}: `pairs-table rules` printed\n{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

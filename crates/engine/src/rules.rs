//! House rules: the settings RULINGS.md lets a casino choose, validated,
//! loadable from TOML, and hashed so every hand records the rules it was
//! dealt under.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// The bet grid: Rocket bets are multiples of this many units.
pub const BET_GRID_UNITS: u64 = 10;
/// The largest Rocket bet any table may allow, to keep every sum far from overflow.
pub const MAX_BET_LIMIT_UNITS: u64 = 1_000_000_000;

/// Who starts a Rocket hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartRule {
    /// The lowest first card starts and takes the button (the casino rule).
    LowCard,
    /// The lowest occupied seat starts.
    DealerLeft,
}

impl StartRule {
    /// The name used in files and hand histories.
    pub const fn as_str(self) -> &'static str {
        match self {
            StartRule::LowCard => "low_card",
            StartRule::DealerLeft => "dealer_left",
        }
    }
}

impl fmt::Display for StartRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Rocket's table limits and start rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RocketRules {
    /// Who starts each hand.
    pub start: StartRule,
    /// The smallest bet in units, a multiple of 10 (`min_bet` in the
    /// rules file).
    #[serde(rename = "min_bet")]
    pub min_bet_units: u64,
    /// The bet cap in units, a multiple of 10 (`max_bet` in the rules
    /// file).
    #[serde(rename = "max_bet")]
    pub max_bet_units: u64,
}

impl Default for RocketRules {
    fn default() -> Self {
        RocketRules {
            start: StartRule::LowCard,
            min_bet_units: 10,
            max_bet_units: 1000,
        }
    }
}

/// Starboard's ante and draw size and the house's rake.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StarboardRules {
    /// Table units in one ante and in one draw.
    pub unit: u64,
    /// Percent of the units paid into the pot in a game (antes and draws,
    /// not the carry) that the house takes, rounded down; 0 means no rake.
    pub rake_percent: u64,
    /// The most the rake may take from one pot, in table units (0: no cap).
    pub rake_cap: u64,
}

impl Default for StarboardRules {
    fn default() -> Self {
        StarboardRules {
            unit: 1,
            rake_percent: 0,
            rake_cap: 0,
        }
    }
}

impl StarboardRules {
    /// The rake on a pot into which `paid_in_units` were paid this game.
    pub fn rake_on(&self, paid_in_units: u64) -> u64 {
        let rake = paid_in_units * self.rake_percent / 100;
        if self.rake_cap > 0 {
            rake.min(self.rake_cap)
        } else {
            rake
        }
    }
}

/// The house rules in force at a table. Build one with [`HouseRules::default`]
/// or [`HouseRules::from_toml`]; [`HouseRules::validate`] checks a hand-built one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// Share of the shoe dealt (burns included) before a shuffle is due, in
    /// thousandths; 800 means the cut card leaves 20% behind it.
    #[serde(with = "permille_as_fraction", rename = "penetration")]
    pub penetration_permille: u16,
    /// Cards burned after every shuffle.
    pub burn: u8,
    /// Rocket settings.
    pub rocket: RocketRules,
    /// Starboard settings.
    pub starboard: StarboardRules,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            penetration_permille: 800,
            burn: 5,
            rocket: RocketRules::default(),
            starboard: StarboardRules::default(),
        }
    }
}

/// A house rule that is out of range, or a rules file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A setting has a value the system does not allow; names the key.
    #[error("house rule `{key}` {problem}")]
    BadValue {
        /// The TOML key, e.g. `rocket.max_bet`.
        key: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// The TOML text is malformed or has an unknown key or a wrong type.
    #[error("house rules file: {0}")]
    Toml(String),
}

fn bad(key: &'static str, problem: String) -> RulesError {
    RulesError::BadValue { key, problem }
}

impl HouseRules {
    /// Parses and validates house rules from TOML text; keys left out keep
    /// their defaults.
    pub fn from_toml(text: &str) -> Result<HouseRules, RulesError> {
        let rules: HouseRules =
            toml::from_str(text).map_err(|e| RulesError::Toml(e.to_string().trim().to_owned()))?;
        rules.validate()?;
        Ok(rules)
    }

    /// The rules as TOML text, which [`HouseRules::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Checks every setting, naming the first bad key.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(500..=950).contains(&self.penetration_permille) {
            return Err(bad(
                "penetration",
                format!(
                    "must be between 0.50 and 0.95, not {}",
                    permille_text(self.penetration_permille)
                ),
            ));
        }
        if self.burn > 10 {
            return Err(bad(
                "burn",
                format!("must be 0 to 10 cards, not {}", self.burn),
            ));
        }
        let rocket = &self.rocket;
        for (key, bet) in [
            ("rocket.min_bet", rocket.min_bet_units),
            ("rocket.max_bet", rocket.max_bet_units),
        ] {
            if bet == 0 || bet % BET_GRID_UNITS != 0 {
                return Err(bad(
                    key,
                    format!("must be a positive multiple of 10 units, not {bet}"),
                ));
            }
            if bet > MAX_BET_LIMIT_UNITS {
                return Err(bad(
                    key,
                    format!("must be at most {MAX_BET_LIMIT_UNITS} units, not {bet}"),
                ));
            }
        }
        if rocket.min_bet_units > rocket.max_bet_units {
            return Err(bad(
                "rocket.min_bet",
                format!(
                    "({}) is above rocket.max_bet ({})",
                    rocket.min_bet_units, rocket.max_bet_units
                ),
            ));
        }
        let starboard = &self.starboard;
        if starboard.unit == 0 || starboard.unit > MAX_BET_LIMIT_UNITS {
            return Err(bad(
                "starboard.unit",
                format!(
                    "must be 1 to {MAX_BET_LIMIT_UNITS} table units, not {}",
                    starboard.unit
                ),
            ));
        }
        if starboard.rake_percent > 25 {
            return Err(bad(
                "starboard.rake_percent",
                format!("must be 0 to 25, not {}", starboard.rake_percent),
            ));
        }
        if starboard.rake_cap > MAX_BET_LIMIT_UNITS {
            return Err(bad(
                "starboard.rake_cap",
                format!("must be at most {MAX_BET_LIMIT_UNITS}"),
            ));
        }
        Ok(())
    }

    /// The canonical text the hash is taken over: one `key=value` line per
    /// rule in a fixed order. Documented in docs/house-rules.md; never
    /// reorder or rename.
    pub fn canonical_text(&self) -> String {
        self.canonical_text_naming_bets("min_bet", "max_bet")
    }

    /// SHA-256 of [`HouseRules::canonical_text`], as 64 lowercase hex digits.
    pub fn hash_hex(&self) -> String {
        sha256_hex(&self.canonical_text())
    }

    /// The hash that builds of 2026-11-26 (commit a27179b up to the fix)
    /// recorded by mistake: the canonical text with Rocket's bet lines
    /// misnamed `rocket.min_bet_units=` and `rocket.max_bet_units=`.
    /// Ledgers they wrote keep it; `audit verify` accepts this one wrong
    /// form and says so (docs/house-rules.md, "Ledgers hashed with the
    /// misnamed text"). Nothing records it any more.
    pub fn misnamed_hash_hex(&self) -> String {
        sha256_hex(&self.canonical_text_naming_bets("min_bet_units", "max_bet_units"))
    }

    fn canonical_text_naming_bets(&self, min_key: &str, max_key: &str) -> String {
        format!(
            "pairs-table house rules v1\n\
             penetration_permille={}\nburn={}\n\
             rocket.start={}\nrocket.{min_key}={}\nrocket.{max_key}={}\n\
             starboard.unit={}\nstarboard.rake_percent={}\nstarboard.rake_cap={}\n",
            self.penetration_permille,
            self.burn,
            self.rocket.start,
            self.rocket.min_bet_units,
            self.rocket.max_bet_units,
            self.starboard.unit,
            self.starboard.rake_percent,
            self.starboard.rake_cap,
        )
    }
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

fn permille_text(permille: u16) -> String {
    format!("{}.{:03}", permille / 1000, permille % 1000)
}

/// Reads `penetration = 0.80` as 800 thousandths (refusing finer fractions)
/// and writes it back the same way, so no float is kept past parsing.
mod permille_as_fraction {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(permille: &u16, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(*permille) / 1000.0)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u16, D::Error> {
        let fraction = f64::deserialize(deserializer)?;
        let permille = (fraction * 1000.0).round();
        if !(0.0..=1000.0).contains(&permille) || (fraction * 1000.0 - permille).abs() > 1e-6 {
            return Err(D::Error::custom(format!(
                "penetration must be a fraction such as 0.80 with at most three decimals, not {fraction}"
            )));
        }
        Ok(permille as u16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_rulings() {
        let rules = HouseRules::default();
        assert_eq!(rules.penetration_permille, 800);
        assert_eq!(rules.burn, 5);
        assert_eq!(rules.rocket.start, StartRule::LowCard);
        assert_eq!(rules.starboard.rake_percent, 0);
        rules.validate().unwrap();
    }

    #[test]
    fn toml_round_trips_and_keeps_defaults_for_missing_keys() {
        let rules = HouseRules::from_toml("penetration = 0.75\n[rocket]\nmax_bet = 500\n").unwrap();
        assert_eq!(rules.penetration_permille, 750);
        assert_eq!(rules.rocket.max_bet_units, 500);
        assert_eq!(rules.burn, 5);
        assert_eq!(HouseRules::from_toml(&rules.to_toml()).unwrap(), rules);
    }

    #[test]
    fn bad_keys_are_named() {
        let err = HouseRules::from_toml("[rocket]\nmax_bet = 505\n").unwrap_err();
        assert!(err.to_string().contains("`rocket.max_bet`"), "{err}");
        let err = HouseRules::from_toml("[rocket]\nmax_bett = 500\n").unwrap_err();
        assert!(err.to_string().contains("max_bett"), "{err}");
        let err = HouseRules::from_toml("burn = \"five\"\n").unwrap_err();
        assert!(err.to_string().contains("burn"), "{err}");
        let err = HouseRules::from_toml("penetration = 0.99\n").unwrap_err();
        assert!(err.to_string().contains("penetration"), "{err}");
        let err = HouseRules::from_toml("[rocket]\nmin_bet = 100\nmax_bet = 50\n").unwrap_err();
        assert!(err.to_string().contains("`rocket.min_bet`"), "{err}");
    }

    #[test]
    fn the_hash_is_stable_and_changes_with_any_rule() {
        let rules = HouseRules::default();
        assert_eq!(rules.hash_hex(), HouseRules::default().hash_hex());
        assert_eq!(rules.hash_hex().len(), 64);
        let mut other = rules;
        other.starboard.rake_cap = 7;
        assert_ne!(rules.hash_hex(), other.hash_hex());
    }

    #[test]
    fn rake_rounds_down_and_respects_the_cap() {
        let rules = StarboardRules {
            unit: 1,
            rake_percent: 10,
            rake_cap: 3,
        };
        assert_eq!(rules.rake_on(19), 1);
        assert_eq!(rules.rake_on(100), 3);
        assert_eq!(StarboardRules::default().rake_on(1000), 0);
    }
}

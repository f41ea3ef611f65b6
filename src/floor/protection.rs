//! The house's game-protection thresholds kept on the floor
//! (docs/floor.md, "Game protection settings"; floor schema 10): the
//! significance level and the minimum hands the pit view and `report
//! protection --floor` flag by, each change a row of
//! `floor.protection_settings`, the latest in force.

use postgres::Client;

use super::{FloorError, connect};
use crate::protection::FlagSettings;

/// The thresholds as the floor records them: a value never set is `None`
/// (the documented default holds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProtectionSettings {
    /// The significance level set, if any.
    pub significance: Option<f64>,
    /// The minimum hands set, if any.
    pub minimum_hands: Option<u64>,
}

impl ProtectionSettings {
    /// The thresholds in force: those set, the defaults for the rest.
    pub fn in_force(&self) -> FlagSettings {
        let default = FlagSettings::default();
        FlagSettings {
            significance: self.significance.unwrap_or(default.significance),
            minimum_hands: self.minimum_hands.unwrap_or(default.minimum_hands),
        }
    }

    /// As `floor protection` prints them: `significance: 0.001 (the
    /// default); minimum hands: 500 (the default)`.
    pub fn sentence(&self) -> String {
        let in_force = self.in_force();
        let default = |set: bool| if set { "" } else { " (the default)" };
        format!(
            "significance: {}{}; minimum hands: {}{}",
            in_force.significance,
            default(self.significance.is_some()),
            in_force.minimum_hands,
            default(self.minimum_hands.is_some())
        )
    }
}

/// The floor's protection settings, changing those given first (an owner's
/// URL to change them; the pit's reads them): a bad value is refused
/// before anything connects; a change is a new row, and every pit view
/// redraws with it.
pub fn protection_settings(
    url: &str,
    significance: Option<f64>,
    minimum_hands: Option<u64>,
) -> Result<ProtectionSettings, FloorError> {
    let default = FlagSettings::default();
    FlagSettings::new(
        significance.unwrap_or(default.significance),
        minimum_hands.unwrap_or(default.minimum_hands),
    )
    .map_err(|e| FloorError::Refused(e.to_string()))?;
    let mut client = connect(url)?;
    if significance.is_none() && minimum_hands.is_none() {
        return settings_on(&mut client);
    }
    // Within the range FlagSettings::new checked: an i64.
    let hands = minimum_hands.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
    let mut tx = client.transaction()?;
    tx.batch_execute("LOCK TABLE floor.protection_settings IN SHARE ROW EXCLUSIVE MODE")?;
    let row = tx.query_one(
        "INSERT INTO floor.protection_settings (significance, minimum_hands) \
         SELECT coalesce($1, (SELECT significance FROM floor.protection_settings ORDER BY id DESC LIMIT 1)), \
                coalesce($2, (SELECT minimum_hands FROM floor.protection_settings ORDER BY id DESC LIMIT 1)) \
         RETURNING significance, minimum_hands",
        &[&significance, &hands],
    )?;
    tx.batch_execute("SELECT pg_notify('floor_rows', '')")?;
    tx.commit()?;
    Ok(from_row(row.get(0), row.get(1)))
}

/// The settings in force on `client`'s floor.
pub(super) fn settings_on(client: &mut Client) -> Result<ProtectionSettings, FloorError> {
    let row = client.query_opt(
        "SELECT significance, minimum_hands FROM floor.protection_settings ORDER BY id DESC LIMIT 1",
        &[],
    )?;
    Ok(row.map_or_else(ProtectionSettings::default, |r| {
        from_row(r.get(0), r.get(1))
    }))
}

fn from_row(significance: Option<f64>, minimum_hands: Option<i64>) -> ProtectionSettings {
    ProtectionSettings {
        significance,
        minimum_hands: minimum_hands.and_then(|n| u64::try_from(n).ok()),
    }
}

/// The thresholds in force on the floor at `url`, for `report protection
/// --floor`.
pub fn flag_settings(url: &str) -> Result<FlagSettings, FloorError> {
    Ok(settings_on(&mut connect(url)?)?.in_force())
}

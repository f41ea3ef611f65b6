//! The floor's standbys as its server sees them (docs/floor.md, `floor
//! status`, "Failover runbook"): each standby streaming from it
//! (`pg_stat_replication`: its name, state, how far behind its replay is,
//! synchronous or not) and whether an acknowledged shipment is on a
//! standby too (`synchronous_standby_names`, `synchronous_commit`).
//! PostgreSQL replicates; this only reads what it says.

use postgres::Client;

use super::*;

/// A standby streaming from the floor's server.
#[derive(Clone, Debug, PartialEq)]
pub struct Standby {
    /// Its name (`application_name`: its `cluster_name`, or what its
    /// `primary_conninfo` names); `None` when hidden from this role.
    pub name: Option<String>,
    /// `startup`, `catchup`, `streaming`, `backup` or `stopping`; `None`
    /// when hidden from this role.
    pub state: Option<String>,
    /// How far its replay is behind the server's WAL, in bytes.
    pub replay_behind_bytes: Option<i64>,
    /// Its replay lag as the server last measured it, in seconds (none
    /// once it has caught up and nothing new was written).
    pub replay_lag_seconds: Option<f64>,
    /// `async`, `potential`, `sync` or `quorum`.
    pub sync_state: Option<String>,
}

/// The floor server's replication, as `floor status` shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Replication {
    /// The server read is itself a standby (the target named one).
    pub in_recovery: bool,
    /// The standbys streaming from it.
    pub standbys: Vec<Standby>,
    /// Its `synchronous_standby_names` (empty: none).
    pub synchronous_standby_names: String,
    /// Its `synchronous_commit`.
    pub synchronous_commit: String,
}

impl Replication {
    /// Whether an acknowledged shipment is on a standby too: a standby is
    /// synchronous (`sync` or `quorum`) and commits wait for it.
    pub fn synchronous(&self) -> bool {
        matches!(
            self.synchronous_commit.as_str(),
            "on" | "remote_write" | "remote_apply"
        ) && self.synchronous_standbys().next().is_some()
    }

    /// Whether there is replication to show: a standby streams, the
    /// server waits for one, or the server is itself a standby.
    pub fn replicates(&self) -> bool {
        self.in_recovery || !self.standbys.is_empty() || !self.synchronous_standby_names.is_empty()
    }

    fn synchronous_standbys(&self) -> impl Iterator<Item = &Standby> {
        self.standbys
            .iter()
            .filter(|s| matches!(s.sync_state.as_deref(), Some("sync" | "quorum")))
    }

    /// The fields of each standby's line in `floor status`: `standby
    /// NAME`, its state, `replay N bytes behind (S s)`, its sync state.
    pub fn standby_fields(&self) -> Vec<[String; 4]> {
        let hidden = "hidden";
        self.standbys
            .iter()
            .map(|s| {
                let behind = match (s.replay_behind_bytes, s.replay_lag_seconds) {
                    (Some(bytes), Some(lag)) => format!("replay {bytes} bytes behind ({lag:.3} s)"),
                    (Some(bytes), None) => format!("replay {bytes} bytes behind"),
                    _ => format!("replay lag {hidden}"),
                };
                [
                    format!("standby {}", s.name.as_deref().unwrap_or(hidden)),
                    s.state.as_deref().unwrap_or(hidden).to_owned(),
                    behind,
                    s.sync_state.as_deref().unwrap_or(hidden).to_owned(),
                ]
            })
            .collect()
    }

    /// Whether shipments are synchronous, in a sentence.
    pub fn sentence(&self) -> String {
        if self.in_recovery {
            return "this floor server is a standby: name the primary (or every server, \
                    target_session_attrs=read-write) to see its standbys"
                .into();
        }
        if self.synchronous() {
            let names: Vec<&str> = self
                .synchronous_standbys()
                .map(|s| s.name.as_deref().unwrap_or("a standby"))
                .collect();
            return format!(
                "shipments are synchronous: each is acknowledged only once {} has it",
                names.join(" and ")
            );
        }
        let why = if self.synchronous_standby_names.is_empty() {
            "synchronous_standby_names is not set".to_owned()
        } else if !matches!(
            self.synchronous_commit.as_str(),
            "on" | "remote_write" | "remote_apply"
        ) {
            format!("synchronous_commit is {}", self.synchronous_commit)
        } else {
            format!(
                "no standby that synchronous_standby_names ({}) names is streaming",
                self.synchronous_standby_names
            )
        };
        format!(
            "shipments are not synchronous ({why}): an acknowledged shipment may be on this server alone"
        )
    }

    /// What is wrong, as `floor status` says it: (critical, sentence).
    /// Critical: commits wait for a synchronous standby that is not
    /// there, so no station can ship. A warning: no standby at all, or
    /// one not streaming.
    pub fn problems(&self) -> Vec<(bool, String)> {
        let mut found = Vec::new();
        if self.in_recovery {
            return found;
        }
        let waits = !self.synchronous_standby_names.is_empty()
            && matches!(
                self.synchronous_commit.as_str(),
                "on" | "remote_write" | "remote_apply"
            )
            && self.synchronous_standbys().next().is_none();
        if waits {
            found.push((
                true,
                format!(
                    "every shipment waits for a synchronous standby and none streams (synchronous_standby_names is {}): \
                     start the standby, or clear synchronous_standby_names (docs/floor.md, \"Failover runbook\")",
                    self.synchronous_standby_names
                ),
            ));
        }
        if self.standbys.is_empty() {
            found.push((
                false,
                "the floor runs on one server: no standby streams from it, so losing it loses what was shipped \
                 since its last backup (docs/floor.md, \"Failover runbook\", sets one up)"
                    .into(),
            ));
        }
        for standby in &self.standbys {
            if let Some(state) = standby.state.as_deref().filter(|s| *s != "streaming") {
                found.push((
                    false,
                    format!(
                        "the standby {} is not streaming ({state})",
                        standby.name.as_deref().unwrap_or("hidden")
                    ),
                ));
            }
        }
        found
    }
}

/// The floor server's replication, read on one connection.
pub fn replication(url: &str) -> Result<Replication, FloorError> {
    replication_on(&mut connect(url)?)
}

/// [`replication`] on an open connection.
pub(super) fn replication_on(client: &mut Client) -> Result<Replication, FloorError> {
    let row = client.query_one(
        "SELECT pg_is_in_recovery(), current_setting('synchronous_standby_names'), \
                current_setting('synchronous_commit')",
        &[],
    )?;
    let in_recovery: bool = row.get(0);
    let standbys = client
        .query(
            "SELECT application_name::text, state::text, \
                    CASE WHEN pg_is_in_recovery() THEN NULL \
                         ELSE pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint END, \
                    extract(epoch FROM replay_lag)::float8, sync_state::text \
               FROM pg_stat_replication ORDER BY application_name, pid",
            &[],
        )?
        .into_iter()
        .map(|r| Standby {
            name: r.get::<_, Option<String>>(0).filter(|n| !n.is_empty()),
            state: r.get(1),
            replay_behind_bytes: r.get(2),
            replay_lag_seconds: r.get(3),
            sync_state: r.get(4),
        })
        .collect();
    Ok(Replication {
        in_recovery,
        standbys,
        synchronous_standby_names: row.get(1),
        synchronous_commit: row.get(2),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standby(sync_state: &str) -> Standby {
        Standby {
            name: Some("floor_b".into()),
            state: Some("streaming".into()),
            replay_behind_bytes: Some(0),
            replay_lag_seconds: Some(0.0012),
            sync_state: Some(sync_state.into()),
        }
    }

    fn replication(standbys: Vec<Standby>, names: &str) -> Replication {
        Replication {
            in_recovery: false,
            standbys,
            synchronous_standby_names: names.into(),
            synchronous_commit: "on".into(),
        }
    }

    #[test]
    fn shipments_are_synchronous_only_with_a_synchronous_standby_streaming() {
        let sync = replication(vec![standby("sync")], "floor_b");
        assert!(sync.synchronous());
        assert_eq!(
            sync.sentence(),
            "shipments are synchronous: each is acknowledged only once floor_b has it"
        );
        assert_eq!(
            sync.standby_fields(),
            [[
                "standby floor_b",
                "streaming",
                "replay 0 bytes behind (0.001 s)",
                "sync"
            ]]
        );
        assert!(sync.problems().is_empty());
        let not = replication(vec![standby("async")], "");
        assert!(!not.synchronous());
        assert_eq!(
            not.sentence(),
            "shipments are not synchronous (synchronous_standby_names is not set): an acknowledged shipment may be on this server alone"
        );
        let alone = replication(Vec::new(), "");
        assert_eq!(alone.problems().len(), 1);
        assert!(!alone.problems()[0].0);
        // Commits wait for a standby that is not there: critical.
        let stuck = replication(Vec::new(), "floor_b");
        assert_eq!(
            stuck
                .problems()
                .iter()
                .filter(|(critical, _)| *critical)
                .count(),
            1
        );
    }
}

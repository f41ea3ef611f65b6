#!/usr/bin/env bash
# The floor's failover and restore measurements (issue 45; recorded in
# docs/performance.md, "Failover"), optimised, one test at a time, each
# printing its figures:
# - the primary killed mid-shipping and the standby promoted, at
#   FAILOVER_STATIONS stations (default 50): every station's rows on the
#   new primary, seconds after the kill;
# - shipping with a synchronous standby against without, in one run;
# - ten pit views' load on the primary, reading from it against reading
#   from the standby (CPU seconds of the primary's processes);
# - the restore drill at FAILOVER_STATIONS stations: the floor restored from
#   its base backup to a point back, and every station's rows on it again.
# Needs PostgreSQL's server binaries (./test.sh installs them). Takes a few
# minutes; run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export FAILOVER_STATIONS="${FAILOVER_STATIONS:-50}"
exec cargo test --release --test tests -- --include-ignored --nocapture --test-threads 1 \
    failover::the_primary_killed_mid_shipping \
    failover::shipping_with_a_synchronous_standby \
    standby_reads::ten_pits_cost_the_primary \
    restore::the_floor_restored_to_a_point_back

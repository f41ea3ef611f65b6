#!/usr/bin/env bash
# The dealer app's CPU while a table sits idle on a card-reading shoe,
# under Xvfb with a software renderer.
#
#   benches/idle-cpu.sh [SECONDS] [BASELINE_BINARY]   (default: 30, none)
#
# Needs: a release build (cargo build --release), and xvfb and xdotool
# (see ../shared/STACK.md for the software renderer). Starts its own Xvfb
# on a free display, launches `pairs-table --demo` (a throw-away ledger, a
# table open on the simulated shoe: a real reader on a pseudo-terminal,
# the shoe sending a heartbeat each second it is idle), waits until the
# window is mapped and then 8 s more for the demo table to settle, and
# reads the process's CPU time (user + system, /proc/PID/stat) at the start
# and the end of SECONDS idle seconds. With BASELINE_BINARY (an older build)
# the same is measured for it in the same run, alternating, three rounds
# each; prints each run's percentage of one core and the medians. Record
# them in docs/performance.md.
set -euo pipefail

seconds=${1:-30}
baseline=${2:-}
target=${CARGO_TARGET_DIR:-target}
app="$target/release/pairs-table"
[ -x "$app" ] || { echo "no release build at $app: run cargo build --release" >&2; exit 1; }
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xvfb xdotool" >&2; exit 1; }
done

display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
sleep 1

ticks_per_second=$(getconf CLK_TCK)

# CPU ticks (user + system) the process $1 has used so far.
cpu_ticks() {
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# Percent of one core the binary $1 uses idle over $seconds seconds.
idle_percent() {
    local binary=$1 home pid start end
    home=$(mktemp -d)
    HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config \
        "$binary" --demo >/dev/null 2>&1 &
    pid=$!
    for _ in $(seq 1 200); do
        xdotool search --sync --onlyvisible --pid "$pid" >/dev/null 2>&1 && break
        sleep 0.1
    done
    sleep 8
    start=$(cpu_ticks "$pid")
    sleep "$seconds"
    end=$(cpu_ticks "$pid")
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -rf "$home"
    awk -v t=$((end - start)) -v hz="$ticks_per_second" -v s="$seconds" \
        'BEGIN { printf "%.1f", 100 * t / hz / s }'
}

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

this=()
before=()
for round in 1 2 3; do
    this+=("$(idle_percent "$app")")
    echo "round $round: this build ${this[-1]}% of a core"
    if [ -n "$baseline" ]; then
        before+=("$(idle_percent "$baseline")")
        echo "round $round: baseline ${before[-1]}% of a core"
    fi
done
echo "median, this build: $(median "${this[@]}")% of a core idle over ${seconds}s"
if [ -n "$baseline" ]; then
    echo "median, baseline:   $(median "${before[@]}")% of a core idle over ${seconds}s"
fi

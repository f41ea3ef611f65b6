#!/usr/bin/env bash
# Launch to first frame of the dealer app, under Xvfb.
#
#   benches/first-frame.sh [RUNS] [APP ARGS...]   (default: 5 --demo)
#
# Needs: a release build (cargo build --release), and xvfb, xdotool,
# imagemagick, a software renderer (see ../shared/STACK.md). Starts its own
# Xvfb on a free display. For each run it launches `pairs-table` (with
# `--demo`, or the arguments given, e.g. `--db FILE` of a ledger whose
# table is open, the everyday start) and
# records two times from launch: the window is mapped (xdotool finds it),
# and the screen shows drawn content (its pixels are no longer uniform).
# The baseline, measured in the same run the same way, is `xclock`, a
# minimal X client. Prints medians and the ratio; record them in
# docs/performance.md.
set -euo pipefail

runs=${1:-5}
shift || true
app_args=("$@")
[ ${#app_args[@]} -gt 0 ] || app_args=(--demo)
target=${CARGO_TARGET_DIR:-target}
app="$target/release/pairs-table"
[ -x "$app" ] || { echo "no release build at $app: run cargo build --release" >&2; exit 1; }
for tool in Xvfb xdotool xclock convert xwd; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xvfb xdotool x11-apps imagemagick" >&2; exit 1; }
done

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
sleep 1

now_ms() { date +%s%3N; }

# Milliseconds from launching "$@" until a window named $name is mapped and
# until the screen is no longer uniform; prints "mapped drawn".
measure() {
    local name=$1; shift
    local start mapped drawn
    start=$(now_ms)
    "$@" >/dev/null 2>&1 &
    local pid=$!
    mapped=""
    drawn=""
    for _ in $(seq 1 600); do
        if [ -z "$mapped" ] && xdotool search --onlyvisible --name "$name" >/dev/null 2>&1; then
            mapped=$(( $(now_ms) - start ))
        fi
        if [ -n "$mapped" ]; then
            deviation=$(xwd -root -silent | convert xwd:- -colorspace gray -format '%[fx:standard_deviation]' info:)
            if awk "BEGIN { exit !($deviation > 0.01) }"; then
                drawn=$(( $(now_ms) - start ))
                break
            fi
        fi
        sleep 0.02
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    sleep 0.5
    echo "${mapped:-timeout} ${drawn:-timeout}"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

app_mapped=(); app_drawn=(); base_mapped=(); base_drawn=()
for run in $(seq 1 "$runs"); do
    read -r m d < <(measure xclock xclock)
    base_mapped+=("$m"); base_drawn+=("$d")
    read -r m d < <(measure pairs-table "$app" "${app_args[@]}")
    app_mapped+=("$m"); app_drawn+=("$d")
    echo "run $run: xclock mapped ${base_mapped[-1]} ms, drawn ${base_drawn[-1]} ms; pairs-table mapped $m ms, drawn $d ms"
done

am=$(printf '%s\n' "${app_mapped[@]}" | median)
ad=$(printf '%s\n' "${app_drawn[@]}" | median)
bm=$(printf '%s\n' "${base_mapped[@]}" | median)
bd=$(printf '%s\n' "${base_drawn[@]}" | median)
echo "median over $runs runs: pairs-table window mapped $am ms, first frame drawn $ad ms; xclock mapped $bm ms, drawn $bd ms; ratio (drawn) $(awk "BEGIN { printf \"%.1f\", $ad / $bd }")"

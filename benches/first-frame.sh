#!/usr/bin/env bash
# Launch to first frame, and window close to exit, of the dealer app,
# under Xvfb.
#
#   benches/first-frame.sh [RUNS] [APP ARGS...]   (default: 5 --demo)
#
# Needs: a release build (cargo build --release), and xvfb, xdotool,
# imagemagick, python3 with Xlib (Debian: python3-xlib), a software
# renderer (see ../shared/STACK.md). Starts its own Xvfb on a free display.
# For each run it launches `pairs-table` (with `--demo`, or the arguments
# given, e.g. `--db FILE` of a ledger whose table is open, the everyday
# start) and records two times from launch: the window is mapped (xdotool
# finds it), and the screen shows drawn content (its pixels are no longer
# uniform). CLOSE_AFTER seconds later (default 1; `--demo` makes its
# table after its first frame, a few seconds: give it 5) it closes the
# window as a window manager's close button does (WM_DELETE_WINDOW) and
# records the time until the process has exited. The baseline, measured in the same run the same way,
# is `xclock`, a minimal X client. Prints medians and the ratios; record
# them in docs/performance.md.
set -euo pipefail

runs=${1:-5}
shift || true
app_args=("$@")
[ ${#app_args[@]} -gt 0 ] || app_args=(--demo)
target=${CARGO_TARGET_DIR:-target}
app="$target/release/pairs-table"
[ -x "$app" ] || { echo "no release build at $app: run cargo build --release" >&2; exit 1; }
for tool in Xvfb xdotool xclock convert xwd python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xvfb xdotool x11-apps imagemagick python3-xlib" >&2; exit 1; }
done
python=python3
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import Xlib' 2>/dev/null; then python=$candidate; break; fi
done
"$python" -c 'import Xlib' 2>/dev/null || { echo "missing python3's Xlib: apt-get install python3-xlib" >&2; exit 1; }

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
sleep 1

now_ms() { date +%s%3N; }

# Asks the window $1 to close, as a window manager's close button does.
close_window() {
    "$python" - "$1" <<'PYTHON'
import sys
from Xlib import X, display, protocol
d = display.Display()
window = d.create_resource_object("window", int(sys.argv[1]))
protocols = d.intern_atom("WM_PROTOCOLS")
delete = d.intern_atom("WM_DELETE_WINDOW")
window.send_event(protocol.event.ClientMessage(
    window=window, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0])))
d.flush()
PYTHON
}

# Milliseconds from launching "$@" until a window named $name is mapped and
# until the screen is no longer uniform, and from closing that window a
# second later until the process exits; prints "mapped drawn closed".
measure() {
    local name=$1; shift
    local start mapped drawn closed window
    start=$(now_ms)
    "$@" >/dev/null 2>&1 &
    local pid=$!
    mapped=""
    drawn=""
    closed=""
    window=""
    for _ in $(seq 1 600); do
        if [ -z "$mapped" ] && window=$(xdotool search --onlyvisible --name "$name" 2>/dev/null | head -1) && [ -n "$window" ]; then
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
    if [ -n "$drawn" ]; then
        sleep "${CLOSE_AFTER:-1}"
        local asked
        asked=$(now_ms)
        close_window "$window"
        for _ in $(seq 1 500); do
            if ! kill -0 "$pid" 2>/dev/null; then
                closed=$(( $(now_ms) - asked ))
                break
            fi
            sleep 0.01
        done
    fi
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    sleep 0.5
    echo "${mapped:-timeout} ${drawn:-timeout} ${closed:-timeout}"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

app_mapped=(); app_drawn=(); app_closed=(); base_mapped=(); base_drawn=(); base_closed=()
for run in $(seq 1 "$runs"); do
    read -r m d c < <(measure xclock xclock)
    base_mapped+=("$m"); base_drawn+=("$d"); base_closed+=("$c")
    read -r m d c < <(measure pairs-table "$app" "${app_args[@]}")
    app_mapped+=("$m"); app_drawn+=("$d"); app_closed+=("$c")
    echo "run $run: xclock mapped ${base_mapped[-1]} ms, drawn ${base_drawn[-1]} ms, closed ${base_closed[-1]} ms; pairs-table mapped $m ms, drawn $d ms, closed $c ms"
done

am=$(printf '%s\n' "${app_mapped[@]}" | median)
ad=$(printf '%s\n' "${app_drawn[@]}" | median)
ac=$(printf '%s\n' "${app_closed[@]}" | median)
bm=$(printf '%s\n' "${base_mapped[@]}" | median)
bd=$(printf '%s\n' "${base_drawn[@]}" | median)
bc=$(printf '%s\n' "${base_closed[@]}" | median)
echo "median over $runs runs: pairs-table window mapped $am ms, first frame drawn $ad ms, close to exit $ac ms; xclock mapped $bm ms, drawn $bd ms, close to exit $bc ms; ratios: drawn $(awk "BEGIN { printf \"%.1f\", $ad / $bd }"), close to exit $(awk "BEGIN { printf \"%.1f\", $ac / ($bc > 0 ? $bc : 1) }")"

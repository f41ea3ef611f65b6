#!/usr/bin/env bash
# The README's test command: sets up what the tests need on this machine,
# then runs every test (`cargo test`, then the long statistical test
# optimised). Arguments go to `cargo test` alone, for example
# `./test.sh --test tests report::`.
#
# What the tests need outside cargo:
# - a C compiler and the C library's headers: rustc links through `cc`, and
#   rusqlite builds its bundled SQLite from C (Debian: gcc libc6-dev);
# - PostgreSQL for the floor's tests (Debian: postgresql), unless
#   PAIRS_TABLE_TEST_PG names a server.
# Nothing else: the report tests read PDFs back in Rust (lopdf), the UI
# tests (egui_kittest) need no display or GPU, the scanner tests make their
# own pseudo-terminals and the printing test its own `lp`.
#
# As root on a machine with apt-get, what is missing is installed; anyone
# else is shown the one command that installs it. PostgreSQL, when it is
# installed, is started if it is not running: the floor's tests will use a
# real server (docs/fresh-machine.md).
set -euo pipefail
cd "$(dirname "$0")"

say() { printf 'test.sh: %s\n' "$*" >&2; }

if ! command -v cargo >/dev/null 2>&1; then
    say "cargo is not on PATH: install Rust from https://rustup.rs and run ./test.sh again."
    exit 1
fi

# Debian packages for what is missing.
packages=()
compiles_c() {
    local dir
    dir=$(mktemp -d)
    printf '#include <stdio.h>\nint main(void) { return puts("") < 0; }\n' >"$dir/c.c"
    local ok=0
    cc "$dir/c.c" -o "$dir/c" >/dev/null 2>&1 || ok=1
    rm -rf "$dir"
    return "$ok"
}
if ! command -v cc >/dev/null 2>&1 || ! compiles_c; then
    packages+=(gcc libc6-dev)
fi

# The floor's tests need a PostgreSQL server (docs/floor.md, "Tests").
if ! command -v pg_lsclusters >/dev/null 2>&1 && [ -z "${PAIRS_TABLE_TEST_PG:-}" ]; then
    packages+=(postgresql)
fi

if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing ${packages[*]}"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"
    elif command -v apt-get >/dev/null 2>&1; then
        say "the tests need ${packages[*]}; install them with:"
        printf '    sudo apt-get install -y --no-install-recommends %s\n' "${packages[*]}" >&2
        exit 1
    else
        say "the tests need ${packages[*]} (a C compiler, the C library's headers, PostgreSQL); install them and run ./test.sh again."
        exit 1
    fi
fi

# PostgreSQL: start the installed clusters that are down.
if command -v pg_lsclusters >/dev/null 2>&1; then
    while read -r version cluster _ status _; do
        [ "$status" = down ] || continue
        if [ "$(id -u)" -eq 0 ]; then
            say "starting PostgreSQL $version/$cluster"
            pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start ||
                say "PostgreSQL $version/$cluster did not start (see its log); the tests that need it will say so"
        else
            say "PostgreSQL $version/$cluster is down; start it with:"
            printf '    sudo pg_ctlcluster --skip-systemctl-redirect %s %s start\n' "$version" "$cluster" >&2
        fi
    done < <(pg_lsclusters --no-header)
fi

if [ $# -gt 0 ]; then
    exec cargo test "$@"
fi
cargo test
# The statistical tests too slow unoptimised (minutes in a debug build, a
# few optimised), only in a whole run: simulated counters against the exact
# countability figures (docs/par-sheet.md); counters and back-counters
# flagged, honest bettors not, over 20 simulated shifts here (the whole 100
# take about ten minutes; docs/game-protection.md); and the skill check's
# theo against the result at a full one-deck table.
export PROTECTION_PROOF_SEEDS="${PROTECTION_PROOF_SEEDS:-20}"
exec cargo test --release --test tests -- --ignored \
    par::simulated_counter_agrees_with_countability \
    protection::counters_are_flagged_and_flat_and_random_bettors_are_not \
    protection::the_skill_theo_is_the_expected_result_at_a_full_one_deck_table

#!/usr/bin/env bash
# The Debian package, built and installed on this machine as a casino's IT
# would (docs/install.md, "The package, tested"); `.ci/run` runs it after
# the tests. Needs root (dpkg -i) and a release build (`./test.sh` made
# one; `cargo build --release` otherwise). It:
#   1. builds the package with cargo-deb (installed once, pinned, into
#      $HOME/.cache/pairs-table-tools) and checks what it holds;
#   2. installs it: the program on PATH, the desktop entry valid, the
#      verifier's unit valid and not enabled, the configuration files
#      kept as conffiles, the verifier's password file 0600;
#   3. sets up a station from the installed /etc/pairs-table/station.toml
#      alone (no flags): hands into its ledger, `audit verify` clean;
#   4. with PostgreSQL on 127.0.0.1:5432, a new floor: `floor init`, the
#      verifier started as the unit's ExecStart says with its
#      verifier.env, the station enrolled and shipping, and `doctor`
#      with no flags finding no problem;
#   5. removes the package (configuration kept), then purges it and what
#      the check made, leaving the machine as it found it.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'packaging/check.sh: %s\n' "$*" >&2; }
fail() {
    say "FAILED: $*"
    exit 1
}

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/pairs-table-target}"
tools="${PAIRS_TABLE_TOOLS:-$HOME/.cache/pairs-table-tools}"
cargo_deb_version=3.6.2

if [ "$(id -u)" -ne 0 ]; then
    say "installing a package needs root: run it as root (CI does), or build the package alone with cargo deb --no-build (docs/install.md)"
    exit 1
fi
if dpkg-query -W -f='${Status}' pairs-table 2>/dev/null | grep -q 'install ok installed'; then
    fail "pairs-table is installed on this machine already; this check installs and purges its own (dpkg --purge pairs-table first)"
fi

# What the check needs beyond the build: cargo-deb, desktop-file-validate,
# systemd-analyze.
if ! "$tools/bin/cargo-deb" --version 2>/dev/null | grep -qF "$cargo_deb_version"; then
    say "installing cargo-deb $cargo_deb_version into $tools"
    cargo install --quiet --locked cargo-deb --version "$cargo_deb_version" --no-default-features --root "$tools"
fi
packages=()
command -v desktop-file-validate >/dev/null 2>&1 || packages+=(desktop-file-utils)
command -v systemd-analyze >/dev/null 2>&1 || packages+=(systemd)
if [ ${#packages[@]} -gt 0 ]; then
    say "installing ${packages[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${packages[@]}"
fi

# 1. The package.
cargo build --release --locked --quiet
work=$(mktemp -d)
made_db=""
cleanup() {
    dpkg --purge pairs-table >/dev/null 2>&1 || true
    rm -rf /var/lib/pairs-table "$work"
    if [ -n "$made_db" ]; then
        psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS \"$made_db\" WITH (FORCE)" >/dev/null 2>&1 || true
        psql -q -h 127.0.0.1 -U postgres -d postgres -At -c \
            "SELECT rolname FROM pg_roles WHERE rolname LIKE '${made_db}\_%'" 2>/dev/null |
            while read -r role; do
                psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP ROLE IF EXISTS \"$role\"" >/dev/null 2>&1 || true
            done
    fi
}
trap cleanup EXIT
"$tools/bin/cargo-deb" --no-build --quiet --output "$work/" >/dev/null
deb=$(ls "$work"/pairs-table_*.deb)
say "built $(basename "$deb")"
dpkg-deb --contents "$deb" | awk '{print $6}' >"$work/contents"
for path in ./usr/bin/pairs-table ./etc/pairs-table/station.toml ./etc/pairs-table/verifier.env \
    ./etc/pairs-table/verifier.pgpass ./usr/share/applications/pairs-table.desktop \
    ./usr/share/doc/pairs-table/install.md ./usr/lib/systemd/system/pairs-table-floor-verifier.service; do
    grep -qxF "$path" "$work/contents" || fail "the package lacks $path"
done
dpkg-deb --info "$deb" conffiles >"$work/conffiles"
for file in /etc/pairs-table/station.toml /etc/pairs-table/verifier.env /etc/pairs-table/verifier.pgpass; do
    grep -qxF "$file" "$work/conffiles" || fail "$file is not a conffile: an upgrade would overwrite the casino's settings"
done

# 2. Installed.
DEBIAN_FRONTEND=noninteractive dpkg -i "$deb" >/dev/null
[ "$(command -v pairs-table)" = /usr/bin/pairs-table ] || fail "pairs-table is not on PATH after install"
version=$(pairs-table --version)
[ "$version" = "pairs-table $(cargo pkgid | sed 's/.*[#@]//')" ] || fail "the installed program says '$version'"
desktop-file-validate /usr/share/applications/pairs-table.desktop || fail "the desktop entry is not valid"
unit=/usr/lib/systemd/system/pairs-table-floor-verifier.service
systemd-analyze verify "$unit" 2>"$work/unit-check" ||
    fail "systemd-analyze rejects the verifier's unit: $(cat "$work/unit-check")"
grep -q '^Restart=always$' "$unit" || fail "the verifier's unit does not restart it"
[ ! -e /etc/systemd/system/multi-user.target.wants/pairs-table-floor-verifier.service ] ||
    fail "the verifier's unit was enabled before the floor was named"
[ "$(stat -c %a /etc/pairs-table/verifier.pgpass)" = 600 ] || fail "verifier.pgpass is not 0600"
[ -d /var/lib/pairs-table ] || fail "the package made no /var/lib/pairs-table"
say "installed: $version, desktop entry and verifier unit valid"

# 3. A station from the installed configuration file alone.
home="$work/home"
mkdir -p "$home"
as_kiosk() { env -u XDG_CONFIG_HOME -u XDG_DATA_HOME HOME="$home" PGPASSFILE="$work/pgpass" "$@"; }
cat >/etc/pairs-table/station.toml <<'EOF'
ledger = "/var/lib/pairs-table/ledger.sqlite3"
key = "/var/lib/pairs-table/station.key"
card_source = "software"
EOF
as_kiosk pairs-table simulate --game rocket --hands 20 --seed 1 --db /var/lib/pairs-table/ledger.sqlite3 >/dev/null
as_kiosk pairs-table audit verify >"$work/verify" || fail "audit verify of the configured ledger: $(cat "$work/verify")"
grep -qx 'hands: 20 (0 voided)' "$work/verify" || fail "audit verify did not read the configured ledger: $(cat "$work/verify")"
[ "$(stat -c %a /var/lib/pairs-table/station.key)" = 600 ] || fail "the station key was not made 0600"
say "a station from /etc/pairs-table/station.toml: 20 hands, audit verify clean"

# 4. A new floor, its verifier as the unit runs it, the station shipping.
if psql -q -h 127.0.0.1 -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; then
    made_db="pt_package_$$"
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE \"$made_db\"" >/dev/null
    owner="postgresql://postgres@127.0.0.1:5432/$made_db"
    pairs-table floor init --floor "$owner" >"$work/init"
    printf 'PAIRS_TABLE_FLOOR=%s\n' "$owner" >/etc/pairs-table/verifier.env
    # The unit's command line with its environment file, as systemd runs it.
    exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
    (
        set -a
        # shellcheck disable=SC1091
        . /etc/pairs-table/verifier.env
        set +a
        PGPASSFILE=/etc/pairs-table/verifier.pgpass
        export PGPASSFILE
        eval "exec $exec_start"
    ) >"$work/verifier.log" 2>&1 &
    verifier=$!
    key=$(as_kiosk pairs-table floor key)
    as_kiosk pairs-table floor enrol --floor "$owner" --station package-check --public-key "$key" >"$work/enrolled"
    station_url=$(sed -n 1p "$work/enrolled")
    (umask 077 && sed -n 2p "$work/enrolled" >"$work/pgpass")
    printf 'floor = "%s"\n' "$station_url" >>/etc/pairs-table/station.toml
    as_kiosk pairs-table floor ship --db /var/lib/pairs-table/ledger.sqlite3 --floor "$station_url" >/dev/null
    ok=""
    for _ in $(seq 1 50); do
        if as_kiosk pairs-table doctor >"$work/doctor" 2>&1 && grep -q '^ok: verifier: ' "$work/doctor"; then
            ok=yes
            break
        fi
        sleep 0.2
    done
    kill "$verifier" 2>/dev/null || true
    wait "$verifier" 2>/dev/null || true
    [ -n "$ok" ] || fail "doctor at the installed station: $(cat "$work/doctor")"
    for check in 'ok: configuration: read /etc/pairs-table/station.toml' 'ok: floor schema: version ' \
        'ok: verifier: checked in ' 'ok: password file: ' 'ok: ledger: '; do
        grep -qF "$check" "$work/doctor" || fail "doctor said no '$check': $(cat "$work/doctor")"
    done
    say "a new floor: init, the verifier as its unit runs it, the station enrolled and shipping, doctor clean"
else
    say "no PostgreSQL on 127.0.0.1:5432: the floor's part is left out"
fi

# 5. Removed (the casino's settings kept), then purged.
dpkg -r pairs-table >/dev/null
[ ! -e /usr/bin/pairs-table ] || fail "dpkg -r left /usr/bin/pairs-table"
[ -e /etc/pairs-table/station.toml ] || fail "dpkg -r removed the station's configuration"
dpkg --purge pairs-table >/dev/null
[ ! -e /etc/pairs-table/station.toml ] || fail "dpkg --purge left the station's configuration"
say "removed (configuration kept) and purged: the package checks out"

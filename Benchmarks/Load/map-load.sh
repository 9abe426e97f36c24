#!/usr/bin/env bash
# Load benchmark for POST /map: wrk (Debian's package) against `frankly serve` on loopback, first
# on the embedded sample app, then on a generated tree of 10^5 views. Each run is bounded
# (DURATION, default 10s) and prints requests/s, p50/p99 latency and the error count (socket
# errors + non-2xx + 200 responses whose envelope is not SUCCESS).
#
#   Benchmarks/Load/map-load.sh                 # both trees
#   DURATION=30s CONNECTIONS=16 Benchmarks/Load/map-load.sh
#   ENGINE=shelley QUERY="view marked:'Log In'" METHOD=FEX_accessibilityLabel Benchmarks/Load/map-load.sh
#
# ENGINE defaults to the first name /engines lists; with no engine registered every request is
# answered ERROR "invalid selector" and counted as an error.
set -euo pipefail

cd "$(dirname "$0")/../.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-2}
PORT=${PORT:-37266}
QUERY=${QUERY:-"view marked:'Log In'"}
METHOD=${METHOD:-FEX_accessibilityLabel}
SIZES=${SIZES:-"sample 100000"}
LUA="$PWD/Benchmarks/Load/map-load.lua"

if ! command -v wrk >/dev/null 2>&1; then
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get install -y -qq wrk || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq wrk; }
fi

FRANKLY=${FRANKLY:-}
if [ -z "$FRANKLY" ]; then
    swift build -c release --product frankly >&2
    FRANKLY="$(swift build -c release --show-bin-path)/frankly"
fi

SERVER_PID=
stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=
}
trap stop_server EXIT

json_string() { # JSON-escapes $1 (quotes and backslashes; selectors have no control characters)
    local s=${1//\\/\\\\}
    printf '"%s"' "${s//\"/\\\"}"
}

for size in $SIZES; do
    if [ "$size" = sample ]; then args=(); label="sample app"; else args=(--generate "$size"); label="$size generated views"; fi
    "$FRANKLY" serve --host 127.0.0.1 --port "$PORT" --log-level warning "${args[@]}" &
    SERVER_PID=$!
    for _ in $(seq 1 600); do
        curl -sf "http://127.0.0.1:$PORT/version" >/dev/null 2>&1 && break
        kill -0 "$SERVER_PID" 2>/dev/null || { echo "frankly serve exited" >&2; exit 1; }
        sleep 0.1
    done
    engine=${ENGINE:-$(curl -s "http://127.0.0.1:$PORT/engines" | sed -n 's/^\["\([^"]*\)".*/\1/p')}
    engine=${engine:-uiquery}
    body="{\"query\":$(json_string "$QUERY"),\"selector_engine\":$(json_string "$engine"),\"operation\":{\"method_name\":$(json_string "$METHOD"),\"arguments\":[]}}"
    echo "== /map on the $label: engine=$engine query=$QUERY method=$METHOD, $DURATION, $CONNECTIONS connections"
    echo "   one response: $(curl -s -X POST --data-binary "$body" "http://127.0.0.1:$PORT/map" | cut -c1-160)"
    MAP_BODY="$body" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$LUA" "http://127.0.0.1:$PORT/map" \
        | grep -E '^(requests|requests_per_s|p50_ms|p99_ms|max_ms|errors)='
    stop_server
done

#!/usr/bin/env bash
# Load and abuse run against `frankly serve` on loopback, bounded in time (about DURATION plus
# half a minute). wrk drives POST /map with a mix of engines and selectors (abuse.lua) while
# abuse.py adds concurrent setText: mutations, slow-loris connections, malformed and oversized
# bodies and clients that reset mid-response. Reports requests/s, p50/p99, the error count and the
# server's RSS before and after; fails if wrk saw any error, an abuse check failed, or RSS grew
# by more than RSS_BOUND_MB.
#
#   Benchmarks/Load/abuse.sh                          # 60 s at 64 connections
#   DURATION=20 CONNECTIONS=16 Benchmarks/Load/abuse.sh
set -euo pipefail

cd "$(dirname "$0")/../.."
DURATION=${DURATION:-60}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
PORT=${PORT:-37267}
IDLE_TIMEOUT=${IDLE_TIMEOUT:-5}
RSS_BOUND_MB=${RSS_BOUND_MB:-64}
HERE="$PWD/Benchmarks/Load"

command -v wrk >/dev/null 2>&1 || { SUDO=$([ "$(id -u)" = 0 ] || echo sudo); $SUDO apt-get install -y -qq wrk; }
FRANKLY=${FRANKLY:-}
if [ -z "$FRANKLY" ]; then
    swift build -c release --product frankly >&2
    FRANKLY="$(swift build -c release --show-bin-path)/frankly"
fi

"$FRANKLY" serve --host 127.0.0.1 --port "$PORT" --log-level error --idle-timeout "$IDLE_TIMEOUT" &
SERVER_PID=$!
trap 'kill -TERM $SERVER_PID 2>/dev/null; wait $SERVER_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$PORT/version" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "frankly serve exited" >&2; exit 1; }
    sleep 0.1
done
rss() { awk '/^VmRSS/ {print int($2/1024)}' "/proc/$SERVER_PID/status"; }

# Warm up (first compiles, caches, allocator arenas) before the baseline.
wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$HERE/abuse.lua" "http://127.0.0.1:$PORT/map" >/dev/null
before=$(rss)
echo "== load and abuse: ${DURATION}s, $CONNECTIONS wrk connections, idle timeout ${IDLE_TIMEOUT}s; RSS before: ${before} MB"

python3 "$HERE/abuse.py" "$PORT" "$DURATION" "$IDLE_TIMEOUT" >"${TMPDIR:-/tmp}/abuse.$$.out" 2>&1 &
ABUSE_PID=$!
wrk_out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$HERE/abuse.lua" "http://127.0.0.1:$PORT/map" 2>&1)
echo "$wrk_out" | grep -E '^(requests|requests_per_s|p50_ms|p99_ms|max_ms|errors)=|unexpected'
abuse_rc=0
wait "$ABUSE_PID" || abuse_rc=$?
sed 's/^/   /' "${TMPDIR:-/tmp}/abuse.$$.out"; rm -f "${TMPDIR:-/tmp}/abuse.$$.out"
sleep 2
after=$(rss)
echo "RSS after: ${after} MB (growth $((after - before)) MB, bound ${RSS_BOUND_MB} MB)"

status=0
echo "$wrk_out" | grep -q '^errors=0 ' || { echo "FAIL: wrk saw errors"; status=1; }
[ "$abuse_rc" = 0 ] || { echo "FAIL: an abuse check failed"; status=1; }
[ $((after - before)) -le "$RSS_BOUND_MB" ] || { echo "FAIL: RSS grew past the bound"; status=1; }
kill -0 "$SERVER_PID" 2>/dev/null || { echo "FAIL: the server died"; status=1; }
exit $status

#!/usr/bin/env bash
# End-to-end test of the inspector page (GET /) in headless Chromium, from Debian's packages.
#
# Installs chromium and chromium-driver with apt-get when missing, selenium into .venv-browser,
# builds `frankly` (debug), starts `frankly serve` twice on free loopback ports (the sample app,
# and a generated tree of 10^5 views), runs inspector_test.py against them, and stops both.
# The test saves a screenshot of the page on the sample app to $WORK (kept in the log), or to
# Docs/inspector.png when UPDATE_SCREENSHOT=1 (so a test run leaves the checkout clean).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
WORK=$(mktemp -d)

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "installing chromium and chromium-driver"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

VENV=$ROOT/.venv-browser
if ! "$VENV/bin/python" -c "import selenium" >/dev/null 2>&1; then
    echo "creating $VENV with selenium"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "selenium>=4.20,<5"
fi

$SWIFT build --product frankly
FRANKLY=$($SWIFT build --show-bin-path)/frankly

PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# start NAME ARGS...: serves on port 0 (a free one) and sets PORT to the port the server logs
# once it listens.
start() {
    local name=$1; shift
    "$FRANKLY" serve --port 0 "$@" >"$WORK/$name.out" 2>"$WORK/$name.log" &
    PIDS+=($!)
    for _ in $(seq 1 600); do
        PORT=$(sed -n 's/.*Frankly server listening on 127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$WORK/$name.log" | head -1)
        if [ -n "$PORT" ]; then return; fi
        sleep 0.1
    done
    echo "frankly serve $* did not start:" >&2; cat "$WORK/$name.log" >&2
    return 1
}

start sample; SAMPLE_PORT=$PORT
start big --generate 100000; BIG_PORT=$PORT
echo "sample app on 127.0.0.1:$SAMPLE_PORT, 10^5 views on 127.0.0.1:$BIG_PORT"

SHOT="$WORK/inspector.png"
if [ "${UPDATE_SCREENSHOT:-0}" = 1 ]; then SHOT="$ROOT/Docs/inspector.png"; fi

SE_OFFLINE=true "$VENV/bin/python" Tests/Browser/inspector_test.py \
    --sample "http://127.0.0.1:$SAMPLE_PORT" --big "http://127.0.0.1:$BIG_PORT" \
    --screenshot "$SHOT"

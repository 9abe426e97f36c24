#!/usr/bin/env bash
# End-to-end test of the inspector page (GET /) in headless Chromium, from Debian's packages.
#
# Installs chromium and chromium-driver with apt-get when missing, selenium into .venv-browser,
# builds `frankly` (debug; SWIFT names the swift command, e.g. a wrapper adding --scratch-path),
# starts `frankly serve` three times on free loopback ports (the sample
# app, a generated tree of 10^5 views, and the sample app without accessibilityFrame), runs
# inspector_test.py against them, and stops them.
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
    # Created here, not by the server's redirection: that happens in the background process, which
    # the first `sed` below can overtake (then `set -e` ends the script on sed's missing file).
    : >"$WORK/$name.log"
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

# The sample app as Frank dumps an app without accessibility: no accessibilityFrame, only frames
# relative to their superviews, and the table scrolled by 88 points (contentOffset, its cells'
# frames moved down to match). The wireframe must still draw every view where the sample app's
# accessibilityFrame puts it.
python3 - "$ROOT/Sources/ViewSelectors/Resources/sample-app.json" "$WORK/frames-only.json" <<'PY'
import json, sys
app = json.load(open(sys.argv[1]))
def strip(view):
    view.pop("accessibilityFrame", None)
    if view["class"] == "UITableView":
        view["contentOffset"] = {"x": 0, "y": 88}
        for cell in view["subviews"]:
            cell["frame"]["origin"]["y"] += 88
    for sub in view.get("subviews", []):
        strip(sub)
strip(app)
json.dump(app, open(sys.argv[2], "w"))
PY

# The sample app as another build recorded it, for the page's compare mode: "Forgot password?"
# renamed, the Screen Time cell (5 views) deleted, the Wi-Fi cell moved to the end of the table,
# a label inserted in the sign-in stack.
python3 - "$ROOT/Sources/ViewSelectors/Resources/sample-app.json" "$WORK/sample-edited.json" <<'PY'
import json, sys
app = json.load(open(sys.argv[1]))
def edit(view):
    if view.get("accessibilityLabel") == "Forgot password?":
        view["accessibilityLabel"] = "Reset password"
    subs = [s for s in view.get("subviews", []) if s.get("uid") != 1037]
    if view["class"] == "UITableView":
        wifi = [s for s in subs if s.get("uid") == 1004]
        subs = [s for s in subs if s.get("uid") != 1004] + wifi
    if view["class"] == "UIStackView":
        subs.insert(1, {"class": "UILabel", "uid": 2001, "accessibilityLabel": "New in this build",
                        "accessibilityFrame": {"origin": {"x": 16, "y": 100}, "size": {"width": 358, "height": 20}}})
    if "subviews" in view:
        view["subviews"] = subs
    for sub in subs:
        edit(sub)
edit(app)
json.dump(app, open(sys.argv[2], "w"))
PY

start sample; SAMPLE_PORT=$PORT
start big --generate 100000; BIG_PORT=$PORT
start frames --tree "$WORK/frames-only.json"; FRAMES_PORT=$PORT
echo "sample app on 127.0.0.1:$SAMPLE_PORT, 10^5 views on 127.0.0.1:$BIG_PORT, frames only on 127.0.0.1:$FRAMES_PORT"

SHOT="$WORK/inspector.png"
SHOTS="$WORK"
if [ "${UPDATE_SCREENSHOT:-0}" = 1 ]; then SHOT="$ROOT/Docs/inspector.png"; SHOTS="$ROOT/Docs"; fi

# The locator gate's pages (Docs/Check.md) on two real recordings of iOS Settings, English and
# Chinese: `frankly diff --html` and `frankly check --html`.
SETTINGS_EN=Tests/Fixtures/appium/locators/ios_settings_top_shirates.xml
SETTINGS_ZH=Tests/Fixtures/real/xcuitest_ios_settings_zh_uiautodev.xml
"$FRANKLY" diff --html "$WORK/diff.html" "$SETTINGS_EN" "$SETTINGS_ZH" >/dev/null
printf '%s\n' "xpath://*[@name='ACCESSIBILITY']" "predicate:name == 'Accessibility'" >"$WORK/selectors.txt"
"$FRANKLY" check --selectors "$WORK/selectors.txt" --old "$SETTINGS_EN" --new "$SETTINGS_ZH" --html "$WORK/check.html" >/dev/null || true

SE_OFFLINE=true "$VENV/bin/python" Tests/Browser/inspector_test.py \
    --sample "http://127.0.0.1:$SAMPLE_PORT" --big "http://127.0.0.1:$BIG_PORT" \
    --frames "http://127.0.0.1:$FRAMES_PORT" \
    --diff-page "file://$WORK/diff.html" --check-page "file://$WORK/check.html" \
    --compare-file "$WORK/sample-edited.json" --report-screenshots "$SHOTS" \
    --screenshot "$SHOT"

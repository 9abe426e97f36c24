#!/usr/bin/env bash
# make bench-peers: builds frankly (release), generates a tree, and compares with lxml and selectolax.
set -euo pipefail
cd "$(dirname "$0")/../.."
NODES=${NODES:-1000000}
REPEAT=${REPEAT:-10}
VENV=.venv-peers
if ! "$VENV/bin/python" -c "import lxml, selectolax" >/dev/null 2>&1; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q lxml selectolax
fi
swift build -c release --product frankly
FRANKLY=$(swift build -c release --show-bin-path)/frankly
TREE=${TREE:-/tmp/viewselectors-peers-$NODES.json}
[ -f "$TREE" ] || "$FRANKLY" generate --nodes "$NODES" --seed 1 --out "$TREE"
"$VENV/bin/python" Benchmarks/Peers/compare.py --frankly "$FRANKLY" --tree "$TREE" --repeat "$REPEAT"

#!/usr/bin/env bash
# Parallel scaling of the matcher (issue 7): the class+label query on generated trees at 1, 2, 4,
# 8, 16 threads, and a sweep that places the serial/parallel threshold. Needs only a `frankly`
# binary, so the same script runs on a machine without Swift (the lent 16-core machine): there,
# carry a static build (`make scaling-binary`) and run `FRANKLY=./frankly bash scaling.sh`.
#
#   SIZES="1000000 10000000"   tree sizes for the thread table
#   THREADS="1 2 4 8 16"       thread counts (counts above the machine's cores are still run)
#   SWEEP="4096 16384 65536 262144 1048576"   sizes for the threshold sweep
#   REPEAT=30                  runs per figure; the median is printed
#
# Each figure is `frankly select --generate N --no-frames --stats --repeat R` (generation and
# compile excluded, the median query time). Threshold sweep: at each size, one thread against
# all threads with the threshold forced to 0 (always parallel); the first size where parallel
# wins is where the threshold belongs.
set -euo pipefail
FRANKLY=${FRANKLY:-}
if [ -z "$FRANKLY" ]; then
    cd "$(dirname "$0")/../.."
    swift build -c release --product frankly >/dev/null
    FRANKLY="$(swift build -c release --show-bin-path)/frankly"
fi
SIZES=${SIZES:-"1000000 10000000"}
THREADS=${THREADS:-"1 2 4 8 16"}
SWEEP=${SWEEP:-"4096 16384 65536 262144 1048576"}
REPEAT=${REPEAT:-30}
CORES=$(nproc)
QUERY="view:'UILabel' markedExactly:'Row 7-3'"

median_ms() { # nodes threads threshold -> median query ms
    local extra=()
    [ -n "$3" ] && extra=(--parallel-threshold "$3")
    "$FRANKLY" select --generate "$1" --no-frames --threads "$2" "${extra[@]}" --repeat "$REPEAT" --stats "$QUERY" \
        2>&1 >/dev/null | sed -n 's/.*query_ms_median=\([0-9.]*\).*/\1/p'
}

echo "machine: $CORES cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "query: $QUERY (shelley), median of $REPEAT"
echo
echo "| nodes | threads | query ms | nodes/s | speed-up vs 1 thread |"
echo "|---|---|---|---|---|"
for n in $SIZES; do
    base=""
    for t in $THREADS; do
        ms=$(median_ms "$n" "$t" 0)
        [ -z "$base" ] && base=$ms
        awk -v n="$n" -v t="$t" -v ms="$ms" -v b="$base" \
            'BEGIN { printf "| %d | %d | %.3f | %.2e | %.2fx |\n", n, t, ms, n / (ms / 1000), b / ms }'
    done
done
echo
echo "Threshold sweep: 1 thread against $CORES threads (threshold 0)"
echo
echo "| nodes | 1 thread ms | $CORES threads ms | parallel ÷ serial |"
echo "|---|---|---|---|"
for n in $SWEEP; do
    s=$(median_ms "$n" 1 "")
    p=$(median_ms "$n" "$CORES" 0)
    awk -v n="$n" -v s="$s" -v p="$p" 'BEGIN { printf "| %d | %.4f | %.4f | %.2f |\n", n, s, p, p / s }'
done

#!/usr/bin/env bash
# Runs libFuzzer targets built by `make fuzz-build`, each for FUZZ_SECONDS (default 60).
#
#   Fuzz/run.sh                      # every target
#   FUZZ_SECONDS=600 Fuzz/run.sh regex dump
#   FUZZ_RUNS=10000000 Fuzz/run.sh shelley     # a fixed number of executions instead of a time
#
# New inputs go to Fuzz/.corpus/<target>/ (not checked in; Fuzz/Corpus/<target>/ is the seed
# corpus, read only). A crash, sanitizer report, timeout (FUZZ_TIMEOUT s per input) or an input
# past FUZZ_RSS_MB is written to Fuzz/Findings/ and the script exits non-zero. Each run's last
# lines (executions, exec/s, coverage) are printed; Docs/Reliability.md records the long runs.
# LeakSanitizer is on (FUZZ_DETECT_LEAKS=0 turns it off): an input that leaks is a finding.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER=${FUZZ_SECONDS:-60}
JOBS_RUNS=${FUZZ_RUNS:-}
BIN=$(swift build -c release --package-path Fuzz --show-bin-path)
TARGETS=${*:-shelley shelley_compat uiquery regex predicate fry uiselector xpath maestro chain dump formats map_request reference detox wdio xcuitest espresso compose recordings}

product() {
    case $1 in
        shelley) echo FuzzShelley;; shelley_compat) echo FuzzShelleyCompat;; uiquery) echo FuzzUIQuery;;
        regex) echo FuzzRegex;; predicate) echo FuzzPredicate;; fry) echo FuzzFRY;; uiselector) echo FuzzUiSelector;; xpath) echo FuzzXPath;; maestro) echo FuzzMaestro;; chain) echo FuzzChain;; dump) echo FuzzDump;; formats) echo FuzzFormats;; map_request) echo FuzzMapRequest;; reference) echo FuzzReference;; detox) echo FuzzDetox;; wdio) echo FuzzWDIO;; xcuitest) echo FuzzXCUITest;; espresso) echo FuzzEspresso;; compose) echo FuzzCompose;; recordings) echo FuzzRecordings;;
        *) echo "unknown fuzz target '$1'" >&2; return 1;;
    esac
}
dictionary() {
    case $1 in
        shelley|shelley_compat) echo shelley;; uiquery) echo uiquery;; regex) echo regex;; predicate) echo predicate;; fry) echo fry;; uiselector) echo uiselector;; xpath) echo xpath;; maestro) echo maestro;;
        chain) echo chain;; dump|map_request) echo json;; formats|recordings) echo formats;;
    esac
}

# LeakSanitizer runs at exit from ASan itself, so both switches are needed.
export ASAN_OPTIONS="detect_leaks=${FUZZ_DETECT_LEAKS:-1}${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# FUZZ_JOBS targets run at once (default: the processor count, at most 4), each on its own core for
# its whole FUZZ_SECONDS, so CI's short run takes a half or a quarter of the wall time; summaries
# are printed in target order once each has finished.
JOBS=${FUZZ_JOBS:-$(n=$(nproc 2>/dev/null || echo 1); [ "$n" -gt 4 ] && n=4; echo "$n")}
mkdir -p Fuzz/Findings

fuzz_one() {
    local t=$1 p=$2
    mkdir -p "Fuzz/.corpus/$t"
    local limit=(-max_total_time="$SECONDS_PER")
    [ -n "$JOBS_RUNS" ] && limit=(-runs="$JOBS_RUNS")
    # A target whose input is not text (reference: random draws) has no dictionary.
    local dict=() d; d=$(dictionary "$t"); [ -n "$d" ] && dict=(-dict="Fuzz/Dictionaries/$d.dict")
    # reference: almost every input allocates more than it frees while libFuzzer counts (most
    # likely its parallel configurations' dispatch worker threads, which outlive the input), so
    # libFuzzer re-ran each one under LeakSanitizer, 5x slower. Its per-input check is off there
    # unless FUZZ_DETECT_LEAKS is set; ASAN_OPTIONS' detect_leaks (the exit-time check) is as above.
    local leaks=${FUZZ_DETECT_LEAKS:-1}
    [ "$t" = reference ] && [ -z "${FUZZ_DETECT_LEAKS:-}" ] && leaks=0
    "$BIN/$p" "${limit[@]}" ${dict[@]+"${dict[@]}"} \
        -max_len="${FUZZ_MAX_LEN:-4096}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
        -artifact_prefix="Fuzz/Findings/$t-" -print_final_stats=1 -detect_leaks="$leaks" \
        "Fuzz/.corpus/$t" "Fuzz/Corpus/$t" >"Fuzz/.corpus/$t.log" 2>&1
    echo $? >"Fuzz/.corpus/$t.rc"
}

report() {
    local t=$1 rc
    echo "== $t ($(product "$t")): ${JOBS_RUNS:-$SECONDS_PER s}"
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|Done [0-9]+ runs|ERROR|SUMMARY|cov:' "Fuzz/.corpus/$t.log" | tail -6
    rc=$(cat "Fuzz/.corpus/$t.rc" 2>/dev/null || echo 1)
    if [ "$rc" -ne 0 ]; then echo "!! $t: libFuzzer exited $rc (see Fuzz/.corpus/$t.log and Fuzz/Findings/)"; return 1; fi
}

status=0
batch=()
for t in $TARGETS; do
    p=$(product "$t") || exit 2
    fuzz_one "$t" "$p" &
    batch+=("$t")
    if [ "${#batch[@]}" -ge "$JOBS" ]; then
        wait
        for b in "${batch[@]}"; do report "$b" || status=1; done
        batch=()
    fi
done
wait
for b in ${batch[@]+"${batch[@]}"}; do report "$b" || status=1; done
exit $status

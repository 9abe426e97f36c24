#!/usr/bin/env python3
"""No change makes a query slower: the same queries run by two release builds side by side.

`make bench-compare BASE=<rev>` builds BASE (in a git worktree) and the work tree in release, then
calls this script with both `frankly` binaries. For every row (each selector of Benchmarks/Peers/
meanings.py's ROWS, plus the extra rows below: the class-and-label query of issue 42 and the core's
position steps) and every tree, it runs `frankly select --stats --repeat R` as its own process,
alternating BASE and HEAD for --rounds rounds, so a machine that slows down slows both. Each
process gives its median query time (the tree load excluded); who runs first alternates by round;
a side's figure is the median of its processes, and the row's ratio is HEAD / BASE.

Noise is judged per row from the runs themselves: a row is reported SLOWER only when every HEAD
process took longer than every BASE process (the ranges do not overlap) and the ratio is over
--threshold (default 1.10); FASTER the other way round; anything else is "same". Exit status 1
when some row is SLOWER, 0 otherwise. Both builds must select the same uids (checked on the first
round); a difference is reported and counts as a failure.

    bench_compare.py --base BASE/frankly --head HEAD/frankly --base-plugin … --head-plugin …
        [--nodes 10000,100000] [--rounds 5] [--repeat 10] [--rows 1,2] [--json out.json]

Standard library only.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Peers"))
import meanings  # noqa: E402  (the rows live there, one copy)

# Rows the meanings table does not hold: issue 42's regression (a class and an exact label), and
# the core's own position and structure steps in the languages that say them.
EXTRA = [
    {"id": "class+label", "meaning": "a class and an exact label (issue 42's regression row)",
     "selectors": [("shelley", "view:'UILabel' markedExactly:'Row 7-3'"),
                   ("xpath", "//UILabel[@accessibilityLabel='Row 7-3']"),
                   ("uiquery", "view:'UILabel' marked:'Row 7-3'")]},
    {"id": "positions", "meaning": "the core's position and has-descendant steps",
     "selectors": [("xpath", "//UITableViewCell[2]"),
                   ("xpath", "//UITableViewCell[last()]"),
                   ("xpath", "//UIImageView/following-sibling::UILabel[1]"),
                   ("xpath", "//UITableViewCell[.//UIButton[@accessibilityLabel='Share']]"),
                   ("uiselector", 'new UiSelector().className("UITableView").childSelector(new UiSelector().className("UITableViewCell").instance(1))'),
                   ("uiselector", 'new UiSelector().className("UITableViewCell").childSelector(new UiSelector().className("UILabel").index(1))'),
                   ("class_chain", "**/UITableViewCell[$label == 'Share'$]")]},
    # Every axis step from a list of inputs: a walk per input, where a per-input cost (a copy of
    # the tree captured by a closure) once made `following-sibling::*` six times slower unseen.
    {"id": "axes", "meaning": "each axis walked from every input of a class",
     "selectors": [("xpath", "//UITableViewCell/*"),
                   ("xpath", "//UIImageView/following-sibling::*"),
                   ("xpath", "//UIButton/preceding-sibling::*"),
                   ("xpath", "//UIImageView/following::UILabel"),
                   ("xpath", "//UISwitch/preceding::UILabel"),
                   ("xpath", "//UILabel/parent::*"),
                   ("xpath", "//UIImageView/ancestor::UITableViewCell"),
                   ("xpath", "//UIImageView/ancestor-or-self::*"),
                   ("uiquery", "imageView parent"),
                   ("shelley", "tableViewCell view:'UIImageView' parent")]},
]


def run(binary, plugin, tree, engine, selector, repeat):
    cmd = [binary, "select", "--tree", tree, "--engine", engine]
    if engine in meanings.PLUGIN_ENGINES:
        if not plugin:
            return {"skip": "no plug-in"}
        cmd += ["--plugin", plugin]
    cmd += ["--stats", "--repeat", str(repeat), "--", selector]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return {"error": (r.stderr.strip() or f"exit {r.returncode}").splitlines()[0]}
    for line in r.stderr.splitlines():
        if "query_ms_median=" in line:
            fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
            return {"ms": float(fields["query_ms_median"]), "uids": r.stdout}
    return {"error": "no stats line on stderr"}


def verdict(base, head, threshold):
    ratio = statistics.median(head) / max(statistics.median(base), 1e-9)
    if ratio > threshold and min(head) > max(base):
        return ratio, "SLOWER"
    if ratio < 1 / threshold and max(head) < min(base):
        return ratio, "faster"
    return ratio, "same"


def main():
    ap = argparse.ArgumentParser(description="BASE and HEAD release builds, the same queries side by side, a ratio per row.")
    ap.add_argument("--base", required=True, help="BASE's frankly (release)")
    ap.add_argument("--head", required=True, help="HEAD's frankly (release)")
    ap.add_argument("--base-plugin", help="BASE's libClassChainEngine.so (class_chain rows are skipped without both)")
    ap.add_argument("--head-plugin")
    ap.add_argument("--nodes", default="10000,100000", help="generated tree sizes, comma-separated (default 10000,100000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5, help="alternating BASE/HEAD processes per row and tree (default 5)")
    ap.add_argument("--repeat", type=int, default=10, help="queries per process (default 10)")
    ap.add_argument("--threshold", type=float, default=1.10, help="ratio past which a row may be SLOWER (default 1.10)")
    ap.add_argument("--rows", help="comma-separated row ids (meanings' numbers, class+label, positions, axes; default: all)")
    ap.add_argument("--json", help="write every row's figures here")
    args = ap.parse_args()
    rows = meanings.ROWS + EXTRA
    if args.rows:
        wanted = set(args.rows.split(","))
        rows = [r for r in rows if str(r["id"]) in wanted]
    plugins = (args.base_plugin, args.head_plugin) if args.base_plugin and args.head_plugin else (None, None)
    out, slower, differ = [], [], []
    for nodes in [int(n) for n in args.nodes.split(",")]:
        tree = os.path.join(tempfile.gettempdir(), f"viewselectors-compare-{nodes}-seed{args.seed}.json")
        if not os.path.exists(tree):
            meanings.progress(f"generating {nodes} views (seed {args.seed}) into {tree}")
            subprocess.run([args.head, "generate", "--nodes", str(nodes), "--seed", str(args.seed), "--out", tree], check=True)
        print(f"\n{nodes:,} views (seed {args.seed}); BASE and HEAD alternating, {args.rounds} processes each, "
              f"median of {args.repeat} queries a process")
        print(f"{'row':<12} {'engine':<14} {'BASE ms':>9} {'HEAD ms':>9} {'HEAD/BASE':>9}  verdict  selector")
        for row in rows:
            for e in row["selectors"]:
                engine, selector = e[0], e[1]
                base, head, first = [], [], None
                for k in range(args.rounds):
                    # Who goes first alternates too, so neither side always runs on a warmer machine.
                    if k % 2 == 0:
                        b = run(args.base, plugins[0], tree, engine, selector, args.repeat)
                        h = run(args.head, plugins[1], tree, engine, selector, args.repeat)
                    else:
                        h = run(args.head, plugins[1], tree, engine, selector, args.repeat)
                        b = run(args.base, plugins[0], tree, engine, selector, args.repeat)
                    if "skip" in b or "error" in b or "skip" in h or "error" in h:
                        first = b.get("skip") or h.get("skip") or f"BASE: {b.get('error', 'ok')}; HEAD: {h.get('error', 'ok')}"
                        break
                    if k == 0 and b["uids"] != h["uids"]:
                        differ.append(f"{nodes} {engine} {selector}")
                    base.append(b["ms"]); head.append(h["ms"])
                if first:
                    print(f"{row['id']!s:<12} {engine:<14} {'-':>9} {'-':>9} {'-':>9}  {first[:60]}  {selector}")
                    continue
                ratio, v = verdict(base, head, args.threshold)
                if v == "SLOWER":
                    slower.append(f"{nodes} {engine} {selector}: {ratio:.2f}x")
                print(f"{row['id']!s:<12} {engine:<14} {statistics.median(base):>9.3f} {statistics.median(head):>9.3f} "
                      f"{ratio:>9.2f}  {v:<7}  {selector}", flush=True)
                out.append({"nodes": nodes, "row": row["id"], "engine": engine, "selector": selector,
                            "base_ms": base, "head_ms": head, "ratio": ratio, "verdict": v})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    for d in differ:
        print(f"different uids: {d}")
    for s in slower:
        print(f"SLOWER: {s}")
    print(f"\n{len(out)} rows compared; {len(slower)} slower beyond noise; {len(differ)} with different uids")
    return 1 if slower or differ else 0


if __name__ == "__main__":
    sys.exit(main())

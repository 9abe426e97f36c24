#!/usr/bin/env python3
"""Docs/Architecture.md's module table must say what Package.swift says.

Compares the table between `<!-- modules: begin -->` and `<!-- modules: end -->` with
`swift package dump-package`: every non-test target, its kind, and its dependencies (targets by
name, external products by their package in [brackets]). Also checks the one-way rule the doc
states: the core and the engines depend on no engine of another kind, no server and no umbrella.

Then the engines' reads of the tree's structure: a file under Plugins/ that reads the parent,
subtree-end, class-id or root columns (or `children(of:)`) walks the tree itself instead of
compiling to the core's steps or using `StepContext`'s navigation. Each such file and its count of
reads must be listed, exactly, in the table between `<!-- tree reads: begin -->` and
`<!-- tree reads: end -->`, with its reason; a new read anywhere fails until it is listed.
"""
import json, pathlib, re, subprocess, sys

doc = open("Docs/Architecture.md", encoding="utf-8").read()


def table_rows(name, what):
    """The cells of each row of the table between `<!-- NAME: begin -->` and `<!-- NAME: end -->`."""
    m = re.search(rf"<!-- {name}: begin -->(.*?)<!-- {name}: end -->", doc, re.S)
    if not m:
        sys.exit(f"Docs/Architecture.md: no {what} between the markers")
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in m.group(1).splitlines()]


documented = {}
for cells in table_rows("modules", "module table"):
    if len(cells) != 3 or not cells[0].startswith("`"):
        continue
    name = cells[0].strip("`")
    deps = {d.strip().strip("`") for d in cells[2].split(",") if d.strip()}
    documented[name] = (cells[1], deps)

swift = sys.argv[1] if len(sys.argv) > 1 else "swift"
package = json.loads(subprocess.run([swift, "package", "dump-package"], check=True,
                                    capture_output=True, text=True).stdout)
actual = {}
plugins = set()
for t in package["targets"]:
    if t["type"] == "test":
        continue
    deps = set()
    for dep in t["dependencies"]:
        kind, value = next(iter(dep.items()))
        deps.add(f"[{value[1]}]" if kind == "product" else value[0])
    actual[t["name"]] = deps
    if (t.get("path") or "").startswith("Plugins/"):
        plugins.add(t["name"])

problems = []
for name in sorted(set(actual) | set(documented)):
    if name not in documented:
        problems.append(f"{name}: in Package.swift, missing from the table")
    elif name not in actual:
        problems.append(f"{name}: in the table, not a target in Package.swift")
    elif documented[name][1] != actual[name]:
        problems.append(f"{name}: the table says {sorted(documented[name][1])}, "
                        f"Package.swift says {sorted(actual[name])}")
for name in plugins:
    if (documented.get(name, ("",))[0].split() or [""])[0] != "engine":
        problems.append(f"{name}: lives under Plugins/ but the table does not call it an engine")
    # An engine may use a field library for its language's syntax (Maestro's YAML: Yams), never
    # the server, the CLI or the registry's umbrella.
    allowed = {"SelectorCore", "CPCRE2", "[Yams]"} | plugins
    if not actual[name] <= allowed:
        problems.append(f"{name}: an engine depends on {sorted(actual[name] - allowed)}")
if actual.get("SelectorCore", set()) & (plugins | {"ViewSelectors", "FranklyProtocol", "FranklyServer"}):
    problems.append("SelectorCore depends on an engine or the server")
if problems:
    sys.exit("Docs/Architecture.md is out of step with Package.swift:\n  " + "\n  ".join(problems))
print(f"Docs/Architecture.md: {len(actual)} modules match Package.swift")

# Structural column reads under Plugins/: `context.children(of:)` and the other StepContext
# navigation are the contract, so a read through `context.` is not counted.
READ = re.compile(r"\b(?!context\.)\w+\.(?:parents|ends|classIDs|roots)\b|(?<!context\.)\bchildren\(of:")
reads = {}
for path in sorted(pathlib.Path("Plugins").rglob("*.swift")):
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        code = line.split("//", 1)[0]
        n += len(READ.findall(code))
    if n:
        reads[str(path)] = n
listed = {}
for cells in table_rows("tree reads", "tree-reads table"):
    if len(cells) >= 2 and cells[0].startswith("`Plugins/"):
        listed[cells[0].strip("`")] = int(cells[1])
problems = [f"{f}: {reads.get(f, 0)} structural reads, the table lists {listed.get(f, 0)}"
            for f in sorted(set(reads) | set(listed)) if reads.get(f, 0) != listed.get(f, 0)]
if problems:
    sys.exit("Docs/Architecture.md's tree-reads table is out of step with Plugins/ (an engine that walks the "
             "tree itself; compile to core steps, or list it with its reason):\n  " + "\n  ".join(problems))
print(f"Docs/Architecture.md: {sum(reads.values())} structural tree reads in {len(reads)} engine files, as listed")

#!/usr/bin/env python3
"""Docs/Architecture.md's module table must say what Package.swift says.

Compares the table between `<!-- modules: begin -->` and `<!-- modules: end -->` with
`swift package dump-package`: every non-test target, its kind, and its dependencies (targets by
name, external products by their package in [brackets]). Also checks the one-way rule the doc
states: the core and the engines depend on no engine of another kind, no server and no umbrella.
"""
import json, re, subprocess, sys

doc = open("Docs/Architecture.md", encoding="utf-8").read()
m = re.search(r"<!-- modules: begin -->(.*?)<!-- modules: end -->", doc, re.S)
if not m:
    sys.exit("Docs/Architecture.md: no module table between the markers")
documented = {}
for line in m.group(1).splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
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
    if documented.get(name, ("",))[0].split()[0] != "engine":
        problems.append(f"{name}: lives under Plugins/ but the table does not call it an engine")
    allowed = {"SelectorCore", "CPCRE2"} | plugins
    if not actual[name] <= allowed:
        problems.append(f"{name}: an engine depends on {sorted(actual[name] - allowed)}")
if actual.get("SelectorCore", set()) & (plugins | {"ViewSelectors", "FranklyProtocol", "FranklyServer"}):
    problems.append("SelectorCore depends on an engine or the server")
if problems:
    sys.exit("Docs/Architecture.md is out of step with Package.swift:\n  " + "\n  ".join(problems))
print(f"Docs/Architecture.md: {len(actual)} modules match Package.swift")

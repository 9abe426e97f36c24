#!/usr/bin/env python3
"""Fails when a code block that a doc says is compiled no longer matches the code it copies.

A fenced block preceded by `<!-- compiled: PATH -->` (PATH relative to the repository root) must
appear in PATH as consecutive lines, leading whitespace aside. The code in PATH is built and run
by `make test`, so a block that passes here is code that compiles against today's API.

    python3 Examples/check-doc-blocks.py Docs/Library.md Docs/WritingAnEngine.md
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = re.compile(r"<!--\s*compiled:\s*(\S+)\s*-->")


def blocks(doc):
    lines = doc.read_text().splitlines()
    i = 0
    while i < len(lines):
        m = MARK.search(lines[i])
        if m:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            k = j + 1
            while k < len(lines) and not lines[k].startswith("```"):
                k += 1
            yield i + 1, m.group(1), lines[j + 1:k]
            i = k
        i += 1


def contains(haystack, needle):
    h = [line.strip() for line in haystack]
    n = [line.strip() for line in needle]
    return any(h[p:p + len(n)] == n for p in range(len(h) - len(n) + 1))


def main(docs):
    failures, checked = 0, 0
    for name in docs:
        doc = ROOT / name
        for line, path, block in blocks(doc):
            checked += 1
            source = ROOT / path
            if not source.exists():
                print(f"{name}:{line}: {path} does not exist")
                failures += 1
            elif not block or not contains(source.read_text().splitlines(), block):
                print(f"{name}:{line}: this block is not a copy of {path}; copy it again from there")
                failures += 1
    print(f"doc blocks: {checked} checked, {failures} differ from their code")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

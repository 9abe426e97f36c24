"""A real MCP client (the official Python SDK, `mcp` on PyPI) against `frankly mcp`.

Usage: client.py FRANKLY FIXTURES_DIR [--http]

Starts `frankly mcp` over stdio with the real recordings, lists its tools and resources, and
calls every tool on them; checks what each answers, including that the tool results are the JSON
the CLI prints with --format json. For every recording it measures `screen` at its default budget
against the page source's size and validates every row's selector with the `validate` tool.
Prints one JSON object (the measurements and the checks made) on stdout; exits 1 on the first
failed check, with the reason on stderr. Run by Tests/FranklyCLITests/MCPClientTests.swift.

With --http it starts `frankly serve` instead (Pocket Casts as the served tree, the other
recordings as --mcp-tree) and speaks to its `/mcp` route with the SDK's Streamable HTTP client:
the tools on the live tree and on the named recordings, every `screen` row validated, `select`
against the CLI, the errors, and that a file path is refused (a server does not read files for its
clients).
"""

import asyncio
import glob
import json
import os
import re
import subprocess
import sys
import threading

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError

TOOLS = ["screen", "validate", "select", "explain", "translate", "diff", "check", "audit"]
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        print(f"client.py: FAILED: {message}", file=sys.stderr)
        sys.stderr.flush()
        os._exit(1)


def recordings(fixtures):
    """The real recordings, then the Appium page sources (Tests/Fixtures/real and appium)."""
    real = sorted(glob.glob(os.path.join(fixtures, "real", "*.xml")) + glob.glob(os.path.join(fixtures, "real", "*.json")))
    appium = sorted(glob.glob(os.path.join(fixtures, "appium", "*.xml")) + glob.glob(os.path.join(fixtures, "appium", "locators", "*.xml")))
    return real, appium


def cli_json(frankly, *args):
    """What `frankly ARGS` prints on stdout, parsed."""
    out = subprocess.run([frankly, *args], capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout)


def without_timings(value):
    """The JSON with the timing fields (`ms`) left out: they differ from run to run."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k != "ms"}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


async def call(session, tool, arguments):
    """The tool's result as JSON, and whether it is marked isError."""
    result = await session.call_tool(tool, arguments)
    check(len(result.content) == 1 and result.content[0].type == "text", f"{tool}: one text content")
    return json.loads(result.content[0].text), bool(result.isError)


async def main():
    frankly, fixtures = sys.argv[1], sys.argv[2]
    real, appium = recordings(fixtures)
    paths = real + appium
    check(len(real) == 8, f"8 real recordings, found {len(real)}")
    args = ["mcp"]
    for p in paths:
        args += ["--tree", p]
    report = {"recordings": [], "checks": 0}
    params = StdioServerParameters(command=frankly, args=args)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.serverInfo.name == "frankly", "server name")
            check(init.capabilities.tools is not None and init.capabilities.resources is not None, "tools and resources offered")

            tools = (await session.list_tools()).tools
            check([t.name for t in tools] == TOOLS, f"tool list: {[t.name for t in tools]}")
            for t in tools:
                check(t.inputSchema.get("type") == "object" and t.inputSchema.get("additionalProperties") is False,
                      f"{t.name}: a closed object schema")

            resources = (await session.list_resources()).resources
            check(len(resources) == len(paths), f"one resource a recording: {len(resources)}")
            first = resources[0]
            check(str(first.uri).startswith("frankly://recording/"), f"resource uri {first.uri}")
            contents = (await session.read_resource(first.uri)).contents
            with open(paths[0], encoding="utf-8") as f:
                check(contents[0].text == f.read(), "a resource reads as the recording's own text")
            try:
                await session.read_resource("frankly://recording/none")
                check(False, "an unknown resource is an error")
            except McpError as e:
                check(e.error.code == -32602, f"unknown resource: invalid params, got {e.error.code}")

            # screen on every recording, at the default budget: the size, and every row's selector
            # validated by the server's own validate tool.
            for path in paths:
                name = os.path.basename(path)
                screen, is_error = await call(session, "screen", {"recording": name})
                check(not is_error, f"screen {name}: {screen}")
                text_bytes = len(json.dumps(screen, ensure_ascii=False, separators=(",", ":")).encode())
                source_bytes = os.path.getsize(path)
                rows = screen["rows"]
                check(all(r[4] is not None for r in rows), f"screen {name}: every row has a selector")
                for row in rows:
                    note = row[5] if len(row) > 5 else {}
                    engine = note.get("engine", screen["engine"])
                    verdict, _ = await call(session, "validate", {"recording": name, "selector": row[4], "engine": engine})
                    check(verdict["verdict"] == "unique" and verdict["matches"][0]["node"] == row[0],
                          f"screen {name}: row {row[0]}'s selector {row[4]!r} ({engine}) selects it alone: {verdict.get('verdict')}")
                    check(verdict["worksThere"]["reads"], f"screen {name}: {engine} runs where the recording was made")
                report["recordings"].append({
                    "file": os.path.relpath(path, fixtures), "sourceBytes": source_bytes, "screenBytes": text_bytes,
                    "percent": round(100 * text_bytes / source_bytes, 1), "views": screen["views"],
                    "actionable": screen["actionable"], "text": screen["text"], "listed": screen["listed"],
                    "tokens": screen["tokens"], "engine": screen["engine"], "more": "next" in screen,
                    "real": path in real,
                })

            # full tree, paged
            pocket = "xcuitest_ios26_pocketcasts_discover_mobium.xml"
            page1, _ = await call(session, "screen", {"recording": pocket, "full": True, "budget": 1000})
            check(page1["columns"][1] == "depth" and "next" in page1, "full tree: depth column and a next page")
            page2, _ = await call(session, "screen", {"recording": pocket, "full": True, "budget": 1000, "cursor": page1["next"]})
            check(page2["rows"][0][0] > page1["rows"][-1][0], "full tree: the next page goes on in preorder")

            # validate: unique, no match (near misses and a checked fix), ambiguous, invalid, not read there
            good, _ = await call(session, "validate", {"recording": pocket, "selector": "name == 'Comedy'"})
            check(good["verdict"] == "unique" and good["engine"] == "predicate" and good["appiumStrategy"] == "-ios predicate string",
                  f"validate unique: {good}")
            miss, _ = await call(session, "validate", {"recording": pocket, "selector": "name == 'Comedi'"})
            check(miss["verdict"] == "no match" and miss["nearMisses"] and miss["fix"]["unique"], f"validate miss: {miss}")
            many, _ = await call(session, "validate", {"recording": pocket, "selector": "label == 'Follow'"})
            check(many["verdict"] == "ambiguous" and many["count"] > 1 and any("selector" in c for c in many["candidates"]),
                  f"validate ambiguous: {many}")
            bad, is_error = await call(session, "validate", {"recording": pocket, "selector": "name == "})
            check(bad["verdict"] == "invalid" and not bad["compiles"] and "column" in bad and not is_error, f"validate invalid: {bad}")
            elsewhere, _ = await call(session, "validate", {"recording": pocket, "selector": "withText(\"Comedy\")", "engine": "espresso"})
            check(elsewhere["worksThere"]["reads"] is False and "predicate" in elsewhere["worksThere"]["engines"],
                  f"validate works there: {elsewhere}")

            # the CLI's tools answer the CLI's JSON
            pocket_path = next(p for p in paths if p.endswith(pocket))
            selected, _ = await call(session, "select", {"recording": pocket, "selector": "type == 'XCUIElementTypeButton'"})
            check(selected == cli_json(frankly, "select", "--tree", pocket_path, "--engine", "predicate", "--format", "json",
                                       "type == 'XCUIElementTypeButton'"), "select = frankly select --format json")
            check(len(selected["results"]) > 1, "select: several buttons")
            explained, _ = await call(session, "explain", {"recording": pocket, "selector": "label == 'Comedi'"})
            check(explained == cli_json(frankly, "explain", "--tree", pocket_path, "--engine", "predicate", "--format", "json",
                                        "label == 'Comedi'"), "explain = frankly explain --format json")
            translated, _ = await call(session, "translate", {"recording": pocket, "selector": "name == 'Comedy'", "to": ["xpath", "accessibility_id"]})
            check(without_timings(translated) == without_timings(cli_json(
                frankly, "translate", "--tree", pocket_path, "--engine", "predicate", "--to", "xpath,accessibility_id", "--format", "json",
                "name == 'Comedy'")), "translate = frankly translate --format json")
            check(translated[0]["selector"] is not None, f"translate: an xpath translation: {translated}")
            top_en = next(p for p in paths if p.endswith("ios_settings_top_shirates.xml"))
            top_zh = next(p for p in paths if p.endswith("xcuitest_ios_settings_zh_uiautodev.xml"))
            diffed, _ = await call(session, "diff", {"old": os.path.basename(top_en), "new": os.path.basename(top_zh)})
            check(diffed == cli_json(frankly, "diff", "--format", "json", top_en, top_zh), "diff = frankly diff --format json")
            suite = "predicate:name == 'Comedy'\naccessibility_id:Comedy\n"
            suite_file = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"frankly-mcp-client-{os.getpid()}.txt")
            with open(suite_file, "w") as f:
                f.write(suite)
            try:
                checked, _ = await call(session, "check", {"selectors": suite, "old": [pocket], "new": [pocket]})
                printed = cli_json(frankly, "check", "--selectors", suite_file, "--old", pocket_path, "--new", pocket_path, "--format", "json")
                # `source` names the list: the file for the CLI, "selectors" (the argument) here.
                for item in printed:
                    item["source"] = item["source"].replace(suite_file, "selectors")
                check(checked == printed, f"check = frankly check --format json: {checked} vs {printed}")
                check([c["status"] for c in checked] == ["ok", "ok"], f"check: both ok: {checked}")
            finally:
                os.remove(suite_file)

            audited, _ = await call(session, "audit", {"recording": pocket_path})
            printed = subprocess.run([frankly, "audit", "--tree", pocket_path, "--format", "json"], capture_output=True, text=True, timeout=120)
            check(audited == json.loads(printed.stdout), "audit = frankly audit --format json")
            check(audited["recordings"][0]["findings"], "audit: findings on Pocket Casts")

            # bad arguments: MCP errors naming the fault
            for tool, arguments, fault in [
                ("screen", {"recording": "nope.xml"}, "nope.xml"),
                ("screen", {"recording": pocket, "budget": "big"}, "\"budget\" must be an integer"),
                ("validate", {"recording": pocket}, "missing required argument \"selector\""),
                ("select", {"recording": pocket, "selector": "x", "engine": "cobol"}, "unknown engine \"cobol\""),
                ("screen", {"recording": pocket, "colour": "red"}, "unknown argument \"colour\""),
                ("frobnicate", {}, "unknown tool \"frobnicate\""),
                ("audit", {"recording": pocket, "rules": ["no-such-rule"]}, "unknown rule \"no-such-rule\""),
            ]:
                try:
                    await session.call_tool(tool, arguments)
                    check(False, f"{tool} {arguments}: an error")
                except McpError as e:
                    check(e.error.code == -32602 and fault in e.error.message, f"{tool} {arguments}: {e.error.code} {e.error.message}")

            # a selector that does not compile, in select: an isError result with the column
            failed, is_error = await call(session, "select", {"recording": pocket, "selector": "name == "})
            check(is_error and "invalid selector" in failed["error"] and "column" in failed, f"select invalid: {failed}")
            # and the server still answers
            check((await session.send_ping()) is not None, "ping after the errors")
    report["checks"] = checks
    print(json.dumps(report))


async def screen_and_validate(session, name, recording_arguments):
    """`screen` on one recording at the default budget, every row's selector validated there; the
    screen's JSON."""
    screen, is_error = await call(session, "screen", recording_arguments)
    check(not is_error, f"screen {name}: {screen}")
    check(all(r[4] is not None for r in screen["rows"]), f"screen {name}: every row has a selector")
    for row in screen["rows"]:
        note = row[5] if len(row) > 5 else {}
        engine = note.get("engine", screen["engine"])
        verdict, _ = await call(session, "validate", {**recording_arguments, "selector": row[4], "engine": engine})
        check(verdict["verdict"] == "unique" and verdict["matches"][0]["node"] == row[0],
              f"screen {name}: row {row[0]}'s selector {row[4]!r} ({engine}) selects it alone: {verdict.get('verdict')}")
    return screen


def start_serve(frankly, served, extras):
    """`frankly serve --port 0` on `served` with `extras` as --mcp-tree; the process and its port
    (read from its log, which is then drained so it can never fill the pipe)."""
    args = [frankly, "serve", "--port", "0", "--tree", served]
    for p in extras:
        args += ["--mcp-tree", p]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = None
    for line in proc.stderr:
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            port = int(m.group(1))
            break
    check(port is not None, f"frankly serve did not start (exit {proc.poll()})")
    threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()
    return proc, port


def http_client(url):
    """The SDK's Streamable HTTP client for `url`, ignoring proxy settings (the server is on loopback)."""
    import httpx
    try:
        from mcp.client.streamable_http import streamable_http_client
    except ImportError:  # an SDK before 1.24 has only the older name
        from mcp.client.streamable_http import streamablehttp_client

        def factory(headers=None, timeout=None, auth=None):
            return httpx.AsyncClient(headers=headers, timeout=timeout, auth=auth, trust_env=False)
        return streamablehttp_client(url, timeout=120, httpx_client_factory=factory), None
    http = httpx.AsyncClient(trust_env=False, timeout=httpx.Timeout(120))
    return streamable_http_client(url, http_client=http), http


async def main_http():
    frankly, fixtures = sys.argv[1], sys.argv[2]
    real, appium = recordings(fixtures)
    paths = real + appium
    pocket = "xcuitest_ios26_pocketcasts_discover_mobium.xml"
    pocket_path = next(p for p in paths if p.endswith(pocket))
    extras = [p for p in paths if p != pocket_path]
    proc, port = start_serve(frankly, pocket_path, extras)
    report = {"transport": "http", "recordings": [], "checks": 0}
    try:
        client, http = http_client(f"http://127.0.0.1:{port}/mcp")
        async with client as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                check(init.serverInfo.name == "frankly", "server name")
                tools = (await session.list_tools()).tools
                check([t.name for t in tools] == TOOLS, f"tool list: {[t.name for t in tools]}")

                # The --mcp-tree recordings are resources; the live tree is not.
                resources = (await session.list_resources()).resources
                check(sorted(r.name for r in resources) == sorted(os.path.basename(p) for p in extras),
                      f"one resource a --mcp-tree recording: {[r.name for r in resources]}")
                contents = (await session.read_resource(resources[0].uri)).contents
                with open(extras[0], encoding="utf-8") as f:
                    check(contents[0].text == f.read(), "a resource reads as the recording's own text")

                # The live tree, the default recording, then every named one.
                live = await screen_and_validate(session, "live", {})
                check(live["recording"] == "live" and live["engine"] == "predicate", f"screen live: {live['recording']}")
                report["recordings"].append({"file": "live", "rows": len(live["rows"]), "views": live["views"]})
                for path in extras:
                    name = os.path.basename(path)
                    screen = await screen_and_validate(session, name, {"recording": name})
                    report["recordings"].append({"file": os.path.relpath(path, fixtures), "rows": len(screen["rows"]),
                                                 "views": screen["views"]})

                good, _ = await call(session, "validate", {"selector": "name == 'Comedy'"})
                check(good["verdict"] == "unique" and good["recording"] == "live", f"validate unique: {good}")
                miss, _ = await call(session, "validate", {"selector": "name == 'Comedi'"})
                check(miss["verdict"] == "no match" and miss["fix"]["unique"], f"validate miss: {miss}")
                many, _ = await call(session, "validate", {"selector": "label == 'Follow'"})
                check(many["verdict"] == "ambiguous" and many["count"] > 1, f"validate ambiguous: {many}")
                selected, _ = await call(session, "select", {"selector": "type == 'XCUIElementTypeButton'"})
                check(selected == cli_json(frankly, "select", "--tree", pocket_path, "--engine", "predicate", "--format", "json",
                                           "type == 'XCUIElementTypeButton'"), "select on live = frankly select --format json")

                for tool, arguments, fault in [
                    ("screen", {"recording": pocket_path}, "no recording named"),
                    ("screen", {"budget": "big"}, "\"budget\" must be an integer"),
                    ("frobnicate", {}, "unknown tool \"frobnicate\""),
                ]:
                    try:
                        await session.call_tool(tool, arguments)
                        check(False, f"{tool} {arguments}: an error")
                    except McpError as e:
                        check(e.error.code == -32602 and fault in e.error.message, f"{tool} {arguments}: {e.error.code} {e.error.message}")
                check((await session.send_ping()) is not None, "ping after the errors")
        if http is not None:
            await http.aclose()
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    report["checks"] = checks
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main_http() if "--http" in sys.argv[3:] else main())

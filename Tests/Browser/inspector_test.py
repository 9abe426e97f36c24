"""End-to-end test of the inspector page (GET /) in headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium). Run it through Tests/Browser/run.sh, which starts the
servers: --sample is `frankly serve` on the sample app, --big on `--generate 100000`, --frames on
the sample app without accessibilityFrame (frames relative to their superviews, its table scrolled);
--compare-file is the sample app edited, for the page's compare mode.

Each check prints one line; the script exits 1 if any failed. The checks run in order on one
browser: the screenshot is taken before setText: changes the sample app.
"""

import argparse
import json
import re
import sys
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# Selectors typed per engine, on the sample app. Each must select something.
QUERIES = {
    "shelley": ["view:'UIButton'", "button marked:'Delete'", "view:'UITableViewCellContentView' child view:'UILabel'"],
    "shelley_compat": ["view:'UILabel' marked:'Log'", "tableViewCell parent"],
    "uiquery": ["view:'UIButton' marked:'Delete'", "tableViewCell label", "label parent tableViewCell"],
    "regex": ["/^Row/", "UIButton /delete/i", "UITextField @placeholder /name/i"],
    "predicate": ["type == 'UIButton'", "accessibilityLabel BEGINSWITH[c] 'log'", "accessibilityLabel != nil AND type == 'UILabel'"],
    "fry": ["FRY.lookup(ofKind(UIButton))", "FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UILabel))", 'FRY.lookup("accessibilityLabel != nil")'],
    "xpath": ["//UIButton", "//UITableViewCell//UILabel", "//*[@accessibilityLabel='Delete']"],
    "uiselector": ['new UiSelector().className("UIButton")', 'new UiSelector().text("Delete")',
                   'new UiSelector().className("UITableViewCell").childSelector(new UiSelector().className("UILabel"))'],
    "accessibility_id": ["Delete"],
    "class_name": ["UIButton", "UILabel"],
    "maestro": ["Delete", "{text: Delete, below: Bluetooth, index: 0}", "{containsChild: Bluetooth}"],
}

failures = []


def check(name, condition, detail=""):
    print(("PASS " if condition else "FAIL ") + name + (f" ({detail})" if detail else ""), flush=True)
    if not condition:
        failures.append(name)


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def map_results(base, query, engine, method="uid", arguments=()):
    """What /map answers for the query: the results list, or the error envelope."""
    return post(base, "/map", {"query": query, "selector_engine": engine,
                               "operation": {"method_name": method, "arguments": list(arguments)}})


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1440,900", "--force-device-scale-factor=1", "--hide-scrollbars"]:
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def body_data(driver, key):
    return driver.execute_script("return document.body.dataset[arguments[0]];", key)


def open_page(driver, base, timeout=30):
    start = time.monotonic()
    driver.get(base + "/")
    WebDriverWait(driver, timeout).until(lambda d: body_data(d, "ready") == "1")
    return time.monotonic() - start


def type_query(driver, engine, query, timeout=10):
    """Picks the engine, types the query key by key, and waits until the page shows its answer.
    Returns the seconds from the last keystroke to the answer on screen."""
    Select(driver.find_element(By.ID, "engine")).select_by_value(engine)
    box = driver.find_element(By.ID, "selector")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(query)
    typed = time.monotonic()
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: body_data(d, "queryText") == query and body_data(d, "queryDone") == body_data(d, "querySeq"))
    return time.monotonic() - typed


def shown_count(driver):
    elements = driver.find_elements(By.ID, "match-count")
    return int(elements[0].get_attribute("data-count")) if elements else None


def test_queries(driver, base):
    for engine, queries in QUERIES.items():
        for query in queries:
            type_query(driver, engine, query)
            answer = map_results(base, query, engine)
            check(f"{engine} `{query}` succeeds in /map", answer.get("outcome") == "SUCCESS", str(answer)[:200])
            results = answer.get("results", [])
            count = shown_count(driver)
            check(f"{engine} `{query}`: the page counts what /map returns", count == len(results) and count > 0,
                  f"page {count}, /map {len(results)}")
            highlighted = int(body_data(driver, "highlighted"))
            distinct = len(set(map(json.dumps, results)))
            check(f"{engine} `{query}`: every selected view is highlighted once", highlighted == distinct,
                  f"highlighted {highlighted}, distinct uids {distinct}")
            rows = driver.find_elements(By.CSS_SELECTOR, "#tree-rows .row.match .uid")
            row_uids = {r.text.lstrip("#") for r in rows}
            check(f"{engine} `{query}`: the tree shows highlighted rows, all of them matches",
                  len(rows) > 0 and row_uids <= {str(u) for u in results}, f"{len(rows)} rows")
            check(f"{engine} `{query}`: the status shows the query time",
                  re.search(r"\d+(\.\d+)? ms", driver.find_element(By.ID, "status").text) is not None,
                  driver.find_element(By.ID, "status").text)
            check(f"{engine} `{query}`: no error shown", not driver.find_element(By.ID, "error").is_displayed())


def caret_column(driver):
    caret = driver.find_element(By.ID, "caret")
    text = caret.get_attribute("textContent")
    return caret.get_attribute("data-column"), text


def test_error_caret(driver, base):
    cases = [
        ("shelley", "view:'UIButton' marked:'Log In"),      # unterminated string
        ("shelley", "button marked:'x' index:1.5"),          # index needs a whole number
        ("regex", "/save/ig"),                               # Docs/Engines/Regex.md: column 8
        ("uiquery", "view:'UIButton'  marked:'x'"),          # two spaces
    ]
    for engine, query in cases:
        type_query(driver, engine, query)
        answer = map_results(base, query, engine)
        match = re.search(r"at column (\d+)", answer.get("details", ""))
        check(f"{engine} `{query}`: /map rejects it with a column", answer.get("reason") == "invalid selector" and match,
              answer.get("details", ""))
        if not match:
            continue
        expected = int(match.group(1))
        column, text = caret_column(driver)
        error = driver.find_element(By.ID, "error")
        check(f"{engine} `{query}`: the message is shown", error.is_displayed() and error.text == answer["details"],
              error.text)
        check(f"{engine} `{query}`: the caret sits under column {expected}",
              column == str(expected) and text == " " * (expected - 1) + "^", f"data-column {column}, caret {text!r}")
        check(f"{engine} `{query}`: nothing is highlighted", body_data(driver, "highlighted") == "0")
        # The caret is drawn in the box's monospace font: its x lines up with that character's.
        x = driver.execute_script("""
            const box = document.getElementById('selector'), caret = document.getElementById('caret');
            const c = document.createElement('canvas').getContext('2d');
            c.font = getComputedStyle(box).font;
            const boxLeft = box.getBoundingClientRect().left + parseFloat(getComputedStyle(box).paddingLeft)
                          + parseFloat(getComputedStyle(box).borderLeftWidth);
            c.font = getComputedStyle(caret).font;
            const caretLeft = caret.getBoundingClientRect().left + parseFloat(getComputedStyle(caret).paddingLeft);
            return [boxLeft + c.measureText(arguments[0]).width, caretLeft + c.measureText(arguments[1]).width];
            """, query[: expected - 1], " " * (expected - 1))
        check(f"{engine} `{query}`: the caret lines up with the character", abs(x[0] - x[1]) < 2.5, f"{x}")
    if regex_case := [c for c in cases if c[0] == "regex"]:
        type_query(driver, *regex_case[0])
        check("regex `/save/ig`: the caret is at column 8, as Docs/Engines/Regex.md says",
              caret_column(driver)[0] == "8")


def node_id_for_uid(driver, uid):
    return driver.execute_script("return state.uid.findIndex(u => String(u) === arguments[0]);", str(uid))


def wait_details(driver, node_id, timeout=10):
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.ID, "details").get_attribute("data-id") == str(node_id)
        and d.find_elements(By.CSS_SELECTOR, "#props tr"))


def prop(driver, key):
    cells = driver.find_elements(By.CSS_SELECTOR, f"#props tr[data-key='{key}'] td")
    return cells[0].text if cells else None


def test_click_nodes(driver, base):
    # In the tree: the Username text field's row.
    type_query(driver, "shelley", "view:'UITextField' markedExactly:'Username'")
    row = driver.find_element(By.CSS_SELECTOR, "#tree-rows .row.match")
    node = int(row.get_attribute("data-id"))
    row.find_element(By.CSS_SELECTOR, ".cls").click()   # the tree redraws its rows: `row` goes stale
    wait_details(driver, node)
    check("clicking a tree row selects it",
          bool(driver.find_elements(By.CSS_SELECTOR, f"#tree-rows .row.selected[data-id='{node}']")))
    check("the details show the view's class", "UITextField" in driver.find_element(By.CSS_SELECTOR, "#details h2").text)
    check("the details show its properties",
          prop(driver, "uid") == "1056" and prop(driver, "placeholder") == "Username"
          and prop(driver, "accessibilityLabel") == "Username" and prop(driver, "accessibilityFrame") is not None,
          f"uid {prop(driver, 'uid')}, placeholder {prop(driver, 'placeholder')}")
    check_suggestions(driver, base, "1056")

    # In the wireframe: the centre of the "Log In" button (uid 1058 in the sample app).
    target = map_results(base, "view:'UIButton' markedExactly:'Log In'", "shelley", "uid")["results"][0]
    target_id = node_id_for_uid(driver, target)
    cx, cy, cw, ch = driver.execute_script("""
        const i = arguments[0], v = state.view, c = document.getElementById('wire');
        return [v.ox + (state.fx[i] + state.fw[i] / 2) * v.scale, v.oy + (state.fy[i] + state.fh[i] / 4) * v.scale,
                c.clientWidth, c.clientHeight];""", target_id)
    canvas = driver.find_element(By.ID, "wire")
    ActionChains(driver).move_to_element_with_offset(canvas, int(cx - cw / 2), int(cy - ch / 2)).click().perform()
    try:
        WebDriverWait(driver, 5).until(
            lambda d: d.find_element(By.ID, "details").get_attribute("data-id") is not None
            and d.find_element(By.ID, "details").get_attribute("data-id") != str(node))
        clicked = int(driver.find_element(By.ID, "details").get_attribute("data-id"))
        wait_details(driver, clicked)
    except Exception:
        clicked = None
    uid = prop(driver, "uid")
    check("clicking the wireframe selects the innermost view there (the Log In button's label)",
          uid is not None and driver.execute_script("return state.label[arguments[0]];", clicked) == "Log In",
          f"uid {uid}")
    check("the clicked view's row is revealed and marked in the tree",
          bool(driver.find_elements(By.CSS_SELECTOR, f"#tree-rows .row.selected[data-id='{clicked}']")))


def check_suggestions(driver, base, uid):
    suggestions = driver.find_elements(By.CSS_SELECTOR, "#details .suggestion")
    engines = {s.get_attribute("data-engine") for s in suggestions}
    with urllib.request.urlopen(base + "/inspector/engines", timeout=60) as response:
        offered = json.loads(response.read())["offered"]
    # The sample app is a Frank recording: the seeds' languages, not Appium's or Maestro's.
    check("a ready-made selector for each engine whose tool reads the recording",
          engines == set(offered) and "xpath" not in engines and "uiquery" in engines, str(sorted(engines)))
    for s in suggestions:
        engine, selector = s.get_attribute("data-engine"), s.find_element(By.TAG_NAME, "code").text
        answer = map_results(base, selector, engine)
        notes = s.find_elements(By.CSS_SELECTOR, ".note")
        if notes:
            # A language that cannot name the view alone (class_name) offers one that selects it
            # among others, and the page says how many.
            results = answer.get("results") or []
            check(f"the {engine} selector `{selector}` selects this view among the {len(results)} its note names",
                  int(uid) in results and f"selects {len(results)} views" in notes[0].text, notes[0].text)
        else:
            check(f"the {engine} selector `{selector}` selects exactly this view", answer.get("results") == [int(uid)],
                  str(answer)[:160])


def panel_in_page(driver, button, box, engine, query, timeout):
    """Types the query, presses `button` and waits for the panel `box`'s answer."""
    type_query(driver, engine, query)
    driver.execute_script(f"delete document.getElementById('{box}').dataset.done;")
    driver.find_element(By.ID, button).click()
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, box).get_attribute("data-done") == "1")
    return driver.find_element(By.ID, box)


def explain_in_page(driver, engine, query, timeout=15):
    """Types the query, presses Explain and waits for the panel's answer."""
    return panel_in_page(driver, "explain", "explanation", engine, query, timeout)


def test_explain(driver, base):
    # A typo'd label: the step that kept nothing, near misses and a checked fix.
    query = "button marked:'Log in'"
    answer = post(base, "/inspector/explain", {"query": query, "engine": "shelley"})
    check("explain: /inspector/explain answers a typo with no views", answer.get("count") == 0, str(answer)[:200])
    panel = explain_in_page(driver, "shelley", query)
    check("explain: the panel is shown", driver.find_element(By.ID, "explain-pane").is_displayed())
    kept = [r.get_attribute("data-kept") for r in panel.find_elements(By.CSS_SELECTOR, "tr.step")]
    want = [str(s["kept"]) if s["kept"] is not None else "" for s in answer["parts"][0]["steps"]]
    check("explain: one row per step with the views it kept, as the endpoint says", kept == want and "0" in kept,
          f"page {kept}, endpoint {want}")
    misses = [li.text for li in panel.find_elements(By.CSS_SELECTOR, "li.near-miss")]
    check("explain: the near misses name the actual label", len(misses) == len(answer["nearMisses"]) > 0
          and '"Log In"' in misses[0], str(misses)[:200])
    fixes = panel.find_elements(By.ID, "explain-fix")
    check("explain: the suggested fix is shown", bool(fixes) and answer.get("fix") is not None
          and fixes[0].text == answer["fix"]["selector"], fixes[0].text if fixes else "no fix")
    if fixes:
        fixes[0].find_element(By.XPATH, "following-sibling::button").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "selector").get_attribute("value")
                                        == answer["fix"]["selector"] and body_data(d, "queryText") == answer["fix"]["selector"]
                                        and body_data(d, "queryDone") == body_data(d, "querySeq"))
        check("explain: using the fix selects the view", (shown_count(driver) or 0) >= 1, str(shown_count(driver)))
    # Several matches: the candidates, each with a distinguishing selector.
    query = "button marked:'Delete'"
    answer = post(base, "/inspector/explain", {"query": query, "engine": "shelley"})
    panel = explain_in_page(driver, "shelley", query)
    candidates = panel.find_elements(By.CSS_SELECTOR, "li.candidate")
    check("explain: an ambiguous selector lists its candidates", answer["count"] > 1
          and len(candidates) == len(answer["candidates"]) == min(answer["count"], 20), f"{len(candidates)} of {answer['count']}")
    check("explain: each candidate has a selector of its own",
          all(c.find_elements(By.TAG_NAME, "code") for c in candidates))
    # A bad selector: the error, not a crash.
    panel = explain_in_page(driver, "shelley", "view:'UIButton' marked:'x")
    check("explain: a malformed selector shows its error", bool(panel.find_elements(By.CSS_SELECTOR, ".explain-error")))
    driver.find_element(By.ID, "explain-close").click()
    check("explain: the panel closes", not driver.find_element(By.ID, "explain-pane").is_displayed())


def test_audit(driver, base):
    """The Audit button lists /inspector/audit's findings for the served tree (issue 46), and
    clicking one selects its view."""
    with urllib.request.urlopen(base + "/inspector/audit") as response:
        answer = json.loads(response.read())
    driver.execute_script("delete document.getElementById('findings').dataset.done;")
    driver.find_element(By.ID, "audit").click()
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "findings").get_attribute("data-done") == "1")
    rows = driver.find_elements(By.CSS_SELECTOR, "#findings .finding")
    check("audit: the panel lists the endpoint's findings", len(rows) == len(answer["findings"]) > 0,
          f"{len(rows)} rows, {answer.get('count')} findings")
    if rows:
        first = answer["findings"][0]
        check("audit: a row shows its rule and level", first["rule"] in rows[0].text and first["level"] in rows[0].text, rows[0].text)
        rows[0].click()
        wait_details(driver, first["id"])
        check("audit: clicking a finding selects its view", True)
    driver.find_element(By.ID, "audit-close").click()
    check("audit: the panel closes", not driver.find_element(By.ID, "audit-pane").is_displayed())


def test_audit_page(driver, page):
    """`frankly audit --html` on Kiwix's main page (run.sh passes --audit-page when it makes one):
    the findings listed, their views outlined on the wireframe, a click lights the view."""
    driver.set_window_size(1400, 900)
    driver.get("file://" + page)
    rows = driver.find_elements(By.CSS_SELECTOR, "li.finding")
    check("audit page: the findings are listed", len(rows) > 0, str(len(rows)))
    marked = driver.find_elements(By.CSS_SELECTOR, ".box.f-error, .box.f-warning, .box.f-note")
    check("audit page: the findings' views are outlined", len(marked) > 0, str(len(marked)))
    if rows:
        rows[0].click()
        lit = driver.find_elements(By.CSS_SELECTOR, ".box.lit")
        want = rows[0].get_attribute("data-new").split(" ")
        check("audit page: clicking a finding lights its views", bool(lit) and all(b.get_attribute("data-id") in want for b in lit),
              str([b.get_attribute("data-id") for b in lit]))
    check("audit page: the summary is in the first screen", driver.find_element(By.ID, "summary").location["y"] < 900)


def translate_in_page(driver, engine, query, timeout=30):
    """Types the query, presses Languages and waits for the panel's answer."""
    return panel_in_page(driver, "translate", "translations", engine, query, timeout)


def test_translate(driver, base):
    # The selector box in every other language, each with its proof on this tree.
    query = "view:'UILabel' markedExactly:'Wi-Fi'"
    answer = post(base, "/inspector/translate", {"query": query, "engine": "shelley"})
    translations = answer.get("translations", [])
    check("languages: /inspector/translate answers every other engine", len(translations) >= 8
          and all(t["engine"] != "shelley" for t in translations), str(answer)[:200])
    panel = translate_in_page(driver, "shelley", query)
    check("languages: the panel is shown", driver.find_element(By.ID, "translate-pane").is_displayed())
    rows = panel.find_elements(By.CSS_SELECTOR, ".translation")
    check("languages: one row a target engine, as the endpoint says",
          [r.get_attribute("data-engine") for r in rows] == [t["engine"] for t in translations])
    proved = [t for t in translations if t["selector"] is not None]
    shown = {r.get_attribute("data-engine"): r for r in rows}
    check("languages: each translation shows its selector and its proof (one view on this tree)",
          len(proved) >= 5 and all(shown[t["engine"]].find_element(By.TAG_NAME, "code").text == t["selector"]
                                   and "1 view" in shown[t["engine"]].find_element(By.CSS_SELECTOR, ".proof").text
                                   for t in proved), str(proved)[:200])
    check("languages: a rendered translation says it is the same rule, one from the results says so too",
          any(t["from"] == "rendered" for t in proved)
          and all(shown[t["engine"]].get_attribute("data-from") == t["from"]
                  and (("the same rule" if t["from"] == "rendered" else "from these views")
                       in shown[t["engine"]].find_element(By.CSS_SELECTOR, ".proof").text)
                  for t in proved), str(proved)[:200])
    unproved = [t for t in translations if t["selector"] is None]
    check("languages: an engine without a translation shows why",
          all(shown[t["engine"]].find_element(By.CSS_SELECTOR, ".reason").text == t["reason"] for t in unproved))
    # Copy, then Use: the predicate's translation selects the same view.
    row = shown["predicate"]
    row.find_element(By.CSS_SELECTOR, "button.copy").click()
    WebDriverWait(driver, 10).until(lambda d: row.get_attribute("data-copied") is not None)
    check("languages: the copy button copies the translation",
          row.get_attribute("data-copied") == row.find_element(By.TAG_NAME, "code").text)
    row.find_element(By.XPATH, "button[text()='Use']").click()
    predicate = next(t["selector"] for t in translations if t["engine"] == "predicate")
    WebDriverWait(driver, 10).until(lambda d: body_data(d, "queryText") == predicate
                                    and body_data(d, "queryDone") == body_data(d, "querySeq"))
    check("languages: using a translation selects the same one view", shown_count(driver) == 1, str(shown_count(driver)))
    # A bad selector: its error, not a crash.
    panel = translate_in_page(driver, "xpath", "//UILabel[")
    check("languages: a malformed selector shows its error", bool(panel.find_elements(By.CSS_SELECTOR, ".translate-error")))
    driver.find_element(By.ID, "translate-close").click()
    check("languages: the panel closes", not driver.find_element(By.ID, "translate-pane").is_displayed())


def test_screenshot(driver, base, path):
    type_query(driver, "shelley", "view:'UIButton'")
    target = map_results(base, "view:'UITextField' markedExactly:'Username'", "shelley")["results"][0]
    node = node_id_for_uid(driver, target)
    driver.execute_script("selectNode(arguments[0], true);", node)
    wait_details(driver, node)
    time.sleep(0.3)
    driver.save_screenshot(path)
    check("screenshot saved", True, path)


def test_set_text(driver, base):
    query = "view:'UITextField' markedExactly:'Username'"
    type_query(driver, "shelley", query)
    node = int(driver.find_element(By.CSS_SELECTOR, "#tree-rows .row.match").get_attribute("data-id"))
    driver.execute_script("selectNode(arguments[0], true);", node)
    wait_details(driver, node)
    before = prop(driver, "text")
    text = f"alice-{int(time.time())}"
    reloads = int(body_data(driver, "reloads") or 0)
    field = driver.find_element(By.ID, "op-text")
    field.clear()
    field.send_keys(text)
    driver.find_element(By.ID, "op-settext").click()
    WebDriverWait(driver, 10).until(lambda d: int(body_data(d, "reloads") or 0) > reloads)
    result = driver.find_element(By.ID, "op-result").text
    check("setText: runs through /map and shows the result", result == "setText: → [null]", result)
    wait_details(driver, node)
    check("after setText: the page re-fetched the tree and shows the new text", prop(driver, "text") == text,
          f"before {before!r}, after {prop(driver, 'text')!r}")
    check("/map agrees", map_results(base, query, "shelley", "text").get("results") == [text])
    # A full reload of the page sees it too.
    open_page(driver, base)
    driver.execute_script("selectNode(arguments[0], true);", node)
    wait_details(driver, node)
    check("after reloading the page, the text field still shows the new text", prop(driver, "text") == text)
    # A getter by name on the selection.
    type_query(driver, "shelley", query)
    getter = driver.find_element(By.ID, "op-getter")
    getter.clear()
    getter.send_keys("placeholder")
    done = driver.find_element(By.ID, "op-result").get_attribute("data-done")
    driver.find_element(By.ID, "op-get").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "op-result").get_attribute("data-done") != done)
    result = driver.find_element(By.ID, "op-result").text
    check("a getter by name shows its results", result == 'placeholder → ["Username"]', result)


def live_point(driver, node, canvas="wire", tree="state", view="state.view"):
    """The offset from the centre of `canvas` to a point inside view `node` of `tree` (its upper
    quarter, where a button's label is), for ActionChains."""
    return driver.execute_script(f"""
        const i = arguments[0], t = {tree}, v = {view}, c = document.getElementById('{canvas}');
        return [v.ox + (t.fx[i] + t.fw[i] / 2) * v.scale - c.clientWidth / 2,
                v.oy + (t.fy[i] + t.fh[i] / 4) * v.scale - c.clientHeight / 2];""", node)


def wait_survival(driver, node, timeout=20):
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.ID, "details").get_attribute("data-id") == str(node)
        and d.find_element(By.ID, "details").get_attribute("data-survival") is not None)


def test_compare(driver, base, recording):
    """Compare mode: pick a recording (the sample app edited by run.sh: a label renamed, a cell
    deleted, one moved, a label inserted); both wireframes side by side, a hovered view lights its
    counterpart on the other side, edits coloured with a legend, suggestions ranked by survival
    with their rates; leaving restores the page."""
    open_page(driver, base)
    live_width = driver.find_element(By.ID, "wire").size["width"]
    check("compare: the second wireframe is hidden until a recording is loaded",
          not driver.find_element(By.ID, "compare-pane").is_displayed())
    done = body_data(driver, "compareDone")
    driver.find_element(By.ID, "compare-file").send_keys(recording)
    WebDriverWait(driver, 30).until(lambda d: body_data(d, "compareDone") not in (None, done))
    pane = driver.find_element(By.ID, "compare-pane")
    check("compare: the recording's wireframe is shown beside the live one",
          pane.is_displayed() and body_data(driver, "comparing") == "1"
          and int(driver.find_element(By.ID, "wire2").get_attribute("data-drawn") or 0) > 50,
          driver.find_element(By.ID, "compare-error").text)
    counts = {k: int(pane.get_attribute("data-" + k) or -1) for k in ("matched", "inserted", "deleted", "moved", "changed")}
    check("compare: the edits are counted (5 views of the deleted cell, the inserted label, the moved cell, the renamed button)",
          counts["deleted"] == 5 and counts["inserted"] == 1 and counts["moved"] >= 1 and counts["changed"] >= 1, str(counts))
    legend = [k.get_attribute("class") for k in driver.find_elements(By.CSS_SELECTOR, "#legend .key")]
    check("compare: a legend names the colours", legend == ["key inserted", "key deleted", "key moved", "key changed", "key partner"],
          str(legend))
    deleted_rows = driver.execute_script("return Array.from(compare.servedEdits).filter(e => e & 1).length;")
    screen_time = node_id_for_uid(driver, 1037)
    driver.execute_script("revealInTree(arguments[0]);", screen_time)   # only the rows on screen exist
    check("compare: the deleted views are marked in the live tree", deleted_rows == 5
          and bool(driver.find_elements(By.CSS_SELECTOR, f"#tree-rows .row.edit-deleted[data-id='{screen_time}']")),
          str(deleted_rows))

    # Hover the Log In button's label on the live wireframe: its counterpart lights on the other.
    log_in = node_id_for_uid(driver, 1058)
    dx, dy = live_point(driver, log_in)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.ID, "wire"), int(dx), int(dy)).perform()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "wire").get_attribute("data-hover") == str(log_in))
    partner = int(driver.find_element(By.ID, "wire2").get_attribute("data-partner"))
    check("compare: hovering a view lights its counterpart in the other recording",
          partner >= 0 and partner == driver.execute_script("return compare.counterpart[arguments[0]];", log_in)
          and driver.execute_script("return compare.t.label[arguments[0]];", partner) == "Log In", str(partner))
    # And the other way: hover the compared recording's "Password" field.
    password = driver.execute_script("return compare.t.label.indexOf('Password');")
    dx, dy = live_point(driver, password, "wire2", "compare.t", "compare.view")
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.ID, "wire2"), int(dx), int(dy)).perform()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "wire2").get_attribute("data-hover") == str(password))
    back = int(driver.find_element(By.ID, "wire").get_attribute("data-partner"))
    if back >= 0:
        driver.execute_script("revealInTree(arguments[0]);", back)   # its row, lit too, may be scrolled away
    check("compare: hovering a view of the recording lights its counterpart in the live app",
          back >= 0 and driver.execute_script("return state.label[arguments[0]];", back) == "Password"
          and bool(driver.find_elements(By.CSS_SELECTOR, f"#tree-rows .row.partner[data-id='{back}']")), str(back))

    # Suggestions ranked by survival: the unchanged Log In button survives on both recordings...
    button = node_id_for_uid(driver, 1059)
    driver.execute_script("selectNode(arguments[0], true);", button)
    wait_survival(driver, button)
    ranked = driver.find_elements(By.CSS_SELECTOR, "#ranked-selectors > .suggestion.ranked")
    rates = [r.find_element(By.CSS_SELECTOR, ".rate").text for r in ranked]
    check("compare: each suggestion shows its survival rate", ranked and all(re.fullmatch(r"[12]/2 · (50|100)%", t) for t in rates),
          str(rates))
    check("compare: the unchanged button's best suggestions survive on both", rates[0] == "2/2 · 100%", str(rates))
    check("compare: the selected view's counterpart is named", "Log In" in driver.find_element(By.CSS_SELECTOR, "#details .counterpart").text)
    values = [float(r.get_attribute("data-rate")) for r in ranked]
    check("compare: engines are ranked by survival", values == sorted(values, reverse=True), str(values))
    # ...while the renamed one's label selectors survive on the live app only.
    forgot = node_id_for_uid(driver, 1060)
    driver.execute_script("selectNode(arguments[0], true);", forgot)
    wait_survival(driver, forgot)
    ranked = driver.find_elements(By.CSS_SELECTOR, "#ranked-selectors > .suggestion.ranked")
    rows = {r.get_attribute("data-engine"): r.find_element(By.CSS_SELECTOR, ".rate").text for r in ranked}
    # The sample app is a Frank recording: only Frank's languages are offered, and each names this
    # button by its label, which the other recording renamed.
    check("compare: a selector by the renamed label survives 1 of 2", rows.get("shelley") == "1/2 · 50%"
          and "accessibility_id" not in rows, str(rows))
    values = [float(r.get_attribute("data-rate")) for r in ranked]
    check("compare: the engines are in order of survival, the renamed label's at 50%", values == sorted(values, reverse=True)
          and values[-1] == 0.5, str(values))

    # Leaving restores the page: one wireframe as wide as before, the plain suggestions.
    driver.find_element(By.ID, "compare-close").click()
    WebDriverWait(driver, 5).until(lambda d: body_data(d, "comparing") is None)
    wait_details(driver, forgot)
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#plain-selectors .suggestion"))
    check("compare: leaving the mode restores the page",
          not driver.find_element(By.ID, "compare-pane").is_displayed()
          and "comparing" not in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
          and not driver.find_elements(By.CSS_SELECTOR, ".suggestion.ranked")
          and abs(driver.find_element(By.ID, "wire").size["width"] - live_width) <= 2,
          f"wireframe {driver.find_element(By.ID, 'wire').size['width']} px wide, {live_width} before")


def test_big_tree(driver, base):
    seconds = open_page(driver, base, timeout=60)
    nodes = int(body_data(driver, "nodes"))
    check("10^5 views: the page loads within 10 s", nodes == 100000 and seconds < 10, f"{nodes} views in {seconds:.2f} s")
    rows = len(driver.find_elements(By.CSS_SELECTOR, "#tree-rows .row"))
    check("10^5 views: the tree keeps only the visible rows in the DOM", 0 < rows < 200, f"{rows} rows")
    for engine, query in [("shelley", "view:'UIButton' marked:'Delete'"), ("regex", "/^Row 5\\d-/"),
                          ("uiquery", "view:'UISwitch'")]:
        latency = type_query(driver, engine, query, timeout=30)
        count = shown_count(driver)
        expected = len(map_results(base, query, engine)["results"])
        check(f"10^5 views: {engine} `{query}` highlights within 3 s of the last keystroke",
              latency < 3 and count == expected and count > 0, f"{count} matches in {latency:.2f} s")
    # Scrolling the tree to its end and drawing stay fast.
    ms = driver.execute_script("""
        const pane = document.getElementById('tree'), t0 = performance.now();
        for (let k = 1; k <= 20; k++) { pane.scrollTop = pane.scrollHeight * k / 20; renderTree(); }
        for (let k = 0; k < 10; k++) drawWireNow();
        return performance.now() - t0;""")
    check("10^5 views: 20 tree scrolls and 10 wireframe redraws take under 1.5 s", ms < 1500, f"{ms:.0f} ms")
    rows = len(driver.find_elements(By.CSS_SELECTOR, "#tree-rows .row"))
    check("10^5 views: still only the visible rows after scrolling", 0 < rows < 200, f"{rows} rows")


def test_frames_only(driver, base, sample):
    """A dump without accessibilityFrame: each view's frame is relative to its superview (minus a
    scrolled table's contentOffset), and the wireframe must draw it at its place on screen, which
    the sample app's accessibilityFrame records."""
    open_page(driver, base)
    query = "view:'UILabel' markedExactly:'Bluetooth'"
    uid = map_results(base, query, "shelley")["results"][0]
    recorded = map_results(sample, query, "shelley", "accessibilityFrame")["results"][0]
    x, y = recorded["origin"]["x"], recorded["origin"]["y"]
    w, h = recorded["size"]["width"], recorded["size"]["height"]
    check("frames only: the dump has no accessibilityFrame",
          map_results(base, query, "shelley", "accessibilityFrame").get("results") == [None])
    node = node_id_for_uid(driver, uid)
    driver.execute_script("selectNode(arguments[0], false);", node)
    wait_details(driver, node)
    # Draw now (not on the next animation frame) and read back the selection's blue outline on the
    # canvas, at the middle of each edge of the rectangle the label occupies on screen.
    drawn = driver.execute_script("""
        const [x, y, w, h] = arguments;
        drawWireNow();
        const v = state.view, c = document.getElementById('wire').getContext('2d');
        const px = v.ox + x * v.scale, py = v.oy + y * v.scale, pw = w * v.scale, ph = h * v.scale;
        const at = (cx, cy) => Array.from(c.getImageData(Math.round(cx), Math.round(cy), 1, 1).data);
        return {edges: [at(px + pw / 2, py), at(px + pw / 2, py + ph), at(px, py + ph / 2), at(px + pw, py + ph / 2)],
                centre: [px + pw / 2, py + ph / 2], canvas: [c.canvas.clientWidth, c.canvas.clientHeight],
                frame: [state.fx[arguments[4]], state.fy[arguments[4]], state.fw[arguments[4]], state.fh[arguments[4]]]};
        """, x, y, w, h, node)
    check("frames only: a table cell's label has its absolute frame in the page", drawn["frame"] == [x, y, w, h],
          f"page {drawn['frame']}, recorded {[x, y, w, h]}")
    blue = [p for p in drawn["edges"] if abs(p[0] - 37) < 40 and abs(p[1] - 99) < 40 and p[2] > 200 and p[3] > 200]
    check("frames only: its outline is drawn on the canvas where iOS showed it", len(blue) == 4, str(drawn["edges"]))
    # The hit test reads the same frames: clicking there picks the label.
    cx, cy = drawn["centre"]
    cw, ch = drawn["canvas"]
    driver.execute_script("selectNode(0, false);")
    wait_details(driver, 0)
    canvas = driver.find_element(By.ID, "wire")
    ActionChains(driver).move_to_element_with_offset(canvas, int(cx - cw / 2), int(cy - ch / 2)).click().perform()
    wait_details(driver, node)
    check("frames only: clicking there selects that label", prop(driver, "uid") == str(uid), f"uid {prop(driver, 'uid')}")


def no_requests(driver):
    """Resources the page fetched (none: a CSP forbids them, and CI viewers block them)."""
    return driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")


def boxes_show_their_text(driver, side):
    """(boxes with text, boxes whose text is not shown): a box's text is in its span, visible."""
    return driver.execute_script("""
        const boxes = [...document.querySelectorAll(`.frame[data-side="${arguments[0]}"] .box[data-text]`)];
        const hidden = boxes.filter(b => { const s = b.querySelector('span');
            return !s || s.textContent !== b.dataset.text || s.getClientRects().length === 0; });
        return [boxes.length, hidden.length];""", side)


def lit(driver, side):
    return driver.find_elements(By.CSS_SELECTOR, f'.frame[data-side="{side}"] .box.lit')


def test_gate_pages(driver, diff_page, check_page, shots):
    """The locator gate's pages lead with what broke (the summary and the first failing row in
    the first viewport at 1400x900), their boxes show their text, clicking a row or an edit lights
    its views in both wireframes, hovering a box lights its counterpart, and nothing is fetched."""
    from selenium.webdriver.common.action_chains import ActionChains
    driver.set_window_size(1400, 900)
    driver.get(check_page)
    height = driver.execute_script("return window.innerHeight")
    rows = driver.find_elements(By.CSS_SELECTOR, "tr.check")
    statuses = [r.find_element(By.CSS_SELECTOR, ".status").text for r in rows]
    check("check page: failing selectors first", statuses == ["broken", "ok"], str(statuses))
    summary = driver.find_element(By.ID, "summary")
    check("check page: the summary counts the verdicts", "1 broken" in summary.text and "1 ok" in summary.text, summary.text)
    bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", rows[0])
    check("check page: the summary and the first failing row are in the first viewport",
          bottom <= height and summary.location["y"] < height, f"row bottom {bottom}, viewport {height}")
    why = [li.text for li in rows[0].find_elements(By.CSS_SELECTOR, "ul.why li")]
    check("check page: the reason is short labelled lines", len(why) >= 2 and why[0].startswith("what"), str(why))
    for side in ("old", "new"):
        shown, hidden = boxes_show_their_text(driver, side)
        check(f"check page: every {side} box with a label shows it", shown > 20 and hidden == 0, f"{shown} with text, {hidden} not shown")
    texts = driver.execute_script("return [...document.querySelectorAll('.box span')].map(s => s.textContent)")
    check("check page: the boxes read General and 通用", "General" in texts and "通用" in texts, str(texts[:20]))
    rows[0].click()
    check("check page: clicking a broken row lights its old view and where the target went",
          len(lit(driver, "old")) == 1 and len(lit(driver, "new")) == 1, f"{len(lit(driver, 'old'))} and {len(lit(driver, 'new'))}")
    rows[1].click()
    check("check page: clicking another row lights what it selects in both",
          len(lit(driver, "old")) == 1 and len(lit(driver, "new")) == 1, f"{len(lit(driver, 'old'))} and {len(lit(driver, 'new'))}")
    check("check page: no request leaves the page", no_requests(driver) == [], str(no_requests(driver)))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(shots + "/check.png")

    driver.get(diff_page)
    old = driver.find_elements(By.CSS_SELECTOR, '.frame[data-side="old"] .box')
    new = driver.find_elements(By.CSS_SELECTOR, '.frame[data-side="new"] .box')
    check("diff page: both wireframes are drawn", len(old) > 50 and len(new) > 50, f"{len(old)} and {len(new)} views")
    for side in ("old", "new"):
        shown, hidden = boxes_show_their_text(driver, side)
        check(f"diff page: every {side} box with a label shows it", shown > 20 and hidden == 0, f"{shown} with text, {hidden} not shown")
    paired = [b for b in old if b.get_attribute("data-peer") is not None and b.size["width"] > 20 and b.size["height"] > 10]
    check("diff page: matched views name their counterparts", len(paired) > 20, str(len(paired)))
    box = paired[len(paired) // 2]
    ActionChains(driver).move_to_element(box).perform()
    peer = driver.find_element(By.CSS_SELECTOR, f'.frame[data-side="new"] .box[data-id="{box.get_attribute("data-peer")}"]')
    check("diff page: a hovered view lights its counterpart",
          "hot" in (peer.get_attribute("class") or "") and len(driver.find_elements(By.CSS_SELECTOR, ".box.hot")) >= 2)
    kinds = {k: len(driver.find_elements(By.CSS_SELECTOR, f".box.k-{k}")) for k in ("inserted", "deleted", "changed")}
    check("diff page: inserted, deleted and changed views are coloured", all(kinds.values()), str(kinds))
    groups = [g.find_element(By.TAG_NAME, "h2").text for g in driver.find_elements(By.CSS_SELECTOR, "section.group")]
    check("diff page: the edits are listed by kind", any("changed" in g for g in groups) and any("inserted" in g for g in groups), str(groups))
    bottom = driver.execute_script("return document.querySelector('section.group').getBoundingClientRect().top")
    check("diff page: the summary and the edits lead the page", bottom < height, str(bottom))
    # A changed label drawn on both sides (some views have no frame to draw).
    edits = driver.find_elements(By.CSS_SELECTOR, "section.k-changed li.edit")
    drawn = lambda e: driver.execute_script(
        "return !!document.querySelector(`.frame[data-side=old] .box[data-id='${arguments[0]}']`)"
        " && !!document.querySelector(`.frame[data-side=new] .box[data-id='${arguments[1]}']`)",
        e.get_attribute("data-old"), e.get_attribute("data-new"))
    changed = next((e for e in edits if "StaticText" in e.text and drawn(e)), edits[0])
    changed.click()
    check("diff page: clicking a changed view lights it in both",
          len(lit(driver, "old")) == 1 and len(lit(driver, "new")) == 1, changed.text)
    check("diff page: no request leaves the page", no_requests(driver) == [], str(no_requests(driver)))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(shots + "/diff.png")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", required=True)
    parser.add_argument("--big", required=True)
    parser.add_argument("--frames", required=True)
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--diff-page", required=True)
    parser.add_argument("--check-page", required=True)
    parser.add_argument("--compare-file", required=True)
    parser.add_argument("--report-screenshots", required=True, help="folder for check.png and diff.png")
    parser.add_argument("--audit-page", help="a `frankly audit --html` page to check (optional)")
    args = parser.parse_args()
    driver = make_driver()
    try:
        seconds = open_page(driver, args.sample)
        nodes = int(body_data(driver, "nodes"))
        check("the page loads the sample app", nodes == 92, f"{nodes} views in {seconds:.2f} s")
        engines = [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "engine")).options]
        with urllib.request.urlopen(args.sample + "/inspector/engines") as response:
            listed = json.loads(response.read())
        with urllib.request.urlopen(args.sample + "/engines") as response:
            check("the engine picker lists /engines", sorted(engines) == sorted(json.loads(response.read())), str(engines))
        # Which language runs where: those the recording's tool reads first, the others apart.
        first = [name for name in listed["engines"] if name in listed["offered"]]
        groups = [g.get_attribute("label") for g in driver.find_elements(By.CSS_SELECTOR, "#engine optgroup")]
        check("the picker lists the languages read on a Frank recording first, the others grouped apart",
              engines[:len(first)] == first and len(groups) == 2 and "Frank" in groups[0], f"{engines} {groups}")
        picked = Select(driver.find_element(By.ID, "engine")).first_selected_option.get_attribute("value")
        check("the page starts on the registry's default engine (uiquery, what Frank's drivers get)",
              picked == "uiquery", picked)
        check("the wireframe draws frames", int(driver.find_element(By.ID, "wire").get_attribute("data-drawn") or 0) > 50)
        for step in (test_queries, test_error_caret, test_click_nodes, test_explain, test_translate, test_audit):
            run_step(step, driver, args.sample)
        run_step(test_screenshot, driver, args.sample, args.screenshot)
        run_step(test_set_text, driver, args.sample)
        run_step(test_compare, driver, args.sample, args.compare_file)
        run_step(test_big_tree, driver, args.big)
        run_step(test_frames_only, driver, args.frames, args.sample)
        run_step(test_gate_pages, driver, args.diff_page, args.check_page, args.report_screenshots)
        if args.audit_page:
            run_step(test_audit_page, driver, args.audit_page)
        try:
            logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        except Exception as e:  # a driver without log access
            logs = []
            print(f"(browser log unavailable: {e})")
        check("no errors in the browser console", not logs, str(logs)[:300])
    finally:
        driver.quit()
    print(f"\n{len(failures)} failed" if failures else "\nall checks passed")
    sys.exit(1 if failures else 0)


def run_step(step, *args):
    try:
        step(*args)
    except Exception:
        traceback.print_exc()
        check(step.__name__ + " ran to the end", False)


if __name__ == "__main__":
    main()

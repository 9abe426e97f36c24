#!/usr/bin/env python3
"""Side-by-side query times: ViewSelectors (frankly) vs libxml2 XPath (lxml) vs lexbor CSS (selectolax).

Takes a tree written by `frankly generate`, converts it to XML (element name = class) and HTML
(tag = lower-cased class, attributes label/text), times the equivalent XPath and CSS queries
in-process (median of repeated runs, parse excluded), runs `frankly select --stats --repeat N`
(query time only, load excluded) and prints one table with the ratios.

Each peer gets its fastest formulation of the same question: kind tests expand
to the concrete classes of the generated tree, and descendant chains use ancestor:: in XPath, whose
//A//B form is quadratic in libxml2.

The xpath engine's rows (XPATH_QUERIES) need no translation: libxml2 evaluates the very expression on
the document the engine reads, written by `frankly convert --to xpath`, and the match counts must agree.
"""
import argparse, json, re, statistics, subprocess, sys, time

# Classes of the generated tree that are kinds of each class the queries name.
KINDS = {"UILabel": ["UILabel"], "UIButton": ["UIButton", "UINavigationButton"],
         "UITableViewCell": ["UITableViewCell"], "UIImageView": ["UIImageView"], "UITableView": ["UITableView"]}

# (name, engine, selector, xpath or None, css or None)
QUERIES = [
    ("class + exact label", "shelley", "view:'UILabel' markedExactly:'Row 7-3'",
     "//UILabel[@label='Row 7-3']", 'uilabel[label="Row 7-3"]'),
    ("all labels", "shelley", "view:'UILabel'", "//UILabel", "uilabel"),
    ("buttons marked Delete in cells", "shelley", "tableViewCell button marked:'Delete'",
     "//*[self::UIButton or self::UINavigationButton][contains(@label,'Delete')][ancestor::UITableViewCell]",
     'uitableviewcell uibutton[label*="Delete"], uitableviewcell uinavigationbutton[label*="Delete"]'),
    ("image views of cells holding a label", "shelley",
     "tableViewCell label marked:'Row 7-3' parent tableViewCell view:'UIImageView'",
     "//UIImageView[ancestor::UITableViewCell[.//UILabel[contains(@label,'Row 7-3')]]]",
     'uitableviewcell:has(uilabel[label*="Row 7-3"]) uiimageview'),
    ("hidden views", "shelley", "view isHidden", "//*[@hidden='1']", '[hidden="1"]'),
    ("uiquery labels under cells under tables", "uiquery", "tableView tableViewCell label text:'Row 1'",
     "//UILabel[contains(@text,'Row 1')][ancestor::UITableViewCell[ancestor::UITableView]]",
     'uitableview uitableviewcell uilabel[text*="Row 1"]'),
    ("regex over labels", "regex", r"/^Row \d+-3$/",
     r"//*[re:test(@label, '^Row \d+-3$')]", None),
    ("predicate: class and label prefix", "predicate", "type == 'UILabel' AND accessibilityLabel BEGINSWITH 'Row 7-'",
     "//UILabel[starts-with(@label,'Row 7-')]", 'uilabel[label^="Row 7-"]'),
    ("fry: image views in cells", "fry", "FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))",
     "//UIImageView[ancestor::UITableViewCell]", "uitableviewcell uiimageview"),
    ("uiselector: class and text prefix", "uiselector", 'new UiSelector().className("UILabel").textStartsWith("Row 7-")',
     "//UILabel[starts-with(@label,'Row 7-')]", 'uilabel[label^="Row 7-"]'),
    # An ancestor test in XPath, which ran through XPath's own steps before issue 30.
    ("xpath: buttons labelled Delete in cells", "xpath",
     "//UIButton[@accessibilityLabel='Delete'][ancestor::UITableViewCell]",
     "//UIButton[@label='Delete'][ancestor::UITableViewCell]", 'uitableviewcell uibutton[label="Delete"]'),
]

# The xpath engine's rows: the same expression for both sides, libxml2 evaluating it on the document
# the engine reads (`frankly convert --to xpath`, every recorded property an attribute).
XPATH_QUERIES = [
    "//UIButton",
    "//UILabel[@accessibilityLabel='Row 7-3']",
    "//UITableViewCell[.//UILabel[@accessibilityLabel='Row 7-3']]",
    "//UILabel[2]",
    "(//UILabel)[last()]",
    "//UITableViewCell/*[last()]",
    "//UIImageView/following-sibling::UILabel[1]",
    "//UITableView/UITableViewCell[5]//UILabel",
    "//*[@uid='500000']",
    "//UILabel[contains(@accessibilityLabel, 'Row 7-')]",
    "//UIButton[@accessibilityLabel='Delete' or @accessibilityLabel='Edit']",
    "//UITableViewCell//UILabel",
]
# libxml2 evaluates //A//B by walking B's subtree from every A (quadratic: ~10 minutes at 10^6
# views), so these run in a child process that is stopped after XPATH_PEER_TIMEOUT seconds.
QUADRATIC = {"//UITableViewCell//UILabel"}
XPATH_PEER_TIMEOUT = 60


def load_dump(path):
    with open(path, "rb") as f:
        return json.load(f)


def to_xml_and_html(root):
    """Serialise the /dump tree as XML and HTML strings (iteratively: dumps can be deep)."""
    from xml.sax.saxutils import quoteattr
    xml, html = [], ["<html><body>"]
    stack = [(root, False)]
    while stack:
        node, closing = stack.pop()
        cls = node.get("class", "UIView")
        if closing:
            xml.append(f"</{cls}>"); html.append(f"</{cls.lower()}>")
            continue
        attrs = ""
        for key, name in (("accessibilityLabel", "label"), ("text", "text")):
            v = node.get(key)
            if isinstance(v, str):
                attrs += f" {name}={quoteattr(v)}"
        hidden = node.get("isHidden")
        if hidden in (1, True):
            attrs += ' hidden="1"'
        xml.append(f"<{cls}{attrs}>"); html.append(f"<{cls.lower()}{attrs}>")
        stack.append((node, True))
        for child in reversed(node.get("subviews", [])):
            stack.append((child, False))
    html.append("</body></html>")
    return "".join(xml), "".join(html)


def median_ms(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter(); fn(); times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


class Stopped:
    """A peer run stopped at its time limit: at least `ms` milliseconds."""
    def __init__(self, ms):
        self.ms = ms


def timed_in_child(doc_path, expr, timeout_s):
    """One libxml2 evaluation of `expr` in a child process (parse excluded): (ms, count) or Stopped."""
    code = ("import sys, time; from lxml import etree; d = etree.parse(sys.argv[1]); x = etree.XPath(sys.argv[2]); "
            "t = time.perf_counter(); n = len(x(d)); print((time.perf_counter() - t) * 1e3, n)")
    try:
        r = subprocess.run([sys.executable, "-c", code, doc_path, expr], capture_output=True, text=True, timeout=timeout_s + 30)
    except subprocess.TimeoutExpired:
        return Stopped(timeout_s * 1000.0), "stopped"
    ms, n = r.stdout.split()
    return float(ms), int(n)


def ours(frankly, tree, engine, selector, repeat, threads):
    args = [frankly, "select", "--tree", tree, "--engine", engine, selector, "--stats", "--repeat", str(repeat)]
    if threads:
        args += ["--threads", str(threads)]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"frankly failed: {r.stderr}")
    m = re.search(r"query_ms_median=([0-9.]+) matches=(\d+)", r.stderr)
    return float(m.group(1)), int(m.group(2))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frankly", required=True)
    ap.add_argument("--tree", required=True)
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--xpath-only", action="store_true", help="only the xpath engine's rows")
    args = ap.parse_args()

    from lxml import etree
    from selectolax.lexbor import LexborHTMLParser

    xml, html = to_xml_and_html(load_dump(args.tree))
    doc = etree.fromstring(xml.encode("utf-8"))
    page = LexborHTMLParser(html)
    ns = {"re": "http://exslt.org/regular-expressions"}

    rows = []
    if args.xpath_only:
        QUERIES.clear()
    for name, engine, selector, xpath, css in QUERIES:
        one_ms, matches = ours(args.frankly, args.tree, engine, selector, args.repeat, 1)
        all_ms, _ = ours(args.frankly, args.tree, engine, selector, args.repeat, None)
        x_ms = x_n = c_ms = c_n = None
        if xpath:
            compiled = etree.XPath(xpath, namespaces=ns)
            x_n = len(compiled(doc))
            x_ms = median_ms(lambda: compiled(doc), max(3, args.repeat // 3))
        if css:
            try:
                c_n = len(page.css(css))
                c_ms = median_ms(lambda: page.css(css), max(3, args.repeat // 3))
            except Exception as e:  # a selector lexbor cannot parse (e.g. :has) is reported, not fatal
                c_ms = None; c_n = f"unsupported ({type(e).__name__})"
        rows.append((name, engine, matches, one_ms, all_ms, x_ms, x_n, c_ms, c_n))

    engine_doc = args.tree + ".xpath.xml"
    r = subprocess.run([args.frankly, "convert", "--to", "xpath", args.tree, engine_doc], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"frankly convert failed: {r.stderr}")
    xdoc = etree.parse(engine_doc)
    for expr in XPATH_QUERIES:
        one_ms, matches = ours(args.frankly, args.tree, "xpath", expr, args.repeat, 1)
        all_ms, _ = ours(args.frankly, args.tree, "xpath", expr, args.repeat, None)
        if expr in QUADRATIC:
            x_ms, x_n = timed_in_child(engine_doc, expr, XPATH_PEER_TIMEOUT)
        else:
            compiled = etree.XPath(expr)
            x_n = len(compiled(xdoc))
            x_ms = median_ms(lambda: compiled(xdoc), max(3, args.repeat // 3))
        if isinstance(x_n, int) and x_n != matches:
            raise SystemExit(f"{expr}: {matches} matches here, {x_n} in libxml2")
        rows.append((f"`{expr}`", "xpath", matches, one_ms, all_ms, x_ms, x_n, None, None))

    def fmt(v):
        if isinstance(v, Stopped):
            return f"> {v.ms / 1000:.0f} s (stopped)"
        return "—" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))

    def ratio(peer, mine):
        if isinstance(peer, Stopped):
            return f"> {peer.ms / mine:.0f}×" if mine else "—"
        return "—" if peer is None or not mine else f"{peer / mine:.0f}×"

    print(f"tree: {args.tree}, repeat {args.repeat}; times are medians in ms, query only")
    print("| query | engine | matches | ours 1 thread | ours all threads | libxml2 XPath (n) | lexbor CSS (n) | XPath / ours(1t) | CSS / ours(1t) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, engine, matches, one, allt, x, xn, c, cn in rows:
        print(f"| {name} | {engine} | {matches} | {fmt(one)} | {fmt(allt)} | {fmt(x)} ({fmt(xn)}) | {fmt(c)} ({fmt(cn)}) | {ratio(x, one)} | {ratio(c, one)} |")
    xs = [r[5] / r[3] for r in rows if isinstance(r[5], float) and r[3]]
    cs = [r[7] / r[3] for r in rows if r[7] and r[3]]
    if xs: print(f"\nmedian ratio vs libxml2 XPath: {statistics.median(xs):.0f}×")
    if cs: print(f"median ratio vs lexbor CSS: {statistics.median(cs):.0f}×")


if __name__ == "__main__":
    main()

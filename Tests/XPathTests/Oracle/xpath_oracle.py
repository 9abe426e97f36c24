#!/usr/bin/env python3
"""The XPath oracle for Tests/XPathTests: libxml2 (through lxml) on the same document.

Reads one JSON object on stdin, {"file": PATH, "expressions": [XPATH, ...], "rename_by_class":
BOOL}, parses the XML file with lxml (renaming UIAutomator's <node> elements after their class
when asked, and with "unwrap_appium_aut" dropping the <AppiumAUT> wrapper that Appium's XCUITest
page source puts around WebDriverAgent's document, whose root is the application), evaluates each expression with the document element as the context node, as
WebDriverAgent does (FBXPath.m: `xpathCtx->node = doc->children`), and prints one JSON object:
{"count": ELEMENTS, "results": [RESULT, ...]} where RESULT is the list of preorder indexes of
the elements selected (document order, as libxml2 returns them), {"error": MESSAGE} when
libxml2 refuses the expression, {"value": TEXT} when it is not a node-set, or
{"nonelement": [KINDS]} when the node-set holds something other than elements (attributes,
text, the root node).
"""
import copy
import json
import sys

from lxml import etree


def main() -> int:
    request = json.load(sys.stdin)
    parser = etree.XMLParser(remove_blank_text=False, huge_tree=True)
    tree = etree.parse(request["file"], parser)
    if request.get("rename_by_class"):
        # UIAutomator dumps write <node class="android.widget.TextView">; Appium's page source, and
        # the engine, name the element by its class (the loader's default: android.view.View).
        for e in tree.getroot().iter("node"):
            e.tag = e.get("class") or "android.view.View"
    root = tree.getroot()
    if request.get("unwrap_appium_aut") and root.tag == "AppiumAUT":
        children = [c for c in root if isinstance(c.tag, str)]
        if len(children) == 1:
            # A copy is a document of its own: absolute paths start at the application.
            root = copy.deepcopy(children[0])
    elements = [e for e in root.iter() if isinstance(e.tag, str)]
    index = {e: i for i, e in enumerate(elements)}
    results = []
    for expression in request["expressions"]:
        try:
            value = etree.XPath(expression)(root)
        except etree.XPathError as error:
            results.append({"error": str(error)})
            continue
        if not isinstance(value, list):
            results.append({"value": repr(value)})
            continue
        other = sorted({type(v).__name__ for v in value if not (isinstance(v, etree._Element) and isinstance(v.tag, str))})
        if other:
            results.append({"nonelement": other})
            continue
        results.append([index[v] for v in value])
    json.dump({"count": len(elements), "results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

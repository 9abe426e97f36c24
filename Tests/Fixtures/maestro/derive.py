#!/usr/bin/env python3
"""Derives `maestro hierarchy` output from licensed page sources in Tests/Fixtures.

No `maestro hierarchy` capture with a licence that permits copying could be found, so the
fixtures in this folder are made from real recordings the repository already holds, by the rules
Maestro itself applies (mobile-dev-inc/Maestro at 487407f6, Apache-2.0; paths abbreviated
C/ = maestro-client/src/main/java/maestro/):

- Android: Maestro's on-device server writes a uiautomator-style XML (maestro-android
  .../dev/mobile/maestro/ViewHierarchy.kt `dumpNodeRec`: every node gets `hintText text resource-id
  class content-desc ...` even when empty, bounds clipped to the display, only children visible to
  the user), which C/drivers/AndroidDriver.kt `mapHierarchy` (L1159-1246) turns into a TreeNode:
  the XML document itself is the root (no attributes, no state fields), `<hierarchy>` the next
  node, and each element's attributes are renamed and ordered as `ANDROID_KEYS` below; the state
  fields are `attribute == "true"` (L1248-1252).
- iOS: Maestro's XCTest runner returns a synthetic root over the app and a container of the
  status bars (maestro-ios-xctest-runner .../ViewHierarchyHandler.swift L47-113), which
  C/drivers/IOSDriver.kt `mapViewHierarchy` (L210-238) maps: `accessibilityText` = label, `title`,
  `value`, `text` = title if non-empty else value, `hintText` = placeholder, `resource-id` =
  identifier, `bounds` from the frame truncated to integers (maestro-ios-driver
  .../hierarchy/AXElement.kt L5-16), the booleans as text and as fields, no `clickable`.
- Both: `maestro hierarchy` prints the tree pruned to the screen (C/ViewHierarchy.kt L27-37,
  L102-128; C/UiElement.kt L31-47) with Jackson's default pretty printer, null fields left out
  (maestro-cli .../command/PrintHierarchyCommand.kt L156-176). CLIs before 2.6.0 printed
  `Running on <device>` first and ended with a newline; later ones print the JSON alone.

What a page source does not say is filled as documented in README.md beside this script.
Usage: python3 Tests/Fixtures/maestro/derive.py   (from the repository root; stdlib only)
"""
import os
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)

# AndroidDriver.mapHierarchy's attribute order (L1163-1224): (name in the TreeNode, name in the XML).
# `important-for-accessibility` and `error` came with Maestro PR #2519 (January 2026); the server
# before it wrote neither, so they are only written when `newer_server` is set.
ANDROID_KEYS = [("text", "text"), ("accessibilityText", "content-desc"), ("hintText", "hintText"),
                ("ignoreBoundsFiltering", None), ("resource-id", "resource-id"), ("clickable", "clickable"),
                ("bounds", "bounds"), ("enabled", "enabled"), ("focused", "focused"), ("checked", "checked"),
                ("scrollable", "scrollable"), ("selected", "selected"), ("class", "class"),
                ("important-for-accessibility", "important-for-accessibility"), ("error", "error")]
STATE_FIELDS = ["clickable", "enabled", "focused", "checked", "selected"]  # TreeNode's order
TOAST_CLASS = "android.widget.Toast"
CHECKABLE_TYPES = {"XCUIElementTypeCheckBox", "XCUIElementTypeSwitch", "XCUIElementTypeToggle"}  # 12, 40, 41


class Node:
    def __init__(self, attributes, children, fields):
        self.attributes = attributes  # list of (name, text), in insertion order
        self.children = children
        self.fields = fields          # list of (name, bool), null fields absent

    def bounds(self):
        value = dict(self.attributes).get("bounds")
        if value is None:
            return None
        numbers = [int(n) for n in value.replace("][", ",").strip("[]").split(",")]
        return numbers[0], numbers[1], numbers[2] - numbers[0], numbers[3] - numbers[1]


# ---- Android ---------------------------------------------------------------------------------

def parse_bounds(text):
    return [int(n) for n in text.replace("][", ",").strip("[]").split(",")]


def server_node(element, display):
    """The attributes Maestro's server writes for an element of an Appium UiAutomator2 source."""
    a = element.attrib
    hint = a.get("hint", "")
    attributes = {
        # getHintOrFallback: the hint text; Appium writes `hint` as text (UiAutomator2) or as a
        # boolean (Espresso), which is no text.
        "hintText": "" if hint in ("true", "false") else hint,
        "text": a.get("text", ""), "resource-id": a.get("resource-id", ""), "class": a.get("class", ""),
        "content-desc": a.get("content-desc", ""),
        "checked": a.get("checked", "false"), "clickable": a.get("clickable", "false"),
        "enabled": a.get("enabled", "false"), "focused": a.get("focused", "false"),
        "scrollable": a.get("scrollable", "false"), "selected": a.get("selected", "false"),
        "important-for-accessibility": a.get("important-for-accessibility", "true"),
        "error": a.get("error", ""),
    }
    if "bounds" in a:
        # getVisibleBoundsInScreen: the visible part, inside the display.
        x1, y1, x2, y2 = parse_bounds(a["bounds"])
        w, h = display
        x1, x2 = max(0, min(x1, w)), max(0, min(x2, w))
        y1, y2 = max(0, min(y1, h)), max(0, min(y2, h))
        attributes["bounds"] = "[%d,%d][%d,%d]" % (x1, y1, x2, y2)
    return attributes


def map_android(element, display, newer_server):
    server = server_node(element, display)
    attributes = []
    for name, source in ANDROID_KEYS:
        if name in ("important-for-accessibility", "error") and not newer_server:
            continue
        if name == "ignoreBoundsFiltering":
            attributes.append((name, "true" if server.get("class") == TOAST_CLASS else "false"))
        elif source in server:
            attributes.append((name, server[source]))
    # dumpNodeRec descends only into children visible to the user (Appium: `displayed`).
    children = [map_android(c, display, newer_server) for c in element if c.attrib.get("displayed", "true") == "true"]
    fields = [(name, server.get(name) == "true") for name in STATE_FIELDS]
    return Node(attributes, children, fields)


def android_tree(path, newer_server):
    hierarchy = ET.parse(path).getroot()
    assert hierarchy.tag == "hierarchy"
    display = (int(hierarchy.attrib["width"]), int(hierarchy.attrib["height"]))
    # `<hierarchy>` as Maestro's server writes it carries only `rotation`: mapHierarchy gives it
    # `ignoreBoundsFiltering` and, from its missing attributes, false state fields.
    windows = [map_android(c, display, newer_server) for c in hierarchy]
    root_element = Node([("ignoreBoundsFiltering", "false")], windows, [(n, False) for n in STATE_FIELDS])
    document = Node([], [root_element], [])  # the XML Document: not an Element
    return document, display


# ---- iOS -------------------------------------------------------------------------------------

def map_ios(element):
    """IOSDriver.mapViewHierarchy over the AXElement a page-source element stands for."""
    a = element.attrib
    label = a.get("label", "")
    name = a.get("name", "")
    # WebDriverAgent's `name` is the identifier, or the label when there is none: a name equal to
    # the label is read as no identifier.
    identifier = "" if name == label else name
    title = ""  # XCTest's title; page sources do not print it, and it is "" on UIKit views
    value = a.get("value")
    placeholder = a.get("placeholderValue")
    x, y = float(a.get("x", 0)), float(a.get("y", 0))
    w, h = float(a.get("width", 0)), float(a.get("height", 0))
    bounds = "[%d,%d][%d,%d]" % (int(x), int(y), int(x + w), int(y + h))
    enabled = a.get("enabled") == "true"
    focused = a.get("focused") == "true"
    selected = a.get("selected") == "true"
    checked = a.get("type") in CHECKABLE_TYPES and value == "1"
    text = (title or value) if title is not None else ""
    attributes = [("accessibilityText", label), ("title", title), ("value", value or ""), ("text", text or ""),
                  ("hintText", placeholder or ""), ("resource-id", identifier), ("bounds", bounds),
                  ("enabled", str(enabled).lower()), ("focused", str(focused).lower()),
                  ("selected", str(selected).lower()), ("checked", str(checked).lower())]
    children = [map_ios(c) for c in element]
    fields = [("enabled", enabled), ("focused", focused), ("checked", checked), ("selected", selected)]
    return Node(attributes, children, fields)


def empty_ax(children):
    """`AXElement(children:)`: empty texts, a zero frame, every flag false."""
    attributes = [("accessibilityText", ""), ("title", ""), ("value", ""), ("text", ""), ("hintText", ""),
                  ("resource-id", ""), ("bounds", "[0,0][0,0]"), ("enabled", "false"), ("focused", "false"),
                  ("selected", "false"), ("checked", "false")]
    return Node(attributes, children, [("enabled", False), ("focused", False), ("checked", False), ("selected", False)])


def ios_tree(path):
    root = ET.parse(path).getroot()
    app = root[0] if root.tag == "AppiumAUT" else root
    assert app.attrib.get("type") == "XCUIElementTypeApplication"
    # The status bars Maestro reads from SpringBoard are not in an app's page source: their
    # container stays empty (and the pruning drops it).
    tree = empty_ax([map_ios(app), empty_ax([])])
    display = (int(float(app.attrib["width"])), int(float(app.attrib["height"])))
    return tree, display


# ---- pruning and printing --------------------------------------------------------------------

def visible_fraction(bounds, width, height):
    x, y, w, h = bounds
    if w == 0 and h == 0:
        return 0.0
    if x <= 0 and y <= 0 and x + w >= width and y + h >= height:
        return 1.0
    vx = max(0, min(x + w, width) - max(x, 0))
    vy = max(0, min(y + h, height) - max(y, 0))
    if w * h == 0:
        return float("nan")  # Kotlin's 0.0 / 0.0: not under 0.1, so kept
    return (vx * vy) / (w * h)


def prune(node, width, height):
    """TreeNode.filterOutOfBounds."""
    if dict(node.attributes).get("ignoreBoundsFiltering") == "true":
        return node
    children = [c for c in (prune(c, width, height) for c in node.children) if c is not None]
    bounds = node.bounds()
    fraction = visible_fraction(bounds, width, height) if bounds else 0.0
    if fraction < 0.1 and not children:
        return None
    return Node(node.attributes, children, node.fields)


def jackson_string(text):
    """Jackson's escaping: quote, backslash and control characters; everything else as is."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif code < 0x20:
            out.append("\\u%04X" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def pretty(node, level=0):
    """DefaultPrettyPrinter: objects indented two spaces a level, arrays inline (`[ {`, `}, {`, `} ]`)."""
    pad, inner = "  " * level, "  " * (level + 1)
    fields = []
    if node.attributes:
        lines = [inner + "  " + jackson_string(k) + " : " + jackson_string(v) for k, v in node.attributes]
        fields.append('"attributes" : {\n' + ",\n".join(lines) + "\n" + inner + "}")
    else:
        fields.append('"attributes" : { }')
    if node.children:
        fields.append('"children" : [ ' + ", ".join(pretty(c, level + 1) for c in node.children) + " ]")
    else:
        fields.append('"children" : [ ]')
    order = {name: k for k, name in enumerate(STATE_FIELDS)}
    for name, value in sorted(node.fields, key=lambda f: order[f[0]]):
        fields.append(jackson_string(name) + " : " + ("true" if value else "false"))
    return "{\n" + ",\n".join(inner + f for f in fields) + "\n" + pad + "}"


def count(node):
    return 1 + sum(count(c) for c in node.children)


OUTPUTS = [
    # (file written, source, platform, preamble printed before the JSON, trailing newline)
    ("android_theapp_login_maestro.txt", "appium/uiautomator2_theapp_login_appium.xml", "android",
     "Running on emulator-5554\n", True),
    ("ios_settings_top_maestro.json", "appium/locators/ios_settings_top_shirates.xml", "ios", "", False),
]


def main():
    for name, source, platform, preamble, newline in OUTPUTS:
        path = os.path.join(FIXTURES, source)
        tree, (width, height) = android_tree(path, newer_server=False) if platform == "android" else ios_tree(path)
        pruned = prune(tree, width, height) or tree  # ViewHierarchy.from: everything pruned keeps all
        text = preamble + pretty(pruned) + ("\n" if newline else "")
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print("%s: %d nodes (%d before pruning) from %s" % (name, count(pruned), count(tree), source))


if __name__ == "__main__":
    main()

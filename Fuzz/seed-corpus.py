#!/usr/bin/env python3
"""Regenerates Fuzz/Corpus/<target>/ from the tests' selectors and fixtures.

Selectors are the first string argument of select(...)/compile(...)/parse(...) calls in each
engine's tests; the /dump and format corpora are the fixtures the tests load. One file per input,
named by content hash, so re-running is idempotent. Run from the repository root.
"""
import glob, hashlib, json, os, re

CALL = re.compile(r'(?:select|compile|parse|sections|tokens|tokenize|map|expectation)\(\s*(#*)"((?:[^"\\\n]|\\.)*)"\1')

def literals(paths):
    out = set()
    for p in paths:
        for m in CALL.finditer(open(p, encoding='utf-8').read()):
            raw, s = m.group(1), m.group(2)
            if not raw:
                s = s.replace('\\"', '"').replace('\\\\', '\\').replace('\\n', '\n').replace('\\t', '\t')
            if s and '\\(' not in s:
                out.add(s)
    return out

def write(target, items):
    d = f'Fuzz/Corpus/{target}'
    os.makedirs(d, exist_ok=True)
    for item in items:
        data = item if isinstance(item, bytes) else item.encode()
        open(f'{d}/{hashlib.sha1(data).hexdigest()[:16]}', 'wb').write(data)
    print(target, len(items))

shelley = literals(glob.glob('Tests/ShelleyTests/*.swift'))
write('shelley', shelley)
write('shelley_compat', shelley)
write('uiquery', literals(glob.glob('Tests/UIQueryTests/*.swift')))
write('regex', literals(glob.glob('Tests/RegexLabelTests/*.swift')))
# The predicate tests keep their selectors in tables: the first string of each `("…", …)` row.
ROW = re.compile(r'^\s*\((#*)"((?:[^"\\\n]|\\.)*)"\1,', re.M)
predicates = set()
for p in glob.glob('Tests/PredicateTests/*.swift'):
    for m in ROW.finditer(open(p, encoding='utf-8').read()):
        s = m.group(2) if m.group(1) else m.group(2).replace('\\"', '"').replace('\\\\', '\\')
        if s and '\\(' not in s:
            predicates.add(s)
write('predicate', predicates | literals(glob.glob('Tests/PredicateTests/*.swift')))
# The fry tests keep their queries in tables too.
fry = set()
for p in glob.glob('Tests/FRYTests/*.swift'):
    for m in ROW.finditer(open(p, encoding='utf-8').read()):
        s = m.group(2) if m.group(1) else m.group(2).replace('\\"', '"').replace('\\\\', '\\')
        if s and '\\(' not in s:
            fry.add(s)
write('fry', fry)
# The uiselector tests: table rows, `RecordingCase(...)` and `ui(...)`/`uids(...)` calls.
UICALL = re.compile(r'(?:RecordingCase|ui|uids)\(\s*(#*)"((?:[^"\\\n]|\\.)*)"\1')
uiselector = set()
for p in glob.glob('Tests/UiSelectorTests/*.swift'):
    text = open(p, encoding='utf-8').read()
    for m in list(ROW.finditer(text)) + list(UICALL.finditer(text)):
        s = m.group(2) if m.group(1) else m.group(2).replace('\\"', '"').replace('\\\\', '\\')
        if s and '\\(' not in s:
            uiselector.add(s)
write('uiselector', uiselector)
# The maestro tests: `maestro(…)` and `parse(…)` calls, table rows and `("…", [...])` arguments.
MCALL = re.compile(r'(?:maestro|parse)\(\s*(#*)"((?:[^"\\\n]|\\.)*)"\1')
MROW = re.compile(r'\((#*)"((?:[^"\\\n]|\\.)*)"\1,\s*[\["]', re.M)
maestro = set()
for p in glob.glob('Tests/MaestroTests/*.swift'):
    text = open(p, encoding='utf-8').read()
    for m in list(ROW.finditer(text)) + list(MCALL.finditer(text)) + list(MROW.finditer(text)):
        s = m.group(2) if m.group(1) else m.group(2).replace('\\"', '"').replace('\\\\', '\\').replace('\\n', '\n')
        if s and '\\(' not in s:
            maestro.add(s)
# The PCRE2 fallback (issue 40, item 1): patterns PCRE2 refuses, which the target also runs as a
# `text:` and `id:` value repeated past 64 KiB when the first byte is 1 modulo 32 (`a`, `A`).
maestro |= {'a(', 'a[', 'a\\', 'a)', 'a(?<', 'A{2,1}', 'a(?P>x)', 'a' * 40, '{text: "(aaaa"}', '{id: "[z"}'}
write('maestro', maestro)
dumps = [open(p, 'rb').read() for p in glob.glob('Sources/ViewSelectors/Resources/*.json')]
dumps += [b'{"class":"UIView","uid":1,"subviews":[{"class":"UILabel","accessibilityLabel":"a","frame":{"x":1,"y":2.5}}]}',
          b'{"class":"UIApplication","subviews":[{"class":"UIWindow","classChain":["UIWindow","UIView","NSObject"],"subviews":[]}]}']
write('dump', dumps)
formats = dumps + [open(p, 'rb').read() for p in glob.glob('Tests/Fixtures/real/*') + glob.glob('Tests/Fixtures/appium/*.xml')
                   + glob.glob('Tests/Fixtures/maestro/*_maestro.*')
                   if os.path.isfile(p) and os.path.getsize(p) < 100_000]
formats += [
    b'<?xml version="1.0"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" enabled="true" visible="true" x="0" y="0" width="390" height="844"><XCUIElementTypeButton type="XCUIElementTypeButton" name="ok" label="OK" x="10" y="20" width="50" height="30"/></XCUIElementTypeApplication></AppiumAUT>',
    b'<hierarchy rotation="0"><node index="0" text="Hi" resource-id="a:id/x" class="android.widget.TextView" content-desc="d" bounds="[0,0][100,50]" clickable="true"><node class="android.widget.Button" bounds="[1,1][2,2]"/></node></hierarchy>',
    b'{"type":"CalabashRootView","visible":1,"children":[{"type":"UIButton","id":"b","label":"OK","frame":{"x":1,"y":2,"width":3,"height":4},"rect":{"x":1,"y":2,"width":3,"height":4},"children":[]}]}',
    b'Running on emulator-5554\nNone: \n{"attributes":{},"children":[{"attributes":{"text":"a","accessibilityText":"b","resource-id":"x:id/y","bounds":"[0,0][10,10]","class":"android.widget.TextView","enabled":"true"},"children":[],"clickable":true,"enabled":true}]}',
    b'{"attributes":{"bounds":"0,0,5,5"},"children":[{"attributes":{"bounds":"[1,1][2,2]"},"children":[],"checked":false}]}',
    b'{"deviceOrientation":1,"tree":{"type":"UIAApplication","name":"A","rect":{"origin":{"x":0,"y":0},"size":{"width":1,"height":1}},"children":[{"type":"UIAWindow","children":[]}]}}',
]
write('formats', formats)
# Issue 45: the recordings users hold (Espresso, Detox, XCTest snapshot, Compose, WDA, idb), their logs.
recordings = [open(p, 'rb').read() for d in ('espresso', 'detox', 'xcuisnapshot', 'compose', 'wda', 'idb')
              for p in sorted(glob.glob(f'Tests/Fixtures/{d}/*')) if not p.endswith('README.md') and os.path.getsize(p) < 100_000]
write('recordings', recordings)
bodies = []
for engine, sels in (('shelley', shelley), ('uiquery', literals(glob.glob('Tests/UIQueryTests/*.swift'))),
                     ('regex', literals(glob.glob('Tests/RegexLabelTests/*.swift')))):
    for s in sorted(sels)[:40]:
        bodies.append(json.dumps({'query': s, 'selector_engine': engine,
                                  'operation': {'method_name': 'accessibilityLabel', 'arguments': []}}))
bodies += ['{"query":"view","operation":{"method_name":"setText:","arguments":["hi"]}}',
           '{"query":"1055","selector_engine":null,"operation":{"method_name":"touch"}}', '', '[1]']
write('map_request', bodies)
# Chains: the chaining tests' selectors, and every pair of the engines' selectors joined by '>>'
# with and without engine prefixes, so the splitter meets each engine's literals.
chains = literals(glob.glob('Tests/SelectorCoreTests/*Chain*.swift') + glob.glob('Tests/ViewSelectorsTests/*.swift'))
samples = {'shelley': sorted(shelley)[:12], 'uiquery': sorted(literals(glob.glob('Tests/UIQueryTests/*.swift')))[:12],
           'regex': sorted(literals(glob.glob('Tests/RegexLabelTests/*.swift')))[:12]}
for a, left in samples.items():
    for b, right in samples.items():
        for x, y in zip(left, right):
            chains.add(f'{x} >> {y}')
            chains.add(f'{a}:{x} >> {b}:{y}')
write('chain', chains)
# Reference: the input is random draws (8 bytes each), not text; a few fixed pseudo-random strings
# of 1 to 64 draws, so the first runs already see trees of every shape and several programs.
import random
draws = random.Random(30)
write('reference', [bytes(draws.randrange(256) for _ in range(n)) for n in (8, 32, 64, 96, 160, 256, 384, 512)])

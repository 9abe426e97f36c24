#!/usr/bin/env python3
"""Abusive clients for abuse.sh, run beside wrk against a Frankly server on loopback.

For DURATION seconds, in threads: setText: mutations (valid, must SUCCEED), slow-loris
connections (partial headers, one byte a second; the server must close them within its idle
timeout), malformed and oversized bodies (must get an answer: an ERROR envelope or 413, never a
dropped connection), and clients that disconnect mid-response (RST while a large response is
being written). Prints one line per kind with counts; exits 1 if any check failed.
"""
import json, os, random, socket, struct, sys, threading, time

PORT = int(sys.argv[1])
DURATION = float(sys.argv[2])
IDLE_TIMEOUT = float(sys.argv[3])
HOST = "127.0.0.1"
stop = time.monotonic() + DURATION
lock = threading.Lock()
counts = {}
failures = []

def count(kind, key):
    with lock:
        counts.setdefault(kind, {}).setdefault(key, 0)
        counts[kind][key] += 1

def fail(kind, msg):
    count(kind, "FAILED")
    with lock:
        if len(failures) < 20: failures.append(f"{kind}: {msg}")

def request(method, path, body=b"", headers=None, timeout=30):
    """One request on a fresh connection; (status, body bytes)."""
    s = socket.create_connection((HOST, PORT), timeout=timeout)
    try:
        h = {"Host": f"127.0.0.1:{PORT}", "Content-Length": str(len(body)), "Connection": "close"}
        h.update(headers or {})
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in h.items()) + "\r\n"
        s.sendall(head.encode() + body)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            data += chunk
    finally:
        s.close()
    if not data: raise IOError("connection closed without a response")
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in data else b""

def map_body(query, engine, method, args):
    return json.dumps({"query": query, "selector_engine": engine,
                       "operation": {"method_name": method, "arguments": args}}).encode()

def set_text():
    i = 0
    while time.monotonic() < stop:
        i += 1
        text = f"user{i}"
        try:
            status, body = request("POST", "/map", map_body("textField placeholder:'Username'", "shelley", "setText:", [text]))
            if status == 200 and b'"SUCCESS"' in body: count("setText:", "ok")
            else: fail("setText:", f"{status} {body[:120]!r}")
        except Exception as e:
            fail("setText:", repr(e))

def slow_loris():
    while time.monotonic() < stop:
        s = socket.create_connection((HOST, PORT), timeout=IDLE_TIMEOUT * 3 + 10)
        start = time.monotonic()
        partial = f"POST /map HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Length: 100\r\nX-Slow: ".encode()
        closed = False
        try:
            for b in partial:
                s.sendall(bytes([b]))
                time.sleep(1.0)
                if time.monotonic() - start > IDLE_TIMEOUT * 3 + 5: break
        except (BrokenPipeError, ConnectionResetError):
            closed = True
        if not closed:
            try:
                s.settimeout(IDLE_TIMEOUT * 2 + 5)
                closed = s.recv(1024) == b"" or True
            except (socket.timeout, TimeoutError):
                closed = False
            except ConnectionResetError:
                closed = True
        held = time.monotonic() - start
        s.close()
        if closed and held <= IDLE_TIMEOUT * 3 + 10: count("slow-loris", "closed by server")
        else: fail("slow-loris", f"still open after {held:.1f}s")

BAD = [
    (b"", "empty"), (b"{", "truncated"), (b'{"query":', "truncated value"), (b"\xff\xfe\x00", "not UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nested 5000 deep"), (b'{"query":5,"operation":{}}', "wrong types"),
    (b'{"query":"' + b"view " * 20000 + b'","selector_engine":"shelley","operation":{"method_name":"touch"}}', "100 KB selector"),
    (b'{"query":"' + b"view " * 300 + b'","selector_engine":"uiquery","operation":{"method_name":"touch"}}', "300 steps"),
    (b'{"query":"/^(a+)+$/","selector_engine":"regex","operation":{"method_name":"touch"}}', "catastrophic regex"),
    (b'{"query":"/(/","selector_engine":"regex","operation":{"method_name":"touch"}}', "bad regex"),
    (b'{"query":"x","selector_engine":"nope","operation":{"method_name":"touch"}}', "unknown engine"),
    (b'{"query":"view","selector_engine":"shelley","operation":{"method_name":"setText:","arguments":[]}}', "wrong arity"),
]

def malformed():
    while time.monotonic() < stop:
        body, name = random.choice(BAD)
        if random.random() < 0.2:
            body, name = bytes(random.getrandbits(8) for _ in range(random.randint(1, 512))), "random bytes"
        try:
            status, reply = request("POST", "/map", body)
            if status == 200 and b'"outcome":"ERROR"' in reply: count("malformed", "ERROR envelope")
            elif status == 200 and name == "catastrophic regex" and b'"SUCCESS"' in reply: count("malformed", "ok")
            else: fail("malformed", f"{name}: {status} {reply[:120]!r}")
        except Exception as e:
            fail("malformed", f"{name}: {e!r}")

def oversized():
    big = b" " * ((1 << 20) + 1)
    while time.monotonic() < stop:
        try:
            status, reply = request("POST", "/map", big)
            if status == 413: count("oversized", "413")
            else: fail("oversized", f"{status} {reply[:120]!r}")
        except (BrokenPipeError, ConnectionResetError):
            # The server may answer 413 and close before reading the whole body.
            count("oversized", "closed early")
        except Exception as e:
            fail("oversized", repr(e))
        time.sleep(0.05)

def disconnect():
    i = 0
    while time.monotonic() < stop:
        i += 1
        try:
            s = socket.create_connection((HOST, PORT), timeout=10)
            body = map_body("view", "shelley", "frame", [])
            if i % 2:
                s.sendall(f"POST /map HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
                what = "reset after the first bytes of a /map response"
            else:
                s.sendall(f"GET /dump/allwindows HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\n\r\n".encode())
                what = "reset after the first bytes of /dump/allwindows"
            s.recv(64)  # the response has started; the rest is left unread
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()   # RST
            count("disconnect mid-response", what)
        except Exception as e:
            fail("disconnect mid-response", repr(e))
        time.sleep(0.01)

# Issue #16's attacks. On the sample app (PORT): megabyte typing, setText: and swipe arguments
# (memory must stay bounded), flags and backspaces (must be linear). On the generated tree
# (HEAVY_PORT, when given): queries that multiply their results or run past the time budget,
# with /version timed beside them.

def app_request(path, body):
    status, reply = request("POST", path, body, timeout=60)
    return status, reply

def typing_flood():
    i = 0
    while time.monotonic() < stop:
        i += 1
        try:
            app_request("/map", map_body("textField placeholder:'Username'", "shelley", "touch", []))
            letter = chr(ord("a") + i % 26)
            if i % 3 == 0:
                text = "\U0001F1EF\U0001F1F5" * 40000 + "\b" * 40001   # flags and backspaces, ~600 KB of JSON
            elif i % 3 == 1:
                text = letter * 1_000_000                               # 1 MB at once
            else:
                text = "\b" * 150_000                                   # shrink it again
            status, reply = app_request("/type_into_keyboard", json.dumps({"text_to_type": text}).encode())
            if status == 200 and b'"SUCCESS"' in reply: count("typing 1 MB / flags", "ok")
            elif status == 200 and b'"text too long"' in reply: count("typing 1 MB / flags", "text too long")
            else: fail("typing 1 MB / flags", f"{status} {reply[:120]!r}")
        except Exception as e:
            fail("typing 1 MB / flags", repr(e))

def big_arguments():
    i = 0
    while time.monotonic() < stop:
        i += 1
        try:
            if i % 2:
                body = map_body("textField placeholder:'Password'", "shelley", "setText:", [f"{i}" + "p" * 1_000_000])
                what = "setText: 1 MB distinct"
            else:
                body = map_body("button marked:'Log In'", "shelley", "swipeInDirection:", ["left" * 250_000])
                what = "swipe 1 MB argument"
            status, reply = app_request("/map", body)
            if status == 200 and b'"SUCCESS"' in reply: count("big arguments", what)
            else: fail("big arguments", f"{what}: {status} {reply[:120]!r}")
        except Exception as e:
            fail("big arguments", repr(e))

HEAVY_PORT = int(sys.argv[4]) if len(sys.argv) > 4 else 0
HEAVY = [
    ("uiquery", "view view view view view view", "multiplying uiquery"),
    # ~2^18 backtracking steps per label (under PCRE2's match limit), over every distinct label.
    ("regex", r"/^(\w?){9}(\w?){9}[^\w\s-]$/", "backtracking regex over every label"),
]
version_ms = []

def heavy_queries():
    while time.monotonic() < stop:
        engine, query, what = random.choice(HEAVY)
        try:
            s = socket.create_connection((HOST, HEAVY_PORT), timeout=60)
            body = map_body(query, engine, "tag", [])
            s.sendall(f"POST /map HTTP/1.1\r\nHost: 127.0.0.1:{HEAVY_PORT}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk: break
                data += chunk
            s.close()
            if b'"outcome":"ERROR"' in data and (b"time budget" in data or b"intermediate results" in data or b"server busy" in data or b"match limit" in data):
                count("heavy queries", what + ": stopped")
            elif b'"SUCCESS"' in data: count("heavy queries", what + ": answered")
            else: fail("heavy queries", f"{what}: {data[:200]!r}")
        except Exception as e:
            fail("heavy queries", f"{what}: {e!r}")

def version_beside_heavy():
    time.sleep(2)
    while time.monotonic() < stop:
        start = time.monotonic()
        try:
            s = socket.create_connection((HOST, HEAVY_PORT), timeout=60)
            s.sendall(f"GET /version HTTP/1.1\r\nHost: 127.0.0.1:{HEAVY_PORT}\r\nConnection: close\r\n\r\n".encode())
            while s.recv(65536): pass
            s.close()
            with lock: version_ms.append((time.monotonic() - start) * 1000)
        except Exception as e:
            fail("/version beside heavy queries", repr(e))
        time.sleep(0.1)

workers = [set_text, set_text, malformed, malformed, oversized, disconnect, typing_flood, big_arguments] + [slow_loris] * 16
if HEAVY_PORT:
    workers += [heavy_queries] * 4 + [version_beside_heavy]
threads = [threading.Thread(target=w, daemon=True) for w in workers]
for t in threads: t.start()
for t in threads: t.join(DURATION + IDLE_TIMEOUT * 4 + 30)
# The server still answers.
try:
    status, body = request("GET", "/version")
    if status != 200: fail("after", f"/version answered {status}")
except Exception as e:
    fail("after", repr(e))
for kind, c in sorted(counts.items()):
    print(f"{kind}: " + ", ".join(f"{k}={v}" for k, v in sorted(c.items())))
if version_ms:
    v = sorted(version_ms)
    p = lambda q: v[min(len(v) - 1, int(q * len(v)))]
    print(f"/version beside heavy queries: n={len(v)} p50_ms={p(0.5):.1f} p99_ms={p(0.99):.1f} max_ms={v[-1]:.1f}")
    if p(0.99) > 1000: fail("/version beside heavy queries", f"p99 {p(0.99):.0f} ms")
for f in failures: print("FAILURE", f)
sys.exit(1 if failures else 0)

#!/usr/bin/env python3
"""Chromium's (Blink's) cubic-Bézier timing function as an engine for `hooke conform`.

Protocol version 1 (JSON Lines on stdin/stdout), kind `curve`. The protocol answers one case before
the next is sent, so cases cannot be read ahead into one page; instead one headless Chromium runs for
the whole session and every case is one round trip over its DevTools pipe (`--remote-debugging-pipe`:
JSON messages ending in NUL on file descriptors 3 and 4), evaluating in an already loaded blank page:

    effect = new KeyframeEffect(null, [{opacity: 0}, {opacity: 1}],
                                {duration: D, easing: "cubic-bezier(x1, y1, x2, y2)", fill: "both"})
    animation = new Animation(effect, document.timeline); animation.pause()
    for each p: animation.currentTime = p·D; effect.getComputedTiming().progress

Blink keeps animation times in whole microseconds, so progress is quantised to 1 µs / D; D is 10⁹ ms
(a progress step of 1e-12). The browser starts once, at the hello (about a second), so the set runs
in seconds. The hello's version is the browser's own (`Browser.getVersion`).

Run: hooke conform --engine 'python3 examples/engines/chromium/adapter.py' --kind curve
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

DURATION_MS = 1e9  # the effect's duration: Blink's 1 µs time step is then 1e-12 of the progress

# The page's evaluation, shared with the other browser adapter: a JavaScript function of
# (bezier, progress, D) returning the progress values as a JSON string.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web-animations.js")) as source:
    WEB_ANIMATIONS = source.read()


class Browser:
    """A headless Chromium driven over its DevTools pipe, with one blank page attached."""

    def __init__(self):
        executable = shutil.which("chromium") or shutil.which("chromium-browser")
        if not executable:
            raise RuntimeError("chromium is not installed (examples/engines/chromium/build installs it)")
        self.profile = tempfile.mkdtemp(prefix="hooke-chromium-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # The browser reads commands on fd 3 and writes replies on fd 4.
        def wire():
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, pass_fds=(3, 4))
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.version = self.call("Browser.getVersion")["product"]
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed its DevTools pipe")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                           session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"]))
        return result["result"]["value"]

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def curve(browser, case):
    script = "(%s)(%s, %s, %r)" % (WEB_ANIMATIONS, json.dumps(case["bezier"]), json.dumps(case["progress"]), DURATION_MS)
    return {"values": json.loads(browser.evaluate(script))}


def main():
    browser = None
    try:
        for line in sys.stdin:
            message = json.loads(line)
            kind = message["type"]
            if kind == "hello":
                browser = Browser()
                reply = {"type": "hello", "protocol": 1, "name": "chromium-blink", "version": browser.version,
                         "kinds": ["curve"]}
            elif kind == "case":
                reply = {"type": "result", "id": message["id"], **curve(browser, message)}
            elif kind == "bye":
                return 0
            else:
                print("chromium adapter: unknown message type %r" % kind, file=sys.stderr)
                return 1
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
        return 0
    finally:
        if browser:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())

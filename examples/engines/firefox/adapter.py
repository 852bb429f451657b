#!/usr/bin/env python3
"""Firefox's (Gecko's) cubic-Bézier timing function as an engine for `hooke conform`.

Protocol version 1 (JSON Lines on stdin/stdout), kind `curve`. One headless Firefox ESR runs for the
whole session, driven over Marionette, Firefox's own remote protocol (on loopback: `--marionette`
with the port left to the system, which Firefox writes to the profile's `MarionetteActivePort`;
each message is `length:JSON`, a command `[0, id, name, parameters]`, its reply `[1, id, error,
result]`). Every case is one `WebDriver:ExecuteScript` in the blank page that evaluates all of its
progress values at once:

    effect = new KeyframeEffect(null, [{opacity: 0}, {opacity: 1}],
                                {duration: D, easing: "cubic-bezier(x1, y1, x2, y2)", fill: "both"})
    animation = new Animation(effect, document.timeline); animation.pause()
    for each p: animation.currentTime = p·D; effect.getComputedTiming().progress

Gecko keeps animation times as whole ticks of its clock (nanoseconds here: a time of 1e-6 ms still
moves the progress, 1e-9 ms does not), so the effect's duration D is 10⁹ ms: progress then moves in
steps of 1e-15, finer than the case set's closest sample to 0 or 1 (1e-12). The hello's version is
the browser's own (the session's `browserVersion`).

Run: hooke conform --engine 'python3 examples/engines/firefox/adapter.py' --kind curve
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

DURATION_MS = 1e9  # the effect's duration: Gecko's 1 ns tick is then 1e-15 of the progress
START_SECONDS = 120  # Firefox's start, Marionette listening (about 2 s on an idle machine)

# The page's evaluation, shared with the other browser adapter: a JavaScript function of
# (bezier, progress, D) returning the progress values as a JSON string.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web-animations.js")) as source:
    WEB_ANIMATIONS = source.read()

# A quiet profile: Marionette on a port the system picks, no first-run pages, no network reports.
PREFERENCES = {
    "marionette.port": 0,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    # One content process, no site isolation: a blank page needs no more, and each process is
    # seconds of start-up on a loaded machine.
    "fission.autostart": False,
    "dom.ipc.processCount": 1,
    "dom.ipc.processPrelaunch.enabled": False,
    # Nothing that reaches the network at start-up (the browser has no network to reach here).
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "app.normandy.enabled": False,
}


class Browser:
    """A headless Firefox with a Marionette session on its blank page."""

    def __init__(self):
        executable = shutil.which("firefox-esr") or shutil.which("firefox")
        if not executable:
            raise RuntimeError("firefox-esr is not installed (examples/engines/firefox/build installs it)")
        self.profile = tempfile.mkdtemp(prefix="hooke-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for name, value in PREFERENCES.items():
                prefs.write("user_pref(%s, %s);\n" % (json.dumps(name), json.dumps(value)))
        self.process = subprocess.Popen(
            [executable, "--headless", "--marionette", "--no-remote", "--profile", self.profile, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, MOZ_HEADLESS="1"))
        port_file = os.path.join(self.profile, "MarionetteActivePort")
        deadline = time.monotonic() + START_SECONDS
        port = ""
        while not port:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("firefox did not start Marionette")
            time.sleep(0.05)
            if os.path.exists(port_file):
                port = open(port_file).read().strip()
        self.socket = socket.create_connection(("127.0.0.1", int(port)))
        self.buffer = b""
        self.next_id = 0
        self.receive()  # the server's greeting: {"applicationType": "gecko", "marionetteProtocol": 3}
        session = self.call("WebDriver:NewSession", {"capabilities": {}})
        self.version = "Firefox/" + session["capabilities"]["browserVersion"]

    def receive(self):
        while b":" not in self.buffer:
            self.read_more()
        length, rest = self.buffer.split(b":", 1)
        while len(rest) < int(length):
            self.buffer = length + b":" + rest
            self.read_more()
            length, rest = self.buffer.split(b":", 1)
        self.buffer = rest[int(length):]
        return json.loads(rest[:int(length)])

    def read_more(self):
        chunk = self.socket.recv(1 << 20)
        if not chunk:
            raise RuntimeError("firefox closed its Marionette connection")
        self.buffer += chunk

    def call(self, name, parameters):
        self.next_id += 1
        data = json.dumps([0, self.next_id, name, parameters]).encode()
        self.socket.sendall(str(len(data)).encode() + b":" + data)
        while True:
            reply = self.receive()
            if reply[0] == 1 and reply[1] == self.next_id:
                if reply[2]:
                    raise RuntimeError("%s: %s" % (name, reply[2]))
                return reply[3]

    def close(self):
        try:
            self.call("Marionette:Quit", {"flags": ["eForceQuit"]})
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def curve(browser, case):
    result = browser.call("WebDriver:ExecuteScript", {"script": "return (%s)(...arguments);" % WEB_ANIMATIONS,
                                                      "args": [case["bezier"], case["progress"], DURATION_MS]})
    return {"values": json.loads(result["value"])}


def main():
    browser = None
    try:
        for line in sys.stdin:
            message = json.loads(line)
            kind = message["type"]
            if kind == "hello":
                browser = Browser()
                reply = {"type": "hello", "protocol": 1, "name": "firefox-gecko", "version": browser.version,
                         "kinds": ["curve"]}
            elif kind == "case":
                if message["kind"] == "curve":
                    reply = {"type": "result", "id": message["id"], **curve(browser, message)}
                else:
                    reply = {"type": "result", "id": message["id"], "unsupported": "Web Animations easing evaluates timing curves only"}
            elif kind == "bye":
                return 0
            else:
                print("firefox adapter: unknown message type %r" % kind, file=sys.stderr)
                return 1
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
        return 0
    finally:
        if browser:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())

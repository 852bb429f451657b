#!/usr/bin/python3
"""GNOME libadwaita's AdwSpringAnimation as an engine for `hooke conform` (protocol 1, kind `spring`).

Debian's python3-gi (PyGObject) drives libadwaita 1 and GTK 4 through GObject introspection, so the
interpreter is Debian's own /usr/bin/python3 (another python3 on the PATH may lack `gi`). The engine
is driven by GTK's frame clock, so the adapter starts its own Xvfb (a private display, found with
-displayfd) and maps one small window whose frame clock every animation uses: libadwaita skips an
animation straight to its end when its widget is unmapped or the setting gtk-enable-animations is off
(adw_animation_play in libadwaita 1.2), so both are checked before any case runs.

Per case: `adw_spring_params_new(dampingRatio, mass, stiffness)` (the case's own ζ, m and k; libadwaita
forms the damping c = 2ζ√(km) itself), `adw_spring_animation_new(window, from, to, params, target)`
with an AdwCallbackAnimationTarget that records each value, `initial-velocity` = the case's velocity
(per second: libadwaita's t is in seconds), defaults otherwise (epsilon 0.001 in the value's own
units, clamp off). The answer is at the engine's own frame times (the protocol's `times`): libadwaita
computes each frame's value at t = frame time in whole milliseconds − start time in whole milliseconds
(both from gdk_frame_clock_get_frame_time / 1000), so the adapter reports exactly that t. Velocities
are the engine's `velocity` property (adw_spring_animation_get_velocity) at the same frame.

What the engine does and the adapter reports as it is:
- At its estimated duration (envelope e^(−βt) below epsilon, or Newton on x(t) for overdamped springs)
  the animation skips to `to` with velocity 0; the property then holds `to`, which the adapter reports
  at every later frame up to the case's last time.
- An undamped spring has no end (ADW_DURATION_INFINITE); it is stopped after the case's last time.
- A retarget is libadwaita's own idiom (it has no retarget call): at the first frame at or after the
  retarget's time, a new AdwSpringAnimation from the current value with the current velocity
  (adw_spring_animation_get_velocity) as its initial velocity. The retarget thus lands up to a frame
  late; that lag is part of what is judged. A retarget at time ≤ 0 replaces `to` before the start; one
  to the target already set changes nothing and is skipped; and a spring at rest (from = to, velocity
  0) until its first retarget starts moving then: its frames are reported from that retarget's time.
- Parameters libadwaita refuses (adw_spring_params_new returns NULL) are answered `unsupported`.

Batching. The protocol sends the next case only after the reply, and every case takes its own span in
real time (up to 12 s), so the spring set one case at a time takes over ten minutes. With `--batch
FILE` (the case lines of a run, as `--record FILE` writes them) the adapter plays every case of FILE at
once, one AdwSpringAnimation each, all started on the same frame, and then answers each case whose
message equals one in FILE from those frames; any other case runs alone when it arrives.
`--answers FILE` also writes every reply line to FILE (for charts of the very samples judged).

Run: hooke conform --kind spring --engine 'examples/engines/libadwaita/adapter.py'
"""
import json
import os
import subprocess
import sys

WARMUP_FRAMES = 10  # frames the clock runs before the animations start, so their first frames are steady


def reply(out, message, log):
    line = json.dumps(message, allow_nan=True)
    out.write(line + "\n")
    out.flush()
    if log:
        log.write(line + "\n")
        log.flush()


def start_display():
    """A private Xvfb; returns the process (DISPLAY is set to it)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "320x240x24"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              pass_fds=(write_end,))
    os.close(write_end)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read_end, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start (is the xvfb package installed?)")
        number += chunk
    os.close(read_end)
    os.environ["DISPLAY"] = ":" + number.decode().strip()
    return server


class Engine:
    """One mapped window and the animations played on its frame clock."""

    def __init__(self):
        os.environ.setdefault("ADW_DISABLE_PORTAL", "1")  # no session bus under Xvfb: read no portal settings
        os.environ.setdefault("GTK_A11Y", "none")  # nor an accessibility bus
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Adw", "1")
        from gi.repository import Adw, GLib, Gtk
        self.Adw, self.GLib, self.Gtk = Adw, GLib, Gtk
        Adw.init()
        Gtk.Settings.get_default().set_property("gtk-enable-animations", True)
        self.window = Gtk.Window(title="hooke libadwaita")
        self.window.set_default_size(64, 64)
        self.window.present()
        context = GLib.MainContext.default()
        while not self.window.get_mapped():
            context.iteration(True)
        if not Adw.get_enable_animations(self.window):
            raise RuntimeError("animations are disabled (gtk-enable-animations), libadwaita would skip them")
        self.version = "libadwaita %d.%d.%d (GTK %d.%d.%d)" % (
            Adw.get_major_version(), Adw.get_minor_version(), Adw.get_micro_version(),
            Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version())

    def run(self, cases):
        """Plays every case at once, all started on the same frame; returns {index: reply fields}."""
        runs = [Run(self, case) for case in cases]
        answers = {i: {"unsupported": r.unsupported} for i, r in enumerate(runs) if r.unsupported}
        playing = [r for r in runs if not r.unsupported]
        if not playing:
            return answers
        loop = self.GLib.MainLoop()
        state = {"frames": 0, "start": None}

        def tick(widget, clock):
            now = clock.get_frame_time() // 1000  # ms, as libadwaita reads it
            state["frames"] += 1
            if state["frames"] < WARMUP_FRAMES:
                return True
            if state["start"] is None:
                state["start"] = now
                for r in playing:
                    r.start(now)
                return True
            for r in playing:
                r.hold(now)
            if all(r.done for r in playing):
                loop.quit()
                return False
            return True

        self.window.add_tick_callback(tick)
        loop.run()
        for i, r in enumerate(runs):
            if not r.unsupported:
                answers[i] = r.answer()
        return answers


class Run:
    """One case: its spring, the animation(s) that play it, the frames recorded."""

    def __init__(self, engine, case):
        self.engine, self.case = engine, case
        p = case["spring"]
        self.params = engine.Adw.SpringParams.new(p["dampingRatio"], p["mass"], p["stiffness"])
        self.unsupported = None
        if self.params is None:
            self.unsupported = "adw_spring_params_new refuses damping ratio %r, mass %r, stiffness %r" % (
                p["dampingRatio"], p["mass"], p["stiffness"])
            return
        self.times, self.values, self.velocities = [], [], []
        self.last = case["times"][-1]
        self.target = case["to"]
        self.origin = 0.0  # the case time of the engine's first frame
        retargets = [(r["time"], r["to"]) for r in case["retargets"]]
        while retargets and retargets[0][0] <= 0:  # before the start: the target from the start
            self.target = retargets.pop(0)[1]
        if case["from"] == self.target and case["velocity"] == 0 and retargets:
            self.origin, self.target = retargets.pop(0)  # at rest until then: the motion starts there
        self.retargets = retargets
        self.animation, self.done, self.finished = None, False, False

    def case_time(self, now):
        return self.origin + (now - self.first_ms) / 1000

    def start(self, now):
        self.first_ms = now
        self.play(now, self.case["from"], self.case["velocity"])

    def play(self, now, value, velocity):
        Adw = self.engine.Adw
        segment = {"start": now}
        target = Adw.CallbackAnimationTarget.new(lambda v: self.frame(segment, v))
        animation = Adw.SpringAnimation.new(self.engine.window, value, self.target, self.params, target)
        animation.set_initial_velocity(velocity)
        segment["animation"] = animation
        self.animation, self.finished = animation, False
        animation.connect("done", lambda a: self.end(segment))
        animation.play()

    def frame(self, segment, value):
        """The target's callback: libadwaita set `value` for this frame."""
        if self.done or segment["animation"] is not self.animation:
            return
        now = self.engine.window.get_frame_clock().get_frame_time() // 1000
        t = self.case_time(now)
        if t > self.last:
            self.stop()
            return
        self.record(t, value, self.animation.get_velocity())
        due = [r for r in self.retargets if r[0] <= t]
        if due and due[-1][1] != self.target:
            self.retargets = self.retargets[len(due):]
            self.target = due[-1][1]
            old = self.animation
            self.play(now, value, old.get_velocity())
            old.pause()
        elif due:
            self.retargets = self.retargets[len(due):]

    def end(self, segment):
        if segment["animation"] is self.animation:
            self.finished = True

    def hold(self, now):
        """After the engine's own end the property keeps `to`: report it at each later frame."""
        if self.done:
            return
        t = self.case_time(now)
        if t > self.last:
            self.stop()
        elif self.finished:
            if self.retargets and self.retargets[0][0] <= t:  # a retarget after the end: play again
                due = [r for r in self.retargets if r[0] <= t]
                self.retargets = self.retargets[len(due):]
                if due[-1][1] != self.target:
                    self.target = due[-1][1]
                    self.record(t, self.animation.get_value(), 0.0)
                    self.play(now, self.animation.get_value(), 0.0)
                    return
            self.record(t, self.animation.get_value(), self.animation.get_velocity())

    def record(self, t, value, velocity):
        if self.times and t <= self.times[-1]:
            return  # one sample per frame: the first value this frame
        self.times.append(t)
        self.values.append(value)
        self.velocities.append(velocity)

    def stop(self):
        self.done = True
        if self.animation is not None and not self.finished:
            self.animation.pause()

    def answer(self):
        if not self.times:
            return {"unsupported": "no frame of the engine fell within the case's times"}
        return {"times": self.times, "values": self.values, "velocities": self.velocities}


def main():
    args = sys.argv[1:]
    options = {}
    while args:
        flag = args.pop(0)
        if flag in ("--batch", "--record", "--answers") and args:
            options[flag] = args.pop(0)
        else:
            print("adapter.py: unknown option %r (use --batch FILE, --record FILE, --answers FILE)" % flag, file=sys.stderr)
            return 2
    recording = options.get("--record")
    log = open(options["--answers"], "w") if "--answers" in options else None
    try:
        return serve(options, recording and open(recording, "w"), log)
    except Exception as error:  # one line naming what went wrong (no display, no gi, a bad batch file)
        print("libadwaita: %s" % error, file=sys.stderr)
        return 1


def serve(options, record, log):
    recording = record is not None
    server, engine, batch, answers = None, None, [], {}
    if "--batch" in options:
        batch = [c for c in map(json.loads, filter(str.strip, open(options["--batch"]))) if c.get("kind") == "spring"]
    try:
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "hello":
                if not recording:
                    server = start_display()
                    engine = Engine()
                reply(sys.stdout, {"type": "hello", "protocol": 1, "name": "libadwaita-springanimation",
                                   "version": "recorder" if recording else engine.version, "kinds": ["spring"]}, log)
            elif message["type"] == "case":
                if recording:
                    record.write(json.dumps(message) + "\n")
                    record.flush()
                    reply(sys.stdout, {"type": "result", "id": message["id"], "unsupported": "recording only"}, log)
                    continue
                if batch:
                    print("libadwaita: playing %d cases at once" % len(batch), file=sys.stderr)
                    answers = {json.dumps(batch[i], sort_keys=True): a for i, a in engine.run(batch).items()}
                    batch = []
                answer = answers.get(json.dumps(message, sort_keys=True)) or engine.run([message])[0]
                reply(sys.stdout, dict({"type": "result", "id": message["id"]}, **answer), log)
            else:
                break
    finally:
        if server:
            server.terminate()
            server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())

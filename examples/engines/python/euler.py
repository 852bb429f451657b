#!/usr/bin/env python3
"""A frame-stepped spring engine for `hooke conform`, in Python with the standard library only.

It steps each spring the way many UI spring libraries do: once per frame, semi-implicit
(symplectic) Euler over the time since the previous frame, that step clamped to 64 ms (a stalled
frame does not make the spring jump), a retarget applied at the first frame at or after its time.
Curves are solved exactly (bisection on x(s) = p, then y(s)), so they show what a correct curve
engine scores. Animations (scenarios) are not declared: they are reported as unsupported.

Run: hooke conform --engine 'python3 examples/engines/python/euler.py'
"""
import json
import sys

MAX_STEP = 0.064  # seconds: the longest step taken for one frame (longer gaps are clamped)


def spring(case):
    p = case["spring"]
    mass, stiffness, damping = p["mass"], p["stiffness"], p["damping"]
    x, v, target = case["from"], case["velocity"], case["to"]
    retargets = list(case["retargets"])
    values, velocities = [], []
    previous = None
    for t in case["times"]:
        while retargets and retargets[0]["time"] <= t:
            target = retargets.pop(0)["to"]
        if previous is not None:
            dt = min(t - previous, MAX_STEP)
            if dt > 0:
                acceleration = (-stiffness * (x - target) - damping * v) / mass
                v += acceleration * dt
                x += v * dt
        previous = t
        values.append(x)
        velocities.append(v)
    return {"values": values, "velocities": velocities}


def bezier(s, c1, c2):
    r = 1 - s
    return 3 * r * s * (r * c1 + s * c2) + s * s * s


def bezier_slope(s, c1, c2):
    r = 1 - s
    return 3 * (r * r * c1 + 2 * r * s * (c2 - c1) + s * s * (1 - c2))


def curve(case):
    x1, y1, x2, y2 = case["bezier"]
    values, velocities = [], []
    for p in case["progress"]:
        lo, hi = 0.0, 1.0
        if p <= 0:
            lo = hi = 0.0
        elif p >= 1:
            lo = hi = 1.0
        else:
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                if mid <= lo or mid >= hi:
                    break
                if bezier(mid, x1, x2) < p:
                    lo = mid
                else:
                    hi = mid
        s = 0.5 * (lo + hi)
        values.append(bezier(s, y1, y2))
        dx = bezier_slope(s, x1, x2)
        velocities.append(bezier_slope(s, y1, y2) / dx if dx != 0 else 0.0)
    return {"values": values, "velocities": velocities}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            reply = {"type": "hello", "protocol": 1, "name": "python-euler", "version": "1.0",
                     "kinds": ["spring", "curve"]}
        elif kind == "case":
            answer = spring(message) if message["kind"] == "spring" else curve(message)
            reply = {"type": "result", "id": message["id"], **answer}
        elif kind == "bye":
            return 0
        else:
            print("euler.py: unknown message type %r" % kind, file=sys.stderr)
            return 1
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

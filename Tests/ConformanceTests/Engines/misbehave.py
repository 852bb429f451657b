#!/usr/bin/env python3
"""A conformance engine that misbehaves on purpose, for the tests of `hooke conform`'s driver.

  misbehave.py MODE

It answers the hello and the first case correctly enough (zeros of the right length), then on the
second case does what MODE says: hang, exit, signal, garbage, nan, infinity, wrong-length,
wrong-id, repeated-id, long-line, stderr; or, in the handshake: silent-hello, bad-protocol,
no-hello-reply; or after bye: no-exit, exit-1. Two modes behave, for timing the judge: zeros
(zeros everywhere: every case is graded) and unsupported (every case declined: nothing is).
"""
import json
import os
import signal
import sys
import time

mode = sys.argv[1]


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def zeros(message):
    count = len(message.get("times") or message.get("progress") or [])
    return {"type": "result", "id": message["id"], "values": [0.0] * count}


cases = 0
previous_id = None
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "silent-hello":
            time.sleep(1000)
        if mode == "no-hello-reply":
            sys.exit(0)
        send({"type": "hello", "protocol": 2 if mode == "bad-protocol" else 1, "name": "misbehave-" + mode,
              "version": "0", "kinds": ["spring", "curve", "animation"]})
        continue
    if message["type"] == "bye":
        if mode == "no-exit":
            time.sleep(1000)
        sys.exit(1 if mode == "exit-1" else 0)
    cases += 1
    reply = zeros(message)
    if mode == "unsupported":
        reply = {"type": "result", "id": message["id"], "unsupported": "timing the judge"}
    if cases == 2:
        if mode == "hang":
            time.sleep(1000)
        elif mode == "exit":
            sys.exit(3)
        elif mode == "signal":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        elif mode == "nan":
            reply["values"][1] = float("nan")
        elif mode == "infinity":
            reply["values"][0] = float("inf")
        elif mode == "wrong-length":
            reply["values"].pop()
        elif mode == "wrong-id":
            reply["id"] = "no/such/case"
        elif mode == "repeated-id":
            reply["id"] = previous_id
        elif mode == "long-line":
            chunk = "1" * (1 << 20)
            for _ in range(65):
                sys.stdout.write(chunk)
            sys.stdout.flush()
            time.sleep(1000)
        elif mode == "stderr":
            print("a line on stderr\nand another", file=sys.stderr, flush=True)
    previous_id = message["id"]
    if mode == "nan" or mode == "infinity":
        sys.stdout.write(json.dumps(reply) + "\n")  # Python writes NaN and Infinity as bare tokens
        sys.stdout.flush()
    else:
        send(reply)

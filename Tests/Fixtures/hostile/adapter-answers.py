#!/usr/bin/env python3
"""A hostile adapter program for the RecyclerView model: `adapter-answers.py KIND`.

KIND is what it does wrong. In the handshake: `handshake-duplicate-key`
(`"protocol"` twice), `handshake-invalid-utf8` (a name holding byte 0xFF).
In every answer: `calls-400k` (400,000 calls), `batches-1M` (10^6 empty
batches), `line-68MB` (a line past the 64 MiB line bound), `error-50MB` (an
`error` of 50 MB).
"""
import json
import sys

kind = sys.argv[1]
out = sys.stdout.buffer
policy = {"movedAndChanged": "move-then-refresh", "refresh": "reconfigure"}
handshake = json.dumps({"protocol": 1, "name": "hostile", "model": "recyclerview", "policy": policy}).encode()
if kind == "handshake-duplicate-key":
    handshake = b'{"protocol": 1, "protocol": 2, ' + handshake[1:]
elif kind == "handshake-invalid-utf8":
    handshake = handshake.replace(b'"hostile"', b'"host\xffile"')
out.write(handshake + b"\n")
out.flush()
for line in sys.stdin.buffer:
    case = json.loads(line)["id"]
    if kind == "calls-400k":
        call = b'{"method":"onInserted","args":{"position":0,"count":1}}'
        answer = b'{"id":%d,"batches":[{"items":[],"calls":[' % case + b",".join([call] * 400_000) + b"]}]}"
    elif kind == "batches-1M":
        answer = b'{"id":%d,"batches":[' % case + b",".join([b'{"items":[],"calls":[]}'] * 1_000_000) + b"]}"
    elif kind == "line-68MB":
        answer = b'{"id":%d,"batches":[{"items":["' % case + b"x" * 68_000_000 + b'"],"calls":[]}]}'
    else:
        answer = b'{"id":%d,"error":"' % case + b"e" * 50_000_000 + b'"}'
    out.write(answer + b"\n")
    out.flush()

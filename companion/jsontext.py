"""The one JSON writer: every view, ack and probe on the wire, and every event in the log.

Both were the standard library's once; encoding views was a tenth of the server's CPU with it,
and an event of a race press took 15 µs to write (its floats), about as long as storing it.
"""

from __future__ import annotations

import json

import orjson

#: the standard library's JSON as python-socketio's packets write it (one encoder:
#: ``json.dumps`` with separators builds a new one per call)
_standard_dumps = json.JSONEncoder(separators=(",", ":")).encode


def dumps(value: object) -> str:
    """Compact JSON text, by orjson, at several times the standard library's speed. Its text
    differs from ``json.dumps``' only in writing characters beyond ASCII as themselves (a
    WebSocket frame is UTF-8, and so is SQLite's text) and numbers in their shortest form, which
    ``json.loads`` reads back as the same values; what orjson refuses (an integer beyond 64 bits,
    a key that is not a string, a number or None) goes through the standard library as before.

    >>> dumps({"name": "Renée", "seat": 1, "at": 2.5, "keys": {3: None}})
    '{"name":"Renée","seat":1,"at":2.5,"keys":{"3":null}}'
    >>> dumps([2**70])
    '[1180591620717411303424]'
    >>> event = {"at": 1733160000123.4, "t": 0.1 + 0.2, "name": "Zdeněk"}
    >>> json.loads(dumps(event)) == event
    True

    Keys that are not strings take orjson's slower way (``OPT_NON_STR_KEYS`` halved its speed on
    every view while only a few views have such keys), tried once the quick way refused them.
    Numbers must be finite: orjson writes NaN as null (the rooms layer refuses non-finite
    numbers in what it stores, companion/engine/actions.py).
    """
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError is one: a key that is not a string, a big int
        pass
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return _standard_dumps(value)

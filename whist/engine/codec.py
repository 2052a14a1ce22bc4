"""A tree of the engine's values as JSON-ready data, and back: the page and its workers' codec.

What the page sends a worker (an :class:`~whist.engine.observation.Observation`) and what a
worker sends back (a hand review) are trees of our own dataclasses, enums, tuples, lists,
dicts and plain values. :func:`pack` writes such a tree with only JSON's types, each
dataclass and enum by its class's name and each tuple marked (JSON has lists only);
:func:`unpack` builds the same tree again. Both ends run the same code from the same
package, so a class is named by its module and name; only the classes of the rules, the
players and the table are ever built (a name from elsewhere, the page's modules included, is
refused), and nothing is evaluated.

It replaced pickle, whose 70 KB of source Pyodide compiles at every visit (the page's
longest idle-time tasks), with the ``json`` the page has already loaded.

>>> from whist.engine.seats import Seat
>>> from whist.engine.state import GameState
>>> obs = GameState("classic", seed=3).observation(Seat.S)
>>> unpack(json.loads(json.dumps(pack(obs)))) == obs
True
>>> unpack({"d": "os:system", "f": ["ls"]})
Traceback (most recent call last):
...
ValueError: not one of the game's classes: 'os:system'
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from typing import Any

PACKAGES = ("whist.engine", "whist.ai", "whist.table")
"""Where the classes may come from: the rules, the players, the table (no page code runs)."""
DEPTH = 64
"""Nesting deeper than this is refused (our trees are a few levels deep)."""


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def pack(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-ready data (see the module's notes); TypeError for what it cannot hold."""
    if depth > DEPTH:
        raise ValueError("the value is nested too deeply")
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, enum.Enum):  # before int: an IntEnum is an int too
        return {"e": _name(type(value)), "v": value.value}
    if isinstance(value, int):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"d": _name(type(value)),
                "f": [pack(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)]}
    if isinstance(value, tuple):
        return {"t": [pack(v, depth + 1) for v in value]}
    if isinstance(value, list):
        return [pack(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {"m": [[pack(k, depth + 1), pack(v, depth + 1)] for k, v in value.items()]}
    raise TypeError(f"cannot pack a {type(value).__name__}")


def _class(name: Any) -> type:
    module, _, qualname = str(name).partition(":")
    if not qualname or not any(module == p or module.startswith(p + ".") for p in PACKAGES):
        raise ValueError(f"not one of the game's classes: {name!r}")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as err:
        raise ValueError(f"no such class: {name!r}") from err
    if not isinstance(found, type):
        raise ValueError(f"not a class: {name!r}")
    return found


def unpack(data: Any, depth: int = 0) -> Any:
    """The value :func:`pack` wrote; ValueError for anything it did not write."""
    if depth > DEPTH:
        raise ValueError("the data is nested too deeply")
    if data is None or isinstance(data, (bool, str, int, float)):
        return data
    if isinstance(data, list):
        return [unpack(v, depth + 1) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError("not the codec's data")
    if "t" in data and isinstance(data["t"], list):
        return tuple(unpack(v, depth + 1) for v in data["t"])
    if "m" in data and isinstance(data["m"], list):
        pairs = [unpack(p, depth + 1) for p in data["m"]]
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise ValueError("a dict's entries are not pairs")
        return {k: v for k, v in pairs}
    if "e" in data and "v" in data:
        cls = _class(data["e"])
        if not issubclass(cls, enum.Enum):
            raise ValueError(f"not an enum: {data['e']!r}")
        return cls(data["v"])
    if "d" in data and isinstance(data.get("f"), list):
        cls = _class(data["d"])
        if not dataclasses.is_dataclass(cls):
            raise ValueError(f"not a dataclass: {data['d']!r}")
        fields = dataclasses.fields(cls)
        if len(fields) != len(data["f"]):
            raise ValueError(f"{data['d']!r} has {len(fields)} fields, not {len(data['f'])}")
        obj = object.__new__(cls)  # as pickle does: the fields set, no __init__ run (frozen ones too)
        for f, v in zip(fields, data["f"], strict=True):
            object.__setattr__(obj, f.name, unpack(v, depth + 1))
        return obj
    raise ValueError("not the codec's data")


def dumps(value: Any) -> str:
    """``value`` packed, as JSON text."""
    return json.dumps(pack(value), separators=(",", ":"))


def loads(text: str) -> Any:
    """The value :func:`dumps` wrote; ValueError for text it did not write."""
    try:
        data = json.loads(text)
    except (TypeError, RecursionError) as err:
        raise ValueError("not the codec's text") from err
    return unpack(data)

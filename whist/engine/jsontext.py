"""JSON text from outside, bounded before it is parsed.

:func:`json.loads` recurses once per level of nesting: a few thousand levels
overflow CPython's stack (a ``RecursionError``) and, in the browser, the
JavaScript stack under Pyodide, which Python cannot catch at all. So every
text that comes from outside (a stored record, an imported file, a bot
request, a game file on the command line) is measured first, in one linear
pass, and only then parsed.

>>> json_problem('{"a": [[1, "]]]]"], {"b": {}}]}', max_depth=4) is None
True
>>> json_problem("[" * 10_000, max_depth=32)
'depth'
>>> json_problem('[1, "12345678901234567890123"]', max_depth=4, max_digits=20) is None
True
>>> json_problem("[12345678901234567890123]", max_depth=4, max_digits=20)
'digits'
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

Problem = Literal["depth", "containers", "digits"]

# A JSON string as the parser reads it (an unterminated one runs to the end of
# the text), matched without backtracking, so any text is scanned in linear time.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")


def json_problem(text: str, max_depth: int, max_containers: int | None = None,
                 max_digits: int | None = None) -> Problem | None:
    """Why ``text`` must not be handed to :func:`json.loads`, or None.

    ``"depth"``: arrays and objects nest more than ``max_depth`` deep;
    ``"containers"``: more than ``max_containers`` of them; ``"digits"``: a
    run of more than ``max_digits`` digits outside strings (a number the
    integer parser would refuse or take long over). Only what lies outside
    strings counts, as the parser reads it; valid JSON or not, nothing deeper
    than the bound ever reaches the parser.
    """
    bare = _STRING.sub('""', text)
    if max_digits is not None and re.search(f"[0-9]{{{max_digits + 1}}}", bare):
        return "digits"
    brackets = _NOT_BRACKET.sub("", bare)
    if max_containers is not None and len(brackets) > 2 * max_containers:
        return "containers"
    level = 0
    for bracket in brackets:
        if bracket in "[{":
            level += 1
            if level > max_depth:
                return "depth"
        else:
            level -= 1  # below zero is invalid JSON, which the parser refuses at that bracket
    return None


def loads_bounded(data: str | bytes, max_size: int, what: str, *, max_depth: int, max_digits: int,
                  needed: str) -> Any:
    """Parse JSON text that came from outside, bounded first: at most ``max_size``
    bytes (characters, for text), UTF-8 for bytes, nested at most ``max_depth``
    deep, numbers of at most ``max_digits`` digits. Raises ValueError saying what
    is wrong, starting with ``what`` (``needed``: how deep the expected text goes).

    >>> loads_bounded(b'{"a": 1}', 100, "the line", max_depth=2, max_digits=3, needed="it needs 1")
    {'a': 1}
    >>> loads_bounded(b"\\xff", 100, "the file", max_depth=2, max_digits=3, needed="it needs 1")
    Traceback (most recent call last):
    ValueError: the file is not UTF-8 text
    >>> loads_bounded("[[[1]]]", 100, "the line", max_depth=2, max_digits=3, needed="it needs 1")
    Traceback (most recent call last):
    ValueError: the line nests deeper than 2 levels: it needs 1
    """
    if len(data) > max_size:
        raise ValueError(f"{what} is longer than {max_size} bytes")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{what} is not UTF-8 text") from None
    problem = json_problem(data, max_depth, max_digits=max_digits)
    if problem == "depth":
        raise ValueError(f"{what} nests deeper than {max_depth} levels: {needed}")
    if problem == "digits":
        raise ValueError(f"{what} holds a number of more than {max_digits} digits")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, and the parser's own limits
        raise ValueError(f"{what} is not JSON: {err}") from None

"""Test-only: drive whist.web.rtc from tests/e2e/test_rtc.py inside the real page.

The test writes this file (and the modules the page does not ship yet) into the page's Python
and calls :func:`install`, which gives the page ``window.rtcProbe(name, ...args)`` (the result,
or a promise of it, of one of the functions below) and ``window.rtcEvents``, the list of what
the connections reported, in order: ``["open", who]``, ``["message", who, text]``,
``["closed", who, sentence]``; ``who`` is a guest's number on the host's page, 0 on a guest's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from whist.web import rtc
from whist.web.signal_code import SignalError

held: dict[str, Any] = {}


def _log(*parts: object) -> None:
    js.window.rtcEvents.push(to_js(list(parts)))


def host(guests: int = rtc.MAX_GUESTS, deadline: float = rtc.CONNECT_SECONDS,
         version: int = rtc.PROTOCOL) -> None:
    reset()
    held["host"] = rtc.Host(lambda n: _log("open", n), lambda n, text: _log("message", n, text),
                            lambda n, sentence: _log("closed", n, sentence),
                            guests=guests, deadline=deadline, version=version)


def guest(wait: float = rtc.GUEST_SECONDS, version: int = rtc.PROTOCOL) -> None:
    reset()
    held["guest"] = rtc.Guest(lambda: _log("open", 0), lambda text: _log("message", 0, text),
                              lambda sentence: _log("closed", 0, sentence), wait=wait, version=version)


async def invite(number: int | None = None) -> Any:
    try:
        invitation = await held["host"].invite(number)
    except SignalError as err:
        return to_js(["error", str(err)])
    return to_js([invitation.guest, invitation.code])


async def accept(code: str) -> Any:
    try:
        return await held["host"].accept(code)
    except SignalError as err:
        return to_js(["error", str(err)])


async def answer(code: str) -> Any:
    try:
        return await held["guest"].answer(code)
    except SignalError as err:
        return to_js(["error", str(err)])


def send(who: int, text: str) -> bool:
    return bool(held["host"].send(who, text) if who else held["guest"].send(text))


def state(who: int) -> str:
    return str(held["host"].state(who) if who else held["guest"].state)


def close(who: int) -> None:
    if who:
        held["host"].drop(who)
    else:
        held["guest"].close()


def reset() -> None:
    for kept in held.values():
        kept.close()
    held.clear()
    js.window.rtcEvents = js.Array.new()


CALLS: dict[str, Callable[..., Any]] = {f.__name__: f for f in (
    host, guest, invite, accept, answer, send, state, close, reset)}


def install() -> None:
    js.window.rtcEvents = js.Array.new()
    js.window.rtcProbe = create_proxy(lambda name, *args: CALLS[name](*args))

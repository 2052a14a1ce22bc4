"""The live table's connections (whist/web/rtc.py) between real pages of the game in Chromium:
two and four browser contexts (one host, three guests) on this machine connect through the codes
only (the test carries each code from one page to the other, as a person would), exchange
messages both ways, report a connection closed on either side, explain another protocol
version, and say plainly when no connection is made in time.

The page imports whist.web.rtc only on first use (whist-later.tgz), so whist.tgz does not
ship it: each page gets it, and the test-only driver tests/rtc_data/probe.py, written into its
Python through the test hook ``window.whistRun`` (whist/web/testing.py). The devices are the
suite's shared pages (three kinds of browser context and a second tab), booted once for every
test that uses them; their browser is the suite's, as a player's: Chromium offers its local
addresses as mDNS names (``<uuid>.local``), which this machine resolves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import serve
from tests.e2e.conftest import GamePage, SharedPageFactory
from whist.web.signal_code import ANSWER, OFFER, Candidate, Signal, decode, encode, tag

pytestmark = pytest.mark.e2e

ROOT = serve.ROOT
#: The modules the test writes into the page's Python (path under the project -> in the page).
MODULES = ("whist/web/rtc.py", "whist/web/signal_code.py", "whist/table/referee.py", "whist/table/view_data.py")
PROBE = ROOT / "tests/rtc_data/probe.py"
#: The shared pages' kinds of browser context the devices are (each another device's storage).
KINDS: tuple[dict[str, Any], ...] = (
    {}, {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
    {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True})

#: Writes the modules and the probe into the page's Python and installs the probe.
INSTALL = """
import os, sys
for path, text in {files!r}.items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)
with open("rtc_probe.py", "w") as file:
    file.write({probe!r})
for finder in sys.path_importer_cache.values():  # (importlib.invalidate_caches() would import
    if finder is not None:                       # importlib.metadata, which the page does not ship)
        finder.invalidate_caches()
import rtc_probe
rtc_probe.install()
"""

WAIT_MS = 30_000
NO_CONNECTION = ("No connection after 2 seconds: the two devices could not reach each other. Both must be on the "
                 "same network (or both have IPv6 internet); make a new invitation and try again.")


class Device:
    """One device: a shared page of the game, its Python driven through the probe."""

    def __init__(self, page: GamePage) -> None:
        self.page = page

    def ready(self) -> Device:
        """Open the table, then install the probe (again: a page keeps the files, not the table)."""
        self.page.open("?pace=instant#deal=1")
        files = {path: (ROOT / path).read_text() for path in MODULES}
        self.page.page.evaluate("(source) => window.whistRun(source)",
                                INSTALL.format(files=files, probe=PROBE.read_text()))
        self.call("reset")
        return self

    def call(self, name: str, *args: Any) -> Any:
        return self.page.page.evaluate("([name, args]) => window.rtcProbe(name, ...args)", [name, list(args)])

    def events(self) -> list[list[Any]]:
        return self.page.page.evaluate("() => window.rtcEvents.map((e) => Array.from(e))")

    def wait_for(self, kind: str, who: int) -> list[Any]:
        """The first event ``kind`` about ``who``, once there is one."""
        self.page.page.wait_for_function(
            "([kind, who]) => window.rtcEvents.some((e) => e[0] === kind && e[1] === who)", arg=[kind, who],
            timeout=WAIT_MS)
        return next(e for e in self.events() if e[0] == kind and e[1] == who)

    def wait_messages(self, who: int, count: int) -> list[str]:
        self.page.page.wait_for_function(
            "([who, count]) => window.rtcEvents.filter((e) => e[0] === 'message' && e[1] === who).length >= count",
            arg=[who, count], timeout=WAIT_MS)
        return [e[2] for e in self.events() if e[0] == "message" and e[1] == who]


@pytest.fixture
def table(shared_page: SharedPageFactory, second_tab: Callable[[], GamePage]) -> Iterator[list[Device]]:
    """Four devices: three kinds of browser context and a second tab of the first, each on the
    game's page with the probe installed, watched for this test (any error in a page fails it)."""
    pages = [shared_page(**kind) for kind in KINDS]
    pages.append(second_tab())
    devices = [Device(page).ready() for page in pages]
    yield devices
    for device in devices:
        device.call("reset")  # no connection left open for the next test on these pages


def connect(host: Device, guest: Device) -> int:
    """Carry an invitation from ``host`` to ``guest`` and its answer back, as people would."""
    number, code = host.call("invite")
    assert len(code) < 200, code
    link = f"http://192.0.2.1:8000/whist/#join={code}"  # what the guest opens (the code is all it reads)
    guest.call("guest")
    answer = guest.call("answer", link)
    assert isinstance(answer, str), answer
    assert host.call("accept", answer) == number
    return int(number)


def test_two_devices_connect_and_talk(table: list[Device]) -> None:
    host, guest = table[:2]
    host.call("host")
    number = connect(host, guest)
    assert number == 1
    host.wait_for("open", 1)
    guest.wait_for("open", 0)
    assert host.call("state", 1) == guest.call("state", 0) == "open"
    view = json.dumps({"v": 1, "t": "view", "seat": "N", "view": {"hand": ["AS", "KH"]}})
    assert host.call("send", 1, view)
    assert guest.call("send", 0, '{"v": 1, "t": "play", "card": "AS"}')
    assert guest.wait_messages(0, 1) == [view]
    assert host.wait_messages(1, 1) == ['{"v": 1, "t": "play", "card": "AS"}']
    for i in range(20):  # ordered and reliable
        guest.call("send", 0, f'{{"v": 1, "t": "ping", "n": {i}}}')
    assert host.wait_messages(1, 21)[1:] == [f'{{"v": 1, "t": "ping", "n": {i}}}' for i in range(20)]

    # The guest leaves: the host is told, and can invite that guest again (same number).
    guest.call("close", 0)
    closed = host.wait_for("closed", 1)
    assert "connection to the other device was lost" in closed[2]
    assert not host.call("send", 1, "anyone?")
    assert all(e[0] != "closed" for e in guest.events())  # the side that closed is not told
    number, code = host.call("invite", 1)
    assert number == 1
    guest.call("guest")
    assert host.call("accept", guest.call("answer", code)) == 1
    host.wait_for("open", 1)
    guest.wait_for("open", 0)

    # Now the host ends it: the guest is told.
    host.call("close", 1)
    closed = guest.wait_for("closed", 0)
    assert "connection to the other device was lost" in closed[2]


def test_one_host_three_guests(table: list[Device]) -> None:
    host, guests = table[0], table[1:]
    host.call("host")
    invitations = [host.call("invite") for _ in guests]
    assert [n for n, _ in invitations] == [1, 2, 3]
    assert host.call("invite")[0] == "error"  # no room for a fourth
    answers = []
    for guest, (_, code) in zip(guests, invitations, strict=True):
        guest.call("guest")
        answers.append(guest.call("answer", code))
    for number, answer in reversed(list(enumerate(answers, start=1))):  # pasted in any order
        assert host.call("accept", answer) == number
    for number, guest in enumerate(guests, start=1):
        host.wait_for("open", number)
        guest.wait_for("open", 0)
        assert host.call("send", number, f"to guest {number}")
        assert guest.call("send", 0, f"from guest {number}")
    for number, guest in enumerate(guests, start=1):
        assert guest.wait_messages(0, 1) == [f"to guest {number}"]
        assert host.wait_messages(number, 1) == [f"from guest {number}"]
    # The same answer pasted again is refused, with a sentence.
    again = host.call("accept", answers[0])
    assert again[0] == "error" and "used already" in again[1]

    # Guest 2's page goes away: the host is told about guest 2 only, the others talk on.
    guests[1].page.page.evaluate("() => window.rtcProbe('reset')")
    host.wait_for("closed", 2)
    assert host.call("state", 1) == host.call("state", 3) == "open"
    assert host.call("send", 3, "still here")
    assert guests[2].wait_messages(0, 2)[-1] == "still here"


def test_another_version_is_explained(table: list[Device]) -> None:
    host, guest = table[:2]
    host.call("host")
    _, code = host.call("invite")
    guest.call("guest", 300, 2)  # a page that speaks version 2 of the live-table protocol
    assert host.call("accept", guest.call("answer", code)) == 1
    for device, who, theirs, ours in ((host, 1, 2, 1), (guest, 0, 1, 2)):
        closed = device.wait_for("closed", who)
        assert f"speaks version {theirs} of the live-table protocol and this one version {ours}:" in closed[2]
    assert all(e[0] != "open" for device in (host, guest) for e in device.events())


def test_no_connection_is_said_plainly(table: list[Device]) -> None:
    """An answer from a device that cannot be reached: the host says so when its deadline passes
    (2 s here rather than 15, for the test's sake); a guest's page when the host does not paste
    its answer in time, and the host's when it does so after that page gave up."""
    host, guest = table[:2]
    host.call("host", 3, 2.0)
    _, code = host.call("invite")
    offer = decode(code, OFFER)
    nowhere = Signal(ANSWER, "abcd", "abcdefghijklmnopqrstuvwx", "sha-256", bytes(range(32)), "active",
                     (Candidate("192.0.2.250", 9),), tag(offer))  # no device there
    assert host.call("accept", encode(nowhere)) == 1
    closed = host.wait_for("closed", 1)
    assert closed[2].startswith("No connection "), closed
    assert closed[2] == NO_CONNECTION or closed[2].startswith("No connection was made:")

    _, code = host.call("invite")
    guest.call("guest", 1.0)  # a guest that waits 1 s (rather than 5 minutes) for the host to paste
    answer = guest.call("answer", code)
    closed = guest.wait_for("closed", 0)
    assert closed[2].startswith("No connection after 1 second: the host has not pasted this answer code"), closed
    assert guest.call("state", 0) == "failed"
    assert host.call("accept", answer) == 1  # too late: that page has given up
    closed = host.wait_for("closed", 1)
    assert closed[2].startswith("No connection "), closed


def test_bad_codes_are_refused_in_the_page(table: list[Device]) -> None:
    host, guest = table[:2]
    host.call("host")
    _, code = host.call("invite")
    assert host.call("accept", code) == [
        "error", "This is an invitation, not an answer: paste the answer code the guest's page shows."]
    guest.call("guest")
    assert guest.call("answer", "hello there")[0] == "error"
    other = table[2]
    other.call("host")
    _, elsewhere = other.call("invite")
    guest.call("guest")
    stray = guest.call("answer", elsewhere)  # an answer to another host's invitation
    refused = host.call("accept", stray)
    assert refused[0] == "error" and "another invitation" in refused[1]
    assert Path(PROBE).is_file()


def test_mdns_names_connect_and_a_page_left_is_told(table: list[Device]) -> None:
    """The codes carry Chromium's mDNS names for the local addresses (as a player's browser sends
    them), the two pages connect, and the guest's page going away (its ``pagehide``, as when the
    tab is closed or left) is reported on the host's."""
    host, guest = table[:2]
    host.call("host")
    _, code = host.call("invite")
    assert all(c.address.endswith(".local") for c in decode(code, OFFER).candidates)
    guest.call("guest")
    answer = guest.call("answer", code)
    assert all(c.address.endswith(".local") for c in decode(answer, ANSWER).candidates)
    assert host.call("accept", answer) == 1
    host.wait_for("open", 1)
    guest.wait_for("open", 0)
    assert guest.call("send", 0, "hello from far away")
    assert host.wait_messages(1, 1) == ["hello from far away"]
    guest.page.page.evaluate("() => window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}))")
    closed = host.wait_for("closed", 1)
    assert closed[2].startswith("The connection to the other device was lost")

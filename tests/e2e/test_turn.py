"""Whose turn it is, always clear: the lit seat, the dimmed cards and the status line, watched
through whole hands in the real page.

A MutationObserver in the page takes a snapshot of the table at the end of every task that
changed it (what the browser may paint): the seats carrying ``data-turn="1"``, the cards of
``#trick``, the status line's text, class and colours, and which cards of your hand (and your
dummy's) are enabled. The checks are made afterwards, from the DOM alone:

- each card that lands in the trick was played by the one seat lit just before it appeared,
  and while a trick is being played exactly one seat is lit;
- the enabled cards are exactly the legal ones (follow the led suit if you can) on your turn,
  and none otherwise;
- the status line agrees with the trick it is shown with, uses a known pill, keeps readable
  contrast, and is written at most once per snapshot.

The hands are played in a 390x844 phone viewport, where your hand is two rows, at the instant
pace (each computer's card still comes in a task after the one that lit its seat) and once at the
fast pace, which waits between the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ViewportSize

    from tests.e2e.conftest import GamePage

#: A phone's viewport (at device scale 1: see the phone fixture).
PHONE_VIEWPORT: ViewportSize = {"width": 390, "height": 844}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SEAT_WORDS = {"North": "N", "East": "E", "West": "W"}
KINDS = {"you", "win-us", "win-them", "hint", "refuse"}

#: Installs the recorder: ``window.turnLog`` gets a snapshot at the end of every task that changed the table.
RECORD = """() => {
  const log = window.turnLog = [];
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const snap = (writes) => {
    const st = document.getElementById('status');
    const cs = getComputedStyle(st);
    const cards = (sel) => [...document.querySelectorAll(sel)].map(
      b => [b.dataset.card, b.getAttribute('aria-disabled') !== 'true']);
    log.push({
      lit: [...document.querySelectorAll('.seat')].filter(s => s.dataset.turn === '1')
        .map(s => s.dataset.seat),
      trick: [...document.querySelectorAll('#trick [data-card]')].map(e => [e.dataset.seat, e.dataset.card]),
      phase: document.body.dataset.phase,
      text: st.textContent, cls: st.className, color: rgb(cs.color), bg: rgb(cs.backgroundColor),
      writes, hand: cards('#hand button.card'), dummy: cards('#dummy-hand button.card'),
    });
  };
  new MutationObserver((records) => {
    const status = document.getElementById('status');
    snap(records.filter(r => r.type === 'childList' && r.target === status).length);
  }).observe(document.getElementById('table'), {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['data-turn', 'class', 'aria-disabled']});
  snap(0);
}"""

#: Plays the first enabled card of your hand or your dummy's (a script click: no hit testing in
#: the overlapping rows); returns it, or null when none is enabled.
PLAY_FIRST = """() => {
  const b = document.querySelector(
    '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]');
  if (!b) return null;
  b.click();
  return b.dataset.card;
}"""

#: The page waits for you: a card you may play, or the end of the hand.
WAITS = """() => document.body.dataset.phase !== 'play' || !!document.querySelector(
  '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]')"""


def legal(cards: list[str], trick: list[list[str]]) -> set[str]:
    """The cards of ``cards`` that may be played to ``trick``: the led suit if held, else any."""
    if not trick:
        return set(cards)
    led = trick[0][1][1]
    return {c for c in cards if c[1] == led} or set(cards)


def luminance(rgb: list[float]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def over_felt(rgba: list[float]) -> list[float]:
    """A colour with alpha laid over the darkest felt (#093622)."""
    alpha = rgba[3] if len(rgba) > 3 else 1.0
    return [c * alpha + f * (1 - alpha) for c, f in zip(rgba[:3], (9, 54, 34), strict=True)]


def contrast(fg: list[float], bg: list[float]) -> float:
    a, b = sorted((luminance(fg), luminance(over_felt(bg))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def check_log(log: list[dict[str, Any]], seats: int) -> int:
    """Check every snapshot (see the module's docstring); return how many cards were seen played."""
    problems: list[str] = []
    played = 0
    for i, s in enumerate(log):
        where = f"snapshot {i} ({s['text']!r}, trick {s['trick']}, lit {s['lit']})"
        trick, lit, text = s["trick"], s["lit"], s["text"]
        complete = len(trick) == seats
        # whose turn: one lit seat while a trick is played; the card just played was its seat's
        if s["phase"] == "play" and not complete and len(lit) != 1:
            problems.append(f"{where}: {len(lit)} seats lit")
        if i and trick and (len(trick) == len(log[i - 1]["trick"]) + 1 or len(trick) == 1) \
                and trick[-1] not in log[i - 1]["trick"]:
            played += 1
            before = log[i - 1]["lit"]
            if before != [trick[-1][0]]:
                problems.append(f"{where}: {trick[-1][0]} played while {before} was lit")
        # the enabled cards: exactly the legal ones, only for the seat lit
        for box, seat in (("hand", "S"), ("dummy", "N")):
            cards = [c for c, _ in s[box]]
            enabled = {c for c, on in s[box] if on}
            if not enabled:
                continue
            if lit != [seat] or complete:
                problems.append(f"{where}: {box} cards {sorted(enabled)} enabled, not its turn")
            elif enabled != legal(cards, trick):
                problems.append(f"{where}: {box} enabled {sorted(enabled)}, legal {sorted(legal(cards, trick))}")
        # the status line
        kinds = set(s["cls"].split()) - {"status"}
        if "status" not in s["cls"].split() or len(kinds) > 1 or kinds - KINDS:
            problems.append(f"{where}: status class {s['cls']!r}")
        if s["writes"] > 1:
            problems.append(f"{where}: the status was written {s['writes']} times at once")
        if text and contrast(s["color"], s["bg"]) < 3:
            problems.append(f"{where}: status {s['color']} on {s['bg']}, contrast {contrast(s['color'], s['bg']):.1f}")
        led = SUIT_WORDS[trick[0][1][1]] if trick and not complete else None
        if "follow " in text or ("no " in text and "play any card" in text):
            if led is None or led not in text:
                problems.append(f"{where}: the status names a led suit the trick does not show")
        elif ("lead any card" in text or "Your lead" in text) and trick and not complete:
            problems.append(f"{where}: the status says lead, with a trick on the table")
        if "wins the trick" in text and not complete:
            problems.append(f"{where}: a trick won, not on show")
        if text.endswith("to play\u2026"):
            named = SEAT_WORDS.get(text.split()[0])
            if lit != [named]:
                problems.append(f"{where}: the status names another seat than the lit one")
        if (text.startswith(("Your turn", "Your lead")) and lit != ["S"]) or \
                (text.startswith("North\u2019s turn (your dummy)") and lit != ["N"]):
            problems.append(f"{where}: the status says your turn, another seat is lit")
    if problems:
        raise AssertionError(f"{len(problems)} problems, the first:\n" + "\n".join(problems[:12]))
    return played


@pytest.fixture
def phone(browser: Browser, dev_server: str, request: pytest.FixtureRequest) -> GamePage:
    """A watched page in a 390x844 phone viewport (mouse: cards are played by script clicks)."""
    page: GamePage = request.getfixturevalue("shared_page")(dev_server, viewport=PHONE_VIEWPORT, device_scale_factor=1)
    return page


def play_hands(page: GamePage, hands: int) -> None:
    """Play ``hands`` whole hands, checking at each of your turns that the enabled cards are the legal ones."""
    done = rounds = 0
    while done < hands:
        rounds += 1
        if rounds > hands * (2 * 26 + 2):  # more than every card of yours and your dummy's, and the ends
            raise AssertionError(f"{done} of {hands} hands played in {rounds} rounds")
        page.wait_for_function(WAITS, timeout=60000)
        if page.get_attribute("body", "data-phase") != "play":
            done += 1
            if done < hands:
                page.click("#next-hand")
                page.wait_for_function("() => document.body.dataset.phase === 'play'")
            continue
        table = page.evaluate("""() => ({
          trick: [...document.querySelectorAll('#trick [data-card]')].map(e => [e.dataset.seat, e.dataset.card]),
          hand: [...document.querySelectorAll('#hand button.card')].map(b => [b.dataset.card,
            b.getAttribute('aria-disabled') !== 'true']),
          dummy: [...document.querySelectorAll('#dummy-hand button.card')].map(b => [b.dataset.card,
            b.getAttribute('aria-disabled') !== 'true'])})""")
        for box in ("hand", "dummy"):
            enabled = {c for c, on in table[box] if on}
            if enabled:
                assert enabled == legal([c for c, _ in table[box]], table["trick"]), (box, table)
        card = page.evaluate(PLAY_FIRST)
        if card:  # played: it leaves the hand (and never comes back, even in German Whist's draws)
            page.wait_for_function(
                "(c) => !document.querySelector(`#hand [data-card='${c}'], #dummy-hand [data-card='${c}']`)",
                arg=card, timeout=30000)


@pytest.mark.parametrize(("query", "seats", "hands"), [
    ("?pace=instant#deal=16", 4, 2),
    ("?game=german&pace=instant#deal=5", 2, 1),
    ("?game=dummy&pace=fast#deal=7", 4, 1),  # and once at a pace that waits between cards
], ids=["classic", "german", "dummy"])
def test_the_seat_to_play_is_lit_and_only_legal_cards_are_enabled(
        phone: GamePage, query: str, seats: int, hands: int) -> None:
    phone.open(query)
    phone.wait_for_function(WAITS)
    phone.evaluate(RECORD)
    play_hands(phone, hands)
    log = phone.evaluate("() => window.turnLog")
    played = check_log(log, seats)
    assert played >= 52 * hands - seats, f"only {played} cards seen played"
    computers = {t[-1][0] for s in log for t in [s["trick"]] if t} - {"S"}
    lit = {seat for s in log for seat in s["lit"]}
    assert computers <= lit, f"computer seats {computers - lit} never lit"

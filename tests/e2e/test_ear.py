"""Play by ear (issue 41), in Chromium, with the keyboard alone: a whole Classic hand and a
Contract auction, read only through the accessibility tree (Playwright's ARIA snapshots) and the
live region's transcript (every text it receives, recorded by a MutationObserver), never the DOM's
card attributes. Each card played is announced once, in order; the keys that ask the table (T, G,
P, V, Shift+S) answer what the engine's :func:`whist.table.ask.ask` answers for that position,
computed here in CPython from the same deal (the page's game is deterministic from its seed)."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from tests.e2e.test_a11y import violations
from whist.engine.cards import card_long_name
from whist.table import Table
from whist.table.ask import ask

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: Every text the live region receives, in order (its oldest lines are dropped from the page). The
#: observer stays on the shared page after the test: its list has a name no other test uses
#: (test_live's ``window.__heard`` got the live region's lines when the two ran on one page).
LISTEN = """window.__earHeard = [];
window.__listening = window.__listening || new MutationObserver(ms => { for (const m of ms)
    if (m.target.id === 'announce') for (const n of m.addedNodes) window.__earHeard.push(n.textContent); });
window.__listening.observe(document.body, {childList: true, subtree: true});"""

#: Wait until the last thing said asks for your move, or the hand is over.
ASKED = r"""(n) => { const h = window.__earHeard;
  return h.length > n && (/^Your (lead|turn|call)/.test(h[h.length - 1]) || document.body.dataset.phase !== 'play'
    && document.body.dataset.phase !== 'auction'); }"""

SEED = 12345
CLASSIC = f"?pace=instant&seed={SEED}"
CONTRACT = "?game=contract&doubling=true&pace=instant#deal=2"

PLAYED = re.compile(r"^(You play|(\w+) plays) the (.+)\.$")


def heard(page: GamePage) -> list[str]:
    return list(page.evaluate("window.__earHeard"))


def wait_asked(page: GamePage, n: int) -> list[str]:
    page.wait_for_function(ASKED, arg=n)
    return heard(page)


def answer(page: GamePage, key: str) -> str:
    """Press ``key`` and return the one line it made the live region say."""
    n = len(heard(page))
    page.keyboard.press(key)
    page.wait_for_function("(n) => window.__earHeard.length > n", arg=n)
    got = heard(page)[n:]
    assert len(got) == 1, got
    return got[0]


def engine(plays: list[str]) -> Table:
    """The page's game in CPython: the same deal, your cards as played on the page."""
    table = Table(seed=SEED)
    for card in plays:
        while table.computer_step():
            pass
        assert table.human_play(card).ok, card
    while table.computer_step():
        pass
    return table


def messages(plays: list[str]) -> list[str]:
    """Everything the engine's table says over the page's game, in order."""
    table = Table(seed=SEED)
    said = table.take_messages()
    for card in [*plays, None]:
        while table.computer_step():
            said += table.take_messages()
        if card is not None:
            assert table.human_play(card).ok, card
        said += table.take_messages()
    return said


def test_a_classic_hand_by_ear_and_keys(game_page: GamePage) -> None:
    game_page.open(CLASSIC, script=LISTEN)
    said = wait_asked(game_page, 0)
    mine: list[str] = []
    asked: set[int] = set()
    answers: list[str] = []
    hand = game_page.locator("#hand")
    while game_page.evaluate("document.body.dataset.phase") == "play":
        table = engine(mine)
        turn = said[-1]
        assert turn == table.view().turn.announcement, (turn, said[-4:])
        names = re.findall(r'button "([^"]+)"', hand.aria_snapshot())
        assert names and all(n.split(", ")[0] in {c.name for c in table.view().hand} for n in names)
        tricks = len(table.state.tricks)
        if table.state.trick and tricks in (0, 8) and tricks not in asked:  # the questions, in mid-trick
            asked.add(tricks)
            for key, question, suit in (("t", "trick", None), ("g", "score", None), ("p", "trump", None),
                                        ("v", "voids", None), ("Shift+S", "suit", 0), ("Shift+H", "suit", 1),
                                        ("Shift+D", "suit", 2), ("Shift+C", "suit", 3), ("l", "last", None)):
                if key == "l" and not tricks:
                    continue  # (no trick yet: the Last trick's own words say so, tested elsewhere)
                answers.append(answer(game_page, key))
                assert answers[-1] == ask(table, question, suit), key
                if key == "l":  # (and its dialog: closed again, the focus back on the hand)
                    game_page.keyboard.press("Escape")
        follow = re.match(r"Your turn: follow (\w+), you hold (\d+)\.$", turn)
        if follow:  # the suit's key: the focus on your first card of it
            game_page.keyboard.press(follow[1][0])
        elif not mine:
            game_page.keyboard.press("Home")  # the first key lands on the hand
        focused = game_page.locator("#hand :focus").aria_snapshot()
        n = len(heard(game_page))
        game_page.keyboard.press("Enter")
        said = wait_asked(game_page, n)
        played = PLAYED.match(said[n])
        assert played and played[1] == "You play", said[n:]
        card = next(c.card for c in table.view().hand if c.name == played[3])
        assert f'button "{card_long_name_of(card)}' in focused  # the card with the focus was played
        mine.append(card)
    table = engine(mine)
    plays = [(s, c) for t in table.state.tricks for s, c in t.plays]
    spoken = [m for m in heard(game_page) if PLAYED.match(m)]
    assert spoken == [f"{'You play' if s == table.human else s.long_name + ' plays'} the {card_long_name(c)}."
                      for s, c in plays]
    transcript = heard(game_page)
    assert not [a for a, b in itertools.pairwise(transcript) if a == b], "said twice"
    # Nothing else said: the table's messages, as the engine gives them, your turns and the answers.
    assert [m for m in transcript if m not in answers and not re.match("Your (turn|lead)", m)] == messages(mine)
    wins = [m for m in transcript if " the trick. Tricks: " in m]
    assert len(wins) == len(table.state.tricks) == 13
    assert wins[-1].endswith(f"us {table.by_side(table.state.tricks_won)['us']}, "
                             f"them {table.by_side(table.state.tricks_won)['them']}.")
    assert any("Score: us" in m for m in transcript[-3:]), transcript[-3:]  # the hand summary and the score
    # The hand summary, a named region: the focus on its Next hand, its other buttons a Shift+Tab away.
    # (Its Review hand dialog passes keyboard_dialog too, but boots the analyst's worker: 35 s more.)
    assert game_page.evaluate(FOCUS)["id"] == "next-hand"
    summary = game_page.locator("#summary").aria_snapshot()
    assert summary.startswith('- region "Hand 1 over"') and '- button "Review hand"' in summary


def keyboard_dialog(page: GamePage, key: str, dialog: str) -> None:
    """Open ``dialog`` with ``key``: a named dialog, the focus in it through 25 Tabs and 3 Shift+Tabs;
    Escape closes it and the focus is back where it was. How to play: its keys by ear listed, axe
    finds nothing of any impact."""
    before = page.evaluate(FOCUS)
    page.keyboard.press(key)
    page.wait_for_selector(f"#{dialog}[open]")
    if dialog == "help":
        page.wait_for_selector("#help-controls:not([hidden]) #ear-keys")  # (? opens Controls & keys)
        text = page.locator("#help-controls").aria_snapshot()
        assert all(f'"{k}"' in text or k in text for k in ("By ear", "Say the trick so far", "Shift"))
        assert violations(page, "help, by ear") == []
    name = page.locator(f"#{dialog}").aria_snapshot().splitlines()[0]
    assert re.match(r'- \'?dialog "[^"]+"', name), (dialog, name)
    seen = []
    for _ in range(25):
        seen.append(page.evaluate(FOCUS))
        page.keyboard.press("Tab")
    for _ in range(3):
        page.keyboard.press("Shift+Tab")
        seen.append(page.evaluate(FOCUS))
    assert all(f["dialog"] == dialog for f in seen), (dialog, seen)
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
    after = page.evaluate(FOCUS)
    assert after == before or (before["dialog"] == "" and after["dialog"] == ""), (dialog, before, after)


def card_long_name_of(card: str) -> str:
    from whist.engine.cards import parse_card

    return card_long_name(parse_card(card))


CALL = re.compile(r"^(\w+) (pass|passes|bid|bids|double|doubles)\b|^The contract is ")


def test_a_contract_auction_by_ear_and_keys(game_page: GamePage) -> None:
    """Deal 2 of Contract Whist: pass at each of your calls with the keyboard (P, Enter); every call,
    the contract and its declarer are said once, in order, as the engine says them."""
    game_page.open(CONTRACT, script=LISTEN)
    table = Table(2, "contract", doubling=True)
    said: list[str] = []
    n = 0
    while True:
        while table.computer_step():
            pass
        said += table.take_messages()
        if not table.in_auction:
            break
        transcript = wait_asked(game_page, n)
        n = len(transcript)
        assert transcript[-1].startswith("Your call"), transcript[-3:]
        game_page.keyboard.press("p")  # P chooses Pass, Enter makes it
        game_page.keyboard.press("Enter")
        assert table.human_call("pass").ok
    game_page.wait_for_function("() => document.body.dataset.phase !== 'auction'")
    wait_asked(game_page, 0)
    transcript = heard(game_page)
    assert [m for m in transcript if CALL.match(m)] == [m for m in said if CALL.match(m)]
    assert any(m.startswith("The contract is ") for m in transcript)
    assert answer(game_page, "p") == ask(table, "trump")  # the contract and its declarer, asked
    names = game_page.locator("#hand").aria_snapshot()
    assert "button" in names


#: Where the focus is: the id of its dialog (or "" outside any), and its accessible name's owner.
FOCUS = """() => { const a = document.activeElement; const d = a && a.closest('dialog');
  return {dialog: d ? d.id : '', id: a ? (a.id || a.getAttribute('data-card') || a.tagName) : ''}; }"""


def test_every_dialog_by_keyboard_alone(game_page: GamePage) -> None:
    """Each dialog of the table opened with the keyboard (its key, or Tab to its button and Enter):
    the focus goes in and stays in however often Tab is pressed, Escape closes it, the focus goes
    back where it was; each has a name in the accessibility tree."""
    game_page.open(CLASSIC, script=LISTEN)
    wait_asked(game_page, 0)
    openers = {"n": "confirm-new", "?": "help", "l": "last-trick"}
    game_page.keyboard.press("Home")  # on the hand
    n = len(heard(game_page))
    game_page.keyboard.press("Enter")  # a card played: the last trick has something to show
    wait_asked(game_page, n)
    for key, dialog in [*openers.items(), *(("#" + b, d) for b, d in (
            ("settings-btn", "settings"), ("stats-btn", "stats"), ("sheet-btn", "score-sheet")))]:
        if key.startswith("#"):
            game_page.focus(key)
        keyboard_dialog(game_page, "Enter" if key.startswith("#") else key, dialog)

"""Pass-and-play in Chromium (issue 39, part 1): two people at one device, a whole hand.

The New game dialog seats a person at North beside you (a name refused first: the dialog says
why and stays open). Then a whole Classic hand is played by both, each at their own turn: at
every hand-over the page shows no card of any hand (nor anything said for the last person in the
live region), and the cards each person is shown never meet the other's. A restart mid-hand
comes back to the hand-over screen, not to a hand; the hand-over screen is passed by keyboard
(Escape never lifts it) and offers the last person Undo of their card. The table turns with the device: the person
holding it sits at the foot. axe checks the hand-over screen and the dialog's Players, at every
impact. On a phone, Dummy Whist with a person in an opponent's seat: when that person holds the
device the dummy sits at their side, its cards listed by suit, on screen and read out.
The session's rules (undo, claims, every game) are tested in tests/test_together.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.e2e.conftest import shot
from tests.e2e.test_a11y import violations
from tests.e2e.test_forms import PLAY_FIRST, played

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

#: The page waits for a person: the hand-over screen, a card to play, or the hand's end.
WAITS = """() => !!document.querySelector('#handover[open]') || document.body.dataset.phase !== 'play'
    || !!document.querySelector(
        '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]')"""
SHOWN = "() => [...document.querySelectorAll('#hand button.card, #dummy-hand button.card')].map(b => b.dataset.card)"
HAND = "() => [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)"


#: The hand-over screen was passed: closed, or already the next person's (at the instant pace the
#: computers between two people play at once, and the closed moment may fall between two looks).
PASSED = """(t) => !document.querySelector('#handover[open]')
    || document.getElementById('handover-title').textContent !== t"""


def take(page: GamePage, press: Any) -> None:
    """Take the device at the hand-over screen with ``press`` (a click, a tap, the Enter key)."""
    title = page.inner_text("#handover-title")
    press()
    page.wait_for_function(PASSED, arg=title)


def seat_people(page: GamePage, north: str) -> None:
    page.click("#new-game")
    page.fill("#name-classic-S", "Anna")
    assert page.is_hidden("#name-classic-N")
    page.select_option("#who-classic-N", "person")
    assert page.evaluate("() => document.activeElement.id") == "name-classic-N"
    page.fill("#name-classic-N", north)
    assert page.input_value("#who-classic-E") == "normal"  # a computer, at Settings' level
    page.select_option("#who-classic-E", "easy")  # East's computer given a level of its own
    page.click("#confirm-ok")


def test_two_people_play_a_hand_and_never_see_each_others_cards(game_page: GamePage) -> None:
    page = game_page
    page.open("?pace=instant&seed=11")
    seat_people(page, " anna ")
    # The same name twice: said, and the dialog stays open with what was chosen.
    page.wait_for_selector("#ng-error:not([hidden])")
    assert "Two people are called anna" in page.inner_text("#ng-error") and page.is_visible("#confirm-new")
    assert page.input_value("#who-classic-N") == "person"
    assert not violations(page, "the New game dialog's Players")
    page.fill("#name-classic-N", "Ben")
    page.click("#confirm-ok")

    seen: dict[str, set[str]] = {"Anna": set(), "Ben": set()}
    holder = ""
    handovers = 0
    last = ("", "")  # who played the last card of a person, and which
    undone = False
    for _ in range(120):
        page.wait_for_function(WAITS, timeout=30000)
        if page.locator("#handover[open]").count():
            # Nothing of any hand on the screen, nothing said for the last person.
            assert page.evaluate(SHOWN) == [] and page.text_content("#announce") == ""
            if not undone and handovers >= 4 and page.is_visible("#handover-undo"):
                # The last person may take their card back before the next one takes the device.
                undone = True
                page.click("#handover-undo")
                page.wait_for_function("() => !document.querySelector('#handover[open]')")
                holder = last[0]
                assert page.inner_text("#seat-S .seat-name") == holder and last[1] in page.evaluate(HAND)
                continue
            holder = page.inner_text("#handover-title").removeprefix("Pass to ")
            handovers += 1
            if handovers == 1:
                assert not violations(page, "the hand-over screen")
                shot(page, "together-handover")
            if handovers == 3:
                page.restart()  # as a reload reads it: back to the hand-over screen, never to a hand
                page.wait_for_selector("#handover[open]")
                assert page.evaluate(SHOWN) == []
                holder = page.inner_text("#handover-title").removeprefix("Pass to ")
            # By keyboard alone: the screen's button has the focus, Escape does not lift the cover.
            assert page.evaluate("() => document.activeElement.id") == "handover-take"
            page.keyboard.press("Escape")
            assert page.locator("#handover[open]").count() == 1
            take(page, lambda: page.keyboard.press("Enter"))
            # The person holding the device sits at the foot, named on their plate.
            assert page.inner_text("#seat-S .seat-name") == holder
            assert page.get_attribute("#seat-S", "aria-label").startswith(holder)
            continue
        if page.get_attribute("body", "data-phase") != "play":
            break
        seen[holder] |= set(page.evaluate(SHOWN))
        got = page.evaluate(PLAY_FIRST)
        if got:
            last = (holder, got[1])
            played(page, got[1])
    assert undone and page.get_attribute("body", "data-phase") in ("hand-over", "game-over")
    assert handovers >= 12 and len(seen["Anna"]) == len(seen["Ben"]) == 13 and not seen["Anna"] & seen["Ben"]
    assert "Anna and Ben" in page.inner_text("#summary-sub")  # the hand summary names the people
    page.tool("sheet-btn")
    assert "Anna and Ben" in page.inner_text("#score-sheet")
    shot(page, "together-summary")
    page.keyboard.press("Escape")
    # A claim put to the other person: its dialog passes axe at every impact (its words set here).
    page.evaluate("""() => { document.getElementById('claim-ask-text').textContent =
        'Ben claims the rest: \u2660A K are masters.'; document.getElementById('claim-ask').showModal(); }""")
    assert not violations(page, "a claim put to the other person")
    page.evaluate("() => document.getElementById('claim-ask').close()")
    # The names are remembered on this device: a reload, and the New game dialog offers them again.
    page.restart()
    page.wait_for_selector("#handover[open]")  # (the summary waits behind it, as any hand does)
    take(page, lambda: page.click("#handover-take"))
    if page.locator("#handover[open]").count():  # (the summary's hand-over: nobody is due there)
        take(page, lambda: page.click("#handover-take"))
    page.tool("new-game")
    assert page.input_value("#name-classic-S") == "Anna" and page.input_value("#name-classic-N") == "Ben"
    assert page.input_value("#who-classic-N") == "person" and page.input_value("#who-classic-E") == "easy"
    page.keyboard.press("Escape")


#: The dummy's list by suit, where it sits at a side: its box, and whether all of it is on screen.
SIDE_LIST = """() => { const l = document.querySelector('#dummy-hand .hand-list');
  if (!l || !l.getClientRects().length) return null;
  const r = l.getBoundingClientRect();
  const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  return {text: l.textContent, inside}; }"""


#: The phone's two ways round: the hand is played turning from one to the other at every turn.
PHONE_SIZES = ((390, 844), (844, 390))


def test_dummy_whist_with_an_opponent_at_the_device_on_a_phone(shared_page: Any, dev_server: str) -> None:
    # (the phone page test_persistence boots in this half of the end-to-end tests: no boot of its own)
    # One hand, the phone turned at every turn (each way round had a hand of its own).
    page = shared_page(dev_server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                       device_scale_factor=2)
    page.open("?pace=instant&seed=11")
    page.tool("new-game")
    page.check('#ng-choices input[name="game"][value="dummy"]')
    page.fill("#name-dummy-S", "Anna")
    page.select_option("#who-dummy-E", "person")
    page.fill("#name-dummy-E", "Cy")
    page.click("#confirm-ok")
    holder = ""
    lists = dict.fromkeys(PHONE_SIZES, 0)  # Cy's turns with the dummy listed beside him, by size
    feet = dict.fromkeys(PHONE_SIZES, 0)  # Anna's turns, no list at a side, by size
    turns = 0
    seen: dict[str, set[str]] = {"Anna": set(), "Cy": set()}
    for _ in range(120):
        page.wait_for_function(WAITS, timeout=30000)
        if page.locator("#handover[open]").count():
            assert page.evaluate(HAND) == []  # (the dummy, once face up, is everyone's to see)
            holder = page.inner_text("#handover-title").removeprefix("Pass to ")
            take(page, lambda: page.tap("#handover-take"))
            continue
        if page.get_attribute("body", "data-phase") != "play":
            break
        turns += 1
        width, height = PHONE_SIZES[turns % 2]  # (turned at each turn: each size sees both people's turns)
        page.set_viewport_size({"width": width, "height": height})
        side = page.evaluate(SIDE_LIST)
        if holder == "Cy" and side is not None:  # North's cards, face up, beside Cy
            lists[(width, height)] += 1
            suits = ("spades", "hearts", "diamonds", "clubs")
            assert side["inside"] and any(f"{suit}:" in side["text"] for suit in suits), (width, height)
            if lists[(width, height)] == 1:
                assert not violations(page, f"the dummy at a side seat, {width}x{height}")
                shot(page, f"together-dummy-side-{width}x{height}")
        else:
            assert side is None, (width, height)  # Anna plays the dummy from the foot of the table
            feet[(width, height)] += 1
        seen[holder] |= set(page.evaluate(HAND))
        got = page.evaluate(PLAY_FIRST)
        if got:
            played(page, got[1])
    assert all(lists.values()) and all(feet.values()), (lists, feet)
    assert len(seen["Anna"]) == len(seen["Cy"]) == 13 and not seen["Anna"] & seen["Cy"]

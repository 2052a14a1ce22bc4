"""The toolbar on every size of screen, in Chromium (issue 38): nothing wider than the screen,
every button on show and inside it, the buttons that do not fit in the row reachable under More,
and on a touch screen every button at least 44 px square with its name shown under its icon.

Phones and tablets are touch screens (``has_touch``, ``is_mobile``), the two desktops a mouse's.
Each size is one test on the shared page of its kind, at the Instant pace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.conftest import shot
from tests.e2e.test_a11y import violations

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage, SharedPageFactory

TOUCH = ["320x568", "360x640", "390x844", "430x932", "600x960", "768x1024", "820x1180", "1024x768", "844x390"]
MOUSE = ["1366x768", "1920x1080"]
#: The buttons that may be listed under More (whist/web/more_menu.py), and the row's own.
LISTED = ["sheet-btn", "stats-btn", "settings-btn", "rules-btn"]
ROW = ["hint-btn", "undo-btn", "redo-btn", "last-btn", "new-game", "mute-btn"]

#: Each button's box, whether it is on show (rendered and not hidden), and its visible label's box.
BUTTONS = """(ids) => Object.fromEntries(ids.map(id => {
  const b = document.getElementById(id), r = b.getBoundingClientRect();
  const label = b.querySelector('.btn-label'), l = label && label.getBoundingClientRect();
  const shown = !!b.getClientRects().length && getComputedStyle(b).visibility !== 'hidden';
  const hit = shown ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
  return [id, {shown, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
               height: r.height, hit: !!hit && b.contains(hit),
               label: l && l.width ? {text: label.textContent, left: l.left, right: l.right, top: l.top,
                                      bottom: l.bottom} : null}];
}))"""


def check_buttons(page: GamePage, ids: list[str], width: int, height: int, touch: bool) -> list[str]:
    """What is wrong with the buttons ``ids`` now: each must be on show, inside the screen, hit
    at its centre, and on touch 44x44 or more with its label inside it."""
    problems = []
    for id_, b in page.evaluate(BUTTONS, ids).items():
        if not b["shown"]:
            problems.append(f"{id_} is not on show")
            continue
        if b["left"] < -0.5 or b["right"] > width + 0.5 or b["top"] < -0.5 or b["bottom"] > height + 0.5:
            problems.append(f"{id_} [{b['left']:.0f}, {b['right']:.0f}] x [{b['top']:.0f}, {b['bottom']:.0f}] "
                            f"is not inside {width}x{height}")
        if not b["hit"]:
            problems.append(f"{id_} is covered at its centre")
        if touch:
            if b["width"] < 44 - 0.5 or b["height"] < 44 - 0.5:
                problems.append(f"{id_} is {b['width']:.0f}x{b['height']:.0f}, under 44x44")
            label = b["label"]
            if label is None:
                problems.append(f"{id_} shows no name")
            elif label["left"] < b["left"] - 0.5 or label["right"] > b["right"] + 0.5:
                problems.append(f"{id_}'s name {label['text']!r} is wider than the button")
    return problems


#: The games whose toolbar holds more (Contract's contract, German Whist's stock), where it is tightest.
OTHER_GAMES = [("320x568", "contract"), ("320x568", "german"), ("768x1024", "contract"), ("1024x768", "german"),
               ("1366x768", "contract")]


@pytest.mark.parametrize(("size", "game"), [(size, "classic") for size in TOUCH + MOUSE] + OTHER_GAMES)
def test_the_toolbar_fits_and_every_button_is_reachable(shared_page: SharedPageFactory, size: str,
                                                        game: str) -> None:
    width, height = (int(n) for n in size.split("x"))
    touch = size in TOUCH
    page = shared_page(viewport={"width": width, "height": height},
                       **({"has_touch": True, "is_mobile": True} if touch else {}))
    page.open(f"?game={game}&pace=instant#deal=8")
    page.wait_for_function("() => document.body.dataset.phase === 'auction' || "
                           "!!document.querySelector('#hand button.card[aria-disabled=\"false\"]')")
    # Nothing wider than the screen (a phone's page would grow to its content and zoom out).
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate("() => visualViewport.scale") == 1
    more_shown = page.evaluate("() => !!document.getElementById('more-btn').getClientRects().length")
    row = ROW + (["more-btn"] if more_shown else LISTED)
    assert check_buttons(page, row, width, height, touch) == []
    if not more_shown:
        assert page.evaluate(BUTTONS, ["more-btn"])["more-btn"]["shown"] is False
        return
    # The others are listed under More, each with its name, and open what they name.
    assert page.evaluate(BUTTONS, LISTED)["sheet-btn"]["shown"] is False
    assert page.get_attribute("#more-btn", "aria-expanded") == "false"
    page.click("#more-btn")
    assert page.get_attribute("#more-btn", "aria-expanded") == "true"
    assert check_buttons(page, LISTED, width, height, touch=True) == []  # (44 px tall or more on any screen)
    names = [page.text_content(f"#{id_} .btn-label") for id_ in LISTED]
    assert names == ["Score sheet", "Stats", "Settings", "How to play"]
    shot(page, f"toolbar-more-{size}-{game}")
    if size in ("390x844", "844x390") and game == "classic":  # the new list and the named buttons: every impact
        assert violations(page, f"the More list open at {size}") == []
    page.click("#stats-btn")
    page.wait_for_selector("#stats[open]")
    assert page.get_attribute("#more-btn", "aria-expanded") == "false"  # an item chosen closes the list
    page.keyboard.press("Escape")
    # The focus back where it was (on the dialog's close event, which comes a moment after)
    page.wait_for_function("() => document.activeElement.id === 'more-btn'")
    # By keyboard: Enter opens the list on its first item, Escape closes it, back on More.
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "sheet-btn"
    page.keyboard.press("Escape")
    assert page.get_attribute("#more-btn", "aria-expanded") == "false"
    assert page.evaluate("() => document.activeElement.id") == "more-btn"
    # A press outside the list closes it.
    page.click("#more-btn")
    page.mouse.click(width // 2, height // 2)
    assert page.get_attribute("#more-btn", "aria-expanded") == "false"

"""The table's geometry on every size of screen, watched through whole hands in the real page.

On phones (portrait and landscape, with touch), a tablet and two desktops, a game is played
at the Instant pace with the computers at the easy level, your cards (and your dummy's)
chosen as the first enabled one, every call of an auction a pass. At each of your turns the
boxes of the page are measured (``getBoundingClientRect``) and the test checks:

- no two of the seats (their name plates and fans of backs), the trick (its box and its
  cards), your hand (its cards), your dummy's hand, the stock (German Whist) and the toolbar
  overlap;
- every one of them is inside the viewport;
- each card of your hand is hit at its centre: ``document.elementFromPoint`` there gives that
  card (or a child of it), not the card beside or below it; on a touch screen each shows 44 px
  or more of its width; and no suit of your hand is split between two rows where one row holds it;
- so is each card of your dummy's hand (Dummy Whist), and each shows 44 px or more of its
  width, a tap target a finger can hit.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.e2e.conftest import GamePage

SETTINGS = {"v": 1, "speed": "instant", "trick_pause": "none", "partner_level": "easy", "opponent_level": "easy"}

#: The boxes and the problems seen in them, at this moment.
MEASURE = """(touch) => {
  const rect = (e) => { const r = e.getBoundingClientRect(); return r.width && r.height ? r : null; };
  const union = (els) => {
    const rs = els.map(rect).filter(Boolean);
    if (!rs.length) return null;
    return {left: Math.min(...rs.map(r => r.left)), top: Math.min(...rs.map(r => r.top)),
            right: Math.max(...rs.map(r => r.right)), bottom: Math.max(...rs.map(r => r.bottom))};
  };
  const boxes = {toolbar: union([...document.querySelectorAll('.toolbar')])};
  for (const seat of document.querySelectorAll('.seat')) {
    boxes['seat-' + seat.dataset.seat] = union([...seat.children].filter(
      c => c.id !== 'hand' && c.id !== 'dummy-hand'));
  }
  boxes.trick = union([document.getElementById('trick'), ...document.querySelectorAll('#trick .tcard')]);
  boxes.hand = union([...document.querySelectorAll('#hand button.card')]);
  boxes.dummy = union([...document.querySelectorAll('#dummy-hand button.card')]);
  boxes.stock = union([...document.querySelectorAll('.stock-area')]);
  for (const k of Object.keys(boxes)) if (!boxes[k]) delete boxes[k];
  const problems = [];
  const names = Object.keys(boxes);
  const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
  for (const [i, a] of names.entries()) {
    const r = boxes[a];
    if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
      problems.push(`${a} [${[r.left, r.top, r.right, r.bottom].map(Math.round)}] outside ${w}x${h}`);
    for (const b of names.slice(i + 1)) {
      const s = boxes[b];
      const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (x > 1 && y > 1) problems.push(`${a} and ${b} overlap by ${Math.round(x)}x${Math.round(y)}`);
    }
  }
  for (const card of document.querySelectorAll('#hand button.card')) {
    const r = card.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit.closest('button.card') !== card) {
      const what = hit ? (hit.closest('[data-card]') || hit).outerHTML.slice(0, 60) : 'nothing';
      problems.push(`the centre of ${card.dataset.card} hits ${what}`);
    }
  }
  // On a touch screen your cards show 44 px or more of their width each (to the next card of
  // their row, or all of it), and no suit is split between two rows.
  const mine = [...document.querySelectorAll('#hand button.card')];
  const rows = {};
  for (const [i, card] of mine.entries()) {
    const r = card.getBoundingClientRect();
    const next = mine[i + 1] ? mine[i + 1].getBoundingClientRect() : null;
    const shown = next && Math.abs(next.top - r.top) < 2 && next.left > r.left ? next.left - r.left : r.width;
    if (touch && shown < 44) problems.push(`your ${card.dataset.card} shows ${Math.round(shown)} px of its width`);
    const suit = card.dataset.card.slice(-1);
    (rows[suit] = rows[suit] || []).push([card.offsetTop, r.width]);  // (its place in the layout, not its lift)
  }
  // (a suit longer than a row holds at 44 px a card is split: it could not be otherwise)
  const room = document.getElementById('hand').clientWidth;
  for (const [suit, cards] of Object.entries(rows)) {
    const tops = new Set(cards.map(c => c[0]));
    if (tops.size > 1 && (cards.length - 1) * 44 + cards[0][1] <= room)
      problems.push(`your ${suit} are split between ${tops.size} rows, and fit in one`);
  }
  // Your dummy's cards, which you tap to play: each hit at its centre, each showing 44 px or more
  // of its width (to the next card of its row, or all of it).
  const dummy = [...document.querySelectorAll('#dummy-hand button.card')];
  for (const [i, card] of dummy.entries()) {
    const r = card.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit.closest('button.card') !== card) {
      const what = hit ? (hit.closest('[data-card]') || hit).outerHTML.slice(0, 60) : 'nothing';
      problems.push(`the centre of your dummy's ${card.dataset.card} hits ${what}`);
    }
    const next = dummy[i + 1] ? dummy[i + 1].getBoundingClientRect() : null;
    const shown = next && Math.abs(next.top - r.top) < 2 && next.left > r.left ? next.left - r.left : r.width;
    if (shown < 44) problems.push(`your dummy's ${card.dataset.card} shows ${Math.round(shown)} px of its width`);
  }
  return {problems, cards: document.querySelectorAll('#hand button.card').length, dummy: dummy.length,
          trick: document.querySelectorAll('#trick .tcard').length};
}"""

#: One step of the game: "call" (a pass), "play" (your first enabled card or your dummy's),
#: "over" (a hand ended: the summary is up), "wait".
STEP = """() => {
  const pass = document.querySelector('#bid-box:not([hidden]) .bid[data-call="pass"]');
  if (pass) { pass.click(); return 'call'; }
  if (document.body.dataset.phase !== 'play')
    return document.querySelector('#summary:not([hidden])') ? 'over' : 'wait';
  const card = document.querySelector(
    '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]');
  return card ? 'play' : 'wait';
}"""

#: One hand played in the page, from now to its end: at each of your turns (yours or your dummy's)
#: the boxes are measured (MEASURE) and your first enabled card (or your dummy's) is played; at
#: each call, a pass (STEP). {checks, problems, dummies} (the measures that saw your dummy's cards).
#: (In one call of the page: the same moments measured as from the test, without a round trip
#: to the browser at each step.)
HAND = "async (touch) => {\n  const measure = (" + MEASURE + "), step = (" + STEP + ");\n" + """
  const wait = async (done, what) => {
    const end = performance.now() + 60000;
    while (!done()) {
      if (performance.now() > end) throw new Error(`waited 60 s for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const out = {checks: 0, problems: [], dummies: 0};
  for (;;) {
    let now;
    await wait(() => (now = step()) !== 'wait', 'your turn');
    if (now === 'over') return out;
    if (now !== 'play') continue;
    const seen = measure(touch);
    out.checks += 1;
    out.dummies += seen.dummy > 0;
    for (const p of seen.problems) out.problems.push(`${seen.cards} cards, ${seen.trick} in the trick: ${p}`);
    const card = document.querySelector(
      '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]');
    card.click();
    const c = card.dataset.card;
    await wait(() => !document.querySelector(`#hand [data-card='${c}'], #dummy-hand [data-card='${c}']`),
               `${c} played`);
  }
}"""

#: (width, height, touch, address, hands: a number, or 0 for the whole game). A game on every
#: size (games to 5 points: the whole game, or its first two hands where it lasts longer: the
#: summary and the next hand's deal crossed, the same layout measured again with other cards),
#: and single hands of the games laid out apart.
CASES = [
    (360, 640, True, "?game=classic&target=5#deal=3", 2),
    (360, 640, True, "?game=german#deal=5", 1),
    (390, 844, True, "?game=short#deal=17", 0),
    (390, 844, True, "?game=dummy#deal=7", 1),
    (390, 844, True, "?game=contract#deal=2", 1),
    (844, 390, True, "?game=classic&target=5#deal=19", 2),
    (844, 390, True, "?game=dummy#deal=11", 1),
    (844, 390, True, "?game=german#deal=8", 1),
    (768, 1024, True, "?game=classic&target=5#deal=21", 0),
    (1366, 768, False, "?game=short#deal=23", 2),
    (1366, 768, False, "?game=dummy#deal=4", 1),
    (1366, 768, False, "?game=german#deal=9", 1),
    (1920, 1080, False, "?game=short#deal=13", 0),
]
#: More hands than any game to 5 points can last (each hand scores at least a point).
MOST_HANDS = 12


def case_ids(cases: list[tuple[int, int, bool, str, int]]) -> list[str]:
    """Each case's test id: its size and its game (``390x844-short``)."""
    return [f"{w}x{h}-{a.split('=')[1].split('&')[0].split('#')[0]}" for w, h, _, a, _ in cases]


@pytest.fixture
def sized(browser: Browser, dev_server: str, request: pytest.FixtureRequest) -> Any:
    """A factory of watched pages of a given size (touch: a phone's, with ``is_mobile``)."""
    def make(width: int, height: int, touch: bool) -> GamePage:
        page: GamePage = request.getfixturevalue("shared_page")(
            dev_server, viewport={"width": width, "height": height}, device_scale_factor=1,
            has_touch=touch, is_mobile=touch)
        page.preset = {"whist:settings": json.dumps(SETTINGS)}
        return page

    return make


def play_and_measure(page: GamePage, hands: int, touch: bool) -> tuple[int, list[str], int, int]:
    """Play ``hands`` hands (0: the whole game), measuring at each of your cards; (checks,
    problems, the measures that saw your dummy's cards, the hands played)."""
    done = checks = dummies = 0
    problems: list[str] = []
    while True:
        if done > MOST_HANDS:
            raise AssertionError(f"{done} hands played and the game is not over")
        seen = page.evaluate(HAND, touch)
        checks += seen["checks"]
        dummies += seen["dummies"]
        problems += seen["problems"]
        done += 1
        last = page.locator("#next-hand").is_hidden()
        if last or (hands and done >= hands):
            return checks, problems, dummies, done
        page.click("#next-hand")
        page.wait_for_function("() => document.getElementById('summary').hidden")


@pytest.mark.parametrize(("width", "height", "touch", "address", "hands"), CASES,
                         ids=case_ids(CASES))
def test_nothing_overlaps_and_every_card_is_hit_at_its_centre(
        sized: Any, width: int, height: int, touch: bool, address: str, hands: int) -> None:
    page = sized(width, height, touch)
    page.open(address.replace("#", "&pace=instant#"))
    checks, problems, dummies, played = play_and_measure(page, hands, touch)
    assert played == hands or not hands, f"{played} hands played of {hands}: the game ended first"
    assert checks >= 13 * played, f"only {checks} of your turns measured in {played} hands"
    assert dummies if "dummy" in address else not dummies, f"your dummy's cards seen in {dummies} measures"
    seen = list(dict.fromkeys(problems))
    assert not seen, f"{len(problems)} problems in {checks} measures, the first:\n" + "\n".join(seen[:15])


#: Large cards (and the four-colour deck), for low vision: a hand of each layout, phones first.
LARGE = [
    (360, 640, True, "?game=classic#deal=3", 1),
    (390, 844, True, "?game=dummy#deal=7", 1),
    (844, 390, True, "?game=classic#deal=19", 1),
    (844, 390, True, "?game=german#deal=8", 1),
    (768, 1024, True, "?game=contract#deal=2", 1),
    (1366, 768, False, "?game=dummy#deal=4", 1),
]


@pytest.mark.parametrize(("width", "height", "touch", "address", "hands"), LARGE,
                         ids=case_ids(LARGE))
def test_large_cards_fit_and_every_card_is_hit_at_its_centre(
        sized: Any, width: int, height: int, touch: bool, address: str, hands: int) -> None:
    page = sized(width, height, touch)
    page.preset = {"whist:settings": json.dumps({**SETTINGS, "large_cards": True, "four_colour": True})}
    page.open(address.replace("#", "&pace=instant#"))
    large = page.evaluate("() => document.documentElement.classList.contains('large')")
    card = page.evaluate("() => document.querySelector('#hand button.card').getBoundingClientRect().width")
    checks, problems, dummies, _ = play_and_measure(page, hands, touch)
    assert large and checks >= 13, f"large cards on: {large}; {checks} of your turns measured"
    assert dummies if "dummy" in address else not dummies, f"your dummy's cards seen in {dummies} measures"
    seen = list(dict.fromkeys(problems))
    assert not seen, f"{card:.0f} px cards, {len(problems)} problems in {checks} measures:\n" + "\n".join(seen[:15])

"""Cards that move (whist/web/motion.py), watched in the real page: a played card travels,
opaque, from its player's cards to the trick (yours from its place in your hand); the winner
is marked only once every card of the trick is fully shown; with reduced motion nothing
travels; a deal comes from the dealer, ends at a click or a key, and there is none at the
Instant pace.

The page is sampled in its own frames (requestAnimationFrame) and watched by a
MutationObserver; the checks are on what was seen, never on a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:

    from tests.e2e.conftest import GamePage

#: South leads the first trick (West deals): the table waits for you after the page is ready.
YOU_LEAD = "#deal=5&dealer=W"
LEGAL = '#hand button.card[aria-disabled="false"]'

#: Samples, frame by frame, the box and opacity of the next card to land in the trick, until
#: its animations are over: ``window.travel`` = {samples: [[x, y, opacity]], done}.
WATCH_NEXT_CARD = """() => {
  const out = window.travel = {samples: [], done: false};
  const trick = document.getElementById('trick');
  new MutationObserver((records, obs) => {
    const node = records.flatMap(r => [...r.addedNodes]).find(n => n.classList && n.classList.contains('tcard'));
    if (!node) return;
    obs.disconnect();
    const sample = () => {
      const r = node.getBoundingClientRect();
      if (!out.samples.length) out.start = [r.x + r.width / 2, r.y + r.height / 2];  // where it comes from
      out.samples.push([r.x, r.y, Number(getComputedStyle(node).opacity)]);
      if (node.getAnimations().some(a => a.playState !== 'finished')) requestAnimationFrame(sample);
      else out.done = true;
    };
    sample();
  }).observe(trick, {childList: true});
}"""

#: At the moment a trick's winner is marked (a card with the star, or "wins the trick"),
#: records whether every card of the trick is fully shown: ``window.marks`` = [{cards, shown}].
WATCH_MARKS = """() => {
  const marks = window.marks = [];
  const trick = document.getElementById('trick'), status = document.getElementById('status');
  let marked = false;
  const look = () => {
    const on = !!trick.querySelector('.tcard.win') || status.textContent.includes('wins the trick');
    if (on && !marked) {
      const cards = [...trick.querySelectorAll('.tcard')];
      marks.push({cards: cards.length, shown: cards.every(c => Number(getComputedStyle(c).opacity) === 1
        && c.getAnimations().every(a => a.playState === 'finished')),
        moving: cards.flatMap(c => c.getAnimations()).filter(a => a.playState !== 'finished')
          .map(a => a.transitionProperty || a.animationName || 'script')});
    }
    marked = on;
  };
  const obs = new MutationObserver(look);
  obs.observe(trick, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']});
  obs.observe(status, {childList: true, characterData: true, subtree: true});
}"""


CENTRE = "(e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"


def first_card_travel(page: GamePage) -> list[list[float]]:
    page.open(YOU_LEAD)
    page.evaluate(WATCH_NEXT_CARD)
    page.locator(LEGAL).first.click()
    page.wait_for_function("() => window.travel.done", timeout=30000)
    samples: list[list[float]] = page.evaluate("window.travel.samples")
    return samples


def test_a_played_card_travels_opaque_to_the_trick(game_page: GamePage) -> None:
    samples = first_card_travel(game_page)
    places = {(round(x), round(y)) for x, y, _ in samples}
    assert len(places) > 2, samples  # it moved, frame by frame
    assert all(opacity == 1 for _, _, opacity in samples), samples  # never see-through


def test_your_card_travels_from_its_place_in_your_hand(game_page: GamePage) -> None:
    game_page.open(YOU_LEAD)
    card = game_page.locator(LEGAL).last  # the right end of the hand, far from its middle
    was = card.evaluate(CENTRE)
    middle = game_page.locator("#hand").evaluate(CENTRE)
    assert abs(was[0] - middle[0]) > 100
    game_page.evaluate(WATCH_NEXT_CARD)
    card.click()
    game_page.wait_for_function("() => window.travel.done", timeout=30000)
    start = game_page.evaluate("window.travel.start")
    assert abs(start[0] - was[0]) < 12 and abs(start[1] - was[1]) < 12, (start, was, middle)


def test_the_winner_is_marked_only_once_the_trick_is_fully_shown(game_page: GamePage) -> None:
    game_page.open(YOU_LEAD)
    game_page.evaluate(WATCH_MARKS)
    for _ in range(40):
        if len(game_page.evaluate("window.marks")) >= 2:
            break
        game_page.wait_for_function(f"() => window.marks.length >= 2 || !!document.querySelector('{LEGAL}')",
                                    timeout=60000)
        if game_page.evaluate("window.marks.length") < 2:
            game_page.locator(LEGAL).first.click()
            game_page.wait_for_function(f"() => !document.querySelector('{LEGAL}')", timeout=30000)
    marks: list[dict[str, Any]] = game_page.evaluate("window.marks")
    assert len(marks) >= 2, marks
    assert all(m["shown"] and m["cards"] == 4 for m in marks), marks



def test_reduced_motion_removes_the_travel(game_page: GamePage) -> None:
    # The shared page asks for reduced motion in this test only (the pool gives the next test its
    # context's media again): no page booted for it.
    game_page.emulate_media(reduced_motion="reduce")
    samples = first_card_travel(game_page)
    assert len({(round(x), round(y)) for x, y, _ in samples}) == 1, samples  # it stays put (a fade at most)


#: A new deal from a link (no game in progress: dealt at once); then, in the same task,
#: which cards are moving, where the last one is, an input, and what moves after it.
NEW_DEAL = """(input) => new Promise((done) => {
  const moving = () => [...document.querySelectorAll('#hand .card, .seat .backs')]
    .filter(c => c.getAnimations().some(a => a.playState !== 'finished')).length;
  window.addEventListener('hashchange', () => {
    const last = [...document.querySelectorAll('#hand .card')].pop();
    const before = moving(), at = last.getBoundingClientRect().x;
    if (input === 'key') document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Shift', bubbles: true}));
    else document.getElementById('trick').dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
    done({before, after: moving(), moved: Math.abs(last.getBoundingClientRect().x - at)});
  }, {once: true});
  location.hash = '#deal=6&dealer=W';
})"""


@pytest.mark.parametrize("input_", ["key", "click"])
def test_a_deal_comes_from_the_dealer_and_a_click_or_key_ends_it(game_page: GamePage, input_: str) -> None:
    game_page.open(YOU_LEAD)
    seen = game_page.evaluate(NEW_DEAL, input_)
    assert seen["before"] >= 13 and seen["moved"] > 1, seen  # every card dealt, from elsewhere
    assert seen["after"] == 0, seen  # all of them in place at once


#: The deal of your hand held where it is (its cards' motions paused; the loader's fade and the
#: other seats' go on), and the card of your hand on top at the centre of the card of yours still
#: waiting to fly in from the dealer: its name and that point.
HELD_IN_FLIGHT = """() => {
  const cards = [...document.querySelectorAll('#hand button.card')];
  cards.forEach(c => c.getAnimations().forEach(a => a.pause()));
  const waiting = cards.filter(c => c.getAnimations().length).pop();
  const r = waiting.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y).closest('#hand button.card');
  return hit && {card: hit.dataset.card, x, y};
}"""


def test_a_card_pressed_as_it_flies_in_is_played(game_page: GamePage) -> None:
    """A press ends every motion, so a card pressed as it is dealt jumps to its place from under
    the pointer, and the click that follows lands on neither: the card pressed is played all the
    same (it was lost before)."""
    game_page.open("#deal=5&dealer=E")  # you lead: every card of yours may be played at once
    held = game_page.evaluate(HELD_IN_FLIGHT)
    assert held, "no card of yours was still to fly in"
    game_page.mouse.click(held["x"], held["y"])
    game_page.wait_for_function("(c) => !document.querySelector(`#hand [data-card='${c}']`)", arg=held["card"])
    assert [c for _, c in game_page.evaluate("""() => [...document.querySelectorAll('#trick [data-card]')]
        .map(e => [e.dataset.seat, e.dataset.card])""")][:1] == [held["card"]]


def test_no_deal_motion_at_the_instant_pace(game_page: GamePage) -> None:
    game_page.open("?pace=instant" + YOU_LEAD)
    seen = game_page.evaluate(NEW_DEAL, "key")
    assert seen["before"] == 0 and seen["moved"] == 0, seen


#: A card of your hand: its transition, and whether the instant pace's stylesheet is on.
CARD_MOTION = """() => ({transition: getComputedStyle(document.querySelector('#hand .card')).transitionDuration,
    instant: matchMedia(document.getElementById('instant-css').media).matches})"""


def test_the_instant_pace_alone_stops_every_transition(game_page: GamePage) -> None:
    """static/instant.css is on at the instant pace only (no universal rule costs style work
    at the other paces), and there it leaves no transition."""
    game_page.open("?pace=instant" + YOU_LEAD)
    game_page.wait_for_selector(LEGAL)
    assert game_page.evaluate(CARD_MOTION) == {"transition": "0s", "instant": True}
    game_page.open("?pace=normal" + YOU_LEAD)
    game_page.wait_for_selector(LEGAL)
    shown = game_page.evaluate(CARD_MOTION)
    assert not shown["instant"] and shown["transition"] != "0s", shown


#: Counts, from before the table opens, the animations started on your hand's cards.
COUNT_HAND_MOTION = """window.handMoves = 0;
if (!window.__whistCountingMoves) (() => {
  window.__whistCountingMoves = true;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest && this.closest('#hand')) window.handMoves += 1;
    return animate.apply(this, args);
  };
})();"""


def test_a_game_taken_up_mid_hand_is_not_dealt_again(game_page: GamePage) -> None:
    game_page.open(YOU_LEAD, script=COUNT_HAND_MOTION)
    game_page.wait_for_function("() => window.handMoves >= 13")  # a new hand comes from the dealer
    card = game_page.locator(LEGAL).first.get_attribute("data-card")
    game_page.locator(LEGAL).first.click()
    game_page.wait_for_function(f"() => !!document.querySelector('#trick [data-card=\"{card}\"]')")
    game_page.evaluate("window.handMoves = 0")
    game_page.restart()
    assert game_page.locator(f'#trick [data-card="{card}"]').count() == 1  # the same hand, taken up
    assert game_page.evaluate("window.handMoves") == 0

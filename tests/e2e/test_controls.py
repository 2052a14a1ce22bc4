"""Every control of the table in Chromium: mouse, keyboard, touch, hint, undo, redo,
the toolbar, settings, pace, sound, the last trick, themes and layout.

Desktop tests use pytest-playwright's default context (1280x720, a mouse and a
keyboard); the phone tests a 390x844 touch screen (``has_touch``,
``is_mobile``) driven with taps. The hint is checked against the Python
engine itself, replaying the same seeded game in CPython.
"""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.e2e.conftest import shot
from tests.e2e.test_play import YOUR_MOVE, click_card, legal_from_page, play_lowest, read, wait_your_move
from whist.engine.seats import Seat
from whist.table import Table

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

INSTANT = "?pace=instant&seed={seed}"

#: The seed of the whole game played by keyboard (a short game: two hands).
SEED_OF_THE_GAME = 28

#: Everything a player sees of the position (to compare before and after an undo).
STATE = """() => ({
  phase: document.body.dataset.phase,
  hand: [...document.querySelectorAll('#hand button.card')]
    .map(b => b.dataset.card + ':' + b.getAttribute('aria-disabled')),
  trick: [...document.querySelectorAll('#trick [data-card]')].map(e => e.dataset.seat + e.dataset.card),
  tricks: [document.querySelector('#tricks-us').textContent, document.querySelector('#tricks-them').textContent],
  score: [document.querySelector('#score-us').textContent, document.querySelector('#score-them').textContent],
  counts: ['N', 'E', 'W'].map(s => document.querySelector('#seat-' + s + ' .count').textContent),
  trump: document.querySelector('[data-trump]').dataset.trump,
  summary: !document.querySelector('#summary').hidden,
})"""

LIVE = "#announce"


def state(page: GamePage) -> dict[str, Any]:
    return page.evaluate(STATE)


def live_text(page: GamePage) -> str:
    return page.inner_text(LIVE)


def replay(seed: int, cards: list[str]) -> Table:
    """The page's game in CPython: the same seed, your cards as played on the page."""
    table = Table(seed=seed)
    for card in cards:
        while table.computer_step():
            pass
        assert table.human_play(card).ok
    while table.computer_step():
        pass
    return table


# --- hint ----------------------------------------------------------------------------

def test_hint_names_the_card_the_computer_player_chooses(game_page: GamePage) -> None:
    seed = 4242
    game_page.open(INSTANT.format(seed=seed))
    played: list[str] = []
    for _ in range(5):
        table = wait_your_move(game_page)
        assert table["phase"] == "play"
        engine = replay(seed, played)
        # The page shows the position the engine reached.
        assert [c["card"] for c in table["hand"]] == [c.card for c in engine.view().hand]
        assert [c for _, c in table["trick"]] == [p.card for p in engine.view().trick]
        expected = engine.choose(Seat.S)  # the normal player from South's observation
        game_page.keyboard.press("i")
        hinted = game_page.get_attribute("#hand button.card.hint", "data-card")
        assert hinted == expected
        assert game_page.get_attribute(f'#hand button.card[data-card="{expected}"]', "data-hint") == "1"
        name = game_page.get_attribute(f'#hand button.card[data-card="{expected}"]', "aria-label") or ""
        assert f"Hint: play the {name.removesuffix(', trump')}." in live_text(game_page)
        # Free and unlimited: the toolbar button gives the same card and nothing is played.
        game_page.click("#hint-btn")
        assert game_page.locator("#hand button.card.hint").count() == 1
        assert read(game_page) == table
        click_card(game_page, expected)
        played.append(expected)
    # Not your turn: the hint button says so and highlights nothing.
    assert game_page.locator("#hand button.card.hint").count() == 0


# --- keyboard --------------------------------------------------------------------------

FOCUS = """() => {
  const cards = [...document.querySelectorAll('#hand button.card')];
  return cards.indexOf(document.activeElement);
}"""


def focus_card_by_keys(page: GamePage, target: int) -> None:
    """Move the focus ring to card ``target`` of the hand with the arrow keys only."""
    i = page.evaluate(FOCUS)
    if i < 0:
        page.keyboard.press("ArrowRight")
        i = page.evaluate(FOCUS)
        assert i >= 0, "an arrow key puts the focus on your hand"
    if target == 0 and i > 2:
        page.keyboard.press("Home")
    else:
        key = "ArrowRight" if target > i else "ArrowLeft"
        for _ in range(abs(target - i)):
            page.keyboard.press(key)
    assert page.evaluate(FOCUS) == target


def check_summary_adds_up(page: GamePage, scores: dict[str, int]) -> None:
    """The end of a hand: the summary adds up (and adds this hand's points to ``scores``)."""
    assert page.is_visible("#summary")
    tricks = {s: int(page.text_content(f"#sum-tricks-{s}") or "") for s in scores}
    assert tricks["us"] + tricks["them"] == 13
    for side in scores:
        points = max(0, tricks[side] - 6)
        assert page.text_content(f"#sum-points-{side}") == (f"+{points}" if points else "0")
        scores[side] += points
        assert page.text_content(f"#sum-score-{side}") == str(scores[side])
        assert page.text_content(f"#score-{side}") == str(scores[side])
    assert "Deal " in (page.text_content("#summary-sub") or "")
    assert "Honours:" not in page.inner_text("#summary")  # Classic Whist counts no honours


def test_a_whole_game_by_keyboard_alone(game_page: GamePage) -> None:
    """A whole game to its end, played with the keys alone (a click on a dimmed card aside,
    which plays nothing): the page dims exactly the cards the rules forbid, each hand's summary
    adds up, and the game's end shows the winner (test_play's whole game and dimmed cards)."""
    started = time.monotonic()
    game_page.open(INSTANT.format(seed=SEED_OF_THE_GAME))
    refused = ends = clicked_dimmed = hands = 0
    scores = {"us": 0, "them": 0}
    use_space = False
    for _ in range(400):
        table = wait_your_move(game_page)
        if table["phase"] != "play":
            hands += 1
            check_summary_adds_up(game_page, scores)
            if table["phase"] == "game-over":
                break
            assert table["phase"] == "hand-over"
            # The summary takes the focus: Enter deals the next hand.
            assert game_page.evaluate("() => document.activeElement.id") == "next-hand"
            game_page.keyboard.press("Enter")
            game_page.wait_for_function("() => document.body.dataset.phase === 'play'")
            assert game_page.locator("#summary").is_hidden()
            continue
        cards = [c["card"] for c in table["hand"]]
        legal = legal_from_page(table)
        enabled = {c["card"] for c in table["hand"] if c["disabled"] == "false"}
        assert enabled == legal, f"trick {table['trick']}: page allows {sorted(enabled)}, rules {sorted(legal)}"
        illegal = [i for i, c in enumerate(cards) if c not in legal]
        if illegal and hands == 0:
            # Clicking a dimmed card does nothing, and never plays it.
            click_card(game_page, cards[illegal[-1]], force=True)
            game_page.wait_for_timeout(150)
            assert read(game_page) == table
            clicked_dimmed += 1
        if illegal and refused < 2:
            # Enter on a dimmed card: a polite refusal in the live region, and no play.
            focus_card_by_keys(game_page, illegal[0])
            game_page.keyboard.press("Enter")
            assert "can't play that card" in live_text(game_page)
            assert read(game_page) == table
            refused += 1
        target = min(i for i, c in enumerate(cards) if c in legal)
        focus_card_by_keys(game_page, target)
        # A visible focus ring on the focused card.
        ring = game_page.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
        assert game_page.evaluate("() => document.activeElement.matches(':focus-visible')")
        assert "rgb" in ring
        game_page.keyboard.press(" " if use_space else "Enter")
        use_space = not use_space
        ends += 1
        game_page.wait_for_function(
            f"() => !document.querySelector('#hand button.card[data-card=\"{cards[target]}\"]')")
        after = read(game_page)
        assert cards[target] not in [c["card"] for c in after["hand"]]
        assert len(after["hand"]) == len(cards) - 1 or after["phase"] != "play"
    else:
        raise AssertionError("the game did not end")
    assert refused >= 1 and ends >= 13 and hands >= 2
    assert clicked_dimmed > 0, "this deal should have given a card South could not play"
    # Game over: the winner and the final score are shown, and New game is offered.
    us, them = scores["us"], scores["them"]
    assert max(us, them) >= 7 and us != them
    title = game_page.text_content("#summary-title") or ""
    text = game_page.text_content("#summary-text") or ""
    if us > them:
        assert "You win" in title and f"{us} to {them}" in text
    else:
        assert "East" in title and f"{them} to {us}" in text
    assert game_page.is_visible("#play-again") and game_page.is_hidden("#next-hand")
    assert game_page.get_attribute("body", "data-phase") == "game-over"
    assert game_page.evaluate("() => document.activeElement.id") == "play-again"
    # A new game after the end needs no confirmation.
    game_page.click("#play-again")
    game_page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert game_page.text_content("#score-us") == "0" and game_page.text_content("#score-them") == "0"
    assert game_page.locator("#hand button.card").count() == 13
    print(f"keyboard game: {hands} hands, {ends} cards, {us}-{them}, {time.monotonic() - started:.1f} s")


def test_shortcuts_dialogs_and_focus(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=99))
    wait_your_move(game_page)
    play_lowest(game_page)
    table = wait_your_move(game_page)
    game_page.focus("#settings-btn")
    # ? opens the help on the keys; keys pressed in a dialog do nothing at the table.
    game_page.keyboard.press("?")
    assert game_page.is_visible("#help")
    assert game_page.get_attribute("#tab-controls", "aria-selected") == "true"
    assert "Undo your last card" in game_page.inner_text("#help-controls")
    for key in ("m", "u", "n", "i"):
        game_page.keyboard.press(key)
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "false"
    assert not game_page.is_visible("#confirm-new")
    assert read(game_page) == table
    # Tabs switch with the arrow keys; Escape closes and the focus goes back to the opener.
    game_page.focus("#tab-controls")
    game_page.keyboard.press("ArrowLeft")
    assert game_page.get_attribute("#tab-rules", "aria-selected") == "true"
    assert game_page.is_visible("#help-rules") and game_page.is_hidden("#help-controls")
    game_page.keyboard.press("Escape")
    assert game_page.is_hidden("#help")
    assert game_page.evaluate("() => document.activeElement.id") == "settings-btn"
    # The rules, for this game: the trump of this hand.
    game_page.tool("rules-btn")
    trump = game_page.text_content("#trump-name") or ""
    assert f"{trump.lower()} are trumps" in game_page.inner_text("#help-rules")
    assert "7 points" in game_page.inner_text("#help-rules")
    game_page.click("#help .close-btn")
    assert game_page.is_hidden("#help")
    assert game_page.evaluate("() => document.activeElement.id") == "rules-btn"
    # M mutes and unmutes, with the toolbar button showing it.
    game_page.keyboard.press("m")
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "true"
    assert "Sound off." in live_text(game_page)
    game_page.click("#mute-btn")
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "false"
    # L shows the last trick: who played what, who led, who won.
    game_page.keyboard.press("l")
    assert game_page.is_visible("#last-trick")
    seats = game_page.eval_on_selector_all("#last-cards .last-seat",
                                           "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(seats) == 4 and sum("won" in s for s in seats) == 1 and sum("led" in s for s in seats) == 1
    assert re.search(r"(You win|North wins|East wins|West wins) with the ", game_page.inner_text("#last-text"))
    game_page.keyboard.press("Escape")
    assert game_page.is_hidden("#last-trick")
    # N asks first once a game is under way; Escape keeps playing.
    game_page.keyboard.press("n")
    assert game_page.is_visible("#confirm-new")
    game_page.keyboard.press("Escape")
    assert game_page.is_hidden("#confirm-new")
    assert read(game_page) == table
    # Ctrl+Z undoes, Ctrl+Y redoes (U and R do the same).
    game_page.keyboard.press("Control+z")
    game_page.wait_for_function(YOUR_MOVE)
    assert read(game_page) != table
    game_page.keyboard.press("Control+y")
    game_page.wait_for_function(YOUR_MOVE)
    assert read(game_page) == table


# --- undo and redo -------------------------------------------------------------------------

def test_undo_and_redo_across_a_trick_and_across_a_hand(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=31337))
    wait_your_move(game_page)
    assert game_page.get_attribute("#undo-btn", "aria-disabled") == "true"
    # Across a trick: your card, the rest of the trick, the next trick up to your turn.
    before = state(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    after = state(game_page)
    assert after["hand"] != before["hand"] and after["tricks"] != before["tricks"]
    game_page.click("#undo-btn")
    wait_your_move(game_page)
    assert state(game_page) == before
    assert "Undone: you take back the" in live_text(game_page)
    game_page.click("#redo-btn")
    wait_your_move(game_page)
    assert state(game_page) == after
    assert game_page.get_attribute("#redo-btn", "aria-disabled") == "true"
    # Play to the end of the hand, remembering the table before your last card.
    while True:
        table = wait_your_move(game_page)
        if table["phase"] != "play":
            break
        last = state(game_page)
        play_lowest(game_page)
    assert game_page.is_visible("#summary")
    scored = state(game_page)
    assert scored["score"] != ["0", "0"] or scored["tricks"] == ["6", "6"]
    game_page.click("#next-hand")
    wait_your_move(game_page)
    hand2 = state(game_page)
    assert hand2["score"] == scored["score"] and not hand2["summary"]
    # Across a hand: U takes back the deal of hand 2 and your last card of hand 1; the score goes back.
    game_page.keyboard.press("u")
    wait_your_move(game_page)
    assert state(game_page) == last
    assert state(game_page)["score"] == ["0", "0"]
    # R redoes it all: the same cards, the same score, hand 2 again.
    game_page.keyboard.press("r")
    wait_your_move(game_page)
    assert state(game_page) == hand2
    # Shift+U (as U with Caps Lock) undoes, as the table guide says U does; it never redoes.
    game_page.keyboard.press("Shift+U")
    wait_your_move(game_page)
    assert state(game_page) == last


def test_undo_while_the_computers_are_thinking(game_page: GamePage) -> None:
    game_page.open("?pace=slow&seed=808")
    wait_your_move(game_page, timeout=60000)
    before = state(game_page)
    card = play_lowest(game_page)
    game_page.wait_for_function("() => document.body.dataset.waiting === '1'")
    assert game_page.get_attribute("#undo-btn", "aria-disabled") == "false"
    game_page.keyboard.press("u")
    wait_your_move(game_page)
    assert state(game_page) == before
    # The cancelled computer move never lands.
    game_page.wait_for_timeout(1300)
    assert state(game_page) == before
    assert f'"{card}"' not in str(state(game_page)["trick"])


# --- pace ----------------------------------------------------------------------------------------

#: Stops the page's clock for the waits: from now on a timer of half a second or more (a slow
#: pace's wait for a computer's card) is held, not run, until ``RELEASE_TIMERS``.
HOLD_TIMERS = """() => {
  window.__held = [];
  window.__setTimeout = window.setTimeout;
  window.setTimeout = function (f, ms, ...args) {
    if (ms >= 500) { window.__held.push([f, ms, args]); return -window.__held.length; }
    return window.__setTimeout.call(window, f, ms, ...args);
  };
}"""
#: The clock goes again: the timers held run at the delays they were given.
RELEASE_TIMERS = """() => { if (!window.__setTimeout) return;
  window.setTimeout = window.__setTimeout; delete window.__setTimeout;
  for (const [f, ms, args] of window.__held) setTimeout(f, ms, ...args);
  delete window.__held; }"""


def test_a_click_or_key_skips_the_wait(game_page: GamePage) -> None:
    game_page.open("?pace=slow#deal=5&dealer=E")  # you lead: three computers play after you
    wait_your_move(game_page, timeout=60000)
    n = len(read(game_page)["trick"])
    assert n <= 1, "two computers play after you in this trick: one wait is skipped by a click, one by a key"
    # The page's clock stops: a computer's wait can now end only by the player's click or key.
    game_page.evaluate(HOLD_TIMERS)
    try:
        play_lowest(game_page)
        for played, skip_by in enumerate(("click", "key"), start=n + 1):
            game_page.wait_for_function("() => document.body.dataset.waiting === '1'")
            game_page.wait_for_timeout(1500)  # longer than a slow card's wait: the clock is stopped, it still waits
            assert game_page.get_attribute("body", "data-waiting") == "1"
            assert len(read(game_page)["trick"]) == played
            if skip_by == "click":
                game_page.mouse.click(640, 300)  # on the felt
            else:
                game_page.keyboard.press("Enter")
            game_page.wait_for_function(
                f"() => document.querySelectorAll('#trick [data-card]').length >= {played + 1}")
    finally:
        game_page.evaluate(RELEASE_TIMERS)


def test_settings_dialog_changes_the_table(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=64))
    wait_your_move(game_page)
    game_page.tool("settings-btn")
    assert game_page.is_visible("#settings")
    assert game_page.is_checked("#speed-choices input[value=instant]")  # from ?pace=instant
    # Keys typed in the dialog stay in the dialog.
    game_page.focus("#set-trick-pause")
    game_page.keyboard.press("m")
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "false"
    game_page.check("#speed-choices input[value=fast]")
    assert game_page.get_attribute("body", "data-speed") == "fast"
    game_page.select_option("#set-trick-pause", "click")
    game_page.check("#set-auto-play")
    game_page.select_option("#set-partner-level", "easy")
    game_page.select_option("#set-opponent-level", "hard")
    game_page.uncheck("#set-sound")
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "true"
    game_page.keyboard.press("Escape")
    assert game_page.is_hidden("#settings")
    assert game_page.evaluate("() => document.activeElement.id") == "settings-btn"
    # The settings are kept for the game: reopening shows them.
    game_page.tool("settings-btn")
    assert game_page.is_checked("#speed-choices input[value=fast]")
    assert game_page.input_value("#set-partner-level") == "easy"
    assert game_page.input_value("#set-opponent-level") == "hard"
    assert game_page.input_value("#set-trick-pause") == "click"
    game_page.click("#settings-done")
    # "Until I click": a finished trick stays until a click on the table.
    for _ in range(13):
        wait_your_move(game_page, timeout=60000)
        play_lowest(game_page)
        game_page.wait_for_function(
            "() => document.body.dataset.waiting === 'click' || !!document.querySelector("
            "'#hand button.card[aria-disabled=\"false\"]')", timeout=60000)
        if game_page.get_attribute("body", "data-waiting") == "click":
            break
    game_page.wait_for_timeout(600)
    assert game_page.locator("#trick [data-card]").count() == 4
    assert "tap or press a key" in (game_page.text_content("#status") or "")
    game_page.mouse.click(640, 330)
    game_page.wait_for_function("() => document.body.dataset.waiting !== 'click'")


def test_auto_play_plays_your_only_legal_card(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=5150))
    wait_your_move(game_page)
    game_page.tool("settings-btn")
    game_page.check("#set-auto-play")
    game_page.keyboard.press("Escape")
    forced = 0
    while True:
        table = wait_your_move(game_page)
        if table["phase"] != "play":
            break
        legal = legal_from_page(table)
        assert len(legal) > 1, "a single legal card is played for you"
        card = sorted(legal)[0]
        click_card(game_page, card)
        game_page.wait_for_function(f"() => !document.querySelector('#hand button.card[data-card=\"{card}\"]')")
        forced += 1
    # The last card of the hand is always forced: it was played without a click.
    assert game_page.is_visible("#summary") and forced <= 12


# --- sound ------------------------------------------------------------------------------------------

def test_sounds_follow_the_play_and_mute(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=77))
    wait_your_move(game_page)
    assert game_page.get_attribute("body", "data-last-sound") is None  # no audio before a gesture
    play_lowest(game_page)
    game_page.wait_for_function("() => !!document.body.dataset.lastSound")
    assert game_page.evaluate("() => typeof window.AudioContext") == "function"
    wait_your_move(game_page)
    game_page.keyboard.press("m")
    game_page.evaluate("() => { delete document.body.dataset.lastSound; }")
    play_lowest(game_page)
    wait_your_move(game_page)
    assert game_page.get_attribute("body", "data-last-sound") is None


#: Before the table opens: every AudioContext the page makes is kept in ``window.__contexts``.
COUNT_CONTEXTS = """if (!window.__contexts) {
  window.__contexts = [];
  const Made = window.AudioContext;
  window.AudioContext = class extends Made { constructor(...a) { super(...a); window.__contexts.push(this); } };
}"""
CONTEXT_STATES = "() => window.__contexts.map(c => c.state)"


def test_the_sound_rests_when_the_table_is_quiet_and_a_closed_table_closes_it(game_page: GamePage) -> None:
    """A running AudioContext renders silence in real time: it is suspended while the table is
    quiet, woken by the next sound, and closed with its table (whist/web/sound.py)."""
    game_page.open(INSTANT.format(seed=77), script=COUNT_CONTEXTS)
    wait_your_move(game_page)
    play_lowest(game_page)  # (a gesture: the context is made, the card sounds)
    game_page.wait_for_function("() => window.__contexts.length === 1")
    wait_your_move(game_page)
    game_page.wait_for_function("() => window.__contexts[0].state === 'suspended'")  # quiet: it rests
    game_page.evaluate("() => { delete document.body.dataset.lastSound; }")
    play_lowest(game_page)
    game_page.wait_for_function("() => !!document.body.dataset.lastSound")
    assert game_page.evaluate(CONTEXT_STATES) == ["running"]  # a sound wakes it
    # Another table in the same document (a new game through the tests' reset): the first
    # table's context is closed, the new one's made at its first gesture.
    game_page.open(INSTANT.format(seed=78), script=COUNT_CONTEXTS)
    game_page.wait_for_function("() => window.__contexts[0].state === 'closed'")
    wait_your_move(game_page)
    play_lowest(game_page)
    game_page.wait_for_function("() => window.__contexts.length === 2")
    states = game_page.evaluate(CONTEXT_STATES)
    assert states[0] == "closed" and states[1] != "closed", states


# --- themes and motion ---------------------------------------------------------------------------------

def test_colour_scheme_and_reduced_motion(game_page: GamePage) -> None:
    game_page.emulate_media(color_scheme="light")
    game_page.open(INSTANT.format(seed=3))
    wait_your_move(game_page)
    bar = "() => getComputedStyle(document.querySelector('.toolbar')).color"
    light = game_page.evaluate(bar)
    game_page.emulate_media(color_scheme="dark")
    dark = game_page.evaluate(bar)
    assert light != dark
    assert game_page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    duration = "() => parseFloat(getComputedStyle(document.querySelector('#hand .card')).transitionDuration)"
    game_page.emulate_media(reduced_motion="reduce")
    assert game_page.evaluate(duration) < 0.001


# --- phone ------------------------------------------------------------------------------------------------

#: A phone's viewport (the context is a touch, mobile one at device scale 2: see phone_page).
PHONE_VIEWPORT: ViewportSize = {"width": 390, "height": 844}

#: For each card of the hand, the width of its part that a tap reaches (sampled with elementFromPoint).
TAP_WIDTHS = """() => {
  const cards = [...document.querySelectorAll('#hand button.card')];
  return cards.map(card => {
    const r = card.getBoundingClientRect();
    let best = 0;
    for (const y of [r.top + 6, r.top + 20, r.top + r.height / 3]) {
      let w = 0;
      for (let x = Math.max(0, r.left); x < Math.min(innerWidth, r.right); x += 1) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('button.card') === card) w += 1;
      }
      best = Math.max(best, w);
    }
    return [card.dataset.card, best, r.left, r.top, r.right, r.bottom];
  });
}"""


@pytest.fixture
def phone_page(browser: Browser, dev_server: str, request: pytest.FixtureRequest) -> GamePage:
    page: GamePage = request.getfixturevalue("shared_page")(
        dev_server, viewport=PHONE_VIEWPORT, has_touch=True, is_mobile=True, device_scale_factor=2)
    return page


def tap_card(page: GamePage, card: str) -> None:
    page.locator(f'#hand button.card[data-card="{card}"]').tap(position={"x": 10, "y": 16}, force=True)


def lifted(page: GamePage) -> list[str]:
    return page.eval_on_selector_all("#hand button.card.lifted", "els => els.map(e => e.dataset.card)")


def test_phone_tap_lifts_then_plays(phone_page: GamePage) -> None:
    phone_page.open(INSTANT.format(seed=777))
    table = wait_your_move(phone_page)
    # All 13 cards on screen, no scrolling, each with at least 44 px to tap.
    widths = phone_page.evaluate(TAP_WIDTHS)
    assert len(widths) >= 12
    for card, width, left, top, right, bottom in widths:
        assert width >= 44, f"{card} shows only {width} px to tap"
        assert left >= 0 and right <= 390 and top >= 0 and bottom <= 844
    assert phone_page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    assert phone_page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    # Every toolbar button shown fits, with a name (a button a phone hides is reached another way).
    boxes = phone_page.eval_on_selector_all(
        ".actions .icon-btn", "els => els.filter(e => e.offsetParent !== null).map(e => { const r = "
        "e.getBoundingClientRect(); return [e.getAttribute('aria-label'), r.left, r.right, r.width, r.height]; })")
    assert len(boxes) == 7  # the row's six and More (the other four are listed under it)
    for box in boxes:
        assert box[0] and box[1] >= 0 and box[2] <= 390 and box[3] >= 44 and box[4] >= 44
    # Find a turn with two legal cards and an illegal one (playing the lowest card meanwhile).
    for _ in range(13):
        legal = sorted(legal_from_page(table))
        illegal = [c["card"] for c in table["hand"] if c["card"] not in legal]
        if len(legal) >= 2 and illegal:
            break
        tap_card(phone_page, legal[0])
        tap_card(phone_page, legal[0])
        table = wait_your_move(phone_page)
    else:
        pytest.fail("no turn with a choice and a dimmed card")
    first, second = legal[0], legal[1]
    # An illegal card is never lifted.
    tap_card(phone_page, illegal[0])
    assert lifted(phone_page) == []
    assert "can't play that card" in live_text(phone_page)
    # The first tap lifts; a tap on another card moves the lift; a tap elsewhere drops it.
    tap_card(phone_page, first)
    assert lifted(phone_page) == [first]
    assert read(phone_page) == table
    tap_card(phone_page, second)
    assert lifted(phone_page) == [second]
    phone_page.tap("#trick", position={"x": 5, "y": 5}, force=True)
    assert lifted(phone_page) == []
    assert read(phone_page) == table
    # Tap, tap: played.
    tap_card(phone_page, first)
    shot(phone_page, "phone-lifted")
    tap_card(phone_page, first)
    phone_page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{first}\"]')")
    # The hint lifts its card on a touch screen: one tap plays it.
    table = wait_your_move(phone_page)
    if table["phase"] == "play":
        phone_page.locator("#hint-btn").tap()
        hinted = phone_page.get_attribute("#hand button.card.hint", "data-card")
        assert hinted and lifted(phone_page) == [hinted]


def test_one_tap_plays_at_once_when_chosen(phone_page: GamePage) -> None:
    phone_page.open(INSTANT.format(seed=777))
    wait_your_move(phone_page)
    phone_page.tool("settings-btn", tap=True)
    assert not phone_page.is_checked("#set-one-tap")  # two taps by default
    phone_page.locator("#set-one-tap").tap()
    phone_page.keyboard.press("Escape")
    assert json.loads(phone_page.evaluate("() => localStorage.getItem('whist:settings')"))["one_tap"] is True
    table = wait_your_move(phone_page)
    card = sorted(legal_from_page(table))[0]
    tap_card(phone_page, card)  # one tap: played, never lifted
    phone_page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
    # An illegal card is still refused, not played.
    table = wait_your_move(phone_page)
    illegal = [c["card"] for c in table["hand"] if c["card"] not in legal_from_page(table)]
    if illegal:
        tap_card(phone_page, illegal[0])
        assert read(phone_page) == table


def test_small_phone_fits_and_settings_fit(phone_page: GamePage) -> None:
    phone_page.set_viewport_size({"width": 360, "height": 640})
    phone_page.open(INSTANT.format(seed=12))
    wait_your_move(phone_page)
    widths = phone_page.evaluate(TAP_WIDTHS)
    for card, width, left, top, right, bottom in widths:
        assert width >= 44, f"{card} shows only {width} px to tap"
        assert left >= 0 and right <= 360 and top >= 0 and bottom <= 640
    assert phone_page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    phone_page.tool("settings-btn", tap=True)
    box = phone_page.locator("#settings").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] <= 640
    shot(phone_page, "phone-settings")


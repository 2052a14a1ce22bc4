"""The English forms in Chromium: the New game dialog starts every form, a rubber is
played to its end with the score sheet, Dummy Whist is played from both hands, the
draw for partners and deal, and a revoke under club rules.

The cards are played with the first card the page lets you play (a click made in
the page, so an instant-pace hand takes a few seconds).
"""

from __future__ import annotations

import itertools
import re
import time
from typing import TYPE_CHECKING

from tests.e2e.test_a11y import violations
from tests.e2e.test_controls import focus_card_by_keys
from tests.e2e.test_ear import LISTEN, heard
from tests.e2e.test_play import click_card
from whist.table import Table

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

INSTANT = "?pace=instant&seed={seed}"

#: The page waits for you: a card you may play (your hand or your dummy's), the draw, or a hand's end.
WAITS = """() => document.body.dataset.phase !== 'play' || !!document.querySelector(
    '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]')"""

#: Play the first card you may play; returns [where it came from ('hand' or 'dummy-hand'), card].
PLAY_FIRST = """() => {
  const b = document.querySelector('#hand button.card[aria-disabled="false"]:not([data-revoke]), '
    + '#dummy-hand button.card[aria-disabled="false"]:not([data-revoke])');
  if (!b) return null;
  const where = b.parentElement.closest('[id]').id;
  b.click();
  return [where, b.dataset.card];
}"""

#: The card has left your hands (it is on the table).
GONE = """(c) => !document.querySelector(
    `#hand button.card[data-card="${c}"], #dummy-hand button.card[data-card="${c}"]`)"""


def played(page: GamePage, card: str) -> None:
    page.wait_for_function(GONE, arg=card, timeout=30000)


def play_hand(page: GamePage, dummy_said: str = "", cards: list[str] | None = None) -> list[str]:
    """Play your cards (and your dummy's) until the hand is over; the hands they came from (and
    the cards, in order, into ``cards``). With ``dummy_said``, check that the status and the live
    region begin with it on each turn of your dummy's."""
    where: list[str] = []
    for _ in range(2 * 26 + 1):  # a turn of yours or your dummy's, or the hand's end, each round
        page.wait_for_function(WAITS, timeout=30000)
        if page.get_attribute("body", "data-phase") != "play":
            return where
        if dummy_said and page.locator('#dummy-hand button.card[aria-disabled="false"]').count():
            assert (page.text_content("#status") or "").startswith(dummy_said)
            page.wait_for_function(
                "(s) => (document.querySelector('#announce p:last-child') || {textContent: ''})"
                ".textContent.startsWith(s)", arg=dummy_said)
        got = page.evaluate(PLAY_FIRST)
        if got:
            where.append(got[0])
            if cards is not None:
                cards.append(got[1])
            played(page, got[1])
    raise AssertionError("the hand did not end")


TITLES = {"classic": "Classic Whist", "short": "Short Whist", "long": "Long Whist", "american": "American Whist",
          "dummy": "Dummy Whist"}


def choose(page: GamePage, game: str, **options: object) -> None:
    """Open the New game dialog, pick ``game`` and set ``options``, and start it."""
    page.click("#new-game")
    assert page.is_visible("#confirm-new")
    page.check(f'#ng-choices input[name="game"][value="{game}"]')
    assert page.is_visible(f'.ng-options[data-for="{game}"]')
    for key, value in options.items():
        field = f"#opt-{game}-{key}"
        if isinstance(value, bool):
            page.set_checked(field, value)
        else:
            page.select_option(field, str(value))
    page.click("#confirm-ok")
    assert page.is_hidden("#confirm-new")
    title = next(t for g, t in TITLES.items() if g == game)
    page.wait_for_function("(t) => document.querySelector('.brand-sub').textContent.includes(t)", arg=title)


def test_each_form_from_the_dialog(game_page: GamePage) -> None:
    started = time.monotonic()
    game_page.open(INSTANT.format(seed=11))
    # Nothing played yet: the dialog does not speak of abandoning a game; defaults as the rules say.
    game_page.click("#new-game")
    assert game_page.is_hidden("#ng-abandon")
    game_page.check('#ng-choices input[name="game"][value="short"]')
    assert game_page.input_value("#opt-short-target") == "5"
    assert game_page.is_checked("#opt-short-honours")
    assert not game_page.is_checked("#opt-short-rubber")
    assert "all four of A K Q J" in game_page.inner_text('.ng-options[data-for="short"]')
    game_page.check('#ng-choices input[name="game"][value="long"]')
    assert game_page.input_value("#opt-long-target") == "9" and game_page.is_checked("#opt-long-honours")
    game_page.check('#ng-choices input[name="game"][value="american"]')
    assert game_page.locator("#opt-american-honours").count() == 0
    # The How to play of a form, inside the dialog, and back.
    game_page.click('.ng-options[data-for="american"] .ng-howto')
    assert "only tricks score" in game_page.inner_text("#ng-howto-body")
    game_page.click("#ng-back")
    assert game_page.is_visible("#ng-choices")
    game_page.keyboard.press("Escape")
    assert game_page.is_hidden("#confirm-new")

    # (game, its options by name, the title, the goal)
    forms: list[tuple[str, dict[str, bool | int], str, str]] = [
        ("short", {}, "Short Whist", "5"), ("long", {}, "Long Whist", "9"),
        ("american", {}, "American Whist", "7"), ("classic", {"no_trump": True}, "Classic Whist", "7"),
        ("classic", {"target": 5}, "Classic Whist", "5")]
    for i, (game, options, title, target) in enumerate(forms):
        if i:
            game_page.click("#new-game")
            # a game under way is abandoned (one that is over is not)
            over = game_page.get_attribute("body", "data-phase") == "game-over"
            assert game_page.is_visible("#ng-abandon") != over
            game_page.keyboard.press("Escape")
        choose(game_page, game, **options)
        assert title in (game_page.text_content(".brand-sub") or "")
        # (from Classic to Classic the title does not change: wait for the new game's goal)
        game_page.wait_for_function("(t) => document.querySelector('#score-goal').textContent === t",
                                    arg=f"to {target}")
        if options.get("no_trump"):
            assert game_page.get_attribute("[data-trump]", "data-trump") == "NT"
            assert game_page.text_content("#trump-name") == "No trump"
            assert game_page.text_content("#turnup-note") == "ignored"
        assert game_page.locator("#hand button.card").count() == 13
        if i == len(forms) - 1:
            break  # (Classic with trumps: a hand's summary without honours is in the club rules' test)
        if game == "short":
            # (a hand of Short Whist and its honours: each hand of the rubber's test) A card put
            # down: a game under way, which the next form abandons.
            game_page.wait_for_function(WAITS, timeout=30000)
            got = game_page.evaluate(PLAY_FIRST)
            assert got
            played(game_page, got[1])
            continue
        play_hand(game_page)
        assert game_page.is_visible("#summary")
        text = game_page.inner_text("#summary")
        if game == "long":
            assert "Honours" in text  # who held how many of A K Q J of trumps
        else:
            assert "Honours:" not in text
    print(f"five forms: {time.monotonic() - started:.1f} s")


def test_rubber_to_its_end_with_the_score_sheet(game_page: GamePage) -> None:
    started = time.monotonic()
    # Deal 10: a rubber of four hands as this test plays it (deal 21's took seven), enough for the
    # sheet's four rows and two games.
    game_page.open("?pace=instant&game=short&target=5&rubber=true&seed=10")
    assert game_page.text_content("#games-won") == "Games 0\u20130"
    saw_next_game = False
    for _ in range(40):
        play_hand(game_page)
        # each hand's summary: who held how many of A K Q J of trumps (the honours of Short Whist)
        assert game_page.is_visible("#summary")
        assert "Honours" in game_page.inner_text("#summary")
        phase = game_page.get_attribute("body", "data-phase")
        if phase == "game-over":
            break
        label = game_page.text_content("#next-hand") or ""
        if label == "Next game":
            saw_next_game = True
            assert "Game " in (game_page.text_content("#summary-title") or "")
        game_page.click("#next-hand")
    else:
        raise AssertionError("the rubber did not end")
    assert saw_next_game
    # The rubber's result: games, honours, bonus, totals.
    assert game_page.is_visible("#summary-rubber")
    result = game_page.inner_text("#summary-rubber")
    for word in ("Games", "Honours", "Rubber bonus", "Total"):
        assert word in result
    assert "rubber" in (game_page.text_content("#summary-text") or "")
    games = game_page.text_content("#games-won") or ""
    assert "2" in games
    # The score sheet: every hand, the game boundaries, the totals; printable.
    game_page.tool("sheet-btn")
    assert game_page.is_visible("#score-sheet")
    rows = game_page.locator("#sheet-body tr[data-hand]").count()
    assert rows >= 4
    assert game_page.locator("#sheet-body .sheet-game").count() >= 2
    assert "Total" in game_page.inner_text("#sheet-body")
    assert game_page.is_visible("#sheet-print")
    game_page.emulate_media(media="print")
    assert game_page.is_visible("#score-sheet .score-table") and game_page.is_hidden("#table")
    game_page.emulate_media(media="screen")
    game_page.keyboard.press("Escape")
    print(f"rubber: {rows} hands, {time.monotonic() - started:.1f} s")


def test_dummy_whist_played_from_both_hands(game_page: GamePage) -> None:
    """Dummy Whist from the dialog, played from your hand and your dummy's; by ear, the live
    region says what the engine says of the same game (each card once, in order, and the
    dummies' hands as they are laid face up after the opening lead), and your turns."""
    game_page.open(INSTANT.format(seed=31), script=LISTEN)
    game_page.evaluate("() => { window.__earHeard = []; }")  # (the new game's words only)
    choose(game_page, "dummy")
    assert "Dummy Whist" in (game_page.text_content(".brand-sub") or "")
    # You always see your dummy's cards, face up, as card buttons.
    assert game_page.locator("#dummy-hand button.card").count() == 13
    cards: list[str] = []
    where = play_hand(game_page, dummy_said="North\u2019s turn (your dummy)", cards=cards)
    assert where.count("hand") == 13 and where.count("dummy-hand") == 13
    assert game_page.is_visible("#summary")
    # The same game in CPython, your cards and your dummy's as played on the page.
    record = game_page.evaluate("() => JSON.parse(localStorage.getItem('whist:game')).record")
    table = Table(record["seed"], "dummy")
    said = table.take_messages()
    for card in cards:
        while table.computer_step():
            said += table.take_messages()
        assert table.human_play(card).ok, card
        said += table.take_messages()
    while table.computer_step():
        said += table.take_messages()
    game_page.wait_for_function("(n) => window.__earHeard.length >= n", arg=len(said))
    transcript = heard(game_page)
    assert [m for m in transcript if not re.match("(Your|North\u2019s) (turn|lead)", m)] == said
    assert not [a for a, b in itertools.pairwise(transcript) if a == b], "said twice"
    face_up = [m for m in said if m.startswith("North's hand is face up: ")]
    first_card = next(i for i, m in enumerate(said) if re.match(r"(You play|\S+ plays)\b.* the ", m))
    assert len(face_up) == 1 and said.index(face_up[0]) == first_card + 1  # after the opening lead


def test_draw_for_partners_and_deal(game_page: GamePage) -> None:
    game_page.open("?pace=instant&game=classic&draw=high&seed=3")
    assert game_page.get_attribute("body", "data-phase") == "draw"
    assert game_page.is_visible("#draw-panel")
    assert game_page.locator("#draw-rounds .draw-pick").count() >= 4
    assert game_page.locator('#draw-rounds .draw-round[data-round="1"] .draw-pick').count() == 4
    result = game_page.text_content("#draw-result") or ""
    assert "is your partner" in result and "first" in result
    assert "You always sit South" in (game_page.text_content("#draw-rule") or "")
    game_page.click("#deal-btn")
    game_page.wait_for_function("() => document.body.dataset.phase === 'play'")
    assert game_page.is_hidden("#draw-panel")
    assert game_page.locator("#hand button.card").count() == 13


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

#: At your turn under club rules, with the suit led in your hand: the cards as the page marks them,
#: [card, enabled, marked a revoke, its description]; null when this is no moment for a revoke.
REVOKE_MOMENT = """() => {
  const led = document.querySelector('#trick [data-card]');
  if (!led || !document.querySelector('#hand button.card[aria-disabled="false"]')) return null;
  const suit = led.dataset.card[1];
  const cards = [...document.querySelectorAll('#hand button.card')];
  if (!cards.some(b => b.dataset.card[1] === suit) || cards.every(b => b.dataset.card[1] === suit)) return null;
  return {suit, cards: cards.map(b => [b.dataset.card, b.getAttribute('aria-disabled') === 'false',
                                       b.dataset.revoke === '1', b.getAttribute('aria-description') || ''])};
}"""


#: The focused element: its id, or its card.
ACTIVE = "() => document.activeElement.id || document.activeElement.dataset.card || document.activeElement.tagName"


def test_club_rules_are_shown_a_revoke_is_asked_about_and_it_costs_up_to_three_tricks(game_page: GamePage) -> None:
    """A shared link can carry club rules: the table says they are on; at your turn the cards that
    follow are lit as always and the others marked as revokes (allowed); playing one asks first
    (kept, then played with "Do not ask again"), a second revoke is not asked about, and the
    hand's summary takes the tricks."""
    game_page.open("?pace=instant&game=classic&revokes=club&seed=41")
    assert game_page.inner_text("#table-note") == "Club rules: a revoke is allowed, and costs three tricks"
    revoked: list[str] = []
    for _ in range(13):
        game_page.wait_for_function(WAITS, timeout=30000)
        if game_page.get_attribute("body", "data-phase") != "play":
            break
        moment = game_page.evaluate(REVOKE_MOMENT)
        if moment and len(revoked) < 2:
            suit = moment["suit"]
            assert f"follow {SUITS[suit]}" in game_page.inner_text("#status")
            for card, enabled, marked, said in moment["cards"]:
                assert enabled, f"{card}: every card may be played under club rules"
                assert marked == (card[1] != suit), f"{card}: marked a revoke exactly when it does not follow"
                assert (said == "a revoke") == marked, card
            card = next(c for c, _, marked, _ in moment["cards"] if marked)
            if not revoked:  # the first, by keyboard alone: asked about; kept, then played, and asked no more
                focus_card_by_keys(game_page, [c for c, *_ in moment["cards"]].index(card))
                game_page.keyboard.press("Enter")
                game_page.wait_for_selector("#revoke-ask[open]")
                question = game_page.inner_text("#revoke-ask-text")
                assert question.startswith(f"This is a revoke: you hold {SUITS[suit]}.")
                assert "costs your side three tricks" in question and question.endswith("Play it?")
                assert violations(game_page, "the revoke question") == []  # every impact
                # The safe answer has the focus; Tab goes round the dialog and stays in it.
                assert game_page.evaluate(ACTIVE) == "revoke-keep"
                stops = []
                for _ in range(5):
                    game_page.keyboard.press("Tab")
                    stops.append(game_page.evaluate(ACTIVE))
                assert stops == ["revoke-play", "revoke-close", "revoke-ask-stop", "revoke-keep", "revoke-play"]
                game_page.keyboard.press("Escape")  # kept: the card stays, the focus back on it
                game_page.wait_for_selector("#revoke-ask", state="hidden")
                assert game_page.locator(f'#hand button.card[data-card="{card}"]').count() == 1, "kept"
                game_page.wait_for_function("() => /stays in your hand/.test(document.querySelector("
                                            "'#announce p:last-child').textContent)")
                assert game_page.evaluate(ACTIVE) == card
                game_page.keyboard.press("Enter")
                game_page.wait_for_selector("#revoke-ask[open]")
                for key in ("Shift+Tab", "Space", "Tab", "Tab"):  # ask no more, then play it
                    game_page.keyboard.press(key)
                assert game_page.is_checked("#revoke-ask-stop") and game_page.evaluate(ACTIVE) == "revoke-play"
                game_page.keyboard.press("Enter")
                game_page.wait_for_function("() => JSON.parse(localStorage.getItem('whist:settings') || '{}')"
                                            ".ask_revoke === false")  # (kept as the dialog closes)
            else:
                click_card(game_page, card)
                assert game_page.locator("#revoke-ask[open]").count() == 0, "asked no more"
            played(game_page, card)
            revoked.append(card)
            continue
        got = game_page.evaluate(PLAY_FIRST)
        if got:
            played(game_page, got[1])
    play_hand(game_page)
    assert len(revoked) == 2, f"two chances to revoke in this hand: {revoked}"
    text = game_page.inner_text("#summary")
    # three tricks go to the other side for each, or as many as your side won
    assert "You revoked" in text
    assert "Honours:" not in text  # Classic Whist (with trumps) counts no honours
    assert re.search(r"(three tricks|two tricks|one trick) go(es)? to|with no tricks won to give up", text)
    # the Settings dialog asks again when told to
    game_page.tool("settings-btn")
    assert not game_page.is_checked("#set-ask-revoke")
    game_page.check("#set-ask-revoke")
    game_page.click("#settings-done")
    stored = game_page.evaluate("() => JSON.parse(localStorage.getItem('whist:settings'))")
    assert "ask_revoke" not in stored  # asking again is the default, which is not stored

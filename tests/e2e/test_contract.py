"""Contract Whist in Chromium: the bidding box with the mouse and the keyboard, refused calls,
the hint, undo through the auction, the contract played out and scored.

Every test replays the same seeded game in CPython (``whist.table.Table``) with the
calls and cards made in the page, and checks the page against it: the computers
are deterministic, so the page and the engine must agree call for call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.e2e.conftest import press_bid
from tests.e2e.test_a11y import violations
from tests.e2e.test_dialogs_fit import SIZES, open_sized
from tests.e2e.test_play import click_card
from whist.table import Table
from whist.table.ask import ask

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from tests.e2e.conftest import GamePage

#: Deal 2: West bids 7H, North passes, East bids 8C, and then it is your call (doubling allowed).
URL = "?game=contract&doubling=true&pace=instant#deal={seed}"
SEED = 2

BOX_OPEN = "#bid-box:not([hidden])"

#: Wait until the page waits for you: your call, a card to play, or the end of the hand.
YOUR_MOVE = """() => !document.querySelector('#bid-box').hidden
    || (document.body.dataset.phase === 'play' && !!document.querySelector('#hand button.card[aria-disabled="false"]'))
    || (document.body.dataset.phase !== 'play' && document.body.dataset.phase !== 'auction')"""

CALLS = """() => [...document.querySelectorAll('#auction-calls td[data-seat]:not(.next)')]
    .map(td => td.dataset.seat + ':' + td.getAttribute('aria-label').split(': ')[1])"""


def engine(seed: int = SEED) -> Table:
    table = Table(seed, "contract", doubling=True)
    while table.computer_step():
        pass
    return table


def words(call: str) -> str:
    from whist.web.bidding_markup import call_words

    return call_words(call)


def page_calls(page: GamePage) -> list[str]:
    return page.evaluate(CALLS)


def engine_calls(table: Table) -> list[str]:
    auction = table.view().auction
    assert auction is not None
    return [f"{c.seat}:{words(c.call)}" for c in auction.calls]


def open_contract(page: GamePage, seed: int = SEED) -> None:
    page.open(URL.format(seed=seed))
    page.wait_for_selector(BOX_OPEN)


def status(page: GamePage) -> str:
    return page.text_content("#status") or ""


def test_the_box_offers_only_legal_calls(game_page: GamePage) -> None:
    open_contract(game_page)
    table = engine()
    assert game_page.get_attribute("body", "data-phase") == "auction"
    assert page_calls(game_page) == engine_calls(table)
    auction = table.view().auction
    assert auction is not None
    legal = set(auction.legal)
    offered = game_page.eval_on_selector_all(
        '#bid-box .bid[aria-disabled="false"]', "bs => bs.map(b => b.dataset.call)")
    assert set(offered) == legal
    # Level 7 is gone (8C was bid); 8C itself is shown but disabled; Double is offered to us.
    assert game_page.locator('#bid-box .bid[data-call="7NT"]').count() == 0
    assert game_page.get_attribute('#bid-box .bid[data-call="8C"]', "aria-disabled") == "true"
    assert game_page.locator('#bid-box .bid[data-call="double"]').count() == 1
    # The auction table: a column per seat, rows from the first caller (North), you marked next.
    assert game_page.eval_on_selector_all("#auction-calls th", "ths => ths.map(t => t.textContent)") == [
        "North", "East", "You", "West"]
    assert game_page.locator("#auction-calls td.next[data-seat='S']").count() == 1
    assert game_page.text_content("#contract-name") == "Bidding\u2026"


def test_a_refused_call_does_nothing(game_page: GamePage) -> None:
    open_contract(game_page)
    before = page_calls(game_page)
    game_page.click('#bid-box .bid[data-call="8C"]', force=True)
    assert "does not beat 8 clubs" in status(game_page)
    game_page.keyboard.press("7")  # no bid at level 7 is left
    assert "does not beat" in status(game_page)
    assert game_page.locator("#bid-box .bid.selected").count() == 0
    game_page.keyboard.press("Enter")  # nothing chosen: nothing is called
    assert page_calls(game_page) == before
    assert game_page.get_attribute("body", "data-phase") == "auction"
    assert game_page.locator(BOX_OPEN).count() == 1


def play_out(page: GamePage, table: Table) -> None:
    """Pass at every call and play the first legal card, in the page and in the engine alike."""
    for _ in range(80):
        page.wait_for_function(YOUR_MOVE)
        phase = page.get_attribute("body", "data-phase")
        if phase not in ("play", "auction"):
            return
        if not page.locator("#bid-box").is_hidden():
            page.click('#bid-box .bid[data-call="pass"]')
            assert table.human_call("pass").ok
        else:
            card = page.get_attribute('#hand button.card[aria-disabled="false"]', "data-card")
            assert card
            click_card(page, card)
            assert table.human_play(card).ok
        while table.computer_step():
            pass
    raise AssertionError("the hand did not end")


def check_summary(page: GamePage, table: Table) -> None:
    page.wait_for_selector("#summary:not([hidden])")
    view = table.view()
    summary = view.summary
    assert summary is not None
    assert page.text_content("#summary-text") == summary.text
    assert "make" in summary.text or "fail in" in summary.text
    assert page.text_content("#score-us") == str(view.scores.us)
    assert page.text_content("#score-them") == str(view.scores.them)
    assert page.text_content("#sum-points-us") in (f"+{summary.points.us}", "0")


def bid_nine_hearts(page: GamePage) -> Table:
    """Open the seeded auction, click 9♥ in the page and make the same call in an engine table,
    whose computers then call on; that table."""
    open_contract(page)
    table = engine()
    press_bid(page, "9H")
    assert table.human_call("9H").ok
    while table.computer_step():
        pass
    return table


def test_bid_with_the_keyboard(game_page: GamePage) -> None:
    open_contract(game_page)
    table = engine()
    game_page.keyboard.press("8")
    assert game_page.locator('#bid-box .bid-row.typed[data-level="8"]').count() == 1
    game_page.keyboard.press("d")
    assert game_page.get_attribute("#bid-box .bid.selected", "data-call") == "8D"
    assert "8 diamonds chosen" in status(game_page)
    game_page.keyboard.press("Escape")
    assert game_page.locator("#bid-box .bid.selected").count() == 0
    # Ten no trumps: 1, 0, N; and Enter makes it.
    for key in ("1", "0", "n"):
        game_page.keyboard.press(key)
    assert game_page.get_attribute("#bid-box .bid.selected", "data-call") == "10NT"
    game_page.keyboard.press("Enter")
    assert table.human_call("10NT").ok
    while table.computer_step():
        pass
    game_page.wait_for_function(YOUR_MOVE)
    assert "S:10 no trumps" in page_calls(game_page) or table.view().phase != "auction"
    assert "You bid 10NT." in game_page.inner_text("#announce")
    # With no level typed, P is Pass (when the auction comes round again).
    if not game_page.locator("#bid-box").is_hidden():
        game_page.keyboard.press("p")
        assert game_page.get_attribute("#bid-box .bid.selected", "data-call") == "pass"


def test_hint_and_undo_through_the_auction(game_page: GamePage) -> None:
    """The hint, undo and redo of a bid; then a bid with the mouse, and its contract played out."""
    open_contract(game_page)
    table = engine()
    before = page_calls(game_page)
    game_page.keyboard.press("i")
    hint = table.hint()
    assert game_page.get_attribute("#bid-box .bid[data-hint]", "data-call") == hint
    assert "Hint: " in status(game_page)
    game_page.click('#bid-box .bid[data-call="9S"]')
    game_page.wait_for_function(YOUR_MOVE)
    assert len(page_calls(game_page)) > len(before)
    game_page.keyboard.press("u")
    game_page.wait_for_selector(BOX_OPEN)
    assert page_calls(game_page) == before
    assert game_page.get_attribute("body", "data-phase") == "auction"
    assert "Undone: you take back your bid of 9S" in game_page.inner_text("#announce")
    # Redo puts the bid back; a different bid after another undo goes its own way.
    game_page.keyboard.press("r")
    game_page.wait_for_function(YOUR_MOVE)
    assert any(c == "S:9 spades" for c in page_calls(game_page))
    game_page.keyboard.press("u")
    game_page.wait_for_selector(BOX_OPEN)
    # 9H with the mouse: the computers call on as in the engine, and the contract is played out.
    press_bid(game_page, "9H")
    assert table.human_call("9H").ok
    while table.computer_step():
        pass
    game_page.wait_for_function(YOUR_MOVE)
    assert page_calls(game_page)[:4] == engine_calls(table)[:4]
    assert "You bid 9H." in game_page.inner_text("#announce")
    play_out(game_page, table)
    auction = table.view().auction
    contract = auction.contract if auction else None
    assert contract is not None
    # The contract and its declarer stay in the toolbar through the play.
    assert game_page.get_attribute("#contract-tool", "data-contract") == contract.name + contract.declarer
    assert game_page.locator("#turnup").is_hidden()
    check_summary(game_page, table)


def test_keys_of_the_table_still_work_in_the_auction(game_page: GamePage) -> None:
    open_contract(game_page)
    game_page.keyboard.press("?")
    game_page.wait_for_selector("#help[open]")
    assert "Bidding (Contract Whist)" in game_page.inner_text("#help-controls")
    game_page.keyboard.press("Escape")
    game_page.keyboard.press("m")
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "true"
    # At your call, with no level typed, D keeps its table meaning: the focus to your first
    # diamond, and with Shift what is out in diamonds; X (bridge's sign for it) chooses Double.
    game_page.keyboard.press("d")  # (the keys that ask the table load at a player's first key: "?" above)
    game_page.wait_for_function("() => (document.activeElement.dataset.card || '').endsWith('D')")
    assert game_page.locator("#bid-box .bid.selected").count() == 0
    game_page.keyboard.press("Shift+D")
    game_page.wait_for_function("(s) => document.querySelector('#announce p:last-child').textContent === s",
                                arg=ask(engine(), "suit", 2))
    game_page.keyboard.press("x")
    assert game_page.get_attribute("#bid-box .bid.selected", "data-call") == "double"
    game_page.keyboard.press("Escape")
    assert game_page.locator("#bid-box .bid.selected").count() == 0


#: Each bid, Pass and Double of the box on show (and each level, where a small screen shows a
#: level at a time): why it cannot be tapped at its centre without scrolling.
BOX_REACH = """() => [...document.querySelectorAll('#bid-box .bid, #bid-box .bid-level')]
    .filter(b => b.getClientRects().length).flatMap(b => {
  const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
    return [(b.dataset.call || 'level ' + b.dataset.level) + ' off screen'];
  const hit = document.elementFromPoint(x, y);
  const name = b.dataset.call || 'level ' + b.dataset.level;
  return hit && b.contains(hit) ? [] : [name + ' covered by ' + (hit ? hit.className : 'nothing')];
})"""


@pytest.mark.parametrize(("size", "seed"), [("360x640", 3), ("390x844", 3), ("844x390", 3), ("360x640", SEED)])
def test_the_whole_bidding_box_shows_on_a_phone(browser: Browser, dev_server: str, request: pytest.FixtureRequest,
                                                size: str, seed: int) -> None:
    """Deal 3: your call first, so all seven levels; deal 2: Double is offered too."""
    page = open_sized(browser, dev_server, request, size)
    open_contract(page, seed)
    calls = page.eval_on_selector_all("#bid-box .bid", "bs => bs.map(b => b.dataset.call)")
    assert "pass" in calls and len(calls) >= (36 if seed == 3 else 31)
    assert ("double" in calls) == (seed == SEED)
    levels = page.eval_on_selector_all("#bid-box .bid-level", "bs => bs.map(b => b.dataset.level)")
    shown = page.locator("#bid-box .bid-level").first.is_visible()  # a level at a time (360x640, 844x390)
    assert shown == (size != "390x844") and len(levels) == (7 if seed == 3 else len(levels))
    for level in levels if shown else [None]:
        if level is not None:
            page.tap(f'#bid-box .bid-level[data-level="{level}"]')
            assert page.get_attribute(f'#bid-box .bid-level[data-level="{level}"]', "aria-pressed") == "true"
            assert page.eval_on_selector_all(
                "#bid-box .bid:not(.bid-pass):not(.bid-dbl)",
                "bs => bs.filter(b => b.getClientRects().length).map(b => b.dataset.call)") == [
                f"{level}{s}" for s in ("C", "D", "H", "S", "NT")]
        assert page.evaluate(BOX_REACH) == []
        if level == levels[0] and seed == 3:  # the box by level: axe, every impact
            assert violations(page, f"the bidding box by level at {size}") == []
        # every bid a finger hits, 44 px square or more (touch)
        small = page.evaluate("""() => [...document.querySelectorAll('#bid-box .bid, #bid-box .bid-level')]
            .filter(b => b.getClientRects().length).filter(b => { const r = b.getBoundingClientRect();
            return r.width < 44 || r.height < 44; }).map(b => b.dataset.call || b.dataset.level)""")
        assert small == [], f"under 44 px: {small}"
    # Nothing scrolls: not the page, not the panel.
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    assert page.evaluate("() => { const p = document.querySelector('#auction'); "
                         "return p.scrollHeight <= p.clientHeight + 1; }")
    press_bid(page, "9H" if seed == SEED else "7NT", tap=True)
    page.wait_for_function(YOUR_MOVE)


@pytest.mark.parametrize("size", ["360x640", "844x390", "1366x768"])
def test_the_declarer_shows_and_the_auction_opens_again(browser: Browser, dev_server: str,
                                                        request: pytest.FixtureRequest, size: str) -> None:
    page = open_sized(browser, dev_server, request, size)
    table = bid_nine_hearts(page)
    while table.view().phase == "auction":
        page.wait_for_selector(BOX_OPEN)
        page.click('#bid-box .bid[data-call="pass"]')
        assert table.human_call("pass").ok
        while table.computer_step():
            pass
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    view = table.view()
    contract = view.auction.contract if view.auction else None
    assert contract is not None
    who = "you" if contract.declarer == view.human else contract.declarer_name
    # The contract and who declared it, shown and not covered, on every size.
    assert page.text_content("#contract-by") == f"by {who}"
    for part in ("#contract-name", "#contract-by"):
        assert page.evaluate("""(s) => { const e = document.querySelector(s), r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.width > 0 && r.right <= innerWidth && r.bottom <= innerHeight && e.contains(hit); }""", part), part
    # The auction again: from the keyboard (Enter on the contract's button), Escape closes it.
    page.focus("#contract-tool")
    page.keyboard.press("Enter")
    page.wait_for_selector("#auction-recall[open]")
    recalled = page.evaluate(CALLS.replace("#auction-calls", "#recall-calls"))
    assert recalled == engine_calls(table)
    assert page.text_content("#recall-contract") == f"Contract: {contract.long_name} by {who}."
    page.keyboard.press("Escape")
    page.wait_for_selector("#auction-recall:not([open])", state="attached")
    assert page.evaluate("() => document.activeElement.id") == "contract-tool"
    # And by a tap or a click during the play.
    if SIZES[size][2]:
        page.locator("#contract-tool").tap()
    else:
        page.click("#contract-tool")
    page.wait_for_selector("#auction-recall[open]")
    page.click("#auction-recall .close-btn")
    page.wait_for_selector("#auction-recall:not([open])", state="attached")

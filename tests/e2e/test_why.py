"""Ask any computer why (issue 40), in the real page: a computer's card in the trick or in the last
trick's dialog is a button; a click or Enter on it says the table's sentence (why that seat played
it) in the live region and shows it; Escape clears it. axe checks the new controls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.e2e.conftest import settings_storage, shot
from tests.e2e.test_a11y import AXE, TAGS
from tests.e2e.test_play import YOUR_MOVE, click_card, legal_from_page, read
from tests.e2e.test_review import finish_hand

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

WHY_CARD = "#trick [data-why]"
LAST_SAID = "() => document.querySelector('#announce').lastElementChild?.textContent || ''"
RUN_AXE_ON = """async ([where, tags]) => {
  const result = await axe.run(where, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}) ${v.help}: `
    + v.nodes.map(n => n.target.join(' ')).join(', '));
}"""


def violations(page: GamePage, where: str) -> list[str]:
    """axe's violations of every impact in ``where`` (a selector: the new controls and what they show)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # (by DevTools: see tests/e2e/test_a11y.py)
    return [f"{where}: {v}" for v in page.evaluate(RUN_AXE_ON, [where, TAGS])]


def table_with_a_why(page: GamePage) -> None:
    """Play your lowest cards until a computer's card lies in the trick on your turn."""
    for _ in range(13):
        page.wait_for_function(YOUR_MOVE)
        if page.locator(WHY_CARD).count():
            return
        click_card(page, sorted(legal_from_page(read(page)))[0])
    raise AssertionError("no computer's card in the trick on your turn")


def test_a_computers_card_says_why_it_was_played(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=12345")
    table_with_a_why(game_page)
    card = game_page.locator(WHY_CARD).first
    why = str(card.get_attribute("data-why"))
    seat_name = str(card.get_attribute("aria-label")).split(":")[0]
    assert why.startswith(seat_name + " ") and why.endswith(".")
    assert card.get_attribute("role") == "button" and card.get_attribute("tabindex") == "0"
    hand = read(game_page)["hand"]
    card.click()
    game_page.wait_for_function(f"() => ({LAST_SAID})() === {why!r}")
    assert game_page.inner_text("#status") == why
    assert read(game_page)["hand"] == hand  # nothing played, nothing skipped
    game_page.keyboard.press("Escape")
    game_page.wait_for_function("(why) => document.querySelector('#status').textContent !== why", arg=why)
    # By keyboard: the focus on a card of the trick, Enter.
    said = game_page.locator("#announce p").count()
    last = game_page.locator(WHY_CARD).last
    last.focus()
    game_page.keyboard.press("Enter")
    expected = str(last.get_attribute("data-why"))
    game_page.wait_for_function(f"() => ({LAST_SAID})() === {expected!r}")
    assert game_page.locator("#announce p").count() >= min(said + 1, 6)
    assert game_page.inner_text("#status") == expected and read(game_page)["hand"] == hand
    problems = violations(game_page, "#trick") + violations(game_page, "#status")
    # The last trick's dialog: the computers' cards say why there too, under the cards.
    click_card(game_page, sorted(legal_from_page(read(game_page)))[0])
    game_page.wait_for_function(YOUR_MOVE)
    game_page.keyboard.press("l")
    in_dialog = game_page.locator("#last-cards [data-why]").first
    in_dialog.click()
    text = str(in_dialog.get_attribute("data-why"))
    game_page.wait_for_function("(t) => document.querySelector('#last-why').textContent === t", arg=text)
    problems += violations(game_page, "#last-trick")
    game_page.keyboard.press("Escape")
    assert not problems, "axe-core found:\n" + "\n".join(problems)


def test_a_reload_still_explains_the_trick(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=777")
    table_with_a_why(game_page)
    before = game_page.eval_on_selector_all(WHY_CARD, "cs => cs.map(c => c.dataset.why)")
    game_page.restart()
    game_page.wait_for_function(YOUR_MOVE)
    assert game_page.eval_on_selector_all(WHY_CARD, "cs => cs.map(c => c.dataset.why)") == before


def test_screenshots_of_a_why(shared_page: Any) -> None:
    for width, height in ((390, 844), (1366, 768)):
        page = shared_page(viewport={"width": width, "height": height})
        page.open("?pace=instant&seed=12345")
        table_with_a_why(page)
        page.locator(WHY_CARD).first.click()
        page.wait_for_function("() => document.querySelector('#status').classList.contains('why')")
        shot(page, f"why-{width}x{height}")
        click_card(page, sorted(legal_from_page(read(page)))[0])
        page.wait_for_function(YOUR_MOVE)
        page.keyboard.press("l")
        page.locator("#last-cards [data-why]").first.click()
        page.wait_for_function("() => !!document.querySelector('#last-why').textContent")
        shot(page, f"why-last-{width}x{height}")
        page.keyboard.press("Escape")


def test_the_review_says_why_a_computer_played_a_card(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=4242")
    finish_hand(game_page)
    game_page.click("#review-open")
    game_page.wait_for_selector("#review[open]")
    cards = game_page.locator("#review-board [data-why]")
    assert cards.count() == 3  # the three computers' cards of the trick; yours has none
    cards.first.click()
    text = str(cards.first.get_attribute("data-why"))
    game_page.wait_for_function("(t) => document.querySelector('#review-why').textContent === t", arg=text)
    game_page.click("#review-next")  # another trick: the sentence goes
    game_page.wait_for_function("() => document.querySelector('#review-why').textContent === ''")
    last = game_page.locator("#review-board [data-why]").last
    last.focus()
    game_page.keyboard.press("Enter")
    text = str(last.get_attribute("data-why"))
    game_page.wait_for_function("(t) => document.querySelector('#review-why').textContent === t", arg=text)
    problems = violations(game_page, "#review-board") + violations(game_page, "#review-why")
    shot(game_page, "why-review")
    game_page.keyboard.press("Escape")
    assert not problems, "axe-core found:\n" + "\n".join(problems)


def test_a_hard_computer_says_why_from_its_search_in_the_worker(game_page: GamePage) -> None:
    game_page.open("?pace=instant&seed=4242", storage=settings_storage(opponent_level="hard"))
    found: list[str] = []
    for _ in range(13):  # an opponent's card (Hard, thought in the worker), with the search's figures
        game_page.wait_for_function(YOUR_MOVE)
        whys = game_page.eval_on_selector_all(
            '#trick [data-why][data-seat="E"], #trick [data-why][data-seat="W"]', "cs => cs.map(c => c.dataset.why)")
        found = [w for w in whys if "deals of the hidden cards" in w]
        if found:
            break
        click_card(game_page, sorted(legal_from_page(read(game_page)))[0])
    assert found and all(w.startswith(("East ", "West ")) for w in found)
    assert game_page.evaluate("() => document.body.dataset.thinker") == "ready"
    assert game_page.evaluate("() => document.body.dataset.decidedHere || '0'") == "0"

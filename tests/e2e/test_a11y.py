"""An automated accessibility check with axe-core, in both colour schemes.

axe-core is a pinned devDependency (package.json); its script is injected into
the page by the test only, never served by the site. The check runs the
WCAG 2.x A and AA rules (contrast included) and the best practices on the
table, the settings, the help (both tabs), the last trick and the end-of-hand
summary, and fails on any serious or critical violation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.e2e.test_play import YOUR_MOVE, legal_from_page, read

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""


def serious_violations(page: GamePage, where: str) -> list[str]:
    return violations(page, where, ("serious", "critical"))


def violations(page: GamePage, where: str, impacts: tuple[str, ...] = ("minor", "moderate", "serious", "critical")
               ) -> list[str]:
    """axe's violations on the page as it is now, of the given impacts (by default every impact)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Run by DevTools, which the page's Content-Security-Policy does not govern: the page
        # itself refuses an inline <script> such as add_script_tag's.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE, TAGS)
    return [f"{where}: {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["nodes"])
            for v in found if v["impact"] in impacts]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(game_page: GamePage, scheme: str) -> None:
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` (it is a devDependency in package.json)", pytrace=False)
    game_page.emulate_media(color_scheme=scheme)
    game_page.open(f"?pace=instant&seed={1234 if scheme == 'light' else 4321}")
    game_page.wait_for_function(YOUR_MOVE)
    # Something on the table: a trick in play, a hint shown.
    game_page.click('#hand button.card[aria-disabled="false"]', position={"x": 8, "y": 24})
    game_page.wait_for_function(YOUR_MOVE)
    game_page.keyboard.press("i")
    problems = serious_violations(game_page, "table")
    # The settings.
    game_page.tool("settings-btn")
    problems += serious_violations(game_page, "settings")
    game_page.keyboard.press("Escape")
    # The help: the rules, then the keys.
    game_page.keyboard.press("?")
    problems += serious_violations(game_page, "help (controls)")
    game_page.click("#tab-rules")
    problems += serious_violations(game_page, "help (rules)")
    game_page.keyboard.press("Escape")
    # The last trick.
    game_page.keyboard.press("l")
    problems += serious_violations(game_page, "last trick")
    game_page.keyboard.press("Escape")
    # The end-of-hand summary.
    while True:
        game_page.wait_for_function(YOUR_MOVE)
        table = read(game_page)
        if table["phase"] != "play":
            break
        card = sorted(legal_from_page(table))[0]
        game_page.click(f'#hand button.card[data-card="{card}"]', position={"x": 8, "y": 24})
    assert game_page.is_visible("#summary")
    problems += serious_violations(game_page, "summary")
    assert not problems, "axe-core found:\n" + "\n".join(problems)


def test_axe_on_the_phone_layout(shared_page: Any) -> None:
    page = shared_page(viewport={"width": 390, "height": 844})
    page.open("?pace=instant&seed=8")
    page.wait_for_function(YOUR_MOVE)
    problems = serious_violations(page, "phone table")
    assert not problems, "axe-core found:\n" + json.dumps(problems, indent=1)

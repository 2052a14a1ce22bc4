"""The page always starts, in Chromium, whatever is stored or in the address: a value nested
10,000 deep in any key, a file like it imported, a deal number in other digits than ASCII,
a damaged game too large to copy aside. Each gives a playable table and a true notice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import GamePage
from tests.e2e.test_persistence import INSTANT, SEED, damaged_game, notice, shot, stored
from tests.e2e.test_play import play_lowest, wait_your_move

DEEP = "[" * 10_000 + "]" * 10_000


@pytest.mark.parametrize("key", ["whist:game", "whist:settings", "whist:stats"])
def test_deep_json_in_storage_gives_a_table_and_a_notice(game_page: GamePage, key: str) -> None:
    game_page.open(INSTANT.format(seed=SEED), storage={key: DEEP})
    for _ in range(2):  # and the next visit too (the record is set aside: nothing more to tell)
        if _:
            game_page.restart()
        wait_your_move(game_page)
        play_lowest(game_page)
        wait_your_move(game_page)
        if _ == 0:
            lines = notice(game_page)
            assert len(lines) == 1 and "nested far too deep" in lines[0], lines
            assert game_page.evaluate("k => localStorage.getItem(k + ':damaged')", key) == DEEP
        else:
            assert notice(game_page) == []


def test_importing_deep_json_keeps_the_table(game_page: GamePage, tmp_path: Path) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    before = wait_your_move(game_page)
    path = tmp_path / "deep.json"
    path.write_text('{"kind": "whist-export", "v": 1, "stats": ' + "[" * 100_000 + "]" * 100_000 + "}")
    game_page.tool("stats-btn")
    game_page.set_input_files("#stats-file", str(path))
    game_page.wait_for_function("() => document.querySelector('#stats-msg').textContent.includes('Not imported')")
    assert "far too many lists" in game_page.inner_text("#stats-msg")
    game_page.keyboard.press("Escape")
    assert wait_your_move(game_page)["hand"] == before["hand"]
    play_lowest(game_page)
    wait_your_move(game_page)


ODD = {
    "#deal=²": "is not a deal number", "#deal=①": "is not a deal number", "?deal=²": "is not a deal number",
    "?seed=%D9%A3": "is not a deal number", "#deal=" + "9" * 40: "is not a deal number",
    "?game=%E2%80%AEsnap": "There is no game called", "#dealer=%F0%9F%82%A1&game=german": "cannot deal",
    "?target=%00&zz=%FF%FE": "Classic Whist has no option",
}


@pytest.mark.parametrize("address", list(ODD))
def test_an_odd_address_gives_a_table_and_a_notice(game_page: GamePage, address: str) -> None:
    path = "?pace=instant&" + address[1:] if address.startswith("?") else "?pace=instant" + address
    game_page.open(path)
    wait_your_move(game_page)
    lines = notice(game_page)
    assert any(ODD[address] in line for line in lines), lines
    assert game_page.inner_text("#notice-title") == "Not everything in the address could be used"
    assert game_page.is_hidden("#error")
    if address == "#deal=²":
        for width, height in ((360, 640), (1280, 800)):
            game_page.set_viewport_size({"width": width, "height": height})
            shot(game_page, f"notice-address-{width}")
    play_lowest(game_page)
    wait_your_move(game_page)
    # Told again on a reload (the address still says it), and the table still starts.
    game_page.restart()
    assert any(ODD[address] in line for line in notice(game_page))


def test_an_odd_deal_link_on_the_open_page_is_told(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    wait_your_move(game_page)
    game_page.evaluate("() => { location.hash = 'deal=\u2460'; }")
    game_page.wait_for_selector("#notice:not([hidden])")
    assert "is not a deal number" in notice(game_page)[0]
    wait_your_move(game_page)


def test_a_damaged_game_too_large_to_copy_is_told_truly_and_kept_until_ok(game_page: GamePage) -> None:
    big = dict(damaged_game(SEED, "illegal"), id="not a valid id!", pad="x" * 3_000_000)
    raw = json.dumps(big)
    game_page.open(INSTANT.format(seed=SEED), storage={"whist:game": raw})
    lines = notice(game_page)
    assert len(lines) == 1 and "no room on this device for a copy" in lines[0], lines
    assert "kept aside" not in lines[0]
    assert game_page.evaluate("() => localStorage.getItem('whist:game:damaged')") is None
    # The new game plays, and the damaged record is not written over while the notice is up.
    wait_your_move(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    assert game_page.evaluate("() => localStorage.getItem('whist:game')") == raw
    game_page.set_viewport_size({"width": 360, "height": 640})
    shot(game_page, "notice-unkept-phone")
    with game_page.expect_download() as info:
        game_page.click("#notice-download")
    data = json.loads(Path(info.value.path()).read_text())
    assert data["records"]["whist:game"] == raw
    game_page.click("#notice-close")
    game_page.wait_for_function("() => (localStorage.getItem('whist:game') || '').length < 100000")
    assert stored(game_page, "whist:game")["record"]["seed"] == SEED

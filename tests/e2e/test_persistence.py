"""Nothing is lost, in Chromium: the game in progress, the settings and the stats survive
reloads, closed tabs, other tabs and damaged or refused storage.

The games are played at ``?pace=instant`` with the lowest legal card each turn;
which of them are won is worked out here in CPython, playing the same seed the
same way (the page's computer players decide exactly as the engine's). Bad data
is written into localStorage by the test, or the browser's storage is made to
refuse with an init script (``page.add_init_script``) as in private browsing or
with a full quota. Screenshots go to ``$WHIST_SHOTS`` (conftest's ``shot``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import GamePage, SharedPageFactory, shot
from tests.e2e.test_controls import state
from tests.e2e.test_play import play_lowest, wait_your_move
from whist.engine.seats import Seat
from whist.engine.state import GameState
from whist.table import Table
from whist.table.catalog import game_result
from whist.table.records import encode, encode_game
from whist.table.stats import new_game_id

INSTANT = "?pace=instant&seed={seed}"
SEED = 2024
KEYS = ("whist:settings", "whist:stats", "whist:game")

#: Candidates for a short game won and a short game lost by the lowest-card player.
CANDIDATES = (28, 76, 153, 333, 14, 22, 2, 5)


def stored(page: GamePage, key: str) -> Any:
    text = page.evaluate("k => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def put(page: GamePage, key: str, value: Any) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])


def play_to_end(page: GamePage) -> None:
    """Play the lowest legal card each turn until the game is over (Next hand between hands)."""
    while True:
        table = wait_your_move(page)
        if table["phase"] == "game-over":
            return
        if table["phase"] == "hand-over":
            page.click("#next-hand")
            page.wait_for_function("() => document.body.dataset.phase !== 'hand-over'")
            continue
        play_lowest(page)


def lowest_game(seed: int) -> dict[str, Any]:
    """The game of ``seed`` played in CPython as play_to_end plays it on the page."""
    t = Table(seed=seed)
    while not t.state.is_over:
        while t.computer_step():
            pass
        if t.state.is_over:
            break
        if t.state.phase.value == "hand-over":
            t.next_hand()
            continue
        legal = sorted(c.card for c in t.view().hand if c.legal)
        assert t.human_play(legal[0]).ok
    return game_result(t.state, Seat.S)


def near_the_end(seed: int, left: int = 2, hand: int | None = None) -> dict[str, str]:
    """Storage (for ``open(storage=)``) holding the game of ``seed`` as play_to_end plays it, saved
    at your move with ``left`` cards in your hand in its last hand (or its hand number ``hand``):
    play_to_end from there ends it as from its start (the same record, the same result), for a
    few tricks instead of whole hands."""
    hands = hand or lowest_game(seed)["hands_played"]
    t = Table(seed=seed)
    done = 0
    while True:
        while t.computer_step():
            pass
        assert not t.state.is_over, f"deal {seed} ended before {left} cards were left"
        if t.state.phase.value == "hand-over":
            t.next_hand()
            done += 1
            continue
        mine = t.view().hand
        if done == hands - 1 and len(mine) == left:
            return {"whist:game": encode(encode_game(new_game_id(seed, 1_700_000_000_000), t))}
        assert t.human_play(sorted(c.card for c in mine if c.legal)[0]).ok


def read_stats(page: GamePage, game: str = "overall") -> dict[str, str]:
    """Open the stats panel (if closed), show ``game``, and read its tiles."""
    if not page.evaluate("() => document.querySelector('#stats').open"):
        page.tool("stats-btn")
    page.wait_for_selector("#stats[open] .stat")
    page.select_option("#stats-game", game)
    page.wait_for_function("g => document.querySelector('#stats-tiles').dataset.game === g", arg=game)
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#stats-tiles .stat')]
        .map(t => [t.dataset.stat, t.querySelector('.stat-value').textContent]))""")


def close_dialog(page: GamePage) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog[open]')")


def notice(page: GamePage) -> list[str]:
    if page.is_hidden("#notice"):
        return []
    return page.locator("#notice-list li").all_inner_texts()


SAID = """window.__said = [];
if (!window.__saidWatch) {
  window.__saidWatch = new MutationObserver(changes => changes.forEach(c => c.target.id === 'announce'
      && c.addedNodes.forEach(n => window.__said.push(n.textContent))));
  window.__saidWatch.observe(document.body, {childList: true, subtree: true});
}"""
"""A script for ``GamePage.open(script=)`` on a shared page: every text said in the polite live
region from then on, in ``window.__said`` (the body stays across the page's resets; the region
is drawn again in it)."""

#: Storage that refuses: ``refuse(kind, names)`` makes the storage methods ``names`` throw a
#: DOMException of ``kind`` (``window.localStorage`` itself too, for a SecurityError), until
#: :data:`ACCEPT` puts them back. Set on a shared page between two of its tables, as the next
#: table opens: what a page whose storage refuses from its first script meets.
REFUSE = """([kind, names]) => {
  const real = window.__realStorage = window.__realStorage || {
    methods: Object.fromEntries(['getItem', 'setItem', 'removeItem', 'clear', 'key']
        .map(n => [n, Storage.prototype[n]])),
    local: Object.getOwnPropertyDescriptor(window, 'localStorage')};
  const refuse = () => { throw new DOMException('The storage refuses (a test).', kind); };
  for (const name of names) Storage.prototype[name] = refuse;
  if (kind === 'SecurityError') Object.defineProperty(window, 'localStorage', {get: refuse, configurable: true});
}"""
ACCEPT = """() => { const real = window.__realStorage; if (!real) return;
  Object.assign(Storage.prototype, real.methods);
  Object.defineProperty(window, 'localStorage', real.local); }"""


def said(page: GamePage) -> list[str]:
    return page.evaluate("() => window.__said")


def into_the_middle_of_a_trick(page: GamePage) -> None:
    """Play until it is your turn with cards already in the trick, after a trick or more."""
    for _ in range(13):
        table = wait_your_move(page)
        if table["trick"] and len(table["hand"]) < 13:
            return
        play_lowest(page)
    pytest.fail("never reached the middle of a trick")


# --- the game in progress ------------------------------------------------------------------

def test_reload_mid_trick_restores_the_exact_game_with_undo_and_redo(game_page: GamePage) -> None:
    # A game of one hand (deal 2024's has five), from its last tricks (saved as play_to_end plays
    # it): into a trick, then played to its end below.
    seed = next(s for s in CANDIDATES if lowest_game(s)["hands_played"] == 1)
    game_page.open("?pace=instant", storage=near_the_end(seed, left=3))
    into_the_middle_of_a_trick(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    after_card = state(game_page)
    game_page.click("#undo-btn")          # the redo list is part of what is kept
    wait_your_move(game_page)
    before = state(game_page)
    assert before["trick"] and before["phase"] == "play"
    saved = stored(game_page, "whist:game")
    assert saved["v"] == 1 and saved["redo"] and saved["record"]["seed"] == seed

    game_page.reload()  # a real reload: Python boots again and reads what was kept
    game_page.wait_ready()
    wait_your_move(game_page)
    assert state(game_page) == before, "the same cards, trick, tricks, scores and turn after a reload"
    assert game_page.get_attribute("#undo-btn", "aria-disabled") == "false"
    assert game_page.get_attribute("#redo-btn", "aria-disabled") == "false"
    assert "restored" in game_page.inner_text("#announce")
    assert notice(game_page) == []
    game_page.click("#redo-btn")
    wait_your_move(game_page)
    assert state(game_page) == after_card
    game_page.click("#undo-btn")          # the undo history came back with the record
    wait_your_move(game_page)
    assert state(game_page) == before

    # On to the end: the record kept after the reload is the one from before, played on.
    prefix = stored(game_page, "whist:game")["record"]["actions"]
    play_to_end(game_page)
    record = stored(game_page, "whist:game")["record"]
    assert record["actions"][: len(prefix)] == prefix
    final = GameState.from_record(record)
    assert final.is_over
    assert read_stats(game_page)["played"] == "1"


def test_another_deal_in_the_address_starts_that_deal(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    wait_your_move(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    game_page.open(INSTANT.format(seed=SEED + 1), keep=True)
    wait_your_move(game_page)
    assert stored(game_page, "whist:game")["record"]["seed"] == SEED + 1


# --- stats ---------------------------------------------------------------------------------

def test_won_and_lost_games_in_the_stats_counted_once(game_page: GamePage) -> None:
    results = {seed: lowest_game(seed) for seed in CANDIDATES}
    win = min((s for s in CANDIDATES if results[s]["won"]), key=lambda s: results[s]["hands_played"])
    loss = min((s for s in CANDIDATES if not results[s]["won"]), key=lambda s: results[s]["hands_played"])

    # Each game from its last tricks (saved as play_to_end plays it): the same end, the same result.
    game_page.open("?pace=instant", storage=near_the_end(win))
    play_to_end(game_page)
    assert game_page.inner_text("#summary-title") == "You win the game!"
    w = results[win]
    game_page.click("#summary-stats")
    tiles = read_stats(game_page)
    assert tiles == {"played": "1", "won": "1", "win_rate": "100%", "streak": "1", "best_streak": "1",
                     "hands_played": str(w["hands_played"]), "hands_won": str(w["hands_won"]),
                     "best_margin": str(w["margin"])}
    close_dialog(game_page)

    # Reloaded on the game-over screen: the same game, not counted again.
    game_page.restart()
    assert game_page.evaluate("() => document.body.dataset.phase") == "game-over"
    assert read_stats(game_page)["played"] == "1"
    close_dialog(game_page)

    # (as a new tab would find the device's storage: this tab's own game, the won one, forgotten)
    game_page.open("?pace=instant", storage=near_the_end(loss), keep=True, script="sessionStorage.clear();")
    play_to_end(game_page)
    lost = results[loss]
    tiles = read_stats(game_page)
    assert tiles == {"played": "2", "won": "1", "win_rate": "50%", "streak": "0", "best_streak": "1",
                     "hands_played": str(w["hands_played"] + lost["hands_played"]),
                     "hands_won": str(w["hands_won"] + lost["hands_won"]), "best_margin": str(w["margin"])}
    assert read_stats(game_page, "classic") == tiles
    assert game_page.locator("#stats-game option").all_inner_texts() == ["All games", "Classic Whist"]
    game_page.set_viewport_size({"width": 1280, "height": 800})
    shot(game_page, "stats-desktop")

    # Reset asks first: "Keep them" keeps them, "Reset stats" resets.
    game_page.click("#stats-reset")
    assert game_page.is_visible("#stats-confirm")
    game_page.click("#stats-reset-no")
    assert read_stats(game_page)["played"] == "2"
    game_page.click("#stats-reset")
    shot(game_page, "stats-reset-confirm")
    game_page.click("#stats-reset-yes")
    assert game_page.is_hidden("#stats-confirm")
    assert read_stats(game_page) == {"played": "0", "won": "0", "win_rate": "\u2013", "streak": "0",
                                     "best_streak": "0", "hands_played": "0", "hands_won": "0",
                                     "best_margin": "\u2013"}
    assert "reset" in game_page.inner_text("#stats-msg")
    # The game on the screen was counted before the reset: a reload does not count it again.
    game_page.restart()
    assert read_stats(game_page)["played"] == "0"


def test_the_stats_panel_on_a_phone(shared_page: SharedPageFactory) -> None:
    page = shared_page(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page.open(INSTANT.format(seed=SEED), storage={"whist:stats": json.dumps({"v": 1, "recorded": [], "overall": {
        "played": 23, "won": 14, "streak": 3, "best_streak": 6, "hands_played": 121, "hands_won": 70, "best_margin": 7},
        "games": {"classic": {"played": 20, "won": 12, "streak": 3, "best_streak": 6, "hands_played": 110,
                              "hands_won": 63, "best_margin": 7},
                  "german": {"played": 3, "won": 2, "streak": 1, "best_streak": 2, "hands_played": 11,
                             "hands_won": 7, "best_margin": 40}}})})
    # The toolbar still fits: every button on the screen, side by side, none too small to tap;
    # this narrow, Stats is listed under More (and is in Settings and on the game-over panel).
    boxes = page.evaluate("""() => [...document.querySelectorAll('.actions .icon-btn')]
        .filter(b => b.offsetParent).map(b => b.getBoundingClientRect())
        .map(r => [r.left, r.right, r.width, r.height])""")
    assert page.is_hidden("#stats-btn") and len(boxes) == 7
    assert all(left >= 0 and right <= 360 and width >= 44 and height >= 44 for left, right, width, height in boxes)
    assert all(a[1] <= b[0] + 0.5 for a, b in pairwise(boxes))
    page.tool("settings-btn", tap=True)
    page.tap("#settings-stats")
    tiles = read_stats(page)
    assert tiles["played"] == "23" and tiles["win_rate"] == "61%" and tiles["best_streak"] == "6"
    assert page.locator("#stats-game option").all_inner_texts() == ["All games", "Classic Whist", "German Whist"]
    assert read_stats(page, "german")["best_margin"] == "40"
    page.select_option("#stats-game", "overall")
    dialog = page.locator("#stats").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 360
    shot(page, "stats-phone")


# --- settings --------------------------------------------------------------------------------

def test_settings_are_remembered(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    game_page.tool("settings-btn")
    game_page.select_option("#set-opponent-level", "hard")
    game_page.select_option("#set-trick-pause", "long")
    game_page.check("#set-auto-play")
    game_page.uncheck("#set-sound")
    game_page.click("#settings-done")
    saved = stored(game_page, "whist:settings")
    # ?pace=instant is this visit's: the player's own speed stays as it was.
    assert saved == {"v": 1, "speed": "normal", "trick_pause": "long", "auto_play": True, "sound": False,
                     "partner_level": "normal", "opponent_level": "hard"}
    game_page.open(f"?seed={SEED}", keep=True)
    assert game_page.get_attribute("#mute-btn", "aria-pressed") == "true"
    game_page.tool("settings-btn")
    assert game_page.input_value("#set-opponent-level") == "hard"
    assert game_page.input_value("#set-trick-pause") == "long"
    assert game_page.is_checked("#set-auto-play") and not game_page.is_checked("#set-sound")
    assert game_page.is_checked("input[name=speed][value=normal]")


# --- bad data -------------------------------------------------------------------------------

def damaged_game(seed: int, damage: str) -> dict[str, Any]:
    state = GameState("classic", seed=seed)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    record = state.to_record()
    if damage == "card twice":
        record["actions"][6] = record["actions"][1]
    elif damage == "illegal":
        record["actions"][3] = "ZZ"
    else:  # 53 cards
        record["actions"] = record["actions"] + ["AS"] * 60
    return {"v": 1, "id": "x-1", "record": record, "redo": []}


#: For each kind of bad data: the records put in storage (a key's text, or a value stored as JSON)
#: and what the notice says.
BAD: dict[str, tuple[dict[str, object], str]] = {
    "unparsable settings": ({"whist:settings": "{\"v\": 1, \"sound\": fal"}, "settings could not be read"),
    "wrong types": ({"whist:settings": {"v": 1, "sound": False, "opponent_level": 7, "auto_play": "yes",
                                        "zzz": [1]}},
                    "Some saved settings could not be read (play my only legal card and opponents' strength)"),
    "absurd stats": ({"whist:stats": {"v": 1, "recorded": [],
                                      "overall": {"played": 4, "won": 3, "streak": 40, "best_streak": 40,
                                                  "hands_played": -3, "hands_won": 2},
                                      "games": {"classic": {"played": -1, "won": "many"}}}},
                     "were damaged and have been corrected; the rest are kept"),
    "stats not a record": ({"whist:stats": "[1, 2, 3]"}, "Your saved stats could not be read"),
    "card played twice": ({"whist:game": damaged_game(SEED, "card twice")}, "could not be restored"),
    "illegal play": ({"whist:game": damaged_game(SEED, "illegal")}, "could not be restored"),
    "53 cards": ({"whist:game": damaged_game(SEED, "53")}, "could not be restored"),
    "newer version": ({"whist:stats": {"v": 9, "overall": {"played": 5}}}, "newer version of this game"),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_bad_data_is_told_once_and_the_game_plays(game_page: GamePage, kind: str) -> None:
    records, told = BAD[kind]
    good_stats = {"v": 1, "recorded": [], "overall": {"played": 1, "won": 1, "streak": 1, "best_streak": 1,
                                                      "hands_played": 2, "hands_won": 2, "best_margin": 3},
                  "games": {}}
    texts = {key: value if isinstance(value, str) else json.dumps(value)
             for key, value in {"whist:stats": good_stats, **records}.items()}
    game_page.open(INSTANT.format(seed=SEED), storage=texts)
    lines = notice(game_page)
    assert len(lines) == 1 and told in lines[0], lines
    assert told in game_page.inner_text("#announce")
    assert "Traceback" not in game_page.inner_text("body")
    assert game_page.is_hidden("#error")
    if kind == "wrong types":
        assert game_page.get_attribute("#mute-btn", "aria-pressed") == "true"  # the valid field is kept
    if kind == "absurd stats":
        tiles = read_stats(game_page)
        assert (tiles["played"], tiles["won"], tiles["streak"], tiles["best_streak"]) == ("4", "3", "3", "3")
        assert read_stats(game_page, "classic")["played"] == "0"
        close_dialog(game_page)
    elif "whist:stats" not in records:
        assert read_stats(game_page)["played"] == "1"                          # the other records are kept
        close_dialog(game_page)
    if kind == "absurd stats":
        game_page.set_viewport_size({"width": 1280, "height": 800})
        shot(game_page, "notice-desktop")
    # The game plays.
    wait_your_move(game_page)
    play_lowest(game_page)
    wait_your_move(game_page)
    game_page.click("#notice-close")
    assert game_page.is_hidden("#notice")
    # Told once: the next visit has nothing to tell.
    game_page.restart()
    assert notice(game_page) == []


def test_every_kind_of_damage_at_once_on_a_phone(shared_page: SharedPageFactory) -> None:
    page = shared_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
    page.open(INSTANT.format(seed=SEED), storage={
        "whist:settings": "{oops", "whist:stats": json.dumps({"v": 1, "overall": {"played": -2, "won": 5}}),
        "whist:game": json.dumps(damaged_game(SEED, "card twice"))})
    lines = notice(page)
    assert len(lines) == 3, lines
    wait_your_move(page)
    shot(page, "notice-phone")
    page.tap("#notice-close")
    assert page.is_hidden("#notice")
    assert page.evaluate("() => localStorage.getItem('whist:game:damaged')") is not None


def test_storage_disabled_as_in_private_browsing(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=1))
    game_page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # nothing kept, then refused
    game_page.evaluate(REFUSE, ["SecurityError", ["getItem", "setItem", "removeItem", "clear", "key"]])
    try:
        game_page.open(INSTANT.format(seed=SEED), script=SAID, keep=True)
        lines = notice(game_page)
        assert len(lines) == 1 and "private browsing" in lines[0]
        for _ in range(3):
            wait_your_move(game_page)
            play_lowest(game_page)
        wait_your_move(game_page)
        assert notice(game_page) == lines       # told once, not at every card
        assert sum("private browsing" in t for t in said(game_page)) == 1
        assert read_stats(game_page)["played"] == "0"
        close_dialog(game_page)
        game_page.tool("settings-btn")
        game_page.uncheck("#set-sound")
        game_page.click("#settings-done")
        assert notice(game_page) == lines
    finally:
        game_page.evaluate(ACCEPT)


def test_storage_full(game_page: GamePage) -> None:
    game_page.open(INSTANT.format(seed=1))
    game_page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")  # nothing kept, then full
    game_page.evaluate(REFUSE, ["QuotaExceededError", ["setItem"]])
    try:
        game_page.open(INSTANT.format(seed=SEED), script=SAID, keep=True)
        for _ in range(3):
            wait_your_move(game_page)
            play_lowest(game_page)
        wait_your_move(game_page)
        lines = notice(game_page)
        assert len(lines) == 1 and "full" in lines[0], lines
        assert sum("storage for this site is full" in t for t in said(game_page)) == 1
    finally:
        game_page.evaluate(ACCEPT)


# --- several tabs -----------------------------------------------------------------------------

def test_two_tabs_share_settings_and_stats_and_count_a_game_once(game_page: GamePage,
                                                                 second_tab: Callable[[], GamePage]) -> None:
    # A game of one hand, from its last tricks (saved as play_to_end plays it): each tab plays it
    # to its end, a few tricks each.
    seed = next(s for s in CANDIDATES if lowest_game(s)["hands_played"] == 1)
    game_page.open("?pace=instant", storage=near_the_end(seed, left=3))
    wait_your_move(game_page)
    other = second_tab()
    other.open("?pace=instant")             # the same game, restored from the device's save
    wait_your_move(other)
    assert state(other) == state(game_page)
    # Settings changed in one tab reach the other (the storage event).
    game_page.click("#mute-btn")
    other.wait_for_function("() => document.querySelector('#mute-btn').getAttribute('aria-pressed') === 'true'")
    # Both tabs play the same game to its end: it is counted once.
    other.tool("stats-btn")
    play_to_end(game_page)
    other.wait_for_function("() => document.querySelector('#stats-tiles [data-stat=played] .stat-value')"
                            ".textContent === '1'")                                      # live in the other tab
    close_dialog(other)
    # The other tab was told its game went on in the first; it keeps its own and plays it out.
    other.wait_for_selector("#tab-choice:not([hidden])")
    assert other.inner_text("#tab-choice-title") == "This game was continued in another tab"
    other.click("#tab-here")
    play_to_end(other)
    assert read_stats(other)["played"] == "1"
    assert read_stats(game_page)["played"] == "1"
    # Neither tab's writes undid the other's records.
    assert stored(other, "whist:settings")["sound"] is False


# --- export and import ------------------------------------------------------------------------

def test_export_and_import_move_stats_and_the_game(game_page: GamePage, tmp_path: Path) -> None:
    game_page.open(INSTANT.format(seed=SEED))
    put(game_page, "whist:stats", {"v": 1, "recorded": ["a-1"], "games": {
        "classic": {"played": 5, "won": 4, "streak": 2, "best_streak": 3, "hands_played": 20, "hands_won": 14,
                    "best_margin": 6}},
        "overall": {"played": 5, "won": 4, "streak": 2, "best_streak": 3, "hands_played": 20, "hands_won": 14,
                    "best_margin": 6}})
    into_the_middle_of_a_trick(game_page)
    position = state(game_page)
    game_page.tool("stats-btn")
    with game_page.expect_download() as info:
        game_page.click("#stats-export")
    path = tmp_path / "export.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "whist-export" and data["v"] == 1
    assert data["stats"]["overall"]["played"] == 5 and data["game"]["record"]["seed"] == SEED
    assert re.fullmatch(r"whist-\d{4}-\d\d-\d\d\.json", info.value.suggested_filename)

    fresh = game_page
    fresh.open("?pace=instant")                  # as in another browser: nothing stored
    fresh.tool("stats-btn")
    assert read_stats(fresh)["played"] == "0"
    fresh.set_input_files("#stats-file", str(path))
    fresh.wait_for_function("() => document.querySelector('#stats-msg').textContent.startsWith('Imported')")
    assert "your stats" in fresh.inner_text("#stats-msg") and "the game in progress" in fresh.inner_text("#stats-msg")
    assert read_stats(fresh)["played"] == "5" and read_stats(fresh, "classic")["best_margin"] == "6"
    close_dialog(fresh)
    wait_your_move(fresh)
    assert state(fresh) == position
    # And it was saved there: a reload keeps it.
    fresh.restart()
    wait_your_move(fresh)
    assert state(fresh) == position

    # A file that is not an export is refused and nothing changes.
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    fresh.tool("stats-btn")
    fresh.set_input_files("#stats-file", str(bad))
    fresh.wait_for_function("() => document.querySelector('#stats-msg').textContent.includes('Not imported')")
    assert "not a file exported by this game" in fresh.inner_text("#stats-msg")
    assert read_stats(fresh)["played"] == "5"
    # A damaged game in an export: the stats come in, the game is refused, both said.
    damaged = dict(data, game=damaged_game(SEED, "illegal"))
    damaged["stats"]["overall"]["played"] = 6
    worse = tmp_path / "damaged.json"
    worse.write_text(json.dumps(damaged))
    fresh.set_input_files("#stats-file", str(worse))
    fresh.wait_for_function("() => document.querySelector('#stats-msg').textContent.includes('game in the file')")
    assert read_stats(fresh)["played"] == "6"


def test_a_game_chosen_in_the_dialog_comes_back_on_a_plain_reload(game_page: GamePage) -> None:
    """The address asks for nothing: the saved game returns, whatever game it is (here German Whist)."""
    game_page.open("?pace=instant")
    game_page.click("#new-game")
    game_page.check('#ng-choices input[name="game"][value="german"]')
    game_page.click("#confirm-ok")
    game_page.wait_for_function("() => document.querySelector('.brand-sub').textContent.includes('German')")
    wait_your_move(game_page)
    play_lowest(game_page)
    before = wait_your_move(game_page)
    assert stored(game_page, "whist:game")["record"]["game"] == "german"
    game_page.restart()
    after = wait_your_move(game_page)
    assert "German" in game_page.text_content(".brand-sub")
    assert [c["card"] for c in after["hand"]] == [c["card"] for c in before["hand"]]

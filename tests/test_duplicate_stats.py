"""The duplicate figure in the stats (whist/table/stats.py, whist/web/statsview.py): your tricks
minus Expert's, a hand replayed; old stats without it, damaged values, the bound, the chart."""

from __future__ import annotations

import json
import re

import pytest

from whist.table.stats import (
    DUPLICATE_HANDS,
    counted_hands,
    decode_stats,
    empty_stats,
    hand_key,
    record_duplicate,
    reset_stats,
)
from whist.web.statsview import duplicate_chart, duplicate_figure, duplicate_html
from whist.web.storage import STATS_KEY, MemoryStorage, Saved, count_duplicate


def test_old_stats_without_the_field_load_quietly() -> None:
    raw = json.dumps({"v": 1, "recorded": ["a-1"], "overall": {"played": 1, "won": 1, "streak": 1,
                                                             "best_streak": 1, "hands_played": 3, "hands_won": 2}})
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    assert saved.notices == [] and saved.stats["duplicate"] == []
    assert saved.stats["overall"]["played"] == 1 and store.data[STATS_KEY] == raw  # nothing rewritten


@pytest.mark.parametrize("value", [[1, "two", -1], [0, 14, 2], [True, 1], [0.5, 1], "lots", {"a": 1}, [None]])
def test_a_damaged_value_is_reported_and_dropped(value: object) -> None:
    raw = json.dumps({"v": 1, "duplicate": value, "overall": {"played": 2, "won": 1}})
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    kept = [v for v in value if type(v) is int and abs(v) <= 13] if isinstance(value, list) else []
    assert saved.stats["duplicate"] == kept
    assert saved.stats["overall"]["played"] == 2  # the rest are kept
    assert len(saved.notices) == 1 and "your hands against Expert" in saved.notices[0]
    assert "corrected" in saved.notices[0] and store.data[STATS_KEY + ":damaged"] == raw
    again = Saved.load(store)
    assert again.notices == [] and again.stats == saved.stats


def test_whole_floats_are_read_as_hands() -> None:
    stats, bad = decode_stats({"duplicate": [1.0, -2.0, 0]})
    assert stats["duplicate"] == [1, -2, 0] and bad == []
    assert all(type(v) is int for v in stats["duplicate"])


def test_the_history_is_bounded() -> None:
    stats = empty_stats()
    for i in range(DUPLICATE_HANDS + 7):
        record_duplicate(stats, i % 5 - 2)
    assert len(stats["duplicate"]) == DUPLICATE_HANDS
    assert stats["duplicate"][-1] == (DUPLICATE_HANDS + 6) % 5 - 2
    long, _ = decode_stats({"duplicate": [1] * 80 + [-1] * 20})
    assert long["duplicate"] == [1] * 30 + [-1] * 20


def test_count_duplicate_rereads_and_writes() -> None:
    store = MemoryStorage()
    count_duplicate(store, -1)
    other = Saved.load(store).stats  # another tab writes the stats with a hand of its own
    record_duplicate(other, 2)
    store.data[STATS_KEY] = json.dumps({"v": 1, **other})
    stats, problem = count_duplicate(store, 0)
    assert problem is None and stats["duplicate"] == [-1, 2, 0]
    assert Saved.load(store).stats["duplicate"] == [-1, 2, 0]
    assert reset_stats(stats)["duplicate"] == []


def test_the_figure_rests_on_the_last_twenty_hands() -> None:
    assert duplicate_figure([]) == ""
    assert duplicate_figure([1]) == "Against Expert with the same cards: +1.0 tricks a hand over your one hand so far"
    hands = [5] * 10 + [0, -1] * 10
    assert duplicate_figure(hands) == ("Against Expert with the same cards: \u22120.5 tricks a hand "
                                       "over your last 20 hands")
    assert "0.0 tricks a hand over your last 2 hands" in duplicate_figure([1, -1])


def test_the_chart_is_drawn_from_the_numbers_and_reads_as_text() -> None:
    hands = [2, 0, -1, 7]
    svg = duplicate_chart(hands)
    assert svg.startswith('<svg class="dup-chart"') and 'role="img"' in svg and len(svg) < 500
    label = re.search(r'aria-label="([^"]*)"', svg)
    assert label is not None and label.group(1).endswith("oldest first: +2, 0, \u22121, +7")
    up = re.search(r'class="dup-up" d="([^"]*)"', svg)
    down = re.search(r'class="dup-down" d="([^"]*)"', svg)
    assert up is not None and down is not None
    assert up.group(1) == "M1 14v-6M7 14v-12"  # +2, and +7 cut at 4 tricks (the chart's height)
    assert down.group(1) == "M5 14v3"
    full = duplicate_chart([1, -1] * (DUPLICATE_HANDS // 2))
    assert len(full) < 1200 and full.count("M") == DUPLICATE_HANDS + 1


def test_the_panel_shows_nothing_before_a_replay() -> None:
    stats = empty_stats()
    assert duplicate_html(stats) == ""
    record_duplicate(stats, -1)
    html = duplicate_html(stats)
    assert 'id="dup-figure"' in html and "\u22121.0 tricks a hand" in html and "<svg" in html


# --- every hand replayed by itself: each hand counted once, by its key ------------------------

def test_a_hand_counted_again_keeps_its_final_play() -> None:
    store = MemoryStorage()
    count_duplicate(store, -2, "g-1/0")
    count_duplicate(store, 1, "g-1/1")
    stats, problem = count_duplicate(store, 0, "g-1/0")  # hand 1 undone and played again
    assert problem is None and stats["duplicate"] == [0, 1] and stats["duplicate_keys"] == ["g-1/0", "g-1/1"]
    again = Saved.load(store)
    assert again.notices == [] and again.stats == stats
    assert counted_hands(again.stats) == {"g-1/0", "g-1/1"}


def test_two_tabs_count_the_same_hand_once() -> None:
    store = MemoryStorage()
    count_duplicate(store, -1, "g-1/0")  # this tab
    count_duplicate(store, -1, "g-1/0")  # the other tab, same game, same hand
    count_duplicate(store, 2, "g-2/0")  # the other tab's own game
    stats = Saved.load(store).stats
    assert stats["duplicate"] == [-1, 2] and stats["duplicate_keys"] == ["g-1/0", "g-2/0"]


def test_hands_counted_before_the_keys_stay_and_are_not_matched() -> None:
    raw = json.dumps({"v": 1, "duplicate": [1, -1]})
    store = MemoryStorage({STATS_KEY: raw})
    stats, _ = count_duplicate(store, 3, "g-1/0")
    assert stats["duplicate"] == [1, -1, 3] and stats["duplicate_keys"] == ["", "", "g-1/0"]
    assert Saved.load(store).stats == stats and counted_hands(stats) == {"g-1/0"}
    bounded = empty_stats()
    for i in range(DUPLICATE_HANDS + 3):
        record_duplicate(bounded, 0, f"g-1/{i}")
    assert len(bounded["duplicate_keys"]) == DUPLICATE_HANDS and bounded["duplicate_keys"][0] == "g-1/3"
    assert decode_stats(json.loads(json.dumps(bounded))) == (bounded, [])


@pytest.mark.parametrize("keys", [["g-1/0"], ["g-1/0", "g-1/0"], ["g-1/0", 3], "g-1/0", ["g 1/0", ""],
                                  ["g-1/x", ""]])
def test_damaged_keys_are_reported_and_the_hands_kept(keys: object) -> None:
    raw = json.dumps({"v": 1, "duplicate": [1, -1], "duplicate_keys": keys})
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    assert saved.stats["duplicate"] == [1, -1] and "duplicate_keys" not in saved.stats
    assert len(saved.notices) == 1 and "your hands against Expert" in saved.notices[0]
    assert Saved.load(store).notices == []


def test_a_key_that_is_not_a_hand_s_is_not_kept() -> None:
    stats = empty_stats()
    record_duplicate(stats, 1, "/0")  # no game id
    assert stats["duplicate"] == [1] and "duplicate_keys" not in stats
    assert hand_key("g-1", 4) == "g-1/4"

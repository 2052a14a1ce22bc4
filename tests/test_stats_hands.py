"""Hands counted as they end (whist/table/stats.py ``record_hands``), in CPython: the stats panel
shows a hand at once, its game's result takes its place (never counted twice), an undone hand is
counted once, old games under way are counted for good, and a stored copy is read as untrusted."""

from __future__ import annotations

import json

from whist.table import Table
from whist.table.stats import (
    OPEN_GAMES,
    decode_stats,
    empty_stats,
    record_hands,
    record_result,
    reset_stats,
    shown_counts,
)
from whist.web.statsview import choices, counts_for


def test_a_hand_counts_as_it_ends_and_the_games_result_takes_its_place() -> None:
    stats = empty_stats()
    assert record_hands(stats, "short", "g-1", 1, 0)
    assert counts_for(stats, "overall")["hands_played"] == 1 and counts_for(stats, "short")["hands_played"] == 1
    assert counts_for(stats, "overall")["played"] == 0  # the game is not over
    assert ("short", "Short Whist") in choices(stats)  # a game under way is one to choose
    assert record_hands(stats, "short", "g-1", 2, 1)
    assert shown_counts(stats, "overall")["hands_won"] == 1
    assert record_result(stats, "short", "g-1", True, 3, 3, 2)
    assert "open" not in stats
    assert (stats["overall"]["hands_played"], stats["overall"]["hands_won"]) == (3, 2)
    assert shown_counts(stats, "overall")["hands_played"] == 3  # not 5: the game's own count, once
    assert not record_hands(stats, "short", "g-1", 3, 2)  # a game counted already


def test_a_hand_undone_and_played_again_counts_once() -> None:
    stats = empty_stats()
    record_hands(stats, "classic", "g-1", 2, 1)
    record_hands(stats, "classic", "g-1", 1, 1)  # the second hand undone into
    assert shown_counts(stats, "overall")["hands_played"] == 1
    record_hands(stats, "classic", "g-1", 2, 2)  # and played again, won this time
    assert (shown_counts(stats, "classic")["hands_played"], shown_counts(stats, "classic")["hands_won"]) == (2, 2)


def test_past_the_games_kept_apart_the_oldest_hands_count_for_good() -> None:
    stats = empty_stats()
    for i in range(OPEN_GAMES + 2):
        record_hands(stats, "classic", f"g-{i}", 1, i % 2)
    assert [o["id"] for o in stats["open"]] == [f"g-{i}" for i in range(2, OPEN_GAMES + 2)]
    assert stats["overall"]["hands_played"] == 2 and stats["games"]["classic"]["hands_played"] == 2
    assert shown_counts(stats, "overall")["hands_played"] == OPEN_GAMES + 2
    assert reset_stats(stats)["overall"]["hands_played"] == 0 and "open" not in reset_stats(stats)


def test_a_stored_copy_is_read_as_untrusted() -> None:
    good = {"id": "g-1", "game": "classic", "hands_played": 2, "hands_won": 1}
    stats, bad = decode_stats({"overall": {}, "open": [good]})
    assert stats["open"] == [good] and bad == []
    for damaged in ([{**good, "hands_won": 3}], [{**good, "game": "poker"}], [{**good, "id": "a b"}],
                    [good, good], [{**good, "extra": 1}], "open", [[1]], [{**good, "hands_played": -1}]):
        stats, bad = decode_stats({"overall": {}, "open": damaged})
        assert bad == ["the hands of games under way"], damaged
        assert all(o == good for o in stats.get("open", ())), damaged
    many = [{**good, "id": f"g-{i}"} for i in range(50)]
    stats, bad = decode_stats({"overall": {}, "open": many})
    assert len(stats["open"]) == OPEN_GAMES and bad == ["the hands of games under way"]
    # a game counted since: its hands are in its result, and the entry goes without a word
    stats, bad = decode_stats({"overall": {}, "recorded": ["g-1"], "open": [good]})
    assert "open" not in stats and bad == []
    assert json.loads(json.dumps(stats)) == stats


def test_the_table_says_the_hands_so_far() -> None:
    table = Table(3, "classic")
    assert table.hands_so_far() == {"hands_played": 0, "hands_won": 0}
    while table.view().phase == "play":
        if table.computer_to_play:
            table.computer_step()
        else:
            table.human_play(table.hint() or "")
    so_far = table.hands_so_far()
    assert so_far["hands_played"] == 1
    done = table.view().summary
    assert done is not None and so_far["hands_won"] == int(done.points.us > done.points.them)

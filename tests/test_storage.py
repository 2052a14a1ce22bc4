"""The storage codec under CPython with a fake storage: nothing damaged stops the game,
nothing valid is lost, every problem is told once in plain words."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.engine.state import GameState
from whist.table.records import (
    MAX_DEPTH,
    MAX_TEXT,
    MIGRATIONS,
    VERSION,
    encode,
    fingerprint,
    game_id_of,
    out_of_bounds,
    parse_record,
    read_game,
    tab_start,
)
from whist.table.stats import STAT_COUNTS, empty_stats, record_result, reset_stats
from whist.web.settings import CHOICES, DEFAULTS, Settings
from whist.web.storage import (
    GAME_KEY,
    KEYS,
    SETTINGS_KEY,
    STATS_KEY,
    STORAGE_BLOCKED,
    STORAGE_FULL,
    MemoryStorage,
    Saved,
    StorageFull,
    count_game,
    encode_settings,
    export_text,
    import_text,
    recount,
    write,
)


def a_state(moves: int = 10, seed: int = 31) -> GameState:
    state = GameState("classic", seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def encode_game(game_id: str, state: GameState, redo: list[list[str]]) -> dict[str, Any]:
    """A game as the page stores it: its id, its record, its redo stack (bottom first)."""
    return {"id": game_id, "record": state.to_record(), "redo": [list(g) for g in redo]}


def a_game(moves: int = 10) -> dict[str, Any]:
    return encode_game("31-abc", a_state(moves), [])


def undo_last(state: GameState) -> str:
    """Take back the last action of a state that has one, and return it."""
    action = state.undo()
    if action is None:
        raise AssertionError("the state had no action to take back")
    return action


class GameResult(TypedDict):
    """A finished game's result as count_game takes it by name."""

    won: bool
    margin: int
    hands_played: int
    hands_won: int


class BrokenStorage(MemoryStorage):
    """A storage that refuses: reading raises like a SecurityError, writing like a full quota."""

    def __init__(self, read: bool = True, write: bool = True, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.read_fails, self.write_fails = read, write

    def get(self, key: str) -> str | None:
        if self.read_fails:
            raise RuntimeError("SecurityError: The operation is insecure.")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        if self.write_fails:
            raise StorageFull("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_nothing_stored_gives_defaults_and_no_notice() -> None:
    saved = Saved.load(MemoryStorage())
    assert saved.settings == DEFAULTS and saved.stats == empty_stats() and saved.game is None
    assert saved.notices == [] and not saved.blocked


def test_everything_round_trips() -> None:
    store = MemoryStorage()
    chosen = Settings(speed="fast", sound=False, opponent_level="hard", auto_play=True, trick_pause="click")
    stats = empty_stats()
    assert record_result(stats, "classic", "g-1", won=True, margin=4, hands_played=5, hands_won=3)
    state = a_state()
    state.undo()
    game = encode_game("g-2", state, [])
    for key, payload in ((SETTINGS_KEY, chosen.to_dict()), (STATS_KEY, stats), (GAME_KEY, game)):
        assert write(store, key, payload) is None
        assert json.loads(store.data[key])["v"] == VERSION
    saved = Saved.load(store)
    assert saved.notices == []
    assert saved.settings == chosen and saved.stats == stats and saved.game == game
    assert saved.table is not None and saved.table.state.snapshot() == state.snapshot()


def test_the_game_comes_back_with_its_undo_history_and_redo_list() -> None:
    state = a_state(12)
    undone = []
    while len(state.actions) > 8:
        undone.append(undo_last(state))
    redo = [list(reversed(undone))]          # what Table.undo pushes: the group in play order
    store = MemoryStorage()
    write(store, GAME_KEY, encode_game("g-3", state, redo))
    saved = Saved.load(store)
    assert saved.notices == [] and saved.game is not None and saved.table is not None
    assert saved.game["redo"] == redo
    assert saved.table.state.snapshot() == state.snapshot()
    assert saved.table.state.can_undo and len(saved.table.state.actions) == 8
    for action in redo[0]:
        saved.table.state.apply(action)
    assert len(saved.table.state.actions) == 12


def test_a_damaged_redo_list_is_dropped_and_the_game_kept() -> None:
    game = a_game()
    game["redo"] = [["AS", "AS"]]
    store = MemoryStorage({GAME_KEY: encode(game)})
    saved = Saved.load(store)
    assert saved.game is not None and saved.game["redo"] == []
    assert len(saved.notices) == 1 and "redo" in saved.notices[0]
    assert Saved.load(store).notices == []  # corrected in storage: told once


def test_version_1_reads_and_there_is_no_older_format() -> None:
    assert VERSION == 1 and MIGRATIONS == {}
    raw = '{"v": 1, "speed": "slow", "trick_pause": "long", "auto_play": true, "sound": false}'
    saved = Saved.load(MemoryStorage({SETTINGS_KEY: raw}))
    assert saved.settings == Settings(speed="slow", trick_pause="long", auto_play=True, sound=False)
    assert saved.notices == []


def test_a_game_is_counted_once() -> None:
    stats = empty_stats()
    assert record_result(stats, "classic", "g-7", won=True, margin=2, hands_played=4, hands_won=3)
    assert not record_result(stats, "classic", "g-7", won=True, margin=2, hands_played=4, hands_won=3)
    assert record_result(stats, "classic", "g-8", won=False, margin=0, hands_played=6, hands_won=2)
    assert record_result(stats, "classic", "g-9", won=True, margin=7, hands_played=1, hands_won=1)
    c = stats["games"]["classic"]
    assert (c["played"], c["won"], c["streak"], c["best_streak"], c["best_margin"]) == (3, 2, 1, 1, 7)
    assert (c["hands_played"], c["hands_won"]) == (11, 6)
    assert stats["overall"] == c
    assert record_result(stats, "german", "g-10", won=True, margin=12, hands_played=1, hands_won=1)
    assert stats["overall"]["played"] == 4 and stats["overall"]["streak"] == 2
    assert stats["games"]["classic"]["streak"] == 1 and stats["games"]["german"]["best_margin"] == 12


def test_two_tabs_never_count_a_game_twice_nor_lose_each_others_counts() -> None:
    store = MemoryStorage()
    # Both tabs read the (empty) stats at start; each finishes a game; one of them twice.
    _, counted, problem = count_game(store, "classic", "game-a", True, 3, 4, 3)
    assert counted and problem is None
    stats_b, counted, _ = count_game(store, "classic", "game-b", False, 0, 5, 1)
    assert counted and stats_b["overall"]["played"] == 2
    _, counted, _ = count_game(store, "classic", "game-a", True, 3, 4, 3)  # tab B restored game A too
    assert not counted
    final = Saved.load(store).stats
    assert final["overall"]["played"] == 2 and final["overall"]["won"] == 1
    assert final["games"]["classic"]["hands_played"] == 9


def test_reset_keeps_the_ids_so_the_game_on_screen_is_not_counted_again() -> None:
    store = MemoryStorage()
    stats, _, _ = count_game(store, "classic", "g-1", True, 3, 4, 3)
    write(store, STATS_KEY, reset_stats(stats))
    stats, counted, _ = count_game(store, "classic", "g-1", True, 3, 4, 3)
    assert not counted and stats["overall"]["played"] == 0 and stats["games"] == {}


@pytest.mark.parametrize("raw, what", [
    ("{not json", "could not be read (it is not valid JSON)"),
    ("[1, 2, 3]", "could not be read (it is not a record)"),
    ('{"speed": "fast"}', "could not be read (it has no version number)"),
    ('{"v": "1", "speed": "fast"}', "could not be read (it has no version number)"),
    ('{"v": 99, "speed": "fast"}', "newer version"),
])
def test_unreadable_settings_are_reported_once_and_set_aside(raw: str, what: str) -> None:
    store = MemoryStorage({SETTINGS_KEY: raw})
    saved = Saved.load(store)
    assert len(saved.notices) == 1 and what in saved.notices[0], saved.notices
    assert saved.settings == DEFAULTS
    suffix = ":newer" if "newer" in what else ":damaged"
    assert store.data[SETTINGS_KEY + suffix] == raw and SETTINGS_KEY not in store.data
    assert Saved.load(store).notices == []


def test_valid_settings_survive_beside_bad_ones_and_extra_keys() -> None:
    raw = '{"v": 1, "speed": "slow", "sound": 3, "partner_level": "expert", "zzz": [1], "auto_play": "yes"}'
    store = MemoryStorage({SETTINGS_KEY: raw})
    saved = Saved.load(store)
    assert saved.settings.speed == "slow" and saved.settings.partner_level == "expert"
    assert saved.settings.sound is True and saved.settings.auto_play is False
    assert len(saved.notices) == 1 and "(play my only legal card and sound)" in saved.notices[0]
    assert "zzz" not in saved.notices[0]
    again = Saved.load(store)
    assert again.notices == [] and again.settings == saved.settings


def test_the_deck_and_card_size_options_are_kept_and_an_older_record_loads_without_them() -> None:
    older = MemoryStorage({SETTINGS_KEY: '{"v": 1, "speed": "fast", "sound": false}'})
    saved = Saved.load(older)
    assert saved.notices == [] and saved.settings == Settings(speed="fast", sound=False)
    assert not saved.settings.four_colour and not saved.settings.large_cards
    store = MemoryStorage()
    write(store, SETTINGS_KEY, encode_settings(Settings(four_colour=True, large_cards=True)))
    again = Saved.load(store)
    assert again.notices == [] and again.settings.four_colour and again.settings.large_cards
    write(store, SETTINGS_KEY, encode_settings(DEFAULTS))  # (off, the default: not stored, so a record keeps its keys)
    assert "four_colour" not in json.loads(store.data[SETTINGS_KEY])


@pytest.mark.parametrize("field, value", [("four_colour", "yes"), ("large_cards", 1), ("four_colour", None)])
def test_a_bad_deck_or_card_size_is_reported_and_the_rest_kept(field: str, value: Any) -> None:
    store = MemoryStorage({SETTINGS_KEY: json.dumps({"v": 1, "speed": "slow", field: value})})
    saved = Saved.load(store)
    assert saved.settings == Settings(speed="slow")
    name = {"four_colour": "four-colour deck", "large_cards": "large cards"}[field]
    assert len(saved.notices) == 1 and f"({name})" in saved.notices[0], saved.notices


def test_absurd_stats_are_made_consistent_keeping_what_is_valid() -> None:
    raw = json.dumps({"v": 1, "recorded": ["a", 5, "b"], "games": {
        "classic": {"played": 10, "won": 12, "streak": 30, "best_streak": 4, "hands_played": -3,
                    "hands_won": 2, "best_margin": "lots"},
        "german": "nonsense", "Bad Name!": {}},
        "overall": {"played": 3.0, "won": 1, "streak": 9, "best_streak": 1, "best_margin": 2}})
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    c = saved.stats["games"]["classic"]
    assert c["played"] == 10 and c["won"] == 10          # no more wins than games
    assert c["best_streak"] == 4 and c["streak"] == 4    # no streak longer than the best
    assert c["hands_played"] == 0 and c["hands_won"] == 0 and c["best_margin"] == 0
    assert saved.stats["games"]["german"] == dict.fromkeys(STAT_COUNTS, 0)
    assert "Bad Name!" not in saved.stats["games"]
    o = saved.stats["overall"]  # all games count at least what each game counts (Classic's 10 and 10)
    assert (o["played"], o["won"], o["streak"], o["best_margin"]) == (10, 10, 1, 2)
    assert saved.stats["recorded"] == ["a", "b"]
    assert len(saved.notices) == 1 and "corrected" in saved.notices[0]
    assert store.data[STATS_KEY + ":damaged"] == raw
    again = Saved.load(store)
    assert again.notices == [] and again.stats == saved.stats


def test_a_streak_longer_than_the_games_played_is_cut() -> None:
    raw = json.dumps({"v": 1, "overall": {"played": 2, "won": 2, "streak": 50, "best_streak": 50}})
    saved = Saved.load(MemoryStorage({STATS_KEY: raw}))
    assert saved.stats["overall"]["streak"] == 2 and saved.stats["overall"]["best_streak"] == 2


@pytest.mark.parametrize("damage", ["card twice", "illegal", "53 cards", "unknown game", "no id", "not a record"])
def test_a_damaged_game_in_progress_is_dropped_with_a_notice(damage: str) -> None:
    game = a_game(12)
    actions = game["record"]["actions"]
    if damage == "card twice":
        actions[5] = actions[1]
    elif damage == "illegal":
        actions[2] = "XX"
    elif damage == "53 cards":
        game["record"]["actions"] = a_state(52, seed=31).actions + ["next"] + ["AS"] * 60
    elif damage == "unknown game":
        game["record"]["game"] = "snap"
    elif damage == "no id":
        game["id"] = ""
    else:
        game["record"] = [1, 2]
    store = MemoryStorage({GAME_KEY: encode(game)})
    saved = Saved.load(store)
    assert saved.game is None and saved.table is None
    assert len(saved.notices) == 1 and "could not be restored" in saved.notices[0] and "new game" in saved.notices[0]
    assert "(" not in saved.notices[0] and len(saved.details) == 1  # plain words; the reason for the console
    assert GAME_KEY not in store.data and GAME_KEY + ":damaged" in store.data


def test_every_valid_record_is_kept_when_another_is_damaged() -> None:
    stats = empty_stats()
    record_result(stats, "classic", "g-1", True, 3, 4, 3)
    store = MemoryStorage({SETTINGS_KEY: "{{{", STATS_KEY: encode(stats), GAME_KEY: encode(a_game())})
    saved = Saved.load(store)
    assert saved.stats == stats and saved.game is not None and len(saved.notices) == 1


def test_storage_disabled_still_starts() -> None:
    saved = Saved.load(BrokenStorage())
    assert saved.settings == DEFAULTS and saved.game is None and saved.blocked
    assert saved.notices == [STORAGE_BLOCKED]


def test_quota_exceeded_is_a_message_not_an_error() -> None:
    store = BrokenStorage(read=False)
    assert write(store, STATS_KEY, empty_stats()) == STORAGE_FULL
    stats, counted, problem = count_game(store, "classic", "g-1", True, 1, 1, 1)
    assert counted and problem == STORAGE_FULL and stats["overall"]["played"] == 1
    # A damaged record on a full storage: still read, still reported, nothing raised.
    full = BrokenStorage(read=False, data={SETTINGS_KEY: "nope"})
    assert len(Saved.load(full).notices) == 1


def test_export_and_import_round_trip() -> None:
    stats = empty_stats()
    record_result(stats, "classic", "g-1", True, 3, 4, 3)
    state = a_state(20)
    game = encode_game("g-2", state, [])
    chosen = Settings(speed="slow", sound=False)
    text = export_text(chosen, stats, game)
    got = import_text(text)
    assert got.problems == [] and got.anything
    assert got.settings == chosen and got.stats == stats and got.game == game
    assert got.table is not None and got.table.state.snapshot() == state.snapshot()
    assert import_text(export_text(DEFAULTS, stats, None)).game is None


@pytest.mark.parametrize("text, problem", [
    ("hello", "not a file exported by this game"),
    ('{"v": 1, "stats": {}}', "not a file exported by this game"),
    ('{"v": 7, "kind": "whist-export"}', "newer version"),
    ('{"v": 1, "kind": "whist-export", "stats": 5}', "stats in the file are damaged"),
    ('{"v": 1, "kind": "whist-export", "game": {"id": "x", "record": {}}}', "game in the file is damaged"),
])
def test_a_bad_import_is_reported(text: str, problem: str) -> None:
    got = import_text(text)
    assert any(problem in p for p in got.problems), got.problems
    assert got.game is None


def test_an_import_keeps_the_valid_parts() -> None:
    stats = empty_stats()
    record_result(stats, "classic", "g-1", True, 3, 4, 3)
    text = json.dumps({"v": 1, "kind": "whist-export", "stats": stats, "game": {"id": "x", "record": 3},
                       "settings": {"speed": "warp", "sound": False}})
    got = import_text(text)
    assert got.stats == stats and got.game is None and got.settings == Settings(sound=False)
    assert len(got.problems) == 2


# --- property tests ---------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=30)
counts = st.fixed_dictionaries({}, optional={k: st.integers(-5, 40) | json_values for k in STAT_COUNTS})
records = st.fixed_dictionaries({"v": st.integers(-1, 3) | json_values}, optional={
    "speed": json_values | st.sampled_from(CHOICES["speed"]), "sound": json_values,
    "overall": counts, "games": st.dictionaries(st.sampled_from(["classic", "german", "", "X"]), counts),
    "recorded": st.lists(st.text(max_size=8) | st.integers()), "id": json_values | st.just("g-1"),
    "record": json_values | st.just(a_game()["record"]), "redo": json_values})
stored_text = json_values.map(json.dumps) | records.map(json.dumps) | st.text() | \
    st.binary().map(lambda b: b.decode("utf-8", "replace")) | st.binary().map(lambda b: b.decode("latin-1"))


def consistent(stats: dict[str, Any]) -> None:
    for c in [stats["overall"], *stats["games"].values()]:
        assert set(c) == set(STAT_COUNTS)
        assert all(type(v) is int and v >= 0 for v in c.values())
        assert c["streak"] <= c["best_streak"] <= c["won"] <= c["played"]
        assert c["hands_won"] <= c["hands_played"]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), stored_text))
def test_arbitrary_stored_data_never_raises(data: dict[str, str]) -> None:
    store = MemoryStorage(data)
    saved = Saved.load(store)
    assert isinstance(saved.settings, Settings)
    consistent(saved.stats)
    assert (saved.game is None) == (saved.table is None)
    assert all(isinstance(n, str) and "Traceback" not in n for n in saved.notices)
    assert len(saved.notices) <= len(data)
    assert Saved.load(store).notices == []  # each problem is told once
    # What was read is what a second start reads.
    again = Saved.load(store)
    assert again.settings == saved.settings and again.stats == saved.stats and again.game == saved.game


@settings(max_examples=200, deadline=None)
@given(st.text() | st.binary().map(lambda b: b.decode("utf-8", "replace")) | records.map(
    lambda r: json.dumps({**r, "kind": "whist-export"})) | json_values.map(json.dumps))
def test_arbitrary_import_never_raises(text: str) -> None:
    got = import_text(text)
    if got.stats is not None:
        consistent(got.stats)
    assert got.anything or got.problems


@settings(max_examples=200, deadline=None)
@given(good=st.fixed_dictionaries({
    "speed": st.sampled_from(CHOICES["speed"]), "sound": st.booleans(),
    "opponent_level": st.sampled_from(CHOICES["opponent_level"])}),
    junk=st.dictionaries(st.sampled_from(["trick_pause", "auto_play", "partner_level", "zzz"]), json_values))
def test_a_valid_setting_is_never_lost(good: dict[str, Any], junk: dict[str, Any]) -> None:
    store = MemoryStorage({SETTINGS_KEY: json.dumps({"v": 1, **junk, **good})})
    saved = Saved.load(store)
    for key, value in good.items():
        assert getattr(saved.settings, key) == value
    for f in fields(Settings):
        if f.name in junk and junk[f.name] == getattr(DEFAULTS, f.name) and type(junk[f.name]) is type(
                getattr(DEFAULTS, f.name)):
            assert getattr(saved.settings, f.name) == junk[f.name]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["classic", "german", "short"]), st.fixed_dictionaries(
    {"played": st.integers(0, 100), "hands_played": st.integers(0, 500)})), st.dictionaries(
    st.sampled_from(["classic", "zzz", "Bad"]), json_values))
def test_a_valid_game_count_is_never_lost(good: dict[str, dict[str, int]], junk: dict[str, Any]) -> None:
    games = {**junk, **good}
    saved = Saved.load(MemoryStorage({STATS_KEY: json.dumps({"v": 1, "games": games})}))
    for name, c in good.items():
        assert saved.stats["games"][name]["played"] == c["played"]
        assert saved.stats["games"][name]["hands_played"] == c["hands_played"]


# --- bounds: nothing deep or huge reaches the parser ---------------------------------------------

class GuardedJson:
    """json for the codec, which fails the test (past any except clause) if asked to parse text
    nested deeper than the bound: in the browser that overflows the JavaScript stack, uncatchably."""

    dumps = staticmethod(json.dumps)

    @staticmethod
    def loads(text: str) -> Any:
        level = top = 0
        in_string = escaped = False
        for c in text:
            if in_string:
                escaped, in_string = (False, True) if escaped else (c == "\\", c != '"')
            elif c == '"':
                in_string = True
            elif c in "[{":
                level += 1
                top = max(top, level)
            elif c in "]}":
                level -= 1
        if top > MAX_DEPTH:
            pytest.fail(f"json.loads was given text nested {top} deep")
        return json.loads(text)


DEEP = ["[" * 10_000 + "]" * 10_000, '{"v": 1, "a": ' + "[" * 100_000, '{"v":1,"record":' + '{"a":' * 5_000 + "1"
        + "}" * 5_000 + "}", '{"v": 1, "s": "' + "[" * 50 + '", "x": ' + "[" * 40 + "]" * 40 + "}"]


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("raw", DEEP, ids=["nested", "unclosed", "objects", "deep-after-string"])
def test_deeply_nested_records_are_never_parsed(monkeypatch: pytest.MonkeyPatch, key: str, raw: str) -> None:
    import whist.table.records as records

    monkeypatch.setattr(records, "json", GuardedJson)
    store = MemoryStorage({key: raw})
    saved = Saved.load(store)
    assert len(saved.notices) == 1 and "could not be read" in saved.notices[0], saved.notices
    assert "nested far too deep" in saved.notices[0] or "far too many lists" in saved.notices[0]
    assert store.data[key + ":damaged"] == raw and key not in store.data
    assert Saved.load(store).notices == []
    assert import_text(raw).problems and not import_text(raw).anything
    export = '{"kind": "whist-export", "v": 1, "stats": ' + raw + "}"
    got = import_text(export)
    assert not got.anything and ("nested far too deep" in got.problems[0] or "too many" in got.problems[0])


def test_the_bounds_are_well_above_what_the_game_writes() -> None:
    state = a_state(0, seed=8)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    redo = [[a] for a in state.actions[-2000:]]
    text = export_text(DEFAULTS, empty_stats(), encode_game("8-abc", state, redo))
    assert len(text) * 5 < MAX_TEXT and out_of_bounds(text, depth=MAX_DEPTH // 6) is None
    assert import_text(text).game is not None
    assert out_of_bounds("[" * (MAX_DEPTH + 1)) and not out_of_bounds("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    saved = Saved.load(MemoryStorage({GAME_KEY: "x" * (MAX_TEXT + 1)}))
    assert "far too large" in saved.notices[0]


def test_a_huge_flat_record_is_refused_with_its_reason() -> None:
    # Each is scanned in one pass (the string pattern cannot backtrack): a quadratic scan of these
    # would run for hours, and the suite would never end. No clock is read here.
    cases = {"[]" * 400_000: "it holds far too many lists", '"\\' * 400_000: "it is not valid JSON",
             '"\\"' * 300_000 + "\\": "it is not valid JSON", "[" + "1," * 400_000 + "1]": "it is not a record"}
    for raw, reason in cases.items():
        assert parse_record(raw) == reason


# --- a copy that cannot be made is said, and nothing is written over the record meanwhile ------

class SmallStorage(MemoryStorage):
    """A storage with a quota of ``room`` characters in all, as a browser's."""

    def __init__(self, room: int, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.room = room

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.room:
            raise StorageFull("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_a_damaged_game_too_large_to_copy_is_said_and_left_in_place() -> None:
    raw = json.dumps({**a_game(), "v": 1, "id": "bad id!", "pad": "x" * 300_000})
    store = SmallStorage(500_000, {GAME_KEY: raw})
    saved = Saved.load(store)
    assert saved.game is None and len(saved.notices) == 1
    assert "kept aside" not in saved.notices[0] and "no room on this device for a copy" in saved.notices[0]
    assert "press OK" in saved.notices[0] and "download" in saved.notices[0]
    assert store.data[GAME_KEY] == raw and GAME_KEY + ":damaged" not in store.data
    assert saved.unkept == {GAME_KEY: raw}
    # With room, the copy is made and the notice says so.
    roomy = MemoryStorage({GAME_KEY: raw})
    saved = Saved.load(roomy)
    assert "A copy of the old data is kept aside" in saved.notices[0] and not saved.unkept
    assert roomy.data[GAME_KEY + ":damaged"] == raw and GAME_KEY not in roomy.data


@pytest.mark.parametrize("raw, told", [("{oops", "could not be read"), ('{"v": 7, "overall": {}}', "newer version")])
def test_stats_that_cannot_be_copied_say_so(raw: str, told: str) -> None:
    store = SmallStorage(len(STATS_KEY) + len(raw) + 5, {STATS_KEY: raw})
    saved = Saved.load(store)
    assert len(saved.notices) == 1 and told in saved.notices[0]
    assert "kept aside" not in saved.notices[0] and "no room" in saved.notices[0], saved.notices
    assert store.data[STATS_KEY] == raw and saved.unkept == {STATS_KEY: raw}
    saved = Saved.load(MemoryStorage({STATS_KEY: raw}))
    assert "kept aside" in saved.notices[0] and not saved.unkept


# --- two tabs ----------------------------------------------------------------------------------

class StaleStorage(MemoryStorage):
    """Two tabs' view of one storage, as in a browser whose other tab has not yet seen the last
    write: ``get`` answers from a snapshot taken by ``freeze``."""

    def __init__(self, shared: MemoryStorage) -> None:
        super().__init__()
        self.data = shared.data
        self.snapshot: dict[str, str] | None = None

    def freeze(self) -> None:
        self.snapshot = dict(self.data)

    def get(self, key: str) -> str | None:
        return (self.snapshot if self.snapshot is not None else self.data).get(key)

    def set(self, key: str, value: str) -> None:
        self.snapshot = None
        super().set(key, value)


def test_two_tabs_finishing_games_at_once_lose_no_count() -> None:
    shared = MemoryStorage()
    tab_a, tab_b = StaleStorage(shared), StaleStorage(shared)
    tab_b.freeze()                                   # B has not seen A's count yet
    result: GameResult = {"won": True, "margin": 3, "hands_played": 4, "hands_won": 3}
    count_game(tab_a, "classic", "a-1", **result)
    pending = {"a-1": {"game": "classic", **result}}
    count_game(tab_b, "classic", "b-1", False, 0, 5, 1)          # B writes from its stale read
    assert Saved.load(shared).stats["overall"]["played"] == 1    # A's count was lost...
    stats, problem = recount(tab_a, pending)                     # ...until A hears of B's write
    assert problem is None and stats["overall"]["played"] == 2 and stats["overall"]["won"] == 1
    assert Saved.load(shared).stats["recorded"] == ["b-1", "a-1"] and pending
    stats, _ = recount(tab_a, pending)                           # seen in storage: forgotten
    assert pending == {} and stats["overall"]["played"] == 2


def test_a_reset_in_another_tab_is_not_undone_by_a_recount() -> None:
    store = MemoryStorage()
    result: GameResult = {"won": True, "margin": 3, "hands_played": 4, "hands_won": 3}
    stats, _, _ = count_game(store, "classic", "a-1", **result)
    write(store, STATS_KEY, reset_stats(stats))
    stats, _ = recount(store, {"a-1": {"game": "classic", **result}})
    assert stats["overall"]["played"] == 0


def test_which_game_a_reloaded_tab_restores() -> None:
    mine, theirs = encode(a_game(10)), encode(encode_game("77-abc", a_state(4, seed=77), []))
    assert tab_start(mine, None, None) == "stored"             # a new tab: the device's game
    assert tab_start(mine, mine, fingerprint(mine)) == "stored"  # a plain reload
    assert tab_start(theirs, mine, fingerprint(mine)) == "ask"   # another tab saved its game meanwhile
    assert tab_start(theirs, mine, fingerprint(theirs)) == "own"  # this tab's last save failed
    assert tab_start(None, mine, fingerprint(mine)) == "own"
    restored = read_game(mine)
    assert restored is not None and restored[0]["id"] == "31-abc"
    assert read_game("[" * 10_000) is None and read_game(None) is None and read_game('{"v": 1}') is None
    assert game_id_of(theirs) == "77-abc" and game_id_of("{") is None


def test_a_finished_game_s_result_for_the_stats() -> None:
    from whist.engine.seats import Seat
    from whist.table.catalog import game_result

    state = a_state(0, seed=3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    r = game_result(state, Seat.S)
    assert r["hands_played"] == len(state.results) and r["hands_won"] <= r["hands_played"]
    assert r["won"] == (state.winner == state.rules.side_of(Seat.S))


# --- bad data found in issue 37: each gets a clear sentence and loses nothing -------------------
# (what these need from the codec is imported in each test, so that without it each test fails alone)

class RefusingStorage(MemoryStorage):
    """A storage that refuses to write ``refused`` (as a full quota would), and takes every other key."""

    def __init__(self, refused: str, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.refused = refused

    def set(self, key: str, value: str) -> None:
        if key == self.refused:
            raise StorageFull("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def many_games(n: int) -> dict[str, Any]:
    """Stats with ``n`` games no catalogue has, beside one Classic game: small names, one count each."""
    games: dict[str, Any] = {f"g{i:05d}": {"played": 1} for i in range(n)}
    games["classic"] = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "hands_played": 5, "hands_won": 3,
                        "best_margin": 4}
    return {"v": 1, "recorded": ["a-1"], "overall": dict(games["classic"]), "games": games}


def test_a_file_with_24000_game_names_is_imported_bounded_and_read_back() -> None:
    from whist.table.records import import_summary
    from whist.table.stats import UNKNOWN_GAMES

    stats = many_games(24_000)
    text = json.dumps({"kind": "whist-export", "v": 1, "stats": stats})
    assert len(text) < MAX_TEXT and out_of_bounds(text) is None  # inside every input bound
    got = import_text(text)
    assert got.stats is not None and set(got.stats["games"]) == {"classic"}
    assert got.stats["games"]["classic"] == stats["games"]["classic"] and got.stats["overall"]["played"] == 2
    assert UNKNOWN_GAMES in got.corrected and not any("corrected" in p for p in got.problems)
    store = MemoryStorage()
    assert write(store, STATS_KEY, got.stats) is None
    assert len(store.data[STATS_KEY]) < 2_000  # written back: a few hundred characters, not 2.5 MB
    again = Saved.load(store)
    assert again.notices == [] and again.stats == got.stats  # and the next load keeps every stat
    told = import_summary(["your stats"], [], got.corrected, None)
    assert told.startswith("Imported your stats.") and UNKNOWN_GAMES in told


def test_stored_stats_with_24000_game_names_keep_every_known_stat_and_the_old_text() -> None:
    from whist.table.stats import UNKNOWN_GAMES

    raw = json.dumps(many_games(24_000))
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    assert set(saved.stats["games"]) == {"classic"} and saved.stats["overall"]["played"] == 2
    assert len(saved.notices) == 1 and UNKNOWN_GAMES in saved.notices[0] and "kept aside" in saved.notices[0]
    assert store.data[STATS_KEY + ":damaged"] == raw and len(store.data[STATS_KEY]) < 2_000
    again = Saved.load(store)
    assert again.notices == [] and again.stats == saved.stats


def test_nothing_is_written_that_the_next_load_would_refuse() -> None:
    huge = empty_stats()
    huge["games"] = {f"g{i:05d}": dict.fromkeys(STAT_COUNTS, 0) for i in range(30_000)}  # past every read bound
    store = MemoryStorage({STATS_KEY: encode(empty_stats())})
    before = store.data[STATS_KEY]
    problem = write(store, STATS_KEY, huge)
    assert problem is not None and "could not be saved" in problem and "what was saved before is kept" in problem
    assert store.data[STATS_KEY] == before
    assert write(store, SETTINGS_KEY, {"pad": "x" * MAX_TEXT}) is not None and SETTINGS_KEY not in store.data
    assert write(store, GAME_KEY, {"pad": "[" * 40}) is None  # the game is bounded by its length only
    assert write(store, GAME_KEY, {"pad": "x" * MAX_TEXT}) is not None


def test_a_game_s_count_larger_than_all_games_together_is_corrected() -> None:
    counts = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "hands_played": 3, "hands_won": 1,
              "best_margin": 1}
    raw = json.dumps({"v": 1, "overall": counts, "games": {
        "classic": {**counts, "played": 5, "won": 4, "best_streak": 2, "hands_played": 9, "best_margin": 9},
        "german": {"played": 1, "hands_played": 2, "hands_won": 2}}})
    store = MemoryStorage({STATS_KEY: raw})
    saved = Saved.load(store)
    o = saved.stats["overall"]
    assert (o["played"], o["won"], o["hands_played"], o["hands_won"], o["best_margin"]) == (6, 4, 11, 3, 9)
    assert saved.stats["games"]["classic"]["played"] == 5  # every game's own counts are kept
    assert len(saved.notices) == 1 and "all games" in saved.notices[0] and "corrected" in saved.notices[0]
    consistent(saved.stats)
    assert Saved.load(store).notices == []


def test_stats_corrected_but_not_saved_are_not_called_corrected() -> None:
    raw = json.dumps({"v": 1, "overall": {"played": 1, "won": 5}})
    # The copy is kept, the corrected stats cannot be written: said so, the record left as it was.
    store = RefusingStorage(STATS_KEY, {STATS_KEY: raw})
    saved = Saved.load(store)
    assert len(saved.notices) == 1 and "have been corrected" not in saved.notices[0]
    assert "for this visit only" in saved.notices[0] and "could not be saved" in saved.notices[0]
    assert "kept aside" in saved.notices[0] and store.data[STATS_KEY + ":damaged"] == raw
    assert store.data[STATS_KEY] == raw and saved.stats["overall"]["won"] == 1
    # No room for the copy: the record is held (nothing written over it) and the notice says so.
    small = SmallStorage(len(STATS_KEY) + len(raw) + 5, {STATS_KEY: raw})
    saved = Saved.load(small)
    assert len(saved.notices) == 1 and "have been corrected" not in saved.notices[0]
    assert "no room" in saved.notices[0] and saved.unkept == {STATS_KEY: raw} and small.data[STATS_KEY] == raw
    # An import whose stats could not be saved does not say they were corrected.
    from whist.table.records import import_summary

    got = import_text(json.dumps({"kind": "whist-export", "v": 1, "stats": {"overall": {"played": 1, "won": 5}}}))
    assert got.corrected and not any("corrected" in p for p in got.problems)
    told = import_summary([], got.problems, got.corrected, STORAGE_FULL)
    assert "corrected" not in told and "not imported" in told and STORAGE_FULL in told


def test_stats_damaged_while_the_page_is_open_are_told_not_reset_in_silence() -> None:
    from whist.web.storage import count_duplicate, read_stats

    store = MemoryStorage()
    count_game(store, "classic", "g-1", True, 1, 1, 1)
    for step in ("read", "count", "duplicate", "recount"):
        store.set(STATS_KEY, "{oops" + step)  # another tab, or a hand, damaged them meanwhile
        if step == "read":
            stats = read_stats(store)
        elif step == "count":
            stats, counted, _ = count_game(store, "classic", "g-2", True, 1, 1, 1)
            assert counted
        elif step == "duplicate":
            stats, _ = count_duplicate(store, 1, "g-2/0")
        else:
            stats, _ = recount(store, {"g-3": {"game": "classic", "won": False, "margin": 0, "hands_played": 1,
                                               "hands_won": 0}})
        assert len(stats.notices) == 1 and "could not be read" in stats.notices[0], (step, stats.notices)
        assert "kept aside" in stats.notices[0] and not stats.unkept
    # With no room for a copy, the damaged record is held: counted in memory, nothing written over it.
    full = SmallStorage(60, {STATS_KEY: "{" + "x" * 40})
    stats, counted, problem = count_game(full, "classic", "g-9", True, 1, 1, 1)
    assert counted and problem is None and stats.unkept == {STATS_KEY: "{" + "x" * 40}
    assert full.data[STATS_KEY] == "{" + "x" * 40 and "no room" in stats.notices[0]


def test_a_second_damaged_record_never_replaces_the_first_copy() -> None:
    from whist.web.storage import aside_keys

    store = MemoryStorage({STATS_KEY: "{first"})
    Saved.load(store)
    store.set(STATS_KEY, "{second")
    Saved.load(store)
    store.set(STATS_KEY, "{first")  # the same text again: its copy is kept already
    Saved.load(store)
    slots = aside_keys(STATS_KEY)
    assert [store.data.get(k) for k in slots[:3]] == ["{first", "{second", None]
    for n in range(3, len(slots) + 1):  # every slot taken: the next one cannot be copied, and is held
        store.set(STATS_KEY, "{" + str(n))
        Saved.load(store)
    store.set(STATS_KEY, "{one too many")
    saved = Saved.load(store)
    assert "no room" in saved.notices[0] and saved.unkept == {STATS_KEY: "{one too many"}
    assert [store.data[k] for k in slots] == ["{first", "{second", "{3", "{4", "{5"]


@pytest.mark.parametrize("seed", [10**18, 10**52, 10**53 + 7, 10**60])
def test_a_deal_number_past_the_address_s_bound_is_refused_wherever_it_comes_from(seed: int) -> None:
    from whist.table.records import DEAL_DIGITS

    game = encode_game("1-abc", a_state(4, seed=seed), [])
    store = MemoryStorage({GAME_KEY: encode(game)})
    saved = Saved.load(store)
    assert saved.game is None and len(saved.notices) == 1 and "could not be restored" in saved.notices[0]
    assert f"up to {DEAL_DIGITS} digits" in saved.details[0] and GAME_KEY + ":damaged" in store.data
    got = import_text(export_text(DEFAULTS, empty_stats(), game))
    assert got.game is None and any(f"up to {DEAL_DIGITS} digits" in p for p in got.problems)


def test_every_deal_number_the_address_takes_gives_a_game_that_loads_again() -> None:
    from whist.table.stats import GAME_ID, new_game_id
    from whist.web.address import parse_address

    seed = parse_address("", "#deal=" + "9" * 18).seed
    assert seed == 10**18 - 1 and parse_address("", "#deal=" + "9" * 19).seed is None
    game_id = new_game_id(seed, 2**53)  # the latest time a JavaScript number holds exactly
    assert GAME_ID.fullmatch(game_id)
    store = MemoryStorage()
    write(store, GAME_KEY, encode_game(game_id, a_state(6, seed=seed), []))
    saved = Saved.load(store)
    assert saved.notices == [] and saved.game is not None and saved.game["id"] == game_id


def test_two_sites_on_one_origin_keep_their_own_data() -> None:
    from whist.web.sites import SiteStorage, site_prefix

    shared = MemoryStorage()
    whist = SiteStorage(shared, site_prefix("/whist/"))
    beta = SiteStorage(shared, site_prefix("/whist-beta/index.html"))
    german = encode_game("9-abc", GameState("german", seed=9), [])
    write(whist, GAME_KEY, a_game())
    write(beta, GAME_KEY, german)           # opening the other site's German game...
    count_game(beta, "german", "9-abc", True, 3, 1, 1)
    mine = Saved.load(whist)
    assert mine.game == a_game() and mine.stats == empty_stats()  # ...leaves this site's game and stats
    assert Saved.load(beta).game == german and Saved.load(beta).stats["overall"]["played"] == 1
    assert sorted(shared.data) == ["/whist-beta/whist:game", "/whist-beta/whist:stats", "/whist/whist:game"]
    # A storage event names the key as stored: only this site's are its own.
    assert whist.logical("/whist/whist:game") == GAME_KEY and whist.logical("/whist-beta/whist:game") is None
    root = SiteStorage(shared, site_prefix("/"))
    assert root.logical("whist:stats") == STATS_KEY and root.logical("/whist/whist:game") is None


def test_what_the_shared_keys_held_before_is_taken_once_by_each_site() -> None:
    from whist.web.sites import SiteStorage

    stats = empty_stats()
    record_result(stats, "classic", "g-1", True, 3, 4, 3)
    before = {GAME_KEY: encode(a_game()), STATS_KEY: encode(stats), SETTINGS_KEY: encode({"speed": "fast"})}
    shared = MemoryStorage(before)
    whist = SiteStorage(shared, "/whist/")
    assert whist.adopt()
    saved = Saved.load(whist)
    assert saved.game == a_game() and saved.stats == stats and saved.settings.speed == "fast"
    write(whist, STATS_KEY, empty_stats())
    shared.remove("/whist/whist:game")      # whatever the site does next, it never takes them again
    assert not whist.adopt() and Saved.load(whist).game is None and Saved.load(whist).stats == empty_stats()
    assert {k: shared.data[k] for k in before} == before  # the shared keys stay, for the other copies
    beta = SiteStorage(shared, "/whist-beta/")
    assert beta.adopt() and Saved.load(beta).stats == stats
    root = SiteStorage(shared, "")          # the site at the origin's root: the shared keys are its own
    assert not root.adopt() and Saved.load(root).game == a_game()
    assert not SiteStorage(BrokenStorage(), "/x/").adopt()  # storage refused: nothing raised


def test_games_a_link_dealt_over_are_kept_beside_each_other() -> None:
    from whist.web.storage import EARLIER, aside, earlier_games

    store = MemoryStorage()
    first, second = encode(a_game(4)), encode(a_game(8))
    assert aside(store, GAME_KEY, first, EARLIER) == GAME_KEY + EARLIER
    assert aside(store, GAME_KEY, second, EARLIER) == GAME_KEY + EARLIER + "-2"
    assert aside(store, GAME_KEY, first, EARLIER) == GAME_KEY + EARLIER  # kept already: not twice
    assert earlier_games(store) == [GAME_KEY + EARLIER, GAME_KEY + EARLIER + "-2"]
    assert aside(BrokenStorage(read=False), GAME_KEY, first, EARLIER) is None


def test_the_browsers_refusals_become_the_codecs_errors() -> None:
    from whist.web.storage import StorageError, storage_error

    class Refusal(Exception):
        def __init__(self, name: str, message: str) -> None:
            super().__init__(message)
            self.name = name

    full = storage_error(Refusal("QuotaExceededError", "The quota has been exceeded."))
    assert isinstance(full, StorageFull)
    blocked = storage_error(Refusal("SecurityError", "The operation is insecure."))
    assert isinstance(blocked, StorageError) and not isinstance(blocked, StorageFull)
    assert "SecurityError" in str(blocked)

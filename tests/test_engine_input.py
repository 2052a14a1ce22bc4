"""What the engine does with input in any spelling: it refuses it with a reason or takes
it, and records it in one spelling. Nothing here depends on ``assert`` (the same checks
run under ``python -O``)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from whist.engine import auction
from whist.engine.auction import parse_call
from whist.engine.cards import SUIT_NAMES, card_name, cards_high_first, suit_cards, suit_of
from whist.engine.seats import Seat
from whist.engine.state import NEXT_HAND, REFUSAL_CODES, GameState, IllegalActionError, Phase

ROOT = Path(__file__).resolve().parent.parent
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
SIDES = {N: 0, S: 0, E: 1, W: 1}

#: Calls the auction's parser reads, in spellings other than the recorded one.
ODD_CALLS = ["7n", "8h", "7nt", "7NT ", " 10nT", "13n", "9s", "Pass", " PASS ", "Double", "DOUBLE "]
#: What is not a call at all (the parser refuses these).
NOT_CALLS = ["6nt", "14C", "7X", "\u00b2NT", "\uff17NT", "1" * 5000 + "C", "", "AS", "nt", 7, None, ["7C"], True]


def contract_state(*calls: str, **options: Any) -> GameState:
    state = GameState("contract", seed=5, **options)
    for call in calls:
        state.apply(call)
    return state


# --- calls: refused or taken, never a crash -------------------------------------------------

@pytest.mark.parametrize("call", ODD_CALLS + NOT_CALLS)
@pytest.mark.parametrize("before", [(), ("8C",), ("8C", "pass"), ("13NT",)])
@pytest.mark.parametrize("doubling", [False, True])
def test_a_call_in_any_spelling_is_refused_with_a_reason_or_taken(call: object, before: tuple[str, ...],
                                                                   doubling: bool) -> None:
    state = contract_state(*before, doubling=doubling)
    seat = state.to_play
    assert seat is not None
    reason = auction.why_not(call, state.auction, seat, SIDES, doubling)  # type: ignore[arg-type]
    snapshot = state.snapshot()
    try:
        state.apply(call)  # type: ignore[arg-type]
    except IllegalActionError as err:
        assert reason is not None and (reason in str(err) or not isinstance(call, str))
        assert state.snapshot() == snapshot
        return
    assert reason is None
    assert state.actions[-1] == parse_call(call)  # type: ignore[arg-type]
    assert state.auction[-1] == (seat, parse_call(call))  # type: ignore[arg-type]


def test_why_not_names_the_reason_for_each_refused_call() -> None:
    calls = ((E, "8H"),)
    assert auction.why_not("8d", calls, S, SIDES, False) == (
        "8D does not beat 8H: bid more tricks, or a higher denomination")
    assert auction.why_not("8nt", calls, S, SIDES, False) is None
    assert auction.why_not("pass", calls, S, SIDES, False) is None
    assert "not a bid" in str(auction.why_not("6nt", calls, S, SIDES, False))
    assert "not played" in str(auction.why_not("double", calls, S, SIDES, False))
    assert auction.why_not("DOUBLE", calls, S, SIDES, True) is None
    assert "own side" in str(auction.why_not("double", calls, W, SIDES, True))
    assert "no bid to double" in str(auction.why_not("double", (), S, SIDES, True))


def test_parse_call_spells_each_call_one_way() -> None:
    assert [parse_call(c) for c in ODD_CALLS] == [
        "7NT", "8H", "7NT", "7NT", "10NT", "13NT", "9S", "pass", "pass", "double", "double"]
    for bad in NOT_CALLS:
        with pytest.raises(ValueError, match=r"call|bid"):
            parse_call(bad)  # type: ignore[arg-type]


def test_a_record_of_odd_spellings_replays_and_is_recorded_in_one_spelling() -> None:
    state = GameState.from_record({"format": 1, "game": "contract", "options": {}, "seed": 0,
                                   "actions": ["7nt", " Pass", "8h ", "PASS", "pass", "pass"]})
    assert state.actions == ["7NT", "pass", "8H", "pass", "pass", "pass"]
    assert [c for _, c in state.auction] == state.actions
    assert state.contract is not None and state.contract.level == 8
    assert json.loads(state.to_json())["actions"] == state.actions
    assert GameState.from_json(state.to_json()).snapshot() == state.snapshot()


@pytest.mark.parametrize("actions, where", [
    (["6nt"], "action 1"), (["7C", "7C"], "action 2"), ([7], "action 1"), ([["7C"]], "action 1"),
    (["1" * 5000 + "C"], "action 1"), ([None], "action 1")])
def test_a_record_of_bad_calls_raises_value_error(actions: list[object], where: str) -> None:
    with pytest.raises(ValueError, match=where):
        GameState.from_record({"format": 1, "game": "contract", "options": {}, "seed": 0, "actions": actions})


@pytest.mark.parametrize("record", [
    {"format": 1, "game": "classic", "options": {"seed": 1}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {"dealer": "N"}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {"game": "german"}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {"rules": "x"}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {"self": 1}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {"target": 10 ** 5000}, "seed": 0, "actions": []},
    {"format": 1, "game": ["classic"], "options": {}, "seed": 0, "actions": []},
    {"format": 1, "game": "classic", "options": {}, "seed": 10 ** 5000, "actions": [10 ** 5000]},
    {"format": [[[[[[[[[[1]]]]]]]]]], "game": "classic", "options": {}, "seed": 0, "actions": []},
])
def test_a_record_with_bad_fields_raises_value_error(record: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GameState.from_record(record)


def test_a_record_nested_deep_or_holding_a_long_number_raises_value_error() -> None:
    deep: list[object] = []
    for _ in range(20_000):
        deep = [deep]
    with pytest.raises(ValueError, match="must be one of"):
        GameState.from_record({"format": 1, "game": "classic", "options": {"target": deep}, "seed": 0,
                               "actions": []})
    with pytest.raises(ValueError, match="JSON"):
        GameState.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="JSON"):
        GameState.from_json('{"format": 1, "seed": ' + "9" * 5000 + "}")


# --- one spelling for every action ----------------------------------------------------------------

def respell(action: str, k: int) -> str:
    """The same action as a player might type it."""
    if k % 3 == 0:
        return action.lower()
    if k % 3 == 1:
        return f" {action.replace('T', '10', 1) if len(action) == 2 else action.upper()} "
    return action


@pytest.mark.parametrize("game", ["classic", "contract", "german", "dummy"])
def test_two_games_typed_differently_have_the_same_record(game: str) -> None:
    options: dict[str, Any] = {"draw": "high"} if game == "classic" else {}
    plain = GameState(game, seed=11, **options)
    typed = GameState(game, seed=11, **options)
    k = 0
    while not plain.is_over and len(plain.actions) < 200:
        action = plain.legal_actions()[k % len(plain.legal_actions())]
        plain.apply(action)
        typed.apply(respell(action, k))
        assert typed.actions[-1] == action
        k += 1
    assert typed.to_record() == plain.to_record() and typed.snapshot() == plain.snapshot()
    for seat in plain.rules.seats:
        assert typed.observation(seat) == plain.observation(seat)
    while typed.can_undo:
        assert typed.undo() == plain.undo()


def test_a_card_typed_in_lower_case_or_with_10_is_recorded_as_the_card() -> None:
    state = GameState("classic", seed=42)
    card = state.legal_actions()[0]
    state.apply(card.lower())
    assert state.actions == [card] and state.to_record()["actions"] == [card]
    assert state.undo() == card
    assert state.check(" " + card.lower()) == card


def test_next_in_any_case_is_next() -> None:
    state = GameState("classic", seed=3, draw="low")
    assert state.phase is Phase.DRAW
    state.apply(" NEXT ")
    assert state.actions == [NEXT_HAND] and state.phase is Phase.PLAY


def test_an_old_record_with_a_lower_case_card_loads_normalised() -> None:
    state = GameState("classic", seed=42)
    cards = []
    for _ in range(5):
        cards.append(state.legal_actions()[-1])
        state.apply(cards[-1])
    old = {**state.to_record(), "actions": [c.lower() for c in cards]}
    again = GameState.from_record(old)
    assert again.actions == cards and again.snapshot() == state.snapshot()


def test_the_card_played_is_the_card_named() -> None:
    state = GameState("classic", seed=42)
    card = state.legal_actions()[0]
    state.apply(card.lower())
    assert card_name(state.trick[0][1]) == card


# --- no assert carries validation -------------------------------------------------------------------

#: Engine modules that read what comes from a player, a record or the bot protocol.
INPUT_MODULES = ["engine/auction", "engine/cards", "engine/deal", "ai/german", "engine/observation", "engine/rules",
                 "engine/seats", "engine/state", "engine/trick"]


@pytest.mark.parametrize("module", INPUT_MODULES)
def test_the_modules_that_read_input_hold_no_assert(module: str) -> None:
    tree = ast.parse((ROOT / "whist" / f"{module}.py").read_text(encoding="utf-8"))
    lines = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
    assert lines == [], f"whist/{module}.py has assert statements at lines {lines}"


OPTIMISED_CHECK = r"""
import json
from whist.engine.state import GameState, IllegalActionError
out = []
for call in ["7n", "8h", "7nt", "7NT ", "6nt", "double", 7]:
    for before in ([], ["8C"], ["13NT"]):
        state = GameState("contract", seed=5)
        for c in before:
            state.apply(c)
        try:
            state.apply(call)
            out.append(["taken", state.actions[-1]])
        except IllegalActionError as err:
            out.append(["refused", str(err)])
for actions in (["7nt"], ["6nt"], ["7C", "7C"]):
    try:
        GameState.from_record({"format": 1, "game": "contract", "options": {}, "seed": 0, "actions": actions})
        out.append(["loaded"])
    except ValueError as err:
        out.append(["ValueError", str(err)])
print(json.dumps(out))
"""


def test_the_same_refusals_under_python_dash_o() -> None:
    runs = [subprocess.run([sys.executable, *flags, "-c", OPTIMISED_CHECK], cwd=ROOT, capture_output=True,
                           text=True, check=False) for flags in ([], ["-O"])]
    for run in runs:
        assert run.returncode == 0, run.stderr
    plain, optimised = (json.loads(run.stdout) for run in runs)
    assert optimised == plain
    assert ["taken", "7NT"] in plain and ["loaded"] in plain
    assert sum(kind == "ValueError" for kind, *_ in plain) == 2


def test_a_game_the_page_stored_before_still_loads_normalised() -> None:
    from whist.web.storage import decode_game

    old = GameState("classic", seed=0, draw="high", record_format=1)  # the draw as it was then
    for _ in range(9):
        old.apply(old.legal_actions()[-1])
    record = {**old.to_record(), "actions": [a.lower() for a in old.actions]}
    game, table, problems = decode_game({"id": "g1", "record": record, "redo": []})
    assert problems == [] and game is not None and table is not None
    assert table.state.snapshot() == old.snapshot()
    assert game["record"] == old.to_record() and game["record"]["actions"][1] == old.actions[1].upper()


# --- one structured refusal -----------------------------------------------------------------------


def _refusal(state: GameState, action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.check(action)  # type: ignore[arg-type]
    return caught.value


def test_a_refused_card_says_its_code_seat_and_suit() -> None:
    """The state's check is the one place that decides; the table passes its refusal on."""
    for seed in range(20):  # the first deal where the second hand holds the suit led and another
        state = GameState("classic", seed=seed)
        state.apply(card_name(next(cards_high_first(state.legal_mask()))))
        seat = state.to_play
        assert seat is not None
        led = suit_of(state.trick[0][1])
        wrong = next((c for c in cards_high_first(state.hands[seat]) if suit_of(c) != led), None)
        if wrong is not None and suit_cards(state.hands[seat], led):
            break
    assert wrong is not None and seat is not None
    err = _refusal(state, card_name(wrong))
    assert (err.code, err.seat, err.suit) == ("must-follow", seat, led)
    assert err.sentence(seat) == f"You must follow suit: {SUIT_NAMES[led]} were led and you hold {SUIT_NAMES[led]}."
    assert err.sentence(None).startswith(f"{seat.long_name} must follow suit")
    held_elsewhere = next(c for c in range(52) if not state.hands[seat] >> c & 1 and c != wrong)
    err = _refusal(state, card_name(held_elsewhere))
    assert err.code == "not-in-hand" and err.sentence(seat).endswith("is not in your hand.")
    assert err.sentence(Seat.S if seat != Seat.S else Seat.N, yours=True).endswith("(your dummy).")
    assert _refusal(state, "ZZ").code == "not-a-card"
    assert _refusal(state, 7).code == "not-an-action"


def test_a_refused_call_and_a_pause_say_their_code() -> None:
    state = GameState("contract", seed=2)
    assert _refusal(state, "9Z").code == "not-a-call"
    err = _refusal(state, "double")
    assert err.code == "call-refused" and err.sentence().endswith(".") and err.detail in err.sentence().lower()
    assert set(REFUSAL_CODES) >= {"not-a-call", "call-refused", "must-follow", "not-in-hand", "paused", "game-over"}


def test_a_bid_too_low_is_worded_for_the_player_and_kept_for_the_log() -> None:
    """The player reads the bids in words; the log and the bot keep the rule's own words."""
    state = GameState("contract", seed=2)
    while state.to_play is not Seat.S:
        state.apply(state.legal_actions()[0] if state.to_play is not Seat.E else "8C")
    err = _refusal(state, "7nt")
    assert err.code == "call-refused" and err.beat == "8C"
    assert err.sentence(Seat.S) == "7 no trumps does not beat 8 clubs: bid higher, or pass."
    assert str(err) == "South cannot call '7NT': 7NT does not beat 8C: bid more tricks, or a higher denomination"
    assert _refusal(state, "double").beat is None


@pytest.mark.parametrize("action", ["claim \u00b2", "claim\u00b2", "claim \u0663", "claim \uff13", "claim \u2460",
                                    "claim 1\u00b2", "claim 3.0", "claim -1", "claim 123"])
def test_a_claim_of_a_number_not_in_ascii_digits_is_refused_as_not_an_action(action: str) -> None:
    """"²" and "①" pass ``str.isdigit`` (and "٣" is even read by ``int``): a claim counts its tricks
    in ASCII digits only, anything else is the one refusal, never a bare ValueError, and nothing changes."""
    state = GameState("classic", seed=3)
    snapshot = state.snapshot()
    for attempt in (state.check, state.apply):
        with pytest.raises(IllegalActionError) as caught:
            attempt(action)
        assert caught.value.code == "not-an-action" and "a claim is 'claim' or 'claim 3'" in str(caught.value)
    assert state.snapshot() == snapshot

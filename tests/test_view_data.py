"""A table's view as a live table's guest reads it (issue 39, part 3): whist.table.view_data.

Every view of whole hands of every game, as the referee sends it to each seat, reads back as the
very view the host made for that seat; data that is not a view (a field missing, one too many, a
value of another type, a list or a text too long, too many values, deep nesting) is refused with
one sentence, and nothing else is raised, for thousands of random changes to a real view.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.table.referee import Referee
from whist.table.session import Table
from whist.table.view_data import MAX_TEXT, ViewDataError, data_of, view_of

GAMES = ["classic", "short", "long", "american", "dummy", "contract", "german"]


def people(game: str) -> dict[str, str]:
    return {"S": "Anna", "N": "Ben"} if game in ("german", "contract", "classic", "short", "long", "american") \
        else {"S": "Anna", "W": "Ben"}


@pytest.mark.parametrize("game", GAMES)
def test_every_view_a_guest_is_sent_reads_back_as_the_host_made_it(game: str) -> None:
    table = Table(seed=21, game=game, people=people(game), live=True)
    table.computers_claim = True
    referee = Referee(table, clock=lambda: 0.0)
    rng = random.Random(game)
    seen = 0
    for _ in range(400):
        for seat in table.people:
            sent = json.loads(referee.message_for(seat))["view"]
            holder, table.human = table.human, seat
            try:
                made = table.view()
            finally:
                table.human = holder
            assert view_of(sent) == made
            seen += 1
        st = table.state
        if st.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            break
        if table.computer_step() is not None:
            continue
        who = st.rules.controller(st.to_play) if st.to_play is not None else None
        if who is None:
            table.proceed()
            continue
        holder, table.human = table.human, who
        try:
            legal = st.legal_actions()
            action = rng.choice(legal)
            result = table.human_call(action) if st.phase is Phase.AUCTION else table.human_play(action)
            assert result.ok, result.reason
        finally:
            table.human = holder
    assert seen > 20 and table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def a_view() -> dict[str, Any]:
    table = Table(seed=5, game="dummy")
    while table.computer_step():
        pass
    return data_of(table.view())


def refused(data: Any) -> str:
    with pytest.raises(ViewDataError) as caught:
        view_of(data)
    text = str(caught.value)
    assert text.startswith("The table's view could not be read: ") and text.endswith(".") and "\n" not in text
    return text


def test_what_is_not_a_view_is_refused_with_one_sentence() -> None:
    good = a_view()
    assert view_of(good).dummy is not None
    for change, said in [
        (lambda d: d.pop("hand"), "TableView has no hand"),
        (lambda d: d.update(extra=1), "has no field 'extra'"),
        (lambda d: d.update(hand_number="3"), "hand_number is not a whole number"),
        (lambda d: d.update(your_turn=1), "your_turn is not true or false"),
        (lambda d: d.update(title="x" * (MAX_TEXT + 1)), "too long a text"),
        (lambda d: d.update(hand={"card": "AS"}), "hand is not a list"),
        (lambda d: d["hand"].append({"card": "AS"}), "has no name"),
        (lambda d: d.update(trick=[[[[]]]] * 2), "is not an object"),
        (lambda d: d.update(notes=["n"] * 10_000), "notes is not a list"),
        (lambda d: d.update(deal_number=10**30), "not a whole number"),
        (lambda d: d["seats"][0].update(cards=True), "cards is not a whole number"),
        (lambda d: d.update(options={"target": [1]}), "is not a plain value"),
    ]:
        data = copy.deepcopy(good)
        change(data)
        assert said in refused(data), said
    nothing: list[Any] = [None, [], "view", 3, {"v": 1}]
    for bad in nothing:
        refused(bad)


def test_random_changes_to_a_view_raise_nothing_else() -> None:
    good = a_view()
    rng = random.Random(7)
    junk: list[Any] = [None, True, 0, -1, 10**20, "", "x", [], {}, [1, 2], {"a": 1}, 1.5]
    ok = 0

    def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        out = [at]
        if isinstance(value, dict):
            for k, v in value.items():
                out += paths(v, (*at, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out += paths(v, (*at, i))
        return out

    every = paths(good)[1:]
    for _ in range(2000):
        data = copy.deepcopy(good)
        where = rng.choice(every)
        holder = data
        for key in where[:-1]:
            holder = holder[key]
        holder[where[-1]] = rng.choice(junk)
        try:
            view_of(data)
            ok += 1
        except ViewDataError:
            pass
    assert 0 < ok < 2000  # some changes still make a view (a text for a text), most do not


def test_a_guests_view_turns_the_table_to_the_guest() -> None:
    table = Table(seed=2, game="german", people={"S": "Anna", "N": "Ben"}, live=True)
    sent = json.loads(Referee(table).message_for(Seat.N))["view"]
    view = view_of(sent)  # Ben's device: Ben at the foot, Anna across
    assert {s["seat"] for s in sent["seats"]} == {"S", "N"} and view.human == "S"
    seat_s, seat_n = view.seat("S"), view.seat("N")
    assert seat_s is not None and seat_n is not None and seat_s.name == "You" and seat_n.name == "Anna"

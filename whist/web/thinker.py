"""The thinker: the slow computer players (Hard, Expert) decide in a Web Worker.

The page asks, the worker answers, and the table stays live meanwhile
(animations, hover, keys, Undo). Both sides run this module: the page
encodes a :class:`whist.table.Choice` with :func:`request_of`, the worker
(a PyScript named worker, see :mod:`whist.web.thinking`) answers it with
:func:`think`: the card or call and why (:func:`choose`: the card or call alone).

A request is JSON text: the player to ask (``level``, ``seed``, ``game``:
the same player :meth:`whist.table.Table.player` makes, so the worker decides
exactly as the page would) and the observation it decides from, the one
:class:`~whist.engine.observation.Observation` and nothing else (honest: the worker
never sees a hidden card). The observation travels as :mod:`whist.engine.codec`'s
JSON data: it is a tree of our own frozen dataclasses, tuples and enums (auction,
contract, German Whist's stock included), the two ends run the same code
from the same whist.tgz, and nothing else ever talks to the worker.

>>> from whist.table import Table
>>> table = Table(seed=5)  # (at Hard the time cap can bind, and two runs may differ)
>>> choice = table.pending_choice()
>>> choose(request_of(choice)) == table.player(choice.player).choose(choice.observation)
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from whist.ai.players import Adviser, make_player
from whist.engine import codec

if TYPE_CHECKING:
    from whist.engine.observation import Observation
    from whist.table import Choice

#: The players the worker keeps, by (level, seed, game): as the table keeps one a seat.
_players: dict[tuple[str, int | None, str, bool], Adviser] = {}


def encode(obs: Observation) -> Any:
    """An observation as JSON-ready data (see the module's notes on the codec)."""
    return codec.pack(obs)


def decode(data: Any) -> Observation:
    """The observation :func:`encode` wrote; ValueError for anything else."""
    from whist.engine.observation import Observation

    obs = codec.unpack(data)
    if not isinstance(obs, Observation):
        raise ValueError("the request does not hold an observation")
    return obs


def request_of(choice: Choice) -> str:
    """The request text for one decision of the table."""
    return json.dumps({"level": choice.level, "seed": choice.seed, "game": choice.game,
                       "observation": encode(choice.observation), "dummy": choice.seat != choice.player,
                       "capped": choice.capped})


def player_for(level: str, seed: int | None, game: str, capped: bool = True) -> Adviser:
    key = (level, seed, game, capped)
    player = _players.get(key)
    if player is None:
        if len(_players) > 64:
            _players.clear()
        player = _players[key] = make_player(level, seed=seed, game=game, capped=capped)
    return player


def _ask(request: Any) -> tuple[Adviser, Observation]:
    data = json.loads(str(request))
    player = player_for(str(data["level"]), data["seed"], str(data["game"]), data.get("capped") is not False)
    return player, decode(data["observation"])


def choose(request: Any) -> str:
    """The card or call (``"QS"``, ``"pass"``...) for a request of :func:`request_of`."""
    player, obs = _ask(request)
    return player.choose(obs)


def think(request: Any) -> str:
    """The computer's card or call for a request and why, as JSON ``[action, reason]``: its player's
    ``advise`` (the same action as ``choose``), the reason as the table keeps it (not worded)."""
    player, obs = _ask(request)
    return json.dumps(player.advise(obs))


def advise(request: Any) -> str:
    """A hint for a request: JSON ``[card, reason]``, the reason worded here (it travels with the card)."""
    from whist.table.words import reason

    player, obs = _ask(request)
    action, why = player.advise(obs)
    return json.dumps([action, reason(action, why, dummy=json.loads(str(request)).get("dummy") is True)])


def replay_step(request: Any) -> str:
    """One of Expert's cards in the replay of a request of :func:`whist.table.duplicate.request_of`
    (the page asks again until it has the answer, :func:`whist.table.duplicate.answer_step`), so a
    replay queues behind the coach and the review a card at a time."""
    from whist.table.duplicate import answer_step

    return answer_step(request)


# coach: the verdict on your card, thought in the worker (whist/ai/coach.py)
def coach_request(choice: Choice, card: str) -> str:
    """The coach's request: the observation of ``choice`` (a :meth:`Table.hint_choice`, taken just
    before your card) and ``card``, the card you played from it."""
    return json.dumps({"observation": encode(choice.observation), "card": card, "dummy": choice.seat != choice.player})


def coach(request: Any) -> str:
    """The coach's answer: JSON, the sentence when the card was a costly one, else null."""
    from whist.ai.coach import judge
    from whist.engine.cards import parse_card
    from whist.table.coaching import coach_sentence

    data = json.loads(str(request))
    verdict = judge(decode(data["observation"]), parse_card(str(data["card"])))
    text = coach_sentence(verdict, dummy=data.get("dummy") is True) if verdict else ""
    return json.dumps(text or None)


def review(request: Any) -> str:
    """The hand review's next step (:meth:`whist.ai.review.HandReview.request`): its marks, no node limit."""
    from whist.ai.review import review_step

    return review_step(str(request))


#: The worker's entry point (PyScript named worker): what the page may call.
__export__ = ["choose", "think", "advise", "replay_step", "coach", "review"]

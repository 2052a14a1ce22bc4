"""The bot protocol: the project's computer players for any program, as JSON.

A request is what one seat can see, in the project's notation::

    {"game": "classic", "seat": "W", "hand": ["4S", "9H", ...], "trump": "H",
     "dealer": "E", "turnup": "4H",
     "tricks": [{"leader": "S", "cards": ["KS", "QS", "9S", "AS"]}],
     "current": {"leader": "E", "cards": ["JS", "TS"]},
     "level": "hard", "seed": 7}

(``level`` and ``seed`` optional) and the answer is ``{"card": "QS"}``, or
``{"error": "..."}`` saying what is wrong with the request.
``choose(request)`` answers one; ``python -m whist.bot [--level normal]
[--seed N]`` answers one JSON request a line on stdin with one JSON line on
stdout, and keeps going after a bad line. The schema is documented (and its
example tested) in ``docs/bot-protocol.md``.

>>> from whist.state import GameState
>>> state = GameState("classic", seed=42)
>>> request = request_of(state.observation(state.to_play))
>>> parse_request(request) == state.observation(state.to_play)
True
>>> choose(request)["card"] in state.legal_actions()
True
>>> choose({"seat": "S"})
{'error': "missing field 'game'"}
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from whist.cards import SUITS, card_name, mask_names, parse_card, suit_of
from whist.observation import Observation
from whist.players import LEVELS, Player, make_player
from whist.rules import GAMES, make_rules
from whist.seats import SEAT_NAMES, Seat
from whist.state import Trick
from whist.trick import legal_cards, trick_winner

_MISSING = object()


def choose(request: Any, level: str | None = None, seed: int | None = None,
           player: Player | None = None) -> dict[str, str]:
    """The card a computer player plays for this request: ``{"card": "QS"}``.

    The player is ``player`` if given, else one of the request's ``level`` and
    ``seed`` (falling back on the arguments, then ``"normal"``).
    """
    try:
        obs = parse_request(request)
        if obs.phase != "play" or obs.to_play is None:
            raise ValueError(f"there is no card to play: the phase is {obs.phase!r}")
        if obs.to_play != obs.seat:
            raise ValueError(f"it is {obs.to_play.long_name}'s turn, not {obs.seat.long_name}'s")
        if player is None or "level" in request or "seed" in request:
            want = _field(request, "level", str, level or "normal")
            if want not in LEVELS:
                raise ValueError(f"unknown level {want!r}; the levels are {list(LEVELS)}")
            given = _field(request, "seed", (int, type(None)), seed)
            player = make_player(want, given)
        return {"card": player.choose(obs)}
    except ValueError as err:
        return {"error": str(err)}


def request_of(obs: Observation) -> dict[str, Any]:
    """The request for ``obs`` in the protocol's schema (without ``level`` and ``seed``)."""
    tricks = [{"leader": SEAT_NAMES[t.leader], "cards": [card_name(c) for _, c in t.plays]}
              for t in obs.tricks]
    return {
        "game": obs.game,
        "seat": SEAT_NAMES[obs.seat],
        "hand": mask_names(obs.hand),
        "trump": None if obs.trump is None else SUITS[obs.trump],
        "dealer": SEAT_NAMES[obs.dealer],
        "turnup": None if obs.turn_up is None else card_name(obs.turn_up),
        "tricks": tricks,
        "current": {"leader": SEAT_NAMES[obs.leader], "cards": [card_name(c) for _, c in obs.trick]},
    }


def parse_request(data: Any) -> Observation:
    """An :class:`Observation` from a request; raises ValueError saying what is wrong.

    Also accepted, for programs written against :meth:`Observation.to_json`:
    ``turn_up`` for ``turnup``, ``trick`` for ``current``, ``"NT"`` for no
    trump, cards given as ``[seat, card]`` pairs, and the derived fields
    (``seats``, ``partnerships``, ``phase``, ``to_play``, ``legal``,
    ``hand_sizes``, ``tricks_won``, ``turn_up_visible``, trick winners), which
    must then agree with the rest. ``scores``, ``target`` and ``hand_number``
    are optional.
    """
    if not isinstance(data, dict):
        raise ValueError("an observation is a JSON object")
    game = _field(data, "game", str)
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {sorted(GAMES)}")
    try:
        rules = make_rules(game)
    except ValueError as err:
        raise ValueError(f"game {game!r}: {err}") from None
    seat = _seat(_field(data, "seat", str), "seat")

    seats, sides = rules.seats, rules.sides
    if "seats" in data and tuple(_seat(x, "seats") for x in _field(data, "seats", list)) != seats:
        raise ValueError(f"{rules.title} seats {' '.join(SEAT_NAMES[x] for x in seats)}, in that order")
    if "partnerships" in data:
        given = [_text(p, "partnerships").upper() for p in _field(data, "partnerships", list)]
        if given != ["".join(SEAT_NAMES[x] for x in side) for side in sides]:
            raise ValueError(f"the partnerships of {rules.title} are "
                             f"{' and '.join(''.join(SEAT_NAMES[x] for x in side) for side in sides)}")
    if seat not in seats:
        raise ValueError(f"seat {SEAT_NAMES[seat]} does not play in {rules.title}")

    def following(s: Seat) -> Seat:
        return seats[(seats.index(s) + 1) % len(seats)]

    phase = _field(data, "phase", str, "play")
    if phase not in ("play", "hand-over", "game-over"):
        raise ValueError(f"unknown phase {phase!r} (play, hand-over or game-over)")
    hand = _cards(_field(data, "hand", list), "hand")
    trump_text = _field(data, "trump", (str, type(None)))
    trump = None if trump_text is None or trump_text.upper() == "NT" else _suit(trump_text)
    dealer = _seat(_field(data, "dealer", str), "dealer")
    if dealer not in seats:
        raise ValueError(f"the dealer {SEAT_NAMES[dealer]} does not play")
    up_key = "turnup" if "turnup" in data or "turn_up" not in data else "turn_up"
    up_text = _field(data, up_key, (str, type(None)), None)
    turn_up = None if up_text is None else _card(up_text, up_key)
    if turn_up is not None and trump is not None and suit_of(turn_up) != trump:
        raise ValueError(f"the turn-up {card_name(turn_up)} is not a trump ({SUITS[trump]})")
    if turn_up is not None and trump is None:
        raise ValueError(f"the turn-up {card_name(turn_up)} makes its suit trumps, but 'trump' is null")

    seen = hand
    leader = rules.first_leader(dealer)
    tricks = []
    for i, t in enumerate(_field(data, "tricks", list)):
        where = f"tricks[{i}]"
        plays, seen = _plays(t, where, seats, following, seen, leader)
        if len(plays) != len(seats):
            raise ValueError(f"{where} has {len(plays)} cards; a trick has {len(seats)}")
        win = plays[trick_winner([c for _, c in plays], trump)][0]
        if "winner" in t and _seat(_text(t["winner"], where + ".winner"), where + ".winner") != win:
            raise ValueError(f"{where}: the winner is {SEAT_NAMES[win]}, not {t['winner']}")
        tricks.append(Trick(leader, plays, win))
        leader = win
    key = "current" if "current" in data or "trick" not in data else "trick"
    current = _field(data, key, dict, {"cards": []})
    trick, seen = _plays(current, key, seats, following, seen, leader)
    if len(trick) >= len(seats):
        raise ValueError("the current trick is complete: it belongs in 'tricks'")

    played = 0
    for t in tricks:
        for _, c in t.plays:
            played |= 1 << c
    for _, c in trick:
        played |= 1 << c
    to_play: Seat | None = (following(trick[-1][0]) if trick else leader) if phase == "play" else None
    if "to_play" in data:
        given = data["to_play"]
        expect = None if to_play is None else SEAT_NAMES[to_play]
        if given != expect:
            raise ValueError(f"'to_play' is {given!r}, but the play says {expect!r}")
    led = suit_of(trick[0][1]) if trick else None
    legal = legal_cards(hand, led) if to_play == seat else 0
    if "legal" in data and _cards(_field(data, "legal", list), "legal") != legal:
        raise ValueError("'legal' does not match the hand and the suit led")

    # The turn-up stays on show in the dealer's hand until the dealer plays it.
    visible = turn_up is not None and not played >> turn_up & 1
    if visible and dealer == seat and not hand >> turn_up & 1:  # type: ignore[operator]
        raise ValueError("the turn-up is neither played nor in the dealer's hand")
    if "turn_up_visible" in data and _field(data, "turn_up_visible", bool) != visible:
        raise ValueError(f"'turn_up_visible' must be {str(visible).lower()}: the turn-up is "
                         f"{'not yet' if visible else 'already'} played")
    sizes = [0, 0, 0, 0]
    for s in seats:
        sizes[s] = rules.tricks_per_hand - sum(1 for t in tricks for p, _ in t.plays if p == s) \
            - sum(1 for p, _ in trick if p == s)
    if "hand_sizes" in data:
        given_sizes = _field(data, "hand_sizes", dict)
        for s in seats:
            n = given_sizes.get(SEAT_NAMES[s])
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"hand_sizes[{SEAT_NAMES[s]!r}] must be a whole number")
            sizes[s] = n
    if sizes[seat] != hand.bit_count():
        raise ValueError(f"the hand holds {hand.bit_count()} cards, but {sizes[seat]} are expected "
                         f"after the tricks played")

    won = [0] * len(sides)
    for t in tricks:
        won[next(i for i, side in enumerate(sides) if t.winner in side)] += 1
    tricks_won = tuple(won)
    if "tricks_won" in data and tuple(_ints(data["tricks_won"], "tricks_won")) != tricks_won:
        raise ValueError(f"'tricks_won' does not match the tricks: {list(tricks_won)}")
    scores = tuple(_ints(data.get("scores", [0] * len(sides)), "scores"))
    if len(scores) != len(sides):
        raise ValueError(f"'scores' has one number a side ({len(sides)})")
    target = _field(data, "target", int, rules.target)
    hand_number = _field(data, "hand_number", int, 0)

    return Observation(
        game=game, seat=seat, seats=seats, sides=sides, phase=phase, hand=hand, trump=trump,
        dealer=dealer, turn_up=turn_up, turn_up_visible=visible, leader=leader,
        trick=trick, tricks=tuple(tricks), to_play=to_play, legal=legal,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]), scores=scores,
        tricks_won=tricks_won, target=target, hand_number=hand_number,
    )


# --- reading the fields ---------------------------------------------------------

def _field(data: dict[str, Any], name: str, kind: Any, default: Any = _MISSING) -> Any:
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"missing field {name!r}")
        return default
    value = data[name]
    if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
        raise ValueError(f"field {name!r} has the wrong type: {value!r}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected a string, not {value!r}")
    return value


def _seat(value: Any, where: str) -> Seat:
    try:
        return Seat.parse(_text(value, where))
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"'trump' is a suit letter S H D C or NT, not {text!r}")
    return SUITS.index(t)


def _card(value: Any, where: str) -> int:
    try:
        return parse_card(_text(value, where))
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _cards(values: list[Any], where: str) -> int:
    mask = 0
    for v in values:
        c = _card(v, where)
        if mask >> c & 1:
            raise ValueError(f"{where}: {card_name(c)} is listed twice")
        mask |= 1 << c
    return mask


def _ints(values: Any, where: str) -> list[int]:
    if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ValueError(f"{where!r} is a list of whole numbers")
    return values


def _plays(t: Any, where: str, seats: Sequence[Seat], following: Any, seen: int,
           leader: Seat) -> tuple[tuple[tuple[Seat, int], ...], int]:
    """The cards of one trick, checked: led by ``leader``, clockwise, no card seen twice."""
    if not isinstance(t, dict):
        raise ValueError(f"{where} is an object with 'leader' and 'cards'")
    if "leader" in t and _seat(t["leader"], where + ".leader") != leader:
        raise ValueError(f"{where}: {SEAT_NAMES[leader]} leads it (the last trick's winner), "
                         f"not {t['leader']}")
    cards = t.get("cards")
    if not isinstance(cards, list):
        raise ValueError(f"{where}.cards is a list of cards in the order played")
    plays = []
    expect = leader
    for item in cards:
        if isinstance(item, list):  # the [seat, card] form of Observation.to_json
            if len(item) != 2:
                raise ValueError(f"{where}.cards holds cards or [seat, card] pairs, not {item!r}")
            s = _seat(item[0], where)
            if s != expect:
                raise ValueError(f"{where}: {SEAT_NAMES[expect]} plays next, not {SEAT_NAMES[s]}")
            item = item[1]
        s = expect
        c = _card(item, where)
        if seen >> c & 1:
            raise ValueError(f"{where}: {card_name(c)} appears twice (in the hand or an earlier play)")
        seen |= 1 << c
        plays.append((s, c))
        expect = following(s)
    return tuple(plays), seen


# --- the command line ---------------------------------------------------------------

parse_observation = parse_request
"""The former name of :func:`parse_request`."""


def serve(lines: Any, out: Any, level: str = "normal", seed: int | None = None) -> None:
    """Answer each JSON line of ``lines`` with one JSON line on ``out``; a request's
    own ``level`` and ``seed`` override the defaults given here."""
    player = make_player(level, seed)
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            answer = {"error": f"not JSON: {err}"}
        else:
            answer = choose(data, level, seed, player=player)
        out.write(json.dumps(answer) + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m whist.bot", description=(
        "Read one JSON request a line on stdin (see docs/bot-protocol.md), write one JSON answer a line: "
        '{"card": "QS"} or {"error": "..."}.'))
    parser.add_argument("--level", choices=LEVELS, default="normal",
                        help="the level when a request names none (default normal)")
    parser.add_argument("--seed", type=int, default=None, help="the seed when a request gives none")
    args = parser.parse_args(argv)
    serve(sys.stdin, sys.stdout, args.level, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

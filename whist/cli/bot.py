"""The bot protocol: the project's computer players for any program, as JSON.

A request is what one seat can see, in the project's notation::

    {"game": "classic", "seat": "W", "hand": ["4S", "9H", ...], "trump": "H",
     "dealer": "E", "turnup": "4H",
     "tricks": [{"leader": "S", "cards": ["KS", "QS", "9S", "AS"]}],
     "current": {"leader": "E", "cards": ["JS", "TS"]},
     "level": "hard", "seed": 7}

(``level`` and ``seed`` optional; ``options``, ``auction``, ``exposed``,
``face_up``, ``taken_face_up`` and the score where the game has them) and the answer is
``{"card": "QS"}``, in an auction ``{"call": "8H"}``, or ``{"error": "..."}``
saying what is wrong with the request. ``choose(request)`` answers one;
``python -m whist.bot [--level normal] [--seed N]`` answers one JSON request a
line on stdin with one JSON line on stdout, and keeps going after a bad line.
The schema is documented (and its example tested) in ``docs/bot-protocol.md``.

>>> from whist.engine.state import GameState
>>> state = GameState("classic", seed=42)
>>> request = request_of(state.observation(state.to_play))
>>> parse_request(request) == state.observation(state.to_play)
True
>>> choose(request)["card"] in state.legal_actions()
True
>>> choose({"seat": "S"})
{'error': "missing field 'game'"}
>>> answer_line("[" * 1500 + "]" * 1500)
{'error': 'the line nests deeper than 16 levels: a request needs 6'}
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from whist.ai.players import LEVELS, Player, make_player
from whist.engine import jsontext
from whist.engine.auction import Contract
from whist.engine.cards import SUIT_NAMES, SUITS, card_name, mask_names, parse_card, shown, suit_of
from whist.engine.observation import Observation
from whist.engine.rules import GAMES, Rules, make_rules
from whist.engine.seats import SEAT_NAMES, Seat
from whist.engine.state import GameState, Phase
from whist.engine.trick import Plays, Trick, legal_cards

MAX_LINE = 65_536
"""The longest request line, in bytes (a whole German Whist hand in the long form is under 4 KB)."""
MAX_DEPTH = 16
"""The deepest nesting of a request line (a request needs 6: a trick's ``[seat, card]`` pairs)."""
MAX_DIGITS = 20
"""The longest run of digits in a number (a seed needs at most 19)."""
SEED_RANGE = range(-2**63, 2**63)

_MISSING = object()


# --- reading a line: bounded before it is parsed ---------------------------------------

def loads_bounded(data: str | bytes, max_size: int = MAX_LINE, what: str = "the line", *,
                  needed: str = "a request needs 6") -> Any:
    """A line of JSON from outside, parsed only once it is within the protocol's bounds
    (:data:`MAX_DEPTH`, :data:`MAX_DIGITS`; see :func:`whist.engine.jsontext.loads_bounded`).

    >>> loads_bounded('{"seat": "S"}')
    {'seat': 'S'}
    >>> loads_bounded("[" * 1500 + "]" * 1500)
    Traceback (most recent call last):
    ValueError: the line nests deeper than 16 levels: a request needs 6
    """
    return jsontext.loads_bounded(data, max_size, what, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS, needed=needed)


# --- the request -----------------------------------------------------------------------

@dataclass(frozen=True)
class Request:
    """A checked request: the observation and the player asked for."""

    observation: Observation
    level: str | None
    """The level the request names, or None for the caller's default."""
    seed: int | None
    has_seed: bool
    """Whether the request gives ``seed`` (null included), overriding the caller's."""


def choose(request: Any, level: str | None = None, seed: int | None = None,
           players: dict[tuple[str, int | None, str], Player] | None = None) -> dict[str, str]:
    """The card (or call) a computer player makes for this request:
    ``{"card": "QS"}`` or ``{"call": "8H"}``; ``{"error": "..."}`` for a bad request.

    The player is the request's ``level`` and ``seed``, falling back on the
    arguments, then ``"normal"``. ``players`` keeps players between requests.
    """
    try:
        checked = read_request(request)
        _check_level(level, "level")
        _check_seed(seed, "seed")
    except ValueError as err:
        return {"error": str(err)}
    obs = checked.observation
    if obs.to_play is None:
        return {"error": f"there is nothing to decide: the phase is {obs.phase!r}"}
    if obs.to_play != obs.seat:
        return {"error": f"it is {obs.to_play.long_name}'s turn, not {obs.seat.long_name}'s"}
    key = (checked.level or level or "normal", checked.seed if checked.has_seed else seed, obs.game)
    player = None if players is None else players.get(key)
    if player is None:
        player = make_player(key[0], key[1], game=key[2])
        if players is not None:
            if len(players) > 64:
                players.clear()
            players[key] = player
    try:
        action = player.choose(obs)
    except ValueError as err:  # a position no deal of the hidden cards fits
        return {"error": str(err)}
    return {"call" if obs.phase == Phase.AUCTION.value else "card": action}


def request_of(obs: Observation) -> dict[str, Any]:
    """The request for ``obs`` in the protocol's schema (without ``level`` and
    ``seed``); fields at their defaults are left out."""
    tricks = [{"leader": SEAT_NAMES[t.leader], "cards": [card_name(c) for _, c in t.plays]}
              for t in obs.tricks]
    request: dict[str, Any] = {"game": obs.game}
    cls = GAMES.get(obs.game)
    defaults = cls.default_options if cls is not None else {}
    options = {k: v for k, v in obs.options if defaults.get(k, _MISSING) != v}
    if options:
        request["options"] = options
    request.update({
        "seat": SEAT_NAMES[obs.seat],
        "hand": mask_names(obs.hand),
        "trump": None if obs.trump is None else SUITS[obs.trump],
        "dealer": SEAT_NAMES[obs.dealer],
        "turnup": None if obs.turn_up is None else card_name(obs.turn_up),
    })
    if obs.auction:
        request["auction"] = [call for _, call in obs.auction]
    request["tricks"] = tricks
    request["current"] = {"leader": SEAT_NAMES[obs.leader], "cards": [card_name(c) for _, c in obs.trick]}
    if obs.exposed:
        request["exposed"] = {SEAT_NAMES[s]: mask_names(m) for s, m in obs.exposed}
    if obs.face_up is not None:
        request["face_up"] = card_name(obs.face_up)
    if obs.taken_face_up:
        request["taken_face_up"] = [[SEAT_NAMES[s], card_name(c)] for s, c in obs.taken_face_up]
    if obs.phase == Phase.GAME_OVER.value:
        request["phase"] = obs.phase
    if any(obs.scores):
        request["scores"] = list(obs.scores)
    if obs.hand_number:
        request["hand_number"] = obs.hand_number
    return request


def parse_request(data: Any) -> Observation:
    """An :class:`Observation` from a request; raises ValueError saying what is wrong
    (with any field of the request, ``level`` and ``seed`` included).

    Also accepted, for programs written against :meth:`Observation.to_json`:
    ``turn_up`` for ``turnup``, ``trick`` for ``current``, ``"NT"`` for no
    trump, cards and calls given as ``[seat, card]`` pairs, ``target`` for the
    option of that name, and the derived fields (``seats``, ``partnerships``,
    ``phase``, ``to_play``, ``legal``, ``legal_calls``, ``contract``,
    ``hand_sizes``, ``tricks_won``, ``turn_up_visible``, ``stock_size``,
    trick winners), which must then agree with the rest.
    """
    return read_request(data).observation


def read_request(data: Any) -> Request:
    """The checked request: its observation, level and seed (see :func:`parse_request`)."""
    if not isinstance(data, dict):
        raise ValueError("an observation is a JSON object")
    level = _check_level(_field(data, "level", (str, type(None)), None), "'level'")
    seed = _check_seed(_field(data, "seed", (int, type(None)), None), "'seed'")
    return Request(_Reader(data).observation(), level, seed, "seed" in data)


class _Reader:
    """Reads one request into an observation, checking each field once.

    What the game's rules decide comes from its rules object and a game state
    dealt to the same dealer (how many cards each seat is dealt, the stock, how
    trump is named, the auction), never from the game's name. The request's
    calls are applied to that state and its cards pushed onto it
    (``GameState.push``), so the state says who leads each trick, who wins it,
    whose turn it is, the phase, the tricks won and the stock left. Its hands are
    those of any deal and never read: the request's cards are checked here.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.rules: Rules = Rules()

    def observation(self) -> Observation:
        data = self.data
        rules, seat, dealer = self._game()
        seats, sides = rules.seats, rules.sides
        shape = _shape_of(rules, dealer)
        table = _fresh_table(rules, dealer)
        hand = _cards(_field(data, "hand", list), "hand")
        trump, turn_up = self._trumps(shape, table)
        tricks, trick, seen = self._play(table, hand)
        derived = Phase.HAND_OVER if table.phase is Phase.GAME_OVER else table.phase
        phase = self._phase(derived)

        # hand sizes: as dealt, plus a card from the stock after each of the first tricks, less the plays
        draws = len(table.draws) // len(seats)
        sizes = [shape.dealt[s] + draws if s in seats else 0 for s in range(4)]
        for plays in (*(t.plays for t in tricks), trick):
            for s, _ in plays:
                sizes[s] -= 1
        if sizes[seat] != hand.bit_count():
            raise ValueError(f"the hand holds {hand.bit_count()} cards, but {sizes[seat]} are expected "
                             f"after the tricks played")
        stock_size = len(table.stock)
        face_up = self._face_up(stock_size, seen, turn_up if shape.up_on_stock and not tricks else None)
        if face_up is not None:
            seen |= 1 << face_up
        exposed, seen = self._exposed(seat, tricks, trick, sizes, draws, seen)
        visible = self._turn_up(turn_up, shape.up_on_stock, dealer, seat, tricks, trick, hand, exposed)
        taken_face_up = self._taken_face_up(seat, tricks, trick, hand, exposed, draws,
                                            turn_up if shape.up_on_stock else None)
        if not rules.revokes_allowed:
            _check_voids(tricks, trick, shape.stock // len(seats), {seat: hand, **exposed})

        to_play = table.to_play if phase is derived else None
        legal = legal_cards(hand, table.led_suit) if phase == Phase.PLAY and to_play == seat else 0
        legal_calls = tuple(table.legal_calls()) if to_play == seat else ()
        won = table.tricks_won
        self._agree(seats, to_play, legal, legal_calls, table.contract, sizes, list(won), visible, stock_size)
        return Observation(
            game=rules.name, seat=seat, seats=seats, sides=sides, phase=phase.value, hand=hand, trump=trump,
            dealer=dealer, turn_up=turn_up, turn_up_visible=visible, leader=table.leader,
            trick=trick, tricks=tricks, to_play=to_play, legal=legal,
            hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            scores=self._scores(len(sides)), tricks_won=won, target=rules.target,
            hand_number=_whole(_field(data, "hand_number", int, 0), "hand_number"),
            exposed=tuple(sorted(exposed.items())), auction=table.auction, contract=table.contract,
            legal_calls=legal_calls, face_up=face_up, stock_size=stock_size,
            options=tuple(sorted(rules.options.items())),
            taken_face_up=taken_face_up,
        )

    # --- the parts of a request -------------------------------------------------------
    def _game(self) -> tuple[Rules, Seat, Seat]:
        """The game's rules (with the request's options), the seat asking and the dealer."""
        data = self.data
        game = _field(data, "game", str)
        if game not in GAMES:
            raise ValueError(f"unknown game {shown(game)}; the games are {sorted(GAMES)}")
        rules = self.rules = _rules_of(game, data)
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
        dealer = _seat(_field(data, "dealer", str), "dealer")
        if dealer not in seats:
            raise ValueError(f"the dealer {SEAT_NAMES[dealer]} does not play in {rules.title}")
        return rules, seat, dealer

    def _trumps(self, shape: _Shape, table: GameState) -> tuple[int | None, int | None]:
        """The trump suit and the turn-up, checked against the game, then the auction
        (applied to ``table``); ``table`` then plays with the request's trumps."""
        data, rules = self.data, self.rules
        trump_text = _field(data, "trump", (str, type(None)))
        trump = None if trump_text is None or trump_text.strip().upper() == "NT" else _suit(trump_text)
        up_key = "turnup" if "turnup" in data or "turn_up" not in data else "turn_up"
        up_text = _field(data, up_key, (str, type(None)), None)
        turn_up = None if up_text is None else _card(up_text, up_key)
        if not shape.turn_up and turn_up is not None:
            raise ValueError(f"{rules.title} turns no card up: {up_key!r} is null")
        if shape.turn_up and turn_up is None:
            raise ValueError(f"{rules.title} turns a card up: give it as {up_key!r}")

        self._auction(table)
        tricks_data = _field(data, "tricks", list)
        if len(tricks_data) > rules.tricks_per_hand:
            raise ValueError(f"a hand of {rules.title} has {rules.tricks_per_hand} tricks, not {len(tricks_data)}")
        if table.phase is not Phase.PLAY and tricks_data:
            raise ValueError(f"no card is played in the phase {table.phase.value!r}: 'tricks' is empty")
        # trumps: by the auction, by the turn-up, by a card revealed later, or none
        early_trump = suit_of(turn_up) if shape.trump_by_turn_up and turn_up is not None else None
        late = shape.trump_revealed and len(tricks_data) >= rules.first_counted_trick
        if rules.has_auction:
            expect = "null" if table.trump is None else SUITS[table.trump]
            if trump != table.trump:
                raise ValueError(f"'trump' is {shown(trump_text)}, but the auction makes it {expect}")
        elif late:
            if trump is None:
                raise ValueError(f"from trick {rules.first_counted_trick + 1} a card turned up names trumps: "
                                 "'trump' is its suit, not null")
        elif trump != early_trump:
            if early_trump is None:
                raise ValueError(f"this hand of {rules.title} has no trumps: 'trump' is null, not "
                                 f"{shown(trump_text)}")
            if trump is None:
                raise ValueError(f"the turn-up {card_name(turn_up)} makes its suit trumps, "  # type: ignore[arg-type]
                                 "but 'trump' is null")
            raise ValueError(f"the turn-up {card_name(turn_up)} is not a trump ({SUITS[trump]})"  # type: ignore[arg-type]
                             f": it makes {SUIT_NAMES[early_trump]} trumps")
        if not rules.has_auction:
            # the state plays this hand's trumps, not those of the deal it was dealt
            table.trump = early_trump if shape.trump_revealed else trump
            table.reveal = None if trump is None or not shape.trump_revealed else 13 * trump
        return trump, turn_up

    def _play(self, table: GameState, hand: int) -> tuple[tuple[Trick, ...], Plays, int]:
        """Push the cards of the tricks and of the current trick onto ``table``: the tricks,
        the current trick and every card seen (the hand's and those played)."""
        data, rules = self.data, self.rules
        n = len(rules.seats)
        seen = hand
        for i, t in enumerate(_field(data, "tricks", list)):
            where = f"tricks[{i}]"
            plays, seen = _plays(t, where, rules.next_seat, seen, table.leader)
            if len(plays) != n:
                raise ValueError(f"{where} has {len(plays)} cards; a trick of {rules.title} has {n}")
            for _, c in plays:
                table.push(c)
            win = table.tricks[-1].winner
            if "winner" in t and _seat(t["winner"], where + ".winner") != win:
                raise ValueError(f"{where}: the winner is {SEAT_NAMES[win]}, not {shown(t['winner'])}")
        key = "current" if "current" in data or "trick" not in data else "trick"
        current = _field(data, key, dict, {"cards": []})
        trick, seen = _plays(current, key, rules.next_seat, seen, table.leader)
        if len(trick) >= n:
            raise ValueError("the current trick is complete: it belongs in 'tricks'")
        derived = Phase.HAND_OVER if table.phase is Phase.GAME_OVER else table.phase
        if derived != Phase.PLAY and trick:
            raise ValueError(f"no card is played in the phase {derived.value!r}: the current trick is empty")
        for _, c in trick:
            table.push(c)
        return table.tricks, trick, seen

    def _auction(self, table: GameState) -> None:
        """Replay the calls through the game's own state."""
        given = _field(self.data, "auction", list, [])
        if not self.rules.has_auction:
            if given:
                raise ValueError(f"{self.rules.title} has no auction: 'auction' is empty")
            return
        for i, item in enumerate(given):
            where = f"auction[{i}]"
            if table.phase is not Phase.AUCTION:
                raise ValueError(f"{where}: the auction is over after {i} calls")
            caller = table.to_play
            assert caller is not None  # the auction always has a seat to call
            if isinstance(item, list):  # the [seat, call] form of Observation.to_json
                if len(item) != 2:
                    raise ValueError(f"{where} is a call or a [seat, call] pair, not {shown(item)}")
                if _seat(item[0], where) != caller:
                    raise ValueError(f"{where}: {caller.long_name} calls next, not {shown(item[0])}")
                item = item[1]
            try:
                table.apply(_text(item, where))
            except ValueError as err:
                raise ValueError(f"{where}: {err}") from None

    def _phase(self, derived: Phase) -> Phase:
        """The phase: derived from the play; a finished hand may also end the game."""
        if "phase" not in self.data:
            return derived
        text = _field(self.data, "phase", str)
        try:
            given = Phase(text)
        except ValueError:
            raise ValueError(f"unknown phase {shown(text)} (auction, play, hand-over or game-over)") from None
        if given is Phase.DRAW:
            raise ValueError("there is nothing to decide while the players draw for deal: "
                             "send the hand once it is dealt")
        if given == derived or (derived is Phase.HAND_OVER and given is Phase.GAME_OVER):
            return given
        raise ValueError(f"'phase' is {given.value!r}, but the calls and the play say {derived.value!r}")

    def _face_up(self, stock_size: int, seen: int, expect: int | None) -> int | None:
        """The face-up card on the stock: a card while the stock lasts, else null."""
        text = _field(self.data, "face_up", (str, type(None)), None)
        if stock_size == 0:
            if text is not None:
                raise ValueError("there is no stock left (or none in this game): 'face_up' is null")
            return None
        if text is None:
            raise ValueError(f"{stock_size} cards are left in the stock: 'face_up' is the one on top")
        card = _card(text, "face_up")
        if seen >> card & 1:
            raise ValueError(f"face_up: {card_name(card)} is in a hand or played")
        if expect is not None and card != expect:
            raise ValueError(f"before the first trick the face-up card is the turn-up {card_name(expect)}")
        return card

    def _exposed(self, seat: Seat, tricks: Sequence[Trick], trick: Plays,
                 sizes: list[int], draws: int, seen: int) -> tuple[dict[Seat, int], int]:
        """The cards of other hands this seat sees: a whole hand (a dummy's, or the
        controller's to its dummy), or the cards another seat took face up."""
        rules = self.rules
        whole: set[Seat] = set()
        opened = bool(tricks or trick)
        for dummy in rules.dummies:
            controller = rules.controller(dummy)
            if dummy != seat and (opened or controller == seat):
                whole.add(dummy)
            if dummy == seat:
                whole.add(controller)
        given = _field(self.data, "exposed", dict, {})
        out: dict[Seat, int] = {}
        for name, cards in given.items():
            where = f"exposed[{shown(name)}]"
            s = _seat(name, where)
            if s not in rules.seats or s == seat:
                raise ValueError(f"{where}: the cards shown are those of another seat that plays")
            if not isinstance(cards, list):
                raise ValueError(f"{where} is a list of cards")
            mask = _cards(cards, where)
            if seen & mask:
                raise ValueError(f"{where}: {card_name((seen & mask).bit_length() - 1)} is in another "
                                 "hand or played")
            seen |= mask
            if s in whole:
                if mask.bit_count() != sizes[s]:
                    raise ValueError(f"{where}: {s.long_name}'s whole hand is shown: {sizes[s]} cards, "
                                     f"not {mask.bit_count()}")
            elif draws:
                taken = sum(1 for t in tricks[:draws] if t.winner == s)
                if mask.bit_count() > min(taken, sizes[s]):
                    raise ValueError(f"{where}: {s.long_name} took {taken} card(s) face up from the stock "
                                     f"and holds {sizes[s]}; {mask.bit_count()} are too many")
            elif mask:
                raise ValueError(f"{where}: no card of {s.long_name}'s hand is shown to "
                                 f"{seat.long_name} now")
            if mask or s in whole:
                out[s] = mask
        missing = sorted(whole - set(out))
        if missing:
            raise ValueError(f"'exposed' must hold {missing[0].long_name}'s cards: that hand is shown "
                             f"to {seat.long_name}")
        return out, seen

    def _taken_face_up(self, seat: Seat, tricks: Sequence[Trick], trick: Plays, hand: int,
                       exposed: dict[Seat, int], draws: int, turn_up: int | None) -> tuple[tuple[Seat, int], ...]:
        """The face-up card taken after each of the first ``draws`` tricks and by whom
        (optional: a program may leave the stock's history out). Each was taken by the
        trick's winner, who holds it now (in ``hand`` or ``exposed``) or played it since;
        the face-up cards another seat still holds are exactly those ``exposed`` shows."""
        given = _field(self.data, "taken_face_up", list, [])
        if not given:
            return ()
        if len(given) != draws:
            raise ValueError(f"'taken_face_up' holds the face-up card taken after each of the {draws} "
                             f"trick(s) with a draw from the stock, not {len(given)}")
        played_at: dict[int, tuple[int, Seat]] = {}
        for j, plays in enumerate((*(t.plays for t in tricks), trick)):
            for s, c in plays:
                played_at[c] = (j, s)
        out: list[tuple[Seat, int]] = []
        held: dict[Seat, int] = {}
        for t, item in enumerate(given):
            where = f"taken_face_up[{t}]"
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError(f"{where} is a [seat, card] pair, not {shown(item)}")
            s, card = _seat(item[0], where), _card(item[1], where)
            if s != tricks[t].winner:
                raise ValueError(f"{where}: {tricks[t].winner.long_name} won that trick and took the face-up card")
            if t == 0 and turn_up is not None and card != turn_up:
                raise ValueError(f"{where}: the first face-up card is the turn-up {card_name(turn_up)}")
            if any(c == card for _, c in out):
                raise ValueError(f"{where}: {card_name(card)} is listed twice")
            if card in played_at:
                j, by = played_at[card]
                if by != s or j <= t:
                    raise ValueError(f"{where}: {card_name(card)} was played before it was taken, "
                                     "or by another seat")
            elif not (hand if s == seat else exposed.get(s, 0)) >> card & 1:
                raise ValueError(f"{where}: {s.long_name} took {card_name(card)} and has not played it: "
                                 + ("it is in the hand" if s == seat else "'exposed' shows it"))
            elif s != seat:
                held[s] = held.get(s, 0) | 1 << card
            out.append((s, card))
        for s, mask in exposed.items():
            if mask & ~held.get(s, 0):
                raise ValueError(f"exposed[{SEAT_NAMES[s]}]: {card_name((mask & ~held.get(s, 0)).bit_length() - 1)} "
                                 "is no face-up card it took (see 'taken_face_up')")
        return tuple(out)

    def _turn_up(self, turn_up: int | None, on_stock: bool, dealer: Seat, seat: Seat, tricks: Sequence[Trick],
                 trick: Plays, hand: int, exposed: dict[Seat, int]) -> bool:
        """Whether the turn-up is on show in the dealer's hand, checking where it is.

        It is dealt to the dealer, or (on the stock) taken face up by the winner of the first trick.
        """
        if turn_up is None:
            return False
        holder = (tricks[0].winner if tricks else None) if on_stock else dealer
        player = next((s for t in tricks for s, c in t.plays if c == turn_up), None)
        player = next((s for s, c in trick if c == turn_up), player)
        name = card_name(turn_up)
        if player is not None:
            if player != holder:
                raise ValueError(f"the turn-up {name} was played by {player.long_name}, who did not hold it")
            return False
        if holder is None:
            return False  # still on the stock: the face-up card
        if holder == seat:
            if not hand >> turn_up & 1:
                raise ValueError(f"the turn-up {name} is neither played nor in the hand of {seat.long_name}, "
                                 "who holds it")
        elif holder in exposed or on_stock:
            if not exposed.get(holder, 0) >> turn_up & 1:
                raise ValueError(f"the turn-up {name} is neither played nor among {holder.long_name}'s "
                                 "cards shown in 'exposed'")
        elif hand >> turn_up & 1:
            raise ValueError(f"the turn-up {name} is {holder.long_name}'s, not in {seat.long_name}'s hand")
        return holder == dealer

    def _agree(self, seats: tuple[Seat, ...], to_play: Seat | None, legal: int, legal_calls: tuple[str, ...],
               contract: Contract | None, sizes: list[int], won: list[int], visible: bool,
               stock_size: int) -> None:
        """The derived fields a request may give must agree with what the rest says."""
        data = self.data
        if "to_play" in data:
            expect = None if to_play is None else SEAT_NAMES[to_play]
            if data["to_play"] != expect:
                raise ValueError(f"'to_play' is {shown(data['to_play'])}, but the play says {expect!r}")
        if "legal" in data and _cards(_field(data, "legal", list), "legal") != legal:
            raise ValueError("'legal' does not match the hand and the suit led")
        if "legal_calls" in data and _field(data, "legal_calls", list) != list(legal_calls):
            raise ValueError(f"'legal_calls' does not match the auction: {list(legal_calls)}")
        if "contract" in data:
            c = contract
            expect_contract = None if c is None else {
                "level": c.level, "declarer": SEAT_NAMES[c.declarer],
                "trump": "NT" if c.strain is None else SUITS[c.strain], "doubled": c.doubled}
            if data["contract"] != expect_contract:
                raise ValueError(f"'contract' does not match the auction: {expect_contract}")
        if "turn_up_visible" in data and _field(data, "turn_up_visible", bool) != visible:
            raise ValueError(f"'turn_up_visible' must be {str(visible).lower()}: the turn-up is "
                             f"{'on show in the dealer' + chr(39) + 's hand' if visible else 'not on show'}")
        if "stock_size" in data and _field(data, "stock_size", int) != stock_size:
            raise ValueError(f"'stock_size' is {stock_size} after the tricks played")
        if "hand_sizes" in data:
            given = _field(data, "hand_sizes", dict)
            expect_sizes = {SEAT_NAMES[s]: sizes[s] for s in seats}
            if given != expect_sizes or any(isinstance(v, bool) for v in given.values()):
                raise ValueError(f"'hand_sizes' is {shown(given)}, but the play leaves {expect_sizes}")
        if "tricks_won" in data and _ints(data["tricks_won"], "tricks_won") != won:
            raise ValueError(f"'tricks_won' does not match the tricks: {won}")

    def _scores(self, sides: int) -> tuple[int, ...]:
        scores = _ints(self.data.get("scores", [0] * sides), "scores")
        if len(scores) != sides:
            raise ValueError(f"'scores' has one number a side ({sides})")
        for v in scores:
            _whole(v, "scores")
        return tuple(scores)


@dataclass(frozen=True)
class _Shape:
    """What every deal of a game (with its options) by one dealer shares."""

    dealt: tuple[int, ...]
    """Cards dealt to each seat."""
    stock: int
    """Cards left in the stock after the deal."""
    turn_up: bool
    """A card is turned up."""
    up_on_stock: bool
    """The turn-up is the stock's top card, not the dealer's last."""
    trump_by_turn_up: bool
    """The turn-up's suit is trumps (else no trumps, or the auction names them)."""
    trump_revealed: bool
    """A card dealt face down names trumps from trick ``rules.first_counted_trick`` on."""


_shapes: dict[tuple[str, tuple[tuple[str, Any], ...], Seat], _Shape] = {}


def _shape_of(rules: Rules, dealer: Seat) -> _Shape:
    """The shape of the game's deal, read from a hand the game's own state deals (and kept)."""
    key = (rules.name, tuple(sorted(rules.options.items())), dealer)
    shape = _shapes.get(key)
    if shape is None:
        table = GameState(rules, 0, dealer=dealer)
        shape = _shapes[key] = _Shape(
            dealt=tuple(m.bit_count() for m in table.dealt), stock=len(table.stock),
            turn_up=table.turn_up is not None,
            up_on_stock=table.turn_up is not None and table.stock[:1] == (table.turn_up,),
            trump_by_turn_up=not rules.has_auction and table.trump is not None,
            trump_revealed=table.reveal is not None)
    return shape


_tables: dict[tuple[str, tuple[tuple[str, Any], ...], Seat], GameState] = {}


def _fresh_table(rules: Rules, dealer: Seat) -> GameState:
    """``GameState(rules, 0, dealer=dealer)``: a copy of the one first dealt (dealing is most
    of a short request's reading, and the reader's hands are never read)."""
    key = (rules.name, tuple(sorted(rules.options.items())), dealer)
    table = _tables.get(key)
    if table is None:
        table = _tables[key] = GameState(rules, 0, dealer=dealer)
    fresh = table.clone()
    fresh.rules = rules
    return fresh


def _rules_of(game: str, data: dict[str, Any]) -> Rules:
    """The game's rules with the request's options (``target`` may also stand alone)."""
    options = dict(_field(data, "options", dict, {}))
    for name, value in options.items():
        if not isinstance(value, str | int | bool):
            raise ValueError(f"option {shown(name)} is a word, a number or true/false, not {shown(value)}")
    if "target" in data:
        target = _field(data, "target", int)
        if options.setdefault("target", target) != target:
            raise ValueError(f"'target' is {target} but the option 'target' is {shown(options['target'])}")
    try:
        return make_rules(game, **options)
    except ValueError as err:
        raise ValueError(f"game {game!r}: {err}") from None


def _check_voids(tricks: Sequence[Trick], trick: Plays, draw_tricks: int,
                 known: dict[Seat, int]) -> None:
    """Where revokes are not allowed: a seat that showed out of a suit (after its
    last draw from any stock) plays no card of it later, and holds none."""
    void = {s: 0 for s in Seat}
    where = {s: [0, 0, 0, 0] for s in Seat}
    for i, plays in enumerate([*(t.plays for t in tricks), trick]):
        for s, c in plays:
            if void[s] >> suit_of(c) & 1:
                raise ValueError(f"{s.long_name} showed out of {SUIT_NAMES[suit_of(c)]} in trick "
                                 f"{where[s][suit_of(c)]}, so cannot play {card_name(c)} in trick {i + 1} "
                                 "(revokes are not allowed in this game)")
        if plays and i >= draw_tricks:
            led = suit_of(plays[0][1])
            for s, c in plays[1:]:
                if suit_of(c) != led and not void[s] >> led & 1:
                    void[s] |= 1 << led
                    where[s][led] = i + 1
    for s, cards in known.items():
        for suit in range(4):
            if void[s] >> suit & 1 and any(suit_of(c) == suit for c in _each(cards)):
                raise ValueError(f"{s.long_name} showed out of {SUIT_NAMES[suit]} in trick {where[s][suit]}, "
                                 "so holds none (revokes are not allowed in this game)")


def _each(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- reading the fields ---------------------------------------------------------

def _field(data: dict[str, Any], name: str, kind: Any, default: Any = _MISSING) -> Any:
    """``data[name]``, which must be of ``kind`` (true and false are not numbers)."""
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"missing field {name!r}")
        return default
    value = data[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise ValueError(f"field {name!r} has the wrong type: {shown(value)}")
    return value


def _check_level(value: str | None, where: str) -> str | None:
    if value is not None and value not in LEVELS:
        raise ValueError(f"unknown level {shown(value)} in {where}; the levels are {list(LEVELS)}")
    return value


def _check_seed(value: int | None, where: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value not in SEED_RANGE):
        raise ValueError(f"{where} is a whole number from -2**63 to 2**63-1, or null, not {shown(value)}")
    return value


def _whole(value: int, where: str) -> int:
    if not 0 <= value < 10**9:
        raise ValueError(f"{where!r} is a whole number from 0, not {shown(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected a string, not {shown(value)}")
    return value


def _seat(value: Any, where: str) -> Seat:
    try:
        return Seat.parse(_text(value, where))
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"'trump' is a suit letter S H D C or NT, not {shown(text)}")
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


def _plays(t: Any, where: str, following: Any, seen: int,
           leader: Seat) -> tuple[Plays, int]:
    """The cards of one trick, checked: led by ``leader``, clockwise, no card seen twice."""
    if not isinstance(t, dict):
        raise ValueError(f"{where} is an object with 'leader' and 'cards'")
    if "leader" in t and _seat(t["leader"], where + ".leader") != leader:
        raise ValueError(f"{where}: {SEAT_NAMES[leader]} leads it (the last trick's winner), "
                         f"not {shown(t['leader'])}")
    cards = t.get("cards")
    if not isinstance(cards, list):
        raise ValueError(f"{where}.cards is a list of cards in the order played")
    plays = []
    expect = leader
    for item in cards:
        if isinstance(item, list):  # the [seat, card] form of Observation.to_json
            if len(item) != 2:
                raise ValueError(f"{where}.cards holds cards or [seat, card] pairs, not {shown(item)}")
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


def answer_line(line: str | bytes, level: str | None = None, seed: int | None = None,
                players: dict[tuple[str, int | None, str], Player] | None = None) -> dict[str, str]:
    """The answer to one line of the protocol (bounded before it is parsed)."""
    try:
        data = loads_bounded(line, MAX_LINE)
    except ValueError as err:
        return {"error": str(err)}
    return choose(data, level, seed, players)


def serve(lines: Iterable[str | bytes], out: IO[str], level: str = "normal", seed: int | None = None) -> None:
    """Answer each JSON line of ``lines`` with one JSON line on ``out``; a request's
    own ``level`` and ``seed`` override the defaults given here. Blank lines are skipped."""
    players: dict[tuple[str, int | None, str], Player] = {}
    for line in lines:
        if not line.strip():
            continue
        text = line.rstrip(b"\r\n") if isinstance(line, bytes) else line.rstrip("\r\n")
        out.write(json.dumps(answer_line(text, level, seed, players)) + "\n")
        out.flush()


def bounded_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes]:
    """The lines of a byte stream, never holding more than ``limit + 1`` bytes of one:
    a longer line is cut there (and its rest skipped), so it is answered as too long."""
    while True:
        line = stream.readline(limit + 2)
        if not line:
            return
        if len(line) > limit + 1 and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(limit)
                if not rest or rest.endswith(b"\n"):
                    break
        yield line


def _seed_arg(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if seed not in SEED_RANGE:
        raise argparse.ArgumentTypeError("a seed is a whole number from -2**63 to 2**63-1")
    return seed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m whist.bot", description=(
        "Read one JSON request a line on stdin (see docs/bot-protocol.md), write one JSON answer a line: "
        '{"card": "QS"}, {"call": "8H"} or {"error": "..."}. Exits 0 at the end of the input, '
        "or when the reader of its answers goes away."))
    parser.add_argument("--level", choices=LEVELS, default="normal",
                        help="the level when a request names none (default normal)")
    parser.add_argument("--seed", type=_seed_arg, default=None, help="the seed when a request gives none")
    args = parser.parse_args(argv)
    try:
        serve(bounded_lines(sys.stdin.buffer), sys.stdout, args.level, args.seed)
    except BrokenPipeError:
        # Nobody reads the answers any more: stop quietly. Standard output goes to
        # the null device, so the interpreter's last flush at exit fails no more.
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())

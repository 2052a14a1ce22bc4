"""A duplicate challenge by link: the deals, the options, the computers' levels and each player's
play of every deal, in a few hundred characters of an address fragment (issue 39, part 2).

Each action of a hand (every card and call, the computers' too, and a claim) is written as its
index among the actions the position allowed, all of a deal's indices as one number in mixed
radix (so a forced card costs nothing), and the whole text ends with a CRC-32. Reading a link
replays every deal through the engine: an index out of range, a hand left unfinished or plays
past its end, a changed or truncated text, another version's text or plain junk is refused with
one sentence (:class:`ChallengeError`), and nothing else happens.

>>> link = Challenge("classic", {}, ("normal", "normal"), ((7, Seat.N),), ("Anna",), ((),))
>>> decode(encode(link)) == link
True
>>> try:
...     decode("2.AAAA")
... except ChallengeError as err:
...     print(err)
This challenge was made by another version of the game (2); this page reads version 1.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from whist.ai.players import LEVELS, make_player
from whist.engine.cards import card_name, cards_high_first
from whist.engine.rules import GAMES, make_rules
from whist.engine.seats import Seat
from whist.engine.state import CLAIM, GameState, IllegalActionError, Phase
from whist.table.together import clean_name

VERSION = 1
MAX_DEALS = 8
MAX_PLAYERS = 2
MAX_TEXT = 4000
"""The longest link text read (an 8-deal challenge with both plays is well under it)."""
_GAMES = tuple(GAMES)
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class ChallengeError(ValueError):
    """Why a challenge link cannot be used, as one sentence for the player."""


@dataclass(frozen=True)
class Challenge:
    """The deals of a challenge and the plays of its players (the sender's first), each play one
    tuple of actions per deal (empty for a deal that player has not played yet)."""

    game: str
    options: dict[str, Any]
    levels: tuple[str, str]  # the computers: your partner's level, the opponents'
    deals: tuple[tuple[int, Seat], ...]  # (deal number, dealer)
    names: tuple[str, ...]
    plays: tuple[tuple[tuple[str, ...], ...], ...] = field(default=())

    def state(self, deal: int) -> GameState:
        """The game of deal ``deal`` (an index into :attr:`deals`) at its start."""
        number, dealer = self.deals[deal]
        return GameState(self.game, number, dealer=dealer, **self.options)

    def with_play(self, name: str, play: Sequence[Sequence[str]]) -> Challenge:
        """This challenge with ``name``'s play of its deals added (or put in place of theirs)."""
        names, plays = list(self.names), [tuple(p) for p in self.plays]
        new = tuple(tuple(actions) for actions in play)
        if name in names:
            plays[names.index(name)] = new
        else:
            names.append(name)
            plays.append(new)
        return Challenge(self.game, self.options, self.levels, self.deals, tuple(names), tuple(plays))


def choices(state: GameState) -> list[str]:
    """Every action the position allows, in a fixed order: the legal calls or cards (under club
    rules every card held, a revoke too), then in the play a claim of the rest and of each smaller
    number of tricks."""
    if state.phase is Phase.AUCTION:
        return state.legal_calls()
    if state.phase is not Phase.PLAY or state.to_play is None:
        return []
    rules = state.rules
    mask = state.hands[state.to_play] if rules.revokes_allowed else state.legal_mask()
    out = [card_name(c) for c in cards_high_first(mask)]
    if not state.stock:
        left = rules.tricks_per_hand - len(state.tricks)
        out += [CLAIM] + [f"{CLAIM} {n}" for n in range(left - 1, -1, -1)]
    return out


def _hand_over(state: GameState) -> bool:
    return state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)


def pack(state: GameState, actions: Sequence[str]) -> int:
    """The actions of a hand, from ``state`` to its end, as one number (mixed radix)."""
    value, weight = 0, 1
    for action in actions:
        options = choices(state)
        if action not in options:
            raise ChallengeError(f"{action!r} is not a move of this hand.")
        value += options.index(action) * weight
        weight *= len(options)
        _apply(state, action)
    if not _hand_over(state):
        raise ChallengeError("The hand is not finished.")
    return value


def unpack(state: GameState, value: int, limit: int = 200) -> tuple[str, ...]:
    """The actions :func:`pack` wrote, replayed on ``state`` (which ends the hand): refused
    when they do not end it exactly."""
    out: list[str] = []
    while not _hand_over(state):
        options = choices(state)
        if not options or len(out) >= limit:
            raise ChallengeError("A hand in this challenge cannot be played to its end.")
        value, index = divmod(value, len(options))
        out.append(options[index])
        _apply(state, options[index])
    if value:
        raise ChallengeError("This challenge holds more plays than its hands.")
    return tuple(out)


def play_out(state: GameState, actions: Sequence[str]) -> GameState:
    """``state`` with ``actions`` played (a claim proved as the link's reader proves it)."""
    for action in actions:
        _apply(state, action)
    return state


def _apply(state: GameState, action: str) -> None:
    try:
        if action.startswith(CLAIM):
            state.claim(action, strict=True)
        else:
            state.apply(action)
    except IllegalActionError as err:
        raise ChallengeError(f"A move in this challenge is not allowed: {err}.") from None


# --- bytes --------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def varint(self, most: int = 1 << 64) -> int:
        n = shift = 0
        while True:
            if self.at >= len(self.data) or shift > 70:
                raise ChallengeError("This challenge link is cut short.")
            byte = self.data[self.at]
            self.at += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if n > most:
                    raise ChallengeError("This challenge link is damaged.")
                return n

    def bytes(self) -> bytes:
        n = self.varint(MAX_TEXT)
        if self.at + n > len(self.data):
            raise ChallengeError("This challenge link is cut short.")
        self.at += n
        return self.data[self.at - n:self.at]

    def text(self) -> str:
        try:
            return self.bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise ChallengeError("This challenge link is damaged.") from None


def _blob(data: bytes) -> bytes:
    return _varint(len(data)) + data


def encode(challenge: Challenge) -> str:
    """The link text of ``challenge`` ("1." and base64url), checked by replaying each play."""
    rules = make_rules(challenge.game, **challenge.options)
    out = bytearray([_GAMES.index(challenge.game), LEVELS.index(challenge.levels[0]) * 4
                     + LEVELS.index(challenge.levels[1])])
    opts = ",".join(f"{k}={v}" for k, v in sorted(rules.own_options().items()))
    out += _blob(opts.encode("utf-8"))
    out += _varint(len(challenge.deals))
    for number, dealer in challenge.deals:
        out += _varint(number * 4 + int(dealer))
    out += _varint(len(challenge.names))
    for name, play in zip(challenge.names, challenge.plays, strict=True):
        out += _blob(name.encode("utf-8"))
        out += _varint(len(play))
        for i, actions in enumerate(play):
            value = pack(challenge.state(i), actions)
            out += _blob(value.to_bytes((value.bit_length() + 7) // 8, "big"))
    out += zlib.crc32(bytes(out)).to_bytes(4, "big")
    return f"{VERSION}." + base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def _option(rules_cls: Any, text: str) -> dict[str, Any]:
    """The options of a link, as the game's own option specs read them."""
    out: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        name, _, raw = part.partition("=")
        spec = next((s for s in rules_cls.option_specs if s.name == name), None)
        value = None if spec is None else next((c for c in spec.choices if str(c) == raw), None)
        if spec is None or value is None:
            raise ChallengeError("This challenge asks for an option this game does not have.")
        out[name] = value
    return out


def decode(text: Any) -> Challenge:
    """The challenge of a link's text, every play replayed and checked; ChallengeError (one
    sentence) when it cannot be used."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ChallengeError("This is not a challenge link.")
    version, dot, body = text.partition(".")
    if not dot or not version.isdigit() or len(version) > 4:
        raise ChallengeError("This is not a challenge link.")
    if int(version) != VERSION:
        raise ChallengeError(f"This challenge was made by another version of the game ({int(version)}); "
                             f"this page reads version {VERSION}.")
    if set(body) - _ALPHABET:
        raise ChallengeError("This challenge link is damaged: it holds characters no link of the game has.")
    try:
        data = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):  # (a length no link has: cut)
        data = b""
    if len(data) < 8 or zlib.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise ChallengeError("This challenge link is cut short or has been changed.")
    read = _Reader(data[:-4])
    game_at, levels_at = read.varint(255), read.varint(255)
    if game_at >= len(_GAMES) or levels_at // 4 >= len(LEVELS) or levels_at % 4 >= len(LEVELS):
        raise ChallengeError("This challenge link is damaged.")
    game = _GAMES[game_at]
    options = _option(GAMES[game], read.text())
    deals = []
    for _ in range(_count(read, MAX_DEALS, "deals")):
        n = read.varint(10**18 * 4)
        seat = Seat(n % 4)
        if seat not in GAMES[game].seats:
            raise ChallengeError("This challenge link is damaged.")
        deals.append((n // 4, seat))
    challenge = Challenge(game, options, (LEVELS[levels_at // 4], LEVELS[levels_at % 4]), tuple(deals), ())
    names, plays = [], []
    for _ in range(_count(read, MAX_PLAYERS, "players")):
        try:
            names.append(clean_name(read.text()))
        except ValueError as err:
            raise ChallengeError(f"A player's name in this challenge is not one: {err}") from None
        play = []
        for i in range(_count(read, len(deals), "plays")):
            play.append(unpack(challenge.state(i), int.from_bytes(read.bytes(), "big")))
        plays.append(tuple(play))
    if read.at != len(read.data):
        raise ChallengeError("This challenge link is damaged.")
    return Challenge(game, options, challenge.levels, tuple(deals), tuple(names), tuple(plays))


def _count(read: _Reader, most: int, what: str) -> int:
    n = read.varint(255)
    if n > most:
        raise ChallengeError(f"This challenge holds more {what} than a challenge can.")
    return n


def seated(challenge: Challenge, deal: int, you: str = "normal") -> Callable[[GameState], str]:
    """The players of deal ``deal`` as a challenge's table seats them: you (South) at ``you``,
    the computers at the challenge's levels, uncapped and seeded as ``Table.player`` seeds them,
    so that the same plays give the same computer cards; the action for a position."""
    number, _ = challenge.deals[deal]
    players: dict[Seat, Any] = {}

    def choose(state: GameState) -> str:
        seat = state.to_play
        if seat is None:
            raise ChallengeError("No one is to play.")
        who = state.rules.controller(seat)
        if who not in players:
            theirs = state.rules.side_of(who) != state.rules.side_of(Seat.S)
            level = you if who == Seat.S else challenge.levels[theirs]
            players[who] = make_player(level, seed=number * 4 + int(who), game=challenge.game, capped=False)
        return str(players[who].choose(state.observation(seat)))

    return choose


def replay_hand(challenge: Challenge, deal: int, choose: Callable[[GameState], str]) -> tuple[str, ...]:
    """Deal ``deal`` played to its end by ``choose`` (the action for a position), every action."""
    state = challenge.state(deal)
    out = []
    while not _hand_over(state):
        action = choose(state)
        out.append(action)
        _apply(state, action)
    return tuple(out)

"""Duplicate matches between two computer players: which is stronger, and by how much.

    python -m whist.arena A B --deals N [--seed S]

A and B are levels (``easy normal hard expert random``) or a command that
speaks the bot protocol on stdin/stdout (``"python -m whist.bot --level
normal"``, see ``docs/bot-protocol.md``). Each deal is played twice with the
same cards: A North-South against B at the first table, B North-South
against A at the second. Luck of the cards cancels: the score of a deal is
the tricks A's pair took at the first table less the tricks B's pair took
in the same seats at the second, and the match reports its mean with a 95%
confidence interval (mean +- t sd / sqrt(n), t Student's 97.5% point for n - 1
degrees of freedom: 1.96 for many deals, wider for few). One hand per deal:
Classic rules, trump from the turn-up.

>>> result = duplicate("normal", "random", deals=2, seed=1)
>>> len(result.diffs), result.mean > 0
(2, True)
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from whist.ai.play import Decision, play
from whist.ai.players import LEVELS, Player, RandomPlayer, make_player
from whist.engine.cards import parse_card, shown
from whist.engine.observation import Observation
from whist.engine.seats import Seat
from whist.engine.state import GameState

BUILT_IN = (*LEVELS, "random")


class BotError(RuntimeError):
    """A bot command that cannot be run, or that stopped speaking the protocol."""


class ExternalBot:
    """A player that is another program speaking the bot protocol: one process,
    one request line per card, one answer line back. Anything else it does
    (not starting, exiting, an answer that is not a legal card) raises
    :class:`BotError` saying so."""

    def __init__(self, command: str) -> None:
        self.command = command
        try:
            argv = shlex.split(command)
        except ValueError as err:
            raise BotError(f"cannot read the command {command!r}: {err}") from None
        if not argv:
            raise BotError("a player is a level or a command, not an empty string")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        except OSError as err:
            raise BotError(f"{command!r} is neither a level ({', '.join(BUILT_IN)}) nor a command "
                           f"that runs: {err.strerror or err}") from None

    def choose(self, obs: Observation, seed: int | None = None) -> str:
        from whist.cli.bot import MAX_LINE, loads_bounded, request_of

        request = request_of(obs)
        if seed is not None:
            request["seed"] = seed
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise BotError(f"the bot {self.command!r} stopped reading requests") from None
        line = self.proc.stdout.readline(MAX_LINE + 1)
        if not line:
            raise BotError(f"the bot {self.command!r} stopped answering")
        try:
            answer = loads_bounded(line.strip(), MAX_LINE, "its answer", needed="an answer needs 1")
        except ValueError as err:
            raise BotError(f"the bot {self.command!r}: {err}") from None
        card = answer.get("card") if isinstance(answer, dict) else None
        if not isinstance(card, str):
            raise BotError(f"the bot {self.command!r} answered {shown(answer)}, not a card")
        try:
            legal = obs.legal >> parse_card(card) & 1
        except ValueError as err:
            raise BotError(f"the bot {self.command!r} answered {card!r}: {err}") from None
        if not legal:
            raise BotError(f"the bot {self.command!r} answered {card!r}, which {obs.seat.long_name} "
                           "may not play now")
        return card

    def close(self) -> None:
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except BrokenPipeError:
            pass  # it has gone already
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class _Seated:
    """An external bot seen as a :class:`Player` for one seat (its seed goes in each request)."""

    def __init__(self, bot: ExternalBot, seed: int) -> None:
        self.bot, self.seed = bot, seed

    def choose(self, obs: Observation) -> str:
        return self.bot.choose(obs, self.seed)


Factory = Callable[[int], Player]


def contestant(spec: str) -> tuple[Factory, ExternalBot | None]:
    """A player factory (seed -> player) for a level name or a bot command."""
    if spec == "random":
        return RandomPlayer, None
    if spec in LEVELS:
        return (lambda seed: make_player(spec, seed)), None
    bot = ExternalBot(spec)
    return (lambda seed: _Seated(bot, seed)), bot


@dataclass
class MatchResult:
    diffs: list[int] = field(default_factory=list)
    """Per deal: A's pair's tricks at table one less B's pair's in the same seats at table two."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds per card chosen, by contestant ("A", "B")."""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.diffs) if self.diffs else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of the mean (Student's t)."""
        return half_width(self.diffs)


def half_width(values: Sequence[float]) -> float:
    """Half the 95% confidence interval of the mean of ``values`` (Student's t, n - 1
    degrees of freedom); infinite for fewer than two values."""
    n = len(values)
    return t95(n - 1) * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf


@functools.cache
def t95(df: int) -> float:
    """Student's t with ``df`` degrees of freedom: the x with P(|T| <= x) = 0.95
    (12.706 for 1, 2.228 for 10, 1.984 for 100, 1.96 in the limit).

    Newton's method on the distribution's mass over [-x, x], integrated by Simpson's
    rule from the density: that mass is concave in x, so from below every step stays
    below the root and the steps shrink to it."""
    if df < 1:
        raise ValueError(f"t95 needs at least one degree of freedom, not {df}")
    scale = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def density(t: float) -> float:
        return scale * (1 + t * t / df) ** (-(df + 1) / 2)

    def mass(x: float, steps: int = 2000) -> float:
        h = x / steps
        odd = sum(density((2 * i - 1) * h) for i in range(1, steps // 2 + 1))
        even = sum(density(2 * i * h) for i in range(1, steps // 2))
        return 2 * h / 3 * (density(0.0) + 4 * odd + 2 * even + density(x))

    x = 1.959963984540054  # the normal's point: the limit, below every t's
    for _ in range(100):
        step = (0.95 - mass(x)) / (2 * density(x))
        x += step
        if step < 1e-9:
            break
    return x


def deal_seed(seed: int, index: int) -> int:
    """The game seed of deal ``index`` of a match (it fixes the cards, dealer and turn-up)."""
    return seed * 1_000_003 + index


def play_table(game_seed: int, players: dict[Seat, Player], labels: dict[Seat, str],
               times: dict[str, list[float]]) -> tuple[int, ...]:
    """Play one hand of Classic Whist; the tricks each side took."""
    state = GameState("classic", seed=game_seed)
    play(state, players, on_decision=timer(labels, times))
    return state.results[-1].tricks


def timer(labels: dict[Seat, str], times: dict[str, list[float]],
          timed: Callable[[Observation], bool] | None = None) -> Callable[[Decision], None]:
    """A hook for :func:`whist.ai.play.play` that adds the seconds each choice took to
    ``times`` under its seat's label (only for observations ``timed`` accepts, when given).
    The benchmarks' tables all time their cards this way."""
    def record(decision: Decision) -> None:
        if timed is None or timed(decision.observation):
            times.setdefault(labels[decision.seat], []).append(decision.seconds)
    return record


class _CpuTime:
    """What a search's time cap asks of the ``time`` module, read from the CPU clock."""

    perf_counter = staticmethod(time.process_time)


def cap_on_cpu_clock(module: ModuleType) -> None:
    """Make the time cap of a search ``module`` (one that reads ``time.perf_counter``, such as
    :mod:`whist.ai.montecarlo` or :mod:`whist.ai.german_mc`) count this process's CPU seconds,
    so that a busy machine does not cut its search short. The benchmarks' printed times
    stay wall-clock (:func:`timer`)."""
    vars(module)["time"] = _CpuTime()


def duplicate(a: str | Factory, b: str | Factory, deals: int, seed: int = 0,
              progress: Callable[[int, MatchResult], None] | None = None) -> MatchResult:
    """Play ``deals`` duplicate deals between A and B (level names, bot commands or
    factories seed -> player)."""
    bots: list[ExternalBot | None] = []
    fa, fb = a, b
    result = MatchResult()
    try:
        if isinstance(a, str):
            fa, bot = contestant(a)
            bots.append(bot)
        if isinstance(b, str):
            fb, bot = contestant(b)
            bots.append(bot)
        assert callable(fa) and callable(fb)
        for i in range(deals):
            gs = deal_seed(seed, i)
            ns = []
            for a_side in (0, 1):
                players: dict[Seat, Player] = {}
                labels: dict[Seat, str] = {}
                for s in (Seat.N, Seat.E, Seat.S, Seat.W):
                    mine = (int(s) % 2) == a_side  # N, S are side 0
                    players[s] = (fa if mine else fb)(gs * 4 + int(s))
                    labels[s] = "A" if mine else "B"
                ns.append(play_table(gs, players, labels, result.times)[0])
            result.diffs.append(ns[0] - ns[1])
            if progress is not None:
                progress(i + 1, result)
    finally:
        for bot in bots:
            if bot is not None:
                bot.close()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m whist.arena", description=(
        "Duplicate deals between two players; prints A's advantage in tricks per deal with a 95% "
        f"confidence interval. A player is a level ({', '.join(BUILT_IN)}) or a bot-protocol command."))
    parser.add_argument("a", help="player A: a level or a command such as 'python -m whist.bot --level hard'")
    parser.add_argument("b", help="player B, the same way")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0, help="the first deals' seed")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be 0 or more")

    def show(n: int, r: MatchResult) -> None:
        if not args.quiet and (n % 10 == 0 or n == args.deals):
            print(f"  after {n} deals: {r.mean:+.3f}", file=sys.stderr, flush=True)

    try:
        result = duplicate(args.a, args.b, args.deals, args.seed, show)
    except BotError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"{args.a} vs {args.b}: {args.deals} duplicate deals (seed {args.seed})")
    print(f"A's advantage: {result.mean:+.3f} tricks/deal, 95% CI "
          f"[{result.mean - result.half_width:+.3f}, {result.mean + result.half_width:+.3f}]")
    for who, ts in sorted(result.times.items()):
        ts = sorted(ts)
        print(f"  {who}: {len(ts)} cards, median {statistics.median(ts) * 1e3:.1f} ms, "
              f"p95 {ts[int(0.95 * (len(ts) - 1))] * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

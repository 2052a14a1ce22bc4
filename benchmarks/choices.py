"""Where a searching player loses tricks: its cards scored on the actual deal, by trick.

    python benchmarks/choices.py make --deals 40 [--seed 3] [--level hard] [--against gib]
        --out /tmp/positions.pickle
    python benchmarks/choices.py score /tmp/positions.pickle expert gib [expert:margin=0 ...] [--limit N]
        [--after T] [--before T]
    python benchmarks/choices.py compare expert expert:leaf=7 /tmp/positions.pickle [...] [--before T]

``make`` plays ``--deals`` hands of Classic Whist with ``--level`` in every seat and
keeps every position where the seat to play has a real choice (more than one group of
equivalent cards), with the actual deal. With ``--against gib`` East-West are the
GIB-style player and only North-South's positions are kept: the positions our pair
meets in benchmarks/gib.py, where the others' plays come from GIB-style, not from
the model Expert's inference assumes. ``score`` asks each player for its card in
those positions (from the observation only) and scores it by its double-dummy loss on
the actual deal: the tricks the best card takes there (DDS, through endplay) less those
the chosen card takes. The actual deal is a draw from the true distribution of the
hidden cards given the observation (for the players who made the play so far), so the
mean loss estimates a card's expected double-dummy cost; comparing two players on the
same positions is much less noisy than a duplicate match, and the table by trick shows
where one loses to the other. Players: ``gib`` (the GIB-style player of benchmarks/gib.py)
or a Monte Carlo level with settings changed (``expert:margin=0,exact=7``; no time cap).
Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from gib import GibPlayer, dd_values  # noqa: E402

from whist.ai.montecarlo import SETTINGS, MonteCarloPlayer, _candidates, _group_of  # noqa: E402
from whist.ai.play import Decision, play  # noqa: E402
from whist.ai.players import Player, make_player  # noqa: E402
from whist.engine.cards import parse_card  # noqa: E402
from whist.engine.observation import Observation  # noqa: E402
from whist.engine.seats import Seat  # noqa: E402
from whist.engine.state import GameState  # noqa: E402

MARGINS = (0.0, 0.05, 0.1, 0.2, 0.3)
Position = tuple[Observation, tuple[int, int, int, int]]


def make(deals: int, seed: int, level: str, against: str | None = None) -> list[Position]:
    out: list[Position] = []
    for i in range(deals):
        state = GameState("classic", seed=seed * 1_000_003 + i)
        players = {s: make_player(level, (seed * 1_000_003 + i) * 4 + int(s)) for s in state.rules.seats}
        ours = set(state.rules.seats)
        if against == "gib":
            ours = {Seat.N, Seat.S}
            for s in (Seat.E, Seat.W):
                players[s] = GibPlayer((seed * 1_000_003 + i) * 4 + int(s))

        def keep(decision: Decision, state: GameState = state, ours: set[Seat] = ours) -> None:
            if decision.seat in ours and len(_candidates(decision.observation)) > 1:
                h = state.hands
                out.append((decision.observation, (h[0], h[1], h[2], h[3])))

        play(state, players, on_decision=keep)
        print(f"  deal {i + 1}: {len(out)} positions", file=sys.stderr, flush=True)
    return out


def player_of(spec: str, seed: int) -> Player:
    if spec == "gib":
        return GibPlayer(seed)
    level, _, changes = spec.partition(":")
    return MonteCarloPlayer(seed, SETTINGS[level].but(budget=None).changed(changes))


def pick(values: dict[int, float], usual: int, obs: Observation, margin: float) -> int:
    """MonteCarloPlayer.decide's card from its search's values, with ``margin``."""
    if len(values) <= 1:
        return usual
    group = _group_of(usual, obs)
    mine = max(v for c, v in values.items() if group >> c & 1)
    best = max(values.values())
    if best <= mine + margin:
        return usual
    return min(c for c, v in values.items() if v >= best - 1e-9)


def load(path: str, limit: int | None, before: int | None, after: int | None) -> list[tuple[int, Position]]:
    """The positions of ``path`` with their index in the file (a player's seed: the same
    whatever the filter), those of tricks ``after`` to ``before`` - 1 only."""
    with open(path, "rb") as f:
        positions: list[Position] = pickle.load(f)
    out = [(k, p) for k, p in enumerate(positions)
           if (not before or len(p[0].tricks) + 1 < before) and (not after or len(p[0].tricks) + 1 >= after)]
    return out[:limit] if limit else out


def score(path: str, specs: list[str], limit: int | None, before: int | None = None,
          after: int | None = None) -> None:
    indexed = load(path, limit, before, after)
    positions = [p for _, p in indexed]
    values = [dd_values(obs, hands) for obs, hands in positions]
    for spec in specs:
        start = time.perf_counter()
        by_trick: dict[int, list[int]] = {}
        picks = {}
        times = []
        by_margin: dict[float, int] = {}
        for (k, _), (obs, _), vals in zip(indexed, positions, values, strict=True):
            t0 = time.perf_counter()
            player = player_of(spec, k)
            if isinstance(player, MonteCarloPlayer):
                # One search; the choice with each margin (only its last step differs).
                found, _ = player.search(obs)
                usual = player.normal.decide(obs)[0]
                for margin in MARGINS:
                    other = pick(found, usual, obs, margin)
                    by_margin[margin] = by_margin.get(margin, 0) + max(vals.values()) - vals[other]
                card = pick(found, usual, obs, player.settings.margin)
            else:
                card = parse_card(player.choose(obs))
            times.append(time.perf_counter() - t0)
            picks[k] = (card, max(vals.values()) - vals[card], times[-1])
            by_trick.setdefault(len(obs.tricks) + 1, []).append(max(vals.values()) - vals[card])
        losses = [x for v in by_trick.values() for x in v]
        print(f"{spec}: {len(losses)} positions, mean loss {sum(losses) / len(losses):.4f} a card, "
              f"{sum(losses)} tricks, {time.perf_counter() - start:.0f} s", flush=True)
        print("  by trick: " + " ".join(f"{t}:{sum(v)}/{len(v)}" for t, v in sorted(by_trick.items())),
              flush=True)
        if by_margin:
            print("  with margin: " + " ".join(f"{m}:{t}" for m, t in sorted(by_margin.items())), flush=True)
        times.sort()
        print(f"  time a card: p50 {times[len(times) // 2] * 1000:.0f} ms, "
              f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms", flush=True)
        # Kept by index in the file: (card, its loss, seconds); ``compare`` pairs two players.
        name = f"{path}.{spec}.picks"
        try:
            with open(name, "rb") as f:
                kept = pickle.load(f)
            if not isinstance(kept, dict):
                kept = {}
        except FileNotFoundError:
            kept = {}
        kept.update(picks)
        with open(name, "wb") as f:
            pickle.dump(kept, f)


def compare(paths: list[str], a: str, b: str, before: int | None, after: int | None) -> None:
    """Paired: the tricks ``b`` loses less than ``a`` on the positions both were scored on."""
    diffs: list[int] = []
    la = lb = 0
    for path in paths:
        with open(f"{path}.{a}.picks", "rb") as f:
            pa = pickle.load(f)
        with open(f"{path}.{b}.picks", "rb") as f:
            pb = pickle.load(f)
        for k, _ in load(path, None, before, after):
            if k in pa and k in pb:
                la += pa[k][1]
                lb += pb[k][1]
                diffs.append(pa[k][1] - pb[k][1])
    n = len(diffs)
    if n < 2:
        print("fewer than two positions scored by both")
        return
    mean = sum(diffs) / n
    se = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
    print(f"{n} positions: {a} loses {la}, {b} loses {lb}; {b} gains {mean:+.4f} a card "
          f"(SE {se:.4f}), {la - lb:+d} tricks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make")
    m.add_argument("--deals", type=int, default=40)
    m.add_argument("--seed", type=int, default=3)
    m.add_argument("--level", default="hard")
    m.add_argument("--against", choices=("gib",), help="East-West play GIB-style; North-South's positions only")
    m.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("path")
    s.add_argument("players", nargs="+")
    s.add_argument("--limit", type=int)
    s.add_argument("--before", type=int, help="only the positions before this trick")
    s.add_argument("--after", type=int, help="only the positions from this trick on")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("paths", nargs="+")
    c.add_argument("--before", type=int)
    c.add_argument("--after", type=int)
    args = parser.parse_args()
    if args.cmd == "make":
        positions = make(args.deals, args.seed, args.level, args.against)
        with open(args.out, "wb") as f:
            pickle.dump(positions, f)
        print(f"{len(positions)} positions from {args.deals} deals", flush=True)
    elif args.cmd == "compare":
        compare(args.paths, args.a, args.b, args.before, args.after)
    else:
        score(args.path, args.players, args.limit, args.before, args.after)


if __name__ == "__main__":
    main()

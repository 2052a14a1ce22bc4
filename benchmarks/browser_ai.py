"""Time per card of the computer players in the browser (Pyodide), next to CPython.

    python benchmarks/browser_ai.py [--positions 24]

Builds the site into a temporary directory and adds a page that boots the
same PyScript + Pyodide with the game's whist.tgz and times, in headless
Chromium, each level's choice on seeded positions of Classic Whist, German
Whist's first Phase Two card (exact search from 13 tricks), German Whist's Expert
Phase One card (Monte Carlo, time-capped as in the page) and a Contract
Whist call; then times the same positions under CPython. Prints p50 and p95
per level and where it ran. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.startup import build_game, launch, serving  # noqa: E402

#: Runs in the page (Pyodide) and under CPython alike: the same positions, the same players.
BENCH = r'''
import json
import random
import time

from whist.ai.play import play
from whist.ai.players import make_player
from whist.engine.state import GameState, Phase


def positions(game, count, seed, want):
    """Seeded positions where a computer is to act, reached by normal players' play."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        state = GameState(game, seed=seed * 1000 + g)
        g += 1
        players = {s: make_player("normal", s, game=game) for s in state.rules.seats}
        stop = rng.randrange(0, 40)
        # a fresh state: its actions so far are the decisions made
        play(state, players, stop=lambda st: want(st, len(st.actions), stop))
        if state.to_play is not None:  # stopped by ``want``, not by the hand's end
            out.append(state)
    return out


def timed(level, game, states):
    times = []
    for i, state in enumerate(states):
        obs = state.observation(state.to_play)
        player = make_player(level, i, game=game)
        t = time.perf_counter()
        player.choose(obs)
        times.append(time.perf_counter() - t)
    return times


def run(count):
    results = {}
    play = positions("classic", count, 1, lambda st, n, stop: st.phase is Phase.PLAY and n >= stop)
    for level in ("easy", "normal", "hard", "expert"):
        results[f"classic {level}"] = timed(level, "classic", play[: max(4, count // (4 if level == "expert" else 1))])
    phase_two = positions("german", count // 2, 2, lambda st, n, stop: len(st.tricks) == 13 and not st.trick)
    results["german phase two (13 tricks)"] = timed("normal", "german", phase_two)
    phase_one = positions("german", max(4, count // 4), 4,
                          lambda st, n, stop: st.phase is Phase.PLAY and bool(st.stock) and n >= stop % 26)
    results["german expert phase one"] = timed("expert", "german", phase_one)
    calls = positions("contract", count, 3, lambda st, n, stop: st.phase is Phase.AUCTION and n >= stop % 4)
    results["contract call"] = timed("normal", "contract", calls)
    return results
'''

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ai bench</title>
<link rel="icon" href="data:,">
<script type="module" src="../runtime/pyscript/core.js"></script>
</head><body>
<script type="py" src="./main.py" config="./pyscript.toml"></script>
</body></html>
"""

MAIN = """import json
import js
{bench}
js.document.body.dataset.result = json.dumps(run({count}))
"""


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


def browser_times(site: Path, count: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    bench_dir = site / "ai-bench"
    bench_dir.mkdir()
    (bench_dir / "index.html").write_text(PAGE, encoding="utf-8")
    (bench_dir / "main.py").write_text(MAIN.format(bench=BENCH, count=count), encoding="utf-8")
    # the game's own config and loader (its plugins off: the build does not ship them; its
    # standard library the loader's), from the page's folder
    plugins = re.search(r"^plugins = .*$", (ROOT / "pyscript.toml").read_text(encoding="utf-8"), re.MULTILINE)
    (bench_dir / "pyscript.toml").write_text(
        'interpreter = "../static/python.mjs"\n' + (plugins.group(0) + "\n" if plugins else "")
        + '[files]\n"../whist.tgz" = "./whist/*"\n', encoding="utf-8")
    with serving(site) as url, sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        page.goto(url + "ai-bench/")
        page.wait_for_function("() => document.body.dataset.result", timeout=1_800_000)
        result = json.loads(page.evaluate("document.body.dataset.result"))
        browser.close()
    return result


def cpython_times(count: int) -> dict[str, list[float]]:
    namespace: dict[str, object] = {}
    exec(compile(BENCH, "bench", "exec"), namespace)
    return namespace["run"](count)  # type: ignore[operator,no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=24)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="whist-ai-bench-") as tmp:
        site = build_game(Path(tmp) / "site")
        browser = browser_times(site, args.positions)
    native = cpython_times(args.positions)
    print(f"Time per decision, {args.positions} seeded positions (expert: a quarter), p50 / p95 in ms")
    print(f"  {'':34} {'browser (Pyodide)':>20} {'CPython':>18}")
    for name, times in browser.items():
        b50, b95 = percentiles(times)
        c50, c95 = percentiles(native[name])
        print(f"  {name:34} {b50:8.1f} / {b95:8.1f} {c50:8.1f} / {c95:8.1f}")


if __name__ == "__main__":
    main()

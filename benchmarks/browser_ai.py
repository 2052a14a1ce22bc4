"""Time per card of the computer players in the browser (Pyodide), next to CPython.

    python benchmarks/browser_ai.py [--positions 24] [--only "contract expert"]

Builds the site into a temporary directory and adds a page that boots the
same PyScript + Pyodide with the game's whist.tgz and times, in headless
Chromium, each level's choice on seeded positions of Classic Whist, German
Whist's first Phase Two card (exact search from 13 tricks), German Whist's Expert
Phase One card (Monte Carlo, time-capped as in the page), a Contract
Whist call and Hard's and Expert's Contract Whist cards (which read the auction's bids);
then times the same positions under CPython. Prints p50 and p95 per row and
where it ran. ``--only`` times the rows whose names contain one of its words
(a row alone takes minutes where all of them take tens). Prints figures;
never passes or fails.
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

import serve  # noqa: E402
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


ROWS = ("classic easy", "classic normal", "classic hard", "classic expert", "german phase two (13 tricks)",
        "german expert phase one", "contract call", "contract hard card", "contract expert card")


def run(count, only=ROWS):
    results = {}
    if any(name.startswith("classic") for name in only):
        play = positions("classic", count, 1, lambda st, n, stop: st.phase is Phase.PLAY and n >= stop)
    for level in ("easy", "normal", "hard", "expert"):
        if f"classic {level}" in only:
            results[f"classic {level}"] = timed(level, "classic",
                                                play[: max(4, count // (4 if level == "expert" else 1))])
    if "german phase two (13 tricks)" in only:
        phase_two = positions("german", count // 2, 2, lambda st, n, stop: len(st.tricks) == 13 and not st.trick)
        results["german phase two (13 tricks)"] = timed("normal", "german", phase_two)
    if "german expert phase one" in only:
        phase_one = positions("german", max(4, count // 4), 4,
                              lambda st, n, stop: st.phase is Phase.PLAY and bool(st.stock) and n >= stop % 26)
        results["german expert phase one"] = timed("expert", "german", phase_one)
    if "contract call" in only:
        calls = positions("contract", count, 3, lambda st, n, stop: st.phase is Phase.AUCTION and n >= stop % 4)
        results["contract call"] = timed("normal", "contract", calls)
    if "contract hard card" in only or "contract expert card" in only:
        # a card after the auction, the bids read (whist.ai.auction_read): Hard's, then Expert's
        cards = positions("contract", count, 5, lambda st, n, stop: st.phase is Phase.PLAY
                          and 4 * len(st.tricks) + len(st.trick) >= stop % 40)
        if "contract hard card" in only:
            results["contract hard card"] = timed("hard", "contract", cards)
        if "contract expert card" in only:
            results["contract expert card"] = timed("expert", "contract", cards[: max(4, count // 4)])
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
js.document.body.dataset.result = json.dumps(run({count}, {only!r}))
"""


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


def extra_modules() -> dict[str, Path]:
    """The modules the bench imports (and those they import) that whist.tgz leaves out, the
    page never importing them (the play loop it deals its positions with): path inside
    ``whist/`` -> file. Without them the bench's Python stops at its first import."""
    shipped = serve.package_files(ROOT)
    wanted = serve.traced_files(ROOT, tuple(sorted(serve.module_imports(BENCH))))
    return {rel: path for rel, path in wanted.items() if rel not in shipped}


def extra_files(bench_dir: Path) -> str:
    """Copies :func:`extra_modules` into the bench's folder; their lines of its config's ``[files]``."""
    lines = []
    for rel, path in extra_modules().items():
        name = rel.replace("/", "--")
        (bench_dir / name).write_bytes(path.read_bytes())
        lines.append(f'"./{name}" = "./whist/{rel}"\n')
    return "".join(lines)


def browser_times(site: Path, count: int, only: tuple[str, ...]) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    bench_dir = site / "ai-bench"
    bench_dir.mkdir()
    (bench_dir / "index.html").write_text(PAGE, encoding="utf-8")
    (bench_dir / "main.py").write_text(MAIN.format(bench=BENCH, count=count, only=only), encoding="utf-8")
    # the game's own config and loader (its plugins off: the build does not ship them; its
    # standard library the loader's), from the page's folder
    plugins = re.search(r"^plugins = .*$", (ROOT / "pyscript.toml").read_text(encoding="utf-8"), re.MULTILINE)
    # the package as the page ships it, and the modules the bench imports that the page never does
    (bench_dir / "pyscript.toml").write_text(
        'interpreter = "../static/python.mjs"\n' + (plugins.group(0) + "\n" if plugins else "")
        + '[files]\n"../whist.tgz" = "./whist/*"\n' + extra_files(bench_dir), encoding="utf-8")
    with serving(site) as url, sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "ai-bench/")
        # the result, or the page's first error (a Python traceback: no result will come)
        page.wait_for_function("() => document.body.dataset.result || document.querySelector('.py-error')",
                               timeout=1_800_000)
        if not page.evaluate("() => document.body.dataset.result"):
            sys.exit("the page's Python failed:\n" + (page.text_content(".py-error") or "") + "\n".join(errors))
        result = json.loads(page.evaluate("document.body.dataset.result"))
        browser.close()
    return result


def cpython_times(count: int, only: tuple[str, ...]) -> dict[str, list[float]]:
    namespace: dict[str, object] = {}
    exec(compile(BENCH, "bench", "exec"), namespace)
    return namespace["run"](count, only)  # type: ignore[operator]


def chosen_rows(words: list[str]) -> tuple[str, ...]:
    """The rows whose names contain one of ``words`` (every row if there are none)."""
    namespace: dict[str, object] = {}
    exec(compile(BENCH, "bench", "exec"), namespace)
    rows: tuple[str, ...] = namespace["ROWS"]  # type: ignore[assignment]
    return tuple(row for row in rows if not words or any(word in row for word in words))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--only", action="append", default=[], metavar="WORDS",
                        help="time only the rows whose names contain these words (again for more rows)")
    args = parser.parse_args()
    only = chosen_rows(args.only)
    if not only:
        parser.error(f"no row's name contains {' or '.join(map(repr, args.only))}")
    with tempfile.TemporaryDirectory(prefix="whist-ai-bench-") as tmp:
        site = build_game(Path(tmp) / "site")
        browser = browser_times(site, args.positions, only)
    native = cpython_times(args.positions, only)
    print(f"Time per decision, {args.positions} seeded positions (expert: a quarter), p50 / p95 in ms")
    print(f"  {'':34} {'browser (Pyodide)':>20} {'CPython':>18}")
    for name, times in browser.items():
        b50, b95 = percentiles(times)
        c50, c95 = percentiles(native[name])
        print(f"  {name:34} {b50:8.1f} / {b95:8.1f} {c50:8.1f} / {c95:8.1f}")


if __name__ == "__main__":
    main()

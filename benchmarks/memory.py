"""Peak memory of a whole game on a phone-sized screen, with and without the analyst worker.

    python benchmarks/memory.py [--seed 2024] [--runs 1] [--hard-coach]

Builds the site (``serve.build_site``), serves it under a sub-path as GitHub Pages would, and
plays whole games of Classic Whist at 390x844 (a phone held upright: touch, 3x pixels) in
headless Chromium, as longtask.py does (you play the first legal card, "Next hand" between hands,
``?pace=instant``), each game in a browser of its own:

- with the analyst: every finished hand is replayed in the background by Expert in the analyst
  worker (Expert with your cards), as on a player's page; the analyst is a second Python;
- without: no replay (the page's test setting ``whistTest.replays`` off), so no analyst.

``--hard-coach``: instead, games with Hard opponents and the coach on (and the replays, as on a
player's page): the computers' cards in the thinker, the coach's verdicts and the replays in the
analyst: the case that held three Pythons (page, thinker, analyst) before the two shared one
worker (issue 42).

Every 200 ms it reads the memory of the browser's renderer processes (the page and its dedicated
workers live there) from ``/proc``: PSS (each page shared with other processes counted in
part) and RSS, summed over them; and the most Pythons that ran at once: the page's, and the
workers alive at once (Playwright's worker events: PyScript's named workers and a snapshot's).
Prints the peaks and the difference. Linux only (``/proc``). Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from longtask import play_game
from startup import READY_CLOCK, build_game, launch, serving

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
REPLAYS = "window.whistTest = {replays: true};"
#: Hard opponents and the coach on (the player's stored settings, whist.web.storage).
HARD_COACH = """localStorage.setItem("whist:settings", JSON.stringify({v: 1, coach: true, opponent_level: "hard"}));"""


class Workers:
    """The page's workers alive at once (each, once booted, runs until it ends or the page closes)."""

    def __init__(self, page: Any) -> None:
        self.alive = self.peak = 0
        page.on("worker", self._started)

    def _started(self, worker: Any) -> None:
        self.alive += 1
        self.peak = max(self.peak, self.alive)
        worker.on("close", self._ended)

    def _ended(self, worker: Any) -> None:
        self.alive -= 1


def descendants(root: int) -> list[int]:
    """The processes under ``root`` (children, their children...)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderer_memory(pids: list[int]) -> tuple[int, int]:
    """(PSS, RSS) in bytes, summed over the renderer processes among ``pids``."""
    pss = rss = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1]) * 1024
                    elif line.startswith("Rss:"):
                        rss += int(line.split()[1]) * 1024
        except OSError:
            continue
    return pss, rss


class Sampler:
    """Samples the renderers' memory every ``period`` seconds in a thread; keeps the peaks."""

    def __init__(self, period: float = 0.2) -> None:
        self.period = period
        self.peak_pss = self.peak_rss = 0
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        me = os.getpid()
        while not self._stop.is_set():
            pss, rss = renderer_memory(descendants(me))
            self.peak_pss, self.peak_rss = max(self.peak_pss, pss), max(self.peak_rss, rss)
            self.samples += 1
            self._stop.wait(self.period)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def one_game(playwright: Any, url: str, analyst: bool, hard_coach: bool = False) -> dict[str, Any]:
    browser = launch(playwright)
    try:
        context = browser.new_context(**PHONE)
        context.add_init_script(READY_CLOCK)
        if analyst:
            context.add_init_script(REPLAYS)
        if hard_coach:
            context.add_init_script(HARD_COACH)
        page = context.new_page()
        workers = Workers(page)
        with Sampler() as sampler:
            result = play_game(page, url, read_settings=False)
            page.wait_for_timeout(2000)  # a replay of the last hand, if any, under way
        pythons = 1 + workers.peak
        marks = page.evaluate("() => ({...document.body.dataset})")
        analyst_state = marks.get("analyst") or "not started"
        if hard_coach:
            analyst_state += f", thinker {marks.get('thinker') or 'not started'}"
        context.close()
        return {"pss": sampler.peak_pss, "rss": sampler.peak_rss, "samples": sampler.samples,
                "hands": result["hands"], "cards": result["cards"], "seconds": result["seconds"],
                "analyst": analyst_state, "pythons": pythons}
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--runs", type=int, default=1, help="games of each kind, interleaved")
    parser.add_argument("--hard-coach", action="store_true",
                        help="games with Hard opponents and the coach on (and the replays) instead")
    args = parser.parse_args(argv)
    if not Path("/proc/self/smaps_rollup").is_file():
        raise SystemExit("needs Linux's /proc (smaps_rollup)")
    from playwright.sync_api import sync_playwright

    mb = 1024 * 1024
    peaks: dict[bool, list[int]] = {True: [], False: []}
    with (tempfile.TemporaryDirectory(prefix="whist-memory-") as tmp,
          serving(build_game(Path(tmp) / "site")) as base,
          sync_playwright() as p):
        print("Whole games of Classic Whist at 390x844 (touch, 3x), ?pace=instant; peak memory of the "
              "browser's renderer processes (the page and its workers), sampled every 200 ms", flush=True)
        if args.hard_coach:
            for run in range(args.runs):
                r = one_game(p, f"{base}?seed={args.seed + run}&pace=instant", True, hard_coach=True)
                peaks[True].append(r["pss"])
                print(f"  seed {args.seed + run}, Hard opponents and the coach on: peak PSS {r['pss'] / mb:.0f} MB, "
                      f"RSS {r['rss'] / mb:.0f} MB ({r['samples']} samples); {r['hands']} hands, {r['cards']} of "
                      f"your cards, {r['seconds']:.0f} s; analyst {r['analyst']}; at most {r['pythons']} "
                      f"Pythons at once", flush=True)
            print(f"\npeak PSS with Hard opponents and the coach on {max(peaks[True]) / mb:.0f} MB")
            return 0
        for run in range(args.runs):
            for analyst in (True, False):
                r = one_game(p, f"{base}?seed={args.seed + run}&pace=instant", analyst)
                peaks[analyst].append(r["pss"])
                print(f"  seed {args.seed + run}, {'with' if analyst else 'without'} the analyst: peak PSS "
                      f"{r['pss'] / mb:.0f} MB, RSS {r['rss'] / mb:.0f} MB ({r['samples']} samples); "
                      f"{r['hands']} hands, {r['cards']} of your cards, {r['seconds']:.0f} s; analyst "
                      f"{r['analyst']}; at most {r['pythons']} Pythons at once", flush=True)
    with_, without = max(peaks[True]), max(peaks[False])
    print(f"\npeak PSS with the analyst {with_ / mb:.0f} MB, without {without / mb:.0f} MB: "
          f"the analyst costs {(with_ - without) / mb:.0f} MB at its peak")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The longest main-thread task while a whole game is played in the page.

    python benchmarks/longtask.py [--pace instant|default|both] [--seed 2024] [--games 1] [--cpu-slowdown 4] [--coach]
    python benchmarks/longtask.py --live [--pace ...]   (a live table: a host's page and a guest's)

Builds the site as it is published (``serve.build_site``), serves it under a
sub-path as GitHub Pages would, and plays whole games of Classic Whist in
headless Chromium, each in a new context (a first visit: the service worker
installs and the page compiles and keeps its modules in idle time, the work
a later visit is spared), so with the settings a new
player gets (``whist.web.settings.DEFAULTS``: the computers at their default
strength, the default speed and trick pause, sound on): you play the first
legal card each turn, "Next hand" between hands, until the game is over; then
the Settings dialog is opened (the strengths and the pace in effect are read
from it and printed) and closed. A ``longtask`` PerformanceObserver, installed
before any script runs, records every main-thread task over 50 ms; the figures
count only the tasks that start once the table is playable
(``body[data-ready="1"]``), so Python's start-up is left out (see startup.py
for that). ``--pace default`` is the page as a player gets it (the computers
wait between cards, a finished trick stays a moment); ``instant``
(``?pace=instant``) plays with no waits at all. ``--cpu-slowdown N`` has
Chromium run the page N times slower (DevTools' CPU throttling): a slower
device, or this machine under load, reproducibly. ``--coach`` turns the coach on
(the Settings' "Coach: point out my costly cards": each of your cards judged in
the worker) and counts the messages it showed. Target: no task over 200 ms.
Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from startup import READY_CLOCK, build_game, launch, serving

from whist.web.settings import DEFAULTS, SPEEDS, TRICK_PAUSES

LONG_TASKS = """(() => {
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) { window.__long = null; }
})();"""

#: The coach on (a stored setting), and a count of the times #coach was shown.
COACH = """localStorage.setItem("whist:settings", JSON.stringify({v: 1, coach: true}));
window.__coached = 0;
document.addEventListener("DOMContentLoaded", () => { const box = document.getElementById("coach");
  new MutationObserver(() => { if (!box.hidden) window.__coached += 1; })
    .observe(box, {attributes: true, attributeFilter: ["hidden"]}); });"""

LEGAL = '#hand button.card[aria-disabled="false"]'
YOUR_MOVE = f"""() => ['hand-over', 'game-over'].includes(document.body.dataset.phase)
    || !!document.querySelector('{LEGAL}')"""


def play_game(page: Any, url: str, timeout_s: float = 1800, read_settings: bool = True) -> dict[str, Any]:
    """Play a whole game at ``url``; then (``read_settings``) read the settings in effect and the
    main-thread tasks. What was played, and those figures."""
    page.goto(url)
    page.wait_for_function("() => window.__readyAt", timeout=180_000)
    started = time.monotonic()
    cards = hands = 0
    actions: list[tuple[float, str]] = []  # (page time, what was done)
    now = "() => performance.now()"
    while time.monotonic() - started < timeout_s:
        page.wait_for_function(YOUR_MOVE, timeout=600_000)
        phase = page.get_attribute("body", "data-phase")
        if phase == "game-over":
            hands += 1
            break
        if phase == "hand-over":
            hands += 1
            actions.append((page.evaluate(now), "next hand"))
            page.click("#next-hand")
            page.wait_for_function("() => document.body.dataset.phase !== 'hand-over'")
            continue
        # Near the top-left corner: the part of an overlapped card that is always on show.
        actions.append((page.evaluate(now), "your card"))
        page.locator(LEGAL).first.click(position={"x": 8, "y": 30})
        cards += 1
    if not read_settings:
        return {"seconds": time.monotonic() - started, "cards": cards, "hands": hands}
    actions.append((page.evaluate(now), "settings dialog"))
    page.click("#settings-btn")
    page.wait_for_selector("#settings[open]")
    used = page.evaluate("""() => ({
        speed: (document.querySelector('#speed-choices input:checked') || {}).value,
        trick_pause: document.getElementById('set-trick-pause').value,
        partner_level: document.getElementById('set-partner-level').value,
        opponent_level: document.getElementById('set-opponent-level').value,
        sound: document.getElementById('set-sound').checked,
        coach: document.getElementById('set-coach').checked, coached: window.__coached || 0})""")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings:not([open])", state="attached")
    page.wait_for_timeout(500)
    # Whether the idle-time work of a first visit was done in the game (its tasks are counted).
    kept = page.evaluate("""async () => {
        for (const name of await caches.keys())
            if (name.startsWith('whist-bytecode') && (await (await caches.open(name)).keys()).length) return true;
        return false; }""")
    ready = page.evaluate("window.__readyAt")
    tasks = page.evaluate("window.__long")
    if tasks is None:
        raise SystemExit("this browser has no longtask PerformanceObserver")
    playing = [d for start, d in tasks if start >= ready]
    after: dict[str, list[float]] = {}
    for start, d in tasks:
        if start >= ready:
            last = [what for t, what in actions if t <= start]
            after.setdefault(last[-1] if last else "table up", []).append(d)
    return {"seconds": time.monotonic() - started, "cards": cards, "hands": hands, "after": after, "used": used,
            "playing": playing, "kept": kept, "startup": [d for start, d in tasks if start < ready]}


#: Every text message a page's data channels receive is counted (``window.__heard``).
HEAR = """window.__heard = 0;
const make = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = make.apply(this, args);
  channel.addEventListener("message", () => { window.__heard += 1; });
  return channel;
};"""


def live_hand(browsers: tuple[Any, Any], url: str, cpu_slowdown: float) -> dict[str, Any]:
    """A live table between two devices (a browser each: each page is its browser's page in front,
    as on a device, so neither's frames are slowed as a page behind another is): Anna hosts Classic Whist with Ben
    (North) on another device, connected through the page's own invitation and answer codes; they
    play a whole hand, each their first legal card. The long tasks of each page once it is at the
    table, and the messages Ben's page received."""
    pages = {}
    for browser, name, viewport in zip(browsers, ("host", "guest"),
                                       ({"width": 1280, "height": 800}, {"width": 390, "height": 844}), strict=True):
        context = browser.new_context(viewport=viewport, has_touch=name == "guest")
        for script in (READY_CLOCK, LONG_TASKS, HEAR):
            context.add_init_script(script)
        page = pages[name] = context.new_page()
        if cpu_slowdown > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    host, guest = pages["host"], pages["guest"]
    host.goto(url)
    host.wait_for_function("() => window.__readyAt", timeout=180_000)
    host.click("#new-game")
    host.check("#ng-choices input[name=game][value=classic]")
    host.fill("#name-classic-S", "Anna")
    host.select_option("#who-classic-N", "person")
    host.fill("#name-classic-N", "Ben")
    host.select_option("#where-classic", "live")
    host.click("#confirm-ok")
    host.click("#live button[data-act=invite]", timeout=60_000)
    link = host.input_value("#lv-link", timeout=60_000)
    guest.goto(url + "#" + link.split("#", 1)[1])  # (the invitation, on this test's server)
    guest.wait_for_function("() => window.__readyAt", timeout=180_000)
    code = guest.input_value("#lv-code", timeout=60_000)
    host.fill("#lv-answer", code)
    host.click("#live button[data-act=connect]")
    guest.wait_for_selector("#hand button.card", timeout=60_000)
    at_table = {name: page.evaluate("() => performance.now()") for name, page in pages.items()}
    started = time.monotonic()
    over = "() => ['hand-over', 'game-over'].includes(document.body.dataset.phase)"
    legal = f"() => !!document.querySelector('{LEGAL}')"
    deadline = time.monotonic() + 600
    played: set[str] = set()
    while not host.evaluate(over):  # whichever page may play now (each page's own hand says so)
        if time.monotonic() > deadline:
            raise SystemExit("the hand did not end in 10 minutes")
        page = next((pg for pg in (host, guest) if pg.evaluate(legal)), None)
        if page is None:
            time.sleep(0.05)
            continue
        card = page.evaluate(f"() => {{ const b = document.querySelector('{LEGAL}'); b.click(); "
                             "return b.dataset.card; }")
        page.wait_for_function("(c) => !document.querySelector(`#hand button.card[data-card='${c}']`)", arg=card,
                               timeout=60_000, polling=100)
        played.add(card)
    guest.wait_for_function(over, timeout=60_000, polling=100)
    out: dict[str, Any] = {"seconds": time.monotonic() - started, "cards": len(played),
                           "heard": guest.evaluate("() => window.__heard")}
    for name, page in pages.items():
        out[name] = [d for start, d in page.evaluate("window.__long") or [] if start >= at_table[name]]
    for page in pages.values():
        page.context.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", choices=("instant", "default", "human", "both"), default="both",
                        help="default: the pace a new player gets (human: the same); instant: no waits")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--games", type=int, default=1, help="games per pace (seeds seed, seed+1, ...)")
    parser.add_argument("--coach", action="store_true", help="with the coach on (judged in the worker)")
    parser.add_argument("--cpu-slowdown", type=float, default=1.0,
                        help="run the page this many times slower (CPU throttling, as DevTools does)")
    parser.add_argument("--live", action="store_true",
                        help="a live table: a host and a guest's device play a hand (pace as --pace)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if args.live:
        return live_main(args)

    paces = ["instant", "default"] if args.pace == "both" else ["default" if args.pace == "human" else args.pace]
    pause = TRICK_PAUSES[DEFAULTS.trick_pause]
    print(f"Whole games of Classic Whist with a new player's settings: partner {DEFAULTS.partner_level}, "
          f"opponents {DEFAULTS.opponent_level}, speed {DEFAULTS.speed} ({SPEEDS[DEFAULTS.speed][0]} s a card), "
          f"trick pause {DEFAULTS.trick_pause} ({pause} s), sound {'on' if DEFAULTS.sound else 'off'}; "
          "main-thread tasks over 50 ms once the table is playable"
          + (f"; CPU {args.cpu_slowdown:g}x slower" if args.cpu_slowdown > 1 else ""))
    with (tempfile.TemporaryDirectory(prefix="whist-longtask-") as tmp,
          serving(build_game(Path(tmp) / "site")) as base,
          sync_playwright() as p):
        browser = launch(p)
        for pace in paces:
            for g in range(args.games):
                seed = args.seed + g
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(READY_CLOCK)
                context.add_init_script(LONG_TASKS)
                if args.coach:
                    context.add_init_script(COACH)
                page = context.new_page()
                if args.cpu_slowdown > 1:
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                       {"rate": args.cpu_slowdown})
                query = f"?seed={seed}" + ("&pace=instant" if pace == "instant" else "")
                r = play_game(page, base + query)
                context.close()
                tasks = sorted(r["playing"], reverse=True)
                longest = f"{tasks[0]:.0f} ms" if tasks else "none over 50 ms"
                over = sum(1 for d in tasks if d > 200)
                median = f", median of those {statistics.median(tasks):.0f} ms" if tasks else ""
                used = r["used"]
                print(f"  pace {pace:<7} seed {seed}: in effect (the Settings dialog): partner "
                      f"{used['partner_level']}, opponents {used['opponent_level']}, speed {used['speed']}, "
                      f"trick pause {used['trick_pause']}, sound {'on' if used['sound'] else 'off'}, "
                      f"coach {'on' if used['coach'] else 'off'} ({used['coached']} shown); "
                      f"compiled Python kept in idle time: {'yes' if r['kept'] else 'NO'}")
                print(f"  pace {pace:<7} seed {seed}: {r['hands']} hands, {r['cards']} of your cards, "
                      f"{r['seconds']:.0f} s; longest task {longest}; {len(tasks)} tasks over 50 ms"
                      f"{median}; {over} over 200 ms; top 5: {[round(d) for d in tasks[:5]]}", flush=True)
                for what, ds in sorted(r["after"].items()):
                    print(f"      after {what}: {len(ds)} tasks over 50 ms, longest {max(ds):.0f} ms")
                if r["startup"]:
                    print(f"      (start-up, before the table was playable: longest {max(r['startup']):.0f} ms)")
        browser.close()
    return 0


def live_main(args: Any) -> int:
    from playwright.sync_api import sync_playwright

    paces = ["instant", "default"] if args.pace == "both" else ["default" if args.pace == "human" else args.pace]
    print("A live table between two Chromiums on this machine (Anna hosts Classic Whist, Ben plays North "
          "from the other): main-thread tasks over 50 ms on each page once both are at the table"
          + (f"; CPU {args.cpu_slowdown:g}x slower" if args.cpu_slowdown > 1 else ""))
    with (tempfile.TemporaryDirectory(prefix="whist-longtask-") as tmp,
          serving(build_game(Path(tmp) / "site")) as base,
          sync_playwright() as p):
        browsers = (launch(p), launch(p))
        for pace in paces:
            for g in range(args.games):
                seed = args.seed + g
                query = f"?seed={seed}" + ("&pace=instant" if pace == "instant" else "")
                r = live_hand(browsers, base + query, args.cpu_slowdown)
                for name in ("host", "guest"):
                    tasks = sorted(r[name], reverse=True)
                    longest = f"{tasks[0]:.0f} ms" if tasks else "none over 50 ms"
                    print(f"  pace {pace:<7} seed {seed} {name:<5}: a hand of {r['cards']} people's cards in "
                          f"{r['seconds']:.0f} s, {r['heard']} messages to the guest; longest task {longest}; "
                          f"{len(tasks)} over 50 ms, {sum(d > 200 for d in tasks)} over 200 ms; "
                          f"top 5: {[round(d) for d in tasks[:5]]}", flush=True)
        for browser in browsers:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

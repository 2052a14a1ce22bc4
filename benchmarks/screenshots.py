"""Screenshots of the table in play, each game on each size of screen, to look at.

    python benchmarks/screenshots.py [--out /tmp/whist-shots] [--games dummy,german] [--sizes portrait]

Builds the site (``serve.build_site``), serves it under ``/whist/`` and, in headless Chromium,
opens each game of the catalogue on each size (``SIZES``: phones from 320x568 to 430x932 upright
and 844x390 on its side, tablets from 600x960 to 1024x768, all with touch; desktops 1366x768 and
1920x1080), at the Instant pace with the computers at the easy level. It passes at every call
of an auction and plays your first enabled card until a trick shows the cards of the seats before
you and it is your turn again, then writes ``<out>/<game>-<size>.png`` and prints its path. One
page boots for each size. Prints paths; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from startup import build_game, launch, serving

GAMES = ("classic", "short", "long", "american", "dummy", "contract", "german")
#: name: (width, height, touch)
SIZES: dict[str, tuple[int, int, bool]] = {
    "desktop": (1366, 768, False),
    "portrait": (390, 844, True),
    "small": (360, 640, True),
    "landscape": (844, 390, True),
    "smallest": (320, 568, True),
    "large-phone": (430, 932, True),
    "small-tablet": (600, 960, True),
    "tablet": (768, 1024, True),
    "large-tablet": (820, 1180, True),
    "tablet-landscape": (1024, 768, True),
    "wide": (1920, 1080, False),
}
SETTINGS = {"v": 1, "speed": "instant", "trick_pause": "none", "partner_level": "easy", "opponent_level": "easy"}

#: One step toward the moment to take: "shoot" when it is your card to play with the trick
#: showing the cards before you (at least the one before you); else a call passed or a card
#: played, or "wait".
STEP = """(seats) => {
  const b = document.body, trick = document.querySelectorAll('#trick [data-card]').length;
  const pass = document.querySelector('#bid-box:not([hidden]) .bid[data-call="pass"]');
  if (pass) { pass.click(); return 'call'; }
  if (b.dataset.phase !== 'play') {
    const next = document.querySelector('#next-hand');
    if (next && next.offsetParent) { next.click(); return 'next'; }
    return 'wait';
  }
  const card = document.querySelector(
    '#hand button.card[aria-disabled="false"], #dummy-hand button.card[aria-disabled="false"]');
  if (!card) return 'wait';
  if (trick >= Math.min(seats - 1, 2) && card.closest('#hand')) return 'shoot';
  card.click();
  return 'play';
}"""


def shoot_size(browser: Any, url: str, games: list[str], size: str, out: Path) -> list[Path]:
    """Each game on one size of screen: one page booted, each game after the first opened on it
    by the page's reset for automation (``whist/web/testing.py``: the page's own start-up)."""
    width, height, touch = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                  has_touch=touch, is_mobile=touch)
    stored = {"whist:settings": json.dumps(SETTINGS)}
    context.add_init_script(f"localStorage.setItem('whist:settings', {json.dumps(stored['whist:settings'])});")
    paths = []
    try:
        page = context.new_page()
        for i, game in enumerate(games):
            address = f"{url}?game={game}&pace=instant#deal=7"
            if i == 0:
                page.goto(address)
            else:
                page.evaluate("([a, o]) => window.whistReset(a, o)", [address, {"storage": stored}])
            page.wait_for_selector('body[data-ready="1"]', timeout=180_000)
            seats = 2 if game == "german" else 4
            for _ in range(400):
                if page.evaluate(STEP, seats) == "shoot":
                    break
                page.wait_for_timeout(60)
            page.wait_for_timeout(400)  # the cards at rest
            path = out / f"{game}-{size}.png"
            page.screenshot(path=str(path))
            paths.append(path)
        return paths
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/whist-shots"), help="folder for the PNGs")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all)")
    parser.add_argument("--sizes", default=",".join(SIZES), help=f"comma-separated of {', '.join(SIZES)}")
    args = parser.parse_args(argv)
    for given, known, what in ((args.games, GAMES, "game"), (args.sizes, SIZES, "size")):
        unknown = [name for name in given.split(",") if name not in known]
        if unknown:
            parser.error(f"unknown {what} {', '.join(unknown)}: the {what}s are {', '.join(known)}")
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="whist-shots-") as tmp:
        site = build_game(Path(tmp) / "game")
        with serving(site) as url, sync_playwright() as p:
            browser = launch(p)
            for size in args.sizes.split(","):
                for path in shoot_size(browser, url, args.games.split(","), size, args.out):
                    print(path, flush=True)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

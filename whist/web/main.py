"""The page's entry point, run by PyScript: read the URL options and open the table.

``?pace=slow|normal|fast|instant`` sets the speed of play for this visit
(``instant`` also lets a finished trick go at once: for tests);
``?seed=N`` deals a given game.
"""

import traceback

import js


def _option(name: str) -> str | None:
    value = js.URLSearchParams.new(js.location.search).get(name)
    return None if value is None else str(value)


def main() -> object:
    js.whistLoader.stage("main")
    try:
        from whist.web.page import Page, random_seed
        from whist.web.settings import DEFAULTS, SPEEDS

        settings = DEFAULTS
        pace = _option("pace")
        if pace in SPEEDS:
            settings = settings.changed(speed=pace)
            if pace in ("fast", "instant"):
                settings = settings.changed(trick_pause="none")
        seed_text = _option("seed")
        seed = int(seed_text) if seed_text and seed_text.isdigit() else random_seed()
        page = Page(seed, settings)
        page.start()
        return page
    except Exception as err:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        js.whistLoader.fail("Sorry, the game could not start. Please reload the page.")
        return None


PAGE = main()

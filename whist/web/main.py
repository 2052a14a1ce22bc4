"""The page's entry point, run by PyScript: read the URL options and open the table.

``?pace=fast`` or ``?pace=instant`` shortens the computers' delays (for tests);
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
        from whist.web.page import PACES, Page, random_seed

        pace = PACES.get(_option("pace") or "human", PACES["human"])
        seed_text = _option("seed")
        seed = int(seed_text) if seed_text and seed_text.isdigit() else random_seed()
        page = Page(seed, pace)
        page.start()
        return page
    except Exception as err:
        js.console.warn("whist: " + "".join(traceback.format_exception(err)))
        js.whistLoader.fail("Sorry, the game could not start. Please reload the page.")
        return None


PAGE = main()

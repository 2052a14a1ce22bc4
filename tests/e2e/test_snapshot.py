"""Return visits from a memory snapshot (static/python.mjs, static/snapshot.mjs), on the built site.

A visit makes, in idle time and in a worker, a snapshot of a Python with the game's modules
imported, and keeps it in the Cache API under the game's version and Pyodide's; the next visit
starts from it. The test has a browser context of its own (``make_game_page``): a first visit
with nothing kept, then return visits from the snapshot it made (one first visit and one snapshot
made serve every check: each costs seconds of browser time). Under automation a page makes no
snapshot unless it sets ``window.whistSnapshotTests`` (every load of the test does, as an init
script, unless the tab's sessionStorage holds ``HOLD``: each snapshot made costs seconds of a
second Python).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.e2e.conftest import settings_storage
from tests.e2e.test_offline import play_a_trick, wait_controlled

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage, GamePageFactory

#: The flag in this tab's sessionStorage that keeps a visit from making a snapshot.
HOLD = "whist-test-no-snapshot"
ASK = f"window.whistSnapshotTests = !sessionStorage.getItem('{HOLD}');"
CACHE = "whist-snapshot /whist/"
#: The kept snapshots' keys (URLs).
KEYS = f"async () => (await (await caches.open('{CACHE}')).keys()).map(r => r.url)"
USED = "() => window.whistSnapshot.used"
#: Your hand, card by card.
HAND = "() => Array.from(document.querySelectorAll('#hand button.card'), b => b.dataset.card).join(' ')"
#: A number drawn from Python's own random module (the page's test hook runs Python).
DRAW = """() => { window.whistRun("import js, random\\njs.window.whistDrawn = random.random()");
    return window.whistDrawn; }"""
#: Rewrite the kept snapshot ``how``: "damage" a byte (its digest kept), make it of
#: "other-runtime" (a byte of Pyodide's build id, the digest made again), or file it under the key
#: of an "other-version" of the game (and back under "this-version"); its key (URL) now.
REWRITE = """async ([cacheName, how]) => {
  const cache = await caches.open(cacheName);
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let digest = response.headers.get('X-Digest');
  if (how === 'damage') bytes[bytes.length >> 1] ^= 0xff;
  if (how === 'other-runtime') {
    bytes[20] ^= 0xff;  // inside Pyodide's build id (bytes 16 to 47 of its header)
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    digest = Array.from(hash, b => b.toString(16).padStart(2, '0')).join('');
  }
  let url = request.url;
  const version = document.querySelector('meta[name="whist-version"]').content;
  if (how === 'other-version') url = url.replace(`/whist-snapshot/${version}/`, '/whist-snapshot/0123456789abcdef/');
  if (how === 'this-version') url = url.replace('/whist-snapshot/0123456789abcdef/', `/whist-snapshot/${version}/`);
  await cache.delete(request);
  await cache.put(url, new Response(bytes, {headers: {'X-Digest': digest}}));
  return url;
}"""


def first_visit(page: GamePage, path: str = "?pace=instant") -> str:
    """Open the table with nothing kept, wait for its snapshot to be kept; the snapshot's key."""
    page.open(path, script=ASK)
    assert page.evaluate(USED) is False
    page.wait_for_function("() => window.whistSnapshot.result", timeout=180_000)
    assert page.evaluate("() => window.whistSnapshot.result") == "kept"
    keys = page.evaluate(KEYS)
    assert len(keys) == 1, keys
    return str(keys[0])


def visit(page: GamePage, path: str = "?pace=instant", stored: dict[str, str] | None = None) -> bool:
    """A new visit, with this device's game forgotten (a random deal, not the game kept) and only
    ``stored`` in localStorage; whether it started from the snapshot."""
    page.evaluate("(stored) => { localStorage.clear(); for (const [k, v] of Object.entries(stored)) "
                  "localStorage.setItem(k, v); }", stored or {})
    page.goto(path)
    page.wait_ready()
    return bool(page.evaluate(USED))


def hold(page: GamePage, on: bool) -> None:
    """Whether this tab's next visits make no snapshot (``HOLD``)."""
    page.evaluate(f"() => sessionStorage.{'setItem' if on else 'removeItem'}('{HOLD}', '1')")


def test_a_return_visit_starts_from_the_snapshot_reseeded_and_offline_and_a_snapshot_not_for_it_is_not_used(
        make_game_page: GamePageFactory, site_server: str) -> None:
    """One browser context (one first visit, one snapshot made): the return visits from it, then a
    snapshot of another version, damaged, or of another runtime, and a slow level's worker."""
    page = make_game_page(site_server)
    key = first_visit(page)
    version = page.evaluate("() => document.querySelector('meta[name=\"whist-version\"]').content")
    runtime = page.evaluate("async () => (await import('./runtime/pyodide/pyodide.mjs')).version")
    assert key.endswith(f"/whist/whist-snapshot/{version}/{runtime}"), key

    # The compiled Python (whist/web/bytecode.py), which the same loader reads, is kept too.
    page.wait_for_function("async () => (await (await caches.open('whist-bytecode /whist/')).keys()).length === 1",
                           timeout=120_000)

    # From here on, visits that do not start from the snapshot warn of it (in the console only).
    page.ignore(r"whist: the kept snapshot was not used")
    hold(page, True)  # these visits make none

    # Filed under another version of the game: never read, and left alone.
    other = page.evaluate(REWRITE, [CACHE, "other-version"])
    assert not visit(page)
    play_a_trick(page)
    assert page.evaluate(KEYS) == [other]
    page.evaluate(REWRITE, [CACHE, "this-version"])  # the same bytes under this version's key: used
    assert visit(page)
    first = (page.evaluate(HAND), page.evaluate(DRAW))
    play_a_trick(page)

    # A return visit from it, offline: the snapshot and every file come from this device.
    hold(page, False)
    wait_controlled(page)
    page.context.set_offline(True)
    try:
        assert visit(page)
        second = (page.evaluate(HAND), page.evaluate(DRAW))
        # Two starts from the same memory: neither the deal nor Python's own random numbers repeat.
        assert first[0] != second[0] and first[1] != second[1], (first, second)
        assert page.evaluate("() => window.whistSnapshot.make([])") is False  # one is kept: none is made
        assert page.evaluate(KEYS) == [key]
        play_a_trick(page)
    finally:
        page.context.set_offline(False)

    # Damaged (its digest): the usual start, silently (a warning in the console only), and dropped
    # as the page starts; that visit makes a new one in its idle time, which the next visit uses.
    hold(page, False)
    page.evaluate(REWRITE, [CACHE, "damage"])
    assert not visit(page)
    assert page.evaluate(KEYS) == []  # (a new one takes a second Python's seconds to make)
    play_a_trick(page)
    page.wait_for_function("() => window.whistSnapshot.result === 'kept'", timeout=180_000)
    assert page.evaluate(KEYS) == [key]
    hold(page, True)
    assert visit(page)

    # Whole, but of another build of the runtime: Pyodide refuses it, and Python starts as usual.
    # This visit may make one (no HOLD), but at a slow level the thinker runs from the start, and
    # a snapshot made then would be a third Python at once: none is made, and none is kept.
    page.evaluate(REWRITE, [CACHE, "other-runtime"])
    hold(page, False)
    assert not visit(page, stored=settings_storage(opponent_level="hard"))
    page.wait_for_function("() => window.whistSnapshot.result", timeout=180_000)
    assert page.evaluate("() => window.whistSnapshot.result") == "a worker runs"
    assert page.evaluate(KEYS) == []
    play_a_trick(page)
    assert page.evaluate(KEYS) == []

"""benchmarks/browser_ai.py: what its page ships, and its rows, checked in CPython (the page itself
boots Pyodide, minutes of a benchmark, not a test)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import serve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import browser_ai  # noqa: E402


def test_the_page_ships_every_module_the_bench_imports(tmp_path: Path) -> None:
    """whist.tgz holds what the game's page imports; the bench deals its positions with the play
    loop, which the page never imports, so whist.tgz leaves it out. Its page once stopped at that
    import and the benchmark waited half an hour for a result that never came."""
    shipped = set(serve.package_files(ROOT))
    needed = set(serve.traced_files(ROOT, tuple(sorted(serve.module_imports(browser_ai.BENCH)))))
    assert "ai/play.py" in needed - shipped  # the case it was written for
    lines = browser_ai.extra_files(tmp_path)
    listed = dict(re.findall(r'"\./([^"]+)" = "\./whist/([^"]+)"', lines))
    assert set(listed.values()) == needed - shipped
    for name, rel in listed.items():  # each copied next to the config, as the page fetches it
        assert (tmp_path / name).read_bytes() == (ROOT / "whist" / rel).read_bytes()


def test_rows_are_chosen_by_words_and_only_those_are_timed() -> None:
    every = browser_ai.chosen_rows([])  # no words: every row
    assert len(every) == 9 and {"contract hard card", "contract expert card"} <= set(every)
    assert browser_ai.chosen_rows(["german", "easy"]) == (
        "classic easy", "german phase two (13 tricks)", "german expert phase one")
    assert browser_ai.chosen_rows(["nothing like it"]) == ()
    times = browser_ai.cpython_times(4, ("contract call", "contract expert card", "classic normal"))
    assert set(times) == {"contract call", "contract expert card", "classic normal"}
    assert len(times["contract expert card"]) == 4 and len(times["classic normal"]) == 4
    hard = browser_ai.cpython_times(8, ("contract hard card",))
    assert set(hard) == {"contract hard card"} and len(hard["contract hard card"]) == 8

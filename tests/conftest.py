"""Project-wide pytest setup.

- Fails at once, with the command to run, when a test dependency is missing
  (never skips silently).
- Marks every test under ``tests/e2e/`` with ``@pytest.mark.e2e``, so
  ``python -m pytest -m "not e2e"`` runs only the fast tests.

The end-to-end fixtures (servers, browser, ``game_page``) live in
``tests/e2e/conftest.py``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

#: The suite's account of its time per file and of its page boots, printed at the end (tests/report.py).
pytest_plugins = ["tests.report"]

TESTS_DIR = Path(__file__).resolve().parent
E2E_DIR = TESTS_DIR / "e2e"

#: Import name -> distribution of the `test` extra in pyproject.toml.
TEST_DEPENDENCIES = {
    "playwright": "playwright",
    "pytest_playwright": "pytest-playwright",
    "hypothesis": "hypothesis",
}


def pytest_configure(config: pytest.Config) -> None:
    """Stop with a clear message when the test dependencies are not installed."""
    missing = [dist for module, dist in TEST_DEPENDENCIES.items() if importlib.util.find_spec(module) is None]
    if missing:
        raise pytest.UsageError(
            f"missing test dependencies: {', '.join(missing)}\n"
            "Run the suite with `python -m tests`, which sets them up in .venv/, "
            "or install them here with:  python -m pip install -e '.[test]'"
        )


#: The end-to-end files the second browser worker runs (``e2e-2``): what a visit keeps (storage,
#: second tabs, reloads, offline, bad data, the built site), the analyst's replays, reviews and
#: coach, and the game forms. The others, and any new file, are ``e2e``. The two halves run side by
#: side, so the end-to-end part takes as long as the longer: keep their summed times even
#: (tests/report.py prints each file's time and its browser CPU, which is what to even: stop 53's
#: halves measured about 840 and 660 CPU-s before test_turn, test_bad_input and test_german moved
#: here; stop 54's, with the AudioContexts closed, 569 and 627 s, and test_german and test_why went
#: back; stop 56's summed 465.8 and 484.1 s, and test_forms (19.7 s) and test_why (11.1 s) swapped
#: halves: files on the shared page of the default kind, which each half boots anyway, move freely).
E2E_SECOND = frozenset({
    "test_persistence.py", "test_tabs.py", "test_offline.py",
    "test_site.py", "test_coach.py", "test_review.py", "test_review_fair.py", "test_expert_replay.py",
    "test_why.py", "test_together.py", "test_rtc.py", "test_live.py", "test_snapshot.py",
    "test_turn.py", "test_bad_input.py",
})


def xdist_group(path: Path) -> str:
    """The pytest-xdist group of a test file: ``e2e`` or ``e2e-2`` for an end-to-end file (each
    group's tests run in order on one worker, on the pages it boots once), else the file's name
    (its module-scoped fixtures made once)."""
    if path.is_relative_to(E2E_DIR):
        return "e2e-2" if path.name in E2E_SECOND else "e2e"
    return path.name


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests under tests/e2e/ as ``e2e``, and group the tests for pytest-xdist's
    ``--dist loadgroup`` (``python -m tests``, :func:`xdist_group`): the end-to-end tests in two
    groups, one for each worker (collected first, so each worker starts on one), every other
    file in a group of its own."""
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)
        item.add_marker(pytest.mark.xdist_group(xdist_group(item.path)))

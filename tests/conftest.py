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


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests under tests/e2e/ as ``e2e``, and group the tests for pytest-xdist's
    ``--dist loadgroup`` (``python -m tests``): every end-to-end test in one group, so that one
    worker runs them in order on the pages it boots once, and every other file in a group of
    its own, so that its module-scoped fixtures are made once."""
    for item in items:
        if item.path.is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.xdist_group("e2e"))
        else:
            item.add_marker(pytest.mark.xdist_group(item.path.name))

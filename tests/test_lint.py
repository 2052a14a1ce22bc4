"""ruff and mypy, with the project's own configuration (pyproject.toml), report nothing.

Both are pinned in the ``test`` extra, so ``python -m tests`` installs them and every
run of the suite (CI's included) checks the whole project.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_reports_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, f"ruff check .\n{result.stdout}{result.stderr}"


def mypy_cache() -> list[str]:
    """mypy's cache in the virtual environment the suite runs in (``.venv/``, git-ignored), so a
    second run checks only what changed; none outside a virtual environment."""
    if sys.prefix == sys.base_prefix:
        return ["--no-incremental", "--cache-dir", "/dev/null"]
    return ["--cache-dir", str(Path(sys.prefix) / "mypy_cache")]


def test_mypy_reports_nothing() -> None:
    result = _run("mypy", *mypy_cache())
    assert result.returncode == 0, f"mypy\n{result.stdout}{result.stderr}"
    assert "Success: no issues found" in result.stdout, result.stdout


#: The longest a module of the web layer may be (issue 36): a view that grows past it is split into
#: narrow parts, each taking only the piece of the page it needs.
WEB_MODULE_LINES = 500


def test_no_web_module_is_over_500_lines() -> None:
    long = {p.name: n for p in sorted((ROOT / "whist" / "web").glob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > WEB_MODULE_LINES}
    assert not long, f"web modules over {WEB_MODULE_LINES} lines: {long}"
    assert len(list((ROOT / "whist" / "web").glob("*.py"))) > 40  # the glob found the layer

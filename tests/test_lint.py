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


def test_mypy_reports_nothing() -> None:
    result = _run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert result.returncode == 0, f"mypy\n{result.stdout}{result.stderr}"
    assert "Success: no issues found" in result.stdout, result.stdout

"""The share of the page's code that CPython can test: the lines of ``whist/web`` and
``whist/table`` in modules that import no browser module (``js``, ``pyodide``, ``pyscript``),
against the lines of those that do (which run only in the end-to-end tests).

    .venv/bin/python benchmarks/web_share.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER = re.compile(r"^\s*(?:import|from)\s+(?:js|pyodide|pyscript)\b", re.MULTILINE)


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def share(folder: str) -> tuple[int, int]:
    """(lines in CPython-testable modules, lines in browser-only modules) of ``folder``."""
    cpython = browser = 0
    for path in sorted((ROOT / folder).glob("*.py")):
        n = lines(path)
        if BROWSER.search(path.read_text(encoding="utf-8")):
            browser += n
        else:
            cpython += n
    return cpython, browser


def main() -> None:
    total_c = total_b = 0
    for folder in ("whist/web", "whist/table"):
        c, b = share(folder)
        total_c, total_b = total_c + c, total_b + b
        print(f"{folder:12} {c:6} lines CPython-testable, {b:6} browser-only: {100 * c / max(1, c + b):5.1f}%")
    print(f"{'both':12} {total_c:6} lines CPython-testable, {total_b:6} browser-only: "
          f"{100 * total_c / max(1, total_c + total_b):5.1f}%")


if __name__ == "__main__":
    sys.exit(main())

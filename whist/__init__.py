"""Whist in pure Python: cards, rules, the game state and the computer players.

The package uses the standard library only, so the same code runs under
CPython (tests, command-line tools) and under Pyodide in the browser.
Only :mod:`whist.web` touches the browser.
"""

__version__ = "0.1.0"

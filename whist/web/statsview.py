"""The stats panel as plain data and HTML, and what a finished game adds to the stats.

No browser imports: :mod:`whist.web.persist` puts the HTML in the page.

>>> from whist.web.storage import empty_stats, record_result
>>> stats = empty_stats()
>>> _ = record_result(stats, "classic", "g-1", won=True, margin=3, hands_played=4, hands_won=3)
>>> _ = record_result(stats, "classic", "g-2", won=False, margin=0, hands_played=5, hands_won=2)
>>> [(t["key"], t["value"]) for t in tiles(stats["overall"])][:4]
[('played', '2'), ('won', '1'), ('win_rate', '50%'), ('streak', '0')]
>>> choices(stats)
[('overall', 'All games'), ('classic', 'Classic Whist')]
"""

from __future__ import annotations

from html import escape
from typing import Any

from whist.table import catalog
from whist.web.storage import empty_counts

DASH = "\u2013"


def game_title(name: str) -> str:
    info = catalog.game(name)
    return info.title if info is not None else name.replace("-", " ").replace("_", " ").capitalize()


def choices(stats: dict[str, Any]) -> list[tuple[str, str]]:
    """The stats the panel can show: every game together, then each game played, by title."""
    games = sorted(stats["games"], key=game_title)
    return [("overall", "All games")] + [(name, game_title(name)) for name in games]


def counts_for(stats: dict[str, Any], key: str) -> dict[str, int]:
    if key == "overall":
        return stats["overall"]
    return stats["games"].get(key) or empty_counts()


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else DASH


def tiles(c: dict[str, int]) -> list[dict[str, str]]:
    """The tiles of the panel: key, label, value and a short note."""
    def tile(key: str, label: str, value: str, note: str = "") -> dict[str, str]:
        return {"key": key, "label": label, "value": value, "note": note}

    return [
        tile("played", "Games played", str(c["played"])),
        tile("won", "Games won", str(c["won"])),
        tile("win_rate", "Win rate", _percent(c["won"], c["played"])),
        tile("streak", "Current streak", str(c["streak"]), "wins in a row"),
        tile("best_streak", "Best streak", str(c["best_streak"]), "wins in a row"),
        tile("hands_played", "Hands played", str(c["hands_played"])),
        tile("hands_won", "Hands won", str(c["hands_won"]),
             _percent(c["hands_won"], c["hands_played"]) if c["hands_played"] else ""),
        tile("best_margin", "Best winning margin", str(c["best_margin"]) if c["won"] else DASH,
             "points" if c["won"] else ""),
    ]


def tiles_html(c: dict[str, int]) -> str:
    out = []
    for t in tiles(c):
        note = f'<span class="stat-note">{escape(t["note"])}</span>' if t["note"] else ""
        out.append(f'<div class="stat" data-stat="{t["key"]}"><dt>{escape(t["label"])}</dt>'
                   f'<dd><span class="stat-value">{escape(t["value"])}</span>{note}</dd></div>')
    return "".join(out)


def options_html(stats: dict[str, Any], chosen: str) -> str:
    return "".join(f'<option value="{escape(k)}"{" selected" if k == chosen else ""}>{escape(label)}</option>'
                   for k, label in choices(stats))

"""The stats panel as plain data and HTML, and what a finished game adds to the stats.

No browser imports: :mod:`whist.web.persist` puts the HTML in the page.

>>> from whist.table.stats import empty_stats, record_result
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
from whist.table.stats import shown_counts

DASH = "\u2013"


def game_title(name: str) -> str:
    info = catalog.game(name)
    return info.title if info is not None else name.replace("-", " ").replace("_", " ").capitalize()


def choices(stats: dict[str, Any]) -> list[tuple[str, str]]:
    """The stats the panel can show: every game together, then each game played, by title."""
    games = sorted(set(stats["games"]) | {o["game"] for o in stats.get("open", ())}, key=game_title)
    return [("overall", "All games")] + [(name, game_title(name)) for name in games]


def counts_for(stats: dict[str, Any], key: str) -> dict[str, int]:
    """The counts the panel shows for ``key``: a hand counts as it ends, its game under way or not."""
    return shown_counts(stats, key)


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


# --- duplicate: your tricks against Expert's with the same cards ---------------------------
RECENT = 20  # the hands the figure averages


def _signed(x: float, digits: int = 1) -> str:
    return f"{x:+.{digits}f}".replace("-", "\u2212") if round(x, digits) else f"{0:.{digits}f}"


def duplicate_figure(hands: list[int]) -> str:
    """The running duplicate figure in words, over the last ``RECENT`` hands replayed ("" if none).

    >>> duplicate_figure([0, -1, 1, -2])
    'Against Expert with the same cards: \u22120.5 tricks a hand over your last 4 hands'
    """
    last = hands[-RECENT:]
    if not last:
        return ""
    over = f"your last {len(last)} hands" if len(last) > 1 else "your one hand so far"
    return f"Against Expert with the same cards: {_signed(sum(last) / len(last))} tricks a hand over {over}"


def duplicate_chart(hands: list[int]) -> str:
    """An inline SVG of every hand kept, oldest first: a bar up where you took more tricks than
    Expert, down where fewer (cut at 4); its label reads the numbers."""
    up: list[str] = []
    down: list[str] = []
    for i, d in enumerate(hands):
        if d:
            (up if d > 0 else down).append(f"M{2 * i + 1} 14v{-3 * max(-4, min(4, d))}")
    label = "Your tricks minus Expert's, hand by hand, oldest first: " + ", ".join(
        _signed(d, 0) for d in hands)
    return (f'<svg class="dup-chart" viewBox="0 0 100 28" preserveAspectRatio="none" role="img" '
            f'aria-label="{escape(label)}">'
            f'<path class="dup-zero" d="M0 14H100"/><path class="dup-up" d="{"".join(up)}"/>'
            f'<path class="dup-down" d="{"".join(down)}"/></svg>')


def together_html(stats: dict[str, Any]) -> str:
    """Pass-and-play games on this device, said to be kept apart from your record ("" before any).

    >>> together_html({"together": {"played": 2, "hands_played": 9}})[-88:]
    '2, 9 hands. They are kept apart: the counts above are your own games with computers.</p>'
    """
    counts = stats.get("together")
    if not counts:
        return ""
    return (f'<p class="stats-together" id="stats-together">Games with friends on this device (pass-and-play): '
            f'{counts["played"]}, {counts["hands_played"]} hands. They are kept apart: the counts above are '
            f'your own games with computers.</p>')


def duplicate_html(stats: dict[str, Any]) -> str:
    """The figure and its chart for the stats panel ("" before any hand was replayed)."""
    hands = stats["duplicate"]
    if not hands:
        return ""
    return f'<p class="dup-figure" id="dup-figure">{escape(duplicate_figure(hands))}</p>{duplicate_chart(hands)}'

"""Where a floating box goes (the guide's tip): the spot near the element it is about that covers
least of what it must leave in sight, weighed by how much each thing matters, and of the spots
that cover nothing, the nearest. Arithmetic on rectangles only, no browser: tested in CPython
(``tests/test_spots.py``) on the rectangles of the real page; :mod:`whist.web.guide_view` hands
it the page's rectangles and puts the tip where it says.

>>> about = Rect(100, 100, 50, 70)
>>> best = spot(200, 60, 800, 600, about, [(about, 100)])
>>> best.x, best.y, best.cost
(25.0, 178.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

MARGIN = 4.0
"""The least room between the box and the viewport's edge (px)."""
GAP = 8.0
"""The room between the box and the element it is about, when it stands beside it (px)."""
EDGE = 0.5
"""How far off a kept rectangle's edge the nearest spot is (px): the page rounds the box's place."""
BESIDE = 6
"""The first candidates are the spots beside the element (``_candidates``)."""
NEARER = 24.0
"""How much nearer (px) a spot of the search must be to be preferred to one beside the element."""


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle of the viewport, in CSS pixels: its left and top edge, width and height."""

    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def empty(self) -> bool:
        return self.width <= 0 or self.height <= 0

    @classmethod
    def of(cls, box: Any) -> Rect:
        """The rectangle of a DOMRect (``getBoundingClientRect()``), or of anything with its fields."""
        return cls(float(box.left), float(box.top), float(box.width), float(box.height))

    @classmethod
    def around(cls, rects: Sequence[Rect]) -> Rect:
        """The smallest rectangle holding every one of ``rects`` (at least one).

        >>> Rect.around([Rect(0, 0, 10, 10), Rect(20, 5, 5, 30)])
        Rect(left=0, top=0, width=25, height=35)
        """
        left, top = min(r.left for r in rects), min(r.top for r in rects)
        return cls(left, top, max(r.right for r in rects) - left, max(r.bottom for r in rects) - top)

    def overlap(self, other: Rect) -> float:
        """The area the two rectangles share.

        >>> Rect(0, 0, 10, 10).overlap(Rect(5, 5, 10, 10)), Rect(0, 0, 10, 10).overlap(Rect(10, 0, 5, 5))
        (25.0, 0.0)
        """
        w = min(self.right, other.right) - max(self.left, other.left)
        h = min(self.bottom, other.bottom) - max(self.top, other.top)
        return float(w * h) if w > 0 and h > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the box's top-left corner goes, and what it covers there (0: nothing it should not)."""

    x: float
    y: float
    cost: float


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(value, high))


def _candidates(w: float, h: float, vw: float, vh: float, about: Rect, keep: Sequence[Rect],
                top: float) -> Iterator[tuple[float, float]]:
    """Spots beside the element first (below, above, right, left), then every spot whose left and
    top edges meet the viewport's or a kept rectangle's (just off one, or a margin off): any clear
    spot slides left and up to one of these, so if one is clear, one of these is."""
    x_low, x_high = MARGIN, max(MARGIN, vw - w - MARGIN)
    y_low, y_high = top + MARGIN, max(top + MARGIN, vh - h - MARGIN)
    centre_x = _clamp(about.left + about.width / 2 - w / 2, x_low, x_high)
    centre_y = _clamp(about.top + about.height / 2 - h / 2, y_low, y_high)
    yield centre_x, _clamp(about.bottom + GAP, y_low, y_high)
    yield centre_x, _clamp(about.top - GAP - h, y_low, y_high)
    for y in (centre_y, _clamp(about.top, y_low, y_high)):
        yield _clamp(about.right + GAP, x_low, x_high), y
        yield _clamp(about.left - GAP - w, x_low, x_high), y
    xs = {x_low, x_high, centre_x}
    ys = {y_low, y_high, centre_y}
    for rect in keep:
        xs.update(_clamp(x, x_low, x_high) for x in (rect.right + EDGE, rect.right + MARGIN, rect.left - w - MARGIN))
        ys.update(_clamp(y, y_low, y_high) for y in (rect.bottom + EDGE, rect.bottom + MARGIN, rect.top - h - MARGIN))
    for y in sorted(ys):
        for x in sorted(xs):
            yield x, y


def spot(w: float, h: float, vw: float, vh: float, about: Rect, keep: Sequence[tuple[Rect, float]],
         top: float = 0.0) -> Spot:
    """The spot for a ``w`` x ``h`` box in a ``vw`` x ``vh`` viewport, about the element ``about``,
    leaving in sight what ``keep`` lists (each rectangle with its weight: the area covered, times
    the weight, is the cost), below ``top`` (a bar that stays on top). Of the spots that cost
    least, the one nearest the element; the box always lies inside the viewport where it fits.

    >>> hand = Rect(0, 500, 800, 100)
    >>> spot(200, 60, 800, 600, Rect(300, 480, 200, 20), [(hand, 100)]).y  # above: below would cover the hand
    412.0
    """
    kept = [(rect, weight) for rect, weight in keep if not rect.empty and weight > 0]
    edges = [(rect.left, rect.top, rect.right, rect.bottom, weight) for rect, weight in kept]
    cx, cy = about.left + about.width / 2, about.top + about.height / 2
    best: tuple[float, float, int] | None = None
    chosen = Spot(MARGIN, top + MARGIN, 0.0)
    for order, (x, y) in enumerate(_candidates(w, h, vw, vh, about, [rect for rect, _ in kept], top)):
        cost = 0.0
        right, bottom = x + w, y + h
        for left2, top2, right2, bottom2, weight in edges:  # (Rect.overlap, inlined: it runs often)
            dx = min(right, right2) - max(x, left2)
            if dx > 0:
                dy = min(bottom, bottom2) - max(y, top2)
                if dy > 0:
                    cost += dx * dy * weight
        distance = abs(x + w / 2 - cx) + abs(y + h / 2 - cy) + (0.0 if order < BESIDE else NEARER)
        key = (round(cost, 3), round(distance, 3), order)
        if best is None or key < best:
            best, chosen = key, Spot(float(x), float(y), round(cost, 3))
        if order == BESIDE - 1 and best[0] == 0:
            break  # a clear spot beside its element is taken: the search is for when there is none
    return chosen

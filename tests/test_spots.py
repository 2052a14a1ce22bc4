"""Where the guide's tip goes (whist/web/spots.py), in CPython: inside the viewport, clear of what
must stay in sight wherever a clear spot exists, beside its element when that is clear, and the
least weight covered when nothing is."""

from __future__ import annotations

import random

import pytest

from whist.web.spots import MARGIN, Rect, spot

#: A phone held sideways, as the guide meets it: the hand along the bottom, the trick in the middle.
VW, VH = 844.0, 390.0
HAND = Rect(150, 300, 540, 90)
TRICK = Rect(360, 130, 124, 120)


def inside(x: float, y: float, w: float, h: float) -> bool:
    return x >= MARGIN and x + w <= VW - MARGIN and y >= MARGIN and y + h <= VH - MARGIN


def test_beside_its_element_when_that_is_clear() -> None:
    seat = Rect(380, 10, 80, 30)
    where = spot(240, 90, VW, VH, seat, [(seat, 100), (TRICK, 100), (HAND, 100)])
    assert where.cost == 0
    # below the seat would cover the trick; above has no room; so beside it, on the nearer side
    assert where.y <= seat.bottom and (where.x >= seat.right or where.x + 240 <= seat.left)


def test_clear_of_everything_kept_where_room_exists() -> None:
    where = spot(300, 120, VW, VH, HAND, [(HAND, 100), (TRICK, 100)])
    assert where.cost == 0 and inside(where.x, where.y, 300, 120)
    box = Rect(where.x, where.y, 300, 120)
    assert box.overlap(HAND) == 0 and box.overlap(TRICK) == 0


def test_the_least_weight_covered_when_nothing_is_clear() -> None:
    must, should = Rect(0, 0, VW, VH / 2), Rect(0, VH / 2, VW, VH / 2)
    where = spot(200, 100, VW, VH, Rect(400, 300, 10, 10), [(must, 100), (should, 1)])
    assert where.cost == pytest.approx(200 * 100)  # wholly on what matters least
    assert where.y >= VH / 2


def test_too_big_for_the_viewport_it_stays_at_the_top_left() -> None:
    where = spot(VW * 2, VH * 2, VW, VH, Rect(10, 10, 10, 10), [])
    assert (where.x, where.y) == (MARGIN, MARGIN)


def test_under_a_bar_that_stays_on_top() -> None:
    where = spot(200, 60, VW, VH, Rect(100, 0, 50, 20), [], top=48)
    assert where.y >= 48 + MARGIN


@pytest.mark.parametrize("seed", range(40))
def test_random_tables_a_clear_spot_is_found_whenever_one_of_the_grid_is_clear(seed: int) -> None:
    rng = random.Random(seed)
    keep = [(Rect(rng.uniform(0, VW - 80), rng.uniform(0, VH - 60), rng.uniform(20, 200), rng.uniform(20, 120)),
             rng.choice((100.0, 10.0))) for _ in range(rng.randint(1, 6))]
    about = keep[0][0]
    w, h = rng.uniform(150, 320), rng.uniform(60, 140)
    where = spot(w, h, VW, VH, about, keep)
    assert inside(where.x, where.y, w, h)
    xs, ys = range(int(MARGIN), int(VW - w - MARGIN), 8), range(int(MARGIN), int(VH - h - MARGIN), 8)
    grid = [(x, y) for x in xs for y in ys]
    clear = any(all(Rect(x, y, w, h).overlap(r) == 0 for r, _ in keep) for x, y in grid)
    if clear:
        assert where.cost == 0, (where, keep)
    cost = sum(Rect(where.x, where.y, w, h).overlap(r) * wt for r, wt in keep)
    assert cost == pytest.approx(where.cost, abs=0.01)

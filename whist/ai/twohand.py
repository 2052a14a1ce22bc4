"""An exact double-dummy solver for two hands (German Whist's Phase Two).

With two hands every trick is one lead and one reply, so the search works a
whole trick at a time: ``lead(a, b, n, t)`` answers "does the hand on lead,
``a``, take at least ``t`` of the ``n`` tricks left against ``b``?" (a
zero-window search). The value is found by such probes, starting from the
tricks of a greedy play-out and moving one trick at a time (the probes next
to the value cost the most and both must be made anyway). Pure Python and the
standard library only, so it runs in the browser under Pyodide.

- One card is tried per run of equivalent cards: cards that are adjacent
  among the cards of their suit still held are equivalent.
- A transposition table at trick boundaries keeps lower and upper bounds on
  the leader's tricks, filed under the position normalised by relative rank:
  in each suit, the number of cards still out and which of them the leader
  holds (so the key is the same whoever of the two leads, and whichever
  cards have gone).
- Quick tricks bound each node before any card is tried: the leader cashes
  the top cards it holds in a suit (all of its cards there when the other
  hand must follow to all of them and cannot ruff), drawing trumps first.
  Sure trump tricks bound both sides: a trump wins unless the other hand
  plays a higher one to the same trick, so a hand takes at least as many
  tricks as it has trumps that cannot each be matched with a distinct
  higher trump of the other hand.
- Moves are ordered by card-play rules: the lead that settled the position
  before; then sure winners (side suits before trumps); then the other leads
  into the other hand's shortest suit first (the suits it is void in last),
  low cards first. The reply wins as cheaply as it can (ruffing low when
  void), otherwise plays low.
- Per suit, what the search needs of a holding (its part of the key, its
  runs, quick tricks, leads and replies in order) is built once a search.

>>> from whist.engine.cards import HEARTS, card_name, parse_cards
>>> hands = (parse_cards("AS KS 4D"), 0, parse_cards("2H 3D 5D"), 0)
>>> solve_two(hands, None, Seat.N), solve_two(hands, HEARTS, Seat.N)  # with hearts, South ruffs
(2, 0)
>>> sorted((card_name(c), v) for c, v in solve_two_cards(hands, None, Seat.N).items())
[('4D', 0), ('AS', 2), ('KS', 2)]
>>> card_name(choose_two(hands, None, Seat.N))  # the lowest card that keeps both tricks
'KS'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from whist.engine.cards import SUIT_MASK
from whist.engine.seats import Seat

__all__ = ["TwoHandTable", "best_two_cards", "choose_two", "solve_two", "solve_two_cards"]

_F = 0x1FFF

# Per suit, what the search needs about the cards of that suit in the two
# hands (leader ``xa``, other ``xb``, as 13-bit rank masks); see _suit_info.
_CODE, _RA, _RB, _LA, _LB, _KA, _KB, _CASH, _SAFE, _TOPB, _LEADS, _WIN, _REST, _SA, _SB = range(15)


def _suit_info(s: int, xa: int, xb: int) -> tuple:
    """One suit of a position, the hand on lead holding ``xa`` and the other
    ``xb`` (13-bit rank masks): (code, reps of a, reps of b, la, lb, ka, kb,
    cash, safe, top of b, leads, sure lead, other leads).

    ``code`` is the suit's part of the table key: which of the cards still out
    the leader holds, from the lowest, under a sentinel bit that gives their
    number. Reps are one card (the lowest) of each run of equivalent cards,
    low first, as absolute cards. ``ka``/``kb``: the top cards of the suit
    held in one unbroken run by a/b. ``cash``: the tricks a cashes in the suit
    if b cannot ruff (all of a's cards once b's are gone under a's top run);
    ``safe``: those it cashes while b must follow. Each lead is (priority, card,
    b's replies following suit in order as (bit, wins the trick) or None when
    b is void, the card's bit, its tag for the table: suit and index among
    a's reps); ``sure`` is the lead of a's top card when b must follow below
    it, else None.
    """
    base = 13 * s
    code = 0
    length = 0
    ra: list[int] = []
    rb: list[int] = []
    prev = -1  # owner of the next lower card held: 0 a, 1 b
    # ma/mb: how many of a's/b's cards can each be beaten by a distinct higher
    # card of the other hand (greedy matching, from the bottom up)
    pa = pb = ma = mb = 0
    x = xa | xb
    while x:
        low = x & -x
        if xa & low:
            code |= 1 << length
            if prev:
                ra.append(base + low.bit_length() - 1)
                prev = 0
            pa += 1
            if pb:
                pb -= 1
                mb += 1
        else:
            if prev != 1:
                rb.append(base + low.bit_length() - 1)
                prev = 1
            pb += 1
            if pa:
                pa -= 1
                ma += 1
        length += 1
        x ^= low
    code |= 1 << length
    la = xa.bit_count()
    lb = xb.bit_count()
    # the top run: the cards of the hand holding the top card above the other's top
    if xa > xb:
        ka, kb = (xa >> xb.bit_length()).bit_count(), 0
    elif xb:
        ka, kb = 0, (xb >> xa.bit_length()).bit_count()
    else:
        ka = kb = 0
    cash = la if lb <= ka else ka
    safe = ka if ka < lb else lb
    topb = base + xb.bit_length() - 1 if xb else -1
    leads = []
    # b's replies following suit: it wins as cheaply as it can, else plays low
    lose = [(1 << d, False) for d in rb]
    win = [(1 << d, True) for d in rb]
    j = 0
    nb = len(rb)
    for i, c in enumerate(ra):
        if rb:
            while j < nb and rb[j] < c:
                j += 1
            replies = win[j:j + 1] + lose[:j] + win[j + 1:]
        else:
            replies = None  # b is void: its replies depend on its other suits
        # the order of leads that are not sure winners: into b's shortest
        # suit first (the suits it is void in last), low cards first
        prio = (lb if lb else 16) * 16 + c - base
        leads.append((prio, c, replies, 1 << c, s << 4 | i))
    sure = leads[-1] if leads and rb and ka else None
    rest = tuple(leads[:-1]) if sure else tuple(leads)
    return (code << (14 * s), tuple(ra), tuple(rb), la, lb, ka, kb, cash, safe, topb, tuple(leads), sure, rest,
            la - ma, lb - mb)


class _Search:
    """The search for one trump suit; its tables are shared by every probe of a call.

    The hot path is a closure over local variables: under CPython a cell load
    is cheaper than an attribute load, and the search lives or dies by the
    cost of a node.
    """

    def __init__(self, trump: int | None) -> None:
        self.trump = -1 if trump is None else trump
        self._build()

    def _build(self) -> None:
        T = self.trump
        # key -> low | high << 4 | (tag of the best lead + 1) << 8: ints, not
        # lists, so the garbage collector has nothing to walk through
        tt: dict[int, int] = {}
        # the suit infos by holding (each search builds its own: a table shared
        # between calls would hold thousands of objects for the garbage
        # collector to walk through, and cost more than it saves)
        m0: dict[int, tuple] = {}
        m1: dict[int, tuple] = {}
        m2: dict[int, tuple] = {}
        m3: dict[int, tuple] = {}
        F = _F
        F1 = _F << 13
        SM = SUIT_MASK
        tsm = SM[T] if T >= 0 else 0
        nodes = 0

        def infos(a: int, b: int) -> tuple[tuple, tuple, tuple, tuple]:
            xa = a & F
            xb = b & F
            k = xa | xb << 13
            i0 = m0.get(k)
            if i0 is None:
                i0 = m0[k] = _suit_info(0, xa, xb)
            xa = a >> 13 & F
            xb = b >> 13 & F
            k = xa | xb << 13
            i1 = m1.get(k)
            if i1 is None:
                i1 = m1[k] = _suit_info(1, xa, xb)
            xa = a >> 26 & F
            xb = b >> 26 & F
            k = xa | xb << 13
            i2 = m2.get(k)
            if i2 is None:
                i2 = m2[k] = _suit_info(2, xa, xb)
            xa = a >> 39
            xb = b >> 39
            k = xa | xb << 13
            i3 = m3.get(k)
            if i3 is None:
                i3 = m3[k] = _suit_info(3, xa, xb)
            return i0, i1, i2, i3

        def void_replies(b: int, s: int, ii: tuple) -> list[tuple[int, bool]]:
            """``b``'s replies to a lead of suit ``s`` it is void in: ruff low
            if it can, then discards low, then the higher ruffs."""
            disc = []
            for x in range(4):
                if x != T:
                    disc.extend(ii[x][_RB])
            disc.sort(key=_RANK_OF)
            out = [(1 << d, False) for d in disc]
            if T >= 0 and s != T:
                trumps = ii[T][_RB]
                if trumps:
                    out.insert(0, (1 << trumps[0], True))
                    out.extend((1 << d, True) for d in trumps[1:])
            return out

        def leads(ii: tuple, b: int) -> list[tuple]:
            """The leads in order: sure winners (trumps last), then the others
            into b's shortest suit first, low cards first."""
            ruffs = T >= 0 and b & tsm
            order = []
            rest: list[tuple] = []
            last = None
            for s in range(4):
                info = ii[s]
                if info[_LA]:
                    w = info[_WIN]
                    if w is not None:
                        rest.extend(info[_REST])
                    elif info[_LB] or (ruffs and s != T):
                        rest.extend(info[_LEADS])
                        continue
                    else:  # b is void and cannot ruff: a's top card is a sure winner
                        w = info[_LEADS][-1]
                        rest.extend(info[_LEADS][:-1])
                    if s == T:
                        last = w
                    else:
                        order.append(w)
            if last is not None:
                order.append(last)
            rest.sort()
            order += rest
            return order

        def lead(a: int, b: int, n: int, t: int) -> bool:
            """Does the hand on lead, ``a``, take at least ``t`` (0 < t <= n) of the
            ``n`` tricks left against ``b``?"""
            nonlocal nodes
            nodes += 1
            if n == 1:
                c = a.bit_length() - 1
                d = b.bit_length() - 1
                if c // 13 == d // 13:
                    return c > d
                return d // 13 != T
            k = a & F | (b & F) << 13
            i0 = m0.get(k)
            if i0 is None:
                i0 = m0[k] = _suit_info(0, k & F, k >> 13)
            k = a >> 13 & F | b & F1
            i1 = m1.get(k)
            if i1 is None:
                i1 = m1[k] = _suit_info(1, k & F, k >> 13)
            k = a >> 26 & F | b >> 13 & F1
            i2 = m2.get(k)
            if i2 is None:
                i2 = m2[k] = _suit_info(2, k & F, k >> 13)
            k = a >> 39 | b >> 26 & F1
            i3 = m3.get(k)
            if i3 is None:
                i3 = m3[k] = _suit_info(3, k & F, k >> 13)
            ii = (i0, i1, i2, i3)
            # quick tricks: a cashes its top cards (drawing trumps first if it
            # can). Sure trump tricks: every trump is played some time and
            # wins unless the other hand plays a higher trump to that trick,
            # so a hand takes at least as many trump tricks as it has trumps
            # that cannot each be matched with a higher trump of the other.
            if T < 0:
                if i0[_CASH] + i1[_CASH] + i2[_CASH] + i3[_CASH] >= t:
                    return True
            else:
                it = ii[T]
                if n - it[_SB] < t:
                    return False
                if it[_LB] <= it[_KA]:
                    q = i0[_CASH] + i1[_CASH] + i2[_CASH] + i3[_CASH]
                else:  # side-suit winners while b must follow, and sure trump tricks
                    q = it[_SA] + i0[_SAFE] + i1[_SAFE] + i2[_SAFE] + i3[_SAFE] - it[_SAFE]
                if q >= t:
                    return True
            key = i0[_CODE] | i1[_CODE] | i2[_CODE] | i3[_CODE]
            e = tt.get(key)
            if e is not None:
                if e & 15 >= t:
                    return True
                if e >> 4 & 15 < t:
                    return False
                bm = (e >> 8) - 1
            else:
                e = n << 4
                bm = -1
            # the lead that settled this position before goes first, alone: if it
            # settles it again, the others need not be put in order
            if bm >= 0:
                first = ii[bm >> 4][_LEADS][bm & 15]
                order = [first]
            else:
                first = None
                order = leads(ii, b)
            m = n - 1
            vr = None
            while True:
                for mv in order:
                    a2 = a ^ mv[3]
                    rs = mv[2]
                    if rs is None:
                        if vr is None:
                            vr = void_replies(b, mv[1] // 13, ii)
                        rs = vr
                    for bd, bw in rs:
                        if bw:
                            # b wins the trick: a needs t of the m left, b leading
                            if t > m or lead(b ^ bd, a2, m, n - t):
                                break
                        elif t > 1 and not lead(a2, b ^ bd, m, t - 1):
                            break
                    else:
                        # (no position below this one has its key: fewer cards)
                        tt[key] = t | (e & 0xF0) | (mv[4] + 1) << 8
                        return True
                if first is None:
                    break
                order = leads(ii, b)
                order.remove(first)
                first = None
            tt[key] = (e & ~0xF0) | (t - 1) << 4
            return False

        def after(a: int, b: int, n: int, c: int, t: int) -> bool:
            """The leader has led ``c`` (``a`` no longer holds it): does it take ``t``
            (t <= n) of the ``n`` tricks left (this one included) whatever ``b`` plays?"""
            if t <= 0:
                return True
            ii = infos(a | 1 << c, b)
            s = c // 13
            if b & SM[s]:
                rb = ii[s][_RB]
                over = [d for d in rb if d > c]
                rs = [(1 << d, d > c) for d in over[:1] + [d for d in rb if d < c] + over[1:]]
            else:
                rs = void_replies(b, s, ii)
            m = n - 1
            for bd, bw in rs:
                if bw:
                    if t > m or lead(b ^ bd, a, m, n - t):
                        return False
                elif t > 1 and not lead(a, b ^ bd, m, t - 1):
                    return False
            return True

        def count() -> int:
            return nodes

        self.lead: Callable[[int, int, int, int], bool] = lead
        self.after: Callable[[int, int, int, int, int], bool] = after
        self.infos = infos
        self.leads = leads
        self.void_replies = void_replies
        self.count = count
        self.tt = tt
        self.memos = (m0, m1, m2, m3)

    def release(self) -> None:
        """Empty the tables now: the search's closures refer to themselves, so
        without this they would wait for the garbage collector."""
        self.tt.clear()
        for memo in self.memos:
            memo.clear()

    def guess(self, a: int, b: int, n: int) -> int:
        """The tricks ``a`` (on lead) takes if both play the first card of the
        search's order every time: a cheap estimate to start the probes at."""
        leads, infos, void_replies = self.leads, self.infos, self.void_replies
        mine = 0
        ours = True
        for _ in range(n):
            ii = infos(a, b)
            mv = leads(ii, b)[0]
            c = mv[1]
            bd, b_wins = (mv[2] or void_replies(b, c // 13, ii))[0]
            a ^= 1 << c
            b ^= bd
            if b_wins:
                a, b = b, a
                ours = not ours
            mine += ours
        return mine

    def value(self, a: int, b: int, n: int) -> int:
        """Tricks the hand on lead, ``a``, takes of the ``n`` left against ``b``:
        probes from the estimate up or down one trick at a time (those near the
        value cost the most, and both sides of it must be proved anyway)."""
        if n == 0:
            return 0
        lead = self.lead
        v = max(1, min(n, self.guess(a, b, n)))
        if lead(a, b, n, v):
            while v < n and lead(a, b, n, v + 1):
                v += 1
            return v
        v -= 1
        while v > 0 and not lead(a, b, n, v):
            v -= 1
        return v

    def value_after(self, a: int, b: int, n: int, c: int) -> int:
        """Tricks the leader takes of the ``n`` left (this one included) once it
        has led ``c`` (``a`` no longer holds it) against ``b``."""
        after = self.after
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if after(a, b, n, c, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


_RANK = tuple(c % 13 for c in range(52))
_RANK_OF = _RANK.__getitem__


def _classes(h: int, others: int) -> list[int]:
    """The runs of equivalent cards of ``h`` (masks, low cards first): cards of
    a suit with no card of ``others`` ranked between them."""
    out = []
    while h:
        c = (h & -h).bit_length() - 1
        top = 13 * (c // 13) + 13
        run = 0
        while c < top and not others >> c & 1:
            if h >> c & 1:
                run |= 1 << c
            c += 1
        # cards of neither hand between two of h's (played cards) do not split a run
        out.append(run)
        h &= ~run
    return out


class _Position:
    """A validated two-hand position: ``a`` leads (and may have led ``card``), ``b`` follows."""

    def __init__(self, hands: Sequence[int], trump: int | None, leader: Seat,
                 trick: Sequence[tuple[Seat, int]], search: _Search | None = None) -> None:
        if len(hands) != 4:
            raise ValueError("hands are four masks indexed by seat (0 for an absent seat)")
        if trump is not None and trump not in (0, 1, 2, 3):
            raise ValueError(f"trump must be a suit 0-3 or None, not {trump!r}")
        hs = [int(h) for h in hands]
        for p in range(4):
            for q in range(p + 1, 4):
                if hs[p] & hs[q]:
                    raise ValueError("a card is in two hands")
        leader = Seat(leader)
        if len(trick) > 1:
            raise ValueError("with two hands, the current trick holds at most one card")
        seats = [p for p in range(4) if hs[p] or p == leader]
        if len(seats) != 2 or leader not in seats:
            raise ValueError("a two-hand position needs the leader and exactly one other hand")
        other = seats[0] if seats[1] == leader else seats[1]
        a, b = hs[leader], hs[other]
        card = -1
        if trick:
            p, card = trick[0]
            if Seat(p) != leader:
                raise ValueError(f"the trick's first card is {leader.name}'s to play, not {Seat(p).name}'s")
            if not 0 <= card < 52 or (a | b) >> card & 1:
                raise ValueError(f"card {card} of the trick is not a card or is still in a hand")
            if a.bit_count() + 1 != b.bit_count():
                raise ValueError("the hands must be the same size (less the card led)")
        elif a.bit_count() != b.bit_count():
            raise ValueError("the hands must be the same size")
        n = b.bit_count()
        if n == 0:
            raise ValueError("no cards left to play")
        self.a, self.b, self.n, self.card = a, b, n, card
        self.leader, self.other = leader, Seat(other)
        self.trump = trump
        self.search = _Search(trump) if search is None else search

    def wins(self, d: int) -> bool:
        """Does ``b``'s reply ``d`` win the trick led by ``card``?"""
        c = self.card
        t = -1 if self.trump is None else self.trump
        return (d > c) if d // 13 == c // 13 else d // 13 == t

    def legal(self) -> int:
        """The mover's legal cards."""
        if self.card < 0:
            return self.a
        f = self.b & SUIT_MASK[self.card // 13]
        return f or self.b

    def runs(self) -> list[int]:
        """The mover's legal cards in runs of equivalent cards (masks)."""
        return _classes(self.legal(), self.b if self.card < 0 else self.a | 1 << self.card)

    def value(self) -> int:
        """The tricks the mover takes with best play (of the n left, this one included)."""
        search, a, b, n, c = self.search, self.a, self.b, self.n, self.card
        if c < 0:
            return search.value(a, b, n)
        return n - search.value_after(a, b, n, c)

    def keeps(self, x: int, v: int) -> bool:
        """Does the mover take at least ``v`` tricks if it plays ``x`` and then plays best?"""
        search, a, b, n, c = self.search, self.a, self.b, self.n, self.card
        if v <= 0:
            return True
        if c < 0:
            return search.after(a ^ 1 << x, b, n, x, v)
        b2 = b ^ 1 << x
        if self.wins(x):  # then the mover needs v - 1 of the n - 1 left, on lead
            return v == 1 or search.lead(b2, a, n - 1, v - 1)
        # the leader must not take n - v of the n - 1 left
        return v < n and not search.lead(a, b2, n - 1, n - v)

    def proved_lead(self, v: int) -> int:
        """A lead that keeps ``v`` tricks, known from the search (the root's best
        move in the table proves its lower bound), or -1 if none is known."""
        search = self.search
        i0, i1, i2, i3 = ii = search.infos(self.a, self.b)
        e = search.tt.get(i0[_CODE] | i1[_CODE] | i2[_CODE] | i3[_CODE])
        if e is None or e >> 8 == 0 or e & 15 < v:
            return -1
        tag = (e >> 8) - 1
        return ii[tag >> 4][_RA][tag & 15]


def solve_two(hands: Sequence[int], trump: int | None, leader: Seat, *,
              trick: Sequence[tuple[Seat, int]] = ()) -> int:
    """The tricks, of those still to play (the current one included), that
    ``leader`` (who led or leads the current trick) takes with best play by
    both: :func:`whist.ai.solver.solve` for two hands, each seat a side alone.

    ``hands`` holds the cards not yet played (four masks by seat, two of them
    0); ``trick`` the card already led to the current trick, if any, as
    ``((leader, card),)``.
    """
    pos = _Position(hands, trump, leader, trick)
    try:
        if pos.card < 0:
            return pos.search.value(pos.a, pos.b, pos.n)
        return pos.search.value_after(pos.a, pos.b, pos.n, pos.card)
    finally:
        pos.search.release()


class TwoHandTable:
    """:func:`solve_two` for many positions of one trump suit, their searches sharing one
    transposition table (its positions are filed by relative rank, so the positions of
    different deals meet in it: a third less time over the deals of one German Whist
    Phase One search). Its tables grow with every position: :meth:`close` it when done.

    >>> from whist.engine.cards import parse_cards
    >>> with TwoHandTable(None) as table:
    ...     table.solve((parse_cards("AS KS 4D"), 0, parse_cards("2H 3D 5D"), 0), Seat.N)
    2
    """

    def __init__(self, trump: int | None) -> None:
        if trump is not None and trump not in (0, 1, 2, 3):
            raise ValueError(f"trump must be a suit 0-3 or None, not {trump!r}")
        self.trump = trump
        self.search = _Search(trump)

    def solve(self, hands: Sequence[int], leader: Seat) -> int:
        """:func:`solve_two` of the position (no card on the table), with this table's trump."""
        pos = _Position(hands, self.trump, leader, (), self.search)
        return self.search.value(pos.a, pos.b, pos.n)

    def close(self) -> None:
        """Empty the tables now (the search's closures refer to themselves)."""
        self.search.release()

    def __enter__(self) -> TwoHandTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def solve_two_cards(hands: Sequence[int], trump: int | None, leader: Seat, *,
                    trick: Sequence[tuple[Seat, int]] = ()) -> dict[int, int]:
    """For each legal card of the player to move, the tricks that the MOVER
    takes, of those still to play (the current one included), if that card is
    played and both play best after it: :func:`whist.ai.solver.solve_cards` for
    two hands."""
    pos = _Position(hands, trump, leader, trick)
    search = pos.search
    a, b, n, c = pos.a, pos.b, pos.n, pos.card
    values: dict[int, int] = {}
    if c < 0:
        for run in _classes(a, b):
            x = (run & -run).bit_length() - 1
            v = search.value_after(a ^ 1 << x, b, n, x)
            values.update((y, v) for y in _bits(run))
    else:
        for run in _classes(pos.legal(), a | 1 << c):
            d = (run & -run).bit_length() - 1
            b2 = b ^ 1 << d
            v = 1 + search.value(b2, a, n - 1) if pos.wins(d) else n - 1 - search.value(a, b2, n - 1)
            values.update((y, v) for y in _bits(run))
    search.release()
    return values


def best_two_cards(hands: Sequence[int], trump: int | None, leader: Seat, *,
                   trick: Sequence[tuple[Seat, int]] = ()) -> tuple[int, int]:
    """The tricks the player to move takes with best play, and the mask of its
    legal cards that keep them all: the cards whose :func:`solve_two_cards`
    value is the best, found with one solve and a yes/no probe a card."""
    pos = _Position(hands, trump, leader, trick)
    v = pos.value()
    best = 0
    for run in pos.runs():
        if pos.keeps((run & -run).bit_length() - 1, v):
            best |= run
    pos.search.release()
    return v, best


def choose_two(hands: Sequence[int], trump: int | None, leader: Seat, *,
               trick: Sequence[tuple[Seat, int]] = ()) -> int:
    """The card the player to move should play: of the cards that keep every
    trick best play can take (the mask of :func:`best_two_cards`), the lowest
    in rank (then the lowest card number: spades before hearts ...).

    Cheaper than :func:`best_two_cards`: on lead, the search for the value has
    found one best lead already, so only the cards before it in that order are
    probed; the first card that keeps the value is played."""
    return decide_two(hands, trump, leader, trick=trick)[0]


def decide_two(hands: Sequence[int], trump: int | None, leader: Seat, *,
               trick: Sequence[tuple[Seat, int]] = ()) -> tuple[int, int, int]:
    """:func:`choose_two`'s card, the tricks it keeps and the tricks left (this one included)."""
    pos = _Position(hands, trump, leader, trick)
    v = pos.value()
    found = pos.proved_lead(v) if pos.card < 0 else -1
    try:
        for x in sorted(((r & -r).bit_length() - 1 for r in pos.runs()), key=lambda x: (x % 13, x)):
            if x == found or pos.keeps(x, v):
                return x, v, pos.n
        raise AssertionError("no legal card keeps the value of the position")
    finally:
        pos.search.release()


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

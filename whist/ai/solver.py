"""A double-dummy solver: the tricks each side takes with every card in view.

Pure Python and the standard library only, so the computer players can use it
in the browser under Pyodide. It is a zero-window alpha-beta search in the
style of DDS (Bo Haglund's solver), the standard C program:

- the outer loop bisects on the trick target, each probe a zero-window
  ("can the side on lead take at least t tricks?") search, so every node is a
  plain yes/no and cut-offs come early;
- one card is tried per run of equivalent cards: two cards of a hand are
  equivalent when every card ranked between them is played or in the same
  hand;
- at the start of each trick, quick tricks (top cards the leader can cash)
  and sure trump tricks bound the result before any card is tried;
- a transposition table at trick boundaries stores lower and upper bounds
  under "winning ranks" (DDS's idea): each search also returns the cards whose
  ranks decided it (a trick won by beating a card of its suit, the top cards
  a quick-trick bound cashed), and the entry, filed under the leader and the
  length of every hand in every suit, matches any position whose cards still
  out agree with it on who holds each card from the top of a suit down to the
  lowest card that mattered (relative ranks: played cards close the gaps);
  smaller cards need only the same counts;
- moves are ordered by cheap card-play rules (cash winners, win cheaply,
  otherwise play low) so the first card tried usually cuts.

Sides are a parameter: four hands default to N-S against E-W, two hands (as
in German Whist) to each seat alone, three hands must say. Play passes
clockwise among the seats that hold cards.

>>> from whist.engine.deal import parse_pbn
>>> deal = parse_pbn("N:AKQ.2.. 432.3.. JT9.4.. 876.5..")
>>> solve(deal, None, Seat.N), solve(deal, None, Seat.E)
(3, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from whist.engine.cards import SUIT_MASK
from whist.engine.seats import Seat

__all__ = ["Solver", "SolverLimitError", "solve", "solve_cards"]

_F = 0x1FFF
_SUIT = tuple(c // 13 for c in range(52))
_BASE = tuple(13 * (c // 13) for c in range(52))
_RANK = tuple(c % 13 for c in range(52))
RUNS_MEMO = 1 << 16
"""Entries a search keeps of the runs of equivalent cards of one suit (and of the
discards to try) before it starts afresh."""
# Bit of card c in the per-suit pack of seat p: pack[s] holds seat p's cards
# of suit s at bits 13p .. 13p+12.
_PACKBIT = tuple(tuple(1 << (13 * p + c % 13) for c in range(52)) for p in range(4))


def _keep(memo: dict[int, list[int]], key: int, value: list[int]) -> list[int]:
    """``value``, kept in ``memo`` under ``key`` (the memo emptied first when it holds
    RUNS_MEMO entries): ``memo.get(key) or _keep(memo, key, ...)`` at each use."""
    if len(memo) >= RUNS_MEMO:
        memo.clear()
    memo[key] = value
    return value


class SolverLimitError(RuntimeError):
    """The search visited more nodes than ``node_limit`` allowed."""


SuitInfo = tuple[int, int, int, tuple[int, int, int, int], int, int, int, int, tuple[int, ...]]


def _suit_info(pack: int, side: Sequence[int]) -> SuitInfo:
    """What the search needs to know about one suit, memoised by its pack.

    Returns (code, top seat, top run, lengths, side holding the top, sure
    tricks of that side with the suit as trumps, length of that side's top
    sequence, lengths key, prefix masks). ``code`` lists the owners
    of the cards still out from the top, two bits each, aligned at the top
    of 26 bits: with equal lengths, two positions agree on the owners of the
    top k cards of the suit exactly when the top 2k bits of their codes do.
    ``prefix[k]`` is the mask (13 bits, absolute ranks) of the top k cards out.
    """
    parts = [(pack >> (13 * p)) & _F for p in range(4)]
    alive = parts[0] | parts[1] | parts[2] | parts[3]
    code = 0
    owners = []
    prefix = [0]
    shift = 24
    for r in range(12, -1, -1):
        if alive >> r & 1:
            o = 0 if parts[0] >> r & 1 else 1 if parts[1] >> r & 1 else 2 if parts[2] >> r & 1 else 3
            owners.append(o)
            code |= o << shift
            shift -= 2
            prefix.append(prefix[-1] | 1 << r)
    lens = (parts[0].bit_count(), parts[1].bit_count(), parts[2].bit_count(), parts[3].bit_count())
    lkey = lens[0] | lens[1] << 4 | lens[2] << 8 | lens[3] << 12
    if not owners:
        return code, -1, 0, lens, -1, 0, 0, lkey, tuple(prefix)
    top = owners[0]
    run = 0
    while run < len(owners) and owners[run] == top:
        run += 1
    # Trumps held in an unbroken sequence from the top by one side each win
    # a trick whenever played (only partner can beat them), and one hand
    # plays at most one card a trick: so that side wins at least the largest
    # number of them held in one hand.
    top_side = side[top]
    per_hand = [0, 0, 0, 0]
    seq = 0
    for o in owners:
        if side[o] != top_side:
            break
        per_hand[o] += 1
        seq += 1
    return code, top, run, lens, top_side, max(per_hand), seq, lkey, tuple(prefix)


class _Search:
    """One deal's search state; built once per call and shared by its probes.

    The hot paths are closures over local variables rather than methods:
    under CPython a cell load is cheaper than an attribute load, and this
    solver lives or dies by the cost of a node.
    """

    def __init__(self, hands: Sequence[int], trump: int | None,
                 side: Sequence[int], seats: Sequence[int], node_limit: int | None) -> None:
        self.hands = list(hands)
        self.trump = -1 if trump is None else trump
        self.side = list(side)
        self.seats = list(seats)
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[int, list[list[int]]] = {}
        self._build()

    def reusable(self, trump: int | None, side: Sequence[int], seats: Sequence[int],
                 node_limit: int | None) -> bool:
        """Can this search (its table) serve a position with these trumps, sides and seats?"""
        return (self.trump == (-1 if trump is None else trump) and self.side == list(side)
                and self.seats == list(seats) and self.node_limit is None and node_limit is None)

    def reset(self, hands: Sequence[int]) -> None:
        """Another position of the same game: its hands in place of these; the table
        stays (its entries hold for any position that matches them)."""
        packs = self.packs
        for p in range(4):
            self.hands[p] = hands[p]
        for s in range(4):
            packs[s] = 0
        for p in self.seats:
            h = hands[p]
            for s in range(4):
                packs[s] |= ((h >> (13 * s)) & _F) << (13 * p)

    # The search proper.  ``probe(first, pos, led, wcard, wseat, tbl, gone, maxside, target)``
    # answers: from this position (``first`` to play, ``pos`` cards already in
    # the current trick, best card so far ``wcard`` by ``wseat``), does side
    # ``maxside`` take at least ``target`` of the remaining tricks?
    def _build(self) -> None:
        hands = self.hands
        trump = self.trump
        side = self.side
        seats = self.seats
        n = len(seats)
        nxt = [0, 0, 0, 0]
        for i, s in enumerate(seats):
            nxt[s] = seats[(i + 1) % n]
        packs = [0, 0, 0, 0]
        for p in seats:
            h = hands[p]
            for s in range(4):
                packs[s] |= ((h >> (13 * s)) & _F) << (13 * p)
        self.packs = packs
        tt = self.tt
        memo: dict[int, SuitInfo] = {}
        SM = SUIT_MASK
        SUIT = _SUIT
        BASE = _BASE
        RANK = _RANK
        BUCKET = 24
        PACKBIT = _PACKBIT
        tsm = SM[trump] if trump >= 0 else 0
        others = [[q for q in seats if q != p] for p in range(4)]
        opps = [[q for q in seats if side[q] != side[p]] for p in range(4)]
        # later_opps[p][k]: the opponents of p still to play after p when p
        # plays the k-th card (0 = lead) of a trick.
        later_opps: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(4)]
        for p in seats:
            for k in range(n):
                q = p
                for _ in range(n - 1 - k):
                    q = nxt[q]
                    if side[q] != side[p]:
                        later_opps[p][k].append(q)
        limit = self.node_limit if self.node_limit is not None else -1
        target = 0
        maxside = 0
        nodes = 0
        rel = 0

        def info(s: int) -> SuitInfo:
            pk = packs[s]
            r = memo.get(pk)
            if r is None:
                r = memo[pk] = _suit_info(pk, side)
            return r

        def beatable(w: int, led: int, later: list[int]) -> bool:
            """Can one of ``later`` beat card ``w`` in a trick led in ``led``?"""
            for q in later:
                hq = hands[q]
                f = hq & SM[led]
                if f:
                    if SUIT[w] == led and f.bit_length() - 1 > w:
                        return True
                elif trump >= 0:
                    t = hq & tsm
                    if t and (SUIT[w] != trump or t.bit_length() - 1 > w):
                        return True
            return False

        def runs(h: int, gone: int) -> list[int]:
            """One card (the lowest) of each run of equivalent cards of ``h``, high runs first."""
            out = []
            x = h | gone
            while h:
                c = h.bit_length() - 1
                z = (~x & ((1 << c) - 1)).bit_length()
                b = BASE[c]
                low = z if z > b else b
                run = h >> low
                out.append(low + ((run & -run).bit_length() - 1))
                h &= (1 << low) - 1
            return out

        rmemo: dict[int, list[int]] = {}
        """:func:`runs` of one suit's cards held, by those cards and the cards of
        their suit gone (shifted past the hands). Lists not to be changed."""
        dmemo: dict[int, list[int]] = {}
        """The discards to try (one of each run, low ranks first), by the cards
        outside trumps held and gone."""

        def last_trick(leader: int) -> bool:
            """Does ``maxside`` win the one trick left? Sets ``rel``."""
            nonlocal rel
            wc = hands[leader].bit_length() - 1
            ws = leader
            by_rank = False
            q = nxt[leader]
            while q != leader:
                c = hands[q].bit_length() - 1
                sc = SUIT[c]
                if sc == SUIT[wc]:
                    by_rank = True
                    if c > wc:
                        wc, ws = c, q
                elif sc == trump:
                    wc, ws = c, q
                    by_rank = False
                q = nxt[q]
            # The winner's rank matters only if it beat a card of its suit.
            rel = 1 << wc if by_rank else 0
            return side[ws] == maxside

        def pattern(rel_: int, infos: tuple[SuitInfo, SuitInfo, SuitInfo, SuitInfo]) -> int:
            """The TT pattern of the cards that mattered: in each suit, the
            owners of every card out from the top down to the lowest card that
            mattered (a prefix of the code), as a mask over the codes."""
            pm = 0
            for s in range(4):
                rs = (rel_ >> (13 * s)) & _F
                if rs:
                    ii = infos[s]
                    low = (rs & -rs).bit_length() - 1
                    k = (ii[8][-1] >> low).bit_count()  # prefix[-1]: every card out
                    pm |= ((1 << (2 * k)) - 1) << (26 * s + 26 - 2 * k)
            return pm

        def expand(pm: int, infos: tuple[SuitInfo, SuitInfo, SuitInfo, SuitInfo]) -> int:
            """The cards (absolute) that a TT pattern mask covers here."""
            out = 0
            for s in range(4):
                m = (pm >> (26 * s)) & 0x3FFFFFF
                if m:
                    out |= infos[s][8][m.bit_count() >> 1] << (13 * s)
            return out

        def store(lkey: int, full: int, rel_: int, infos: tuple[SuitInfo, SuitInfo, SuitInfo, SuitInfo],
                  lo: int, hi: int, bm: int) -> None:
            pm = pattern(rel_, infos)
            pv = full & pm
            bucket = tt.get(lkey)
            if bucket is None:
                tt[lkey] = [[pm, pv, lo, hi, bm]]
                return
            for e in bucket:
                if e[0] == pm and e[1] == pv:
                    if lo > e[2]:
                        e[2] = lo
                    if hi < e[3]:
                        e[3] = hi
                    if bm >= 0:
                        e[4] = bm
                    return
            # Newest first, and a cap: a long list would cost every lookup
            # more than its rare hits save.
            bucket.insert(0, [pm, pv, lo, hi, bm])
            if len(bucket) > BUCKET:
                bucket.pop()

        def lead(leader: int, won: int, gone: int) -> bool:
            """A trick boundary: ``leader`` to lead, ``maxside`` has ``won`` tricks so far.

            Besides the answer, sets ``rel``: the cards whose ranks the answer
            rests on (DDS's "winning ranks"), so that the table entry stored
            here serves every position that agrees on them.
            """
            nonlocal nodes, rel
            need = target - won
            if need <= 0:
                rel = 0
                return True
            rem = hands[leader].bit_count()
            if need > rem:
                rel = 0
                return False
            if rem == 1:
                return last_trick(leader)
            i0 = memo.get(packs[0]) or info(0)
            i1 = memo.get(packs[1]) or info(1)
            i2 = memo.get(packs[2]) or info(2)
            i3 = memo.get(packs[3]) or info(3)
            infos = (i0, i1, i2, i3)
            lkey = i0[7] | i1[7] << 16 | i2[7] << 32 | i3[7] << 48 | leader << 64
            full = i0[0] | i1[0] << 26 | i2[0] << 52 | i3[0] << 78
            mine = side[leader] == maxside
            # In the leader's terms: maxside reaches need iff the leader's side
            # takes >= need (leader is maxside) or <= rem - need (it is not).
            yes = need if mine else rem - need + 1  # leader side >= yes: leader's side "wins"
            bm = -1
            bucket = tt.get(lkey)
            if bucket is not None:
                for e in bucket:
                    if full & e[0] == e[1]:
                        if e[2] >= yes:
                            rel = expand(e[0], infos)
                            return mine
                        if e[3] < yes:
                            rel = expand(e[0], infos)
                            return not mine
                        if e[4] >= 0:
                            bm = e[4]
            # Quick tricks: winners the leader can cash from his own hand.
            lside = side[leader]
            qt = 0
            qrel = 0
            if trump >= 0:
                it = infos[trump]
                tl = it[3]
                opp_tr = 0
                for o in opps[leader]:
                    if tl[o] > opp_tr:
                        opp_tr = tl[o]
                kt = it[2] if it[1] == leader else 0
            else:
                opp_tr = kt = 0
            if opp_tr == 0 or kt >= opp_tr:
                # No ruffs to fear (or trumps drawn first): each suit whose top
                # the leader holds yields its run, or every card of the suit
                # once the run outlasts the other hands.
                for s in range(4):
                    ii = infos[s]
                    if ii[1] == leader:
                        ln = ii[3]
                        mo = 0
                        for o in others[leader]:
                            if ln[o] > mo:
                                mo = ln[o]
                        qt += ln[leader] if ii[2] >= mo else ii[2]
                        qrel |= ii[8][ii[2]] << (13 * s)
            else:
                tl = infos[trump][3]
                qt = kt
                qrel = infos[trump][8][kt] << (13 * trump)
                for s in range(4):
                    ii = infos[s]
                    if s != trump and ii[1] == leader:
                        m = ii[2]
                        ln = ii[3]
                        for o in opps[leader]:
                            if tl[o] and ln[o] < m:
                                m = ln[o]
                        qt += m
                        qrel |= ii[8][ii[2]] << (13 * s)
            hi = rem
            hrel = 0
            if trump >= 0:
                it = infos[trump]
                if it[4] == lside:
                    if it[5] > qt:
                        qt = it[5]
                        qrel = it[8][it[6]] << (13 * trump)
                elif it[4] >= 0:
                    hi = rem - it[5]
                    hrel = it[8][it[6]] << (13 * trump)
            if qt >= yes:
                store(lkey, full, qrel, infos, qt, rem, -1)
                rel = qrel
                return mine
            if hi < yes:
                store(lkey, full, hrel, infos, 0, hi, -1)
                rel = hrel
                return not mine
            # Order the leads.
            h = hands[leader]
            scored = []
            for s in range(4):
                hs = h & SM[s]
                if not hs:
                    continue
                ii = infos[s]
                k = hs | (gone & SM[s]) << 52
                rs = rmemo.get(k) or _keep(rmemo, k, runs(hs, gone))  # high first
                top = ii[1]
                ruff_danger = False
                if trump >= 0 and s != trump:
                    for o in opps[leader]:
                        if not ii[3][o] and infos[trump][3][o]:
                            ruff_danger = True
                            break
                if top == leader:
                    base = 100 + ii[2]
                    high_first = True
                elif side[top] == lside:
                    base = 80
                    high_first = False
                else:
                    base = 40 - ii[3][leader]
                    high_first = False
                if ruff_danger:
                    base -= 60
                last = len(rs) - 1
                for k, c in enumerate(rs):
                    # The lead that settled a matching position before (in
                    # another probe, or a transposition) goes first.
                    tag = s * 16 + k
                    if tag == bm:
                        scored.append((1000, c, tag))
                    else:
                        scored.append((base - 30 * (k if high_first else last - k), c, tag))
            scored.sort(reverse=True)
            q = nxt[leader]
            ismax = mine
            result = not ismax
            acc = 0
            best = -1
            for _, c, tag in scored:
                nodes += 1
                if nodes == limit:
                    raise SolverLimitError(f"the search passed its limit of {limit} nodes")
                b = 1 << c
                s = SUIT[c]
                hands[leader] = h ^ b
                packs[s] ^= PACKBIT[leader][c]
                r = follow(q, 1, s, c, leader, won, b, gone)
                hands[leader] = h
                packs[s] ^= PACKBIT[leader][c]
                if r == ismax:
                    result = r
                    acc = rel
                    best = tag
                    break
                acc |= rel
            # Store the bound this probe proved, in the leader's terms, for
            # every position that agrees on the cards that mattered.
            if result == mine:
                store(lkey, full, acc, infos, yes, rem, best)
            else:
                store(lkey, full, acc, infos, 0, yes - 1, best)
            rel = acc
            return result

        def follow(seat: int, pos: int, led: int, wcard: int, wseat: int,
                   won: int, tbl: int, gone: int) -> bool:
            """``seat`` plays the ``pos``-th card (1-based after the lead) of a trick."""
            nonlocal nodes, rel
            h = hands[seat]
            f = h & SM[led]
            myside = side[seat]
            winning = side[wseat] == myside
            later = later_opps[seat][pos]
            if f:
                k = f | (gone & SM[led]) << 52
                rs = rmemo.get(k) or _keep(rmemo, k, runs(f, gone))  # high first
                if len(rs) == 1:
                    order = rs
                else:
                    order = rs[::-1]  # low first
                    if not (winning and not beatable(wcard, led, later)):
                        # Cheapest card that wins the trick for sure goes first;
                        # failing that, the cheapest that wins for now.
                        best = -1
                        if SUIT[wcard] == led:
                            for c in order:
                                if c > wcard:
                                    # Equivalent cards: test the run's top (the
                                    # lowest is what we play; same effect).
                                    if not beatable(c, led, later):
                                        best = c
                                        break
                                    if best < 0 and not later:
                                        best = c
                        if best >= 0 and best != order[0]:
                            order.remove(best)
                            order.insert(0, best)
            else:
                t = h & tsm
                disc = h & ~tsm
                order = []
                safe = winning and not beatable(wcard, led, later)
                ruffs = runs(t, gone)[::-1] if t else []
                if ruffs and not safe:
                    # Cheapest ruff that holds the trick first.
                    good = []
                    for c in ruffs:
                        if SUIT[wcard] != trump or c > wcard:
                            good.append(c)
                    sure = [c for c in good if not beatable(c, led, later)]
                    first = sure[0] if sure else (good[0] if good else -1)
                    if first >= 0:
                        order.append(first)
                # Discard low cards first: rank within suit.
                if disc:
                    k = disc | (gone & ~tsm) << 52
                    order.extend(dmemo.get(k) or _keep(dmemo, k, sorted(runs(disc, gone), key=RANK.__getitem__)))
                for c in ruffs:
                    if c not in order:
                        order.append(c)
            ismax = myside == maxside
            q = nxt[seat]
            last = pos + 1 == n
            acc = 0
            for c in order:
                nodes += 1
                if nodes == limit:
                    raise SolverLimitError(f"the search passed its limit of {limit} nodes")
                b = 1 << c
                s = SUIT[c]
                hands[seat] = h ^ b
                packs[s] ^= PACKBIT[seat][c]
                if s == SUIT[wcard]:
                    if c > wcard:
                        nw, ns = c, seat
                    else:
                        nw, ns = wcard, wseat
                elif s == trump:
                    nw, ns = c, seat
                else:
                    nw, ns = wcard, wseat
                if last:
                    r = lead(ns, won + (side[ns] == maxside), gone | tbl | b)
                    # The winner's rank matters if it beat a card of its suit.
                    if ((tbl | b) & SM[SUIT[nw]]) != 1 << nw:
                        rel |= 1 << nw
                else:
                    r = follow(q, pos + 1, led, nw, ns, won, tbl | b, gone)
                hands[seat] = h
                packs[s] ^= PACKBIT[seat][c]
                if r == ismax:
                    return r
                acc |= rel
            rel = acc
            return not ismax

        def probe(first: int, pos: int, led: int, wcard: int, wseat: int,
                  tbl: int, gone: int, side_: int, target_: int) -> bool:
            nonlocal target, maxside
            target = target_
            maxside = side_
            if pos == 0:
                return lead(first, 0, gone)
            return follow(first, pos, led, wcard, wseat, 0, tbl, gone)

        def node_count() -> int:
            return nodes

        self.probe: Callable[..., bool] = probe
        self.node_count = node_count
        self.runs = runs


def _sides_of(deal: Sequence[int], sides: Sequence[Sequence[Seat]] | None) -> tuple[list[int], list[int]]:
    """The seats in play (clockwise from N) and the side (0 or 1) of each seat."""
    seats = [p for p in range(4) if deal[p]]
    side = [-1, -1, -1, -1]
    if sides is None:
        if len(seats) == 4:
            side = [0, 1, 0, 1]
        elif len(seats) == 2:
            side[seats[0]], side[seats[1]] = 0, 1
        else:
            raise ValueError("with three hands, the sides must be given (which seats are partners)")
    else:
        if len(sides) != 2:
            raise ValueError("sides must name exactly two sides")
        for k, group in enumerate(sides):
            for p in group:
                if side[int(p)] != -1:
                    raise ValueError(f"seat {Seat(p).name} is on both sides")
                side[int(p)] = k
    return seats, side


class _Position:
    """A validated position and the search built for it. The cards already on the table
    must be the right seats' in turn and out of every hand, but need not have followed
    suit: they are played (under club rules a revoke stands until the hand is over), and
    only the plays still to come follow suit."""

    def __init__(self, deal: Sequence[int], trump: int | None, leader: Seat,
                 trick: Sequence[tuple[Seat, int]], sides: Sequence[Sequence[Seat]] | None,
                 node_limit: int | None, reuse: _Search | None = None) -> None:
        if len(deal) != 4:
            raise ValueError("a deal is four hands indexed by seat (0 for an absent seat)")
        if trump is not None and trump not in (0, 1, 2, 3):
            raise ValueError(f"trump must be a suit 0-3 or None, not {trump!r}")
        hands = [int(h) for h in deal]
        for p in range(4):
            for q in range(p + 1, 4):
                if hands[p] & hands[q]:
                    raise ValueError("a card is in two hands")
        played_by = {int(p) for p, _ in trick}
        present = [p for p in range(4) if hands[p] or p in played_by]
        seats, side = _sides_of([1 if p in present else 0 for p in range(4)], sides)
        if len(seats) < 2:
            raise ValueError("a deal needs at least two hands")
        for p in seats:
            if side[p] == -1:
                raise ValueError(f"seat {Seat(p).name} holds cards but is on no side")
        if int(leader) not in seats:
            raise ValueError(f"the leader {Seat(leader).name} holds no cards")
        n = len(seats)
        if len(trick) >= n:
            raise ValueError("the current trick is already complete")
        order = [seats[(seats.index(int(leader)) + k) % n] for k in range(n)]
        tbl = 0
        wcard = wseat = led = -1
        t = -1 if trump is None else trump
        for k, (p, c) in enumerate(trick):
            if int(p) != order[k]:
                raise ValueError(f"card {k + 1} of the trick is {Seat(order[k]).name}'s to play, "
                                 f"not {Seat(p).name}'s")
            if not 0 <= c < 52 or (tbl | hands[0] | hands[1] | hands[2] | hands[3]) >> c & 1:
                raise ValueError(f"card {c} of the trick is not a card or is still in a hand")
            s = c // 13
            if k == 0:
                led, wcard, wseat = s, c, int(p)
            else:
                # a card on the table is played, as it was: one that did not follow suit though
                # its hand holds the suit (a revoke, under club rules) is taken as given
                if (s == wcard // 13 and c > wcard) or (s == t and wcard // 13 != t):
                    wcard, wseat = c, int(p)
            tbl |= 1 << c
        size = hands[order[len(trick)]].bit_count()
        for k, p in enumerate(order):
            want = size - 1 if k < len(trick) else size
            if hands[p].bit_count() != want:
                raise ValueError("the hands must be the same size (less the cards played to the trick)")
        if size == 0:
            raise ValueError("no cards left to play")
        self.hands = hands
        self.trump = trump
        self.side = side
        self.seats = seats
        self.leader = int(leader)
        self.mover = order[len(trick)]
        self.pos = len(trick)
        self.led, self.wcard, self.wseat = led, wcard, wseat
        self.tbl = tbl
        self.rem = size
        if reuse is not None and reuse.reusable(trump, side, seats, node_limit):
            reuse.reset(hands)
            self.search = reuse
        else:
            self.search = _Search(hands, trump, side, seats, node_limit)

    def best(self, maxside: int, first: int, pos: int, led: int, wcard: int, wseat: int,
             tbl: int, gone: int, rem: int, lo: int = 0) -> int:
        """Tricks (of ``rem``) that ``maxside`` takes: bisection on zero-window probes."""
        probe = self.search.probe
        hi = rem
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if probe(first, pos, led, wcard, wseat, tbl, gone, maxside, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


    def near(self, maxside: int, first: int, pos: int, led: int, wcard: int, wseat: int,
             tbl: int, gone: int, rem: int, guess: int) -> int:
        """Like :meth:`best`, when the answer is likely ``guess`` or a little less
        (the value of another card of the same hand): one probe at ``guess``,
        then steps down, so that most cards cost one or two probes."""
        probe = self.search.probe
        if guess <= 0:
            return self.best(maxside, first, pos, led, wcard, wseat, tbl, gone, rem)
        if guess > rem:
            guess = rem
        if probe(first, pos, led, wcard, wseat, tbl, gone, maxside, guess):
            return self.best(maxside, first, pos, led, wcard, wseat, tbl, gone, rem, guess)
        hi = guess - 1
        while hi > 0 and hi >= guess - 2:
            if probe(first, pos, led, wcard, wseat, tbl, gone, maxside, hi):
                return hi
            hi -= 1
        lo = 0
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if probe(first, pos, led, wcard, wseat, tbl, gone, maxside, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo


class Solver:
    """Many :func:`solve` calls on positions of one game (the same trumps, sides and
    seats, as a playout's leaves are), sharing one transposition table: an entry
    holds for every position that agrees with it on the cards that mattered, so
    positions reached from the same deal answer largely from the table.

    >>> from whist.engine.deal import parse_pbn
    >>> solver, deal = Solver(None), parse_pbn("N:AQ... 32... 54... K6...")
    >>> solver.solve(deal, Seat.S), solver.solve(deal, Seat.N)
    (2, 1)
    """

    def __init__(self, trump: int | None, sides: Sequence[Sequence[Seat]] | None = None,
                 node_limit: int | None = None) -> None:
        self.trump = trump
        self.sides = sides
        self.node_limit = node_limit
        """With a limit, each position gets a search (and a table) of its own."""
        self.search: _Search | None = None

    def solve(self, deal: Sequence[int], leader: Seat) -> int:
        """As :func:`solve` at a trick boundary: the tricks the side of ``leader`` takes."""
        return self.takes(deal, leader)

    def takes(self, deal: Sequence[int], leader: Seat, trick: Sequence[tuple[Seat, int]] = ()) -> int:
        """As :func:`solve`: the tricks the side of ``leader`` takes, of those still to play."""
        pos = _Position(deal, self.trump, leader, trick, self.sides, None, self.search)
        self.search = pos.search
        return pos.best(pos.side[pos.leader], pos.mover, pos.pos, pos.led, pos.wcard, pos.wseat,
                        pos.tbl, _gone(pos.hands, pos.tbl), pos.rem)

    def cards(self, deal: Sequence[int], leader: Seat, trick: Sequence[tuple[Seat, int]] = ()) -> dict[int, int]:
        """As :func:`solve_cards`: each legal card's tricks for the mover's side."""
        pos = _Position(deal, self.trump, leader, trick, self.sides, None, self.search)
        self.search = pos.search
        return _card_values(pos)

    def mover_takes(self, deal: Sequence[int], leader: Seat, trick: Sequence[tuple[Seat, int]],
                    target: int) -> bool:
        """Whether the side of the player to move (after ``trick``) takes at least ``target``
        of the tricks still to play, the current one included: one zero-window probe."""
        pos = _Position(deal, self.trump, leader, trick, self.sides, self.node_limit, self.search)
        self.search = pos.search
        return pos.search.probe(pos.mover, pos.pos, pos.led, pos.wcard, pos.wseat, pos.tbl,
                                _gone(pos.hands, pos.tbl), pos.side[pos.mover], target)


def _gone(hands: Sequence[int], tbl: int) -> int:
    return ((1 << 52) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3] | tbl)


def solve(deal: Sequence[int], trump: int | None, leader: Seat, *,
          trick: Sequence[tuple[Seat, int]] = (), sides: Sequence[Sequence[Seat]] | None = None,
          node_limit: int | None = None) -> int:
    """The tricks, of those still to play (the current one included), that the
    side of ``leader`` (who led or leads the current trick) takes with best
    play by both sides.

    ``deal`` holds the cards not yet played (four masks by seat, 0 for an
    absent seat); ``trick`` the cards already played to the current trick as
    ``(seat, card)`` from the leader on, taken as played: a card that did not
    follow suit though its hand still holds the suit (a revoke, under club
    rules) is no error; the plays still to come follow suit. ``sides`` names
    the two sides (by default N-S against E-W with four hands, each seat alone
    with two).
    Raises :class:`SolverLimitError` past ``node_limit`` nodes.

    >>> from whist.engine.deal import parse_pbn
    >>> deal = parse_pbn("N:AQ... 32... 54... K6...")  # the finesse works when S leads
    >>> solve(deal, None, Seat.S), solve(deal, None, Seat.N)
    (2, 1)
    """
    pos = _Position(deal, trump, leader, trick, sides, node_limit)
    return pos.best(pos.side[pos.leader], pos.mover, pos.pos, pos.led, pos.wcard, pos.wseat,
                    pos.tbl, _gone(pos.hands, pos.tbl), pos.rem)


def solve_cards(deal: Sequence[int], trump: int | None, leader: Seat, *,
                trick: Sequence[tuple[Seat, int]] = (),
                sides: Sequence[Sequence[Seat]] | None = None,
                node_limit: int | None = None) -> dict[int, int]:
    """For each legal card of the player to move (the one after the cards of
    ``trick``), the tricks that the MOVER'S side takes, of those still to play
    (the current one included), if that card is played and both sides play
    best after it.

    Note the side: it is the side of the player to move, which inside a trick
    may not be the side of ``leader`` that :func:`solve` counts for. So when
    the mover is the leader, ``max(solve_cards(...).values()) == solve(...)``;
    when the mover is an opponent of the leader, the minimum over the cards
    of ``rem - value`` is the :func:`solve` result.
    """
    return _card_values(_Position(deal, trump, leader, trick, sides, node_limit))


def _card_values(pos: _Position) -> dict[int, int]:
    """:func:`solve_cards` on a position built."""
    trump = pos.trump
    hands = pos.hands
    search = pos.search
    mover = pos.mover
    myside = pos.side[mover]
    h = hands[mover]
    legal = h & SUIT_MASK[pos.led] if pos.pos else h
    if not legal:
        legal = h
    gone = _gone(hands, pos.tbl)
    t = -1 if trump is None else trump
    n = len(pos.seats)
    nxt = {p: pos.seats[(i + 1) % n] for i, p in enumerate(pos.seats)}
    values: dict[int, int] = {}
    best = 0
    for c in search.runs(legal, gone):
        # Every card of the run has the value of its representative.
        b = 1 << c
        s = c // 13
        search.hands[mover] = h ^ b
        search.packs[s] ^= _PACKBIT[mover][c]
        if pos.pos == 0:
            wcard, wseat, led = c, mover, s
        else:
            led = pos.led
            if (s == pos.wcard // 13 and c > pos.wcard) or (s == t and pos.wcard // 13 != t):
                wcard, wseat = c, mover
            else:
                wcard, wseat = pos.wcard, pos.wseat
        if pos.pos + 1 == n:
            won = 1 if pos.side[wseat] == myside else 0
            rest = pos.rem - 1
            v = won + (pos.near(myside, wseat, 0, -1, -1, -1, 0, gone | pos.tbl | b, rest, best - won)
                       if rest else 0)
        else:
            v = pos.near(myside, nxt[mover], pos.pos + 1, led, wcard, wseat, pos.tbl | b, gone, pos.rem,
                         best)
        search.hands[mover] = h
        search.packs[s] ^= _PACKBIT[mover][c]
        best = max(best, v)
        # The run: the cards of legal from c up to the next card held elsewhere.
        run = _run_of(c, legal, gone)
        for rc in range(52):
            if run >> rc & 1:
                values[rc] = v
    return values


def _run_of(c: int, h: int, gone: int) -> int:
    """The cards of ``h`` equivalent to ``c`` (c the lowest of its run)."""
    x = h | gone
    base = 13 * (c // 13)
    top = c
    while top + 1 < base + 13 and x >> (top + 1) & 1:
        top += 1
    return h & ((1 << (top + 1)) - (1 << c))

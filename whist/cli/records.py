"""Command-line tools for game records: ``python -m whist replay FILE``.

    python -m whist replay FILE [--hand N]   print each hand trick by trick
    python -m whist pbn FILE --hand N        the hand's deal as PBN, for bridge software
    python -m whist review FILE --hand N     each card's double-dummy cost

FILE is a game record as the page exports it (JSON: game, options, seed,
actions), or ``-`` for standard input. A file that cannot be read or is not
a record (too large, nested too deep, not UTF-8, not JSON, the wrong shape,
an action the rules refuse) gets one line ``error: ...`` on standard error
and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from whist.ai.review import HandReview, describe_hand, hand_at_end, pbn_of
from whist.engine.cards import card_name
from whist.engine.jsontext import loads_bounded
from whist.engine.seats import SEAT_NAMES
from whist.engine.state import GameState, Phase

MAX_FILE = 2_000_000
"""The largest record read, in bytes (the page writes at most about 100 KB)."""


def load(path: str) -> dict[str, Any]:
    """The record in the file (or standard input), checked to replay; ValueError or
    OSError saying what is wrong. The text is bounded before it is parsed."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_FILE + 1)
    else:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE + 1)
    record = loads_bounded(data, MAX_FILE, "the file", max_depth=16, max_digits=100, needed="a game record needs 3")
    if isinstance(record, dict) and "record" in record and isinstance(record["record"], dict):
        record = record["record"]  # an export of the page wraps the record with its id
    GameState.from_record(record)  # check it replays before anything is printed
    return record


def finished_hands(record: dict[str, Any]) -> int:
    state = GameState.from_record(record)
    return len(state.results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m whist", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("replay", "print each hand trick by trick"), ("pbn", "the deal of a hand as PBN"),
                       ("review", "each card's double-dummy cost")):
        p = sub.add_parser(name, help=text)
        p.add_argument("file", help="a game record (JSON), or - for standard input")
        p.add_argument("--hand", type=int, help="the hand, numbered from 1 (default: every finished hand)")
    args = parser.parse_args(argv)
    try:
        record = load(args.file)
        count = finished_hands(record)
        if args.hand is not None and not 1 <= args.hand <= count:
            raise ValueError(f"the record has {count} finished hand(s); --hand must be 1 to {count}")
        hands = [args.hand - 1] if args.hand is not None else list(range(count))
        if not hands:
            state = GameState.from_record(record)
            if state.phase is Phase.PLAY and state.tricks:
                print("\n".join(describe_hand(state)))  # a hand in progress: what has been played
                return 0
            raise ValueError("the record has no finished hand yet")
        for n in hands:
            state = hand_at_end(record, n)
            if args.command == "replay":
                print("\n".join(describe_hand(state)))
            elif args.command == "pbn":
                print(pbn_of(state), end="")
            else:
                review = HandReview.of(state)
                review.run()
                print("\n".join(describe_hand(state)[:1]))
                for m in review.marks:
                    cost = "?" if m.cost is None else ("" if m.cost == 0 else f"-{m.cost}")
                    print(f"  trick {m.trick + 1:>2} {SEAT_NAMES[m.seat]} {card_name(m.card)} {cost}")
                for i, side in enumerate(review.sides):
                    print(f"  {'-'.join(SEAT_NAMES[s] for s in side)} lost {review.lost_by(i)} trick(s) by their play")
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

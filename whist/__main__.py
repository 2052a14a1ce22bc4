"""``python -m whist replay|pbn|review``: the game-record tools of :mod:`whist.cli.records`."""

from whist.cli.records import main

if __name__ == "__main__":
    raise SystemExit(main())

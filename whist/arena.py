"""``python -m whist.arena``: the arena, whose code is :mod:`whist.cli.arena`."""

from whist.cli.arena import main

if __name__ == "__main__":
    raise SystemExit(main())

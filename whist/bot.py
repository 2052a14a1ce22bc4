"""``python -m whist.bot``: the bot protocol, whose code is :mod:`whist.cli.bot`."""

from whist.cli.bot import main

if __name__ == "__main__":
    raise SystemExit(main())

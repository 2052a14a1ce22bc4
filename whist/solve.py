"""``python -m whist.solve``: the double-dummy solver, whose code is :mod:`whist.cli.solve`."""

from whist.cli.solve import main

if __name__ == "__main__":
    raise SystemExit(main())

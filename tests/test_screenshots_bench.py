"""benchmarks/screenshots.py refuses an unknown game or screen size by name, before it builds
the site or starts a browser."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_unknown_games_and_sizes_are_named_with_the_known_ones(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # it imports startup.py beside it
    spec = importlib.util.spec_from_file_location("screenshots_bench", ROOT / "benchmarks" / "screenshots.py")
    assert spec is not None and spec.loader is not None
    shots = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = shots
    spec.loader.exec_module(shots)
    for argv, says in ((["--sizes", "small,1366x768"], "unknown size 1366x768: the sizes are desktop, portrait"),
                       (["--games", "klassic"], "unknown game klassic: the games are classic, short")):
        with pytest.raises(SystemExit):
            shots.main(argv)
        assert says in capsys.readouterr().err

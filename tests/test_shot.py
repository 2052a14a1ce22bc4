"""The end-to-end tests' screenshot helper (``tests.e2e.conftest.shot``), with a stand-in page:
a capture that stalls is tried again once the page has drawn a frame; a page that draws no
frame fails the test with that said; the last stalled capture fails as Playwright says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e import conftest


class StallingPage:
    """Stalls its first ``stalls`` captures; draws a frame unless ``frozen``."""

    def __init__(self, stalls: int, frozen: bool = False) -> None:
        self.stalls = stalls
        self.frozen = frozen
        self.calls: list[str] = []

    def screenshot(self, path: str, timeout: float) -> bytes:
        self.calls.append("capture")
        if self.stalls:
            self.stalls -= 1
            raise PlaywrightTimeoutError(f"Page.screenshot: Timeout {timeout:.0f}ms exceeded.")
        Path(path).write_bytes(b"png")
        return b"png"

    def wait_for_function(self, expression: str, polling: Any, timeout: float) -> None:
        self.calls.append(f"frame ({polling})")
        if self.frozen:
            raise PlaywrightTimeoutError(f"Timeout {timeout:.0f}ms exceeded.")


@pytest.fixture
def shots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(conftest, "SHOTS", tmp_path / "shots")
    return tmp_path / "shots"


def test_a_capture_that_goes_through_is_taken_once(shots: Path) -> None:
    page = StallingPage(stalls=0)
    assert conftest.shot(page, "table") == shots / "table.png"  # type: ignore[arg-type]
    assert (shots / "table.png").read_bytes() == b"png" and page.calls == ["capture"]


def test_a_stalled_capture_is_tried_again_after_a_frame(shots: Path) -> None:
    page = StallingPage(stalls=conftest.SHOT_TRIES - 1)
    conftest.shot(page, "table")  # type: ignore[arg-type]
    assert (shots / "table.png").exists()
    assert page.calls == ["capture", "frame (raf)"] * (conftest.SHOT_TRIES - 1) + ["capture"]


def test_captures_that_always_stall_fail_with_playwrights_timeout(shots: Path) -> None:
    page = StallingPage(stalls=conftest.SHOT_TRIES)
    with pytest.raises(PlaywrightTimeoutError, match="screenshot"):
        conftest.shot(page, "table")  # type: ignore[arg-type]
    assert page.calls.count("capture") == conftest.SHOT_TRIES and not (shots / "table.png").exists()


def test_a_page_that_draws_no_frame_fails_saying_so(shots: Path) -> None:
    page = StallingPage(stalls=1, frozen=True)
    with pytest.raises(pytest.fail.Exception, match="drew no frame"):
        conftest.shot(page, "table")  # type: ignore[arg-type]
    assert page.calls == ["capture", "frame (raf)"]

"""The hand review's page side under CPython (whist/web/review_view.py), with a window and a
document of their own: a replay keeps the game in progress aside (its listeners) and deals the
same cards; a share copies the link, or shows it to copy by hand; the exports download."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from tests.fake_dom import Document, FakePage, run
from whist.table import Table
from whist.table.session import FinishedHand
from whist.web.address import share_fragment
from whist.web.review_view import ReviewView
from whist.web.settings import Settings


class Page(FakePage):
    """The page as the review sees it (whist.web.review_view.ReviewHost)."""

    def __init__(self, clipboard: Any = None) -> None:
        super().__init__(Document())
        self.window = SimpleNamespace(
            location=SimpleNamespace(origin="https://example.org", pathname="/whist/"),
            navigator=SimpleNamespace(clipboard=clipboard))
        self.table = Table(seed=3)
        self.settings = Settings()
        self.analyst: Any = SimpleNamespace(failed=True, worker=None)
        self.put: list[Table] = []

    def restore_focus(self, name: str) -> None:
        pass

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None:
        self.put.append(table)
        self.table = table

    def run(self) -> None:
        while self.tasks:
            run(self.tasks.pop(0))


def _step(table: Table) -> None:
    """One card: a computer's, or yours as the hint says."""
    if table.human_to_play:
        hint = table.advise()
        assert hint is not None
        table.human_play(hint.action)
    else:
        table.computer_step()


def _finished(table: Table) -> FinishedHand:
    """Play ``table`` to the end of its first hand."""
    while (hand := table.finished_hand()) is None:
        _step(table)
    return hand


def test_a_replay_deals_the_same_cards_and_keeps_the_game_in_progress_aside() -> None:
    page = Page()
    hand = _finished(page.table)
    page.table.next_hand()
    while not page.table.in_progress:
        _step(page.table)
    review = ReviewView(page)
    kept: list[str] = []
    review.before_replay(kept.append)
    review.replay(hand)
    (table,) = page.put
    assert table.view().deal_number == hand.deal_number and not table.in_progress
    assert len(kept) == 1 and f"deal {hand.deal_number} again" in kept[0]
    assert page.said == [f"Replaying deal {hand.deal_number}: the same cards again."]
    review.replay(table.finished_hand())  # no hand: nothing happens
    assert len(page.put) == 1


def test_a_share_copies_the_link_or_shows_it() -> None:
    copied: list[str] = []

    async def write(text: str) -> None:
        copied.append(text)

    page = Page(SimpleNamespace(writeText=write))
    hand = _finished(page.table)
    link = "https://example.org/whist/" + share_fragment(hand.game, hand.options, hand.deal_number, hand.dealer)
    ReviewView(page).share(hand, "review-share-sum")
    page.run()
    assert copied == [link] and page.said == ["Link copied: anyone who opens it gets these cards."]
    page = Page()  # no clipboard: the link is shown, selected, to copy by hand
    page.el("review-share-link").select = lambda: None
    ReviewView(page).share(hand, "review-share-sum")
    page.run()
    assert not page.el("review-share-box").hidden and page.el("review-share-link").value == link
    assert page.el("review-share-link").focused and page.said == ["Copy this link to share the deal:"]


def test_the_exports_download_the_record_and_the_deal() -> None:
    page = Page()
    hand = _finished(page.table)
    review = ReviewView(page)
    review.export_json()
    review.hand = hand
    review.export_pbn()
    (json_name, record), (pbn_name, pbn) = page.downloads
    assert json_name == f"whist-classic-deal-{hand.deal_number}.json" and json.loads(record)
    assert pbn_name == f"whist-deal-{hand.deal_number}.pbn" and "[Deal " in pbn

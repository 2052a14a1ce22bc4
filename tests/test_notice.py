"""The notice above the table under CPython (whist/web/notice.py): each line told once, with its
title, said in the live region; the old data offered while a record is held; OK empties it; the
boxes that ask to choose between two games made once, hidden, their buttons bound."""

from __future__ import annotations

from tests.fake_dom import Document, FakePage
from whist.web.notice import ADDRESS_TITLE, MIXED_TITLE, SAVED_TITLE, Notice


def _notice(held: bool = False) -> tuple[FakePage, Notice, list[str]]:
    doc = Document(strict=True)
    doc.add("notice", "notice-list", "notice-title", "notice-close", "announce")
    page = FakePage(doc)
    events: list[str] = []
    notice = Notice(page, lambda: held, lambda: events.append("download"), lambda: events.append("closed"))
    notice.bind()
    return page, notice, events


def test_each_line_is_told_once_and_said() -> None:
    page, notice, _ = _notice()
    notice.show()
    assert page.el("notice").hidden  # nothing to tell
    notice.tell(["Your stats were damaged."])
    notice.tell(["Your stats were damaged.", "Your settings were reset."])
    assert [li.textContent for li in page.el("notice-list").children] == [
        "Your stats were damaged.", "Your settings were reset."]
    assert page.said == ["Your stats were damaged.", "Your settings were reset."]
    assert page.el("notice-title").textContent == SAVED_TITLE and not page.el("notice").hidden
    assert not page.el("notice-download")  # nothing held: nothing to download
    notice.tell(["The address asks for no game we know."], ADDRESS_TITLE)
    assert page.el("notice-title").textContent == MIXED_TITLE


def test_ok_empties_the_notice_and_the_old_data_is_offered_while_held() -> None:
    page, notice, events = _notice(held=True)
    notice.tell(["There is no room to keep your old stats."])
    assert page.el("notice-download")
    page.fire("notice-download")
    assert events == ["download"]
    page.fire("notice-close")
    assert events == ["download", "closed"]
    assert page.el("notice").hidden and not page.el("notice-list").children
    assert not page.el("notice-download")
    notice.tell(["There is no room to keep your old stats."])  # told once a visit, even after OK
    assert page.el("notice").hidden
    notice.tell(["Something else."], ADDRESS_TITLE)
    assert page.el("notice-title").textContent == ADDRESS_TITLE  # a fresh notice: one title again


def test_a_choice_box_is_made_once_and_the_notice_gives_way_to_the_tabs_choice() -> None:
    page, notice, _ = _notice()
    chosen: list[str] = []
    box = notice.choice_box("tab-choice", "A title", ("tab-other", "Theirs", lambda: chosen.append("theirs")),
                            ("tab-here", "Mine", lambda: chosen.append("mine")))
    assert box.hidden and box.id == "tab-choice" and page.el("tab-choice") is box
    assert 'id="tab-choice-title">A title<' in box.innerHTML and page.el("tab-choice-text")
    again = notice.choice_box("tab-choice", "Another", ("x", "X", lambda: None), ("y", "Y", lambda: None))
    assert again is box and not page.el("x")
    page.fire("tab-here")
    page.fire("tab-other")
    assert chosen == ["mine", "theirs"]
    notice.tell(["A line."])
    assert not page.el("notice").hidden
    box.hidden = False  # the player is choosing between two tabs' games: one box at a time
    notice.show()
    assert page.el("notice").hidden

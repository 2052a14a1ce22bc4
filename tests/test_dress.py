"""whist.web.settings.dress: the marks the style sheets read, and static/vision.css added only when
a player needs it (the four-colour deck, large cards, more contrast or forced colours), once."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from whist.web.settings import VISION_MEDIA, Settings, dress


class ClassList:
    def __init__(self) -> None:
        self.names: list[str] = []

    def toggle(self, name: str, on: bool) -> None:
        if on and name not in self.names:
            self.names.append(name)
        elif not on and name in self.names:
            self.names.remove(name)


class Page:
    """The few parts of a document ``dress`` touches; ``media``: whether the system asks for more
    contrast or forces its colours."""

    def __init__(self, media: bool = False) -> None:
        self.links: list[Any] = []
        self.asked: list[str] = []
        self.root = SimpleNamespace(classList=ClassList())
        self.body = SimpleNamespace(dataset=SimpleNamespace(), parentElement=self.root, ownerDocument=self)
        self.head = SimpleNamespace(appendChild=self.links.append)
        self.media = media
        self.defaultView = SimpleNamespace(matchMedia=self.match_media)

    def match_media(self, query: str) -> Any:
        self.asked.append(query)
        return SimpleNamespace(matches=self.media)

    def getElementById(self, id_: str) -> Any:
        return next((link for link in self.links if link.id == id_), None)

    def createElement(self, tag: str) -> Any:
        return SimpleNamespace(tag=tag, id="", rel="", href="")


def test_a_default_page_is_marked_and_never_loads_the_sheet() -> None:
    page = Page()
    dress(page.body, Settings(speed="fast"))
    assert page.body.dataset.speed == "fast" and page.root.classList.names == []
    assert page.links == [] and page.asked == [VISION_MEDIA]


@pytest.mark.parametrize("values, classes", [({"four_colour": True}, ["four"]), ({"large_cards": True}, ["large"]),
                                             ({"four_colour": True, "large_cards": True}, ["four", "large"])])
def test_an_option_marks_the_root_and_loads_the_sheet_once(values: dict[str, bool], classes: list[str]) -> None:
    page = Page()
    dress(page.body, Settings().changed(**values))
    assert page.root.classList.names == classes
    assert [(link.tag, link.id, link.rel, link.href) for link in page.links] == [
        ("link", "vision-css", "stylesheet", "./static/vision.css")]
    dress(page.body, Settings().changed(**values))
    dress(page.body, Settings())  # off again: the marks go, the sheet stays (its rules follow the marks)
    assert page.root.classList.names == [] and len(page.links) == 1


def test_more_contrast_or_forced_colours_load_the_sheet_without_an_option() -> None:
    page = Page(media=True)
    dress(page.body, Settings())
    assert page.root.classList.names == [] and len(page.links) == 1
    assert VISION_MEDIA == "(prefers-contrast: more), (forced-colors: active)"

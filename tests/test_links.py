"""The address and the game on the table under CPython (whist/web/links.py), with a window of its
own: a deal link opened on the page deals at once, or asks first over a game in progress; what
it asked that could not be used is told; the address forgets a game no longer on the table."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from whist.table import Table
from whist.web.address import StartRequest
from whist.web.links import Links


class Window:
    def __init__(self, search: str = "", hash_: str = "", pathname: str = "/whist/") -> None:
        self.location = SimpleNamespace(search=search, hash=hash_, pathname=pathname)
        self.replaced: list[str] = []
        self.history = SimpleNamespace(state=None, replaceState=lambda state, title, url: self.replaced.append(url))


class Forms:
    def __init__(self) -> None:
        self.links: list[StartRequest | None] = []

    def open_new_game(self, link: StartRequest | None = None) -> None:
        self.links.append(link)


class Challenges:
    def __init__(self) -> None:
        self.arrived: list[str] = []

    def arrive(self, text: str) -> None:
        self.arrived.append(text)


class Live:
    def __init__(self) -> None:
        self.joined: list[str] = []

    def join(self, text: str) -> None:
        self.joined.append(text)


class Page:
    """The page as the links see it (whist.web.links.LinkHost)."""

    def __init__(self, window: Window, table: Table) -> None:
        self.window = window
        self.table = table
        self.forms = Forms()
        self.challenges = Challenges()
        self.live = Live()
        self.said: list[str] = []
        self.games: list[tuple[str | None, dict[str, Any] | None, int | None]] = []

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None, people: Any = None, levels: Any = None,
                 live: bool = False) -> None:
        self.games.append((game, options, seed))

    def say(self, text: str) -> None:
        self.said.append(text)


def _in_progress() -> Table:
    table = Table(seed=3)
    while not table.in_progress:
        if table.human_to_play:
            hint = table.advise()
            assert hint is not None
            table.human_play(hint.action)
        else:
            table.computer_step()
    return table


def test_a_deal_link_deals_at_once_when_no_game_is_in_progress() -> None:
    page = Page(Window(hash_="#deal=42"), Table(seed=3))
    Links(page).on_change(None)
    assert page.games == [("classic", {}, 42)] and page.said == ["Deal 42, as the link asks."]


def test_over_a_game_in_progress_the_new_game_dialog_asks_first() -> None:
    page = Page(Window(hash_="#deal=42"), _in_progress())
    Links(page).on_change(None)
    (link,) = page.forms.links
    assert link is not None and link.seed == 42 and not page.games


def test_the_deal_on_the_table_is_not_dealt_again_and_problems_are_told() -> None:
    table = Table(seed=42)
    page = Page(Window(hash_="#deal=42"), table)
    links = Links(page)
    links.on_change(None)
    assert not page.games and not page.forms.links
    told: list[list[str]] = []
    links.listen(told.append)
    page.window.location.search = "?game=snap"
    links.on_change(None)
    assert told and "snap" in told[0][0] and not page.said  # the listener tells it, not the announcer


def test_the_address_forgets_a_game_no_longer_on_the_table() -> None:
    window = Window(search="?game=short&pace=fast", hash_="#deal=42")
    page = Page(window, Table(seed=42, game="short"))
    links = Links(page)
    links.sync()
    assert window.replaced == []  # the game it asks for is on the table
    page.table = Table(seed=7)
    links.sync()
    assert window.replaced == ["/whist/?pace=fast"]


def test_a_challenge_link_goes_to_the_challenge_and_leaves_the_address_with_another_game() -> None:
    page = Page(Window("?pace=fast", "#challenge=1.AbC-d_9"), _in_progress())
    links = Links(page)
    links.on_change(None)
    assert page.challenges.arrived == ["1.AbC-d_9"] and page.games == [] and page.forms.links == []
    links.sync()  # the game on the table is not that challenge's: a reload must not ask again
    assert page.window.replaced == ["/whist/?pace=fast"]


def test_the_address_keeps_the_challenge_being_played() -> None:
    from whist.table.challenge_run import ChallengeRun

    run = ChallengeRun.dealt("classic", {}, ("normal", "normal"), [5])
    table = run.table()
    table.challenge = ChallengeRun(run.challenge, link="1.AbC")
    page = Page(Window("", "#challenge=1.AbC"), table)
    Links(page).sync()
    assert page.window.replaced == []


def test_an_invitation_goes_to_the_live_table_and_deals_nothing() -> None:
    page = Page(Window("?pace=fast", "#join=AbC-d_9"), _in_progress())
    links = Links(page)
    links.on_change(None)
    assert page.live.joined == ["AbC-d_9"] and page.games == [] and page.forms.links == []
    links.sync()  # an invitation asks for no game: the address is left as it is (the guest's page drops it)
    assert page.window.replaced == []

"""A challenge by link on the page (issue 39, part 2): the dialog ``#challenge`` in its three uses.

- **Invitation**: a ``#challenge=`` link someone sent (at start-up, or opened on this page). The
  link is read and every play in it replayed first (whist.table.challenge): a bad one gets one
  sentence in the notice, and the game on the table goes on. "Play the challenge" asks your
  name and seats you at its first deal (a game in progress is kept aside, as for a replay).
- **Sending**: your challenge once its last deal is played (a set of deals from the New game
  dialog), or the hand just finished ("Challenge a friend" in the summary): your results, your
  name, the link (Share where the browser has it, Copy, and a QR code).
- **Results**: both plays side by side, each side's double-dummy cost worked out by the analyst
  as the dialog shows them; after you played a friend's challenge, the reply link too.

The deals are played on tables the engine makes (whist.table.challenge_run); the summary's main
button goes to the next deal (:meth:`ChallengeBox.next_deal`). No rules here.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from whist.web import challenge_markup
from whist.web.parts import Binder, Writer

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.challenge import Challenge
    from whist.table.challenge_run import ChallengeRun
    from whist.web.links import Links
    from whist.web.settings import Settings
    from whist.web.thinking import Thinker

PREFIX = "#challenge="


class ChallengeHost(Writer, Binder, Protocol):
    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def analyst(self) -> Thinker: ...

    @property
    def links(self) -> Links: ...

    def open_dialog(self, name: str) -> None: ...

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...

    def changed(self) -> None: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...


def run_link(box: ChallengeBox) -> bool:
    """Whether the results dialog shows a reply link (its words then stay: the progress goes below it)."""
    return bool(box.link)


def _working(deal: int, deals: int) -> str:
    return (f"Working out the double-dummy costs: deal {deal + 1} of {deals}\u2026 (the early tricks take the "
            "longest; you may close this and come back)")


def _clicked(action: Callable[[], None]) -> Callable[[Any], None]:
    def handle(evt: Any) -> None:
        action()
    return handle


class ChallengeBox:
    def __init__(self, page: ChallengeHost) -> None:
        self.page = page
        self.mode = ""  # "invite", "send" or "results"
        self.run: ChallengeRun | None = None  # the run the dialog is about
        self.shown: Challenge | None = None  # the challenge whose plays are compared
        self.costs: dict[tuple[int, int], int] = {}
        self.link = ""
        self.generation = 0
        self.listeners: list[Callable[[str], None]] = []

    def before_start(self, listener: Callable[[str], None]) -> None:
        """``listener(why)`` is called before a challenge deals over a game in progress (the keeper
        keeps that game aside)."""
        self.listeners.append(listener)

    def start(self) -> None:
        p = self.page  # (the summary's "Challenge a friend": whist.web.challenge_lazy binds it)
        p.on(p.el("ch-go"), "click", _clicked(self.go))
        p.on(p.el("ch-later"), "click", _clicked(self.close))
        p.on(p.el("ch-close"), "click", _clicked(self.close))
        p.on(p.el("ch-copy"), "click", _clicked(lambda: p.spawn(self.copy())))
        p.on(p.el("ch-share-btn"), "click", _clicked(lambda: p.spawn(self.share())))
        p.on(p.el("ch-name"), "input", _clicked(self.on_name))
        p.on(p.el("ch-name"), "keydown", self.on_name_key)
        p.on(p.el("challenge"), "close", _clicked(self.on_close))

    # --- arriving: a link ---------------------------------------------------------------------
    def arrive(self, text: str) -> None:
        """A ``#challenge=`` link's text: the invitation, or both plays compared; a link that
        cannot be used is told in one sentence, and nothing else changes."""
        from whist.table.challenge import ChallengeError, decode
        from whist.table.challenge_run import ChallengeRun, compare

        table = self.page.table
        if table.challenge is not None and table.challenge.link == text:
            return  # this challenge is on the table already (a reload)
        try:
            challenge = decode(text)
            if len(challenge.names) == 2:
                compare(challenge)
                self.show_results(challenge, None)
                return
            run = ChallengeRun.received(text)
        except ChallengeError as err:
            self.page.links.tell([str(err)])
            self.drop_address()
            return
        self.invite(run)

    def invite(self, run: ChallengeRun) -> None:
        from whist.table.challenge_run import invitation

        p = self.page
        self.run, self.mode = run, "invite"
        title, text = invitation(run)
        if p.table.in_progress:
            text += " The game you are playing is kept on this device, where you left it."
        self.fill(title, text, "")
        self.ask_name()
        self.show_buttons(go="Play the challenge", later="Not now")
        self.open()

    def go(self) -> None:
        """The invitation's "Play the challenge": your name checked, then the first deal."""
        p = self.page
        run = self.run
        if self.mode != "invite" or run is None:
            return
        try:
            run = run.with_name(str(p.el("ch-name").value))
        except ValueError as err:
            self.error(str(err))
            return
        self.remember(run.me)
        if p.table.in_progress:
            for listener in self.listeners:
                listener("You play the challenge. The game you were playing is kept on this device, where you "
                         "left it, until you choose; continuing it drops the challenge (the link deals it again).")
        self.mode = ""
        p.el("challenge").close()
        p.put_table(run.table())
        p.say(f"{run.view().title}. You sit South.")

    # --- a challenge of your own ------------------------------------------------------------------
    def start_new(self, game: str, options: dict[str, Any], count: int, levels: tuple[str, str]) -> None:
        """A set of ``count`` deals from the New game dialog, you first."""
        from whist.table.challenge_run import ChallengeRun
        from whist.web.plumbing import random_seed

        run = ChallengeRun.dealt(game, options, levels, [random_seed() for _ in range(count)])
        self.page.put_table(run.table())
        self.page.say(f"{run.view().title}: play each deal once; then send the challenge to a friend.")

    def next_deal(self) -> None:
        """The summary's main button at a challenge's table: the next deal, or at the last the
        dialog that sends your challenge (or compares your play with your friend's)."""
        p = self.page
        run = p.table.challenge
        if run is None or p.table.view().summary is None:
            return  # (the deal is not over)
        if len(run.mine) == run.deal and not run.done:
            run = run.after(p.table.state)
            p.table.challenge = run
            p.changed()  # kept: a reload comes back to the end, with the deal counted
        if not run.done:
            p.put_table(run.table())
            p.say(f"{run.view().title}.")
            return
        if run.sender:
            self.show_results(run.outcome(), run)
        else:
            self.send(run)

    def offer_hand(self) -> None:
        """The summary's "Challenge a friend": the hand just finished, as you played it."""
        from whist.table.challenge import ChallengeError
        from whist.table.challenge_run import ChallengeRun

        try:
            run = ChallengeRun.from_hand(self.page.table)
        except ChallengeError as err:
            self.page.say(str(err))
            return
        self.send(run)

    def send(self, run: ChallengeRun) -> None:
        from whist.table.challenge_run import own_results, sending

        self.run, self.mode = run, "send"
        title, text = sending(run)
        self.fill(title, text, challenge_markup.own_html(own_results(run)))
        self.ask_name()
        self.show_buttons(later="Close")
        self.on_name()
        self.open()

    # --- both plays ---------------------------------------------------------------------------
    def show_results(self, challenge: Challenge, run: ChallengeRun | None) -> None:
        """Both plays compared; ``run``: yours, just finished (the reply link is offered)."""
        from whist.table.challenge_run import compare, sending

        if challenge != self.shown:
            self.costs = {}  # (the same challenge opened again: the costs worked out so far are kept)
        self.run, self.mode, self.shown = run, "results", challenge
        result = compare(challenge)
        title, text = (sending(run) if run is not None else
                       (f"{result.names[0]} v {result.names[1]}", "Both plays of the challenge, deal by deal."))
        self.fill(title, text, challenge_markup.comparison_html(result, self.costs))
        self.page.el("ch-name-row").hidden = True
        self.show_buttons(later="Close")
        self.set_link(self.link_of(challenge) if run is not None else "")
        self.open()
        self.generation += 1
        self.page.spawn(self.work_out_costs(self.generation, challenge))

    async def work_out_costs(self, gen: int, challenge: Challenge) -> None:
        """Each play's double-dummy cost, one deal at a time in the analyst (the page stays live)."""
        from whist.ai.review import HandReview
        from whist.engine.seats import Seat
        from whist.table.challenge_run import compare, finished

        page = self.page
        deals = len(challenge.deals)
        for deal in range(deals):
            page.set_text("ch-share-msg" if run_link(self) else "ch-text", _working(deal, deals))
            for who, play in enumerate(challenge.plays):
                if (who, deal) in self.costs:
                    continue  # (worked out before the dialog was closed)
                if who and play[deal] == challenge.plays[0][deal]:  # the same play: the same cost
                    self.costs[(who, deal)] = self.costs[(0, deal)]
                    continue
                review = HandReview.of(finished(challenge, deal, play[deal]))
                while review.done < review.total:  # (a position a call: a closed dialog stops it soon)
                    answer = await page.analyst.call("review", review.request(1), background=True)
                    if gen != self.generation:
                        return
                    if answer is None:
                        break
                    review = HandReview.decode(answer)
                done = review.done >= review.total
                self.costs[(who, deal)] = (review.lost_by(review.side_of(Seat.S)) if done
                                           else challenge_markup.NOT_ANALYSED)
            page.el("ch-body").innerHTML = challenge_markup.comparison_html(compare(challenge), self.costs)
        page.set_text("ch-share-msg" if run_link(self) else "ch-text", "The double-dummy costs are worked out: "
                      "the tricks each play's own cards gave away against perfect play.")
        page.el("challenge").dataset.costs = "done"

    # --- the dialog ---------------------------------------------------------------------------
    def fill(self, title: str, text: str, body: str) -> None:
        p = self.page
        p.set_text("ch-title", title)
        p.set_text("ch-text", text)
        p.el("ch-body").innerHTML = body
        p.el("ch-error").hidden = True
        p.el("challenge").dataset.mode = self.mode
        p.el("challenge").dataset.costs = ""
        self.set_link("")

    def ask_name(self) -> None:
        p = self.page
        p.el("ch-name-row").hidden = False
        box = p.el("ch-name")
        if not str(box.value).strip():
            box.value = p.settings.names_by_seat().get("S", "")

    def show_buttons(self, go: str = "", later: str = "Close") -> None:
        p = self.page
        p.el("ch-go").hidden = not go
        p.set_text("ch-go", go or "Play the challenge")
        p.set_text("ch-later", later)

    def open(self) -> None:
        p = self.page
        if not p.el("challenge").open:
            p.open_dialog("challenge")
        target = p.el("ch-name") if not p.el("ch-name-row").hidden else p.el("ch-later")
        target.focus()

    def error(self, text: str) -> None:
        p = self.page
        p.set_text("ch-error", text)
        p.el("ch-error").hidden = False
        p.say(text)

    def on_name_key(self, evt: Any) -> None:
        """Enter in the name box does what the dialog's main button does (plays the challenge)."""
        if str(evt.key) == "Enter" and self.mode == "invite":
            evt.preventDefault()
            self.go()

    def on_name(self) -> None:
        """Sending: the link is made with the name as you type it (none while it is not a name)."""
        p = self.page
        run = self.run
        if self.mode != "send" or run is None:
            return
        try:
            run = run.with_name(str(p.el("ch-name").value))
        except ValueError as err:
            p.set_text("ch-error", str(err))
            p.el("ch-error").hidden = False
            self.set_link("")
            return
        p.el("ch-error").hidden = True
        self.run = run
        self.set_link(self.link_of(run.outcome()))

    def link_of(self, challenge: Challenge) -> str:
        from whist.table.challenge import encode

        location = self.page.window.location
        return str(location.origin) + str(location.pathname) + PREFIX + encode(challenge)

    def set_link(self, link: str) -> None:
        p = self.page
        self.link = link
        p.el("ch-share").hidden = not link
        p.el("ch-copy").hidden = not link
        p.el("ch-share-btn").hidden = not link or not hasattr(p.window.navigator, "share")
        p.el("ch-link").value = link
        p.set_text("ch-share-msg", "")
        p.el("ch-qr").innerHTML = ""
        if link:
            p.spawn(self.draw_qr(link))

    async def draw_qr(self, link: str) -> None:
        from whist.web.qr import qr_svg

        try:
            svg = await qr_svg(link, "QR code of the challenge link")
        except ValueError as err:
            svg = f'<p class="ch-no-qr">{escape(str(err))}</p>'
        if self.link == link:  # (still the link on show: not another one made meanwhile)
            self.page.el("ch-qr").innerHTML = svg

    async def copy(self) -> None:
        p = self.page
        if not self.link:
            return
        copied = False
        clipboard = getattr(p.window.navigator, "clipboard", None)
        if clipboard:
            try:
                await clipboard.writeText(self.link)
                copied = True
            except Exception:
                copied = False
        self.remember_sender()
        text = "Link copied: send it to your friend." if copied else "Copying was refused: select the link and copy it."
        p.set_text("ch-share-msg", text)
        p.say(text)
        if not copied:
            p.el("ch-link").focus()
            p.el("ch-link").select()

    async def share(self) -> None:
        from pyodide.ffi import to_js

        p = self.page
        if not self.link:
            return
        self.remember_sender()
        data = to_js({"title": str(p.el("ch-title").textContent), "url": self.link},
                     dict_converter=p.window.Object.fromEntries)
        try:
            await p.window.navigator.share(data)
        except Exception:  # (dismissed, or refused: the link is there to copy)
            return
        p.set_text("ch-share-msg", "Shared.")

    def close(self) -> None:
        self.page.el("challenge").close()

    def on_close(self, evt: Any = None) -> None:
        """The dialog closed: the analysis stops; a link's invitation or results leave the address."""
        self.generation += 1
        if self.mode in ("invite", "results"):
            self.drop_address()
        self.mode = ""

    def drop_address(self) -> None:
        """Take ``#challenge=`` out of the address (a reload then does not ask again), unless the
        challenge on the table is that link's."""
        window = self.page.window
        fragment, run = str(window.location.hash), self.page.table.challenge
        if fragment.startswith(PREFIX) and (run is None or run.link != fragment[len(PREFIX):]):
            window.history.replaceState(window.history.state, "", str(window.location.pathname)
                                        + str(window.location.search))

    def remember_sender(self) -> None:
        if self.mode == "send" and self.run is not None and self.run.me:
            self.remember(self.run.me)

    def remember(self, name: str) -> None:
        p = self.page
        p.apply_settings(p.settings.changed(names=p.settings.remember({"S": name})), notify=True)

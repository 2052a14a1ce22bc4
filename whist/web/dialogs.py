"""The page's own dialogs (``page.dialogs``): Settings, How to play, the last trick."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from whist.web import markup
from whist.web.more_menu import MoreMenu
from whist.web.parts import Binder, Elements, Writer
from whist.web.revoke_ask import RevokeAsk
from whist.web.settings import LEVEL_LABELS, SPEED_LABELS, TRICK_PAUSE_LABELS, VISION_MEDIA, Settings, dress

if TYPE_CHECKING:
    from whist.table import Table
    from whist.web.formsui import Forms
    from whist.web.inputs import Input

DIALOGS = ("confirm-new", "settings", "help", "last-trick", "stats", "score-sheet", "revoke-ask", "handover",
           "claim-ask", "challenge")


class DialogsHost(Writer, Binder, Protocol):
    """What the dialogs need of the page: the writer, the binder, the table, the settings (and
    applying them), the forms (a New game confirmed), the dialogs opened and closed, the address."""

    @property
    def table(self) -> Table: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def forms(self) -> Forms: ...

    @property
    def openers(self) -> dict[str, Any]: ...

    @property
    def input(self) -> Input: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...

    def open_dialog(self, name: str) -> None: ...

    def restore_focus(self, name: str) -> None: ...

    def sync_address(self) -> None: ...

    def play(self, card: str) -> None: ...


class Dialogs:
    def __init__(self, page: DialogsHost) -> None:
        self.page = page
        self.revoke_ask = RevokeAsk(page)  # club rules: a revoke asked about before it is played

    def start(self) -> None:
        page = self.page

        # Each handler is made by a function so that it keeps its own dialog or tab.
        def closed(name: str) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                page.restore_focus(name)
            return handle

        def tab_clicked(tab: str) -> Callable[[Any], None]:
            def handle(evt: Any) -> None:
                self.select_tab(tab, focus=True)
            return handle

        page.on(page.el("confirm-new"), "close", self.on_confirm_close)
        for name in DIALOGS:
            page.on(page.el(name), "close", closed(name))
        page.on(page.el("settings-form"), "change", self.on_settings_change)
        # The system asks for more contrast or forces its colours while the page is open: their sheet now.
        page.on(page.window.matchMedia(VISION_MEDIA), "change", lambda evt: dress(page.body, page.settings))
        for tab in ("rules", "controls"):
            page.on(page.el(f"tab-{tab}"), "click", tab_clicked(tab))
        page.on(page.doc.querySelector("#help [role=tablist]"), "keydown", self.on_tab_key)
        MoreMenu(page).start()
        self.revoke_ask.start()  # the toolbar's More list, which opens four of these dialogs on small screens

    def show_last_trick(self) -> None:
        page = self.page
        trick = page.table.previous_trick()
        if trick is None:
            page.say("No trick has been played yet.")
            return
        page.el("last-cards").innerHTML = markup.last_trick(trick)
        page.el("last-cards").setAttribute("role", "list")
        page.el("last-cards").setAttribute("aria-label", "Cards of the last trick")
        hand_note = "" if trick.hand_number == page.table.view().hand_number else \
            f" of hand {trick.hand_number}"
        page.set_text("last-sub", f"Trick {trick.number}{hand_note} \u00b7 "
                             f"{trick.leader_name} led")
        card = next(p.name for p in trick.plays if p.seat == trick.winner)
        side = "us" if trick.winner_side == "us" else "them"
        page.set_text("last-text", f"{trick.wins} with the {card} ({'your side' if side == 'us' else 'their side'}).")
        page.el("last-text").className = "last-text win-" + side
        page.set_text("last-why", "")  # a computer's card, clicked, says why (whist/web/why_tip.py)
        review = page.el("review-btn")  # (whist/web/review_view.py): only once a hand is finished
        if review:
            review.hidden = page.table.finished_hand(latest=True) is None
        page.open_dialog("last-trick")

    def on_confirm_close(self, evt: Any) -> None:
        page = self.page
        if page.el("confirm-new").returnValue == "new":
            page.openers.pop("confirm-new", None)
            page.forms.start_chosen()
        elif page.forms.link is not None:  # a deal link turned down: keep playing this game
            page.forms.link = None
            page.sync_address()

    def open_settings(self) -> None:
        page = self.page
        s = page.settings
        page.el("speed-choices").innerHTML = markup.segmented("speed", SPEED_LABELS, s.speed)
        page.el("set-trick-pause").innerHTML = markup.options(TRICK_PAUSE_LABELS, s.trick_pause)
        page.el("set-partner-level").innerHTML = markup.options(LEVEL_LABELS, s.partner_level)
        page.el("set-opponent-level").innerHTML = markup.options(LEVEL_LABELS, s.opponent_level)
        page.el("set-auto-play").checked = s.auto_play
        page.el("set-one-tap").checked = s.one_tap
        page.el("set-ask-revoke").checked = s.ask_revoke
        page.el("set-claims").checked = s.claims
        page.el("set-sound").checked = s.sound
        page.el("set-coach").checked = s.coach
        page.el("set-four-colour").checked = s.four_colour
        page.el("set-large-cards").checked = s.large_cards
        page.open_dialog("settings")

    def on_settings_change(self, evt: Any) -> None:
        page = self.page
        form = page.el("settings-form")
        speed = form.querySelector("input[name=speed]:checked")
        page.apply_settings(page.settings.changed(
            speed=str(speed.value) if speed else page.settings.speed,
            trick_pause=str(page.el("set-trick-pause").value),
            partner_level=str(page.el("set-partner-level").value),
            opponent_level=str(page.el("set-opponent-level").value),
            auto_play=bool(page.el("set-auto-play").checked),
            one_tap=bool(page.el("set-one-tap").checked),
            ask_revoke=bool(page.el("set-ask-revoke").checked),
            claims=bool(page.el("set-claims").checked),
            sound=bool(page.el("set-sound").checked),
            coach=bool(page.el("set-coach").checked),
            four_colour=bool(page.el("set-four-colour").checked),
            large_cards=bool(page.el("set-large-cards").checked),
        ))

    def open_help(self, tab: str) -> None:
        page = self.page
        from whist.web import howto
        from whist.web.auction_box import keys_html

        view = page.table.view()
        page.el("help-rules").innerHTML = howto.rules_html(view)
        page.el("help-controls").innerHTML = howto.controls_html(view.target) + (
            keys_html() if view.auction is not None else "")
        page.set_text("help-title", f"How to play {view.title}")
        page.el("guide-abandon").hidden = True  # the guided hand asks again before it drops a game
        page.input.ear.call("help")  # the keys that ask the table (whist/web/ear.py)
        self.select_tab(tab)
        page.open_dialog("help")

    def select_tab(self, tab: str, focus: bool = False) -> None:
        for name in ("rules", "controls"):
            button = self.page.el(f"tab-{name}")
            on = name == tab
            button.setAttribute("aria-selected", "true" if on else "false")
            button.setAttribute("tabindex", "0" if on else "-1")
            self.page.el(f"help-{name}").hidden = not on
            if on and focus:
                button.focus()

    def on_tab_key(self, evt: Any) -> None:
        if evt.key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            current = "rules" if self.page.el("tab-rules").getAttribute("aria-selected") == "true" else "controls"
            self.select_tab("controls" if current == "rules" else "rules", focus=True)
            evt.preventDefault()


class DialogStack:
    """Opens the page's dialogs one at a time, and gives the focus back to what opened one when it
    closes (else, with no dialog left open, to your hand: ``focus_here``)."""

    def __init__(self, dom: Elements, focus_here: Callable[[], None]) -> None:
        self.dom = dom
        self.focus_here = focus_here
        self.openers: dict[str, Any] = {}  # by dialog: the element that had the focus when it opened

    def open(self, name: str) -> None:
        dialog = self.dom.el(name)
        if dialog.open:
            return
        for other in DIALOGS:
            if other != name and self.dom.el(other).open:
                self.dom.el(other).close()
        active = self.dom.doc.activeElement
        self.openers[name] = active if active and active != self.dom.body else None
        dialog.showModal()

    def restore_focus(self, name: str) -> None:
        opener = self.openers.pop(name, None)
        active = self.dom.doc.activeElement
        if active is not None and active != self.dom.body and active != opener and not active.closest("dialog"):
            return  # moved on since it closed (a dialog's close event comes a task later: a key can come first)
        if opener and opener.isConnected:
            opener.focus()
            if self.dom.doc.activeElement != opener:  # not on show now: an item of a list closed since
                holder = opener.closest("[data-shown-by]")  # (the toolbar's More list: whist/web/more_menu.py)
                if holder:
                    self.dom.el(holder.dataset.shownBy).focus()
        elif not self.dom.doc.querySelector("dialog[open]"):
            self.focus_here()

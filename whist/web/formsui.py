"""The English forms on the page: the New game dialog, the draw for partners and deal,
your dummy's hand (Dummy Whist), honours, revokes and rubbers in the summary, the score sheet.

The :class:`~whist.web.page.Page` (a :class:`FormsHost`) owns one :class:`Forms`; it calls :meth:`Forms.start` once
and :meth:`Forms.render` whenever it has drawn the table. The HTML comes from
:mod:`whist.web.newgame` and :mod:`whist.web.forms` (plain strings, tested under CPython).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from whist.table import game_choices
from whist.web import forms, markup
from whist.web.handover import HandOverScreen
from whist.web.parts import Binder, Writer
from whist.web.screen import mark_revoke

if TYPE_CHECKING:
    from whist.table import Table
    from whist.table.view import TableView
    from whist.web.address import StartRequest
    from whist.web.challenge_lazy import LazyChallenges
    from whist.web.inputs import Input
    from whist.web.screen import Screen
    from whist.web.settings import Settings


class FormsHost(Writer, Binder, Protocol):
    """What the forms need of the page: the writer, the binder, the table, whether the page is
    busy, the input (a refusal said), a dialog opened, your card played, the steps after an
    action, a new game."""

    @property
    def table(self) -> Table: ...

    @property
    def busy(self) -> bool: ...

    @property
    def input(self) -> Input: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def screen(self) -> Screen: ...

    def apply_settings(self, settings: Settings, notify: bool = True) -> None: ...

    def open_dialog(self, name: str) -> None: ...

    def undo(self) -> None: ...

    def put_table(self, table: Table, *, fresh: bool = True, save: bool = True, resume: bool = False) -> None: ...

    def play(self, card: str) -> None: ...

    def after_action(self, sound: str | None = None) -> None: ...

    @property
    def challenges(self) -> LazyChallenges: ...

    def new_game(self, game: str | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, dealer: Any = None, people: Any = None, levels: Any = None,
                 live: bool = False) -> None: ...


class Forms:
    def __init__(self, page: FormsHost) -> None:
        self.page = page
        self.choices = game_choices()
        self.dummy_key: tuple[Any, ...] = ()
        self.draw_key: Any = None
        self.link: StartRequest | None = None  # the deal link the New game dialog is open for
        self.deals = 0  # the deals of a challenge the dialog asks for (0: a game)
        self.live = False  # whether its people play from their own devices (a live table)
        self.handover = HandOverScreen(page)  # pass-and-play: the hand-over screen, a claim put to the others

    def el(self, id_: str) -> Any:
        return self.page.el(id_)

    # --- start ------------------------------------------------------------------------
    def start(self) -> None:
        p = self.page
        doc = p.doc
        self.handover.start()
        # Your dummy's hand, face up in its seat's place (render_dummy puts it there).
        self.el("table").insertAdjacentHTML("beforeend", '<div id="dummy-hand" class="hand dummy-hand" '
                                                         'role="group" hidden></div>')
        # The draw for partners and deal, in the middle of the table.
        self.el("table").insertAdjacentHTML("beforeend", """
<section id="draw-panel" class="panel draw-panel" hidden aria-labelledby="draw-title" role="region">
  <h2 id="draw-title">The draw for partners and deal</h2>
  <p class="draw-rule" id="draw-rule"></p>
  <div class="draw-rounds" id="draw-rounds"></div>
  <p class="draw-result" id="draw-result" role="status"></p>
  <div class="panel-actions"><button type="button" class="btn btn-primary" id="deal-btn">Deal</button></div>
</section>""")
        # The toolbar's games of a rubber, and the summary's honours, revokes and rubber result.
        label = doc.querySelector(".score-box .tool-label")
        if label:
            label.insertAdjacentHTML("beforeend", ' <small class="games-won" id="games-won" hidden></small>')
        self.el("summary-text").insertAdjacentHTML(
            "afterend", '<p class="summary-extra" id="summary-extra" hidden></p>'
                        '<div id="summary-rubber" hidden></div>')
        p.on(self.el("dummy-hand"), "click", self.on_dummy_click)
        p.on(self.el("deal-btn"), "click", lambda e: self.deal())
        p.on(self.el("sheet-btn"), "click", lambda e: self.open_sheet())
        # The score opens the score sheet too (on phones the toolbar has no room for its button),
        # and so does a button of the hand summary.
        score = doc.querySelector(".score-box")
        if score:
            score.classList.add("opens-sheet")
            score.setAttribute("title", "Score sheet")
            p.on(score, "click", lambda e: self.open_sheet())
        actions = doc.querySelector("#summary .panel-actions")
        if actions:
            actions.insertAdjacentHTML("afterbegin", '<button type="button" class="btn btn-ghost" '
                                                     'id="summary-sheet">Score sheet</button>')
            p.on(self.el("summary-sheet"), "click", lambda e: self.open_sheet())
        p.on(self.el("sheet-print"), "click", lambda e: p.window.print())
        p.on(self.el("ng-form"), "change", self.on_choice_change)
        p.on(self.el("ng-choices"), "click", self.on_choices_click)
        p.on(self.el("ng-back"), "click", lambda e: self.show_howto(None))

    # --- the New game dialog -------------------------------------------------------------
    def open_new_game(self, link: StartRequest | None = None) -> None:
        """The New game dialog: set to the game on the table, or to the one a deal ``link`` asks for."""
        from whist.web import newgame

        p = self.page
        self.link = link
        if link is None:
            game, options, note = p.table.game, p.table.options, ""
        else:
            game, options = link.game, link.options
            title = next(g.title for g in self.choices if g.game == game)
            note = (f"The link deals {title}, deal {link.seed}. " if link.seed is not None
                    else f"The link asks for {title}. ")
        self.el("ng-choices").innerHTML = newgame.dialog_html(
            self.choices, game, options, p.settings.names_by_seat(), p.table.seated_people(),
            p.table.own_levels(), (p.settings.partner_level, p.settings.opponent_level), bool(p.table.live))
        self.el("ng-error").hidden = True
        abandon = self.el("ng-abandon")
        abandon.textContent = note + ("The game in progress will be abandoned." if p.table.in_progress else "")
        abandon.hidden = not abandon.textContent
        self.el("confirm-cancel").textContent = "Keep playing" if p.table.in_progress else "Cancel"
        self.show_howto(None)
        dialog = self.el("confirm-new")
        dialog.returnValue = ""
        p.open_dialog("confirm-new")

    def chosen(self) -> tuple[str, dict[str, Any], dict[str, str], dict[str, str]]:
        """The game, options, people (seat -> name) and computers given a level of their own
        (seat -> level) chosen in the dialog."""
        from whist.web import newgame

        form = self.el("ng-form")
        picked = form.querySelector("input[name=game]:checked")
        game = str(picked.value) if picked else self.page.table.game
        values: dict[str, str] = {}
        for field in form.querySelectorAll("[name^=opt-], [name^=who-], [name^=name-], [name^=where-], [name=ng-set]"):
            name = str(field.name)
            if str(field.type) == "checkbox":
                if field.checked:
                    values[name] = "on"
            else:
                values[name] = str(field.value)
        settings = self.page.settings
        self.deals = newgame.read_set(values)
        self.live = newgame.read_live(game, values)
        return (game, newgame.read_options(self.choices, game, values), newgame.read_people(self.choices, game, values),
                newgame.read_levels(self.choices, game, values, (settings.partner_level, settings.opponent_level)))

    def start_chosen(self) -> None:
        game, options, people, levels = self.chosen()
        link = self.link
        if self.deals:  # a challenge: a set of deals for you, then a link for a friend
            self.start_challenge(game, options, people, levels)
            return
        try:
            if link is not None and link.game == game:  # the deal the link asks for (any options)
                self.page.new_game(game, options, link.seed, link.dealer, people=people, levels=levels,
                                   live=self.live)
            else:
                self.page.new_game(game, options, people=people, levels=levels, live=self.live)
        except ValueError as err:  # a person's name: the dialog stays, and says why
            self.page.open_dialog("confirm-new")
            self.page.set_text("ng-error", str(err))
            self.el("ng-error").hidden = False
            return
        self.link = None
        if people:  # the names are remembered on this device, by seat
            p = self.page
            p.apply_settings(p.settings.changed(names=p.settings.remember(people)), notify=False)

    def start_challenge(self, game: str, options: dict[str, Any], people: dict[str, str],
                        levels: dict[str, str]) -> None:
        p = self.page
        if people:
            p.open_dialog("confirm-new")
            p.set_text("ng-error", "A challenge is played with the computers alone: make every other seat a computer.")
            self.el("ng-error").hidden = False
            return
        spec = next(g for g in self.choices if g.game == game)
        own = [(s.partner, levels[s.seat]) for s in spec.seats if s.seat in levels]
        chosen = (next((v for partner, v in own if partner), p.settings.partner_level),
                  next((v for partner, v in own if not partner), p.settings.opponent_level))
        self.link = None
        p.challenges.start_new(game, options, self.deals, chosen)

    def on_choice_change(self, evt: Any) -> None:
        name = str(evt.target.name)
        if name.startswith("who-"):  # a seat made a person's: its name box shows, and takes the typing
            box = self.el(str(evt.target.dataset.name))
            box.hidden = str(evt.target.value) != "person"
            if not box.hidden:
                box.focus()
            return
        if name != "game":
            return
        game = str(evt.target.value)
        for panel in self.el("ng-form").querySelectorAll(".ng-options"):
            panel.hidden = panel.getAttribute("data-for") != game

    def on_choices_click(self, evt: Any) -> None:
        button = evt.target.closest("[data-howto]")
        if button:
            self.show_howto(str(button.getAttribute("data-howto")))

    def show_howto(self, game: str | None) -> None:
        """Show how to play ``game`` inside the dialog (None: back to the choices)."""
        box = self.el("ng-howto")
        if game is not None:
            title = next(g.title for g in self.choices if g.game == game)
            self.el("ng-howto-title").textContent = f"How to play {title}"
            from whist.web import howto

            self.el("ng-howto-body").innerHTML = howto.game_html(game)
        box.hidden = game is None
        self.el("ng-main").hidden = game is not None
        if game is None:
            return
        self.el("ng-back").focus()

    # --- the score sheet -----------------------------------------------------------------
    def open_sheet(self) -> None:
        view = self.page.table.view()
        self.el("sheet-title").textContent = f"Score sheet \u00b7 {view.title}"
        self.el("sheet-body").innerHTML = forms.score_sheet_html(view.score_sheet, view.side_names)
        self.page.open_dialog("score-sheet")

    # --- the draw and the deal -------------------------------------------------------------
    def deal(self) -> None:
        p = self.page
        if p.table.proceed():
            p.after_action()

    # --- your dummy ------------------------------------------------------------------------
    def on_dummy_click(self, evt: Any) -> None:
        button = evt.target.closest("button.card")
        p = self.page
        if not button or p.busy:
            return
        card = str(button.getAttribute("data-card"))
        if button.getAttribute("aria-disabled") == "true":
            p.input.say_refusal(card)
            return
        p.input.play_card(card)

    def render_dummy(self, view: TableView) -> None:
        box = self.el("dummy-hand")
        dummy = view.dummy
        cards = dummy.cards if dummy else None
        if dummy is None or cards is None:  # cards are only there with a dummy
            seat = box.parentElement
            if not box.hidden:
                box.hidden = True
                box.innerHTML = ""
                self.dummy_key = ()
            if seat and seat.classList.contains("has-dummy"):
                seat.querySelector(".backs").hidden = False
                seat.classList.remove("has-dummy")
            return
        north = self.el(f"seat-{dummy.seat}")
        if box.parentElement != north:
            north.appendChild(box)
        label = f"{dummy.name}'s hand, your dummy" if dummy.yours else f"{dummy.name}'s hand, dummy"
        if box.getAttribute("aria-label") != label:
            box.setAttribute("aria-label", label)
        backs = north.querySelector(".backs")
        # Its cards are enabled on its turn once the table is at rest (not while a trick is on show).
        turn = view.to_play == dummy.seat and view.phase == "play" and dummy.yours and not self.page.busy
        enabled = [turn and c.playable for c in cards]
        key = tuple((c.card, on, bool(turn and c.revoke)) for c, on in zip(cards, enabled, strict=True))
        if key != self.dummy_key:
            self.dummy_key = key
            focus = next((i for i, on in enumerate(enabled) if on), 0)
            # in suit groups, as your hand: a phone held upright wraps it between two suits
            box.innerHTML = markup.hand(cards, {c.card for c, on in zip(cards, enabled, strict=True) if on},
                                        view.trump, focus if turn else -1) + markup.hand_list(cards)
            box.dataset.n = str(len(cards))
            for c in cards:  # club rules: a card of your dummy's that would be a revoke, marked so
                if turn and c.revoke:
                    mark_revoke(box.querySelector(f'button.card[data-card="{c.card}"]'), True)
        box.classList.toggle("its-turn", turn)
        box.hidden = False
        backs.hidden = True
        north.classList.add("has-dummy")
        role = north.querySelector(".seat-role")
        if role:
            role.textContent = "your dummy" if dummy.yours else "dummy"
        # The status of your dummy's turn is the page's (Screen.render_status): written once.

    # --- every render ------------------------------------------------------------------------
    def render(self, view: TableView | None = None) -> None:
        view = view or self.page.table.view()
        self.render_toolbar(view)
        self.render_draw(view)
        self.render_dummy(view)
        self.render_summary(view)
        self.handover.render(view)

    def render_toolbar(self, view: TableView) -> None:
        sub = self.page.doc.querySelector(".brand-sub")
        if sub and sub.getAttribute("data-game") != view.title:
            sub.setAttribute("data-game", view.title)
            sub.innerHTML = f'{view.title} &middot; <span id="goal">{view.goal}</span>'
            self.page.doc.title = f"{view.title} \u2013 Whist"
        games = self.el("games-won")
        if games:
            text = forms.games_text(view.games)
            if games.textContent != text:
                games.textContent = text
            games.hidden = not text
        if view.turn_up_ignored and view.turn_up is not None:
            note = self.el("turnup-note")
            if note.textContent != "ignored":
                note.textContent = "ignored"
            self.el("turnup").title = f"The turn-up, {view.turn_up.name}, is shown and ignored: no trumps"

    def render_draw(self, view: TableView) -> None:
        panel = self.el("draw-panel")
        draw = view.draw
        if view.phase != "draw" or not draw:
            panel.hidden = True
            self.draw_key = None
            return
        key = (view.deal_number, len(draw.rounds))
        if key != self.draw_key:
            self.draw_key = key
            self.el("draw-rule").textContent = draw.rule
            self.el("draw-rounds").innerHTML = forms.draw_html(draw)
            result = self.el("draw-result")
            result.textContent = draw.result
            result.style.setProperty("--rounds", str(len(draw.rounds)))
            panel.hidden = False
            if not self.page.dialog_open():
                self.el("deal-btn").focus()
        panel.hidden = False

    def render_summary(self, view: TableView) -> None:
        summary = view.summary
        extra = self.el("summary-extra")
        rubber = self.el("summary-rubber")
        if view.phase in ("play", "auction", "draw") or not summary:
            extra.hidden = True
            rubber.hidden = True
            return
        over = view.game_over
        # At the end of the game the summary's text is the game's result: the hand's revokes go here.
        lines = [t for t in (forms.revokes_text(summary) if over else "",
                             forms.honours_text(summary, view.side_names)) if t]
        text = " ".join(lines)
        extra.textContent = text
        extra.hidden = not text
        sheet = view.score_sheet
        if over and sheet.rubber:
            rubber.innerHTML = forms.rubber_result_html(over, sheet)
            rubber.hidden = False
        else:
            rubber.hidden = True
        nxt = self.el("next-hand")
        won_game = bool(summary.game_winner) and not over and not view.challenge  # (a challenge's deal: no games)
        label = view.challenge.next_label if view.challenge else "Next game" if won_game else "Next hand"
        if nxt.textContent != label:
            nxt.textContent = label
        if won_game and summary.game_winner:
            won = view.side_names[summary.game_winner]
            games = summary.games
            number = sheet.rows[-1].game if sheet.rows else view.game_number
            title = (f"Game {number} to {won}" if not games
                     else f"Game {number} to {won} \u00b7 {forms.games_text(games)}")
            self.page.set_text("summary-title", title)

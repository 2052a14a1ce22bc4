"""The table on screen, drawn from its view: the toolbar, the seats, your hand, the trick, the
status and the summary (``page.screen``); only what changes is written."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

import js
from pyodide.ffi import create_once_callable

from whist.web import markup
from whist.web.expert_view import ExpertHost, ExpertView
from whist.web.motion import Motion, MotionHost, centre
from whist.web.parts import Writer, focus_on
from whist.web.why_tip import WhyTip

if TYPE_CHECKING:
    from whist.table.view import Play, TableView
    from whist.web.auction_lazy import LazyAuctionBox
    from whist.web.formsui import Forms
    from whist.web.inputs import Input
    from whist.web.sound import Sound
    from whist.web.stock_view import StockView


class ScreenHost(Writer, MotionHost, ExpertHost, Protocol):
    """What the screen needs of the page: the writer, what the motion and Expert's replays need,
    the views drawn beside it (the auction, the stock, the forms), the input's marks, the sound,
    and the table's messages said."""

    @property
    def auction_box(self) -> LazyAuctionBox: ...

    @property
    def stock_view(self) -> StockView: ...

    @property
    def forms(self) -> Forms: ...

    @property
    def input(self) -> Input: ...

    @property
    def sound(self) -> Sound: ...

    def take_announcements(self) -> None: ...


class Screen:
    def __init__(self, page: ScreenHost) -> None:
        self.page = page
        self.hand_key: tuple[str, ...] = ()
        self.hand_trump: str | None = None  # the trump the hand on show was drawn with (its marks)
        self.hand_number = -1
        self.shown: list[str] = []  # cards in #trick, in play order
        self.backs_shown: dict[str, int] = {}
        self.humans: set[str] = set()  # the seats whose cards are in your hand (#hand)
        self.side_labels = ("Us", "Them")  # the sides' labels on show (the page's own at first)
        self.left_from: dict[str, tuple[float, float]] = {}  # a card just gone from your hand: where it was
        self.motion = Motion(page)
        self.expert = ExpertView(page)  # expert: the summary's "Expert with your cards"
        self.expert.install()
        WhyTip(page, self.render_status).install()  # a computer's card in the trick says why it was played

    def forget(self, hand_number: int = -1) -> None:
        """Draw the hand and the backs anew (``hand_number`` -1: a new hand, dealt)."""
        self.hand_key = ("",)  # a key no hand has: even an empty hand (covered, pass-and-play) is drawn anew
        self.hand_number = hand_number
        self.backs_shown = {}

    def draw(self, view: TableView) -> None:
        """Draw the whole table at rest from ``view``: your turn, or the end of a hand."""
        self.humans = {i.seat for i in view.seats if i.human}
        dealt = view.hand_number != self.hand_number
        self.render_toolbar(view)
        self.render_seats(view)
        self.render_hand(view)
        if self.shown != [p.card for p in view.trick]:
            self.sync_trick(view.trick, animate=False)
        page = self.page
        page.body.dataset.phase = view.phase
        page.body.dataset.toPlay = view.to_play or ""
        self.render_summary(view)
        page.auction_box.render(view)
        page.stock_view.render(view)
        self.render_status(view)
        self.render_note(view)
        self.render_controls(view)
        page.forms.render(view)  # forms: after the status (your dummy's turn has its own)
        if dealt and not view.tricks_played and not view.trick:  # not a game taken up mid-hand
            self.motion.deal(view)

    def show_card(self, view: TableView) -> bool:
        """Show the card or call just made, all of it from ``view`` in one go (the trick, the lit
        seat, the status, written once); True when the card finished a trick, now on show (its
        winner marked, and the stock's cards taken, once every card of it is fully shown)."""
        page = self.page
        self.humans = {i.seat for i in view.seats if i.human}
        page.take_announcements()
        self.render_toolbar(view)
        self.render_seat_counts(view)
        self.render_controls(view)
        page.sound.play("card")
        done = None if view.trick else view.last_trick
        if done is None:
            page.stock_view.render(view)
        page.forms.render(view)  # forms
        self.render_turn(view)
        if page.auction_box.render(view):
            self.render_status(view)
            return False  # a call of the auction, not a card
        if view.trick:
            self.sync_trick(view.trick)
            self.render_status(view)
            return False
        if done is None:
            return False
        self.sync_trick(done.plays)
        trick = page.el("trick")

        def mark() -> None:
            win = trick.querySelector(f'[data-seat="{done.winner}"]')
            if win:
                win.classList.add("win")
            more = " \u00b7 tap or press a key" if page.timing.trick is None else ""
            page.set_status(f"{done.wins} the trick{more}", "win-" + done.winner_side)
            self.render_tricks(view)
            page.sound.play("trick-" + done.winner_side)
            page.stock_view.render(view)

        self.motion.after(trick, mark)
        if self.motion.pending is mark:  # until the mark: the trick is neither played on nor won yet
            page.set_status("")
        return True

    def seat_cards(self, seat: str) -> Any:
        """Where the cards of ``seat`` are on screen: your hand, a dummy's, a computer's backs."""
        if seat in self.humans:
            return self.page.el("hand")
        box = self.page.el(f"seat-{seat}")
        for part in (".hand:not([hidden])", ".backs"):
            el = box.querySelector(part)
            if el and el.getBoundingClientRect().width:
                return el
        return box

    def render_controls(self, view: TableView | None = None) -> None:
        """The toolbar buttons that depend on the position: hint, undo, redo, last trick."""
        page = self.page
        view = view or page.table.view()
        off = view.challenge.no_help if view.challenge else ""  # (a challenge: no undo, no hints)
        states = {
            "hint-btn": (view.your_turn and not page.busy and not off, off or "A hint is for your turn."),
            "undo-btn": (view.can_undo, off or "Nothing to undo: you have not played a card yet."),
            "redo-btn": (view.can_redo, "Nothing to redo."),
            "last-btn": (view.last_trick is not None or view.hand_number > 1,
                         "No trick has been played yet."),
        }
        for id_, (on, why) in states.items():
            button = page.el(id_)
            want = "false" if on else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
            button.setAttribute("data-why", why)
        page.el("summary-undo").hidden = not view.can_undo
        claim = page.el("claim-btn")
        claim.hidden = not view.claim or page.busy

    def render_toolbar(self, view: TableView) -> None:
        page = self.page
        trump = view.trump
        box = page.el("trump")
        if box.getAttribute("data-trump") != trump:
            box.dataset.trump = trump
            box.className = "tool trump-box " + ("red" if trump in "HD" else "black")
            page.el("trump-badge").className = "suit-badge s" + trump  # (the four-colour deck's)
            page.el("trump-badge").innerHTML = "NT" if trump == "NT" else markup.suit_svg(trump, "badge-pip")
            page.el("trump-name").textContent = view.trump_name
            box.setAttribute("aria-label", f"Trump: {view.trump_name.lower()}")
            box.setAttribute("role", "group")
        up = page.el("turnup")
        if view.turn_up is not None:
            key = view.turn_up.card
            if up.getAttribute("data-turn-up") != key:
                up.setAttribute("data-turn-up", key)
                page.el("turnup-card").innerHTML = markup.mini_card(view.turn_up)
            visible = "1" if view.turn_up_visible else "0"
            if up.getAttribute("data-visible") != visible or up.getAttribute("data-card-note") != key:
                up.dataset.visible = visible
                up.setAttribute("data-card-note", key)
                dealer = "you" if view.dealer_name == "You" else view.dealer_name
                note = "" if view.turn_up_visible else "played"
                page.el("turnup-note").textContent = note
                up.title = (f"The dealer ({dealer}) turned up the {view.turn_up.name}"
                            + ("" if view.turn_up_visible else " and has played it"))
        self.render_tricks(view)
        names = view.side_names
        if (names.us_label, names.them_label) != self.side_labels:  # "Us", "Them"; in a game for two, its players
            self.side_labels = (names.us_label, names.them_label)
            for key, label in (("us", names.us_label), ("them", names.them_label)):
                for node in page.doc.querySelectorAll(f".side.{key} .side-name, .side-name.{key}"):
                    node.textContent = label
        page.set_text("score-us", str(view.scores.us))
        page.set_text("score-them", str(view.scores.them))
        page.set_text("goal", view.goal)
        page.set_text("score-goal", view.goal_short)

    def render_tricks(self, view: TableView) -> None:
        self.page.set_text("tricks-us", str(view.tricks_won.us))
        self.page.set_text("tricks-them", str(view.tricks_won.them))

    def render_seat_counts(self, view: TableView) -> None:
        for info in view.seats:
            if info.human:
                continue  # your hand shows its own cards
            seat = info.seat
            box = self.page.el(f"seat-{seat}")
            box.querySelector(".count").textContent = str(info.cards)
            shown = self.backs_shown.get(seat)
            if shown != info.cards:
                self.backs_shown[seat] = info.cards
                backs = box.querySelector(".backs")
                if backs is None:
                    continue
                if shown is not None and info.cards < shown == backs.childElementCount:
                    for _ in range(shown - info.cards):  # a card played: one back less, the others kept
                        backs.lastElementChild.remove()
                else:
                    backs.innerHTML = markup.backs(info.cards)

    def render_seats(self, view: TableView) -> None:
        self.render_seat_counts(view)
        self.render_turn(view)
        for info in view.seats:
            box = self.page.el(f"seat-{info.seat}")
            if box.getAttribute("aria-label") != info.label:  # (the names turn with the device: pass-and-play)
                box.setAttribute("aria-label", info.label)
                box.querySelector(".seat-name").textContent = info.plate
                role = box.querySelector(".seat-role")  # (the seat across: "partner", "dummy"...)
                if role:
                    role.textContent = info.role
            box.querySelector(".dealer-chip").hidden = not info.dealer
            box.classList.toggle("dealer", info.dealer)
            if info.human:
                box.querySelector(".count").textContent = str(info.cards)

    def render_turn(self, view: TableView, thinking: bool = False) -> None:
        """Light the seat whose turn it is (``data-turn="1"``), whoever plays it, and no other;
        with ``thinking``, a computer's seat shows it is choosing (``data-thinking="1"``)."""
        playing = view.phase in ("play", "auction")
        for info in view.seats:
            box = self.page.el(f"seat-{info.seat}")
            on = playing and bool(info.to_play)
            turn = "1" if on else "0"
            if box.getAttribute("data-turn") != turn:
                box.setAttribute("data-turn", turn)
            think = "1" if on and thinking and not info.yours else "0"
            if box.getAttribute("data-thinking") != think:
                box.setAttribute("data-thinking", think)

    def render_hand(self, view: TableView, locked: bool = False) -> None:
        """Show your hand; ``locked`` dims every card whatever the turn."""
        page = self.page
        your_turn = view.your_turn and not locked
        marks = page.input  # the focus, the lifted card, the hint
        hand = page.el("hand")
        cards = view.hand
        # A card is enabled when you may play it now (club rules: a revoke too), none when locked.
        enabled = {c.card for c in cards if c.playable and not locked}
        key = tuple(c.card for c in cards)
        names = [c.card for c in cards]
        if marks.focus_card not in names:
            marks.focus_card = next((c.card for c in cards if c.card in enabled), names[0] if names else None)
        if marks.hint_card not in names or not your_turn:
            marks.hint_card = None
        if marks.lifted not in names or not your_turn:
            marks.lifted = None
        if key != self.hand_key:
            fresh = view.hand_number != self.hand_number
            # (read only when cards travel: a box read here makes the browser lay out the page)
            self.left_from = {} if fresh or not self.motion.seconds else {
                card: centre(button) for card in set(self.hand_key) - set(names)
                if (button := hand.querySelector(f'button.card[data-card="{card}"]'))}  # (it travels from there)
            old_key, self.hand_key = self.hand_key, key
            self.hand_number = view.hand_number
            focus = names.index(marks.focus_card) if marks.focus_card in names else 0
            had_focus = hand.contains(js.document.activeElement)
            if had_focus and not fresh and cards:  # before the hand changes: see below
                focus_on(hand.querySelector(f'button.card[data-card="{names[focus]}"]') or hand)
            if (fresh or not cards or view.trump != self.hand_trump  # (a covered hand goes at once: pass-and-play)
                    or not self.shrink_hand(hand, names, enabled, old_key, focus)):
                hand.innerHTML = markup.hand(cards, enabled, view.trump, focus)
                self.hand_trump = view.trump
            hand.dataset.n = str(len(cards))
            if had_focus:
                # On the card in the tab order (dimmed while locked), not on the hand: at your turn
                # the focus is then where a key goes with no second move. A move of the focus has the
                # browser work out the page's style and layout there and then: a card that stays is
                # given it before the hand changes (above), when little is left to work out.
                focus_on(hand.querySelector('button.card[tabindex="0"]') or hand)
        # Every card's mark from the view, each button found by its card (not by its place); under
        # club rules a card that would be a revoke is enabled and marked so (whist/web/revoke_ask.py).
        revokes = {c.card for c in cards if c.revoke and not locked}
        by_name = {c.card: c for c in cards}
        for button in hand.querySelectorAll("button.card"):
            name = str(button.getAttribute("data-card"))
            want = "false" if name in enabled else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
            label = markup.spoken_name(by_name[name], view.trump)  # why not, in a few words
            if button.getAttribute("aria-label") != label:
                button.setAttribute("aria-label", label)
            mark_revoke(button, name in revokes)
        # The lifted card and the hint: only the buttons that change (each call to the page costs).
        for mark, card in (("lifted", marks.lifted), ("hint", marks.hint_card)):
            for button in hand.querySelectorAll(f"button.card.{mark}"):
                if button.getAttribute("data-card") != card:
                    button.classList.remove(mark)
                    if mark == "hint":
                        button.removeAttribute("data-hint")
            if card is not None:
                button = hand.querySelector(f'button.card[data-card="{card}"]')
                if button:
                    button.classList.add(mark)
                    if mark == "hint":
                        button.setAttribute("data-hint", "1")
        page.body.dataset.yourTurn = "1" if your_turn else "0"
        page.el("seat-S").querySelector(".count").textContent = str(len(key))
        # At your turn the card in the tab order is one you may play (the one there may be dimmed
        # now): the nearest to it, focused if the focus was on a card of the hand.
        if your_turn and enabled and marks.focus_card not in enabled:
            at = names.index(marks.focus_card) if marks.focus_card in names else 0
            nearest = min((i for i, n in enumerate(names) if n in enabled), key=lambda i: (abs(i - at), i))
            active = js.document.activeElement
            marks.set_focus_card(names[nearest], move=bool(hand.contains(active)) and active != hand)
        # A keyboard player who was in the hand gets the focus ring back on a card to play.
        if your_turn and js.document.activeElement == hand and marks.focus_card:
            marks.set_focus_card(marks.focus_card)

    def shrink_hand(self, hand: Any, names: list[str], enabled: set[str], old_key: tuple[str, ...],
                    focus: int) -> bool:
        """Take the cards no longer held out of the hand on show, in place: the others keep their
        buttons (drawing the whole hand again, every card face, was the longest part of the task
        of a card played). False when the hand on show is not ``old_key`` less some cards."""
        if len(names) >= len(old_key) or set(names) - set(old_key):
            return False
        kept = [k for k in old_key if k in set(names)]
        if kept != names:
            return False
        buttons = list(hand.querySelectorAll("button.card"))
        if [str(b.getAttribute("data-card")) for b in buttons] != list(old_key):
            return False
        gone = set(old_key) - set(names)
        self.hold_still(hand)
        staying = []
        for i, (button, card) in enumerate(zip(buttons, old_key, strict=True)):
            if card not in gone:
                staying.append((i, button))
                continue
            group = button.parentElement  # its suit's group, left out once empty
            button.remove()
            if group.classList.contains("suit-group") and not group.firstElementChild:
                group.remove()
        for j, ((i, button), c) in enumerate(zip(staying, names, strict=True)):
            if i != j:
                button.style.setProperty("--i", str(j))
            tab = "0" if j == focus else "-1"
            if button.getAttribute("tabindex") != tab:
                button.setAttribute("tabindex", tab)
            want = "false" if c in enabled else "true"
            if button.getAttribute("aria-disabled") != want:
                button.setAttribute("aria-disabled", want)
        return True

    def hold_still(self, hand: Any) -> None:
        """No transitions in the hand until the frame after next (see whist.css ``.hand.still``)."""
        if hand.classList.contains("still"):
            return
        hand.classList.add("still")

        def again(*_: Any) -> None:
            js.requestAnimationFrame(create_once_callable(lambda *_: hand.classList.remove("still")))

        js.requestAnimationFrame(create_once_callable(again))

    def sync_trick(self, plays: tuple[Play, ...], animate: bool = True) -> None:
        """Add the cards of ``plays`` not yet on the table, each coming from its player's cards."""
        trick = self.page.el("trick")
        cards = [p.card for p in plays]
        if self.shown != cards[: len(self.shown)]:
            self.clear_trick()
        for i, play in enumerate(plays[len(self.shown):], start=len(self.shown)):
            trick.insertAdjacentHTML("beforeend", markup.trick_card(play, play.player, i))
            if animate and self.motion.seconds:  # (no box is read when nothing travels)
                card = trick.lastElementChild
                origin = self.left_from.pop(play.card, None)  # your card: from its place in your hand
                if origin is None:
                    self.motion.travel(card, self.seat_cards(play.seat))
                else:
                    self.motion.come([(card, origin, centre(card), 0.0)], .8)
            self.shown.append(play.card)

    def sweep(self, view: TableView) -> None:
        """The finished trick goes to the seat that won it."""
        if view.last_trick:
            self.motion.sweep(self.page.el("trick"), self.page.el(f"seat-{view.last_trick.winner}"))

    def clear_trick(self) -> None:
        self.page.el("trick").innerHTML = ""
        self.motion.pending = None  # a mark for a trick no longer on show
        self.shown = []

    def render_status(self, view: TableView | None = None) -> None:
        page = self.page
        view = view or page.table.view()
        if view.phase == "auction":
            page.set_status(*page.auction_box.status(view))
            return
        if view.phase != "play":
            page.set_status("")
            return
        if view.turn.status:
            page.set_status(view.turn.status, "you" if view.your_turn else "")

    def render_note(self, view: TableView) -> None:
        """What the options change, on the felt under the status (German Whist shows it by the stock)."""
        note = " \u00b7 ".join(view.notes) if view.stock is None else ""
        box = self.page.el("table-note")
        if box.textContent != note:
            box.textContent = note
        box.hidden = not note

    def render_summary(self, view: TableView) -> None:
        page = self.page
        panel = page.el("summary")
        summary = view.summary
        if view.phase == "play" or summary is None:
            panel.hidden = True
            return
        over = view.game_over
        title = over.title if over else (view.challenge.summary_title if view.challenge
                                         else f"Hand {summary.hand_number} over")
        page.set_text("summary-title", title)
        trump = markup.SUIT_WORDS.get(summary.trump)
        played = f"{over.hands_played_text} \u00b7 " if over else ""
        page.set_text("summary-sub", f"{played}Deal {summary.deal_number} \u00b7 "
                      f"{summary.dealer_name} dealt \u00b7 " + (f"{trump} trumps" if trump else "no trumps")
                      + (f" \u00b7 Us: {view.side_names.us}; them: {view.side_names.them}" if view.people else ""))
        for side in ("us", "them"):
            page.set_text(f"sum-tricks-{side}", str(summary.tricks[side]))
            pts = summary.points[side]
            page.set_text(f"sum-points-{side}", f"+{pts}" if pts else "0")
            page.set_text(f"sum-score-{side}", str(summary.scores[side]))
        page.set_text("summary-text", over.text if over else summary.text)
        claimed = page.el("summary-claim")
        claimed.hidden = not view.claimed
        claimed.innerHTML = (f"<span class=\"claim-words\">{escape(view.claim_text)}</span> " +
                             "".join(markup.mini_card(p) for p in view.claimed)) if view.claimed else ""
        panel.dataset.result = over.winner if over else ("us" if summary.points.us else
                                                           "them" if summary.points.them else "even")
        panel.classList.toggle("game-over", bool(over))
        page.el("next-hand").hidden = bool(over)
        page.el("summary-challenge").hidden = not view.challenge_offer
        page.el("summary").classList.toggle("challenge", bool(view.challenge))  # (no Expert replay: forms.css)
        page.el("play-again").hidden = not over
        was_hidden = panel.hidden
        panel.hidden = False
        self.expert.sync()
        if was_hidden and not page.dialog_open():
            (page.el("play-again") if over else page.el("next-hand")).focus()


def mark_revoke(button: Any, revoke: bool) -> None:
    """Mark a card of a hand as a revoke (club rules: allowed, and penalised), or not; its name
    says so to a screen reader, and a label on the card shows it (not by colour alone)."""
    if revoke == button.hasAttribute("data-revoke"):
        return
    if revoke:
        button.setAttribute("data-revoke", "1")
        button.setAttribute("aria-description", "a revoke")
    else:
        button.removeAttribute("data-revoke")
        button.removeAttribute("aria-description")

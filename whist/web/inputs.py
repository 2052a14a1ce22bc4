"""Your input (``page.input``): the pointer, taps, keys, the focus along your hand, the lifted
card and the hint's ring."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from whist.web import later
from whist.web.parts import Writer, focus_on, run_guarded
from whist.web.settings import timing

if TYPE_CHECKING:
    from whist.table import Hint, Table
    from whist.web.auction_lazy import LazyAuctionBox
    from whist.web.dialogs import Dialogs
    from whist.web.pacing import Pacer
    from whist.web.settings import Settings
    from whist.web.sound import Sound


class InputHost(Writer, Protocol):
    """What the input needs of the page: the writer, the table, whether it is busy or waiting (a
    click ends the wait), the dialogs and the auction box (their keys), the sound (unlocked by a
    gesture), the settings (one tap or two to play a card), and the commands your keys and clicks give."""

    @property
    def table(self) -> Table: ...

    @property
    def busy(self) -> bool: ...

    @property
    def pacer(self) -> Pacer: ...

    @property
    def dialogs(self) -> Dialogs: ...

    @property
    def auction_box(self) -> LazyAuctionBox: ...

    @property
    def sound(self) -> Sound: ...

    @property
    def settings(self) -> Settings: ...

    def skip(self) -> bool: ...

    def play(self, card: str) -> None: ...

    def claim(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def show_hint(self) -> None: ...

    def toggle_mute(self) -> None: ...

    def ask_new_game(self) -> None: ...


#: How far (px) a pointer may move between its press and its release and still click.
SLOP = 12


class LazyEar(later.Lazy[Any]):
    """The keys that ask the table and jump along the hand (:mod:`whist.web.ear`), fetched on first use."""

    warming = False

    def make(self) -> Any:
        from whist.web.ear import Ear

        return Ear(self.page)

    def warm(self) -> None:
        """Fetch and make it at a player's first key, quietly (a key that needs it says a failure)."""
        if not self.warming and self.box is None:
            self.warming = True
            run_guarded(self.made(), lambda err: None)

    async def made(self) -> None:
        await later.need()
        self.box = self.box or self.make()


class Input:
    def __init__(self, page: InputHost) -> None:
        self.page = page
        self.pointer = "mouse"  # the kind of the last pointer pressed
        self.lifted: str | None = None  # the card a first tap lifted
        self.hint_card: str | None = None
        self.focus_card: str | None = None  # the card of the hand in the tab order
        #: A card of your hand pressed while it was still flying in (the deal), and where: see
        #: :meth:`on_hand_pointerdown`.
        self.pressed: tuple[str, float, float] | None = None
        self.ear = LazyEar(page)  # the keys that ask the table (whist/web/ear.py)

    def forget(self) -> None:
        """No card lifted or hinted."""
        self.lifted = None
        self.hint_card = None
        self.hide_reason()

    def on_pointerdown(self, evt: Any) -> None:
        page = self.page
        self.pointer = str(evt.pointerType or "mouse")
        page.sound.unlock()
        target = evt.target
        on_card = bool(target.closest("#hand button.card"))
        if not on_card:
            self.pressed = None
        if not on_card and self.lifted is not None:
            self.drop_lift()
        if page.pacer.waiting and target.closest("#table") and not target.closest("#summary, [data-why]"):
            page.skip()

    def on_hand_pointerdown(self, evt: Any) -> None:
        """A press on your hand, before the document's (bound on the hand): a press ends every
        motion (whist.web.motion), so a card pressed while it still flies in jumps to its place
        in your hand at once, and the release is over what it left: the click lands on neither.
        The card is kept, and that click plays it (:meth:`on_click`)."""
        card = evt.target.closest("#hand button.card")
        # (nothing flies at the instant pace: its animations are not asked for, which would have
        # the browser work out the page's style there and then, at every press)
        moving = card and timing(self.page.settings).gather and any(
            a.playState != "finished" for a in card.getAnimations())
        self.pressed = (str(card.getAttribute("data-card")), float(evt.clientX), float(evt.clientY)) \
            if moving else None

    def is_touch(self, evt: Any) -> bool:
        kind = getattr(evt, "pointerType", None)
        if evt.detail == 0 and not kind:
            return False  # a click made by Enter or Space
        kind = str(kind) if kind else self.pointer
        return kind in ("touch", "pen")

    def on_click(self, evt: Any) -> None:
        """Any click of the document: the click of a card pressed in flight (on_hand_pointerdown),
        released where it was pressed, plays it as a click on it would."""
        pressed, self.pressed = self.pressed, None
        if pressed is None or evt.target.closest("button.card") or evt.detail == 0:
            return  # no such card, or a card's own click (on_hand_click), or a click made by a key
        card, x, y = pressed
        if abs(float(evt.clientX) - x) > SLOP or abs(float(evt.clientY) - y) > SLOP:
            return  # the pointer was moved off: no click meant
        button = self.card_button(card)
        if button and button.closest("#hand"):
            self.press(button, evt)

    def on_hand_click(self, evt: Any) -> None:
        button = evt.target.closest("button.card")
        if button:
            self.press(button, evt)

    def press(self, button: Any, evt: Any) -> None:
        """A click on the card ``button`` of your hand: play it, lift it (a first tap), or say
        why not."""
        card = str(button.getAttribute("data-card"))
        if self.page.busy:
            return  # the computers are playing (a press on the table skipped the wait)
        if button.getAttribute("aria-disabled") == "true":
            self.refuse(card, button)
            return
        if self.is_touch(evt) and self.lifted != card and not self.page.settings.one_tap:
            # A tap lifts the card; a second tap plays it, so a stray finger never throws a card
            # (unless the player chose one tap in Settings).
            self.lift(card)
            return
        self.play_card(card)

    def play_card(self, card: str) -> None:
        """Play ``card`` of your hand or your dummy's, asked about first if it is a revoke (club rules)."""
        self.page.dialogs.revoke_ask.play(card)

    def lift(self, card: str) -> None:
        self.drop_lift()
        button = self.card_button(card)
        if not button:
            return
        button.classList.add("lifted")
        button.setAttribute("data-lifted", "1")
        self.lifted = card
        self.set_focus_card(card, move=False)

    def drop_lift(self) -> None:
        for other in self.page.el("hand").querySelectorAll("button.lifted"):
            other.classList.remove("lifted")
            other.removeAttribute("data-lifted")
        self.lifted = None

    def show_reason(self, button: Any, text: str) -> None:
        """``#hint-reason``: the hint's reason beside the hinted ``button``: above its hand and the
        status line, or just below the bid box (over the status line, whose words it repeats);
        never over a card, a call or the toolbar. Hidden again when the game moves."""
        page = self.page
        box = page.el("hint-reason")
        box.textContent = text
        box.hidden = False
        bid = button.closest(".auction-panel")
        area = (bid or button.closest(".hand") or button).getBoundingClientRect()
        card = button.getBoundingClientRect()
        status = page.el("status").getBoundingClientRect()
        w, h = box.offsetWidth, box.offsetHeight
        x = min(max(4, card.left + card.width / 2 - w / 2), page.doc.documentElement.clientWidth - w - 4)
        y = min(area.top, card.top - card.height * 0.1 - 26) - h - 4
        if x < status.right and x + w > status.left and y < status.bottom and y + h > status.top:
            y = status.top - h - 4
        if bid or y < page.doc.querySelector(".toolbar").getBoundingClientRect().bottom:
            y = area.bottom + 4
        box.style.left = f"{x:.0f}px"
        box.style.top = f"{y:.0f}px"

    def hide_reason(self) -> None:
        box = self.page.el("hint-reason")
        if not box.hidden:
            box.hidden = True

    def to_hand(self) -> None:
        """The skip button (the first stop of Tab): the focus to your hand, on its card in the tab order."""
        button = self.card_button(self.focus_card) if self.focus_card else None
        button = button or self.page.doc.querySelector("#hand button.card")
        if button:
            button.focus()

    def card_button(self, card: str) -> Any:
        # forms: your dummy's cards too (Dummy Whist)
        return self.page.doc.querySelector(f'#hand button.card[data-card="{card}"], '
                                           f'#dummy-hand button.card[data-card="{card}"]')

    def say_refusal(self, card: str) -> bool:
        """Say why ``card`` may not be played now (the view's words); False if it may."""
        shown = self.page.table.view().card(card)
        reason = shown.refusal if shown is not None else ""
        if reason:
            self.page.say(reason)
            self.page.set_status(reason, "refuse")
        return bool(reason)

    def refuse(self, card: str, button: Any) -> None:
        """A card that may not be played now: say why, politely, and play nothing."""
        if not self.say_refusal(card):
            return
        button.classList.remove("shake")
        button.getBoundingClientRect()
        button.classList.add("shake")

    def trap(self, evt: Any) -> None:
        """Tab from a modal dialog's last stop goes round to its first (Shift+Tab the other way),
        not out to the browser: the focus stays in the dialog while it is open, from its first Tab."""
        doc = self.page.doc
        dialog = doc.querySelector("dialog[open]")
        if dialog is None:
            return
        stops = [e for e in dialog.querySelectorAll("a[href], button, input, select, summary, [tabindex]")
                 if e.tabIndex >= 0 and not e.matches(":disabled") and e.getClientRects().length]
        if stops:
            first, last = (stops[-1], stops[0]) if evt.shiftKey else (stops[0], stops[-1])
            if doc.activeElement in (last, dialog):
                first.focus()
                evt.preventDefault()

    def on_key(self, evt: Any) -> None:
        page = self.page
        page.sound.unlock()
        self.ear.warm()  # (at a player's first key: the keys that ask the table)
        if evt.defaultPrevented or page.dialog_open():
            if evt.key == "Tab" and not evt.defaultPrevented:
                self.trap(evt)  # the focus kept in the dialog
            return  # a dialog handles its own keys (Escape closes it)
        target = evt.target
        tag = str(target.tagName or "").upper()
        if tag in ("INPUT", "SELECT", "TEXTAREA") or target.isContentEditable:
            return
        key = str(evt.key)
        if evt.ctrlKey or evt.metaKey:
            lower = key.lower()
            if lower == "z" and not evt.shiftKey:
                page.undo()
            elif lower == "y" or (lower == "z" and evt.shiftKey):
                page.redo()
            else:
                return
            evt.preventDefault()
            return
        if evt.altKey:
            return
        if page.auction_box.on_key(evt):  # bidding keys, only while the bidding box is open
            evt.preventDefault()
            return
        on_card = bool(target.closest("#hand button.card"))
        if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            self.move_focus(key)
        elif key in ("Enter", " "):
            if tag in ("BUTTON", "A") and not on_card:
                return  # a toolbar or panel button: its own click
            if page.skip():
                pass
            elif on_card:
                return  # the card's own click plays it (or politely refuses)
            elif page.table.human_to_play:
                self.move_focus("Here")
            else:
                return
        elif key == "Escape":
            if self.lifted is not None:
                self.drop_lift()
            elif not page.skip():
                return
        elif key in ("i", "I"):
            page.show_hint()
        elif key in ("k", "K"):
            page.claim()
        elif key in ("u", "U"):  # Shift+U and Caps Lock too: the guide says U undoes
            page.undo()
        elif key in ("r", "R"):
            page.redo()
        elif key in ("n", "N"):
            page.ask_new_game()
        elif key in ("m", "M"):
            page.toggle_mute()
        elif key == "?":
            page.dialogs.open_help("controls")
        elif key in ("l", "L"):
            page.dialogs.show_last_trick()
            self.ear.call("key", "l")  # said too
        elif len(key) == 1 and key.lower() in "shdctgpv":  # a suit's key (Shift: what is out), a question
            self.ear.call("key", key.upper() if evt.shiftKey else key.lower())
        else:
            if len(key) == 1 and page.skip():
                evt.preventDefault()
            return
        evt.preventDefault()

    def move_focus(self, key: str) -> None:
        """Move the focus ring along your hand (from anywhere: the first key lands on the hand)."""
        cards = list(self.page.el("hand").querySelectorAll("button.card"))
        if not cards:
            return
        active = self.page.doc.activeElement
        i = next((k for k, c in enumerate(cards) if c == active), -1)
        if i < 0:
            j = next((k for k, c in enumerate(cards) if c.getAttribute("tabindex") == "0"), 0)
        elif key == "Home":
            j = 0
        elif key == "End":
            j = len(cards) - 1
        elif key == "ArrowLeft":
            j = max(0, i - 1)
        elif key == "ArrowRight":
            j = min(len(cards) - 1, i + 1)
        else:
            j = i
        self.set_focus_card(str(cards[j].getAttribute("data-card")))

    def set_focus_card(self, card: str, move: bool = True) -> None:
        """Put ``card`` in the tab order (the only card there) and, with ``move``, focus it."""
        self.focus_card = card
        hand = self.page.el("hand")  # (the buttons that change only: each call to the page costs)
        for button in hand.querySelectorAll('button.card[tabindex="0"]'):
            if button.getAttribute("data-card") != card:
                button.setAttribute("tabindex", "-1")
        mine = hand.querySelector(f'button.card[data-card="{card}"]')
        if mine is not None and mine.getAttribute("tabindex") != "0":
            mine.setAttribute("tabindex", "0")
        button = self.card_button(card)
        if move and button:
            focus_on(button)

    def mark_hint(self, hint: Hint | None) -> None:
        """Ring the hinted card, show and say it with its reason; a touch lifts it (one more tap plays it)."""
        page = self.page
        if hint is None:
            return
        card = hint.action
        self.hint_card = card
        for button in page.el("hand").querySelectorAll("button.hint"):
            button.classList.remove("hint")
            button.removeAttribute("data-hint")
        button = self.card_button(card)
        button.classList.add("hint")
        button.setAttribute("data-hint", "1")
        view = page.table.view()
        shown = view.card(card)  # forms: or your dummy's
        name = shown.name if shown is not None else card
        page.say(f"Hint: play the {name}. {hint.reason}")
        page.set_status(f"Hint: the {name}", "hint")
        self.show_reason(button, hint.reason)
        if self.pointer in ("touch", "pen"):
            self.lift(card)  # one more tap plays it
        active = page.doc.activeElement
        keyboard = page.el("hand").contains(active) or active == page.body or active == page.el("hint-btn")
        self.set_focus_card(card, move=keyboard and self.pointer not in ("touch", "pen"))

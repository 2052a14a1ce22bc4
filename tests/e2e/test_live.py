"""A live table between devices in Chromium (issue 39, part 3): the host's page is the table and
the referee, each guest's page a device of its own (another browser context: its own storage),
connected over WebRTC with no ICE server, through the codes alone, carried from page to page as a
person carries them (the invitation link, the answer code pasted).

Two devices play a Classic hand. Every message the guest's page receives is read: none
holds a card of another hand before that card is played. Mid-hand, the guest's page sends what a
hostile or broken page might (a card out of turn, another seat's card, a card it does not hold, an
unknown type, a huge message, a deep one, a flood): each is refused with a reason, and the host's
saved game is unchanged. Then the guest's page is reloaded (its connection drops): the host's page
says so and the table waits; invited again, the guest comes back to the game where it stands. The
host's page is reloaded too: the game is restored and its guest invited again, and they play on.
Four devices (one host, three guests) play a whole hand, each page's summary telling it from its
own side. Contract Whist's guest bids from its own page, and the host deals the next hand. axe
checks the invitation and the answer at every impact; screenshots at 390x844, 844x390 and 1366x768.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import shot
from tests.e2e.test_a11y import violations
from tests.test_referee import cards_in
from whist.table.view_data import view_of

if TYPE_CHECKING:
    from tests.e2e.conftest import GamePage, SharedPageFactory

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True}
SMALL = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
WAIT = 30_000

#: Every text message a page's data channels receive, kept in ``window.__heard``, and the
#: channels in ``window.__channels`` (for a test to send what a hostile page would).
HEAR = """window.__heard = []; window.__channels = [];
if (!window.__lvHook) { window.__lvHook = true;
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    window.__channels.push(channel);
    channel.addEventListener("message", (e) => window.__heard.push(String(e.data)));
    return channel;
  };
}"""

#: The page may play now: a card of its hand is enabled.
CAN_PLAY = """() => document.body.dataset.phase === 'play'
    && !!document.querySelector('#hand button.card[aria-disabled="false"]')"""
#: The hand is over on this page (its summary shows).
OVER = "() => document.body.dataset.phase !== 'play' && !document.querySelector('#summary').hidden"


def host_a_live_table(anna: GamePage, guests: dict[str, str], game: str = "classic") -> None:
    """Anna's New game dialog: ``game``, the ``guests`` (seat -> name) on their own devices."""
    anna.open("?pace=instant&seed=5", script=HEAR)
    anna.click("#new-game")
    anna.check(f'#ng-choices input[name=game][value={game}]')
    anna.fill(f"#name-{game}-S", "Anna")
    for seat, name in guests.items():
        anna.select_option(f"#who-{game}-{seat}", "person")
        anna.fill(f"#name-{game}-{seat}", name)
    anna.select_option(f"#where-{game}", "live")
    anna.click("#confirm-ok")
    anna.wait_for_selector("#live[open] .lv-guests", timeout=WAIT)


def invite(anna: GamePage, name: str) -> str:
    """Anna invites ``name`` (again, after a drop): the invitation link on show."""
    anna.wait_for_selector("#live[open]")
    anna.locator("#live button[data-act=invite]", has_text=re.compile(f"^Invite {name}( again)?$")).click()
    anna.wait_for_selector("#lv-link")
    anna.wait_for_selector("#lv-qr svg")
    return anna.input_value("#lv-link")


def answer(guest: GamePage, link: str, keep: bool = False) -> str:
    """The guest's device opens the invitation link: its answer code."""
    guest.open("?pace=instant#" + link.split("#", 1)[1], script=HEAR, keep=keep)
    guest.wait_for_selector("#live[open] #lv-code", timeout=WAIT)
    guest.wait_for_selector("#lv-qr svg")
    return guest.input_value("#lv-code")


def connect(anna: GamePage, guest: GamePage, code: str) -> None:
    """Anna pastes the guest's answer: both pages connect, and the guest's shows the host's table."""
    anna.fill("#lv-answer", code)
    anna.keyboard.press("Enter")  # (the answer box's Enter connects)
    guest.wait_for_function("() => !document.querySelector('#live[open]')", timeout=WAIT)
    guest.wait_for_selector("#hand button.card", timeout=WAIT)


def join(anna: GamePage, guest: GamePage, name: str, keep: bool = False) -> None:
    connect(anna, guest, answer(guest, invite(anna, name), keep=keep))


def turn(seats: dict[str, GamePage]) -> GamePage | None:
    """The page of the person to play now (None once the hand is over), as the pages show it: the
    host's table decides, and a guest's page enables its cards only once the host's view says so.
    The page of the seat the host's page names (``data-to-play``, which may lag a moment) is
    waited on first, then each page in turn, a moment each, until one may play."""
    host = seats["S"]
    for _ in range(400):
        named = seats.get(host.get_attribute("body", "data-to-play") or "")
        order = ([named] if named else []) + [page for page in seats.values() if page is not named]
        for i, page in enumerate(order):
            try:
                page.wait_for_function(f"() => ({CAN_PLAY})() || ({OVER})()",
                                       timeout=2000 if named and i == 0 else 100, polling=20)
            except PlaywrightTimeout:
                continue
            if page.evaluate(CAN_PLAY):
                return page
            if host.evaluate(OVER):
                for other in seats.values():
                    other.wait_for_function(OVER, timeout=WAIT)
                return None
    raise AssertionError("no one may play, and the hand is not over")


def play_cards(seats: dict[str, GamePage], count: int | None = None) -> int:
    """Play at each person's page in turn (``seats``: seat -> page, the host's "S"), its first
    playable card, until the hand is over or ``count`` cards were played by people (then until the
    table waits for a person again); the number played."""
    played = 0
    while (page := turn(seats)) is not None and (count is None or played < count):
        card = page.evaluate("""() => { const b = document.querySelector('#hand button.card[aria-disabled="false"]');
            b.click(); return b.dataset.card; }""")
        page.wait_for_function("(c) => !document.querySelector(`#hand button.card[data-card=\"${c}\"]`)", arg=card,
                               timeout=WAIT)
        played += 1
    return played


def heard_views(page: GamePage) -> list[Any]:
    """The views the page's channels received, read back as the guest's page reads them."""
    out = []
    for text in page.evaluate("() => window.__heard"):
        message = json.loads(text)
        if message.get("t") == "view":
            out.append((text, view_of(message["view"])))
    return out


def foreign_cards(views: list[Any]) -> list[str]:
    """The cards a guest was sent before they were played, that were not its own (its hand, or a
    dummy's once face up): none may be."""
    shown: set[str] = set()  # played, or face up, so far
    leaks = []
    for text, view in views:
        own = {c.card for c in view.hand} | ({c.card for c in view.dummy.cards or ()} if view.dummy else set())
        shown |= {p.card for p in view.trick} | ({p.card for p in view.last_trick.plays} if view.last_trick else set())
        if view.turn_up is not None:
            shown.add(view.turn_up.card)
        if view.stock is not None:  # German Whist: the face-up card, and those the opponent took
            shown |= {c.card for c in view.stock.they_hold}
            if view.stock.face_up is not None:
                shown.add(view.stock.face_up.card)
            if view.stock.you_drew is not None:
                own.add(view.stock.you_drew.card)
        if view.summary is not None:
            continue  # the hand is over: every card was played
        leaks += sorted(c for c in cards_in(json.loads(text)) if c not in own and c not in shown)
    return leaks


def tricks(page: GamePage) -> tuple[int, int]:
    """The summary's tricks: (this page's side, the other), each page from its own seat."""
    return int(page.inner_text("#sum-tricks-us")), int(page.inner_text("#sum-tricks-them"))


def saved_game(page: GamePage) -> Any:
    return json.loads(page.evaluate("() => localStorage.getItem('whist:game')"))["record"]


#: What a hostile page sends, and the refusal each gets (its code).
HOSTILE = [
    ('{"v": 1, "t": "teleport"}', "unknown-type"),
    ('{"v": 1, "t": "play", "card": 7}', "bad-field"),
    ('{"v": 1, "t": "play", "card": "' + "A" * 3000 + '"}', "too-long"),
    ('{"v": 1, "t": "play", "card": {"a": {"b": {"c": 1}}}}', "too-deep"),
    ("not json at all", "not-json"),
    ('{"v": 9, "t": "hello"}', "version"),
]


def play(card: str) -> str:
    return json.dumps({"v": 1, "t": "play", "card": card})


def test_two_devices_play_on_through_both_pages_reloads(game_page: GamePage, shared_page: SharedPageFactory) -> None:
    anna = game_page
    anna.set_viewport_size({"width": 1366, "height": 768})
    host_a_live_table(anna, {"N": "Ben"})
    assert "Ben (North)" in anna.inner_text("#live") and "not connected yet" in anna.inner_text("#live")
    link = invite(anna, "Ben")
    anna.click("#lv-text")  # (a click in the dialog off its buttons does nothing)
    assert "#join=" in link and not anna.evaluate("() => document.querySelector('#lv-answer') === null")
    assert not violations(anna, "the live table's invitation")
    shot(anna, "live-invitation-desktop")

    ben = shared_page(**PHONE)
    code = answer(ben, link)
    assert not violations(ben, "the live table's answer")
    shot(ben, "live-answer-phone")
    connect(anna, ben, code)
    assert "Ben: connected" in anna.inner_text("#live-bar")
    assert "#join=" not in ben.page.url  # (a reload is Ben's own game again: the host invites him anew)
    assert ben.inner_text("#seat-S .plate").startswith("Ben") and ben.inner_text("#seat-N .plate").startswith("Anna")
    shot(ben, "live-guest-phone")

    # Some cards, then what a hostile page sends: each refused, and the host's table unchanged.
    play_cards({"S": anna, "N": ben}, count=4)
    before = saved_game(anna)
    own = ben.evaluate("() => [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card)")
    not_held = next(c for c in (r + s for r in "AKQJT98765432" for s in "SHDC") if c not in own)
    bens_turn = ben.evaluate(CAN_PLAY)
    sent = ([] if bens_turn else [(play(own[0]), "not-your-turn")]) + HOSTILE  # (a card of his own, out of turn)
    sent.append((play(not_held), "" if bens_turn else "not-your-turn"))
    heard = len(ben.evaluate("() => window.__heard"))
    ben.evaluate("(texts) => texts.forEach(t => window.__channels[0].send(t))", [t for t, _ in sent])
    ben.wait_for_function("(n) => window.__heard.length >= n", arg=heard + len(sent), timeout=WAIT)
    replies = [json.loads(t) for t in ben.evaluate("() => window.__heard")[heard:]]
    assert [r["t"] for r in replies] == ["refused"] * len(sent), replies
    assert [r["code"] for r in replies[:-1]] == [code for _, code in sent[:-1]], replies
    assert replies[-1]["code"] == sent[-1][1] or (bens_turn and replies[-1]["code"] not in ("ok", "not-your-turn"))
    assert all(len(r["reason"]) > 10 for r in replies)  # a sentence, as a player at the host's device reads
    assert saved_game(anna) == before  # the host's table is unchanged
    assert anna.evaluate("() => document.querySelector('#error').hidden")

    # Ben's page reloads: his connection drops, the host says so; invited again, he is back.
    played_before = ben.inner_text("#seat-S .plate")
    ben.restart()
    anna.wait_for_function("() => document.querySelector('#live-bar').textContent.includes('Ben: not connected')"
                           " || document.querySelector('#live-bar').textContent.includes('Waiting for Ben')",
                           timeout=WAIT)
    assert "no longer connected" in anna.inner_text("#live") or anna.locator("#live[open]").count() == 0
    if anna.locator("#live[open]").count() == 0:
        anna.click("#live-players")
    join(anna, ben, "Ben", keep=True)
    assert ben.inner_text("#seat-S .plate") == played_before  # the same hand, where it stood

    # Anna's page reloads: her game is restored, and Ben invited again.
    anna.restart()
    anna.wait_for_selector("#live[open] .lv-guests", timeout=WAIT)
    assert saved_game(anna)["actions"][: len(before["actions"])] == before["actions"]
    join(anna, ben, "Ben", keep=True)

    # Some cards more (the whole hand to its end between partners: test_four_devices_play_a_whole_hand,
    # where Cara is Anna's partner as Ben is here; the next hand dealt by the host: the Contract test's).
    assert play_cards({"S": anna, "N": ben}, count=4) == 4
    said = ben.evaluate("() => [...document.querySelectorAll('#announce p')].map(p => p.textContent)")
    assert any(re.fullmatch(r"(Anna plays|You play) the \w+ of \w+\.", t) for t in said), said  # by ear too
    assert any(t.endswith(" the trick.") for t in said), said
    before = saved_game(anna)
    heard = len(ben.evaluate("() => window.__heard"))
    ben.evaluate("() => { for (let i = 0; i < 40; i++) window.__channels[0].send('{\"v\": 1, \"t\": \"ping\"}'); }")
    ben.wait_for_function("(n) => window.__heard.slice(n).some(t => t.includes('\"flood\"'))", arg=heard,
                          timeout=WAIT)  # a flood: refused unread
    assert saved_game(anna) == before
    said = ben.evaluate("() => [...document.querySelectorAll('#announce p')].map(p => p.textContent)")
    assert said.count("Too many messages at once: wait a moment.") == 1, said  # said once, not forty times
    leaks = foreign_cards(heard_views(ben))
    assert heard_views(ben) and leaks == [], leaks
    ben.set_viewport_size({"width": 844, "height": 390})
    shot(ben, "live-guest-landscape")


#: A camera and a QR code reader for a browser that has neither: the reader finds the code in
#: ``window.__scanned`` once the test sets it; the camera is a canvas's stream, its stop noted.
SCANNER = """() => {
  window.__scanned = null; window.__cameraStopped = false;
  window.BarcodeDetector = class { constructor(options) { this.formats = options.formats; }
    async detect(source) { return window.__scanned ? [{rawValue: window.__scanned, format: "qr_code"}] : []; } };
  navigator.mediaDevices.getUserMedia = async (wanted) => {
    const canvas = document.createElement("canvas"); canvas.width = 64; canvas.height = 64;
    canvas.getContext("2d").fillRect(0, 0, 64, 64);
    const stream = canvas.captureStream(5);
    stream.getTracks().forEach(t => {
      const stop = t.stop.bind(t); t.stop = () => { window.__cameraStopped = true; stop(); }; });
    return stream; };
}"""


def test_four_devices_play_a_whole_hand(game_page: GamePage, shared_page: SharedPageFactory) -> None:
    anna = game_page
    host_a_live_table(anna, {"W": "Ben", "N": "Cara", "E": "Dan"})
    guests = [shared_page(**PHONE), shared_page(**TABLET), shared_page(**SMALL)]  # (three devices: three contexts)
    for page, name in zip(guests[:2], ("Ben", "Cara"), strict=True):
        join(anna, page, name)
    # Dan's answer is scanned with the camera: a browser with BarcodeDetector (this one has none: a
    # stand-in reads the code Dan's page shows, from a camera stream of a canvas).
    anna.evaluate(SCANNER)
    code = answer(guests[2], invite(anna, "Dan"))
    anna.evaluate("(code) => { window.__scanned = code; }", code)
    anna.click("#live button[data-act=scan]")
    guests[2].wait_for_function("() => !document.querySelector('#live[open]')", timeout=WAIT)
    guests[2].wait_for_selector("#hand button.card", timeout=WAIT)
    assert anna.evaluate("() => window.__cameraStopped")  # the camera is let go once the code is read
    assert anna.inner_text("#live-bar-text") == "Ben: connected \u00b7 Cara: connected \u00b7 Dan: connected"
    plates = [page.inner_text("#seat-S .plate") for page in guests]
    assert [p.split()[0] for p in plates] == ["Ben", "Cara", "Dan"]
    play_cards({"S": anna, "W": guests[0], "N": guests[1], "E": guests[2]})
    for page in guests:
        assert foreign_cards(heard_views(page)) == []
    ours = tricks(anna)
    assert sum(ours) == 13  # every page's summary tells the same hand, each from its seat's side:
    assert [tricks(page) for page in guests] == [ours[::-1], ours, ours[::-1]]  # Ben, Dan theirs; Cara ours


#: The host's connections give up after 2 seconds, not 15 (the test's own driver, written into the
#: page's Python: whist/web/testing.py's ``whistRun``).
SOONER = """() => window.whistRun(`
import gc
from whist.web.live_host import HostSide
for host in [o for o in gc.get_objects() if isinstance(o, HostSide) and not o.stopped]:
    host.rtc.deadline = 2.0
`)"""


def test_no_connection_is_said_plainly_and_the_game_goes_on_at_one_device(
        game_page: GamePage, shared_page: SharedPageFactory) -> None:
    anna = game_page
    host_a_live_table(anna, {"N": "Ben"})
    anna.evaluate(SOONER)
    ben = shared_page(**PHONE)
    code = answer(ben, invite(anna, "Ben"))
    ben.open("?pace=instant#deal=3")  # Ben's page goes elsewhere before Anna pastes his answer
    anna.fill("#lv-answer", code)
    anna.click("#live button[data-act=connect]")
    anna.wait_for_selector("#lv-error:not([hidden])", timeout=WAIT)
    error = anna.inner_text("#lv-error")
    assert error.startswith("No connection"), error
    assert "play on this device instead" in error and "challenge link" in error
    assert not violations(anna, "the live table's failed connection")
    shot(anna, "live-no-connection")
    anna.click("#live button[data-act=here]")  # the same game, passed between Anna and Ben
    anna.wait_for_selector("#handover[open]", timeout=WAIT)
    assert anna.is_hidden("#live-bar") and anna.locator("#live[open]").count() == 0
    assert json.loads(anna.evaluate("() => localStorage.getItem('whist:game')")).get("live") is None


#: The page may call now in the auction (its bidding box is up, its pass enabled).
CAN_CALL = """() => document.body.dataset.phase === 'auction' && !document.querySelector('#bid-box').hidden
    && !!document.querySelector('#bid-box .bid[data-call="pass"]:not([aria-disabled="true"])')"""


BID = '#bid-box .bid[data-call]:not([aria-disabled="true"]):not([data-call="pass"]):not([data-call="double"])'
PASS = '#bid-box .bid[data-call="pass"]'


def test_contract_whist_between_two_devices_the_guest_bids_from_its_own(
        game_page: GamePage, shared_page: SharedPageFactory) -> None:
    """Contract Whist: Ben's calls come from his page's bidding box, each once (the box waits for
    the host's answer before it takes another), then the contract is played out."""
    anna = game_page
    host_a_live_table(anna, {"N": "Ben"}, game="contract")
    ben = shared_page(**PHONE)
    join(anna, ben, "Ben")
    seats = {"S": anna, "N": ben}
    calls = 0
    for _ in range(400):
        if anna.get_attribute("body", "data-phase") != "auction":
            break
        for page in seats.values():
            try:
                page.wait_for_function(f"() => ({CAN_CALL})() || document.body.dataset.phase !== 'auction'",
                                       timeout=250, polling=50)
            except PlaywrightTimeout:
                continue
            if page.evaluate(CAN_CALL):
                # Ben's first call is the lowest bid his box offers (so there is a contract), then he
                # passes, as Anna does; a second press before the host answers makes no second call.
                call = BID if page is ben and not calls else PASS
                page.evaluate(f"() => document.querySelector('{call}').click()")
                if page is ben:
                    page.evaluate(f"() => {{ const b = document.querySelector('{call}'); if (b) b.click(); }}")
                calls += page is ben
            break
    assert calls >= 1 and anna.get_attribute("body", "data-phase") == "play"
    ben.wait_for_function("() => document.body.dataset.phase === 'play'", timeout=WAIT)
    sent = [json.loads(t) for t in anna.evaluate("() => window.__heard")]
    made = [m for m in sent if m.get("t") == "call"]
    refusals = [json.loads(t) for t in ben.evaluate("() => window.__heard") if '"refused"' in t]
    assert len(made) == calls and not refusals, (made, refusals)  # each of Ben's calls sent once
    contract = anna.get_attribute("#contract-tool", "data-contract")
    turned = {"N": "S", "E": "W", "S": "N", "W": "E"}  # (a guest's view is turned so that its own seat is South)
    assert contract and ben.get_attribute("#contract-tool", "data-contract") == contract[:-1] + turned[contract[-1]]
    if contract.endswith("N"):  # (Ben's bid stood)
        assert ben.inner_text("#contract-tool").endswith("by you")
        assert anna.inner_text("#contract-tool").endswith("by Ben")
    play_cards(seats)
    assert tricks(ben) == tricks(anna) and sum(tricks(anna)) == 13  # (partners: the same side)
    assert foreign_cards(heard_views(ben)) == []
    ben.click("#next-hand")  # the host deals: Ben's page says so
    ben.wait_for_function("() => [...document.querySelectorAll('#announce p')]"
                          ".some(p => p.textContent.includes('The host deals the next hand.'))")
    anna.click("#next-hand")  # the next hand, dealt there (its auction)
    ben.wait_for_function("() => document.body.dataset.phase === 'auction'", timeout=WAIT)


def test_german_whist_between_two_devices(game_page: GamePage, shared_page: SharedPageFactory) -> None:
    """German Whist for two people on two devices, through both phases: Ben's page is never sent
    a card Anna drew face down from the stock, nor any card of her hand before she plays it."""
    anna = game_page
    host_a_live_table(anna, {"N": "Ben"}, game="german")
    ben = shared_page(**PHONE)
    join(anna, ben, "Ben")
    assert play_cards({"S": anna, "N": ben}) >= 26
    assert tricks(ben) == tricks(anna)[::-1]  # (opponents: each from its own side)
    views = heard_views(ben)
    assert any(v.stock is not None and v.stock.phase == 2 for _, v in views)  # (both phases were played)
    assert foreign_cards(views) == []

"""The pieces a live table's host and guest pages share (:mod:`whist.web.live_view`): the
dialog's and the bar's markup, a code's box, the buttons, and the camera's QR reader."""

from __future__ import annotations

import asyncio
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from whist.web.live_view import LiveHostPage


#: The dialog the host's invitations and a guest's answer show in, and the line under the table.
DIALOG_HTML = (
    '<dialog id="live" class="sheet wide challenge" aria-labelledby="lv-title" aria-describedby="lv-text">'
    '<div class="sheet-head"><h2 id="lv-title">Players at your table</h2><button type="button" '
    'class="icon-btn close-btn" id="lv-close" aria-label="Close"><svg aria-hidden="true"><use href="#i-close"/>'
    '</svg></button></div><div class="ch-scroll"><p id="lv-text"></p><div id="lv-body" class="ch-body"></div>'
    '<p class="ng-error" id="lv-error" role="alert" hidden></p></div>'
    '<div class="panel-actions" id="lv-actions"></div></dialog>')
BAR_HTML = ('<p id="live-bar" class="table-note live-bar" role="status" hidden><span id="live-bar-text"></span> '
            '<button type="button" class="link-btn" id="live-players">Players</button></p>')
#: A code's box: the width of the dialog's column, its text wrapped anywhere (a code has no spaces).
BOX = ("display:block;width:100%;box-sizing:border-box;padding:8px 10px;font:inherit;font-size:.85rem;"
       "border-radius:8px;word-break:break-all;resize:vertical")
#: The most messages a guest may have waiting while the host's page is busy (more are refused unread).
INBOX = 30
INVITE_HELP = ("Send {name} this link, or let {name} scan the code. {name}'s page then shows an answer code: "
               "paste it below (or scan it), and the table connects.")
NO_SCAN = "This browser cannot read QR codes: paste the answer code instead."
INSTEAD = ("You can play on this device instead, passing it between you, or send a challenge link that each "
           "of you plays on your own.")



def share_block(text: str, label: str, field: str, qr_id: str, multiline: bool = False) -> str:
    """A code or link on show: its QR code beside it, in a box to copy."""
    box = (f'<textarea id="{field}" readonly rows="4" style="{BOX}">{escape(text)}</textarea>' if multiline
           else f'<input id="{field}" readonly value="{escape(text)}">')
    return (f'<div class="ch-share"><div class="ch-qr" id="{qr_id}" data-text="{escape(text)}"></div>'
            f'<div class="ch-link-box"><label for="{field}">{escape(label)}</label>{box}'
            f'<p class="ch-share-msg" id="lv-share-msg" role="status"></p></div></div>')


def button(label: str, act: str, arg: str = "", primary: bool = False) -> str:
    kind = "btn-primary" if primary else "btn-ghost"
    return (f'<button type="button" class="btn {kind}" data-act="{act}" data-arg="{escape(arg)}">'
            f'{escape(label)}</button>')


async def scan_code(page: LiveHostPage) -> str | None:
    """A QR code read from the camera, or None where the browser cannot (or the player says no)."""
    window = page.window
    if not getattr(window, "BarcodeDetector", None):
        return None
    from pyodide.ffi import to_js

    try:
        detector = window.BarcodeDetector.new(to_js({"formats": ["qr_code"]}, dict_converter=window.Object.fromEntries))
        stream = await window.navigator.mediaDevices.getUserMedia(
            to_js({"video": {"facingMode": "environment"}}, dict_converter=window.Object.fromEntries))
    except Exception:
        return None
    video = page.doc.createElement("video")
    video.srcObject = stream
    video.muted = True
    try:
        await video.play()
        for _ in range(150):  # about 30 seconds
            found = await detector.detect(video)
            if found.length:
                return str(found[0].rawValue)
            await asyncio.sleep(0.2)
    except Exception:
        return None
    finally:
        for track in stream.getTracks():
            track.stop()
    return None


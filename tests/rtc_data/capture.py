"""Capture real SDPs from headless Chromium for tests/test_signal_code.py (run once by hand:
``.venv/bin/python tests/rtc_data/capture.py``; it writes the ``*.sdp`` files beside it).

Two pages of one browser, with no ICE servers: an offer from a negotiated data channel (as
whist/web/rtc.py makes it), the answer to it, both after ICE gathering completes; once with
Chromium's mDNS names for local addresses (what a player's browser sends) and once without.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("WHIST_CHROMIUM", "/usr/bin/chromium")

GATHER = """async (offer) => {
  const pc = new RTCPeerConnection({iceServers: []});
  pc.createDataChannel("whist", {negotiated: true, id: 0, ordered: true});
  const done = new Promise((r) => pc.addEventListener("icegatheringstatechange",
    () => pc.iceGatheringState === "complete" && r()));
  if (offer) {
    await pc.setRemoteDescription({type: "offer", sdp: offer});
    await pc.setLocalDescription(await pc.createAnswer());
  } else {
    await pc.setLocalDescription(await pc.createOffer());
  }
  await done;
  window.kept = pc;
  return pc.localDescription.sdp;
}"""


def capture(name: str, args: list[str]) -> None:
    with sync_playwright() as p:
        extra = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        browser = p.chromium.launch(executable_path=CHROMIUM, args=args + extra)
        host, guest = browser.new_page(), browser.new_page()
        offer = host.evaluate(GATHER, None)
        answer = guest.evaluate(GATHER, offer)
        (HERE / f"{name}-offer.sdp").write_text(offer)
        (HERE / f"{name}-answer.sdp").write_text(answer)
        browser.close()


if __name__ == "__main__":
    capture("chromium-mdns", [])
    capture("chromium-ip", ["--disable-features=WebRtcHideLocalIpsWithMdns"])
    sys.exit(0)

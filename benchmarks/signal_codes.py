"""The length of a live table's connection codes (issue 39, part 3): the invitation (offer) and
the answer of whist/web/signal_code.py, for 1, 3 and 6 host candidates of IPv4, IPv6 and mDNS
names (what Chromium offers a page without camera permission), and the invitation link.

    python benchmarks/signal_codes.py [--samples 200]

Each row makes ``--samples`` descriptions as Chromium makes them (a 4-character ICE user
fragment, a 24-character password, a SHA-256 fingerprint: random), with addresses of a home
network (IPv4 in one /24; IPv6 global addresses in one /64, as a device's stable and temporary
addresses are), and prints the shortest, median and longest code, and the SDP it stands for.
Also the codes of the descriptions captured from Chromium in tests/rtc_data/. Prints figures;
never passes or fails.
"""

from __future__ import annotations

import argparse
import ipaddress
import random
import statistics
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from whist.web.signal_code import (  # noqa: E402
    ANSWER,
    ICE_CHARS,
    OFFER,
    Candidate,
    Signal,
    encode,
    invitation_link,
    read_sdp,
    sdp,
    tag,
)

PAGE = "https://someone.github.io/whist/live.html"
"""A typical address of the live-table page, for the link's length."""


def address(rng: random.Random, family: str, prefix: int, i: int) -> str:
    if family == "IPv4":
        return f"192.168.1.{(prefix + i * 7) % 250 + 2}"
    if family == "IPv6":
        net = 0x2A0104F8_0C0C_1234_0000_0000_0000_0000 | (prefix & 0xFFFF) << 64
        return str(ipaddress.IPv6Address(net | rng.getrandbits(64)))
    return f"{uuid.UUID(int=rng.getrandbits(128), version=4)}.local"


def signal(rng: random.Random, role: str, family: str, count: int) -> Signal:
    prefix = rng.randrange(1 << 16)
    if family == "mixed":  # what Chromium shows with camera permission: IPv4 and IPv6 both
        addresses = [address(rng, "IPv4" if i % 2 == 0 else "IPv6", prefix, i) for i in range(count)]
    else:
        addresses = [address(rng, family, prefix, i) for i in range(count)]
    return Signal(role, "".join(rng.choice(ICE_CHARS) for _ in range(4)),
                  "".join(rng.choice(ICE_CHARS) for _ in range(24)), "sha-256", rng.randbytes(32),
                  "actpass" if role == OFFER else "active",
                  tuple(Candidate(a, rng.randrange(32768, 61000)) for a in addresses),
                  0 if role == OFFER else rng.randrange(1 << 16))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=200, help="descriptions per row")
    args = parser.parse_args()
    rng = random.Random(39)
    print(f"{'candidates':>10} {'addresses':>9} | {'offer code (min/median/max)':>27} | "
          f"{'answer code':>16} | {'SDP':>5} | link (median)")
    for family in ("IPv4", "IPv6", "mDNS", "mixed"):
        for count in (1, 3, 6):
            offers = [len(encode(signal(rng, OFFER, family, count))) for _ in range(args.samples)]
            answers = [len(encode(signal(rng, ANSWER, family, count))) for _ in range(args.samples)]
            sdps = statistics.median(len(sdp(signal(rng, OFFER, family, count))) for _ in range(20))
            link = len(invitation_link(PAGE, "x" * int(statistics.median(offers))))
            print(f"{count:>10} {family:>9} | {min(offers):>9} {statistics.median(offers):>8g} {max(offers):>8} | "
                  f"{min(answers):>5} {statistics.median(answers):>4g} {max(answers):>5} | {sdps:>5g} | {link}")
    print("\ncaptured from headless Chromium 156 (tests/rtc_data): each 2 UDP host candidates")
    for name in ("chromium-ip", "chromium-mdns"):
        text = (ROOT / "tests/rtc_data" / f"{name}-offer.sdp").read_text()
        offer = read_sdp(text, OFFER)
        answer_text = (ROOT / "tests/rtc_data" / f"{name}-answer.sdp").read_text()
        answer = read_sdp(answer_text, ANSWER, tag(offer))
        print(f"  {name}: offer SDP {len(text)} -> code {len(encode(offer))}; "
              f"answer SDP {len(answer_text)} -> code {len(encode(answer))}; "
              f"link {len(invitation_link(PAGE, encode(offer)))}")


if __name__ == "__main__":
    main()

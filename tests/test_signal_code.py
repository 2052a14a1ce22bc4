"""The live table's connection codes (whist/web/signal_code.py): real Chromium descriptions
(tests/rtc_data/*.sdp, captured once by tests/rtc_data/capture.py) packed and rebuilt, and every
kind of bad input refused with one sentence."""

from __future__ import annotations

import base64
import ipaddress
import random
import zlib
from pathlib import Path

import pytest

from whist.web import signal_code
from whist.web.signal_code import (
    ANSWER,
    JOIN,
    OFFER,
    Candidate,
    Signal,
    SignalError,
    code_in,
    decode,
    encode,
    invitation_link,
    joining,
    read_sdp,
    sdp,
    tag,
)

DATA = Path(__file__).parent / "rtc_data"
CAPTURED = ("chromium-ip", "chromium-mdns")


def captured(name: str) -> tuple[Signal, Signal]:
    offer = read_sdp((DATA / f"{name}-offer.sdp").read_text(), OFFER)
    answer = read_sdp((DATA / f"{name}-answer.sdp").read_text(), ANSWER, tag(offer))
    return offer, answer


def sentence(text: str) -> bool:
    """One plain sentence: a capital first, a full stop last, no other full stop ending a clause."""
    return text[:1].isupper() and text.endswith(".") and ". " not in text and "\n" not in text


def refusal(text: object, role: str = OFFER) -> str:
    with pytest.raises(SignalError) as caught:
        decode(text, role)  # type: ignore[arg-type]
    assert type(caught.value) is SignalError
    message = str(caught.value)
    assert sentence(message), message
    return message


@pytest.mark.parametrize("name", CAPTURED)
def test_captured_descriptions_round_trip(name: str) -> None:
    offer, answer = captured(name)
    raw = (DATA / f"{name}-offer.sdp").read_text()
    assert offer.ufrag in raw and offer.pwd in raw and offer.setup == "actpass" and answer.setup == "active"
    assert len(offer.candidates) == 2 and {c.protocol for c in offer.candidates} == {"udp"}
    for signal in (offer, answer):
        code = encode(signal)
        assert decode(code, signal.role) == signal
        assert len(code) < 160
        # the rebuilt description says the same, and rebuilds the same code
        rebuilt = sdp(signal)
        assert read_sdp(rebuilt, signal.role, signal.reply_to) == signal
        assert encode(read_sdp(rebuilt, signal.role, signal.reply_to)) == code
    assert decode(encode(answer), ANSWER).reply_to == tag(offer)


def test_rebuilt_description_is_a_data_channel_session() -> None:
    offer, _ = captured("chromium-ip")
    text = sdp(offer)
    lines = text.split("\r\n")
    assert text.endswith("\r\n") and lines[0] == "v=0"
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in lines
    assert [line for line in lines if line.startswith("m=")] == ["m=application 9 UDP/DTLS/SCTP webrtc-datachannel"]
    for needed in ("a=mid:0", "a=group:BUNDLE 0", "a=sctp-port:5000", "a=setup:actpass", f"a=ice-ufrag:{offer.ufrag}",
                   f"a=ice-pwd:{offer.pwd}"):
        assert needed in lines
    candidates = [line for line in lines if line.startswith("a=candidate:")]
    assert candidates[0].endswith("192.0.2.2 56610 typ host") and "fd00::2 37792 typ host" in candidates[1]
    priorities = [int(line.split()[3]) for line in candidates]
    assert priorities == sorted(priorities, reverse=True)  # the browser's order kept


def test_only_what_a_data_channel_needs_is_kept() -> None:
    text = (DATA / "chromium-ip-offer.sdp").read_text()
    extra = ("a=candidate:9 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\n"
             "a=candidate:10 1 tcp 1518280447 192.0.2.2 40001 typ host tcptype passive generation 0\n"
             "a=candidate:11 1 udp 1686052607 203.0.113.9 61000 typ srflx raddr 192.0.2.2 rport 56610\n"
             "a=candidate:12 2 udp 2113937150 192.0.2.2 56611 typ host\n"
             "a=candidate:13 1 udp 2113937151 not_a_host! 5000 typ host\n")
    text = text.replace("a=ice-ufrag", extra + "a=ice-ufrag")
    signal = read_sdp(text, OFFER)
    assert signal.candidates == (Candidate("192.0.2.2", 56610), Candidate("fd00::2", 37792),
                                 Candidate("192.0.2.2", 40001, "tcp"))
    assert decode(encode(signal), OFFER) == signal
    assert "tcp 2130705919 192.0.2.2 40001 typ host tcptype passive" in sdp(signal)


def test_a_firefox_like_offer() -> None:
    """Firefox puts the fingerprint at the session level and lowercases it."""
    text = "\r\n".join([
        "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 7212245394367185162 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02x}" for b in range(32)),
        "a=group:BUNDLE 0", "a=ice-options:trickle", "a=msid-semantic:WMS *",
        "m=application 50912 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 192.168.1.20",
        "a=candidate:0 1 UDP 2122252543 192.168.1.20 50912 typ host",
        "a=candidate:1 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active",
        "a=candidate:2 1 UDP 2122187007 2001:db8:1:2::20 50913 typ host",
        "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        "a=ice-ufrag:ab12cd34", "a=mid:0", "a=setup:actpass", "a=sctp-port:5000", "a=max-message-size:1073741823", ""])
    signal = read_sdp(text, OFFER)
    assert signal.fingerprint == bytes(range(32)) and signal.ufrag == "ab12cd34"
    assert signal.candidates == (Candidate("192.168.1.20", 50912), Candidate("2001:db8:1:2::20", 50913))
    assert decode(encode(signal), OFFER) == signal


def synthetic(count: int, family: int, role: str = OFFER) -> Signal:
    """An offer (or answer) as Chromium makes them, with ``count`` candidates of IPv4 or IPv6."""
    rng = random.Random(count * 10 + family)
    ice = signal_code.ICE_CHARS
    addresses = [f"192.168.{rng.randrange(256)}.{rng.randrange(1, 255)}" if family == 4 else
                 str(ipaddress.ip_address(f"2001:db8:{rng.randrange(65536):x}:{i}::{rng.randrange(65536):x}"))
                 for i in range(count)]
    return Signal(role, "".join(rng.choice(ice) for _ in range(4)), "".join(rng.choice(ice) for _ in range(24)),
                  "sha-256", rng.randbytes(32), "actpass" if role == OFFER else "passive",
                  tuple(Candidate(a, rng.randrange(1024, 65536)) for a in addresses), 0 if role == OFFER else 77)


@pytest.mark.parametrize("count", [1, 3, 6, 12])
@pytest.mark.parametrize("family", [4, 6])
def test_many_candidates_round_trip(count: int, family: int) -> None:
    for role in (OFFER, ANSWER):
        signal = synthetic(count, family, role)
        code = encode(signal)
        assert decode(code, role) == signal
        assert read_sdp(sdp(signal), role, signal.reply_to) == signal
        assert len(code) <= 100 + count * 30


def test_mdns_names_and_other_names() -> None:
    signal = synthetic(1, 4)
    named = Signal(OFFER, signal.ufrag, signal.pwd, "sha-384", bytes(48), "actpass",
                   (Candidate("7e7b631c-60f7-47d2-8e38-1291f53e0c8b.local", 5000),
                    Candidate("my-laptop.local", 5001), Candidate("::1", 5002)))
    code = encode(named)
    assert decode(code, OFFER) == named


def test_links_and_pasted_text() -> None:
    offer, _ = captured("chromium-mdns")
    code = encode(offer)
    link = invitation_link("https://example.github.io/whist/?game=classic#deal=4", code)
    assert link == f"https://example.github.io/whist/?game=classic{JOIN}{code}"
    assert joining(link[link.index("#"):]) == code
    assert joining("#deal=4") is None and joining("") is None
    assert code_in(link) == code
    assert code_in(f"  Join my table: {link}  \n") == code
    assert code_in("\n".join(code[i:i + 40] for i in range(0, len(code), 40))) == code  # wrapped in a chat
    assert code_in(f"<{code}>") == code
    assert decode(f"Here: {link} see you", OFFER) == offer
    with pytest.raises(SignalError, match="There is no code here"):
        code_in("   ")


def test_bad_input_is_refused_with_one_sentence() -> None:
    offer, answer = captured("chromium-ip")
    code, reply = encode(offer), encode(answer)
    assert "another version" not in refusal("junk!*", OFFER)
    assert refusal("x" * 5000) == signal_code.TOO_LONG
    assert refusal(reply, OFFER) == signal_code.WANTED_OFFER
    assert refusal(code, ANSWER) == signal_code.WANTED_ANSWER
    assert refusal(code[:-10]) in (signal_code.CUT, signal_code.CHANGED)  # cut short
    assert refusal(encode(synthetic(3, 4))[:-8]) == signal_code.CHANGED  # (not deflated: the check fails)
    assert refusal(code[:5]) == signal_code.CUT
    assert refusal(code[:1]) == signal_code.CUT
    assert refusal("AA") == signal_code.NOT_A_CODE
    assert refusal(None) == signal_code.NOT_A_CODE
    assert refusal("https://example.org/whist/#join=").startswith("There is no code here:")
    # another version of the codes
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[0] = 2
    assert "another version of the game (code version 2; this page reads version 1)" in refusal(
        base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))
    # every single changed character is refused (or reads the same: the base64 of the last bits)
    for i in range(len(code)):
        for other in "Aa0_-":
            if other != code[i]:
                changed = code[:i] + other + code[i + 1:]
                try:
                    assert decode(changed, OFFER) == offer
                except SignalError as err:
                    assert sentence(str(err))


def test_random_junk_raises_nothing_else() -> None:
    rng = random.Random(39)
    offer, _ = captured("chromium-mdns")
    raw = base64.urlsafe_b64decode(encode(offer) + "==")
    for _ in range(3000):
        kind = rng.randrange(4)
        if kind == 0:
            text = "".join(rng.choice("ABCxyz019-_ #=:/.") for _ in range(rng.randrange(0, 300)))
        elif kind == 1:  # a well-formed frame with a junk body and a right check
            body = rng.randbytes(rng.randrange(0, 120))
            head = bytes((1, rng.randrange(128)))
            text = base64.urlsafe_b64encode(head + body + zlib.crc32(head + body).to_bytes(4, "big")).decode()
        elif kind == 2:  # a deflated junk body with a right check
            body = rng.randbytes(rng.randrange(0, 60))
            head = bytes((1, rng.randrange(128)))
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            text = base64.urlsafe_b64encode(bytes((1, head[1] | 0x80)) + packer.compress(body) + packer.flush()
                                            + zlib.crc32(head + body).to_bytes(4, "big")).decode()
        else:  # the real code with bytes changed
            changed = bytearray(raw)
            for _ in range(rng.randrange(1, 4)):
                changed[rng.randrange(len(changed))] = rng.randrange(256)
            text = base64.urlsafe_b64encode(bytes(changed)).decode()
        for role in (OFFER, ANSWER):
            try:
                decode(text.rstrip("="), role)
            except SignalError as err:
                assert sentence(str(err)), str(err)


def test_a_deflate_bomb_is_refused() -> None:
    head = bytes((1, 0))
    body = bytes(100_000)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    text = base64.urlsafe_b64encode(bytes((1, 0x80)) + packer.compress(body) + packer.flush()
                                    + zlib.crc32(head + body).to_bytes(4, "big")).decode().rstrip("=")
    assert len(text) < signal_code.MAX_TEXT
    assert refusal(text) == signal_code.CHANGED


def test_descriptions_the_game_cannot_use() -> None:
    text = (DATA / "chromium-ip-offer.sdp").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("a=candidate")]
    with pytest.raises(SignalError, match="no network address"):
        read_sdp("\n".join(lines), OFFER)
    with pytest.raises(SignalError, match="other than a data channel"):
        read_sdp(text + "m=audio 9 UDP/TLS/RTP/SAVPF 111\n", OFFER)
    with pytest.raises(SignalError, match="cannot read"):
        read_sdp(text.replace("a=ice-pwd", "a=ice-pwx"), OFFER)
    with pytest.raises(SignalError, match="cannot read"):
        read_sdp(text.replace("a=fingerprint:sha-256 76", "a=fingerprint:sha-256 7Z"), OFFER)
    with pytest.raises(SignalError):
        read_sdp(text.replace("a=fingerprint:sha-256", "a=fingerprint:md5"), OFFER)


def test_tags_tell_invitations_apart() -> None:
    tags = {tag(synthetic(n, 4)) for n in range(1, 13)} | {tag(synthetic(n, 6)) for n in range(1, 13)}
    assert len(tags) == 24

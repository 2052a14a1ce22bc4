"""The codes two pages exchange to open a live table's connection, with no server (issue 39,
part 3): an invitation (the host's WebRTC offer) and an answer (the guest's), each a short text
that fits in a link, a QR code or a chat message.

A browser's session description (SDP, complete once ICE gathering ends: no trickle) is a
kilobyte of text; a data channel needs only a few things of it: the ICE user fragment and
password, the DTLS certificate's fingerprint, the DTLS role, and the host candidates (address,
port, protocol; an address may be a browser's mDNS name, ``<uuid>.local``). :func:`encode`
packs those as bytes (the ICE strings 6 bits a character, an address in 4 or 16 bytes), deflated
when that is shorter, behind a version byte and a role byte and followed by a CRC-32, in base64url;
:func:`sdp` rebuilds a valid description of a data-channel-only session from them. An answer
carries a tag of the invitation it answers (:func:`tag`), so a host with several invitations out
knows whose answer was pasted, and one pasted for another invitation is refused.

Reading a code (:func:`decode`) refuses junk, a cut or changed code, another version's, an
answer where an invitation is wanted (or the reverse) and text far too long, each with one
sentence for the player (:class:`SignalError`), and nothing else.

>>> offer = Signal(OFFER, "Y9aH", "sk4IQUhboVNkrgGdoh0hngZM", "sha-256", bytes(range(32)), "actpass",
...                (Candidate("192.0.2.2", 56610),))
>>> code = encode(offer)
>>> len(code), decode(code, OFFER) == offer
(92, True)
>>> code_in(invitation_link("/whist/?game=classic#deal=3", code)) == code
True
>>> try:
...     decode(code, ANSWER)
... except SignalError as err:
...     print(err)
This is an invitation, not an answer: paste the answer code the guest's page shows.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
import zlib
from dataclasses import dataclass

VERSION = 1
"""The codes' own format (not the live-table protocol's version: docs/live-table.md)."""
OFFER = "offer"
ANSWER = "answer"
JOIN = "#join="
"""An invitation link is the live-table page's address with this fragment and the code."""
MAX_TEXT = 4000
"""The longest text read as a code or a link: a code with every candidate is under 400."""
MAX_CANDIDATES = 12
MAX_BODY = 1024
"""The most bytes a code's body may inflate to (a code of 12 IPv6 candidates holds ~290)."""

#: The hash functions of a DTLS fingerprint, by their index in a code, and their lengths.
HASHES: tuple[tuple[str, int], ...] = (("sha-256", 32), ("sha-384", 48), ("sha-512", 64), ("sha-1", 20))
SETUPS = ("actpass", "active", "passive")
#: ICE's characters (RFC 8445: letters, digits, "+" and "/"): 6 bits each in a code.
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ICE_INDEX = {c: i for i, c in enumerate(ICE_CHARS)}
_CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")
_HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
                        r"[A-Za-z0-9])?)*")
_IPV4, _IPV6, _MDNS, _NAME = range(4)
_TCP = 4
_DEFLATED = 0x80

# The sentences (one each) a player may read.
NOT_A_CODE = "This is not a connection code of the game: copy the whole code, or the whole link, again."
CUT = "This code is cut short: copy the whole code, or the whole link, again."
CHANGED = ("This code has been changed, mistyped or cut short: copy the whole code, or the whole link, "
           "again.")
TOO_LONG = "This text is far too long to be a connection code: copy only the code, or the link."
WANTED_OFFER = "This is an answer code, not an invitation: to join a table, open the link the host sent."
WANTED_ANSWER = "This is an invitation, not an answer: paste the answer code the guest's page shows."


class SignalError(ValueError):
    """Why a code or a session description cannot be used, as one sentence for the player."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A host candidate: where the other device may reach this one."""

    address: str  #: an IPv4 or IPv6 address, or an mDNS name (``<uuid>.local``)
    port: int
    protocol: str = "udp"  #: or ``"tcp"`` (a passive TCP candidate)


@dataclass(frozen=True, slots=True)
class Signal:
    """What one side's session description holds that a data channel needs."""

    role: str  #: :data:`OFFER` or :data:`ANSWER`
    ufrag: str
    pwd: str
    hash: str  #: the fingerprint's hash function, ``"sha-256"``
    fingerprint: bytes
    setup: str  #: the DTLS role: ``"actpass"`` in an offer, ``"active"`` or ``"passive"`` in an answer
    candidates: tuple[Candidate, ...]
    reply_to: int = 0  #: an answer: the :func:`tag` of the invitation it answers


def tag(offer: Signal) -> int:
    """A 16-bit tag of an invitation, carried by the answers to it."""
    return zlib.crc32(offer.ufrag.encode() + offer.fingerprint) & 0xFFFF


# --------------------------------------------------------------------------
# Session descriptions
# --------------------------------------------------------------------------


def read_sdp(text: str, role: str, reply_to: int = 0) -> Signal:
    """What a data channel needs of a complete session description of this device (``role``: an
    :data:`OFFER` or an :data:`ANSWER`): its host candidates (UDP, and passive TCP) in order."""
    values: dict[str, str] = {}
    candidates: list[Candidate] = []
    sections = 0
    for line in text.splitlines():
        key, _, value = line.strip().partition(":")
        if key.startswith("m="):
            sections += 1
            if not key.startswith("m=application"):
                raise SignalError("This connection carries something other than a data channel.")
        elif key in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup"):
            values.setdefault(key[2:], value.strip())
        elif key == "a=candidate" and (found := _candidate(value)) is not None and found not in candidates:
            candidates.append(found)
    if sections != 1 or set(values) != {"ice-ufrag", "ice-pwd", "fingerprint", "setup"}:
        raise SignalError("This browser made a connection offer the game cannot read.")
    if not candidates:
        raise SignalError("This device found no network address to offer: connect it to a network and try again.")
    name, _, hexes = values["fingerprint"].partition(" ")
    try:
        fingerprint = bytes.fromhex(hexes.replace(":", ""))
    except ValueError:
        raise SignalError("This browser made a connection offer the game cannot read.") from None
    signal = Signal(role, values["ice-ufrag"], values["ice-pwd"], name.lower(), fingerprint, values["setup"],
                    tuple(candidates[:MAX_CANDIDATES]), reply_to)
    _check(signal)
    return signal


def _candidate(value: str) -> Candidate | None:
    """A candidate line's host candidate of component 1, or None (another kind, an active TCP one)."""
    fields = value.split()
    if len(fields) < 8 or fields[1] != "1" or fields[6] != "typ" or fields[7] != "host":
        return None
    protocol = fields[2].lower()
    if protocol == "tcp":
        if "tcptype" not in fields or fields[fields.index("tcptype") + 1:][:1] != ["passive"]:
            return None
    elif protocol != "udp":
        return None
    if not fields[5].isdigit() or not 0 < int(fields[5]) < 65536:
        return None
    try:
        address = _address_text(*_address_bytes(fields[4]))  # as a code gives it back
    except ValueError:
        return None
    return Candidate(address, int(fields[5]), protocol)


def sdp(signal: Signal) -> str:
    """A complete session description of a data-channel-only session from ``signal``, for the
    other device's ``setRemoteDescription`` (its candidates in it: no trickle)."""
    session = int.from_bytes(signal.fingerprint[:7], "big") or 1
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, candidate in enumerate(signal.candidates):
        priority = (126 << 24) | ((65535 - i) << 8) | 255  # a host candidate's, in the code's order
        tcp = " tcptype passive" if candidate.protocol == "tcp" else ""
        lines.append(f"a=candidate:{i + 1} 1 {candidate.protocol} {priority} {candidate.address} "
                     f"{candidate.port} typ host{tcp}")
    fingerprint = ":".join(f"{b:02X}" for b in signal.fingerprint)
    lines += [f"a=ice-ufrag:{signal.ufrag}", f"a=ice-pwd:{signal.pwd}",
              f"a=fingerprint:{signal.hash} {fingerprint}", f"a=setup:{signal.setup}", "a=mid:0",
              "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


# --------------------------------------------------------------------------
# Codes
# --------------------------------------------------------------------------


def encode(signal: Signal) -> str:
    """``signal`` as a code: base64url of version, role and flags, the body (deflated when that
    is shorter) and a CRC-32 of the version, the role and the plain body."""
    _check(signal)
    hash_index = [name for name, _ in HASHES].index(signal.hash)
    flags = (signal.role == ANSWER) | SETUPS.index(signal.setup) << 1 | hash_index << 3
    body = bytearray()
    if signal.role == ANSWER:
        body += signal.reply_to.to_bytes(2, "big")
    for text in (signal.ufrag, signal.pwd):
        body.append(len(text))
        body += _pack_ice(text)
    body += signal.fingerprint
    body.append(len(signal.candidates))
    for candidate in signal.candidates:
        kind, raw = _address_bytes(candidate.address)
        body.append(kind | (_TCP if candidate.protocol == "tcp" else 0))
        body += candidate.port.to_bytes(2, "big")
        if kind == _NAME:
            body.append(len(raw))
        body += raw
    head = bytes((VERSION, flags))
    check = zlib.crc32(head + body).to_bytes(4, "big")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = packer.compress(bytes(body)) + packer.flush()
    if len(deflated) < len(body):
        head, body = bytes((VERSION, flags | _DEFLATED)), bytearray(deflated)
    return base64.urlsafe_b64encode(head + body + check).rstrip(b"=").decode("ascii")


def decode(text: str, role: str) -> Signal:
    """The :class:`Signal` in a code (or in a link or text holding one: :func:`code_in`) that
    must be of ``role``; :class:`SignalError` with the reason for anything else."""
    code = code_in(text)
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise SignalError(CUT if len(code) % 4 == 1 else NOT_A_CODE) from None
    if not data:
        raise SignalError(NOT_A_CODE)
    if data[0] != VERSION:
        if 1 < data[0] < 16:
            raise SignalError(f"This code was made by another version of the game (code version {data[0]}; "
                              f"this page reads version {VERSION}): open the game's page again on both "
                              "devices, so that both have the same version.")
        raise SignalError(NOT_A_CODE)
    if len(data) < 8:
        raise SignalError(CUT)
    flags, body, check = data[1], data[2:-4], data[-4:]
    if flags & _DEFLATED:
        inflater = zlib.decompressobj(-15)
        try:
            body = inflater.decompress(body, MAX_BODY)
        except zlib.error:
            raise SignalError(CHANGED) from None
        if not inflater.eof or inflater.unconsumed_tail or inflater.unused_data:
            raise SignalError(CUT if not inflater.eof and not inflater.unconsumed_tail else CHANGED)
    if zlib.crc32(bytes((data[0], flags & ~_DEFLATED)) + body).to_bytes(4, "big") != check:
        raise SignalError(CHANGED)
    try:
        signal = _unpack(flags, body)
    except (IndexError, ValueError):
        raise SignalError(CHANGED) from None
    if signal.role != role:
        raise SignalError(WANTED_OFFER if role == OFFER else WANTED_ANSWER)
    return signal


def _unpack(flags: int, body: bytes) -> Signal:
    """A :class:`Signal` from a checked body (IndexError or ValueError if it makes no sense)."""
    role = ANSWER if flags & 1 else OFFER
    setup, (hash_name, size) = SETUPS[flags >> 1 & 3], HASHES[flags >> 3 & 3]
    at = 0
    reply_to = 0
    if role == ANSWER:
        reply_to, at = int.from_bytes(body[:2], "big"), 2
    texts = []
    for _ in range(2):
        length = body[at]
        packed = (length * 6 + 7) // 8
        texts.append(_unpack_ice(body[at + 1:at + 1 + packed], length))
        at += 1 + packed
    fingerprint = body[at:at + size]
    at += size
    candidates = []
    count, at = body[at], at + 1
    for _ in range(count):
        kind = body[at]
        port = int.from_bytes(body[at + 1:at + 3], "big")
        at += 3
        family = kind & 3
        if kind & ~(_TCP | 3):
            raise ValueError("unknown kind")
        if family == _NAME:
            length, at = body[at], at + 1
        else:
            length = 4 if family == _IPV4 else 16
        raw = body[at:at + length]
        if len(raw) != length:
            raise IndexError("cut")
        at += length
        candidates.append(Candidate(_address_text(family, raw), port, "tcp" if kind & _TCP else "udp"))
    if at != len(body):
        raise ValueError("bytes left over")
    signal = Signal(role, texts[0], texts[1], hash_name, fingerprint, setup, tuple(candidates), reply_to)
    _check(signal)
    return signal


def _check(signal: Signal) -> None:
    """Refuse a signal no code can carry, or no connection could use (ValueError's SignalError)."""
    sizes = dict(HASHES)
    problem = (
        signal.role not in (OFFER, ANSWER) or signal.setup not in SETUPS
        or (signal.role == OFFER) != (signal.setup == "actpass")
        or sizes.get(signal.hash) != len(signal.fingerprint)
        or not 4 <= len(signal.ufrag) <= 255 or not 22 <= len(signal.pwd) <= 255
        or any(c not in _ICE_INDEX for c in signal.ufrag + signal.pwd)
        or not 0 < len(signal.candidates) <= MAX_CANDIDATES
        or any(not 0 < c.port < 65536 or c.protocol not in ("udp", "tcp") for c in signal.candidates)
        or not 0 <= signal.reply_to < 65536
    )
    if problem:
        raise SignalError(CHANGED if signal.candidates else
                          "This device found no network address to offer: connect it to a network and try again.")


def _pack_ice(text: str) -> bytes:
    value = 0
    for char in text:
        value = value << 6 | _ICE_INDEX[char]
    bits = len(text) * 6
    pad = -bits % 8
    return (value << pad).to_bytes((bits + pad) // 8, "big")


def _unpack_ice(raw: bytes, length: int) -> str:
    packed = (length * 6 + 7) // 8
    if len(raw) != packed:
        raise IndexError("cut")
    value = int.from_bytes(raw, "big") >> (packed * 8 - length * 6)
    return "".join(ICE_CHARS[value >> (6 * i) & 63] for i in reversed(range(length)))


def _address_bytes(address: str) -> tuple[int, bytes]:
    """An address's kind and bytes (ValueError for one a code cannot carry)."""
    lowered = address.lower()
    if lowered.endswith(".local"):
        try:
            name = uuid.UUID(lowered.removesuffix(".local"))
        except ValueError:
            pass
        else:
            if str(name) + ".local" == lowered:
                return _MDNS, name.bytes
    if ":" in address or address[:1].isdigit():
        ip = ipaddress.ip_address(address)
        return (_IPV4 if ip.version == 4 else _IPV6), ip.packed
    if len(address) > 253 or not _HOST_NAME.fullmatch(address):
        raise ValueError("not a host name")
    return _NAME, address.encode("ascii")


def _address_text(family: int, raw: bytes) -> str:
    if family == _IPV4:
        return str(ipaddress.IPv4Address(raw))
    if family == _IPV6:
        return str(ipaddress.IPv6Address(raw))
    if family == _MDNS:
        return f"{uuid.UUID(bytes=raw)}.local"
    name = raw.decode("ascii")
    _address_bytes(name)
    return name


# --------------------------------------------------------------------------
# Links and pasted text
# --------------------------------------------------------------------------


def invitation_link(page: str, code: str) -> str:
    """The invitation: the live-table page's address ``page`` (its own fragment dropped) with
    ``#join=`` and the code."""
    return page.partition("#")[0] + JOIN + code


def joining(fragment: str) -> str | None:
    """The code of an invitation link's fragment (``location.hash``), or None if it is none."""
    if not fragment.startswith(JOIN):
        return None
    return fragment.removeprefix(JOIN)


def code_in(text: str) -> str:
    """The code in what a player pasted or scanned: the code itself (line breaks and spaces in
    it ignored), or a link holding it after ``#join=``; :class:`SignalError` if there is none."""
    if not isinstance(text, str):
        raise SignalError(NOT_A_CODE)
    if len(text) > MAX_TEXT:
        raise SignalError(TOO_LONG)
    at = text.find(JOIN)
    if at >= 0:
        text = text[at + len(JOIN):]
        text = re.split(r"[&#\s]", text.strip(), maxsplit=1)[0]
    code = "".join(text.split()).strip("<>\"'")
    if not code:
        raise SignalError("There is no code here: paste the whole code, or the whole link.")
    if not _CODE_CHARS.fullmatch(code):
        raise SignalError(NOT_A_CODE)
    return code

"""The challenge link's encoding (issue 39, part 2): whist.table.challenge.

Whole deals of every game are played by the computers a challenge table would seat (your seat
by a player of your own, the others at the link's level, uncapped, seeded as the table seeds
them), written to a link and read back move for move. A link that is changed, cut short, of
another version, junk, or whose plays break the rules is refused with one sentence, and a
thousand random changes to a real link raise nothing else.
"""

from __future__ import annotations

import random

import pytest

from whist.engine.seats import Seat
from whist.table.challenge import (
    MAX_DEALS,
    Challenge,
    ChallengeError,
    choices,
    decode,
    encode,
    pack,
    replay_hand,
    seated,
)


def played(game: str, deals: int, options: dict[str, object] | None = None, seed: int = 3) -> Challenge:
    rng = random.Random(seed)
    base = Challenge(game, dict(options or {}), ("normal", "easy"),
                     tuple((rng.randrange(10**12), Seat.N) for _ in range(deals)), ())
    play = [replay_hand(base, i, seated(base, i)) for i in range(deals)]
    return base.with_play("Anna", play)


@pytest.mark.parametrize("game", ["classic", "short", "long", "american", "dummy", "contract", "german"])
def test_every_game_round_trips_move_for_move(game: str) -> None:
    challenge = played(game, 2)
    text = encode(challenge)
    back = decode(text)
    assert back == challenge and back.plays[0][0] and len(back.plays[0]) == 2


def test_a_reply_carries_both_plays() -> None:
    challenge = played("classic", 4)
    reply = decode(encode(challenge)).with_play("Ben", challenge.plays[0][:2])  # Ben has played two deals
    back = decode(encode(reply))
    assert back.names == ("Anna", "Ben") and back.plays[1] == challenge.plays[0][:2]


def test_a_four_deal_classic_challenge_fits_in_1000_characters() -> None:
    challenge = played("classic", 4)
    one, both = encode(challenge), encode(challenge.with_play("Ben", challenge.plays[0]))
    assert len(one) < 1000 and len(both) < 1000


def test_options_and_club_rules_are_carried() -> None:
    challenge = played("classic", 1, {"target": 5, "revokes": "club"})
    back = decode(encode(challenge))
    assert back.options == {"target": 5, "revokes": "club"} and back == challenge


def test_a_claim_is_one_of_the_moves() -> None:
    challenge = played("classic", 1)
    state = challenge.state(0)
    # Play until the last two tricks, then claim the rest for whoever is to play, when it is sure.
    actions = list(challenge.plays[0][0])
    for i, action in enumerate(actions):
        if len(state.tricks) == 11 and not state.trick and state.claim_proof().ok:
            claimed = (*actions[:i], "claim")
            assert "claim" in choices(state)
            back = decode(encode(challenge.with_play("Anna", [claimed])))
            assert back.plays[0][0] == claimed
            return
        state.apply(action)
    pytest.fail("no sure claim before the last two tricks of this fixed deal: the test needs another deal")


@pytest.mark.parametrize(("text", "said"), [
    ("", "not a challenge link"),
    ("hello", "not a challenge link"),
    ("1.", "cut short or has been changed"),
    ("1.!!!!", "damaged"),
    ("1.AAAA!AAAA", "characters no link of the game has"),
    ("7.AAAAAAAAAAAA", r"another version of the game \(7\)"),
    ("1." + "A" * 5000, "not a challenge link"),
])
def test_junk_and_other_versions_are_refused_with_one_sentence(text: str, said: str) -> None:
    with pytest.raises(ChallengeError, match=said):
        decode(text)


def test_a_changed_or_cut_link_is_refused() -> None:
    text = encode(played("classic", 2))
    with pytest.raises(ChallengeError, match="cut short"):
        decode(text[:-5])
    i = len(text) // 2
    changed = text[:i] + ("B" if text[i] != "B" else "C") + text[i + 1:]
    with pytest.raises(ChallengeError):
        decode(changed)


def test_plays_that_break_the_rules_cannot_be_written_or_read() -> None:
    challenge = played("classic", 1)
    with pytest.raises(ChallengeError, match="not a move of this hand"):
        pack(challenge.state(0), ("2C",) * 52)
    with pytest.raises(ChallengeError, match="not finished"):
        pack(challenge.state(0), challenge.plays[0][0][:10])
    with pytest.raises(ChallengeError, match="more deals"):
        decode(encode(Challenge("classic", {}, ("normal", "normal"), ((1, Seat.N),) * (MAX_DEALS + 1), ())))


def test_a_thousand_random_changes_raise_nothing_but_a_sentence() -> None:
    text = encode(played("contract", 2))
    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.é"
    refused = 0
    for _ in range(1000):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice(alphabet)
        try:
            decode("".join(chars))
        except ChallengeError as err:
            refused += 1
            assert str(err).endswith(".") and "\n" not in str(err)
    assert refused >= 990  # a change the CRC misses is a 1 in 4 billion chance

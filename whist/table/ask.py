"""What you may ask the table at any moment, without leaving your hand (issue 41): the trick so
far, the score and the tricks, the trump and who dealt, what is still out in a suit, the voids you
know, the last trick. Each answer is a sentence or a few, for the live region, from what your seat
may know (its :class:`~whist.engine.observation.Observation`: a card face down is never named) and
the rules' own notion of a void (a show-out is one only where the rules make it one:
:meth:`~whist.engine.observation.Observation.certain_voids`).

>>> from whist.table import Table
>>> table = Table(seed=7)
>>> ask(table, "trump")
'Hearts are trumps: East dealt and turned up the Nine of hearts.'
>>> ask(table, "last")
'No trick has been played yet this hand.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from whist.engine.cards import RANK_NAMES, SUIT_MASK, SUIT_NAMES, card_long_name, cards_high_first, rank_of
from whist.engine.seats import Seat
from whist.engine.state import Phase
from whist.engine.trick import trick_winner
from whist.table.words import plural

if TYPE_CHECKING:
    from whist.engine.observation import Observation
    from whist.table.session import Table

#: The questions, each with the words of the key help (``?``) and of How to play.
QUESTIONS: dict[str, str] = {
    "trick": "the trick so far",
    "score": "the score and the tricks",
    "trump": "the trump, the contract and who dealt",
    "suit": "what is still out in a suit: what has been played of it, and by whom",
    "voids": "the suits each player is known to hold none of",
    "last": "the last trick",
}


def ask(table: Table, question: str, suit: int | None = None) -> str:
    """The answer to ``question`` (a key of :data:`QUESTIONS`; ``"suit"`` about ``suit``, 0 to 3)
    for the person holding the device, from what that seat may know now."""
    if question not in QUESTIONS:
        raise ValueError(f"no such question: {question!r}")
    if question == "suit" and (not isinstance(suit, int) or isinstance(suit, bool) or suit not in range(4)):
        raise ValueError(f"a question about a suit names one of the four suits, not {suit!r}")
    st = table.state
    if st.phase is Phase.DRAW:
        return "The cards are not dealt yet: the draw for partners and the first deal is on."
    obs = st.observation(table.human)
    if question == "trick":
        return _trick(table, obs)
    if question == "score":
        return _score(table)
    if question == "trump":
        return _trump(table, obs)
    if question == "voids":
        return _voids(table, obs)
    if question == "last":
        return _last(table, obs)
    assert suit is not None  # checked above
    return _suit(table, obs, suit)


def _name(table: Table, seat: Seat, start: bool = False) -> str:
    """A seat as a sentence names it: "you" (or "You" to begin one), a person's name, "North"."""
    name = table.seat_name(seat)
    return name if start or seat != table.human else "you"


def _verb(table: Table, seat: Seat, verb: str) -> str:
    return verb if seat == table.human else verb + "s"


def _plays(table: Table, plays: tuple[tuple[Seat, int], ...]) -> str:
    """"West led the Four of hearts, you played the King of hearts"."""
    parts = [f"{_name(table, s)} {'led' if i == 0 else 'played'} the {card_long_name(c)}"
             for i, (s, c) in enumerate(plays)]
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


def _trick(table: Table, obs: Observation) -> str:
    st = table.state
    if st.phase is Phase.AUCTION:
        return "No trick yet: the auction is on."
    if st.phase is not Phase.PLAY:
        return "The hand is over: no trick is being played."
    number = len(obs.tricks) + 1
    if not obs.trick:
        leader = obs.leader
        return f"Trick {number}: no card played yet. {_name(table, leader, True)} {_verb(table, leader, 'lead')}."
    winner = obs.trick[trick_winner([c for _, c in obs.trick], obs.trump)][0]
    text = f"Trick {number}: {_plays(table, obs.trick)}. "
    text += f"{_name(table, winner, True)} {_verb(table, winner, 'win')} it so far."
    if obs.to_play is not None:
        text += f" {_name(table, obs.to_play, True)} to play."
    return text


def _score(table: Table) -> str:
    st, rules = table.state, table.rules
    us, them = table.side_name("us"), table.side_name("them")
    tricks, scores = table.by_side(st.tricks_won), table.by_side(st.scores)
    text = f"Tricks this hand: {us} {tricks['us']}, {them} {tricks['them']}."
    if rules.has_stock and st.stock:
        text += " Only the tricks of Phase Two count."
    text += f" Score: {us} {scores['us']}, {them} {scores['them']}; the game is to {rules.target}."
    if rules.games_to_win() > 1:
        games = table.by_side(st.games)
        text += f" Games: {us} {games['us']}, {them} {games['them']}."
    return text


def _trump(table: Table, obs: Observation) -> str:
    st = table.state
    dealer = _name(table, obs.dealer, True)
    trump = "There are no trumps" if obs.trump is None else f"{SUIT_NAMES[obs.trump].capitalize()} are trumps"
    if st.phase is Phase.AUCTION:
        return f"{dealer} dealt. The auction is on: the contract names the trumps."
    if obs.contract is not None:
        contract = obs.contract
        return (f"The contract is {contract.long_name} by {_name(table, contract.declarer)}: "
                f"{trump[0].lower() + trump[1:]}. {dealer} dealt.")
    if obs.face_up is not None:
        left = plural(obs.stock_size, "card")
        return f"{trump}. {dealer} dealt. The {card_long_name(obs.face_up)} lies face up on the stock ({left} left)."
    if obs.turn_up is not None and not table.rules.turn_up_ignored:
        return f"{trump}: {dealer} dealt and turned up the {card_long_name(obs.turn_up)}."
    return f"{trump}. {dealer} dealt."


def _ranks(cards: list[int]) -> str:
    names = [RANK_NAMES[rank_of(c)].lower() for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _suit(table: Table, obs: Observation, suit: int) -> str:
    mask = SUIT_MASK[suit]
    mine = obs.hand & mask
    text = SUIT_NAMES[suit].capitalize() + ": "
    text += f"you hold the {_ranks(list(cards_high_first(mine)))}. " if mine else "you hold none. "
    seen = mine
    for seat, cards in obs.exposed:
        if cards & mask:
            text += f"{_name(table, seat, True)}, face up, holds the {_ranks(list(cards_high_first(cards & mask)))}. "
            seen |= cards & mask
    played = []
    for where, plays in [*((f"trick {k + 1}", t.plays) for k, t in enumerate(obs.tricks)), ("this trick", obs.trick)]:
        for seat, card in plays:
            if 1 << card & mask:
                played.append(f"{_name(table, seat)} the {RANK_NAMES[rank_of(card)].lower()} ({where})")
                seen |= 1 << card
    if obs.face_up is not None and 1 << obs.face_up & mask:
        text += f"The {RANK_NAMES[rank_of(obs.face_up)].lower()} lies face up on the stock. "
        seen |= 1 << obs.face_up
    text += ("Played: " + "; ".join(played) + ". ") if played else "None played yet. "
    out = mask & ~seen
    if not out:
        return text + "No other card of the suit is left."
    return text + f"Not seen yet: the {_ranks(list(cards_high_first(out)))} ({plural(bin(out).count('1'), 'card')})."


def _suits(mask: int) -> str:
    names = [SUIT_NAMES[s] for s in range(4) if mask >> s & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _voids(table: Table, obs: Observation) -> str:
    certain = obs.certain_voids()
    shown = obs.shown_voids()
    others = [s for s in obs.seats if s != table.human]
    known = [f"{_name(table, s, True)} {'has' if s != table.human else 'have'} no {_suits(certain[s])}"
             for s in others if certain[s]]
    text = ("Known voids: " + "; ".join(known) + ".") if known else "No void is known."
    if obs.revokes_allowed and any(shown[s] for s in others):
        likely = [f"{_name(table, s, True)} of {_suits(shown[s])}" for s in others if shown[s]]
        text += (" Under club rules a show-out may be a revoke, so none is certain. Shown out: "
                 + "; ".join(likely) + ".")
    elif obs.draw_tricks and len(obs.tricks) < obs.draw_tricks:
        text += " While the stock lasts, a player who shows out may draw the suit again."
    return text


def _last(table: Table, obs: Observation) -> str:
    if not obs.tricks:
        return "No trick has been played yet this hand."
    trick = obs.tricks[-1]
    winner = _name(table, trick.winner, True)
    return (f"The last trick, trick {len(obs.tricks)}: {_plays(table, trick.plays)}. "
            f"{winner} {_verb(table, trick.winner, 'win')} it.")

"""The page's address: game, options and deal number, and what cannot be used."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from whist.engine.seats import Seat
from whist.table import Table
from whist.web.address import answers, encode_pairs, parse_address, share_fragment


def test_a_game_its_options_and_a_deal() -> None:
    start = parse_address("?game=contract&target=50&doubling=true", "#deal=123")
    assert (start.game, start.options, start.seed, start.problems) == (
        "contract", {"target": 50, "doubling": True}, 123, [])
    assert parse_address("?seed=9", "").seed == 9
    assert parse_address("?pace=instant", "").pace == "instant"


def test_bad_parts_are_reported_and_left_out() -> None:
    start = parse_address("?game=classic&target=8&colour=red", "#deal=abc&dealer=Q")
    assert start.options == {} and start.seed is None and start.dealer is None
    assert len(start.problems) == 4
    assert parse_address("?game=german&dealer=E", "").problems == [
        "'E' cannot deal in German Whist; the usual dealer deals."]


def test_a_shared_link_starts_the_same_deal() -> None:
    table = Table(seed=5, game="short", rubber=True)
    for _ in range(20):
        if table.computer_step() is None:
            table.human_play(table.hint() or "")
    fragment = share_fragment(table.game, dict(table.state.rules.options), table.state.deal_number,
                              table.state.dealer)
    start = parse_address("", fragment)
    again = Table(start.seed or 0, start.game, dealer=start.dealer, **start.options)
    assert again.state.dealt == table.state.dealt and again.state.trump == table.state.trump
    assert again.state.dealer == table.state.dealer == start.dealer
    assert "rubber=true" in fragment and "honours" not in fragment
    assert parse_address("", share_fragment("classic", {"target": 7}, 77)).seed == 77


def test_whether_the_table_answers_the_address_and_with_dealer_its_first_dealer() -> None:
    table = Table(7, "short", dealer=Seat.W)
    start = parse_address("?game=short&dealer=N", "#deal=7")
    assert answers(start, table) and not answers(start, table, dealer=True)
    assert answers(parse_address("?game=short&dealer=W", "#deal=7"), table, dealer=True)
    assert not answers(parse_address("?game=short", "#deal=8"), table)


def test_whether_the_address_asks_for_something() -> None:
    assert not parse_address("", "").asked and not parse_address("?pace=instant", "").asked
    assert parse_address("?game=german", "").asked and parse_address("", "#deal=5").asked


def test_the_query_codec_is_urllib_s() -> None:
    from urllib.parse import parse_qsl, urlencode

    from whist.web.address import encode_pairs, parse_pairs

    queries = ["", "a=1&b=2", "a=&b", "=x&&y=", "a+b=c+d%20e", "x=%C3%A9t%C3%A9", "bad=%zz%4", "k=%E2%82%AC%FF",
               "é=ü&deal=12345678901234567890", "a=b=c", "&&&", "x=%41%42%43+%2B", "half=%E2%82"]
    for query in queries:
        assert parse_pairs(query) == parse_qsl(query), query
    for pairs in ({"deal": 12, "game": "contract", "target": "50"}, {"a b": "c&d=e", "é": "~_.-/?#+%"}, {}):
        assert encode_pairs(pairs) == urlencode(pairs)
        assert dict(parse_pairs(encode_pairs(pairs))) == {k: str(v) for k, v in pairs.items()}


# --- odd addresses: every one gives a playable table and says what was wrong -------------------

def test_deal_numbers_are_ascii_digits_only() -> None:
    for number in ("²", "①", "٣", "\uff11\uff12", "12²", "1" * 19, "-3", "3.0", " 7"):
        for search, fragment in ((f"?deal={number}", ""), ("", f"#deal={number}"), (f"?seed={number}", "")):
            start = parse_address(search, fragment)
            assert start.seed is None and len(start.problems) == 1, (search, fragment)
            assert "is not a deal number" in start.problems[0]
    assert parse_address("", "#deal=007").seed == 7
    assert parse_address("", "#deal=" + "9" * 18).seed == 10**18 - 1


def test_many_bad_parts_are_told_in_a_few_lines() -> None:
    start = parse_address("?" + "&".join(f"x{i}=1" for i in range(50)), "#game=" + "z" * 500)
    assert len(start.problems) == 4 and "48 more things" in start.problems[-1]
    assert all(len(p) < 200 for p in start.problems)


ADDRESS_KEYS = st.sampled_from(["game", "deal", "seed", "dealer", "pace", "target", "honours", "rubber",
                                "doubling", "draw", "revokes"]) | st.text(max_size=8)
VALUES = st.text(max_size=30) | st.sampled_from(["classic", "german", "contract", "short", "dummy", "²", "①", "7",
                                                 "N", "E", "true", "50", "0" * 30])


def _table_for(search: str, fragment: str) -> None:
    start = parse_address(search, fragment)
    assert start.seed is None or (type(start.seed) is int and 0 <= start.seed < 10**18)
    assert all(isinstance(p, str) and len(p) < 300 for p in start.problems) and len(start.problems) <= 4
    table = Table(start.seed or 0, start.game, dealer=start.dealer, **start.options)  # the table can start
    assert table.view().hand


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(ADDRESS_KEYS, VALUES, max_size=6), st.dictionaries(ADDRESS_KEYS, VALUES, max_size=6))
def test_any_address_gives_a_table(query: dict[str, str], fragment: dict[str, str]) -> None:
    _table_for("?" + encode_pairs(query), "#" + encode_pairs(fragment))


@settings(max_examples=300, deadline=None)
@given(st.text(), st.text())
def test_any_raw_address_text_gives_a_table(search: str, fragment: str) -> None:
    _table_for(search, fragment)


#: Deal links as the code of before issue 15 read them: the game, dealer, trumps and every hand dealt.
LINKS = [
    ("#deal=42", "classic", "N", 3, (291920555683912, 2399350196536080, 1689129847900195, 123199027250308)),
    ("#deal=7&game=short&rubber=true", "short", "E", 1,
     (70517998551703, 316728413795592, 570925861191744, 3545427353831456)),
    ("#deal=123&game=contract&target=50&doubling=true", "contract", "E", None,
     (8905347236928, 3698776455774347, 162599091044864, 633318733314356)),
    # the same deal; its Phase One has no trumps since issue 37 (the turn-up's spades, before)
    ("#deal=9&game=german&trump=variable", "german", "S", None, (304575497904192, 0, 776462508610048, 0)),
    ("#deal=31&game=dummy&dealer=W", "dummy", "W", 0,
     (1548224108315692, 26548005572736, 639092233339410, 2289735280142657)),
    ("#deal=123456789012345678&game=american&no_trump=true", "american", "W", None,
     (2255718203794452, 175969642381928, 1433782576550016, 638129204644099)),
]


def test_deal_links_keep_their_deals() -> None:
    for fragment, game, dealer, trump, dealt in LINKS:
        start = parse_address("", fragment)
        assert start.problems == [] and start.game == game, fragment
        state = Table(start.seed or 0, start.game, dealer=start.dealer, **start.options).state
        assert (state.dealer.name, state.trump, tuple(state.dealt)) == (dealer, trump, dealt), fragment
        assert share_fragment(game, state.rules.options, state.deal_number,
                              start.dealer) == fragment.replace("&game=classic", ""), fragment


def test_a_pace_that_cannot_be_used_is_named_in_a_notice() -> None:
    """The README: a value that cannot be used is named in a notice, and the rest still applies."""
    start = parse_address("?pace=warp&game=short", "")
    assert start.pace is None and start.game == "short" and start.asked
    assert len(start.problems) == 1 and "'warp' is not a pace" in start.problems[0]
    assert "slow, normal, fast or instant" in start.problems[0]
    assert parse_address("?pace=fast", "").pace == "fast" and parse_address("?pace=Instant", "").problems == []
    assert parse_address("?pace=%E2%91%A0", "").problems  # any text: a notice, never an error

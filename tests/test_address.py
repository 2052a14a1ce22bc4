"""The page's address: game, options and deal number, and what cannot be used."""

from __future__ import annotations

from whist.table import Table
from whist.web.address import parse_address, share_fragment


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

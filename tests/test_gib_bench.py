"""benchmarks/gib.py, Expert against the GIB-style player (DDS through endplay, a test dependency).

Kept quick: one Contract Whist deal with a tiny time cap and 2 deals solved a card,
its log read back, and the pieces the contract mode adds (trumps, exposed cards, the log).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from whist.ai.sampling import DealSampler
from whist.ai.solver import solve_cards
from whist.cli.arena import deal_seed
from whist.engine.auction import Contract
from whist.engine.seats import Seat
from whist.engine.state import GameState, Phase

ROOT = Path(__file__).resolve().parent.parent


def load_with_dds(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as a module; the test fails, saying why, without endplay."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        pytest.fail(f"benchmarks/{name}.py solves with DDS through endplay, a test dependency: "
                    "pip install endplay==0.5.12")
    spec = importlib.util.spec_from_file_location(f"{name}_bench", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def gib() -> ModuleType:
    return load_with_dds("gib")


def test_one_contract_deal_same_contract_at_every_table_and_the_log_resumes(
        gib: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[tuple[GameState, dict[Seat, str]]] = []
    real = gib.contract_table

    def recording(game_seed: int, bidders: Any, players: Any, labels: dict[Seat, str], times: Any) -> GameState:
        state = real(game_seed, bidders, players, labels, times)
        tables.append((state, dict(labels)))
        return state

    monkeypatch.setattr(gib, "contract_table", recording)
    log = tmp_path / "gib.log"
    argv = ["--game", "contract", "--deals", "1", "--samples", "2", "--budget", "0.02", "--log", str(log)]
    gib.main(argv)
    out = capsys.readouterr().out.splitlines()

    # Deal 0 of seed 7 is bid (8 clubs by North): table one, table two, the reference table.
    assert len(tables) == 3
    states = [s for s, _ in tables]
    assert all(s.phase is Phase.HAND_OVER and len(s.tricks) == 13 for s in states)
    assert states[0].contract is not None
    assert all(s.auction == states[0].auction and s.contract == states[0].contract for s in states)
    assert states[0].actions[:len(states[0].auction)] == states[1].actions[:len(states[1].auction)]
    assert tables[0][1] == {Seat.N: "A", Seat.E: "B", Seat.S: "A", Seat.W: "B"}
    assert tables[1][1] == {Seat.N: "B", Seat.E: "A", Seat.S: "B", Seat.W: "A"}
    assert set(tables[2][1].values()) == {"R"}

    lines = log.read_text().splitlines()
    assert lines[0].startswith("# gib.py game=contract level=expert samples=2 seed=7 cap=0.02s code=")
    assert len(lines) == 2
    deal = gib.ContractDeal.parse(lines[1].split())
    assert deal.contract == states[0].contract
    assert deal.ns == tuple(s.results[-1].tricks[0] for s in states)
    declared = deal.declared
    assert declared[0] - declared[2] + declared[2] - declared[1] == deal.diff  # the roles add up to the score

    assert out[0].startswith("expert (time cap 0.02 s a card) vs GIB-style (2 deals solved by DDS), "
                             "Contract Whist, 1 duplicate deals")
    assert out[1].startswith(f"  advantage: {deal.diff:+.3f} tricks a deal")
    for start in ("  thrown in (four passes, counted 0): 0 of 1 deals", "  as declarer: ", "  in defence: ",
                  "  N-S declared (ours declared at table one): ", "  E-W declared (ours defended at table one): ",
                  "  contracts made: expert declaring ", "  expert     time per card: ",
                  "  GIB-style  time per card: "):
        assert sum(line.startswith(start) for line in out) == 1, (start, out)

    # Started again, the deal comes from the log: nothing is played, the figures are the same.
    def refuse(*args: Any) -> None:
        raise AssertionError("a deal in the log was played again")

    monkeypatch.setattr(gib, "contract_table", refuse)
    gib.main(argv)
    again = capsys.readouterr()
    assert again.out.splitlines()[1:8] == out[1:8]
    assert "(from the log)" in again.err


def test_a_classic_log_is_not_a_contract_log(gib: Any, tmp_path: Path) -> None:
    log = tmp_path / "gib.log"
    head = "# gib.py level=expert samples=10 seed=7 cap=none code=0"
    log.write_text(f"{head}\n0 1\n1 -2\n")
    assert gib.read_log(log, head) == {0: 1, 1: -2}
    with pytest.raises(SystemExit, match="another run"):
        gib.read_log(log, "# gib.py game=contract level=expert samples=10 seed=7 cap=none code=0")
    with pytest.raises(SystemExit, match="not a deal's line"):
        gib.read_log(log, head, "contract")
    contract_head = "# gib.py game=contract level=expert samples=10 seed=7 cap=none code=0"
    log.write_text(f"{contract_head}\n3 -1 5 6 6 8NTx/E\n4 0 pass\n")
    done = gib.read_log(log, contract_head, "contract")
    assert done[3].contract == Contract(8, None, Seat.E, True)
    assert done[3].declared == (7, 8, 7) and done[3].diff == -1
    assert done[4].contract is None and done[4].diff == 0
    log.write_text(f"{contract_head}\n3 1 5 6 6 8NT/E\n")  # the score does not match the tricks
    with pytest.raises(SystemExit, match="not a deal's line"):
        gib.read_log(log, contract_head, "contract")


def _contract_position(bid: str, tricks: int, extra: int) -> GameState:
    """A Contract Whist hand bid ``bid`` by the first to speak, then ``tricks`` tricks and
    ``extra`` more cards played (each the last legal card)."""
    state = GameState("contract", seed=deal_seed(7, 1))
    state.apply(bid)
    for _ in range(3):
        state.apply("pass")
    assert state.phase is Phase.PLAY
    for _ in range(4 * tricks + extra):
        state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("bid", ["7NT", "7H", "8C"])
def test_dd_values_play_to_the_contracts_trumps(gib: Any, bid: str) -> None:
    for extra in (0, 2):
        state = _contract_position(bid, 8, extra)
        assert state.contract is not None and state.trump == state.contract.strain
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        ref = solve_cards(state.hands, obs.trump, Seat(obs.leader), trick=obs.trick, sides=obs.sides)
        assert gib.dd_values(obs, state.hands) == ref
        assert gib.GibPlayer(1, 3).choose(obs) in state.legal_actions()


def test_the_gib_player_plays_cards_only(gib: Any) -> None:
    state = GameState("contract", seed=3)
    assert state.phase is Phase.AUCTION
    with pytest.raises(ValueError, match="only plays cards"):
        gib.GibPlayer(1).choose(state.observation(Seat(state.rules.next_seat(state.dealer))))


def test_the_sampler_keeps_an_exposed_hand_where_it_is() -> None:
    """The GIB-style player deals the hidden cards with DealSampler: a dummy on the table stays
    the dummy's (Dummy Whist); Contract Whist has no dummy, every other hand is hidden."""
    state = GameState("dummy", seed=4)
    state.apply(state.legal_actions()[0])  # the opening lead: the dummy goes down
    seat = state.to_play
    assert seat is not None
    obs = state.observation(seat)
    exposed = dict(obs.exposed)
    assert exposed.get(Seat.N) == state.hands[Seat.N]
    rng = random.Random(1)
    for _ in range(20):
        deal = DealSampler(obs).sample(rng)
        assert deal[Seat.N] == state.hands[Seat.N]
        assert deal[seat] == state.hands[seat]
    played = _contract_position("7S", 0, 1)
    assert all(played.observation(s).exposed == () for s in (Seat.N, Seat.E, Seat.S, Seat.W))


def test_a_variant_level_plays_and_its_log_names_it(gib: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "variant.log"
    gib.main(["--deals", "1", "--samples", "2", "--level", "hard:samples=2,playouts=3", "--budget", "0.02",
              "--log", str(log)])
    assert log.read_text().splitlines()[0].startswith(
        "# gib.py level=hard:samples=2,playouts=3 samples=2 seed=7 cap=0.02s code=")
    assert "hard:samples=2,playouts=3 (time cap 0.02 s a card) vs GIB-style" in capsys.readouterr().out
    reseeded = tmp_path / "reseeded.log"
    made: list[int] = []
    real = gib.MonteCarloPlayer

    def recording(seed: int, settings: Any) -> Any:
        made.append(seed)
        return real(seed, settings)

    monkeypatch.setattr(gib, "MonteCarloPlayer", recording)
    gib.main(["--deals", "1", "--samples", "2", "--level", "hard:samples=2", "--budget", "0.02", "--reseed", "2",
              "--log", str(reseeded)])
    assert " cap=0.02s reseed=2 code=" in reseeded.read_text().splitlines()[0]
    gs = gib.deal_seed(7, 0)
    assert sorted(made) == sorted(gs * 4 + s + 2 * gib.SALT for s in (0, 2, 1, 3))  # N-S, then E-W
    for bad, says in (("hard:leaves=7", "setting's name"), ("normal:leaf=7", "only hard and expert take changes")):
        with pytest.raises(SystemExit):
            gib.main(["--level", bad])
        assert says in capsys.readouterr().err


def test_against_log_pairs_the_deals_both_runs_hold(gib: Any, tmp_path: Path) -> None:
    head = "# gib.py level=expert samples=10 seed=7 cap=none code=0"
    mine = {0: 1, 1: -2, 2: 0, 5: 3}
    other = tmp_path / "other.log"
    other.write_text("# gib.py level=expert:playouts=60 samples=10 seed=7 cap=none code=1\n0 0\n1 -1\n2 2\n3 4\n")
    line = gib.paired_report(mine, other, head)
    # Deals 0, 1, 2 are in both: differences 1, -1, -2; mean -2/3, sd 1.5275, t(2) 4.3027.
    assert "level expert:playouts=60" not in line and "(expert:playouts=60, cap none, code 1)" in line
    assert "over the 3 deals both hold: -0.667 tricks a deal, 95% CI [-4.461, +3.128]" in line
    for header in ("# gib.py level=expert samples=10 seed=8 cap=none code=1",
                   "# gib.py game=contract level=expert samples=10 seed=7 cap=none code=1"):
        other.write_text(header + "\n0 0\n")
        with pytest.raises(SystemExit, match="not a classic log of seed 7 with 10 samples"):
            gib.paired_report(mine, other, head)
    with pytest.raises(SystemExit, match="no such log"):
        gib.paired_report(mine, tmp_path / "none.log", head)


def test_against_log_pairs_contract_runs_as_declarer_and_in_defence(gib: Any, tmp_path: Path, capsys: Any) -> None:
    head = "# gib.py game=contract level=hard:bids=True samples=10 seed=7 cap=none code=0"
    # index score ns1 ns2 ns3 contract: North-South's tricks at table one (ours N-S), two (ours E-W)
    # and the reference table. Deal 0: N-S declare 8H; deal 1: E-W declare 7S; deal 2: thrown in.
    mine = gib.read_log(_log(tmp_path / "mine.log", head, "0 1 9 8 8 8H/N", "1 -1 5 6 5 7S/E", "2 0 pass"),
                        head, "contract")
    other = _log(tmp_path / "other.log", "# gib.py game=contract level=hard samples=10 seed=7 cap=none code=1",
                 "0 0 8 8 8 8H/N", "1 0 6 6 5 7S/E", "2 0 pass", "3 2 9 7 8 9D/S")
    line = gib.paired_report(mine, other, head)
    # The scores: 1 - 0, -1 - 0, 0 - 0 over deals 0-2 (deal 3 is not in mine): mean 0, sd 1.
    assert "(hard, cap none, code 1), paired by deal over the 3 deals both hold: +0.000 tricks a deal" in line
    # As declarer (ours declaring, less the reference table): deal 0 mine 9 - 8, the other's 8 - 8;
    # deal 1 (E-W declared: 13 - N-S's tricks at table two) mine 7 - 8, the other's 7 - 8:
    # differences 1, 0. In defence (the reference table less GIB-style declaring): deal 0 mine
    # 8 - 8, the other's 8 - 8; deal 1 mine 8 - 8, the other's 8 - 7: differences 0, -1.
    assert "; as declarer +0.500 tricks a deal, 95% CI [-5.853, +6.853] over 2 deals played" in line
    assert "; in defence -0.500 tricks a deal, 95% CI [-6.853, +5.853] over 2 deals played" in line
    # A deal played in another contract pairs for the score, never as declarer or in defence.
    other.write_text(other.read_text().replace("7S/E", "7S/W"))
    line = gib.paired_report(mine, other, head)
    assert "over the 3 deals both hold" in line and "; as declarer: 1 deal(s), too few" in line
    # The same from the command line, every deal from the run's own log.
    run = _log(tmp_path / "run.log", f"# gib.py game=contract level=hard samples=10 seed=7 cap=none "
               f"code={gib.code_digest()}", "0 1 9 8 8 8H/N", "1 -1 5 6 5 7S/E", "2 0 pass")
    gib.main(["--game", "contract", "--level", "hard", "--deals", "3", "--no-cap", "--log", str(run),
              "--against-log", str(other)])
    out = capsys.readouterr().out
    assert f"against {other} (hard, cap none, code 1), paired by deal over the 3 deals both hold" in out
    assert "; in defence: 1 deal(s), too few" in out
    # A classic log is not a contract run's to pair with.
    _log(other, "# gib.py level=hard samples=10 seed=7 cap=none code=1", "0 0")
    with pytest.raises(SystemExit, match="not a contract log of seed 7 with 10 samples"):
        gib.paired_report(mine, other, head)


def _log(path: Path, header: str, *lines: str) -> Path:
    path.write_text("\n".join((header, *lines)) + "\n")
    return path


def test_against_two_logs_pairs_with_each_and_with_their_mean(gib: Any, tmp_path: Path, capsys: Any) -> None:
    head = f"# gib.py level=expert samples=10 seed=7 cap=none code={gib.code_digest()}"
    mine = tmp_path / "mine.log"
    mine.write_text(head + "\n0 1\n1 -2\n2 0\n")  # every deal from the log: nothing is played
    first, second = tmp_path / "a.log", tmp_path / "b.log"
    first.write_text("# gib.py level=expert samples=10 seed=7 cap=none code=1\n0 0\n1 -1\n2 2\n")
    second.write_text("# gib.py level=expert samples=10 seed=7 cap=none reseed=1 code=1\n0 1\n1 -3\n")
    gib.main(["--deals", "3", "--no-cap", "--log", str(mine),
              "--against-log", str(first), "--against-log", str(second)])
    out = capsys.readouterr().out
    assert f"against {first} (expert, cap none, code 1), paired by deal over the 3 deals both hold" in out
    assert f"against {second} (expert, cap none, reseed 1, code 1), paired by deal over the 2 deals" in out
    # Deals 0 and 1 are in all three: mine 1, -2 against the means 0.5, -2: differences 0.5, 0.
    # Mean 0.25, sd 0.35355, t(1) 12.7062: half width 3.1766.
    assert ("against the mean of the 2 logs, paired by deal over the 2 deals all hold: "
            "+0.250 tricks a deal, 95% CI [-2.927, +3.427]") in out
    assert "time per card: not measured (every deal from the log)" in out
    only = gib.mean_report({0: 1}, [first, second], head)
    assert only == "  against the mean of the 2 logs: 1 deal(s) in all, too few to compare"


def test_dds_cards_values_a_deal_as_the_solver_does(gib: Any) -> None:
    """The DDS stand-in for :func:`whist.ai.solver.solve_cards` that ``--dds`` puts in Expert:
    the same values on classic positions inside a trick and between tricks, near the end (where
    the project's solver is quick)."""
    for seed, played in ((3, 36), (4, 38), (5, 41)):
        state = GameState("classic", seed=seed)
        for _ in range(played):
            state.apply(state.legal_actions()[-1])
        seat = state.to_play
        assert seat is not None
        obs = state.observation(seat)
        ref = solve_cards(state.hands, obs.trump, Seat(obs.leader), trick=obs.trick, sides=obs.sides)
        assert gib.dds_cards(state.hands, obs.trump, Seat(obs.leader), trick=obs.trick, sides=obs.sides) == ref
    with pytest.raises(ValueError, match="North-South against East-West"):
        gib.dds_cards(state.hands, obs.trump, Seat(obs.leader), trick=obs.trick,
                      sides=((Seat.N, Seat.E), (Seat.S, Seat.W)))


def test_dds_expert_values_every_deal_by_dds_from_the_first_trick(gib: Any, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    calls: list[int] = []
    real = gib.dds_cards

    def counting(deal: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(sum(h.bit_count() for h in deal))
        return real(deal, *args, **kwargs)

    monkeypatch.setattr(gib.DdsExpert, "solve", staticmethod(counting))
    state = GameState("classic", seed=9)
    seat = state.to_play
    assert seat is not None
    player = gib.DdsExpert(1, gib.SETTINGS["expert"].but(exact=13, samples=4, budget=None))
    assert player.choose(state.observation(seat)) in state.legal_actions()
    assert calls and set(calls) == {52}  # whole deals at the opening lead, no playouts
    log = tmp_path / "dds.log"
    gib.main(["--deals", "1", "--samples", "2", "--level", "expert:samples=2", "--dds", "--no-cap",
              "--log", str(log)])
    assert " cap=none dds code=" in log.read_text().splitlines()[0]
    assert "expert:samples=2 valued by DDS (no time cap) vs GIB-style" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        gib.main(["--level", "normal", "--dds"])
    assert "--dds is for hard and expert" in capsys.readouterr().err


def test_gib_level_plays_the_gib_style_player_as_ours(gib: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``--level gib:N``: the GIB-style player valuing N deals; with the reference's own N and
    seeds it is the reference itself, so every deal is level."""
    gib.main(["--deals", "2", "--samples", "2", "--level", "gib:2"])
    assert "advantage: +0.000 tricks a deal" in capsys.readouterr().out
    for bad in ("gib:0", "gib:x", "gib"):
        with pytest.raises(SystemExit):
            gib.main(["--level", bad])
        assert "gib:N is the GIB-style player valuing N deals" in capsys.readouterr().err


def test_cpu_clock_counts_the_cap_in_cpu_seconds(gib: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``--cpu-clock``: the search's cap reads this process's CPU time, so a busy machine does not
    cut it short; the log's header says so; the wall clock elsewhere is left alone."""
    import time

    import whist.ai.montecarlo as montecarlo

    monkeypatch.setattr(montecarlo, "time", montecarlo.time)  # put back after the test
    log = tmp_path / "cpu.log"
    gib.main(["--deals", "1", "--samples", "2", "--level", "hard:samples=2", "--budget", "0.02", "--cpu-clock",
              "--log", str(log)])
    assert montecarlo.time.perf_counter is time.process_time
    assert time.perf_counter is not time.process_time
    assert " cap=0.02s clock=cpu code=" in log.read_text().splitlines()[0]
    assert "(time cap 0.02 s a card) (cap counted in CPU time) vs GIB-style" in capsys.readouterr().out
    for bad in (["--no-cap", "--cpu-clock"], ["--level", "normal", "--cpu-clock"]):
        with pytest.raises(SystemExit):
            gib.main(bad)
        assert "--cpu-clock counts a time cap: for hard and expert, without --no-cap" in capsys.readouterr().err

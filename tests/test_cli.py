"""The command-line tools never die on bad input: the bot answers every line and goes
on, and the tools say ``error: ...`` (exit status 2) for every bad file or argument,
never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from whist.cli import arena, records, solve
from whist.cli.bot import MAX_LINE, choose, request_of
from whist.engine.state import GameState

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, cwd=ROOT, timeout=timeout)


def call(main: Callable[[list[str]], int], args: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """A tool's ``main`` called here, as ``python -m`` calls it (a fresh interpreter costs some
    0.3 s; each tool is also run as a command below): its exit status, standard output and error.
    An exception it lets out fails the test, as its traceback would."""
    capfd.readouterr()
    try:
        status = main(args)
    except SystemExit as done:  # argparse's refusals: the status the interpreter would exit with
        status = 0 if done.code is None else done.code if isinstance(done.code, int) else 1
    out, err = capfd.readouterr()
    return status, out, err


def _good_line() -> tuple[GameState, bytes]:
    state = GameState("classic", seed=8)
    return state, json.dumps(request_of(state.observation(state.to_play))).encode()  # type: ignore[arg-type]


BAD_LINES = {
    "nested 1,500 deep": b"[" * 1500 + b"]" * 1500,
    "objects nested 10,000 deep": b"{\"a\":" * 10_000 + b"1" + b"}" * 10_000,
    "a 5,000-digit number": b'{"game": "classic", "seed": ' + b"7" * 5000 + b"}",
    "a 5,000-digit number, bare": b"9" * 5000,
    "not UTF-8": b'{"game": "\xff\xfe"}',
    "not JSON": b"{broken",
    "longer than the limit": b'{"game": "' + b"x" * (2 * MAX_LINE) + b'"}',
    "not an object": b"[1, 2, 3]",
    "a seed that is a boolean": b'{"game": "classic", "seed": true}',
}


def test_the_bot_answers_every_bad_line_and_goes_on() -> None:
    state, good = _good_line()
    lines = [*BAD_LINES.values(), good]
    result = run("-m", "whist.bot", stdin=b"\n".join(lines) + b"\n")
    assert result.returncode == 0 and result.stderr == b"", result.stderr.decode()[-2000:]
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    for what, answer in zip(BAD_LINES, answers, strict=False):
        assert set(answer) == {"error"}, (what, answer)
    assert answers[-1]["card"] in state.legal_actions()
    assert answers[-1] == choose(json.loads(good))


def test_the_bot_says_what_is_wrong_with_a_line() -> None:
    said = [json.loads(x)["error"] for x in run("-m", "whist.bot",
                                               stdin=b"\n".join(BAD_LINES.values()) + b"\n").stdout.splitlines()]
    expect = ["nests deeper than 16", "nests deeper than 16", "more than 20 digits", "more than 20 digits",
              "not UTF-8", "not JSON", f"longer than {MAX_LINE} bytes", "a JSON object", "'seed'"]
    for message, part in zip(said, expect, strict=True):
        assert part in message, (message, part)


def test_the_bot_stops_quietly_when_its_reader_goes_away() -> None:
    """``... | python -m whist.bot | head -c 0``: no BrokenPipeError traceback, status 0."""
    _, good = _good_line()
    read_end, write_end = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "whist.bot"], stdin=subprocess.PIPE, stdout=write_end,
                            stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write_end)
    os.close(read_end)  # the reader has gone before the first answer
    _, err = proc.communicate((good + b"\n") * 50, timeout=120)
    assert err == b"" and proc.returncode == 0, err.decode()


# --- python -m whist replay / pbn / review -------------------------------------------------

def _record(**changes: object) -> bytes:
    record = {"format": 1, "game": "classic", "options": {}, "seed": 0, "actions": [], **changes}
    return json.dumps(record).encode()


BAD_FILES = {
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "objects nested 3,000 deep": b'{"record":' * 3000 + b"1" + b"}" * 3000,
    "too large": b"[" + b"1," * 1_500_000 + b"1]",
    "not UTF-8": b'\xff\xfe{"format": 1}',
    "not JSON": b"{oops",
    "empty": b"",
    "a 5,000-digit seed": _record(seed=0).replace(b'"seed": 0', b'"seed": ' + b"9" * 5000),
    "a list": b"[]",
    "a record that is a number": b'{"record": 5}',
    "an option of the wrong type": _record(options={"target": [1]}),
    "a seed that is a boolean": _record(seed=True),
    "a negative seed": _record(seed=-1),
    "an action that is a list": _record(actions=[[1]]),
    "an illegal action": _record(actions=["next"]),
    "a game that is an object": _record(game={}),
    "a bad dealer": _record(dealer="Q"),
}


@pytest.mark.parametrize("command", ["replay", "pbn", "review"])
@pytest.mark.parametrize("what", list(BAD_FILES))
def test_every_bad_file_gets_an_error_line_and_status_2(
        tmp_path: Path, command: str, what: str, capfd: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(BAD_FILES[what])
    status, out, err = call(records.main, [command, str(path)], capfd)
    assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, err[-2000:]
    assert out == ""


@pytest.mark.parametrize("command", ["replay", "pbn", "review"])
def test_a_bad_file_gets_an_error_line_and_status_2_from_the_command(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(BAD_FILES["nested 100,000 deep"])
    result = run("-m", "whist", command, str(path))
    err = result.stderr.decode()
    assert result.returncode == 2 and err.startswith("error: ") and err.count("\n") == 1, err[-2000:]
    assert result.stdout == b""


def test_standard_input_and_missing_files_are_judged_alike(tmp_path: Path) -> None:
    for args, stdin in ((["-"], BAD_FILES["nested 100,000 deep"]), (["-"], BAD_FILES["not UTF-8"]),
                        ([str(tmp_path / "absent.json")], b""), ([str(tmp_path)], b"")):
        result = run("-m", "whist", "replay", *args, stdin=stdin)
        assert result.returncode == 2 and result.stderr.decode().startswith("error: "), result.stderr


# --- python -m whist.solve and python -m whist.arena ---------------------------------------

DEAL = "N:A2... K3... Q4... J5..."
SOLVE_ARGS = {
    "not a deal": ["garbage", "--trump", "S", "--leader", "N"],
    "a bad trump": [DEAL, "--trump", "X", "--leader", "N"],
    "a bad leader": [DEAL, "--trump", "S", "--leader", "Q"],
    "a bad card in the trick": [DEAL, "--trump", "S", "--leader", "N", "--trick", "ZZ"],
    "a card not held": [DEAL, "--trump", "S", "--leader", "N", "--trick", "KS"],
    "a complete trick": [DEAL, "--trump", "S", "--leader", "N", "--trick", "AS KS QS JS"],
    "bad sides": [DEAL, "--trump", "S", "--leader", "N", "--sides", "NQ-EW"],
    "a card dealt twice": ["N:A... A... - J...", "--trump", "S", "--leader", "N"],
    "a huge hand": ["N:" + "A" * 5000 + "... K... Q... J...", "--trump", "S", "--leader", "N"],
    "no node limit": [DEAL, "--trump", "S", "--leader", "N", "--node-limit", "0"],
}


@pytest.mark.parametrize("what", list(SOLVE_ARGS))
def test_the_solver_refuses_bad_arguments_with_an_error(what: str, capfd: pytest.CaptureFixture[str]) -> None:
    status, _, err = call(solve.main, SOLVE_ARGS[what], capfd)
    assert status == 2 and "error: " in err and "Traceback" not in err, err[-2000:]


def test_the_solver_command_refuses_bad_arguments_with_an_error() -> None:
    result = run("-m", "whist.solve", *SOLVE_ARGS["a huge hand"])
    err = result.stderr.decode()
    assert result.returncode == 2 and "error: " in err and "Traceback" not in err, err[-2000:]


_PY = sys.executable
ARENA_ARGS = {
    "a level misspelt": ["hardd", "normal"],
    "a bot that fails to start": [f"{_PY} -m whist.bot --level hardd", "normal"],
    "an unbalanced quote": ['"unbalanced', "normal"],
    "an empty command": ["", "normal"],
    "a bot that echoes its requests": [f"{_PY} -c \"import sys; [print(l, end='', flush=True) for l in sys.stdin]\"",
                                       "normal"],
    "a bot that exits at once": [f"{_PY} -c pass", "normal"],
    "a bot that answers deep JSON": [f"{_PY} -c \"import sys; [print('[' * 5000, flush=True) for l in sys.stdin]\"",
                                     "normal"],
    "a bot that answers an illegal card": [
        f"{_PY} -c \"import sys; [print('{{\\\"card\\\": \\\"ZZ\\\"}}', flush=True) for l in sys.stdin]\"", "normal"],
    "a negative seed": ["normal", "random", "--seed", "-1"],
}


@pytest.mark.parametrize("what", list(ARENA_ARGS))
def test_the_arena_refuses_bad_players_with_an_error(what: str, capfd: pytest.CaptureFixture[str]) -> None:
    status, _, err = call(arena.main, [*ARENA_ARGS[what], "--deals", "1", "--quiet"], capfd)
    assert status == 2 and "error: " in err and "Traceback" not in err, err[-2000:]


def test_the_arena_command_refuses_bad_players_with_an_error() -> None:
    result = run("-m", "whist.arena", *ARENA_ARGS["a bot that answers an illegal card"], "--deals", "1", "--quiet")
    err = result.stderr.decode()
    assert result.returncode == 2 and "error: " in err and "Traceback" not in err, err[-2000:]

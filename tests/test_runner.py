"""The one test command, ``python -m tests`` (tests/__main__.py), and CI's use of it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tests.__main__ as runner

ROOT = Path(__file__).resolve().parent.parent


def readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Test\n", 1)[1]
    block = re.search(r"```sh\n(.*?)\n```", section, re.S)
    assert block is not None, "the README's Test section has no command"
    return block.group(1).strip()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    command = readme_test_command()
    assert command == "python -m tests"
    lines = [
        line
        for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    # The last command CI runs is the README's (python3 is the same interpreter's name on Debian).
    assert lines[-1].replace("python3 ", "python ").startswith("exec " + command)


def test_the_venv_is_git_ignored() -> None:
    # Without the trailing slash, so that a symlinked .venv (a worktree's) is ignored too.
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".venv" in ignored and "node_modules" in ignored


def test_the_pins_are_the_test_extra() -> None:
    pins = runner.test_pins()
    assert any(pin.startswith("pytest==") for pin in pins)
    assert any(pin.startswith("playwright==") for pin in pins)
    assert all("==" in pin for pin in pins), "every test dependency is pinned"


def write_lock(root: Path, packages: dict[str, str]) -> None:
    lock = {
        "lockfileVersion": 3,
        "packages": {"": {"name": "x"}}
        | {f"node_modules/{name}": {"version": version} for name, version in packages.items()},
    }
    (root / "package-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def install(root: Path, name: str, version: str) -> None:
    where = root / "node_modules" / name
    where.mkdir(parents=True, exist_ok=True)
    (where / "package.json").write_text(json.dumps({"name": name, "version": version}), encoding="utf-8")


def test_node_modules_checked_against_every_locked_package(tmp_path: Path) -> None:
    write_lock(tmp_path, {"pyodide": "1.0.0", "@scope/tool": "2.0.0"})
    assert runner.lock_mismatches(tmp_path) == [
        "node_modules/pyodide is missing",
        "node_modules/@scope/tool is missing",
    ]
    install(tmp_path, "pyodide", "1.0.0")
    install(tmp_path, "@scope/tool", "1.9.0")
    assert runner.lock_mismatches(tmp_path) == ["node_modules/@scope/tool is 1.9.0, the lock file says 2.0.0"]
    install(tmp_path, "@scope/tool", "2.0.0")
    assert runner.lock_mismatches(tmp_path) == []


def test_the_project_node_modules_match_the_lock_after_set_up() -> None:
    # The suite runs after `python -m tests` set node_modules up (or npm ci did).
    assert runner.lock_mismatches(ROOT) == []


def test_npm_ci_runs_only_when_node_modules_differ(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_lock(tmp_path, {"pyodide": "1.0.0"})
    calls: list[list[str]] = []

    def fake_run(command: list[str], **kwargs: object) -> int:
        calls.append([str(part) for part in command])
        install(tmp_path, "pyodide", "1.0.0")
        return 0

    monkeypatch.setattr(runner, "run", fake_run)
    monkeypatch.setattr(runner.shutil, "which", lambda name: "/usr/bin/npm")
    runner.ensure_node_modules(tmp_path)
    assert calls == [["/usr/bin/npm", "ci", "--no-audit", "--no-fund"]]
    runner.ensure_node_modules(tmp_path)
    assert len(calls) == 1, "an up-to-date node_modules is left alone"


def test_a_missing_npm_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_lock(tmp_path, {"pyodide": "1.0.0"})
    monkeypatch.setattr(runner.shutil, "which", lambda name: None)
    with pytest.raises(runner.SetupError, match="npm is not on PATH"):
        runner.ensure_node_modules(tmp_path)


def test_the_venv_is_reused_while_its_pins_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    venv = tmp_path / ".venv"
    python = runner.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.write_text("", encoding="utf-8")
    installs: list[list[str]] = []

    def fake_run(command: list[str], **kwargs: object) -> int:
        installs.append([str(part) for part in command])
        return 0

    monkeypatch.setattr(runner, "run", fake_run)
    assert runner.ensure_venv(ROOT, venv) == python
    assert len(installs) == 1 and installs[0][1:4] == ["-m", "pip", "install"]
    assert set(runner.test_pins()) <= set(installs[0])
    assert runner.ensure_venv(ROOT, venv) == python
    assert len(installs) == 1, "the pins are installed once, not on every run"
    stamp = json.loads((venv / runner.STAMP_NAME).read_text(encoding="utf-8"))
    stamp["pins"] = ["pytest==0.0.1"]
    (venv / runner.STAMP_NAME).write_text(json.dumps(stamp), encoding="utf-8")
    runner.ensure_venv(ROOT, venv)
    assert len(installs) == 2, "changed pins are installed again"


def test_a_failed_install_stops_with_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    venv = tmp_path / ".venv"
    python = runner.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.write_text("", encoding="utf-8")
    monkeypatch.setattr(runner, "run", lambda command, **kwargs: 1)
    with pytest.raises(runner.SetupError, match="pip could not install"):
        runner.ensure_venv(ROOT, venv)
    assert not (venv / runner.STAMP_NAME).exists()


def test_whist_chromium_comes_first_and_must_exist(tmp_path: Path) -> None:
    browser = tmp_path / "my-chromium"
    browser.write_text("#!/bin/sh\n", encoding="utf-8")
    with pytest.raises(runner.SetupError, match="not an executable"):
        runner.find_chromium(Path(sys.executable), {"WHIST_CHROMIUM": str(browser)})
    browser.chmod(0o755)
    assert runner.find_chromium(Path(sys.executable), {"WHIST_CHROMIUM": str(browser)}) == ("WHIST_CHROMIUM", browser)


def test_with_no_browser_anywhere_the_error_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "SYSTEM_CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setattr(runner, "playwright_chromium", lambda python: None)
    monkeypatch.setattr(runner, "can_apt_install", lambda: False)
    monkeypatch.setattr(runner, "playwright_download", lambda python: False)
    with pytest.raises(runner.SetupError, match="chromium") as caught:
        runner.find_chromium(Path(sys.executable), {})
    assert "WHIST_CHROMIUM" in str(caught.value)


def test_as_root_on_debian_chromium_is_installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "chromium"
    monkeypatch.setattr(runner, "SYSTEM_CHROMIUM", fake)
    monkeypatch.setattr(runner, "playwright_chromium", lambda python: None)
    monkeypatch.setattr(runner, "can_apt_install", lambda: True)

    def apt() -> bool:
        fake.write_text("", encoding="utf-8")
        fake.chmod(0o755)
        return True

    monkeypatch.setattr(runner, "apt_install_chromium", apt)
    how, path = runner.find_chromium(Path(sys.executable), {})
    assert path == fake and "installed" in how


#: A pytest run of a file in tmp_path without the plugins its test does not use: the pytest-playwright
#: and Hypothesis plugins cost about 1 s of imports in each of the three processes (main and two
#: xdist workers) that ``runner.main`` starts on two cores; the arguments still go through main.
LEAN = ["-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:playwright"]


@pytest.fixture
def set_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The set-up steps done already: main() goes straight to pytest in this interpreter."""
    monkeypatch.setattr(runner, "ensure_venv", lambda: Path(sys.executable))
    monkeypatch.setattr(runner, "ensure_node_modules", lambda: None)
    monkeypatch.setattr(runner, "find_chromium", lambda python: ("test", None))


def test_no_tests_collected_fails(set_up: None, tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    status = runner.main([str(tmp_path / "empty"), *LEAN])
    assert status == runner.NO_TESTS
    assert "collected no tests" in capfd.readouterr().err


def test_arguments_and_status_pass_through(set_up: None, tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_fails():\n    raise SystemExit(3)\n", encoding="utf-8")
    assert runner.main([str(tmp_path / "test_one.py"), *LEAN]) == 1
    (tmp_path / "test_one.py").write_text("def test_passes():\n    pass\n", encoding="utf-8")
    assert runner.main([str(tmp_path / "test_one.py"), *LEAN]) == 0


def test_a_set_up_failure_exits_2_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def broken() -> Path:
        raise runner.SetupError("pip could not install the test dependencies")

    monkeypatch.setattr(runner, "ensure_venv", broken)
    assert runner.main([]) == 2
    assert "pip could not install" in capfd.readouterr().err


def test_without_a_browser_the_fast_tests_still_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(runner, "ensure_venv", lambda: Path(sys.executable))
    monkeypatch.setattr(runner, "ensure_node_modules", lambda: None)

    def no_browser(python: Path) -> tuple[str, Path | None]:
        raise runner.SetupError("no Chromium")

    monkeypatch.setattr(runner, "find_chromium", no_browser)
    (tmp_path / "test_one.py").write_text("def test_passes():\n    pass\n", encoding="utf-8")
    assert runner.main([str(tmp_path / "test_one.py"), "-m", "not e2e", *LEAN]) == 0
    assert runner.main([str(tmp_path / "test_one.py"), "-q"]) == 2


def test_the_runner_needs_only_the_standard_library() -> None:
    source = (ROOT / "tests" / "__main__.py").read_text(encoding="utf-8")
    imported = set(re.findall(r"^\s*(?:import|from) ([a-z_]+)", source, re.M))
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported - set(sys.stdlib_module_names)
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


def test_two_workers_where_there_are_two_cores_and_the_arguments_choose_no_other_way() -> None:
    two = ["-n", "2", "--dist", "loadgroup", "--no-loadscope-reorder"]
    assert runner.workers([], cores=2) == two
    assert runner.workers(["-m", "not e2e", "-x", "tests/test_engine.py"], cores=8) == two
    assert runner.workers([], cores=1) == []
    for own in (["-n", "4"], ["-n0"], ["--numprocesses=3"], ["--pdb"], ["-p", "no:xdist"], ["--lf"], ["--co"]):
        assert runner.workers(own, cores=2) == [], own


def test_pytest_xdist_sees_the_groups() -> None:
    """The groups are given before pytest-xdist reads them (our hook runs first): every test a
    worker runs carries its group in its id, each end-to-end group runs on one worker, and the two
    groups start on the two workers. (Given after, xdist saw no group and spread the end-to-end
    tests test by test over both workers, each booting its own pages.)"""
    e2e = ["tests/e2e/test_site.py::test_mime_table_covers_static_types",
           "tests/e2e/test_site.py::test_resolve_refuses_paths_outside_the_site",
           "tests/e2e/test_site.py::test_build_refuses_a_directory_that_is_not_a_build",
           # A browser test of the first group, on a page of its own (no Python booted in it: 1 s, not 6).
           "tests/e2e/test_csp.py::test_the_watcher_sees_every_kind_of_violation"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *runner.workers([], cores=2), "-v", "-p", "no:cacheprovider",
         "-p", "no:hypothesispytest", *e2e, "tests/test_bidding.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ran = re.findall(r"^\[(gw\d+)\] .*?PASSED (tests/\S+)@(\S+)", done.stdout, re.M)
    assert len(ran) == 4 + 10, done.stdout[-3000:]
    assert {(test.split("::")[0], group) for _, test, group in ran} == {
        ("tests/e2e/test_site.py", "e2e-2"), ("tests/e2e/test_csp.py", "e2e"),
        ("tests/test_bidding.py", "test_bidding.py")}
    where = {group: {worker for worker, _, g in ran if g == group} for group in ("e2e", "e2e-2")}
    assert len(where["e2e"]) == len(where["e2e-2"]) == 1 and where["e2e"] != where["e2e-2"], ran


def test_every_end_to_end_test_is_in_one_group_and_every_other_file_in_its_own(
        pytestconfig: pytest.Config, request: pytest.FixtureRequest) -> None:
    groups = [m.args[0] for m in request.node.iter_markers("xdist_group")]
    assert groups == ["test_runner.py"]
    import tests.conftest as project

    class Item:
        def __init__(self, path: Path) -> None:
            self.path = path
            self.marks: list[pytest.MarkDecorator] = []

        def add_marker(self, mark: pytest.MarkDecorator) -> None:
            self.marks.append(mark)

    items = [Item(ROOT / "tests" / "e2e" / "test_play.py"), Item(ROOT / "tests" / "e2e" / "test_site.py"),
             Item(ROOT / "tests" / "test_engine.py")]
    project.pytest_collection_modifyitems(pytestconfig, items)  # type: ignore[arg-type]
    named = [[m.mark.args[0] for m in item.marks if m.mark.name == "xdist_group"] for item in items]
    assert named == [["e2e"], ["e2e-2"], ["test_engine.py"]]
    assert [any(m.mark.name == "e2e" for m in item.marks) for item in items] == [True, True, False]

"""Run the whole test suite on any machine: ``python -m tests [pytest arguments]``.

Standard library only, so it runs before anything is installed. It sets up
what the tests need, each step only when it is missing or out of date, then
runs pytest in that environment and exits with pytest's status:

1. a virtual environment in ``.venv/`` (git-ignored) holding the pinned
   ``test`` extra of ``pyproject.toml`` (installed again when the pins change);
2. the browser runtime and test scripts in ``node_modules/``, by ``npm ci``,
   when they are missing or differ from ``package-lock.json``;
3. Chromium for the end-to-end tests: ``$WHIST_CHROMIUM``, else Debian's
   ``/usr/bin/chromium``, else Playwright's own browser if it is already
   downloaded; failing those, as root on Debian, ``apt-get install chromium``,
   else Playwright's download (where the network allows it);
4. ``pytest`` with every argument passed through, on two worker processes
   (pytest-xdist, where the machine has two cores or more and the arguments choose no
   other way): the end-to-end tests in two halves, each on one worker, in order, sharing
   the pages it boots, and the other tests by file on whichever worker is free
   (``tests/conftest.py`` groups them). No test
   collected (pytest's exit status 5) is a failure, never a silent pass.

``python -m pytest`` keeps working for anyone whose environment already has
the test extra installed (``python -m pip install -e '.[test]'``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
#: Written into the virtual environment once the pins it holds are installed.
STAMP_NAME = "whist-test-pins.json"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
#: pytest's status when it collected no test.
NO_TESTS = 5
#: How long Playwright's own browser download may take before we give up (s).
DOWNLOAD_SECONDS = 600


class SetupError(Exception):
    """A set-up step failed; the message says what and what to do."""


def say(message: str) -> None:
    print(f"tests: {message}", flush=True)


def run(command: Sequence[str | os.PathLike[str]], **kwargs: object) -> int:
    """Run a set-up command with no standard input (CI has none); its status."""
    say("running " + " ".join(str(part) for part in command))
    return subprocess.run(command, stdin=subprocess.DEVNULL, check=False, **kwargs).returncode  # type: ignore[call-overload]


# --------------------------------------------------------------------------
# 1. The virtual environment
# --------------------------------------------------------------------------


def test_pins(root: Path = ROOT) -> list[str]:
    """The requirements of the ``test`` extra in ``pyproject.toml``."""
    import tomllib

    with (root / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    pins = project.get("optional-dependencies", {}).get("test")
    if not isinstance(pins, list) or not all(isinstance(pin, str) for pin in pins):
        raise SetupError("pyproject.toml has no [project.optional-dependencies] test list")
    return pins


def venv_python(venv: Path = VENV) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def wanted_stamp(pins: list[str], python: Path) -> dict[str, object]:
    return {"pins": pins, "python": str(python)}


def ensure_venv(root: Path = ROOT, venv: Path = VENV) -> Path:
    """Create or reuse ``.venv`` with the test extra installed; its python."""
    pins = test_pins(root)
    python = venv_python(venv)
    if not python.exists():
        say(f"creating the virtual environment {venv.relative_to(root)}/")
        import venv as venv_module

        try:
            venv_module.EnvBuilder(with_pip=True, clear=venv.exists()).create(venv)
        except (OSError, subprocess.CalledProcessError) as err:
            raise SetupError(
                f"could not create a virtual environment in {venv} ({err}).\n"
                "On Debian or Ubuntu, install the venv module first: apt-get install python3-venv"
            ) from err
    stamp = wanted_stamp(pins, python)
    try:
        current = json.loads((venv / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        current = None
    if current == stamp:
        return python
    say("installing the test dependencies: " + ", ".join(pins))
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    # --no-compile: Python compiles a module when it is first imported, not every module of every
    # package at install (22 -> 13 s here: most of what is installed is never imported by the tests).
    if run([python, "-m", "pip", "install", "--quiet", "--no-compile", *pins], cwd=root, env=env) != 0:
        raise SetupError("pip could not install the test dependencies (see its output above)")
    (venv / STAMP_NAME).write_text(json.dumps(stamp), encoding="utf-8")
    return python


# --------------------------------------------------------------------------
# 2. node_modules
# --------------------------------------------------------------------------


def lock_mismatches(root: Path = ROOT) -> list[str]:
    """How ``node_modules`` differs from ``package-lock.json`` (empty if it matches).

    Every package the lock file lists must be installed at the locked version.
    """
    lock_path = root / "package-lock.json"
    try:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SetupError(f"cannot read {lock_path.name}: {err}") from err
    packages = lock.get("packages") if isinstance(lock, dict) else None
    if not isinstance(packages, dict):
        raise SetupError(f"{lock_path.name} has no 'packages' table (lockfileVersion 2 or 3 expected)")
    problems = []
    for where, entry in packages.items():
        if not where.startswith("node_modules/") or not isinstance(entry, dict):
            continue
        manifest = root / where / "package.json"
        try:
            version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        except (OSError, ValueError, AttributeError):
            problems.append(f"{where} is missing")
            continue
        if version != entry.get("version"):
            problems.append(f"{where} is {version}, the lock file says {entry.get('version')}")
    return problems


def ensure_node_modules(root: Path = ROOT) -> None:
    problems = lock_mismatches(root)
    if not problems:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SetupError(
            "node_modules does not match package-lock.json (" + "; ".join(problems[:3]) + ") "
            "and npm is not on PATH: install Node.js with npm, then run this command again"
        )
    say("node_modules does not match package-lock.json: " + "; ".join(problems[:3]))
    if run([npm, "ci", "--no-audit", "--no-fund"], cwd=root) != 0:
        raise SetupError("`npm ci` failed (see its output above)")
    left = lock_mismatches(root)
    if left:
        raise SetupError("after `npm ci`, node_modules still differs from package-lock.json: " + "; ".join(left[:3]))


# --------------------------------------------------------------------------
# 3. Chromium
# --------------------------------------------------------------------------


def is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def playwright_chromium(python: Path) -> Path | None:
    """Playwright's own Chromium, if it has been downloaded already."""
    probe = (
        "from playwright.sync_api import sync_playwright\n"
        "with sync_playwright() as p: print(p.chromium.executable_path)\n"
    )
    try:
        done = subprocess.run(
            [python, "-c", probe], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return None
    path = Path(lines[-1])
    return path if is_executable(path) else None


def can_apt_install() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None


def apt_install_chromium() -> bool:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if run(["apt-get", "update", "-q"], env=env) != 0:
        return False
    return run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"], env=env) == 0


def playwright_download(python: Path) -> bool:
    try:
        return (
            subprocess.run(
                [python, "-m", "playwright", "install", "chromium"],
                stdin=subprocess.DEVNULL,
                timeout=DOWNLOAD_SECONDS,
                check=False,
            ).returncode
            == 0
        )
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_chromium(python: Path, environ: Mapping[str, str] | None = None) -> tuple[str, Path | None]:
    """Which Chromium the end-to-end tests will use: ``(how, path)``.

    ``path`` is None for Playwright's own browser (found or downloaded), which
    the test fixtures use when neither ``$WHIST_CHROMIUM`` nor Debian's is there.
    """
    chosen = (os.environ if environ is None else environ).get("WHIST_CHROMIUM")
    if chosen:
        if not is_executable(Path(chosen)):
            raise SetupError(f"WHIST_CHROMIUM={chosen} is not an executable file")
        return "WHIST_CHROMIUM", Path(chosen)
    if is_executable(SYSTEM_CHROMIUM):
        return "Debian's chromium", SYSTEM_CHROMIUM
    if playwright_chromium(python) is not None:
        return "Playwright's own Chromium", None
    if can_apt_install():
        say("no Chromium found: installing Debian's chromium package")
        if apt_install_chromium() and is_executable(SYSTEM_CHROMIUM):
            return "Debian's chromium (just installed)", SYSTEM_CHROMIUM
    say("no Chromium found: trying Playwright's own download")
    if playwright_download(python) and playwright_chromium(python) is not None:
        return "Playwright's own Chromium (just downloaded)", None
    raise SetupError(
        "no Chromium for the end-to-end tests. Install Debian's `chromium` package "
        "(it goes to /usr/bin/chromium), or set WHIST_CHROMIUM=/path/to/chromium, "
        "or run `.venv/bin/python -m playwright install chromium` where downloads are allowed. "
        'To run without the browser tests: python -m tests -m "not e2e"'
    )


def skips_e2e(args: Sequence[str]) -> bool:
    """Whether the pytest arguments deselect the end-to-end tests (``-m "not e2e"``)."""
    return any("not e2e" in arg for arg in args)


# --------------------------------------------------------------------------
# 4. pytest
# --------------------------------------------------------------------------


#: Arguments that choose how pytest runs the tests: given any, the command adds no workers.
OWN_WAY = ("-n", "--numprocesses", "--dist", "--pdb", "--trace", "--lf", "--sw", "--collect-only", "--co")


def workers(args: Sequence[str], cores: int | None = None) -> list[str]:
    """pytest-xdist's arguments for this run: two workers on a machine of two cores or more (each
    runs one half of the end-to-end tests, in order, and then takes other tests by file), unless the
    arguments already choose how to run (a debugger, a worker count, the last failures...)."""
    cores = os.cpu_count() if cores is None else cores
    if (cores or 1) < 2 or "no:xdist" in args or any(
            arg == way or arg.startswith(way + "=") or (way == "-n" and arg.startswith("-n"))
            for arg in args for way in OWN_WAY):
        return []
    # In the order collected (not the largest group first): the two end-to-end groups come first,
    # so that each worker starts on one of them (tests/conftest.py).
    return ["-n", "2", "--dist", "loadgroup", "--no-loadscope-reorder"]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if sys.version_info < (3, 11):  # noqa: UP036 (this runs before anything checks the version)
        print("tests: error: Python 3.11 or newer is needed", file=sys.stderr)
        return 2
    env = dict(os.environ)
    try:
        python = ensure_venv()
        ensure_node_modules()
        try:
            how, chromium = find_chromium(python)
        except SetupError:
            if not skips_e2e(args):
                raise
            say("no Chromium, but the end-to-end tests are deselected: going on without one")
        else:
            say(f"browser: {how}" + (f" ({chromium})" if chromium else ""))
            if chromium is not None and chromium != SYSTEM_CHROMIUM:
                env["WHIST_CHROMIUM"] = str(chromium)
    except SetupError as err:
        print(f"tests: error: {err}", file=sys.stderr)
        return 2
    command = [str(python), "-m", "pytest", *workers(args), *args]
    say("running " + " ".join(command[1:]))
    status = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    if status == NO_TESTS:
        print("tests: error: pytest collected no tests (exit status 5): that is a failure", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

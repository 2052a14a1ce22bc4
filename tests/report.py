"""The suite's own account of where its time goes, printed at the end of every run.

- the time of each test file (setup, call and teardown of its tests, summed), longest first,
  with the pages its tests booted;
- the wall time of the end-to-end part: from the start of the first test to the end of the last
  end-to-end test (under ``python -m tests`` both workers begin with their end-to-end half), and
  each half's summed time (the longer half sets the wall time);
- the page boots of the end-to-end tests: ``page`` (a document loaded: Python booted in the
  page), ``worker`` (a PyScript worker started: the thinker or the analyst, a Python each) and
  ``reset`` (a shared page opened again in place, ``whist/web/testing.py``: no boot);
- the CPU time the browser spent on each end-to-end file (Linux only: every process under the test
  process, the browser's included, read from ``/proc`` every 0.3 s): on a machine whose cores the
  two halves keep busy, the end-to-end wall time is about their summed CPU time over the cores,
  so this is the figure to cut.

Registered by ``tests/conftest.py``. Under pytest-xdist each worker counts its own; the
controller adds them up from the reports' ``user_properties``.
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest

#: This process's boots so far, by kind (``count_boot``).
BOOTS: Counter[str] = Counter()
_KIND_ORDER = ("page", "worker", "reset")


def count_boot(kind: str) -> None:
    BOOTS[kind] += 1


#: How many of the costliest end-to-end tests (by the browser's CPU) the summary lists.
COSTLIEST = 25


class ChildCpu:
    """CPU seconds used by the processes under this one (the browser and its renderers, its
    driver) since :meth:`start`, read from ``/proc``: a sampler thread adds up each process's
    growth, so a process that ends keeps what it used until its last sample (0.3 s)."""

    PROC = Path("/proc")

    def __init__(self) -> None:
        self.total = 0.0
        self.seen: dict[int, float] = {}
        self.lock = threading.Lock()
        self.running = False
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

    @classmethod
    def available(cls) -> bool:
        return (cls.PROC / str(os.getpid()) / "stat").is_file()

    def start(self) -> None:
        if self.running or not self.available():
            return
        self.running = True
        threading.Thread(target=self._run, name="whist-child-cpu", daemon=True).start()

    def _run(self) -> None:
        while True:
            self.sample()
            time.sleep(0.3)

    def sample(self) -> float:
        """Read every process under this one; the total so far."""
        parents: dict[int, list[int]] = defaultdict(list)
        cpu: dict[int, float] = {}
        for entry in self.PROC.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                raw = (entry / "stat").read_text()
            except OSError:
                continue
            fields = raw[raw.rindex(")") + 2:].split()
            parents[int(fields[1])].append(int(entry.name))
            cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / self.tick
        with self.lock:
            todo = list(parents.get(os.getpid(), []))
            while todo:
                pid = todo.pop()
                self.total += cpu[pid] - self.seen.get(pid, 0.0)
                self.seen[pid] = cpu[pid]
                todo += parents.get(pid, [])
            return self.total


CHILD_CPU = ChildCpu()


class Report:
    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.groups: defaultdict[str, float] = defaultdict(float)  # end-to-end time by xdist group ("@e2e-2")
        self.boots: Counter[str] = Counter()
        self.file_boots: Counter[str] = Counter()  # the pages booted in each file's tests
        self.cpu: defaultdict[str, float] = defaultdict(float)  # the browser's CPU in each end-to-end file
        self.test_cpu: defaultdict[str, float] = defaultdict(float)  # the browser's CPU in each end-to-end test
        self._cpu_at: float | None = None  # (this process) CHILD_CPU's total when its test began
        self.tests: Counter[str] = Counter()
        self._seen: Counter[str] = Counter()  # in this process: boots already handed to a report
        self.first_start: float | None = None  # (time.monotonic) when the first test began
        self.last_e2e_end: float | None = None  # when the last end-to-end test's report came

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        if "/e2e/" in item.nodeid.split("::", 1)[0]:
            CHILD_CPU.start()
            self._cpu_at = CHILD_CPU.sample() if CHILD_CPU.running else None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> None:
        if call.when != "teardown":
            return
        new = BOOTS - self._seen
        self._seen.update(new)
        if new:
            item.user_properties.append(("whist_boots", dict(new)))
        if self._cpu_at is not None:
            item.user_properties.append(("whist_cpu", CHILD_CPU.sample() - self._cpu_at))
            self._cpu_at = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        path = report.nodeid.split("::", 1)[0]
        self.seconds[path] += report.duration
        if "/e2e/" in path:
            group = report.nodeid.rpartition("@")[2]  # pytest-xdist's group, after the last "@"
            self.groups[group if group.startswith("e2e") else "e2e"] += report.duration
        now = time.monotonic()  # (a report comes as soon as its test's phase ends, from any worker)
        if self.first_start is None:
            self.first_start = now - report.duration
        if "/e2e/" in path:
            self.last_e2e_end = now
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.tests[path] += 1
        for name, value in report.user_properties:
            if name == "whist_boots" and isinstance(value, dict):
                self.boots.update(value)
                self.file_boots[path] += value.get("page", 0)
            elif name == "whist_cpu" and isinstance(value, float):
                self.cpu[path] += value
                self.test_cpu[report.nodeid.split("@", 1)[0]] += value

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.seconds:
            return
        write = terminalreporter.write_line
        terminalreporter.section("time per test file (s, summed over its tests)")
        total = sum(self.seconds.values())
        e2e = sum(s for p, s in self.seconds.items() if "/e2e/" in p)
        for path, seconds in sorted(self.seconds.items(), key=lambda kv: -kv[1]):
            booted = f"  ({self.file_boots[path]} page boots)" if self.file_boots[path] else ""
            cpu = f"  [{self.cpu[path]:.1f} s of browser CPU]" if path in self.cpu else ""
            write(f"{seconds:8.1f}  {self.tests[path]:4d} tests  {path}{booted}{cpu}")
        write(f"{total:8.1f}  in all (end-to-end {e2e:.1f}; with workers in parallel, the wall time is less)")
        if not e2e:
            return
        if self.first_start is not None and self.last_e2e_end is not None:
            write(f"the end-to-end tests took {self.last_e2e_end - self.first_start:.1f} s of wall time "
                  "(from the first test's start to the last end-to-end test's end)")
        if len(self.groups) > 1:  # the halves run side by side: the longer one sets the wall time
            halves = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in sorted(self.groups.items()))
            write(f"the end-to-end halves, summed: {halves} (keep them even: tests/conftest.py E2E_SECOND)")
        if self.cpu:
            write(f"the browser's CPU time in the end-to-end tests: {sum(self.cpu.values()):.1f} s "
                  f"(over {os.cpu_count() or 1} cores: cut this to cut their wall time); the costliest tests:")
            for nodeid, seconds in sorted(self.test_cpu.items(), key=lambda kv: -kv[1])[:COSTLIEST]:
                write(f"{seconds:8.1f}  {nodeid}")
        boots = ", ".join(f"{self.boots[k]} {k}" for k in _KIND_ORDER)
        write(f"page boots of the end-to-end tests: {boots} "
              "(page: Python booted in a page; worker: a thinker or analyst; reset: a shared page opened again)")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Report(), "whist-report")

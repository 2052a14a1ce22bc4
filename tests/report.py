"""The suite's own account of where its time goes, printed at the end of every run.

- the time of each test file (setup, call and teardown of its tests, summed), longest first,
  with the pages its tests booted;
- the wall time of the end-to-end part: from the start of the first test to the end of the last
  end-to-end test (under ``python -m tests`` both workers begin with their end-to-end half), and
  each half's summed time (the longer half sets the wall time);
- the page boots of the end-to-end tests: ``page`` (a document loaded: Python booted in the
  page), ``worker`` (a PyScript worker started: the thinker or the analyst, a Python each) and
  ``reset`` (a shared page opened again in place, ``whist/web/testing.py``: no boot).

Registered by ``tests/conftest.py``. Under pytest-xdist each worker counts its own; the
controller adds them up from the reports' ``user_properties``.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict

import pytest

#: This process's boots so far, by kind (``count_boot``).
BOOTS: Counter[str] = Counter()
_KIND_ORDER = ("page", "worker", "reset")


def count_boot(kind: str) -> None:
    BOOTS[kind] += 1


class Report:
    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.groups: defaultdict[str, float] = defaultdict(float)  # end-to-end time by xdist group ("@e2e-2")
        self.boots: Counter[str] = Counter()
        self.file_boots: Counter[str] = Counter()  # the pages booted in each file's tests
        self.tests: Counter[str] = Counter()
        self._seen: Counter[str] = Counter()  # in this process: boots already handed to a report
        self.first_start: float | None = None  # (time.monotonic) when the first test began
        self.last_e2e_end: float | None = None  # when the last end-to-end test's report came

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> None:
        if call.when != "teardown":
            return
        new = BOOTS - self._seen
        self._seen.update(new)
        if new:
            item.user_properties.append(("whist_boots", dict(new)))

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

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.seconds:
            return
        write = terminalreporter.write_line
        terminalreporter.section("time per test file (s, summed over its tests)")
        total = sum(self.seconds.values())
        e2e = sum(s for p, s in self.seconds.items() if "/e2e/" in p)
        for path, seconds in sorted(self.seconds.items(), key=lambda kv: -kv[1]):
            booted = f"  ({self.file_boots[path]} page boots)" if self.file_boots[path] else ""
            write(f"{seconds:8.1f}  {self.tests[path]:4d} tests  {path}{booted}")
        write(f"{total:8.1f}  in all (end-to-end {e2e:.1f}; with workers in parallel, the wall time is less)")
        if not e2e:
            return
        if self.first_start is not None and self.last_e2e_end is not None:
            write(f"the end-to-end tests took {self.last_e2e_end - self.first_start:.1f} s of wall time "
                  "(from the first test's start to the last end-to-end test's end)")
        if len(self.groups) > 1:  # the halves run side by side: the longer one sets the wall time
            halves = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in sorted(self.groups.items()))
            write(f"the end-to-end halves, summed: {halves} (keep them even: tests/conftest.py E2E_SECOND)")
        boots = ", ".join(f"{self.boots[k]} {k}" for k in _KIND_ORDER)
        write(f"page boots of the end-to-end tests: {boots} "
              "(page: Python booted in a page; worker: a thinker or analyst; reset: a shared page opened again)")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Report(), "whist-report")

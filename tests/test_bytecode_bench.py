"""benchmarks/bytecode.py: which of our modules it counts as imported before the table is up, and
the archives it makes again with some modules as .pyc (the node run itself is a benchmark's)."""

from __future__ import annotations

import io
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import serve
import stdlib_cut

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import bytecode


def test_module_names_of_archive_paths() -> None:
    assert bytecode.module_of("json/decoder.py") == "json.decoder"
    assert bytecode.module_of("json/__init__.py") == "json"
    assert bytecode.module_of("web/main.py", "whist") == "whist.web.main"
    assert bytecode.module_of("__init__.py", "whist") == "whist"


def test_later_is_read_from_the_page_s_entry() -> None:
    later = bytecode.later_modules()
    assert "whist.ai.solver" in later and "whist.web.howto" in later
    assert "whist.web.page" not in later


def test_the_page_s_start_follows_imports_that_run_and_leaves_out_the_rest() -> None:
    sources = {
        "__init__.py": b"",
        "web/__init__.py": b"",
        "web/main.py": b"import sys\nfrom whist.web import page\n\ndef open_table():\n"
                       b"    from whist.web.address import parse\n\nfrom whist.web import thinker\n",
        "web/page.py": b"from typing import TYPE_CHECKING\nfrom . import parts\nif TYPE_CHECKING:\n"
                       b"    from whist.web import typed_only\ntry:\n    from ..engine import rules\n"
                       b"except ImportError:\n    pass\n\ndef later():\n    from whist.web import lazy\n",
        "web/parts.py": b"class A:\n    def f(self):\n        import whist.web.lazy\n",
        "web/address.py": b"",
        "web/thinker.py": b"import whist.ai.montecarlo\n",  # in LATER: idle time, not the start
        "web/typed_only.py": b"",
        "web/lazy.py": b"",
        "engine/__init__.py": b"",
        "engine/rules.py": b"",
        "ai/__init__.py": b"",
        "ai/montecarlo.py": b"",
    }
    assert bytecode.page_start(sources) == {
        "__init__.py", "web/__init__.py", "web/main.py", "web/page.py", "web/parts.py", "web/address.py",
        "engine/__init__.py", "engine/rules.py"}


def test_the_archives_are_made_again_as_the_site_ships_them_with_the_pyc_in_place() -> None:
    files = {"a.py": b"x = 1\n", "pkg/__init__.py": b"", "pkg/b.py": b"y = 2\n"}
    swapped = bytecode.with_pyc(files, {"pkg/b.py": b"PYC"})
    assert swapped == {"a.py": b"x = 1\n", "pkg/__init__.py": b"", "pkg/b.pyc": b"PYC"}
    with zipfile.ZipFile(io.BytesIO(stdlib_cut.unpack(bytecode.zipped(swapped)))) as archive:
        assert {info.filename: info.compress_type for info in archive.infolist()} == dict.fromkeys(
            swapped, zipfile.ZIP_STORED)
        assert archive.read("pkg/b.pyc") == b"PYC"
    assert serve.read_package_zip(serve.package_archive(swapped)) == swapped
    with tarfile.open(fileobj=io.BytesIO(serve.package_archive(files)), mode="r:gz") as archive:
        assert [m.name for m in archive.getmembers()] == sorted(files)

    # whist.tgz itself is the same archive of the shipped sources: the benchmark's baseline is the site's
    package = serve.package_files(serve.ROOT)
    assert serve.make_package_zip(package) == serve.package_archive(
        {name: serve.shipped_source(path.read_bytes()) for name, path in package.items()})


def test_without_node_it_says_what_to_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bytecode.shutil, "which", lambda _name: None)
    with pytest.raises(SystemExit, match="npm ci"):
        bytecode.measure(tmp_path, positions=True)

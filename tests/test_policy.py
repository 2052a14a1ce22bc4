"""The page's Content-Security-Policy, in CPython: what index.html allows, and what would break it.

The policy is a ``<meta http-equiv="Content-Security-Policy">`` in index.html
(GitHub Pages sends no headers). ``serve.py --check`` (:func:`serve.policy_problems`)
refuses a page whose policy allows inline script or eval, comes after what it
must cover, or carries a directive a ``<meta>`` cannot; the page's own code must
need neither: no inline ``<script>``, no event-handler attribute, and no Python
of the page (``whist/web/``) that evaluates JavaScript text. The browser side
(tests/e2e/test_csp.py) plays the page under the policy and fails on any violation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import serve

ROOT = Path(__file__).resolve().parent.parent

#: Every source the policy may name, by directive: the site itself, and beyond it only
#: what PyScript and Pyodide need (see the comment above the policy in index.html).
ALLOWED: dict[str, set[str]] = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'"},
    "worker-src": {"'self'", "blob:"},
    "connect-src": {"'self'", "blob:"},
    "style-src": {"'self'"},
    "style-src-attr": {"'unsafe-inline'"},
    "img-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'none'"},
}


def page_policy(html: str) -> dict[str, list[str]]:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert match, "index.html has no Content-Security-Policy <meta>"
    return serve.parse_policy(match.group(1))


def test_the_page_has_a_policy_that_allows_no_inline_script_nor_eval() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert serve.policy_problems(html) == []
    policy = page_policy(html)
    assert policy["default-src"] == ["'self'"]
    assert set(policy["script-src"]) == {"'self'", "'wasm-unsafe-eval'"}
    for directive, sources in policy.items():
        assert directive in ALLOWED, f"{directive}: not a directive the page needs"
        assert set(sources) <= ALLOWED[directive], f"{directive} {' '.join(sources)}"
    # 'unsafe-inline' for style attributes only (the cards' layout variables), never for <style>.
    assert "'unsafe-inline'" not in policy["style-src"]


def test_the_policy_comes_first_in_the_head() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    head = html.split("</head>")[0]
    policy_at = head.index('http-equiv="Content-Security-Policy"')
    first_load = min(head.index(tag) for tag in ("<script", "<link"))
    assert policy_at < first_load


def test_every_script_of_the_page_is_a_file_of_the_site() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tags = re.findall(r"<script\b[^>]*>", html)
    assert tags and all(" src=" in tag for tag in tags), tags
    assert re.findall(r"<script\b[^>]*>(?!</script>)", html) == [], "an inline script"
    site = serve.Site(ROOT, release=False)
    for src in re.findall(r'<script\b[^>]* src="\./([^"]+)"', html):
        assert site.read(src) is not None, src
    # What ran inline before is there: the WebAssembly preload, the loading bar, offline play and
    # the MicroPython config; and PyScript's hooks (and the compiled Python kept, in the
    # interpreter module, static/python.mjs).
    start = serve.page_script_text(ROOT)
    for needed in ("pyodide.asm.wasm", "window.whistLoader", "sw.register(", "mpy-config"):
        assert needed in start, needed
    assert "self.whistBytecode = " in (ROOT / "static" / "python.mjs").read_text(encoding="utf-8")
    assert '<script type="module" src="./static/pyscript-hooks.js">' in html


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda h: h.replace("</head>", "<script>alert(1)</script></head>"), "inline <script>"),
        (lambda h: h.replace('<body ', '<body onload="go()" '), "<body onload>"),
        (lambda h: h.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"), "allows 'unsafe-inline'"),
        (lambda h: h.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"), "allows 'unsafe-eval'"),
        (lambda h: h.replace("script-src 'self'", "script-src 'self' https://cdn.example"), "allows https://cdn"),
        (lambda h: h.replace("default-src 'self'; ", "frame-ancestors 'none'; "), "cannot carry frame-ancestors"),
        (lambda h: h.replace("default-src 'self'; ", ""), "no default-src"),
        (lambda h: re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n', "", h), "0 <meta"),
        (lambda h: h.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n<link rel="icon" href="x.svg">'),
         "must come before"),
    ],
)
def test_the_check_refuses_a_weaker_policy(change, expected: str) -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    changed = change(html)
    assert changed != html
    problems = serve.policy_problems(changed)
    assert any(expected in p for p in problems), problems


def test_the_check_reports_the_policy_through_check_site(tmp_path: Path) -> None:
    for name in ("pyscript.toml", "package.json"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    (tmp_path / "static").mkdir()
    for script in ("start.js", "pyscript-hooks.js"):
        (tmp_path / "static" / script).write_bytes((ROOT / "static" / script).read_bytes())
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(html.replace("</head>", "<script>1</script></head>"), encoding="utf-8")
    assert any("inline <script>" in p for p in serve.check_site(tmp_path))


#: What the page's Python must never do under the policy: evaluate JavaScript text (eval,
#: Function, pyodide.code.run_js, a timer given a string), or write inline handlers or
#: javascript: URLs into the markup it builds.
FORBIDDEN = [
    (re.compile(r"\bjs\.eval\b|\bjs\.Function\b|\brun_js\b|\bjs\.setTimeout\(\s*[\"'f]"), "evaluates JavaScript text"),
    (re.compile(r"""\son[a-z]+\s*=\s*\\?["'{]"""), "an inline event handler in markup"),
    (re.compile(r"javascript:", re.IGNORECASE), "a javascript: URL"),
    (re.compile(r"<script\b(?![^>]*\bsrc=)", re.IGNORECASE), "an inline <script> in markup"),
]


def test_the_page_code_needs_no_eval_nor_inline_script() -> None:
    found = []
    for path in sorted((ROOT / "whist" / "web").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for pattern, why in FORBIDDEN:
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {why}: {line.strip()}")
    assert found == []
    # The patterns do see what they look for.
    for line in ('js.eval("1")', "js.Function.new('x')", 'out = f\'<button onclick="go()">\'',
                 '"<a href=\\"javascript:void(0)\\">"', 'html = "<script>x()</script>"'):
        assert any(p.search(line) for p, _ in FORBIDDEN), line

"""Each site's own keys. Every project site of a GitHub user shares one origin (user.github.io),
hence one ``localStorage``: two copies of the game there (``/whist/`` and ``/whist-beta/``) must not
read and write each other's keys, so each keeps them under its folder (:class:`SiteStorage`).
No browser import: the page wraps its ``localStorage`` (:mod:`whist.web.persist`).
"""

from __future__ import annotations

from typing import Any

from whist.table.records import fingerprint
from whist.web.storage import KEYS, Storage

SHARED_PREFIX = "whist:"
"""How every key of the game begins: the keys of :mod:`whist.web.storage`, as the code names them (the *logical* keys),
and as the site at the root of an origin stores them."""
ADOPTED_KEY = "whist:adopted"
"""Under a site's own prefix: set once the site has taken its copy of the shared keys (:meth:`SiteStorage.adopt`)."""
MOST_PREFIX = 120
"""The longest prefix kept as it is; a longer folder is shortened and told apart by its fingerprint."""


def site_prefix(pathname: Any) -> str:
    """What this site's keys begin with before their name: its folder, the page's path up to its
    last "/" (``location.pathname``), or "" for the site at the root of its origin, which keeps the
    keys the game always had (``whist:stats``). A path that is not one gives "".

    >>> site_prefix("/whist/"), site_prefix("/whist-beta/index.html"), site_prefix("/"), site_prefix("/index.html")
    ('/whist/', '/whist-beta/', '', '')
    >>> site_prefix(None), site_prefix("whist/"), len(site_prefix("/" + "x" * 500 + "/")) <= MOST_PREFIX
    ('', '', True)
    """
    if not isinstance(pathname, str) or not pathname.startswith("/"):
        return ""
    folder = pathname[:pathname.rindex("/") + 1]
    if folder == "/":
        return ""
    if len(folder) > MOST_PREFIX:
        folder = folder[:MOST_PREFIX - 20] + "~" + fingerprint(folder) + "/"
    return folder


class SiteStorage:
    """A :class:`Storage` that keeps every key of the game under this site's prefix
    (:func:`site_prefix`): ``whist:stats`` is ``/whist/whist:stats`` on the site at ``/whist/``.

    >>> from whist.web.storage import MemoryStorage
    >>> shared = MemoryStorage({"whist:stats": "old"})
    >>> beta = SiteStorage(shared, "/whist-beta/")
    >>> beta.set("whist:game", "g"); sorted(shared.data)
    ['/whist-beta/whist:game', 'whist:stats']
    >>> beta.logical("/whist-beta/whist:game"), beta.logical("/whist/whist:game"), beta.logical("whist:game")
    ('whist:game', None, None)
    """

    def __init__(self, inner: Storage, prefix: str) -> None:
        self.inner = inner
        self.prefix = prefix

    def key(self, key: str) -> str:
        """The key as stored for this site."""
        return self.prefix + key

    def logical(self, stored: Any) -> str | None:
        """The key as the code names it, of a key as stored (a ``storage`` event's), or None if it
        is not one of this site's (another site's, or no key of the game)."""
        if not isinstance(stored, str) or not stored.startswith(self.prefix):
            return None
        name = stored[len(self.prefix):]
        return name if name.startswith(SHARED_PREFIX) else None

    def get(self, key: str) -> str | None:
        return self.inner.get(self.key(key))

    def set(self, key: str, value: str) -> None:
        self.inner.set(self.key(key), value)

    def remove(self, key: str) -> None:
        self.inner.remove(self.key(key))

    def adopt(self, keys: tuple[str, ...] = KEYS) -> bool:
        """Once for a site with a prefix: copy what the game stored under the shared ``keys`` before
        each site had its own (each copy of the game on the origin takes what was there then, and
        the shared keys stay for the others), unless this site stores something already. True if
        anything was copied. Never raises: if the copy cannot be made, it is tried again next time."""
        if not self.prefix:
            return False
        try:
            if self.get(ADOPTED_KEY) is not None or any(self.get(k) is not None for k in keys):
                return False
            copied = False
            for key in keys:
                value = self.inner.get(key)
                if value is not None:
                    self.set(key, value)
                    copied = True
            self.set(ADOPTED_KEY, "1")
        except Exception:
            return False
        return copied

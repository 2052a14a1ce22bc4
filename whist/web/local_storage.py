"""The browser's storage areas as the codec's storage (:class:`whist.web.storage.Storage`): the
browser's refusals (``SecurityError`` when storage is disabled, ``QuotaExceededError`` when it is
full) become the codec's errors (:func:`whist.web.storage.storage_error`)."""

from __future__ import annotations

import js

from whist.web.storage import storage_error


class LocalStorage:
    """``window.localStorage`` (or, with ``area="sessionStorage"``, this tab's own storage) as a
    :class:`whist.web.storage.Storage`."""

    def __init__(self, area: str = "localStorage") -> None:
        self.area = area

    def get(self, key: str) -> str | None:
        try:
            value = getattr(js.window, self.area).getItem(key)
        except Exception as err:
            raise storage_error(err) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            getattr(js.window, self.area).setItem(key, value)
        except Exception as err:
            raise storage_error(err) from None

    def remove(self, key: str) -> None:
        try:
            getattr(js.window, self.area).removeItem(key)
        except Exception as err:
            raise storage_error(err) from None

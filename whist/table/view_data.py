"""A table's view as JSON data and back (issue 39, part 3): what a live table's host sends a
guest's device (:meth:`whist.table.referee.Referee.view_for`), read again as the typed
:class:`~whist.table.view.TableView` the page draws.

The guest's page reads it like any message from outside: every field of every dataclass must be
there (or have a default), of its declared type (a text, a whole number, a flag, a list of the
right things, nothing more), within sizes no honest view reaches; anything else is refused with
one sentence (:class:`ViewDataError`) and nothing is built. No class is named by the data: the
types come from the view's own declarations.

>>> from whist.table import Table
>>> view = Table(seed=3, game="contract").view()
>>> view_of(data_of(view)) == view
True
>>> try:
...     view_of({"game": "classic"})
... except ViewDataError as err:
...     print(err)
The table's view could not be read: TableView has no title.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from whist.table import view as view_module
from whist.table.view import TableView

MAX_TEXT = 600
"""The longest text of a view (a claim's or a summary's sentence is a few hundred characters)."""
MAX_ITEMS = 400
"""The longest list of a view (a rubber's score sheet has a row a hand)."""
MAX_NODES = 20_000
"""Every value of a view, counted (a view is a few thousand)."""


class ViewDataError(ValueError):
    """Why a view's data cannot be read, in one sentence."""


def data_of(value: Any) -> Any:
    """A view (dataclasses, tuples, mappings) as JSON data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: data_of(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): data_of(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [data_of(v) for v in value]
    return value


def view_of(data: Any) -> TableView:
    """The :class:`TableView` of ``data`` (:func:`data_of`'s, sent as JSON), checked field by field."""
    budget = [MAX_NODES]
    return typing.cast(TableView, _read(TableView, data, "TableView", budget))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(view_module))


def _fail(where: str, what: str) -> ViewDataError:
    return ViewDataError(f"The table's view could not be read: {where} {what}.")


def _read(kind: Any, data: Any, where: str, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _fail(where, "is one value too many")
    origin = typing.get_origin(kind)
    if kind is Any:
        if data is None or isinstance(data, (bool, int, str)):
            return _scalar(data, where)
        raise _fail(where, "is not a plain value")
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        rest = [o for o in options if o is not type(None)]
        if len(rest) != 1:
            raise _fail(where, "has a type no view has")
        return _read(rest[0], data, where, budget)
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list) or len(data) > MAX_ITEMS:
            raise _fail(where, "is not a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, f"{where}[{i}]", budget) for i, item in enumerate(data))
        if len(data) != len(args):
            raise _fail(where, f"has {len(data)} items, not {len(args)}")
        return tuple(_read(a, item, f"{where}[{i}]", budget) for i, (a, item) in enumerate(zip(args, data,
                                                                                           strict=True)))
    if origin is Mapping or kind is Mapping:
        if not isinstance(data, dict) or len(data) > MAX_ITEMS:
            raise _fail(where, "is not a mapping")
        value_kind = typing.get_args(kind)[1] if typing.get_args(kind) else Any
        out = {_scalar(k, where): _read(value_kind, v, f"{where}.{k}", budget) for k, v in data.items()}
        return types.MappingProxyType(out)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind, data, where, budget)
    if kind is bool:
        if not isinstance(data, bool):
            raise _fail(where, "is not true or false")
        return data
    if kind is int:
        if not isinstance(data, int) or isinstance(data, bool) or not -10**18 <= data <= 10**18:
            raise _fail(where, "is not a whole number")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise _fail(where, "is not text")
        return _scalar(data, where)
    raise _fail(where, "has a type no view has")


def _scalar(value: Any, where: str) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise _fail(where, "is too long a text")
    if isinstance(value, int) and not isinstance(value, bool) and not -10**18 <= value <= 10**18:
        raise _fail(where, "is too large a number")
    return value


def _dataclass(cls: type, data: Any, where: str, budget: list[int]) -> Any:
    if not isinstance(data, dict):
        raise _fail(where, "is not an object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = next((k for k in data if k not in fields), None)
    if unknown is not None:
        raise _fail(where, f"has no field {str(unknown)[:24]!r}")
    hints = _hints(cls)
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise _fail(cls.__name__, f"has no {name}")
            continue
        values[name] = _read(hints[name], data[name], f"{where}.{name}", budget)
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise _fail(where, f"is not one ({err})") from None

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
    try:
        return typing.cast(TableView, _reader(TableView)(data, budget))
    except _Refused as refused:
        where = refused.fixed or "TableView" + "".join(reversed(refused.path))
        raise ViewDataError(f"The table's view could not be read: {where} {refused.what}.") from None


#: A reader of one declared type: ``(data, budget) -> value``; it counts itself against the
#: budget (a one-item list, every value's reader taking one) and raises :class:`_Refused`.
Reader = typing.Callable[[Any, list[int]], Any]


class _Refused(Exception):
    """What a reader found wrong; the readers it passes through add where (the path, last first)."""

    def __init__(self, what: str, fixed: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.fixed = fixed  # a where of its own (a missing field is said of its class), else the path
        self.path: list[str] = []


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(view_module))


def _count(budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise _Refused("is one value too many")


def _at(read: Reader, data: Any, budget: list[int], step: str) -> Any:
    """``read(data)``, a refusal of it placed at ``step`` below this value."""
    try:
        return read(data, budget)
    except _Refused as refused:
        refused.path.append(step)
        raise


@cache
def _reader(kind: Any) -> Reader:
    """The reader of the declared type ``kind``, made once a type (the types are the view's own)."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return _read_plain
    if origin in (typing.Union, types.UnionType):
        return _optional(kind)
    if origin is tuple:
        return _tuple(kind)
    if origin is Mapping or kind is Mapping:
        return _mapping(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind)
    return {bool: _read_bool, int: _read_int, str: _read_str}.get(kind, _read_unknown)


def _read_plain(data: Any, budget: list[int]) -> Any:
    _count(budget)
    if data is None or isinstance(data, (bool, int, str)):
        return _scalar(data)
    raise _Refused("is not a plain value")


def _read_bool(data: Any, budget: list[int]) -> Any:
    _count(budget)
    if not isinstance(data, bool):
        raise _Refused("is not true or false")
    return data


def _read_int(data: Any, budget: list[int]) -> Any:
    _count(budget)
    if not isinstance(data, int) or isinstance(data, bool) or not -10**18 <= data <= 10**18:
        raise _Refused("is not a whole number")
    return data


def _read_str(data: Any, budget: list[int]) -> Any:
    _count(budget)
    if not isinstance(data, str):
        raise _Refused("is not text")
    return _scalar(data)


def _read_unknown(data: Any, budget: list[int]) -> Any:
    _count(budget)
    raise _Refused("has a type no view has")


def _optional(kind: Any) -> Reader:
    options = typing.get_args(kind)
    nullable = type(None) in options
    rest = [o for o in options if o is not type(None)]
    inner = _reader(rest[0]) if len(rest) == 1 else None

    def read(data: Any, budget: list[int]) -> Any:
        _count(budget)
        if data is None and nullable:
            return None
        if inner is None:
            raise _Refused("has a type no view has")
        return inner(data, budget)
    return read


def _tuple(kind: Any) -> Reader:
    args = typing.get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])

        def read_all(data: Any, budget: list[int]) -> Any:
            _count(budget)
            if not isinstance(data, list) or len(data) > MAX_ITEMS:
                raise _Refused("is not a list")
            return tuple(_at(item, value, budget, f"[{i}]") for i, value in enumerate(data))
        return read_all
    items = [_reader(a) for a in args]

    def read_each(data: Any, budget: list[int]) -> Any:
        _count(budget)
        if not isinstance(data, list) or len(data) > MAX_ITEMS:
            raise _Refused("is not a list")
        if len(data) != len(items):
            raise _Refused(f"has {len(data)} items, not {len(items)}")
        return tuple(_at(read, value, budget, f"[{i}]") for i, (read, value) in enumerate(zip(items, data,
                                                                                            strict=True)))
    return read_each


def _mapping(kind: Any) -> Reader:
    args = typing.get_args(kind)
    value = _reader(args[1] if args else Any)

    def read(data: Any, budget: list[int]) -> Any:
        _count(budget)
        if not isinstance(data, dict) or len(data) > MAX_ITEMS:
            raise _Refused("is not a mapping")
        return types.MappingProxyType({_scalar(k): _at(value, v, budget, f".{k}") for k, v in data.items()})
    return read


def _scalar(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise _Refused("is too long a text")
    if isinstance(value, int) and not isinstance(value, bool) and not -10**18 <= value <= 10**18:
        raise _Refused("is too large a number")
    return value


def _dataclass(cls: type) -> Reader:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    required = {name for name, f in fields.items()
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    readers: dict[str, Reader] = {}  # (made at the first read: a type may name one declared after it)

    def read(data: Any, budget: list[int]) -> Any:
        _count(budget)
        if not isinstance(data, dict):
            raise _Refused("is not an object")
        unknown = next((k for k in data if k not in fields), None)
        if unknown is not None:
            raise _Refused(f"has no field {str(unknown)[:24]!r}")
        if not readers:
            hints = _hints(cls)
            readers.update((name, _reader(hints[name])) for name in fields)
        values = {}
        for name, read_field in readers.items():
            if name not in data:
                if name in required:
                    raise _Refused(f"has no {name}", fixed=cls.__name__)
                continue
            values[name] = _at(read_field, data[name], budget, f".{name}")
        try:
            return cls(**values)
        except (TypeError, ValueError) as err:
            raise _Refused(f"is not one ({err})") from None
    return read

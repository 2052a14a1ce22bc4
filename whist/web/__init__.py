"""The thin browser layer: renders :class:`whist.table.Table` into the page.

Only this package touches the DOM (through Pyodide's ``js`` module);
:mod:`whist.web.markup` builds HTML strings and is plain Python.
"""

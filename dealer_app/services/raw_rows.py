"""Rows read straight from the driver's cursor, for the checks that read every row of the
database (``log verify``): plain tuples, or named tuples with the models' attribute names,
without SQLAlchemy's row objects."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from sqlalchemy import DateTime, Select
from sqlalchemy.orm import Session

__all__ = ["Prepared", "all_rows", "driver_query", "driver_sql", "named_rows", "plain_rows",
           "plain_tuples"]


_SQL: dict[tuple[Any, ...], str] = {}
_SQL_KEPT = 4096


def driver_sql(s: Session, stmt: Select[Any]) -> tuple[Any, str]:
    """The driver's own connection and the SQL of ``stmt`` with its parameters (integers,
    table names) written in. Compiled once per statement shape and parameter values:
    compiling was a quarter of a verify of a small database."""
    conn = s.connection()
    dialect = conn.dialect
    cache_key = stmt._generate_cache_key()
    key: tuple[Any, ...] | None = None
    if cache_key is not None:
        try:
            key = (dialect.name, cache_key.key,
                   tuple(repr(p.effective_value) for p in cache_key.bindparams))
            sql = _SQL.get(key)
        except TypeError:  # a part of the statement that cannot be hashed: compile it
            key = sql = None
        if sql is not None:
            return conn.connection, sql
    sql = str(stmt.compile(dialect=dialect, compile_kwargs={"literal_binds": True}))
    if key is not None:
        if len(_SQL) >= _SQL_KEPT:
            _SQL.clear()
        _SQL[key] = sql
    return conn.connection, sql


_COMPILED: dict[tuple[Any, ...], Any] = {}
_LITERAL = object()
"""In :data:`_COMPILED`: a statement shape whose parameters the driver cannot be given as
they are (an expanding ``IN``, a value SQLAlchemy converts): it goes by :func:`driver_sql`."""


def driver_query(s: Session, stmt: Select[Any]) -> tuple[Any, str, Any]:
    """The driver's own connection, the SQL of ``stmt`` with the driver's placeholders and
    its parameters for the driver's ``execute``: compiled once per statement *shape*, so a
    statement run again with other integers (the incremental verify's ranges, new at every
    run) is not compiled again, as :func:`driver_sql`'s literal SQL is."""
    conn = s.connection()
    dialect = conn.dialect
    cache_key = stmt._generate_cache_key()
    if cache_key is None:
        raw, sql = driver_sql(s, stmt)
        return raw, sql, ()
    key = (dialect.name, cache_key.key)
    compiled: Any = _COMPILED.get(key)
    if compiled is None:
        compiled = stmt.compile(dialect=dialect, cache_key=cache_key)
        if (any(b.expanding or b.literal_execute or b.callable is not None
                for b in compiled.binds.values())
                or compiled._bind_processors or compiled.literal_execute_params
                or compiled.post_compile_params):
            compiled = _LITERAL
        if len(_COMPILED) >= _SQL_KEPT:
            _COMPILED.clear()
        _COMPILED[key] = compiled
    if compiled is _LITERAL:
        raw, sql = driver_sql(s, stmt)
        return raw, sql, ()
    params = compiled.construct_params(extracted_parameters=cache_key.bindparams)
    if any(type(v) is int and not _INT64[0] <= v <= _INT64[1] for v in params.values()):
        raw, sql = driver_sql(s, stmt)  # (a driver binds 64 bits; as SQL text it is a
        return raw, sql, ()  # number still: a key past them, changed by SQL, compares)
    if compiled.positional:
        return conn.connection, compiled.string, tuple(params[n] for n in compiled.positiontup)
    return conn.connection, compiled.string, params


_INT64 = (-(2 ** 63), 2 ** 63 - 1)


def plain_rows(s: Session, stmt: Select[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of ``stmt`` straight from the driver's cursor: for columns of plain integers
    and text only (the ledger), where SQLAlchemy's row objects would only cost time."""
    yield from _streamed(*driver_query(s, stmt))


def _streamed(raw: Any, sql: str, params: Any) -> Iterator[tuple[Any, ...]]:
    cursor = raw.cursor()
    try:
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(5000):
            yield from batch
    finally:
        cursor.close()


def all_rows(s: Session, stmt: Select[Any]) -> list[tuple[Any, ...]]:
    """:func:`plain_rows` as one list, read at once (no generator to resume per row)."""
    return _fetched(*driver_query(s, stmt))


def _fetched(raw: Any, sql: str, params: Any) -> list[tuple[Any, ...]]:
    cursor = raw.cursor()
    try:
        cursor.execute(sql, params)
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _converts(columns: Any, dialect: Any) -> bool:
    """Whether SQLAlchemy converts a value of one of ``columns`` as it reads it (plain
    date-times aside: they are taken as the driver gives them)."""
    return any(c.type.result_processor(dialect, None) is not None
               and type(c.type) is not DateTime for c in columns)


_ROW_TYPES: dict[tuple[str, ...], Any] = {}


def named_rows(s: Session, stmt: Select[Any]) -> list[Any]:
    """All rows of ``stmt`` as named tuples. Straight from the driver's cursor (see
    :func:`plain_rows`) when no column needs SQLAlchemy's conversion of its values, but for
    plain date-times: those come as the driver gives them (SQLite: the stored text, which
    :func:`ledger.row_matcher` reads). Otherwise through SQLAlchemy."""
    dialect = s.connection().dialect
    columns = list(stmt.selected_columns)
    if _converts(columns, dialect):
        return list(s.execute(stmt).all())
    row_type = _row_type(tuple(str(c.key) for c in columns))
    return list(map(partial(tuple.__new__, row_type), all_rows(s, stmt)))


def _row_type(names: tuple[str, ...]) -> Any:
    """The named tuple type of rows of these columns (made once)."""
    row_type: Any = _ROW_TYPES.get(names)
    if row_type is None:
        row_type = _ROW_TYPES[names] = namedtuple("Row", names)
    return row_type


def plain_tuples(s: Session, stmt: Select[Any]
                 ) -> tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], Any]]:
    """All rows of ``stmt`` as plain tuples (read as :func:`named_rows` reads them), and
    the function that makes one a named tuple."""
    row_type = _row_type(tuple(str(c.key) for c in stmt.selected_columns))
    make = partial(tuple.__new__, row_type)  # row_type._make without its Python frame
    dialect = s.connection().dialect
    if _converts(stmt.selected_columns, dialect):
        return [tuple(r) for r in s.execute(stmt)], make
    return all_rows(s, stmt), make


class Prepared:
    """A statement built once (its changing values :func:`sqlalchemy.bindparam`), compiled
    once per dialect, run on the driver's cursor with the values given: a check run many
    times (the incremental verify) builds, caches and compiles no statement per run (that
    was about a twentieth of a run of 100 new hands). Integer and text values only."""

    def __init__(self, stmt: Select[Any]) -> None:
        self.stmt = stmt
        self.names = tuple(str(c.key) for c in stmt.selected_columns)
        self._by: dict[tuple[str, str], tuple[str, tuple[str, ...] | None, dict[str, Any]]] = {}
        self._converted: dict[str, bool] = {}

    def query(self, s: Session, values: dict[str, Any]) -> tuple[Any, str, Any]:
        """(the driver's connection, the SQL, its parameters), as :func:`driver_query`."""
        conn = s.connection()
        dialect = conn.dialect
        key = (dialect.name, dialect.paramstyle)
        made = self._by.get(key)
        if made is None:
            compiled: Any = self.stmt.compile(dialect=dialect,
                                              compile_kwargs={"render_postcompile": True})
            if compiled._bind_processors:
                raise TypeError(f"a value of {self.stmt} needs a conversion")
            made = self._by[key] = (compiled.string, tuple(compiled.positiontup)
                                    if compiled.positional else None,
                                    dict(compiled.construct_params(_check=False)))
        sql, order, defaults = made
        params = {**defaults, **{k: v for k, v in values.items() if k in defaults}}
        if any(type(v) is int and not _INT64[0] <= v <= _INT64[1] for v in params.values()):
            return conn.connection, str(self.stmt.params(params).compile(  # (as driver_query)
                dialect=dialect, compile_kwargs={"literal_binds": True})), ()
        return conn.connection, sql, (params if order is None
                                      else tuple(params[n] for n in order))

    def plain(self, s: Session, **values: Any
              ) -> tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], Any]]:
        """Every row as a plain tuple and the function that makes one a named tuple, as
        :func:`plain_tuples` (through SQLAlchemy when a column needs its conversion)."""
        make = partial(tuple.__new__, _row_type(self.names))
        dialect = s.connection().dialect
        converted = self._converted.get(dialect.name)
        if converted is None:
            converted = self._converted[dialect.name] = _converts(self.stmt.selected_columns,
                                                                  dialect)
        if converted:
            return [tuple(r) for r in s.execute(self.stmt, values)], make
        return self.rows(s, **values), make

    def named(self, s: Session, **values: Any) -> list[Any]:
        """Every row as a named tuple, as :func:`named_rows`."""
        rows, make = self.plain(s, **values)
        return list(map(make, rows))

    def rows(self, s: Session, **values: Any) -> list[tuple[Any, ...]]:
        """Every row, as :func:`all_rows`."""
        return _fetched(*self.query(s, values))

    def stream(self, s: Session, **values: Any) -> Iterator[tuple[Any, ...]]:
        """The rows in batches, as :func:`plain_rows` (constant memory)."""
        yield from _streamed(*self.query(s, values))

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

__all__ = ["all_rows", "driver_sql", "named_rows", "plain_rows", "plain_tuples"]


def driver_sql(s: Session, stmt: Select[Any]) -> tuple[Any, str]:
    """The driver's own connection and the SQL of ``stmt`` with its parameters (integers,
    table names) written in."""
    conn = s.connection()
    return conn.connection, str(stmt.compile(dialect=conn.dialect,
                                             compile_kwargs={"literal_binds": True}))


def plain_rows(s: Session, stmt: Select[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of ``stmt`` straight from the driver's cursor: for columns of plain integers
    and text only (the ledger), where SQLAlchemy's row objects would only cost time."""
    raw, sql = driver_sql(s, stmt)
    cursor = raw.cursor()
    try:
        cursor.execute(sql)
        while batch := cursor.fetchmany(5000):
            yield from batch
    finally:
        cursor.close()


def all_rows(s: Session, stmt: Select[Any]) -> list[tuple[Any, ...]]:
    """:func:`plain_rows` as one list, read at once (no generator to resume per row)."""
    raw, sql = driver_sql(s, stmt)
    cursor = raw.cursor()
    try:
        cursor.execute(sql)
        return list(cursor.fetchall())
    finally:
        cursor.close()


_ROW_TYPES: dict[tuple[str, ...], Any] = {}


def named_rows(s: Session, stmt: Select[Any]) -> list[Any]:
    """All rows of ``stmt`` as named tuples. Straight from the driver's cursor (see
    :func:`plain_rows`) when no column needs SQLAlchemy's conversion of its values, but for
    plain date-times: those come as the driver gives them (SQLite: the stored text, which
    :func:`ledger.row_matcher` reads). Otherwise through SQLAlchemy."""
    dialect = s.connection().dialect
    columns = list(stmt.selected_columns)
    if any(c.type.result_processor(dialect, None) is not None
           and type(c.type) is not DateTime for c in columns):
        return list(s.execute(stmt).all())
    names = tuple(str(c.key) for c in columns)
    row_type: Any = _ROW_TYPES.get(names)
    if row_type is None:
        row_type = _ROW_TYPES[names] = namedtuple("Row", names)
    return list(map(partial(tuple.__new__, row_type), all_rows(s, stmt)))


def plain_tuples(s: Session, stmt: Select[Any]
                 ) -> tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], Any]]:
    """All rows of ``stmt`` as plain tuples (read as :func:`named_rows` reads them), and
    the function that makes one a named tuple."""
    names = tuple(str(c.key) for c in stmt.selected_columns)
    row_type: Any = _ROW_TYPES.get(names)
    if row_type is None:
        row_type = _ROW_TYPES[names] = namedtuple("Row", names)
    make = partial(tuple.__new__, row_type)  # row_type._make without its Python frame
    dialect = s.connection().dialect
    if any(c.type.result_processor(dialect, None) is not None
           and type(c.type) is not DateTime for c in stmt.selected_columns):
        return [tuple(r) for r in s.execute(stmt)], make
    return all_rows(s, stmt), make

"""Many rows of one table in one statement: :func:`insert_many`; one row and its new key:
:func:`insert_row`; a small read or update by the driver: :func:`driver_execute`,
:func:`update_rows`, :func:`first_value`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Table, insert
from sqlalchemy.exc import DBAPIError

_PLANS: dict[tuple[int, tuple[str, ...]], tuple[str, list[tuple[int, Any]]]] = {}
"""(table, columns) -> the INSERT and the columns' bind processors (SQLite), made once."""


def insert_many(conn: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Inserts ``rows`` (each naming the same columns, in the same order). On SQLite by one
    ``executemany`` of the driver's cursor in the connection's transaction, each value
    through its column type's bind processor as SQLAlchemy would: a fraction of the cost
    of a Core executemany, which builds and checks a parameter dictionary a row (and, for
    the one ledger entry of a dealer's input, of SQLAlchemy's own statement execution).
    Elsewhere a Core executemany."""
    if not rows:
        return
    if conn.dialect.name != "sqlite" or conn.dialect.paramstyle != "qmark":
        conn.execute(_insert(table), list(rows))
        return
    sql, processors = _plan(conn, table, tuple(rows[0]))
    if processors:
        params = [_bound(tuple(row.values()), processors) for row in rows]
    else:
        params = [tuple(row.values()) for row in rows]
    driver_execute(conn, sql, params, many=True)


def _plan(conn: Connection, table: Table, names: tuple[str, ...]
          ) -> tuple[str, list[tuple[int, Any]]]:
    """The driver's INSERT of ``names`` into ``table`` and the bind processors of those
    columns (SQLite), made once."""
    plan = _PLANS.get((id(table), names))
    if plan is None:
        processors = [(i, proc) for i, name in enumerate(names)
                      if (proc := table.c[name].type._cached_bind_processor(conn.dialect))
                      is not None]
        columns = ", ".join(f'"{name}"' for name in names)
        marks = ", ".join("?" for _ in names)
        plan = _PLANS[(id(table), names)] = (
            f'INSERT INTO "{table.name}" ({columns}) VALUES ({marks})', processors)
    return plan


def _bound(values: tuple[Any, ...], processors: list[tuple[int, Any]]) -> tuple[Any, ...]:
    out = list(values)
    for i, proc in processors:
        out[i] = proc(out[i])
    return tuple(out)


_INSERTS: dict[int, Any] = {}


def _insert(table: Table) -> Any:
    """``insert(table)``, built once a table (a statement built anew is keyed anew for
    SQLAlchemy's compiled cache at each execution)."""
    statement = _INSERTS.get(id(table))
    if statement is None:
        statement = _INSERTS[id(table)] = insert(table)
    return statement


def insert_row(conn: Connection, table: Table, row: dict[str, Any]) -> int:
    """Inserts one row of a table whose primary key is one integer the database assigns;
    returns that key. On SQLite by the driver's cursor (its ``lastrowid``), each value
    through its column type's bind processor as in :func:`insert_many`: a dealer's input
    runs it once, and SQLAlchemy's own execution of the statement cost several times the
    insert itself. Elsewhere a Core insert (built once a table)."""
    if not _by_driver(conn):
        inserted = conn.execute(_insert(table), row).inserted_primary_key
        assert inserted is not None
        return int(inserted[0])
    sql, processors = _plan(conn, table, tuple(row))
    params = _bound(tuple(row.values()), processors) if processors else tuple(row.values())
    try:
        return int(_driver(conn).execute(sql, params).lastrowid)
    except conn.dialect.loaded_dbapi.Error as exc:
        raise DBAPIError.instance(sql, params, exc, conn.dialect.loaded_dbapi.Error) from exc


_COMPILED: dict[int, tuple[Any, str, tuple[tuple[str, Any], ...]]] = {}
"""id(statement) -> (the statement, its SQLite text, its binds' names and processors)."""


def _driver_run(conn: Connection, statement: Any, params: dict[str, Any]) -> Any:
    """``statement`` (built once at import, its values all bound by name) compiled once for
    SQLite and run by the driver's cursor, each value through its bind processor (as
    :func:`insert_row`): the cursor, to be closed by the caller."""
    plan = _COMPILED.get(id(statement))
    if plan is None:
        compiled = statement.compile(dialect=conn.dialect)
        binds = tuple((name, compiled.binds[name].type._cached_bind_processor(conn.dialect))
                      for name in compiled.positiontup or ())
        plan = _COMPILED[id(statement)] = (statement, compiled.string, binds)
    _statement, sql, binds = plan
    values = tuple([params[name] if proc is None else proc(params[name])
                    for name, proc in binds])
    try:
        return _driver(conn).execute(sql, values)
    except conn.dialect.loaded_dbapi.Error as exc:
        raise DBAPIError.instance(sql, values, exc, conn.dialect.loaded_dbapi.Error) from exc


def _by_driver(conn: Connection) -> bool:
    return conn.dialect.name == "sqlite" and conn.dialect.paramstyle == "qmark"


def _driver(conn: Connection) -> Any:
    """The driver's own connection under ``conn`` (SQLite: its ``execute`` makes the
    cursor in C; the pool's cursor wrapper, then ``close``, cost as much again)."""
    return conn.connection.dbapi_connection


def update_rows(conn: Connection, statement: Any, params: dict[str, Any]) -> int:
    """Runs an UPDATE (or DELETE) built once at import, its values all bound by name:
    the number of rows it changed. On SQLite by the driver (:func:`_driver_run`);
    elsewhere by Core."""
    if not _by_driver(conn):
        return int(conn.execute(statement, params).rowcount)
    cursor = _driver_run(conn, statement, params)
    try:
        return int(cursor.rowcount)
    finally:
        cursor.close()


def first_value(conn: Connection, statement: Any, params: dict[str, Any]) -> Any:
    """The first column of the first row a SELECT built once at import returns (None: no
    row), for a column the driver returns as SQLAlchemy would (no result processor: a
    text, an integer). On SQLite by the driver (:func:`_driver_run`); elsewhere by Core."""
    if not _by_driver(conn):
        return conn.execute(statement, params).scalar()
    cursor = _driver_run(conn, statement, params)
    try:
        row = cursor.fetchone()
        return None if row is None else row[0]
    finally:
        cursor.close()


def driver_execute(conn: Connection, sql: str, params: Any = (), many: bool = False
                   ) -> list[tuple[Any, ...]]:
    """``sql`` run by the driver's cursor in ``conn``'s transaction (its rows), a driver's
    error raised as SQLAlchemy raises it (``IntegrityError``, ``OperationalError``...)."""
    raw = _driver(conn)
    try:
        if many:
            raw.executemany(sql, params).close()
            return []
        return list(raw.execute(sql, params).fetchall())
    except conn.dialect.loaded_dbapi.Error as exc:
        raise DBAPIError.instance(sql, params, exc, conn.dialect.loaded_dbapi.Error) from exc

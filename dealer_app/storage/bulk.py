"""Many rows of one table in one statement: :func:`insert_many`; a small read by the
driver: :func:`driver_rows`."""

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
        conn.execute(insert(table), list(rows))
        return
    names = tuple(rows[0])
    plan = _PLANS.get((id(table), names))
    if plan is None:
        processors = [(i, proc) for i, name in enumerate(names)
                      if (proc := table.c[name].type._cached_bind_processor(conn.dialect))
                      is not None]
        columns = ", ".join(f'"{name}"' for name in names)
        marks = ", ".join("?" for _ in names)
        plan = _PLANS[(id(table), names)] = (
            f'INSERT INTO "{table.name}" ({columns}) VALUES ({marks})', processors)
    sql, processors = plan
    if processors:
        params = []
        for row in rows:
            values = list(row.values())
            for i, proc in processors:
                values[i] = proc(values[i])
            params.append(tuple(values))
    else:
        params = [tuple(row.values()) for row in rows]
    driver_execute(conn, sql, params, many=True)


def driver_execute(conn: Connection, sql: str, params: Any = (), many: bool = False
                   ) -> list[tuple[Any, ...]]:
    """``sql`` run by the driver's cursor in ``conn``'s transaction (its rows), a driver's
    error raised as SQLAlchemy raises it (``IntegrityError``, ``OperationalError``...)."""
    cursor = conn.connection.cursor()
    try:
        if many:
            cursor.executemany(sql, params)
            return []
        cursor.execute(sql, params)
        return list(cursor.fetchall())
    except conn.dialect.loaded_dbapi.Error as exc:
        raise DBAPIError.instance(sql, params, exc, conn.dialect.loaded_dbapi.Error) from exc
    finally:
        cursor.close()

"""Many rows of one table in one statement: :func:`insert_many`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Table, insert


def insert_many(conn: Connection, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Inserts ``rows`` (each naming the same columns, in the same order). On SQLite by one
    ``executemany`` of the driver, each value through its column type's bind processor as
    SQLAlchemy would: a fraction of the cost of a Core executemany, which builds and checks
    a parameter dictionary a row. Elsewhere a Core executemany."""
    if not rows:
        return
    if conn.dialect.name != "sqlite" or conn.dialect.paramstyle != "qmark":
        conn.execute(insert(table), list(rows))
        return
    names = list(rows[0])
    processors = [(i, proc) for i, name in enumerate(names)
                  if (proc := table.c[name].type._cached_bind_processor(conn.dialect))
                  is not None]
    if processors:
        params = []
        for row in rows:
            values = list(row.values())
            for i, proc in processors:
                values[i] = proc(values[i])
            params.append(tuple(values))
    else:
        params = [tuple(row.values()) for row in rows]
    columns = ", ".join(f'"{name}"' for name in names)
    marks = ", ".join("?" for _ in names)
    conn.exec_driver_sql(f'INSERT INTO "{table.name}" ({columns}) VALUES ({marks})', params)

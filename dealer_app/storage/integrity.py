"""SQLite's own check of a database file (``PRAGMA integrity_check``)."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from dealer_app.storage.database import Database


def integrity_problems(db: Database, limit: int = 20) -> list[str]:
    """What SQLite finds wrong in the file (at most ``limit`` lines); [] when it is sound
    or the database is not SQLite (PostgreSQL checks its own pages)."""
    if not db.is_sqlite:
        return []
    try:
        with db.read_engine.connect() as conn:
            rows = conn.exec_driver_sql(f"PRAGMA integrity_check({int(limit)})").fetchall()
    except DBAPIError as exc:
        return [str(exc.orig).strip() or type(exc.orig).__name__]
    lines = [str(row[0]) for row in rows]
    return [] if lines == ["ok"] else lines

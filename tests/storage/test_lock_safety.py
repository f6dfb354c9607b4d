"""The app opens a database file only through SQLite: a second open of the same database in
the same process (the review opened from the dealer's window) keeps the first one's locks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_app.storage import Database
from storage.locks import held_locks, sqlite_files


@pytest.mark.parametrize("name", ["dealer-app.sqlite3", "hands.db"])
def test_opening_the_database_again_keeps_this_process_locks(tmp_path: Path,
                                                              name: str) -> None:
    path = tmp_path / name
    first = Database.open(f"sqlite:///{path}")
    try:
        with first.read() as s:  # a read transaction in progress, as a report would hold
            s.execute(text("SELECT count(*) FROM hand")).scalar()
            before = held_locks(sqlite_files(path))
            assert any(n.endswith("-shm") for n, *_ in before)
            Database.open(f"sqlite:///{path}").close()
            assert held_locks(sqlite_files(path)) >= before
    finally:
        first.close()

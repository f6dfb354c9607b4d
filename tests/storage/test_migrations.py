"""Migrations: head matches the models; an older database is backed up and upgraded."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from dealer_app.storage import Database, migrate
from dealer_app.storage.models import Base

# SQLite cannot reflect the expression index on lower(player); PostgreSQL compares it
pytestmark = [pytest.mark.filterwarnings("ignore:.*expression-based index"),
              pytest.mark.filterwarnings("ignore:autogenerate skipping")]


def test_head_matches_the_models(db_url: str) -> None:
    with Database.open(db_url) as db, db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []
        assert migrate.current_revision(conn) == migrate.head_revision()


def test_there_are_at_least_two_revisions() -> None:
    assert {"0001", "0002", "0003", "0004"} <= migrate.known_revisions()


def test_an_older_database_is_backed_up_then_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    migrate.upgrade(engine, "0001")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO staff (name, role, pin_hash, failed_pins, active, "
                          "created_at) VALUES ('Sam', 'supervisor', 'x', 0, 1, :at)"),
                     {"at": datetime(2025, 1, 1, tzinfo=UTC).replace(tzinfo=None)})
    engine.dispose()
    with Database.open(f"sqlite:///{path}") as db, db.engine.connect() as conn:
        assert migrate.current_revision(conn) == migrate.head_revision()
        assert "ix_hand_player_player_hand" in {
            ix["name"] for ix in inspect(conn).get_indexes("hand_player")}
        assert conn.execute(text("SELECT name FROM staff")).scalar() == "Sam"
    backups = list(tmp_path.glob("old.sqlite3.before-*.bak"))
    assert len(backups) == 1
    old = create_engine(f"sqlite:///{backups[0]}")
    with old.connect() as conn:
        assert migrate.current_revision(conn) == "0001"
        assert conn.execute(text("SELECT name FROM staff")).scalar() == "Sam"
    old.dispose()


def test_a_new_database_needs_no_backup(tmp_path: Path) -> None:
    Database.open(f"sqlite:///{tmp_path}/new.sqlite3").close()
    Database.open(f"sqlite:///{tmp_path}/new.sqlite3").close()
    assert not list(tmp_path.glob("*.bak"))


def test_head_constant_is_alembics_head() -> None:
    assert migrate.alembic_head() == migrate.HEAD


def test_an_app_before_ledger_format_2_refuses_a_database_that_has_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Revision 0011 changes no table: it keeps apps that know ledger row format 1 only
    (whose verify would call every format 2 entry changed) out of a database written by
    this one."""
    from dealer_app.storage import ledger
    from dealer_app.storage.errors import MigrationError

    assert ledger.ROW_FORMAT == 2 and migrate.head_revision() >= "0011"
    url = f"sqlite:///{tmp_path}/new.sqlite3"
    Database.open(url).close()
    monkeypatch.setattr(migrate, "HEAD", "0010")  # the app as it was before format 2
    monkeypatch.setattr(migrate, "known_revisions",
                        lambda: {"0001", "0002", "0003", "0004", "0005", "0006", "0007",
                                 "0008", "0009", "0010"})
    with pytest.raises(MigrationError, match="newer dealer-app"):
        Database.open(url)

"""Storage: SQLAlchemy models, database setup, migrations, the digest chain, backups.

Never imports Qt. Callers outside ``services`` use only :class:`Database`,
:func:`resolve_db_url`, :func:`backup_sqlite_file` and the errors.

Modules: ``errors`` (StorageError family), ``location`` (where the database lives),
``database`` (opening, pragmas, migrations at start-up), ``migrate`` (Alembic from code),
``models`` (the schema), ``chain`` (event digests), ``backup`` (SQLite online backup).
"""

from typing import TYPE_CHECKING

from dealer_app.lazy import exports
from dealer_app.storage.errors import (
    ConflictError,
    DatabaseLockedError,
    DatabaseUnavailableError,
    MigrationError,
    NotADatabaseError,
    NotFoundError,
    StorageError,
)

if TYPE_CHECKING:
    from dealer_app.storage.backup import backup_sqlite_file
    from dealer_app.storage.database import Database
    from dealer_app.storage.location import default_db_path, resolve_db_url

__getattr__ = exports(__name__, {
    "backup_sqlite_file": "dealer_app.storage.backup", "Database": "dealer_app.storage.database",
    "default_db_path": "dealer_app.storage.location",
    "resolve_db_url": "dealer_app.storage.location"})
"""SQLAlchemy and the schema are imported with the first name that needs them."""

__all__ = [
    "ConflictError", "Database",
    "DatabaseLockedError", "DatabaseUnavailableError", "MigrationError",
    "NotADatabaseError", "NotFoundError",
    "StorageError", "backup_sqlite_file", "default_db_path", "resolve_db_url",
]

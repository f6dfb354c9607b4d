"""Storage: SQLAlchemy models, database setup, migrations, the digest chain, backups.

Never imports Qt. Callers outside ``services`` use only :class:`Database`,
:func:`resolve_db_url`, :func:`backup_sqlite_file` and the errors.

Modules: ``errors`` (StorageError family), ``location`` (where the database lives),
``database`` (opening, pragmas, migrations at start-up), ``migrate`` (Alembic from code),
``models`` (the schema), ``chain`` (event digests), ``backup`` (SQLite online backup).
"""

from dealer_app.storage.backup import backup_sqlite_file
from dealer_app.storage.database import Database
from dealer_app.storage.errors import (
    AccountLockedError,
    AuthenticationError,
    ConflictError,
    DatabaseLockedError,
    DatabaseUnavailableError,
    HandClosedError,
    MigrationError,
    NotADatabaseError,
    NotFoundError,
    NothingToUndoError,
    PermissionDeniedError,
    StorageError,
)
from dealer_app.storage.location import default_db_path, resolve_db_url

__all__ = [
    "AccountLockedError", "AuthenticationError", "ConflictError", "Database",
    "DatabaseLockedError", "DatabaseUnavailableError", "HandClosedError", "MigrationError",
    "NotADatabaseError", "NotFoundError", "NothingToUndoError", "PermissionDeniedError",
    "StorageError", "backup_sqlite_file", "default_db_path", "resolve_db_url",
]

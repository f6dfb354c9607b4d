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
    ConflictError,
    DatabaseLockedError,
    DatabaseUnavailableError,
    MigrationError,
    NotADatabaseError,
    NotFoundError,
    StorageError,
)
from dealer_app.storage.location import default_db_path, resolve_db_url

__all__ = [
    "ConflictError", "Database",
    "DatabaseLockedError", "DatabaseUnavailableError", "MigrationError",
    "NotADatabaseError", "NotFoundError",
    "StorageError", "backup_sqlite_file", "default_db_path", "resolve_db_url",
]

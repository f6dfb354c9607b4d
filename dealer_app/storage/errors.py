"""Errors of the storage layer and the services built on it: the database or a file failed,
or a record is missing or clashes with another.

Each is a :class:`StorageError` (a ``ValueError``) whose message says what went wrong in plain
words and names the database or record. The refusals of a rule of the house (sign-in,
permission, a closed hand, nothing to undo, a refused correction) are not storage errors:
they are :class:`dealer_app.services.core.errors.ServiceError`.
"""

from __future__ import annotations


class StorageError(ValueError):
    """Base of every storage and service error."""


class DatabaseUnavailableError(StorageError):
    """The database cannot be reached or written: missing or read-only folder, server down."""


class NotADatabaseError(StorageError):
    """The file is not an SQLite database, or it is corrupt."""


class DatabaseLockedError(StorageError):
    """Another program holds a lock on the database for too long."""


class MigrationError(StorageError):
    """The database schema could not be brought up to date."""


class NotFoundError(StorageError):
    """No table, session, seat, hand or staff member with that name or id."""


class ConflictError(StorageError):
    """The operation clashes with the current state (a session already open, a seat taken)."""









class DiskFullError(DatabaseUnavailableError):
    """The disk holding the database has no room left (the file itself is sound)."""


class ConnectionLostError(DatabaseUnavailableError):
    """The connection to the database server broke or could not be made (a network blip, a
    server restart): whether a commit in flight was stored is unknown until it is read back.
    Running the transaction again, on a new connection, may well succeed."""

"""Errors of the storage layer and the services built on it.

Every error a caller should show to a person is a :class:`StorageError` (a ``ValueError``)
whose message says what went wrong in plain words and names the database or record.
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


class PermissionDeniedError(StorageError):
    """The act needs a supervisor, or the staff member is not allowed to do it."""


class AuthenticationError(StorageError):
    """Unknown staff member or wrong PIN."""


class AccountLockedError(AuthenticationError):
    """Too many wrong PINs in a row: the account is locked for a while."""


class PinChangeRequiredError(PermissionDeniedError):
    """The supervisor's PIN no longer fits today's rule (an older, shorter one): no
    supervisor act until it is changed."""


class DualControlError(PermissionDeniedError):
    """The act is above the table's dual-control amount and needs a second, different
    supervisor's PIN."""


class HandClosedError(ConflictError):
    """The hand is complete or void and takes no more inputs."""


class NothingToUndoError(ConflictError):
    """There is no input left to undo in this hand."""


class DiskFullError(DatabaseUnavailableError):
    """The disk holding the database has no room left (the file itself is sound)."""


class ConnectionLostError(DatabaseUnavailableError):
    """The connection to the database server broke or could not be made (a network blip, a
    server restart): whether a commit in flight was stored is unknown until it is read back.
    Running the transaction again, on a new connection, may well succeed."""

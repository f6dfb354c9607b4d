"""The database schema as SQLAlchemy 2 typed models, one module per group of tables: ``base``
(the declarative base and column types), ``staff``, ``tables`` (tables, sessions, seats,
stack moves), ``hands`` (hands, players, events), ``audit``, ``floor`` (leases, waiting
lists, dealer shifts, watches, calls), ``ledger`` (the evidence ledger); and what the models are
marked and keyed with: ``chained`` (the mark a model joins the ledger by) and
``search_key`` (the key a name is stored and searched by). The package imports nothing else
of the storage. Every model is importable from here, and is defined (so registered) in the
order below.

Changes to these models reach a database only through an Alembic migration
(``dealer_app/storage/migrations/versions``). Amounts are integers (minor units);
times are UTC. Nothing here is ever deleted or rewritten by the app, except the few
cached columns named as such (a seat's ``stack``, a hand's ``status``/``pot``/``rake``/
``corrected``/``head_digest``),
which always follow from the rows that are only ever appended.
Every model marked ``@chained(...)`` joins the evidence ledger (``ledger.py``): each
version of each row is appended there as a digest, and signed checkpoints seal the ledger.
"""

from __future__ import annotations

# isort: off
# In the schema's order: each model joins the ledger (``chained.CHAINED``) as it is defined.
from dealer_app.storage.models.base import NAMING, Amount, Base, UTCDateTime
from dealer_app.storage.models.staff import Staff
from dealer_app.storage.models.tables import GameTable, Seating, StackMove, TableSession
from dealer_app.storage.models.hands import HandEvent, HandPlayer, HandRow
from dealer_app.storage.models.audit import AuditEntry
from dealer_app.storage.models.floor import (
    DealerShiftEvent,
    FloorCall,
    FloorWatch,
    TableLease,
    WaitingEntry,
)
from dealer_app.storage.models.ledger import Checkpoint, LedgerEntry, LedgerFork, StationKey
# isort: on

__all__ = [
    "NAMING", "Amount", "Base", "UTCDateTime",
    "Staff",
    "GameTable", "TableSession", "Seating", "StackMove",
    "HandRow", "HandPlayer", "HandEvent",
    "AuditEntry",
    "TableLease", "WaitingEntry", "DealerShiftEvent", "FloorWatch", "FloorCall",
    "LedgerEntry", "Checkpoint", "StationKey", "LedgerFork",
]

"""The evidence ledger: its entries, its signed checkpoints, the stations' keys and the
forks found."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from dealer_app.storage.models.base import Base, UTCDateTime
from dealer_app.storage.models.chained import chained


class LedgerEntry(Base):
    """One link of the evidence ledger: a version of a row of a chained table (its digest;
    ``deleted`` when the row was removed), chained to the entry before it. See ``ledger.py``.
    """

    __tablename__ = "ledger"
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    tbl: Mapped[str] = mapped_column(String(40))
    k1: Mapped[int] = mapped_column(BigInteger)
    k2: Mapped[int] = mapped_column(Integer, default=0)
    row_digest: Mapped[str] = mapped_column(String(64).with_variant(Text(), "postgresql"))
    """(A format 4 run's is longer: ``groups.py``; SQLite's text has no length, 0024.)"""
    digest: Mapped[str | None] = mapped_column(String(64))
    """The chain's digest at this entry: on the last entry of each commit (ledger format 3,
    migration 0022; NULL on the others, recomputed from the entries: ``ledger.digest_at``).
    """
    seal_from: Mapped[int | None] = mapped_column(Integer)
    """On the last entry of a commit (migration 0012): the commit's first entry; the
    entries ``seal_from``..``seq`` are sealed by the writer's key (``notary.Seal``)."""
    seal_key: Mapped[str | None] = mapped_column(String(16))
    """The key id of the workstation that wrote the commit."""
    seal_run: Mapped[str | None] = mapped_column(String(16))
    """The writing process (a random id per start): its seals form one hash chain."""
    seal_at: Mapped[int | None] = mapped_column(BigInteger)
    """When the commit was sealed: microseconds since 1970 (UTC), by the writer's clock."""
    seal_prev: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The SHA-256 of the run's seal before this one (empty for the run's first)."""
    seal_sig: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The Ed25519 signature of the seal's message (``notary.Seal.message``)."""
    __table_args__ = (Index("ix_ledger_row", "tbl", "k1", "k2"),)
    """(Not ``seq``: SQLite ends every index with the row id, which ``seq`` is, so the index
    still gives a key's entries in ledger order; PostgreSQL sorts the few of each key.)"""


class Checkpoint(Base):
    """The ledger's head (``seq``, ``digest``) signed with a workstation's Ed25519 key, which
    never enters the database (``notary.py``)."""

    __tablename__ = "checkpoint"
    id: Mapped[int] = mapped_column(primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str] = mapped_column(String(80))
    key_id: Mapped[str] = mapped_column(String(16))
    public_key: Mapped[str] = mapped_column(String(64))
    signature: Mapped[str] = mapped_column(String(128))
    unvouched: Mapped[str | None] = mapped_column(Text)
    """Format 2 checkpoints (migration 0012): the ledger entries since the checkpoint
    before that the signer could not authenticate (``"12-40,57"``; empty: none). NULL: a
    format 1 checkpoint, which sealed whatever the ledger held."""
    __table_args__ = (Index("ix_checkpoint_seq", "seq"),)


@chained(immutable=True)
class StationKey(Base):
    """A workstation key the floor trusts: the key that founded the ledger (``admitted_by``
    NULL) or one a supervisor admitted at an already trusted workstation."""

    __tablename__ = "station_key"
    id: Mapped[int] = mapped_column(primary_key=True)
    key_id: Mapped[str] = mapped_column(String(16), unique=True)
    public_key: Mapped[str] = mapped_column(String(64))
    label: Mapped[str] = mapped_column(String(120))
    admitted_at: Mapped[datetime] = mapped_column(UTCDateTime())
    admitted_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    reason: Mapped[str] = mapped_column(Text)


@chained(immutable=True)
class LedgerFork(Base):
    """This database is a copy (a backup, a copied or restored file) of the ledger
    ``parent`` as of its entry ``parent_seq``: noticed at the copy's first write, which
    gives it a ledger id of its own so its anchor files never mix with the original's."""

    __tablename__ = "ledger_fork"
    id: Mapped[int] = mapped_column(primary_key=True)
    ledger_id: Mapped[str] = mapped_column(String(16), unique=True)
    parent: Mapped[str] = mapped_column(String(16))
    parent_seq: Mapped[int] = mapped_column(Integer)
    """The ledger's newest entry when the copy was first written to."""
    parent_checkpoint: Mapped[int] = mapped_column(Integer)
    """The seq of the newest checkpoint the copy shares with its parent (0: none)."""
    location: Mapped[str] = mapped_column(String(200))
    """Where the copy lives (SQLite: device and inode; PostgreSQL: the cluster and database)."""
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(UTCDateTime())

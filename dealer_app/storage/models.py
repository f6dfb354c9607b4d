"""The database schema as SQLAlchemy 2 typed models.

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

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from dealer_app.storage.chained import chained
from dealer_app.storage.search_key import search_key

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A UTC instant stored as a naive timestamp (microseconds) and read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: storage wants UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC)


Amount = BigInteger().with_variant(Integer(), "sqlite")
"""A chip amount column: BIGINT on PostgreSQL; on SQLite an INTEGER, which already holds
64 bits. Every amount is at most ``engine.limits.MAX_AMOUNT`` (10**15 - 1), so both databases
hold every amount, every pot and the sums of a report alike."""


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


@chained("failed_pins")
class Staff(Base):
    """A dealer or a supervisor. The PIN is kept only as a slow salted hash."""

    __tablename__ = "staff"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    pin_hash: Mapped[str] = mapped_column(String(255))
    failed_pins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    lockouts: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """Locks in a row (operational): each lock lasts twice the one before, until a right PIN
    or a supervisor's unlock."""
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    pin_change_due: Mapped[bool | None] = mapped_column(Boolean)
    """True: the PIN no longer fits today's rule (an older, shorter supervisor PIN): no
    supervisor act until it is changed (migration 0013). NULL: nothing due."""
    locked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When 100 wrong PINs in a row locked the account (until a supervisor unlocks it or
    ``staff recover``); NULL: not locked. ``locked_until`` is the throttle: the next try is
    not checked before it."""
    __table_args__ = (CheckConstraint("role IN ('dealer', 'supervisor')", name="role"),)


@chained()
class GameTable(Base):
    """A physical table and the settings its hands are played under."""

    __tablename__ = "game_table"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    settings_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    currency: Mapped[str] = mapped_column(String(3), default="EUR", server_default="EUR")
    """ISO 4217 code of the currency its amounts are in (minor units), e.g. EUR, SEK."""
    dual_control_above: Mapped[int | None] = mapped_column(Amount)
    """Dual control: a void, stack adjustment or settlement of more than this (minor units)
    needs a second supervisor's PIN. NULL or 0: off (migration 0013)."""
    min_buy_in: Mapped[int | None] = mapped_column(Amount)
    """The smallest buy-in (minor units): a buy-in below it is refused, and so is a rebuy
    that leaves the stack below it. NULL or 0: none (migration 0021)."""
    max_buy_in: Mapped[int | None] = mapped_column(Amount)
    """The largest buy-in: a buy-in above it is refused, and so is a rebuy that takes the
    stack above it. NULL or 0: none (migration 0021)."""


@chained()
class TableSession(Base):
    """A dealer's shift at one table; at most one open session per table."""

    __tablename__ = "table_session"
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"))
    dealer_id: Mapped[int] = mapped_column(ForeignKey("staff.id"))
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (
        Index("ux_table_session_open", "table_id", unique=True,
              sqlite_where=text("closed_at IS NULL"),
              postgresql_where=text("closed_at IS NULL")),
    )


@chained()
class Seating(Base):
    """A player in a seat of a session, from sitting down to leaving. ``stack`` is a cache of
    the sum of its :class:`StackMove` rows."""

    __tablename__ = "seating"
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_session.id"))
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(80))
    stack: Mapped[int] = mapped_column(Amount)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    seated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (
        CheckConstraint("seat BETWEEN 1 AND 6", name="seat"),
        Index("ux_seating_open", "session_id", "seat", unique=True,
              sqlite_where=text("left_at IS NULL"), postgresql_where=text("left_at IS NULL")),
    )


@chained(immutable=True)
class StackMove(Base):
    """A change of a seat's stack: buy-in, rebuy, cash-out, adjustment, or a hand's result.

    ``owed`` is the one kind that is not in the seat's stack: chips a void owes a player who
    had already left (positive: the house owes the player; negative: the player took home
    chips the void took back). It stays in the session and its chip reconciliation."""

    __tablename__ = "stack_move"
    id: Mapped[int] = mapped_column(primary_key=True)
    seating_id: Mapped[int] = mapped_column(ForeignKey("seating.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    amount: Mapped[int] = mapped_column(Amount)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)


@chained("head_digest", "pot")
class HandRow(Base):
    """One hand: the settings and seats it was dealt with, and the head of its event chain.
    ``status``, ``pot``, ``ended_at`` and ``head_digest`` follow from its events."""

    __tablename__ = "hand"
    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(String(36), unique=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    number: Mapped[int | None] = mapped_column(Integer)
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    origin: Mapped[str] = mapped_column(String(16), default="app")
    settings_json: Mapped[str] = mapped_column(Text)
    seats_json: Mapped[str] = mapped_column(Text)
    meta_json: Mapped[str] = mapped_column(Text, default="{}")
    status: Mapped[str] = mapped_column(String(16))
    pot: Mapped[int] = mapped_column(Amount, default=0)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    head_digest: Mapped[str] = mapped_column(String(64))
    corrected: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Set once a supervisor corrected an input or undid an input of the completed hand."""
    rake: Mapped[int] = mapped_column(Amount, default=0, server_default=text("0"))
    """The engine's rake, written when the hand completes (0 otherwise)."""
    content_digest: Mapped[str | None] = mapped_column(String(64))
    """An imported hand's identity: SHA-256 of its record without ``meta`` (None for hands
    dealt in the app); unique, so a record imported twice is stored once."""
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="uq_hand_table_number"),
        Index("ux_hand_content_digest", "content_digest", unique=True),
        CheckConstraint("status IN ('in-progress', 'complete', 'void')", name="status"),
        Index("ix_hand_session_status", "session_id", "status"),
        Index("ix_hand_started_at", "started_at"),
        Index("ix_hand_status_started_at", "status", "started_at"),
        Index("ix_hand_dealer_started_at", "dealer_id", "started_at"),
        Index("ix_hand_corrected", "corrected"),
        Index("ix_hand_pot", "pot"),
        Index("ix_hand_table_started_at", "table_id", "started_at"),
        Index("ix_hand_session_started_at", "session_id", "started_at"),
        Index("ix_hand_status", "status"),
        Index("ix_hand_number", "number"),
        Index("ix_hand_table", "table_id"),
    )


def _player_key(context: Any) -> str:
    return search_key(str(context.get_current_parameters()["player"]))


@chained()
class HandPlayer(Base):
    """A player dealt into a hand, for searching by player and writing back the result.
    ``player_key`` is :func:`search_key` of ``player`` (filled on insert), which substring
    searches compare."""

    __tablename__ = "hand_player"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(80))
    player_key: Mapped[str] = mapped_column(String(80), default=_player_key,
                                            server_default=text("''"))
    seating_id: Mapped[int | None] = mapped_column(ForeignKey("seating.id"))
    stack_before: Mapped[int] = mapped_column(Amount)
    stack_after: Mapped[int | None] = mapped_column(Amount)
    __table_args__ = (
        Index("ix_hand_player_player_hand", "player", "hand_id"),
        Index("ix_hand_player_lower_player", func.lower(text("player"))),
        Index("ix_hand_player_key_hand", "player_key", "hand_id"),
    )


@chained(immutable=True)
class HandEvent(Base):
    """One appended row of a hand's log: an input, an undo of an earlier input, a
    supervisor's correction of an earlier input (``target_seq``; the replacement event in
    ``seat``/``action``/``card``/``to_amount``, or no action: struck), or a void.
    ``digest`` = SHA-256(previous digest + canonical JSON of this row), see ``chain.py``."""

    __tablename__ = "hand_event"
    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str | None] = mapped_column(String(16))
    card: Mapped[str | None] = mapped_column(String(8))
    to_amount: Mapped[int | None] = mapped_column(Amount)
    target_seq: Mapped[int | None] = mapped_column(Integer)
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    reason: Mapped[str | None] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(String(64))
    input_id: Mapped[str | None] = mapped_column(String(36))
    """The id the dealer's station chose for the input (a UUID; NULL for rows of other
    kinds and rows written before 0015): a retried commit is settled by it, never stored
    twice. Last in the model, so older rows' format 2 digests stay valid."""
    __table_args__ = (
        UniqueConstraint("hand_id", "seq", name="uq_hand_event_hand_seq"),
        CheckConstraint("kind IN ('input', 'undo', 'void', 'correct')", name="kind"),
        Index("ux_hand_event_input_id", "input_id", unique=True,
              sqlite_where=text("input_id IS NOT NULL"),
              postgresql_where=text("input_id IS NOT NULL")),
    )


@chained(immutable=True)
class AuditEntry(Base):
    """Every act that is not a hand input: who, when (UTC), what, why."""

    __tablename__ = "audit"
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    act: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str | None] = mapped_column(Text)
    detail_json: Mapped[str] = mapped_column(Text, default="{}")
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    __table_args__ = (Index("ix_audit_at", "at"),
                      Index("ix_audit_session_act", "session_id", "act"))


class TableLease(Base):
    """Which workstation records into a table (operational, not a fact of the log): one row
    per table, taken when a table is opened, renewed by a heartbeat and by every input, and
    expired when its heartbeat is older than the lease time (a crashed workstation)."""

    __tablename__ = "table_lease"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"), primary_key=True)
    workstation: Mapped[str] = mapped_column(String(64))
    """A random id per running window (a new one at each start)."""
    host: Mapped[str] = mapped_column(String(255))
    """For people: the computer's name and process id."""
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    staff_name: Mapped[str] = mapped_column(String(80))
    acquired_at: Mapped[datetime] = mapped_column(UTCDateTime())
    heartbeat_at: Mapped[datetime] = mapped_column(UTCDateTime())


@chained()
class WaitingEntry(Base):
    """A player on the waiting list of a game (structure and ante), from joining to being
    seated, marked a no-show or taken off. Each step fills its columns once (and is also
    an audit row); an entry is active while none of ``seated_at``, ``no_show_at`` and
    ``removed_at`` is set."""

    __tablename__ = "waiting_entry"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    structure: Mapped[str] = mapped_column(String(16))
    ante: Mapped[int] = mapped_column(BigInteger)
    player: Mapped[str] = mapped_column(String(80))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime())
    joined_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    called_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    called_table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    called_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    seated_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    seated_table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id"))
    no_show_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    removed_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    removal: Mapped[str | None] = mapped_column(Text)
    """Why the entry was taken off (or marked a no-show)."""
    chips: Mapped[int | None] = mapped_column(Amount)
    """A player moving from another table (migration 0021): the chips they carry, which
    left ``from_seating_id`` by a ``move-out`` and arrive by a ``move-in`` when seated at
    ``called_table_id``. NULL: an ordinary waiting player."""
    from_seating_id: Mapped[int | None] = mapped_column(Integer)
    """The seating (``seating.id``) the moving player's chips left (no foreign key: SQLite
    cannot add one to a table in place)."""
    __table_args__ = (Index("ix_waiting_entry_game", "structure", "ante", "joined_at"),)


@chained(immutable=True)
class DealerShiftEvent(Base):
    """One event of a dealer's shift, written once: ``clock-in``, ``clock-out``, ``break``
    (``minutes``: how long the break is planned), ``back``; and ``push-every`` (the floor's
    rotation setting: a push every ``minutes``; no ``staff_id``). Each is also an audit row.
    Who deals a table stays the session's (a push is a ``change-dealer``)."""

    __tablename__ = "dealer_shift_event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    kind: Mapped[str] = mapped_column(String(16))
    staff_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    by_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    minutes: Mapped[int | None] = mapped_column(Integer)
    __table_args__ = (
        CheckConstraint("kind IN ('clock-in', 'clock-out', 'break', 'back', 'push-every')",
                        name="kind"),
        Index("ix_dealer_shift_event_at", "at"),
    )


class FloorWatch(Base):
    """An open floor view (operational, not a fact of the log): one row per running floor
    view, renewed by a heartbeat like a table's lease, so a dealer's window can tell whether
    anybody watches the calls."""

    __tablename__ = "floor_watch"
    station: Mapped[str] = mapped_column(String(64), primary_key=True)
    """A random id per running floor view."""
    host: Mapped[str] = mapped_column(String(255))
    staff_name: Mapped[str] = mapped_column(String(80))
    """The supervisor signed in there, or empty."""
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime())
    heartbeat_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    __table_args__ = (Index("ix_floor_watch_heartbeat", "heartbeat_at"),)


@chained()
class FloorCall(Base):
    """A dealer's call to the floor (a dispute, chips, a player, a hole-card mismatch) and
    how a supervisor answered it. Each step is also an audit row (``call-floor``,
    ``acknowledge-call``, ``resolve-call``); the acknowledged/resolved columns are filled
    once each, never rewritten."""

    __tablename__ = "floor_call"
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("table_session.id"))
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    dealer_id: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    dealer_name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    acknowledged_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    acknowledged_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    acknowledged_name: Mapped[str | None] = mapped_column(String(80))
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("staff.id"))
    resolved_name: Mapped[str | None] = mapped_column(String(80))
    resolution: Mapped[str | None] = mapped_column(Text)
    __table_args__ = (
        CheckConstraint("kind IN ('mismatch', 'dispute', 'chips', 'player', 'other')",
                        name="kind"),
        Index("ix_floor_call_table_created", "table_id", "created_at"),
        Index("ix_floor_call_session", "session_id"),
        Index("ix_floor_call_resolved_at", "resolved_at"),
    )


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


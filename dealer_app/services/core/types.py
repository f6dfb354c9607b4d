"""Plain values the services return. No SQLAlchemy object ever leaves the services."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from dealer_app.engine import Event, SeatSpec, Settings
from dealer_app.engine.hand import Expected, Hand


class Role(StrEnum):
    DEALER = "dealer"
    SUPERVISOR = "supervisor"


class HandStatus(StrEnum):
    IN_PROGRESS = "in-progress"
    COMPLETE = "complete"
    VOID = "void"


@dataclass(frozen=True, slots=True)
class StaffMember:
    """A dealer or supervisor who proved their PIN (or was just created)."""

    id: int
    name: str
    role: Role

    @property
    def is_supervisor(self) -> bool:
        return self.role is Role.SUPERVISOR


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a PIN was typed for: the act and the hand, session or table it concerns. A
    refusal (wrong PIN, a dealer's PIN for a supervisor act, ...) is audited with it."""

    act: str = "sign-in"
    """The act's audit name, e.g. ``void-hand``, ``adjustment``, ``sign-in``."""
    hand_id: int | None = None
    session_id: int | None = None
    table_id: int | None = None


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: int
    name: str
    settings: Settings
    currency: str = "EUR"
    """ISO 4217 code of the currency its amounts are counted in (minor units)."""
    dual_control_above: int = 0
    """A void, stack adjustment or settlement of more than this (minor units) needs a
    second supervisor; 0: off."""
    min_buy_in: int = 0
    """The smallest buy-in, and the smallest stack a rebuy may leave (0: none)."""
    max_buy_in: int = 0
    """The largest buy-in, and the largest stack a rebuy may make (0: none)."""


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A dealer's shift at a table."""

    id: int
    table_id: int
    table_name: str
    settings: Settings
    dealer_id: int
    dealer: str
    opened_at: datetime
    closed_at: datetime | None
    currency: str = "EUR"
    """The table's currency (ISO 4217 code)."""

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A player seated in a session (one who has not left)."""

    seating_id: int
    seat: int
    player: str
    stack: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One stored row of a hand's log, as the supervisor sees it."""

    seq: int
    kind: str
    """``input``, ``undo`` (of the input ``target_seq``), ``correct`` (a supervisor's
    correction of the input ``target_seq``: ``event`` replaces it, or None: struck) or
    ``void``."""
    event: Event | None
    target_seq: int | None
    by: str
    at: datetime
    reason: str | None
    undone: bool = False
    """An input or correction no longer in force (undone, struck or corrected since)."""
    step: int | None = None
    """For a row in force: its place (1-based) among the hand's current inputs."""
    superseded_by: int | None = None
    """For a row no longer in force: the seq of the undo or correction that took it out."""


@dataclass(frozen=True, slots=True)
class HandState:
    """A hand as stored, with the engine's state after replaying its current events
    (or only the first ``upto`` of them)."""

    hand_id: int
    uid: str
    table_id: int | None
    session_id: int | None
    number: int | None
    status: HandStatus
    settings: Settings
    seats: tuple[SeatSpec, ...]
    started_at: datetime
    ended_at: datetime | None
    log: tuple[LogEntry, ...]
    hand: Hand
    """The engine's hand: read it (``next_input()``, ``stacks``, ``pots()``...), do not apply
    events to it; record inputs through :class:`~dealer_app.services.hands.HandService`."""
    corrected: bool = False
    """A supervisor corrected an input of it, or undid an input after it completed."""

    @property
    def events(self) -> tuple[Event, ...]:
        return self.hand.events

    @property
    def complete(self) -> bool:
        return self.hand.complete

    def next_input(self) -> Expected | None:
        return None if self.status is HandStatus.VOID else self.hand.next_input()

    def result(self) -> dict[str, Any]:
        """The replay JSON object of hand-record.md."""
        return self.hand.result()


@dataclass(frozen=True, slots=True)
class HandQuery:
    """Filters of the supervisor's hand search; None means any."""

    table_id: int | None = None
    session_id: int | None = None
    dealer_id: int | None = None
    player: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    status: HandStatus | None = None
    min_pot: int | None = None
    max_pot: int | None = None
    corrected: bool | None = None
    """True: only hands a supervisor corrected; False: only the others."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One light row of the supervisor's hand list."""

    hand_id: int
    table: str
    session_id: int | None
    number: int | None
    dealer: str
    started_at: datetime
    ended_at: datetime | None
    status: HandStatus
    pot: int
    players: tuple[str, ...]
    corrected: bool = False


@dataclass(frozen=True, slots=True)
class AuditRecord:
    at: datetime
    by: str
    act: str
    reason: str | None
    detail: dict[str, Any]
    table_id: int | None = None
    session_id: int | None = None
    hand_id: int | None = None


@dataclass(frozen=True, slots=True)
class BrokenHand:
    hand_id: int
    label: str
    reason: str


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """The newest signed checkpoint: ``short`` (``#seq xxxx-xxxx-xxxx-xxxx``) goes on paper;
    ``dealer-app log verify`` finds it again by ledger entry ``seq`` and ``digest``."""

    short: str
    seq: int
    digest: str
    at: datetime
    key_id: str


@dataclass(slots=True)
class VerifyReport:
    checked: int = 0
    broken: list[BrokenHand] = field(default_factory=list)
    cancelled: bool = False
    other_anchors: list[str] = field(default_factory=list)
    """Anchor files of other databases found beside this one's (named, not checked)."""
    copy_of: str = ""
    """For a copy of another database (a backup, a copied or restored file, noticed at its
    first write): the ledger id of the original (empty: no copy)."""
    copy_from: tuple[int, int] = (0, 0)
    """For a copy: the original's newest ledger entry and newest checkpoint's entry then."""
    original_went_on: int = 0
    """For a copy: the newest entry the original's anchor file reaches (0: none later)."""
    unanchored: str = ""
    """Why the database is UNANCHORED: it has checkpoints but no anchor file of its own was
    found (empty: anchored, or nothing to anchor). ``log verify`` fails on it unless told to
    accept it."""
    incremental_from: int = 0
    """An incremental verify (``--incremental``/``--state``): the last entry the state
    file says was verified (0: a full verify)."""
    incremental_at: str = ""
    """When that entry was verified (UTC, ISO 8601)."""
    incremental_to: int = 0
    """The last entry an incremental verify walked."""
    state_file: str = ""
    """The verify state saved (empty: none)."""

    @property
    def ok(self) -> bool:
        return not self.broken and not self.cancelled


@dataclass(slots=True)
class ExportReport:
    written: list[Path] = field(default_factory=list)
    cancelled: bool = False


@dataclass(slots=True)
class ImportReport:
    stored: list[tuple[str, int]] = field(default_factory=list)
    """(file, new hand id) for every record stored."""
    refused: list[tuple[str, str]] = field(default_factory=list)
    """(file, reason) for every record refused; nothing of it was stored."""
    invalid: list[str] = field(default_factory=list)
    """The refused files that are not valid hand records (unreadable, bad encoding, ...)."""
    duplicates: list[tuple[str, int]] = field(default_factory=list)
    """(file, hand id) for every record that was already stored (stored once)."""
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a player's history and the player's net result in it (None: the hand
    is in progress)."""

    hand: HandSummary
    net: int | None


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    name: str
    hands: tuple[PlayerHand, ...]
    """The newest hands, at most the limit asked for."""
    total: int
    """The sum of the nets of ALL the player's finished hands (not only those listed)."""
    count: int = 0
    """How many hands the player has in all; more than ``len(hands)`` when the list was
    cut at its limit."""

    @property
    def cut(self) -> bool:
        """The list holds only the newest ``len(hands)`` of :attr:`count` hands."""
        return self.count > len(self.hands)

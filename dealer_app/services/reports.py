"""Supervisor reports, Qt-free: session reconciliation, stack history, hand reports, CSV.

- ``session_report(db, session_id) -> SessionReport``: per seat buy-ins, adjustments,
  cash-outs, stack now, net result and hands played; the session's rake; the chip
  reconciliation ``stacks + cash-outs + rake = buy-ins + adjustments`` (flagged when it does
  not hold, with the reasons found).
- ``stack_history(db, session_id) -> StackHistory``: every player's stack over the session's
  hands, for a chart.
- ``hand_report(state) -> HandReport``: one hand for print (settings, seats, every logged row
  with time and author, undos and the void, showdown order, hand names, pots and the odd-chip
  ruling), as text or HTML.
- ``write_hand_list_csv(review, query, path, ...)``: the filtered hand list as CSV, written
  page by page to a temporary file renamed at the end (a cancel leaves nothing behind).
- ``atomic_write(path)``: the temp-file-then-rename helper the exports share.

Amounts are integers in the currency's minor unit; times are stored in UTC and shown in the
local time zone unless a ``tz`` is given.
"""

from __future__ import annotations

import csv
import html
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from typing import IO, Protocol

from sqlalchemy import func, select

from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand
from dealer_app.services.common import session_info
from dealer_app.services.types import (
    HandQuery,
    HandState,
    HandStatus,
    HandSummary,
    SessionInfo,
)
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import (
    GameTable,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    Staff,
    TableSession,
)

ProgressFn = Callable[[int, int], None]
"""``progress(done, total)``."""
CancelFn = Callable[[], bool]
"""Returns True to stop a long operation."""

BUY_IN_KINDS = ("buy-in", "rebuy")
CASH_OUT_KINDS = ("cash-out",)
ADJUST_KINDS = ("adjustment",)
HAND_KINDS = ("hand", "void", "hand-undo", "correction")


class Cancelled(Exception):
    """Raised inside an :func:`atomic_write` block to drop the file being written."""


# ---------------------------------------------------------------------------- files
@contextmanager
def atomic_write(path: str | os.PathLike[str], *, newline: str | None = None,
                 binary: bool = False) -> Iterator[IO[str] | IO[bytes]]:
    """Opens a temporary file beside ``path``; renames it over ``path`` when the block ends
    normally, deletes it when the block raises (including :class:`Cancelled`)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                               dir=target.parent)
    handle: IO[str] | IO[bytes]
    if binary:
        handle = os.fdopen(fd, "wb")
    else:
        handle = os.fdopen(fd, "w", encoding="utf-8", newline=newline)
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def temp_path_beside(path: str | os.PathLike[str]) -> Path:
    """A fresh temporary file name in ``path``'s folder (for writers that want a name, such
    as Qt's PDF writer); rename it with :func:`os.replace` when done."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    return Path(tmp)


def local_time(moment: datetime | None, tz: tzinfo | None = None, *,
               seconds: bool = True) -> str:
    """``2025-01-02 20:15:03`` in the local zone (or ``tz``); empty for None."""
    if moment is None:
        return ""
    shown = moment.astimezone(tz)
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def iso_z(moment: datetime | None) -> str:
    """``2025-01-02T20:15:03Z`` (UTC); empty for None."""
    if moment is None:
        return ""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------- session report
@dataclass(frozen=True, slots=True)
class SeatLine:
    """One player's time in one seat of a session (a player who left and came back has two)."""

    seating_id: int
    seat: int
    player: str
    seated_at: datetime
    left_at: datetime | None
    buy_ins: int
    """Buy-in and rebuys."""
    adjustments: int
    """Supervisor adjustments, signed."""
    cash_outs: int
    """Chips taken from the table, positive."""
    won: int
    """Net of the hands (after voids and undos), signed."""
    stack: int
    """The stack now (0 once the player left)."""
    hands: int
    """Hands dealt into, not counting void hands."""
    moves_stack: int
    """The stack as the sum of every stack move: must equal ``stack``."""

    @property
    def net(self) -> int:
        """What the player is up (positive) or down: cash-outs + stack − buy-ins − adjustments.
        Equals ``won`` when the seat's record is consistent."""
        return self.cash_outs + self.stack - self.buy_ins - self.adjustments


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """``stacks + cash-outs + rake = buy-ins + adjustments`` for one session."""

    buy_ins: int
    adjustments: int
    stacks: int
    cash_outs: int
    rake: int
    problems: tuple[str, ...] = ()
    """Plain reasons found for an imbalance (a seat whose stack differs from its moves, a
    hand whose stack changes do not match its result)."""

    @property
    def chips_in(self) -> int:
        return self.buy_ins + self.adjustments

    @property
    def chips_out(self) -> int:
        return self.stacks + self.cash_outs + self.rake

    @property
    def difference(self) -> int:
        """``chips_in − chips_out``: 0 when balanced."""
        return self.chips_in - self.chips_out

    @property
    def balanced(self) -> bool:
        return self.difference == 0 and not self.problems

    def equation(self) -> str:
        """``stacks 1,200 + cash-outs 300 + rake 20 = 1,520 = buy-ins 1,500 + adjustments 20``
        (``≠`` in the middle when it does not hold)."""
        sign = "=" if self.difference == 0 else "≠"
        return (f"stacks {self.stacks:,} + cash-outs {self.cash_outs:,} + rake {self.rake:,}"
                f" = {self.chips_out:,} {sign} buy-ins {self.buy_ins:,}"
                f" + adjustments {self.adjustments:+,} = {self.chips_in:,}")


@dataclass(frozen=True, slots=True)
class SessionReport:
    session: SessionInfo
    seats: tuple[SeatLine, ...]
    hands_complete: int
    hands_void: int
    hands_in_progress: int
    rake: int
    reconciliation: Reconciliation
    generated_at: datetime
    evidence: str = ""
    """The newest signed checkpoint's fingerprint when the report was made (``log verify``
    finds it again years later)."""

    @property
    def hands_played(self) -> int:
        """Hands dealt in this session that were not voided."""
        return self.hands_complete + self.hands_in_progress

    def to_text(self, tz: tzinfo | None = None) -> str:
        s = self.session
        lines = [f"Session report — {s.table_name}, session {s.id}",
                 f"Dealer {s.dealer} · {s.settings.describe()}",
                 f"Opened {local_time(s.opened_at, tz)} · "
                 + (f"closed {local_time(s.closed_at, tz)}" if s.closed_at else "still open"),
                 f"Hands: {self.hands_complete} complete, {self.hands_void} void, "
                 f"{self.hands_in_progress} in progress · rake {self.rake:,}", "",
                 f"{'Seat':<5}{'Player':<18}{'Buy-ins':>10}{'Adjust':>9}{'Cash-outs':>11}"
                 f"{'Stack':>9}{'Net':>9}{'Hands':>7}"]
        for line in self.seats:
            lines.append(f"{line.seat:<5}{line.player[:17]:<18}{line.buy_ins:>10,}"
                         f"{line.adjustments:>+9,}{line.cash_outs:>11,}{line.stack:>9,}"
                         f"{line.net:>+9,}{line.hands:>7}")
        rec = self.reconciliation
        lines += ["", "Chip reconciliation: " + ("balanced" if rec.balanced else "NOT BALANCED"),
                  rec.equation()]
        lines += [f"  ! {p}" for p in rec.problems]
        if self.evidence:
            lines += ["", f"Evidence: log checkpoint {self.evidence}"]
        return "\n".join(lines) + "\n"

    def to_html(self, tz: tzinfo | None = None) -> str:
        s = self.session
        esc = html.escape
        rows = "".join(
            f"<tr><td>{x.seat}</td><td>{esc(x.player)}</td><td align=right>{x.buy_ins:,}</td>"
            f"<td align=right>{x.adjustments:+,}</td><td align=right>{x.cash_outs:,}</td>"
            f"<td align=right>{x.stack:,}</td><td align=right>{x.net:+,}</td>"
            f"<td align=right>{x.hands}</td></tr>" for x in self.seats)
        rec = self.reconciliation
        colour = "#1b7f3b" if rec.balanced else "#c62828"
        verdict = "Balanced" if rec.balanced else "NOT BALANCED"
        problems = "".join(f"<li>{esc(p)}</li>" for p in rec.problems)
        return (
            f"<h2>Session report — {esc(s.table_name)}, session {s.id}</h2>"
            f"<p>Dealer {esc(s.dealer)} · {esc(s.settings.describe())}<br>"
            f"Opened {local_time(s.opened_at, tz)} · "
            + (f"closed {local_time(s.closed_at, tz)}" if s.closed_at else "still open")
            + f"<br>Hands: {self.hands_complete} complete, {self.hands_void} void, "
            f"{self.hands_in_progress} in progress · rake {self.rake:,}</p>"
            "<table border=1 cellspacing=0 cellpadding=4 width=100%>"
            "<tr><th>Seat</th><th>Player</th><th>Buy-ins</th><th>Adjustments</th>"
            f"<th>Cash-outs</th><th>Stack</th><th>Net</th><th>Hands</th></tr>{rows}</table>"
            f"<p style='color:{colour}'><b>Chip reconciliation: {verdict}</b><br>"
            f"{esc(rec.equation())}</p>" + (f"<ul>{problems}</ul>" if problems else "")
            + (f"<p><small>Evidence: log checkpoint {esc(self.evidence)}</small></p>"
               if self.evidence else ""))


def _session_row(db: Database, session_id: int) -> SessionInfo:
    with db.read() as s:
        row = s.get(TableSession, session_id)
        if row is None:
            raise NotFoundError(f"no session with id {session_id}")
        table = s.get(GameTable, row.table_id)
        dealer = s.get(Staff, row.dealer_id)
        assert table is not None and dealer is not None
        return session_info(row, table, dealer)


def session_report(db: Database, session_id: int) -> SessionReport:
    """The per-seat figures and chip reconciliation of one session (a few aggregate queries,
    no replay: fast on long sessions)."""
    info = _session_row(db, session_id)
    with db.read() as s:
        seatings = list(s.scalars(select(Seating).where(Seating.session_id == session_id)
                                  .order_by(Seating.seat, Seating.seated_at)))
        ids = [r.id for r in seatings]
        moves: dict[tuple[int, str], int] = {}
        if ids:
            for sid, kind, amount in s.execute(
                    select(StackMove.seating_id, StackMove.kind, func.sum(StackMove.amount))
                    .where(StackMove.seating_id.in_(ids))
                    .group_by(StackMove.seating_id, StackMove.kind)):
                moves[(int(sid), str(kind))] = int(amount or 0)
        played: dict[int, int] = {}
        if ids:
            for pid, count in s.execute(
                    select(HandPlayer.seating_id, func.count())
                    .join(HandRow, HandRow.id == HandPlayer.hand_id)
                    .where(HandPlayer.seating_id.in_(ids),
                           HandRow.status != HandStatus.VOID.value)
                    .group_by(HandPlayer.seating_id)):
                if pid is not None:
                    played[int(pid)] = int(count)
        statuses = {str(st): int(n) for st, n in s.execute(
            select(HandRow.status, func.count()).where(HandRow.session_id == session_id)
            .group_by(HandRow.status))}
        # The rake the engine took, and what the players lost in total: by rule 10.5 the two
        # agree, so the report can check one against the other.
        rake = int(s.scalar(
            select(func.coalesce(func.sum(HandRow.rake), 0))
            .where(HandRow.session_id == session_id,
                   HandRow.status == HandStatus.COMPLETE.value)) or 0)
        delta = HandPlayer.stack_before - func.coalesce(HandPlayer.stack_after,
                                                        HandPlayer.stack_before)
        lost = int(s.scalar(
            select(func.coalesce(func.sum(delta), 0))
            .join(HandRow, HandRow.id == HandPlayer.hand_id)
            .where(HandRow.session_id == session_id,
                   HandRow.status == HandStatus.COMPLETE.value)) or 0)
        # The stack moves written for hands must match the hands' own results.
        hand_moves = int(s.scalar(
            select(func.coalesce(func.sum(StackMove.amount), 0))
            .where(StackMove.seating_id.in_(ids), StackMove.kind.in_(HAND_KINDS))) or 0) \
            if ids else 0
        unclosed = int(s.scalar(
            select(func.count()).select_from(HandRow)
            .where(HandRow.session_id == session_id,
                   HandRow.status == HandStatus.COMPLETE.value,
                   HandRow.id.in_(select(HandPlayer.hand_id)
                                  .where(HandPlayer.stack_after.is_(None))))) or 0)

    def total(seating_id: int, kinds: Sequence[str]) -> int:
        return sum(moves.get((seating_id, k), 0) for k in kinds)

    lines: list[SeatLine] = []
    problems: list[str] = []
    for row in seatings:
        all_moves = sum(v for (sid, _), v in moves.items() if sid == row.id)
        line = SeatLine(seating_id=row.id, seat=row.seat, player=row.player,
                        seated_at=row.seated_at, left_at=row.left_at,
                        buy_ins=total(row.id, BUY_IN_KINDS),
                        adjustments=total(row.id, ADJUST_KINDS),
                        cash_outs=-total(row.id, CASH_OUT_KINDS),
                        won=total(row.id, HAND_KINDS), stack=row.stack,
                        hands=played.get(row.id, 0), moves_stack=all_moves)
        if line.stack != line.moves_stack:
            problems.append(f"seat {row.seat} ({row.player}): the stack {line.stack:,} differs "
                            f"from the sum of its buy-ins, hands and cash-outs "
                            f"{line.moves_stack:,}")
        lines.append(line)
    if lost != rake:
        problems.append(f"the players lost {lost:,} in the hands' results, but the rake "
                        f"taken was {rake:,} (rule 10.5)")
    if hand_moves != -lost:
        problems.append(f"the stack changes written for hands add up to {hand_moves:+,}, "
                        f"but the hands' results to {-lost:+,}")
    if unclosed:
        problems.append(f"{unclosed} complete hand(s) have no result written for a player")
    rec = Reconciliation(buy_ins=sum(x.buy_ins for x in lines),
                         adjustments=sum(x.adjustments for x in lines),
                         stacks=sum(x.stack for x in lines),
                         cash_outs=sum(x.cash_outs for x in lines), rake=rake,
                         problems=tuple(problems))
    return SessionReport(session=info, seats=tuple(lines),
                         hands_complete=statuses.get(HandStatus.COMPLETE.value, 0),
                         hands_void=statuses.get(HandStatus.VOID.value, 0),
                         hands_in_progress=statuses.get(HandStatus.IN_PROGRESS.value, 0),
                         rake=rake, reconciliation=rec, generated_at=db.now(),
                         evidence=_evidence(db))


def _evidence(db: Database) -> str:
    from dealer_app.services.log import fingerprint

    found = fingerprint(db)
    return "" if found is None else found.short


# ---------------------------------------------------------------------------- stack history
@dataclass(frozen=True, slots=True)
class StackHistory:
    """Stacks over a session's hands: x = 0 before the first hand, x = i after hand i."""

    session_id: int
    hand_numbers: tuple[int, ...]
    """The table's number of each hand, in order (void hands left out)."""
    series: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Player → (x, stack) points, only where the player was dealt in."""

    @property
    def max_stack(self) -> int:
        return max((v for pts in self.series.values() for _, v in pts), default=0)


def stack_history(db: Database, session_id: int) -> StackHistory:
    _session_row(db, session_id)
    with db.read() as s:
        rows = s.execute(
            select(HandRow.id, HandRow.number, HandPlayer.player, HandPlayer.stack_before,
                   HandPlayer.stack_after)
            .join(HandPlayer, HandPlayer.hand_id == HandRow.id)
            .where(HandRow.session_id == session_id, HandRow.status != HandStatus.VOID.value)
            .order_by(HandRow.id, HandPlayer.seat)).all()
    numbers: list[int] = []
    series: dict[str, list[tuple[int, int]]] = {}
    last_hand: int | None = None
    for hand_id, number, player, before, after in rows:
        if hand_id != last_hand:
            numbers.append(int(number or hand_id))
            last_hand = hand_id
        x = len(numbers)
        points = series.setdefault(player, [])
        if not points or points[-1][0] != x - 1:
            points.append((x - 1, before))
        points.append((x, after if after is not None else before))
    return StackHistory(session_id=session_id, hand_numbers=tuple(numbers), series=series)


# ---------------------------------------------------------------------------- hand report
@dataclass(frozen=True, slots=True)
class LogLine:
    seq: int
    at: str
    by: str
    text: str
    note: str
    """``undone by #12``, ``undo of #11``, ``void: misdeal`` or empty."""
    struck: bool = False


@dataclass(frozen=True, slots=True)
class HandReport:
    title: str
    facts: tuple[tuple[str, str], ...]
    seats: tuple[tuple[int, str, int, str, int, str], ...]
    """(seat, player, stack before, cards, stack after, hand name or state)."""
    log: tuple[LogLine, ...]
    result: tuple[str, ...]

    def to_text(self) -> str:
        out = [self.title, "=" * len(self.title)]
        out += [f"{k}: {v}" for k, v in self.facts]
        out += ["", "Seats"]
        for seat, player, before, cards, after, state in self.seats:
            out.append(f"  {seat}  {player:<16} {before:>8,}  {cards:<16} {after:>8,}  {state}")
        out += ["", "Log"]
        for line in self.log:
            mark = " (undone)" if line.struck else ""
            note = f"  [{line.note}]" if line.note else ""
            out.append(f"  #{line.seq:<3} {line.at}  {line.by:<12} {line.text}{mark}{note}")
        out += ["", "Result"] + [f"  {r}" for r in self.result]
        return "\n".join(out) + "\n"

    def to_html(self) -> str:
        esc = html.escape
        facts = "".join(f"<tr><td><b>{esc(k)}</b></td><td>{esc(v)}</td></tr>"
                        for k, v in self.facts)
        seats = "".join(
            f"<tr><td>{seat}</td><td>{esc(player)}</td><td align=right>{before:,}</td>"
            f"<td>{esc(cards)}</td><td align=right>{after:,}</td><td>{esc(state)}</td></tr>"
            for seat, player, before, cards, after, state in self.seats)
        log = "".join(
            f"<tr><td>#{x.seq}</td><td>{esc(x.at)}</td><td>{esc(x.by)}</td>"
            f"<td>{'<s>' if x.struck else ''}{esc(x.text)}{'</s>' if x.struck else ''}</td>"
            f"<td>{esc(x.note)}</td></tr>" for x in self.log)
        result = "".join(f"<li>{esc(r)}</li>" for r in self.result)
        table = "<table border=1 cellspacing=0 cellpadding=3 width=100%>"
        return (f"<h2>{esc(self.title)}</h2><table cellpadding=2>{facts}</table>"
                f"<h3>Seats</h3>{table}<tr><th>Seat</th><th>Player</th><th>Before</th>"
                f"<th>Cards</th><th>After</th><th>Hand</th></tr>{seats}</table>"
                f"<h3>Result</h3><ul>{result}</ul>"
                f"<h3>Log</h3>{table}<tr><th>#</th><th>Time</th><th>By</th><th>Input</th>"
                f"<th>Note</th></tr>{log}</table>")


def seat_name(hand: Hand, seat: int) -> str:
    player = hand.seats[seat].player if seat in hand.seats else ""
    return f"seat {seat} ({player})" if player else f"seat {seat}"


def _join(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def result_lines(hand: Hand, status: HandStatus = HandStatus.COMPLETE) -> list[str]:
    """The outcome in words: showdown order, each shown hand's name, each pot's winners with
    the odd-chip ruling (rule 10.3), the rake. For a void hand, that it was voided."""
    if status is HandStatus.VOID:
        return ["Void: every contribution was returned to its player (rule 11.2)."]
    if not hand.complete:
        nxt = hand.next_input()
        what = f"; next: {seat_name(hand, nxt.seat)} to " \
               f"{' / '.join(a.value for a in nxt.actions)}" if nxt else ""
        return [f"Not complete{what}."]
    lines: list[str] = []
    if hand.showdown_order:
        lines.append("Showdown order: " + ", ".join(seat_name(hand, s)
                                                    for s in hand.showdown_order))
    for s in hand.showdown_order or ():
        value = hand.shown_hands.get(s)
        st = hand.seats[s]
        if value is not None:
            cards = " ".join(str(c) for c in value.cards)
            lines.append(f"{seat_name(hand, s).capitalize()} shows {value.describe()} ({cards})")
        elif st.mucked:
            lines.append(f"{seat_name(hand, s).capitalize()} mucks")
    unit = hand.settings.chip_unit
    for i, pot in enumerate(hand.pots()):
        title = "Main pot" if i == 0 else f"Side pot {i}"
        head = f"{title} {pot.amount:,}" + (f" (rake {pot.rake:,})" if pot.rake else "")
        winners = list(pot.winners)
        if len(winners) == 1:
            w = winners[0]
            value = hand.shown_hands.get(w)
            why = f" with {value.describe().lower()}" if value is not None else \
                " (the only player left in it)"
            lines.append(f"{head}: {seat_name(hand, w)} wins {pot.awards.get(w, 0):,}{why}")
            continue
        shares = ", ".join(f"{seat_name(hand, w)} {pot.awards.get(w, 0):,}" for w in winners)
        text = f"{head}: split between tied hands: {shares}"
        if pot.odd_chips:
            text += (f"; odd chip{'s' if len(pot.odd_chips) > 1 else ''} of {unit} to "
                     f"{_join([seat_name(hand, s) for s in pot.odd_chips])}, the tied winner "
                     "nearest the dealer box clockwise (rule 10.3)")
        else:
            text += "; no odd chip"
        lines.append(text)
    lines.append(f"Rake {hand.rake:,}" if hand.rake else "No rake")
    return lines


def cards_text(hand: Hand, seat: int) -> str:
    st = hand.seats[seat]
    hole = f"[{st.hole}]" if st.hole is not None else "[??]"
    return " ".join([hole, *(str(c) for c in st.up)])


def hand_report(state: HandState, tz: tzinfo | None = None) -> HandReport:
    """A printable account of one hand from its stored log, replayed by the engine."""
    hand = state.hand
    label = f"hand {state.number}" if state.number is not None else f"hand id {state.hand_id}"
    title = f"Hand report — {label} ({state.status.value})"
    facts = [("Hand", f"{label} · id {state.hand_id} · {state.uid}"),
             ("Table", str(state.table_id) if state.table_id is not None else "(imported)"),
             ("Session", str(state.session_id) if state.session_id is not None else "—"),
             ("Settings", state.settings.describe()),
             ("Started", local_time(state.started_at, tz)),
             ("Ended", local_time(state.ended_at, tz) or "—"),
             ("Status", state.status.value)]
    seats = []
    for spec in state.seats:
        st = hand.seats[spec.seat]
        value = hand.shown_hands.get(spec.seat)
        if value is not None:
            what = value.describe()
        elif st.folded:
            what = "folded"
        elif st.mucked:
            what = "mucked"
        elif st.all_in:
            what = "all-in"
        else:
            what = ""
        after = spec.stack if state.status is HandStatus.VOID else st.stack
        seats.append((spec.seat, spec.player, spec.stack, cards_text(hand, spec.seat), after,
                      what))
    kinds = {e.seq: e.kind for e in state.log}
    log: list[LogLine] = []
    for entry in state.log:
        by = entry.superseded_by
        if entry.kind == "input" and entry.event is not None:
            text = entry.event.describe()
            note = "" if by is None else (
                f"corrected by #{by}" if kinds.get(by) == "correct" else f"undone by #{by}")
        elif entry.kind == "undo":
            text = f"Undo of #{entry.target_seq}"
            note = entry.reason or ""
        elif entry.kind == "correct":
            text = (f"Correction of #{entry.target_seq}: {entry.event.describe()}"
                    if entry.event is not None else f"#{entry.target_seq} struck")
            note = entry.reason or ""
        else:
            text = "Hand voided"
            note = entry.reason or ""
        log.append(LogLine(seq=entry.seq, at=local_time(entry.at, tz), by=entry.by, text=text,
                           note=note, struck=entry.undone))
    return HandReport(title=title, facts=tuple(facts), seats=tuple(seats), log=tuple(log),
                      result=tuple(result_lines(hand, state.status)))


def event_caption(hand: Hand, index: int) -> str:
    """The ``index``-th (1-based) accepted event of ``hand`` in words, or ``Start``."""
    if index <= 0:
        return "Start of the hand"
    event = hand.events[index - 1]
    text = event.describe()
    if event.action is Action.BRING_IN:
        text += f" {hand.settings.bring_in}"
    return text


# ---------------------------------------------------------------------------- CSV
class HandSearch(Protocol):
    """What CSV export needs of :class:`~dealer_app.services.review.ReviewQueries`."""

    def count(self, query: HandQuery) -> int: ...

    def search(self, query: HandQuery, *, offset: int = 0, limit: int = 50,
               sort: str = "started_at", descending: bool = True,
               after: int | None = None) -> list[HandSummary]: ...


CSV_COLUMNS = ("hand_id", "table", "session", "number", "dealer", "started_at", "ended_at",
               "status", "pot", "players")


def hand_csv_row(h: HandSummary) -> list[str]:
    return [str(h.hand_id), h.table, "" if h.session_id is None else str(h.session_id),
            "" if h.number is None else str(h.number), h.dealer, iso_z(h.started_at),
            iso_z(h.ended_at), h.status.value, str(h.pot), "; ".join(h.players)]


def write_hand_list_csv(review: HandSearch, query: HandQuery, path: str | os.PathLike[str],
                        *, sort: str = "started_at", descending: bool = True,
                        page: int = 2000, progress: ProgressFn | None = None,
                        cancel: CancelFn | None = None) -> int | None:
    """Writes every hand matching ``query`` (in the list's order) to ``path`` as CSV.
    Returns the number of hands written, or None when cancelled (``path`` untouched)."""
    total = review.count(query)
    written = 0
    last_id: int | None = None
    try:
        with atomic_write(path, newline="") as fh:
            writer = csv.writer(fh)  # type: ignore[arg-type]
            writer.writerow(CSV_COLUMNS)
            while written < total:
                if cancel is not None and cancel():
                    raise Cancelled
                # keyset paging: hands started meanwhile do not shift the pages
                rows = review.search(query, limit=page, sort=sort, descending=descending,
                                     after=last_id)
                if not rows:
                    break
                last_id = rows[-1].hand_id
                writer.writerows(hand_csv_row(h) for h in rows)
                written += len(rows)
                if progress is not None:
                    progress(written, total)
    except Cancelled:
        return None
    return written

"""The session report's facts, read from the database: per seat buy-ins, moves, adjustments,
cash-outs, stack, net and hands; the rake; the supervisor's acts; the dealers' stints. The
rule it checks is ``reconciliation``; its HTML ``session_html``; its chart ``stack_history``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from sqlalchemy import func, select

from dealer_app.engine.events import Event
from dealer_app.narration import seat_named
from dealer_app.services.calls import CallResponse, CallService, response_line
from dealer_app.services.common import session_info
from dealer_app.services.fingerprint import Fingerprint, evidence_fingerprint
from dealer_app.services.reports.common import ACT_NAMES, act_name, describe, rake_text
from dealer_app.services.reports.reconciliation import (
    ADJUST_KINDS,
    BUY_IN_KINDS,
    CASH_OUT_KINDS,
    HAND_KINDS,
    MOVE_IN_KINDS,
    MOVE_OUT_KINDS,
    OWED_KINDS,
    OWED_PAID_KINDS,
    Reconciliation,
    SeatLine,
)
from dealer_app.services.reports.session_html import session_report_html
from dealer_app.services.reports.times import zoned_time
from dealer_app.services.stints import DealerStint, dealer_stints
from dealer_app.services.types import (
    HandStatus,
    SessionInfo,
)
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import (
    AuditEntry,
    GameTable,
    HandPlayer,
    HandRow,
    Seating,
    StackMove,
    Staff,
    TableSession,
)
from dealer_app.text import Language, language, thousands, thousands_signed, tr
from dealer_app.words import settings_text


@dataclass(frozen=True, slots=True)
class SupervisorAct:
    """One void, correction, adjustment or closing in a session, as the audit record has it."""

    at: datetime
    act: str
    """One of :data:`ACT_NAMES`' values (``Void``, ``Correction``...), translated."""
    by: str
    reason: str
    what: str
    """What it touched, in words: ``hand 12``, ``seat 3 (Ann) +40``..."""


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
    stints: tuple[DealerStint, ...] = ()
    """Each dealer's stint, in order."""
    acts: tuple[SupervisorAct, ...] = ()
    """Every void, correction, adjustment and closing, in order."""
    evidence: Fingerprint | None = None
    """The log's fingerprint when the report was made."""
    generated_by: str = ""
    """Who asked for the report (the signed-in staff member), or empty."""
    calls: tuple[CallResponse, ...] = ()
    """The session's floor calls with their response times, oldest first."""
    lang: Language | None = field(default=None, compare=False)
    """The language the report was worded in (its text and HTML too, unless told otherwise)."""

    @property
    def hands_played(self) -> int:
        """Hands dealt in this session that were not voided."""
        return self.hands_complete + self.hands_in_progress

    @property
    def currency(self) -> str:
        return self.session.currency

    @property
    def totals(self) -> SeatLine:
        """The seats added up (seat 0, player ``Total``)."""
        return SeatLine(seating_id=0, seat=0, player=tr("Total"),
                        seated_at=self.session.opened_at, left_at=None,
                        buy_ins=sum(x.buy_ins for x in self.seats),
                        adjustments=sum(x.adjustments for x in self.seats),
                        cash_outs=sum(x.cash_outs for x in self.seats),
                        moved_in=sum(x.moved_in for x in self.seats),
                        moved_out=sum(x.moved_out for x in self.seats),
                        won=sum(x.won for x in self.seats),
                        stack=sum(x.stack for x in self.seats),
                        hands=self.hands_played,
                        moves_stack=sum(x.moves_stack for x in self.seats))

    def dealers(self) -> str:
        """Every dealer of the session, in order of their first stint."""
        names = list(dict.fromkeys(x.dealer for x in self.stints)) or [self.session.dealer]
        return ", ".join(names)

    def reconciliation_lines(self) -> list[tuple[str, str]]:
        """The chip reconciliation line by line: (label, amount)."""
        rec = self.reconciliation
        verdict = tr("0 — balanced") if rec.balanced else tr(
            "{difference} — NOT BALANCED").format(difference=thousands_signed(rec.difference))
        owed = ([(tr("+ Owed to players who left (void)"), thousands_signed(rec.owed))]
                if rec.owed else [])
        moved_in = ([(tr("+ Chips moved in from other seats or tables"),
                      thousands(rec.moved_in))] if rec.moved_in else [])
        moved_out = ([(tr("+ Chips moved out to other seats or tables"),
                       thousands(rec.moved_out))] if rec.moved_out else [])
        return [(tr("Buy-ins and rebuys"), thousands(rec.buy_ins)),
                (tr("+ Supervisor adjustments"), thousands_signed(rec.adjustments)),
                *moved_in,
                (tr("= Chips brought to the table"), thousands(rec.chips_in)),
                (tr("Stacks at the table now"), thousands(rec.stacks)),
                (tr("+ Cash-outs"), thousands(rec.cash_outs)),
                *moved_out,
                (tr("+ Rake"), thousands(rec.rake)),
                *owed,
                (tr("= Chips accounted for"), thousands(rec.chips_out)),
                (tr("Difference (brought − accounted for)"), verdict)]

    def to_text(self, tz: tzinfo | None = None, *, lang: Language | None = None) -> str:
        """The report as plain text, in ``lang`` (None: the one it was made in)."""
        with language(lang or self.lang):
            return self._text(tz)

    def _text(self, tz: tzinfo | None) -> str:
        s = self.session
        closed = (tr("closed {time}").format(time=zoned_time(s.closed_at, tz)) if s.closed_at
                  else tr("still open"))
        heads = (tr("Seat"), tr("Player"), tr("Buy-ins"), tr("Adjust"), tr("Cash-outs"),
                 tr("Stack"), tr("Net"), tr("Hands"))
        lines = [tr("Session report — {table}, session {session}").format(
                     table=s.table_name, session=s.id),
                 tr("Dealers {dealers} · {game} · currency {currency}").format(
                     dealers=self.dealers(), game=settings_text(s.settings),
                     currency=s.currency),
                 tr("Opened {time} · {closed}").format(time=zoned_time(s.opened_at, tz),
                                                       closed=closed),
                 tr("Rake: {rake}").format(rake=rake_text(s.settings)),
                 tr("Hands: {complete} complete, {void} void, {in_progress} in progress · "
                    "rake {rake} {currency}").format(
                     complete=thousands(self.hands_complete), void=thousands(self.hands_void),
                     in_progress=thousands(self.hands_in_progress), rake=thousands(self.rake),
                     currency=s.currency), "",
                 # a space between headings however long the language's words are
                 f"{heads[0]:<4} {heads[1]:<17} {heads[2]:>9} {heads[3]:>8} {heads[4]:>10}"
                 f" {heads[5]:>8} {heads[6]:>8} {heads[7]:>6}"]
        moves = any(x.moved_in or x.moved_out for x in self.seats)
        if moves:  # a column only when chips moved between seats or tables
            lines[-1] += f" {tr('Moved'):>9}"
        for line in (*self.seats, self.totals):
            seat = str(line.seat) if line.seat else ""
            lines.append(f"{seat:<5}{line.player[:17]:<18}{line.buy_ins:>10,}"
                         f"{line.adjustments:>+9,}{line.cash_outs:>11,}{line.stack:>9,}"
                         f"{line.net:>+9,}{line.hands:>7,}"
                         + (f"{line.moved:>+10,}" if moves else ""))
        rec = self.reconciliation
        lines += ["", tr("Chip reconciliation: {verdict}").format(
                      verdict=tr("balanced") if rec.balanced else tr("NOT BALANCED")),
                  rec.equation()]
        lines += [f"  {label:<40}{amount:>16}" for label, amount in
                  self.reconciliation_lines()]
        lines += [f"  ! {p}" for p in rec.problems]
        lines += [tr("  owed: {line}").format(line=p) for p in rec.owed_lines]
        if self.stints:
            lines += ["", tr("Dealers' stints")]
            lines += [tr("  {dealer} {start} – {end}  {hands} hands  {pace} hands/h").format(
                          dealer=f"{x.dealer:<18}", start=zoned_time(x.started_at, tz),
                          end=zoned_time(x.ended_at, tz) or tr("still dealing"),
                          hands=thousands(x.hands), pace=x.pace()) for x in self.stints]
        lines += ["", tr("Voids, corrections, adjustments and closing")]
        lines += [tr("  {time}  {act}: {what} — by {by}, reason: {reason}").format(
                      time=zoned_time(a.at, tz), act=a.act, what=a.what, by=a.by,
                      reason=a.reason) for a in self.acts] or [tr("  none")]
        lines += ["", tr("Floor calls")]
        lines += [f"  {zoned_time(c.created_at, tz)}  {response_line(c)}"
                  for c in self.calls] or [tr("  none")]
        if self.evidence is not None:
            lines += ["", tr("Evidence: {evidence}").format(evidence=self.evidence.describe())]
        generated = zoned_time(self.generated_at, tz)
        lines += [tr("Generated {time} by {name}").format(time=generated, name=self.generated_by)
                  if self.generated_by else tr("Generated {time}").format(time=generated)]
        return "\n".join(lines) + "\n"

    def to_html(self, tz: tzinfo | None = None, *, chart: str | None = None,
                chart_width: int = 680, lang: Language | None = None) -> str:
        """The report for print (A4, see ``gui/review/exports.py``); ``chart``: the name of
        an image resource shown ``chart_width`` pixels wide (the page's width); in ``lang``
        (None: the language it was made in)."""
        return session_report_html(self, tz, chart=chart, chart_width=chart_width,
                                   lang=lang or self.lang)


def session_row(db: Database, session_id: int) -> SessionInfo:
    with db.read() as s:
        row = s.get(TableSession, session_id)
        if row is None:
            raise NotFoundError(f"no session with id {session_id}")
        table = s.get(GameTable, row.table_id)
        dealer = s.get(Staff, row.dealer_id)
        assert table is not None and dealer is not None
        return session_info(row, table, dealer)


def session_acts(db: Database, session_id: int) -> list[SupervisorAct]:
    """Every void, correction, undo of a complete hand, adjustment and closing of a session,
    with its supervisor and reason, in order (from the audit record)."""
    with db.read() as s:
        rows = list(s.execute(
            select(AuditEntry.at, AuditEntry.act, AuditEntry.staff_name, AuditEntry.reason,
                   AuditEntry.detail_json)
            .where(AuditEntry.session_id == session_id, AuditEntry.act.in_(list(ACT_NAMES)))
            .order_by(AuditEntry.at, AuditEntry.id)))
    acts = []
    for at, act, by, reason, text in rows:
        detail = json.loads(text or "{}")
        second = detail.get("second_supervisor")  # dual control: both supervisors
        acts.append(SupervisorAct(
            at=at, act=act_name(act), reason=reason or "", what=_act_what(act, detail),
            by=tr("{first} and {second}").format(first=by, second=second) if second else by))
    return acts


def _event_text(data: object) -> str:
    if not isinstance(data, dict):
        return tr("struck")
    try:
        return describe(Event.from_dict(data))
    except (KeyError, ValueError, TypeError):
        return json.dumps(data, sort_keys=True)


def _act_what(act: str, detail: dict[str, Any]) -> str:
    number = detail.get("number")
    hand = (tr("hand {number}").format(number=thousands(number)) if isinstance(number, int)
            else tr("a hand"))
    if act == "void-hand" and detail.get("misdeal"):
        card = detail.get("card")
        return (tr("{hand}: card exposed on the deal ({card}), misdeal declared at the table")
                if card else tr("{hand}: misdeal declared at the table")).format(
            hand=hand, card=card)
    if act == "correct-input":
        return tr("{hand}, input #{target}: {was} → {now}").format(
            hand=hand, target=detail.get("target"), was=_event_text(detail.get("was")),
            now=_event_text(detail.get("now")))
    if act == "undo-complete-hand":
        return tr("{hand}, input #{target}: {input}").format(
            hand=hand, target=detail.get("undone"), input=_event_text(detail.get("event")))
    if act == "adjustment":
        amount = detail.get("amount")
        shown = thousands_signed(amount) if isinstance(amount, int) else "?"
        return tr("{seat} {amount}").format(
            seat=seat_named(detail.get("seat"), str(detail.get("player", ""))), amount=shown)
    if act == "close-session":
        closed = tr("session closed; every seated player cashed out")
        why = detail.get("imbalance_reason")
        if isinstance(why, str) and why:
            closed += tr("; closed although the chips did not reconcile — difference: "
                         "{reason}").format(reason=why)
        return closed
    if act == "settle-owed":
        paid = detail.get("amount")
        left = detail.get("owed_left")
        who = seat_named(detail.get("seat"), str(detail.get("player", "")))
        if not isinstance(paid, int):
            return who
        what = (tr("{who}: {amount} paid to the player").format(who=who, amount=thousands(paid))
                if paid > 0 else
                tr("{who}: {amount} paid back by the player").format(who=who,
                                                                     amount=thousands(-paid)))
        if isinstance(left, int) and left:
            what += tr(", {amount} still owed").format(amount=thousands(abs(left)))
        return what
    return hand


def session_report(db: Database, session_id: int, generated_by: str = "", *,
                   evidence: bool = True, lang: Language | None = None) -> SessionReport:
    """The per-seat figures and chip reconciliation of one session (a few aggregate queries,
    no replay: fast on long sessions), its dealers' stints, its supervisor acts and the log's
    fingerprint (read last, and sealed: ``evidence=False`` leaves it out, for a caller inside a
    write transaction); ``generated_by``: who asked for it; worded in ``lang`` (None: the
    current language)."""
    with language(lang) as chosen:
        return _session_report(db, session_id, generated_by, evidence, chosen)


def _session_report(db: Database, session_id: int, generated_by: str, evidence: bool,
                    lang: Language) -> SessionReport:
    info = session_row(db, session_id)
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
            .where(StackMove.seating_id.in_(ids),
                   StackMove.kind.in_(HAND_KINDS + OWED_KINDS))) or 0) \
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
    owed_lines: list[str] = []
    for row in seatings:
        all_moves = sum(v for (sid, kind), v in moves.items()
                        if sid == row.id and kind not in OWED_KINDS + OWED_PAID_KINDS)
        owed = total(row.id, OWED_KINDS + OWED_PAID_KINDS)
        if owed:
            owed_lines.append(
                tr("{player} (seat {seat}) is owed {amount}").format(
                    player=row.player, seat=row.seat, amount=thousands(owed)) if owed > 0
                else tr("{player} (seat {seat}) owes {amount}").format(
                    player=row.player, seat=row.seat, amount=thousands(-owed)))
        line = SeatLine(seating_id=row.id, seat=row.seat, player=row.player,
                        seated_at=row.seated_at, left_at=row.left_at,
                        buy_ins=total(row.id, BUY_IN_KINDS),
                        adjustments=total(row.id, ADJUST_KINDS),
                        cash_outs=-total(row.id, CASH_OUT_KINDS + OWED_PAID_KINDS),
                        moved_in=total(row.id, MOVE_IN_KINDS),
                        moved_out=-total(row.id, MOVE_OUT_KINDS),
                        won=total(row.id, HAND_KINDS + OWED_KINDS), stack=row.stack,
                        hands=played.get(row.id, 0), moves_stack=all_moves, owed=owed)
        if line.stack != line.moves_stack:
            problems.append(tr("seat {seat} ({player}): the stack {stack} differs from the sum "
                               "of its buy-ins, hands and cash-outs {moves}").format(
                seat=row.seat, player=row.player, stack=thousands(line.stack),
                moves=thousands(line.moves_stack)))
        lines.append(line)
    if lost != rake:
        problems.append(tr("the players lost {lost} in the hands' results, but the rake "
                           "taken was {rake} (rule 10.5)").format(lost=thousands(lost),
                                                                  rake=thousands(rake)))
    if hand_moves != -lost:
        problems.append(tr("the stack changes written for hands add up to {moves}, but the "
                           "hands' results to {results}").format(moves=thousands_signed(hand_moves),
                                                                 results=thousands_signed(-lost)))
    if unclosed:
        problems.append(tr("{count} complete hand(s) have no result written for a player")
                        .format(count=unclosed))
    rec = Reconciliation(buy_ins=sum(x.buy_ins for x in lines),
                         adjustments=sum(x.adjustments for x in lines),
                         stacks=sum(x.stack for x in lines),
                         cash_outs=sum(x.cash_outs for x in lines), rake=rake,
                         problems=tuple(problems), owed=sum(x.owed for x in lines),
                         owed_lines=tuple(owed_lines),
                         moved_in=sum(x.moved_in for x in lines),
                         moved_out=sum(x.moved_out for x in lines))
    return SessionReport(session=info, seats=tuple(lines),
                         hands_complete=statuses.get(HandStatus.COMPLETE.value, 0),
                         hands_void=statuses.get(HandStatus.VOID.value, 0),
                         hands_in_progress=statuses.get(HandStatus.IN_PROGRESS.value, 0),
                         rake=rake, reconciliation=rec, generated_at=db.now(),
                         stints=tuple(dealer_stints(db, session_id)),
                         acts=tuple(session_acts(db, session_id)),
                         evidence=evidence_fingerprint(db, session_id) if evidence else None,
                         generated_by=generated_by,
                         calls=tuple(CallService(db).call_response_times(session_id)),
                         lang=lang)

"""The session report's facts, read from the database: per seat buy-ins, moves, adjustments,
cash-outs, stack, net and hands; the rake; the supervisor's acts; the dealers' stints. What it
holds and its text and HTML are ``session_view``'s, the rule it checks ``reconciliation``'s,
its chart ``stack_history``'s."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from dealer_app.engine.events import Event
from dealer_app.narration import seat_named
from dealer_app.services.core.calls import CallService
from dealer_app.services.core.common import session_info
from dealer_app.services.core.fingerprint import evidence_fingerprint
from dealer_app.services.core.stints import dealer_stints
from dealer_app.services.core.types import (
    HandStatus,
    SessionInfo,
)
from dealer_app.services.reports.common import ACT_NAMES, act_name, describe
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
from dealer_app.services.reports.session_view import SessionReport, SupervisorAct
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
from dealer_app.text import thousands, thousands_signed, tr


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
                   evidence: bool = True) -> SessionReport:
    """The per-seat figures and chip reconciliation of one session (a few aggregate queries,
    no replay: fast on long sessions), its dealers' stints, its supervisor acts and the log's
    fingerprint (read last, and sealed: ``evidence=False`` leaves it out, for a caller inside a
    write transaction); ``generated_by``: who asked for it."""
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
                         calls=tuple(CallService(db).call_response_times(session_id)))

"""The session report: per seat buy-ins, moves, adjustments, cash-outs, stack, net and hands; the
rake; the chip reconciliation and the supervisor's acts; the stack history; its HTML."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from sqlalchemy import func, select

from dealer_app.engine.events import Event
from dealer_app.engine.settings import Settings
from dealer_app.narration import seat_named
from dealer_app.services.calls import CallResponse, CallService, response_line
from dealer_app.services.common import session_info
from dealer_app.services.fingerprint import Fingerprint, evidence_fingerprint
from dealer_app.services.reports.common import describe, nobreak
from dealer_app.services.reports.times import zone_label, zoned_time
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
from dealer_app.text import thousands, thousands_signed, tr
from dealer_app.words import settings_text

BUY_IN_KINDS = ("buy-in", "rebuy")
CASH_OUT_KINDS = ("cash-out",)
ADJUST_KINDS = ("adjustment",)
HAND_KINDS = ("hand", "void", "hand-undo", "correction")
MOVE_IN_KINDS = ("move-in",)
"""Chips a player brought from another seat or table (``moves.py``): neither a buy-in nor
cash, a line of the reconciliation of their own."""
MOVE_OUT_KINDS = ("move-out",)
"""Chips a player took to another seat or table (negative), as :data:`MOVE_IN_KINDS`."""
OWED_KINDS = ("owed",)
"""Chips a void owes a player who had left (positive: owed to the player; negative: the
player took home chips the void took back). Not in any stack: a line of the reconciliation."""
OWED_PAID_KINDS = ("owed-paid",)
"""Owed chips settled at the cage (``TableService.settle_owed``): counted in the owed line
(taking it toward 0) and, with the opposite sign, in the cash-outs, so the equation holds."""


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
    owed: int = 0
    """Chips owed to the player by voids after they left (negative: owed by the player)."""
    moved_in: int = 0
    """Chips the player brought from another seat or table (positive)."""
    moved_out: int = 0
    """Chips the player took to another seat or table (positive)."""

    @property
    def moved(self) -> int:
        """The chips moved, signed: in (positive) less out."""
        return self.moved_in - self.moved_out

    @property
    def net(self) -> int:
        """What the player is up (positive) or down: cash-outs + moved out + stack + owed −
        buy-ins − moved in − adjustments. Equals ``won`` when the seat's record is
        consistent."""
        return (self.cash_outs + self.moved_out + self.stack + self.owed - self.buy_ins
                - self.moved_in - self.adjustments)


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """``stacks + cash-outs + rake + owed = buy-ins + adjustments`` for one session."""

    buy_ins: int
    adjustments: int
    stacks: int
    cash_outs: int
    rake: int
    problems: tuple[str, ...] = ()
    """Plain reasons found for an imbalance (a seat whose stack differs from its moves, a
    hand whose stack changes do not match its result)."""
    owed: int = 0
    """Chips owed to players who left before a void of their hand (negative: owed by them)."""
    owed_lines: tuple[str, ...] = ()
    """``Ann (seat 1) is owed 100`` / ``Bo (seat 3) owes 100``: to settle at the cage."""
    moved_in: int = 0
    """Chips players brought from other seats or tables (not cash)."""
    moved_out: int = 0
    """Chips players took to other seats or tables (not cash)."""

    @property
    def chips_in(self) -> int:
        return self.buy_ins + self.adjustments + self.moved_in

    @property
    def chips_out(self) -> int:
        return self.stacks + self.cash_outs + self.rake + self.owed + self.moved_out

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
        owed = tr(" + owed {owed}").format(owed=thousands_signed(self.owed)) if self.owed else ""
        if self.moved_out:
            owed += tr(" + moved out {chips}").format(chips=thousands(self.moved_out))
        text = tr("stacks {stacks} + cash-outs {cash_outs} + rake {rake}{owed} = {chips_out}"
                  " {sign} buy-ins {buy_ins} + adjustments {adjustments} = {chips_in}").format(
            stacks=thousands(self.stacks), cash_outs=thousands(self.cash_outs),
            rake=thousands(self.rake),
            owed=owed, chips_out=thousands(self.chips_out), sign=sign,
            buy_ins=thousands(self.buy_ins), adjustments=thousands_signed(self.adjustments),
            chips_in=thousands(self.chips_in))
        if self.moved_in:  # before "= chips in": the last term of the right-hand side
            head, _, tail = text.rpartition(" = ")
            text = head + tr(" + moved in {chips}").format(chips=thousands(self.moved_in)) \
                + " = " + tail
        return text


ACT_NAMES = {"void-hand": "Void", "correct-input": "Correction",
             "undo-complete-hand": "Undo of a complete hand", "adjustment": "Adjustment",
             "close-session": "Closing", "settle-owed": "Owed chips settled"}
"""The supervisor acts a session report lists, by their audit name (English; shown through
:func:`act_name`)."""


def rake_text(settings: Settings) -> str:
    """The table's rake setting (rule 10.4): ``5 % of the pots, capped at 50`` / ``5 % of
    the pots, no cap`` / ``none``."""
    if not settings.rake_percent:
        return tr("none", "rake")
    if settings.rake_cap:
        return tr("{percent} % of the pots, capped at {cap}").format(
            percent=settings.rake_percent, cap=thousands(settings.rake_cap))
    return tr("{percent} % of the pots, no cap").format(percent=settings.rake_percent)


def act_name(act: str) -> str:
    """A supervisor act's name (``Void``, ``Correction``...) in the language of the windows."""
    names = {"void-hand": tr("Void", "supervisor act"),
             "correct-input": tr("Correction", "supervisor act"),
             "undo-complete-hand": tr("Undo of a complete hand"),
             "adjustment": tr("Adjustment", "supervisor act"),
             "close-session": tr("Closing", "supervisor act"),
             "settle-owed": tr("Owed chips settled", "supervisor act")}
    return names.get(act, act)


def status_name(status: HandStatus) -> str:
    """A hand's status (``complete``, ``void``, ``in-progress``) in words."""
    return {HandStatus.COMPLETE: tr("complete", "hand status"),
            HandStatus.VOID: tr("void", "hand status"),
            HandStatus.IN_PROGRESS: tr("in-progress", "hand status")}[status]


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

    def to_text(self, tz: tzinfo | None = None) -> str:
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
                chart_width: int = 680) -> str:
        """The report for print (A4, see ``gui/review/exports.py``); ``chart``: the name of
        an image resource shown ``chart_width`` pixels wide (the page's width)."""
        return session_report_html(self, tz, chart=chart, chart_width=chart_width)


def session_report_html(report: SessionReport, tz: tzinfo | None = None, *,
                        chart: str | None = None, chart_width: int = 680) -> str:
    esc = html.escape
    s = report.session
    cur = esc(s.currency)
    right = "align=right"
    generated = zoned_time(report.generated_at, tz)
    facts = [(tr("Table"), esc(s.table_name)), (tr("Session"), f"{s.id}"),
             (tr("Currency"), tr("{currency} — amounts in its minor unit, as counted at the "
                                 "table").format(currency=cur)),
             (tr("Game"), esc(settings_text(s.settings))),
             (tr("Rake"), esc(rake_text(s.settings))),
             (tr("Opened"), zoned_time(s.opened_at, tz)),
             (tr("Closed"), zoned_time(s.closed_at, tz) if s.closed_at else tr("still open")),
             (tr("Dealers"), esc(report.dealers())),
             (tr("Hands"), tr("{complete} complete · {void} void · {in_progress} in progress · "
                              "rake {rake} {currency}").format(
                 complete=thousands(report.hands_complete), void=thousands(report.hands_void),
                 in_progress=thousands(report.hands_in_progress), rake=thousands(report.rake),
                 currency=cur)),
             (tr("Generated"), (tr("{time} by {name}").format(
                 time=generated, name=esc(report.generated_by)) if report.generated_by
                 else generated)
              + tr(" · times in {zone}").format(zone=esc(zone_label(report.generated_at, tz))))]
    if report.evidence is not None:
        if report.evidence.checkpoint:
            facts.append((tr("Signed checkpoint"), f"<span class=mono>"
                                                   f"{esc(report.evidence.checkpoint)}</span>"))
        facts.append((tr("Evidence"), tr("log fingerprint, {kind} over {hands} hand(s) of the "
                                         "session:").format(
            kind=esc(tr(report.evidence.kind)), hands=thousands(report.evidence.hands))
            + f"<br><span class=mono>{esc(report.evidence.short)}</span>"
            + (esc(tr(" ({count} newer ledger entries not sealed yet)").format(
                count=thousands(report.evidence.unsealed))) if report.evidence.unsealed else "")))
    fact_rows = "".join(f"<tr><td class=key>{k}</td><td>{v}</td></tr>" for k, v in facts)

    def seat_row(x: SeatLine, total: bool = False) -> str:
        tag = "th" if total else "td"
        cells = [str(x.seat) if x.seat else "", esc(x.player), thousands(x.buy_ins),
                 thousands_signed(x.adjustments), thousands(x.cash_outs),
                 *([thousands_signed(x.moved)] if moves else []), thousands(x.stack),
                 thousands_signed(x.net),
                 thousands(x.hands)]
        return "<tr>" + "".join(
            f"<{tag} {right if i >= 2 else 'align=left'}>{c}</{tag}>"
            for i, c in enumerate(cells)) + "</tr>"

    def head(text: str, attributes: str = "align=left") -> str:
        return f"<th {attributes}>{text}</th>"

    moves = any(x.moved_in or x.moved_out for x in report.seats)
    seats = "".join(seat_row(x) for x in report.seats) + seat_row(report.totals, total=True)
    rec = report.reconciliation
    colour = "#1b7f3b" if rec.balanced else "#c62828"
    rec_rows = "".join(
        f"<tr><td>{esc(label)}</td><td {right}>{esc(amount)}</td></tr>"
        for label, amount in report.reconciliation_lines())
    owed_line = tr("owed: {line}")
    problems = "".join(f"<li>{esc(p)}</li>" for p in rec.problems) + "".join(
        f"<li>{owed_line.format(line=esc(p))}</li>" for p in rec.owed_lines)
    still = tr("still dealing")
    stints = "".join(
        f"<tr><td>{esc(x.dealer)}</td><td>{nobreak(zoned_time(x.started_at, tz))}</td>"
        f"<td>{nobreak(zoned_time(x.ended_at, tz) or still)}</td><td {right}>"
        f"{nobreak(x.duration())}</td><td {right}>{thousands(x.hands)}</td>"
        f"<td {right}>{thousands(x.void)}</td>"
        f"<td {right}>{x.pace()}</td></tr>" for x in report.stints)
    acts = "".join(
        f"<tr><td>{nobreak(zoned_time(a.at, tz))}</td><td>{esc(a.act)}</td><td>{esc(a.what)}</td>"
        f"<td>{esc(a.by)}</td><td>{esc(a.reason)}</td></tr>" for a in report.acts)
    table = "<table class=grid width=100% cellspacing=0 cellpadding=4>"
    title = tr("Session report — {table}, session {session}").format(
        table=esc(s.table_name), session=s.id)
    verdict = tr("Balanced") if rec.balanced else tr("NOT BALANCED")
    seat_heads = (head(tr("Seat")) + head(tr("Player")) + head(tr("Buy-ins"), right)
                  + head(tr("Adjustments"), right) + head(tr("Cash-outs"), right)
                  + (head(tr("Moved"), right) if moves else "")
                  + head(tr("Stack"), right) + head(tr("Net"), right)
                  + head(tr("Hands"), right))
    stint_heads = (head(tr("Dealer"), "align=left width=18%")
                   + head(tr("From"), "align=left width=25%")
                   + head(tr("To"), "align=left width=25%")
                   + head(tr("Time"), f"{right} width=11%") + head(tr("Hands"), right)
                   + head(tr("Void", "void hands column"), right)
                   + head(tr("Hands per hour"), right))
    act_heads = (head(tr("Time"), "align=left width=25%") + head(tr("Act"))
                 + head(tr("What"), "align=left width=27%") + head(tr("Supervisor"))
                 + head(tr("Reason"), "align=left width=22%"))
    out = [f"<h1>{title}</h1>",
           f"<table width=100% cellpadding=2>{fact_rows}</table>",
           "<h2>" + tr("Seats ({currency})").format(currency=cur)
           + f"</h2>{table}<tr>{seat_heads}</tr>{seats}</table>",
           "<h2>" + tr("Chip reconciliation ({currency})").format(currency=cur) + "</h2>"
           f"<p style='color:{colour}'><b>{verdict}"
           f"</b>: {esc(rec.equation())}</p>"
           f"<table class=grid width=70% cellspacing=0 cellpadding=4>{rec_rows}</table>"
           + (f"<ul style='color:#c62828'>{problems}</ul>" if problems else ""),
           "<h2>" + tr("Dealers' stints") + f"</h2>{table}<tr>{stint_heads}</tr>{stints}</table>",
           "<h2>" + tr("Voids, corrections, adjustments and closing") + "</h2>"
           + (f"{table}<tr>{act_heads}</tr>{acts}</table>" if acts
              else "<p>" + tr("None in this session.") + "</p>"),
           "<h2>" + tr("Floor calls") + "</h2>" + _calls_html(report.calls, tz)]
    if chart:
        out.append("<h2>" + tr("Stacks over the session ({currency})").format(currency=cur)
                   + f"</h2><p><img src='{esc(chart)}' width={chart_width}></p>")
    line = "_" * 34
    date = "_" * 22
    dealer_sign = tr("Dealer signature — {name}")
    signers = [dealer_sign.format(name=esc(name))
               for name in dict.fromkeys(x.dealer for x in report.stints)]
    signers = signers or [dealer_sign.format(name=esc(s.dealer))]
    signers.append(tr("Supervisor signature — {name}").format(
        name=tr("name: {blank}").format(blank="_" * 24)))
    when_signed = tr("Date and time")
    rows = "".join(f"<tr><td class=sign><br><br>{line}<br>{signer}</td>"
                   f"<td class=sign><br><br>{date}<br>{when_signed}</td></tr>"
                   for signer in signers)
    # the anchor keeps the sign-off on one page (``gui/review/exports.py``)
    out.append("<h2><a name=keep-together>" + tr("Sign-off")
               + f"</a></h2><table width=100% cellpadding=4>{rows}</table>")
    return "".join(out)


def _calls_html(calls: Sequence[CallResponse], tz: tzinfo | None) -> str:
    """The floor calls and their response times, as a table (or a line saying none)."""
    if not calls:
        return "<p>" + tr("None in this session.") + "</p>"
    rows = "".join(f"<tr><td>{nobreak(zoned_time(c.created_at, tz))}</td>"
                   f"<td>{html.escape(response_line(c))}</td></tr>" for c in calls)
    return ("<table class=grid width=100% cellspacing=0 cellpadding=4><tr>"
            f"<th align=left width=25%>{tr('Time')}</th>"
            f"<th align=left>{tr('Call and response')}</th></tr>{rows}</table>")


def _session_row(db: Database, session_id: int) -> SessionInfo:
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

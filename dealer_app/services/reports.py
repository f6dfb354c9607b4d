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

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from typing import Any

from sqlalchemy import func, select

from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.engine.settings import Settings
from dealer_app.narration import award_lines, seat_label, seat_named
from dealer_app.services.calls import CallResponse, CallService, response_line
from dealer_app.services.common import DEFAULT_CURRENCY, CancelFn, ProgressFn, session_info
from dealer_app.services.files import Cancelled, atomic_write, temp_path_beside
from dealer_app.services.fingerprint import Fingerprint, evidence_fingerprint, hand_evidence
from dealer_app.services.hand_csv import CSV_COLUMNS, escape_cell, write_hand_list_csv
from dealer_app.services.stints import DealerStint, dealer_stints
from dealer_app.services.types import (
    HandState,
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
from dealer_app.words import action_name, event_text, hand_name, settings_text

__all__ = ["CSV_COLUMNS", "CancelFn", "Cancelled", "ProgressFn", "atomic_write",
           "escape_cell", "temp_path_beside", "write_hand_list_csv"]

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


# ---------------------------------------------------------------------------- files
# (atomic_write, temp_path_beside and Cancelled live in ``files``; kept importable from here)


def local_time(moment: datetime | None, tz: tzinfo | None = None, *,
               seconds: bool = True) -> str:
    """``2025-01-02 20:15:03`` in the local zone (or ``tz``); empty for None."""
    if moment is None:
        return ""
    shown = moment.astimezone(tz)
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def zoned_time(moment: datetime | None, tz: tzinfo | None = None, *,
               seconds: bool = True) -> str:
    """``2025-01-02 21:15:03 CET``: date, time and the zone's name (or its offset), in the
    local zone (or ``tz``); empty for None. For everything printed."""
    if moment is None:
        return ""
    shown = moment.astimezone(tz)
    zone = shown.tzname() or shown.strftime("UTC%z")
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M") + f" {zone}"


def zone_label(moment: datetime, tz: tzinfo | None = None) -> str:
    """``CET (UTC+01:00)``: the zone the times of a printed report are shown in."""
    shown = moment.astimezone(tz)
    offset = shown.strftime("%z")
    name = shown.tzname() or tr("local", "time zone")
    return f"{name} (UTC{offset[:3]}:{offset[3:]})"


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
        f"<tr><td>{esc(x.dealer)}</td><td>{_nobreak(zoned_time(x.started_at, tz))}</td>"
        f"<td>{_nobreak(zoned_time(x.ended_at, tz) or still)}</td><td {right}>"
        f"{_nobreak(x.duration())}</td><td {right}>{thousands(x.hands)}</td>"
        f"<td {right}>{thousands(x.void)}</td>"
        f"<td {right}>{x.pace()}</td></tr>" for x in report.stints)
    acts = "".join(
        f"<tr><td>{_nobreak(zoned_time(a.at, tz))}</td><td>{esc(a.act)}</td><td>{esc(a.what)}</td>"
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
    rows = "".join(f"<tr><td>{_nobreak(zoned_time(c.created_at, tz))}</td>"
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
    amount: int | None = None
    """The chips this input put in (antes, bring-in, bets, raises, calls), or None."""


@dataclass(frozen=True, slots=True)
class HandReport:
    title: str
    facts: tuple[tuple[str, str], ...]
    seats: tuple[tuple[int, str, int, str, int, str], ...]
    """(seat, player, stack before, cards, stack after, hand name or state)."""
    log: tuple[LogLine, ...]
    result: tuple[str, ...]
    corrections: tuple[str, ...] = ()
    """Each supervisor's correction in words: who, when, what it replaced, why."""
    calls: tuple[str, ...] = ()
    """Each floor call about the hand, with its response times, in words."""

    def to_text(self) -> str:
        out = [self.title, "=" * len(self.title)]
        out += [f"{k}: {v}" for k, v in self.facts]
        out += ["", tr("Seats")]
        for seat, player, before, cards, after, state in self.seats:
            out.append(f"  {seat}  {player:<16} {before:>8,}  {cards:<16} {after:>8,}  {state}")
        out += ["", tr("Log")]
        undone = tr(" (undone)")
        for line in self.log:
            mark = undone if line.struck else ""
            note = f"  [{line.note}]" if line.note else ""
            amount = f"  {thousands(line.amount)}" if line.amount is not None else ""
            out.append(f"  #{line.seq:<3} {line.at}  {line.by:<12} {line.text}{amount}{mark}"
                       f"{note}")
        if self.corrections:
            out += ["", tr("Corrections")] + [f"  {c}" for c in self.corrections]
        if self.calls:
            out += ["", tr("Floor calls")] + [f"  {c}" for c in self.calls]
        out += ["", tr("Result")] + [f"  {r}" for r in self.result]
        return "\n".join(out) + "\n"

    def to_html(self) -> str:
        esc = html.escape
        facts = "".join(f"<tr><td class=key>{esc(k)}</td><td>{esc(v)}</td></tr>"
                        for k, v in self.facts)
        seats = "".join(
            f"<tr><td>{seat}</td><td>{esc(player)}</td><td align=right>{thousands(before)}</td>"
            f"<td>{esc(cards)}</td><td align=right>{thousands(after)}</td>"
            f"<td>{esc(state)}</td></tr>"
            for seat, player, before, cards, after, state in self.seats)
        log = "".join(
            f"<tr><td>#{x.seq}</td><td>{_nobreak(x.at)}</td><td>{esc(x.by)}</td>"
            f"<td>{'<s>' if x.struck else ''}{esc(x.text)}{'</s>' if x.struck else ''}</td>"
            f"<td align=right>{'' if x.amount is None else thousands(x.amount)}</td>"
            f"<td>{esc(x.note)}</td></tr>" for x in self.log)
        result = "".join(f"<li>{esc(r)}</li>" for r in self.result)
        corrections = "".join(f"<li>{esc(c)}</li>" for c in self.corrections)
        calls = "".join(f"<li>{esc(c)}</li>" for c in self.calls)
        table = "<table class=grid border=1 cellspacing=0 cellpadding=3 width=100%>"
        seat_heads = "".join(f"<th align={side}>{text}</th>" for side, text in (
            ("left", tr("Seat")), ("left", tr("Player")), ("right", tr("Before")),
            ("left", tr("Cards")), ("right", tr("After")), ("left", tr("Hand"))))
        log_heads = "".join(f"<th align={side}>{text}</th>" for side, text in (
            ("left width=5%", "#"), ("left width=27%", tr("Time")),
            ("left width=14%", tr("By")), ("left width=28%", tr("Input")),
            ("right width=8%", tr("Chips in")), ("left", tr("Note"))))
        h2 = {key: f"<h2>{text}</h2>" for key, text in (
            ("seats", tr("Seats")), ("result", tr("Result")),
            ("corrections", tr("Corrections")), ("log", tr("Log")),
            ("calls", tr("Floor calls")))}
        return (f"<h1>{esc(self.title)}</h1><table cellpadding=2>{facts}</table>"
                f"{h2['seats']}{table}<tr>{seat_heads}</tr>{seats}</table>"
                f"{h2['result']}<ul>{result}</ul>"
                + (f"{h2['corrections']}<ul>{corrections}</ul>" if corrections else "")
                + (f"{h2['calls']}<ul>{calls}</ul>" if calls else "")
                + f"{h2['log']}{table}<tr>{log_heads}</tr>{log}</table>")


def _nobreak(text: str) -> str:
    """Escaped for HTML, its spaces not broken (a time stays on one line)."""
    return html.escape(text).replace(" ", "&nbsp;")


def _first_upper(text: str) -> str:
    """The first letter upper case, the rest as written (names keep their case)."""
    return text[:1].upper() + text[1:]


def result_lines(hand: Hand, status: HandStatus = HandStatus.COMPLETE) -> list[str]:
    """The outcome in words: showdown order, each shown hand's name, each pot's winners with
    the odd-chip ruling (rule 10.3), the rake. For a void hand, that it was voided."""
    if status is HandStatus.VOID:
        return [tr("Void (rule 11.2): every stack is as before this hand; chips of a player "
                   "who had left the table are owed, in the session's chip reconciliation.")]
    if not hand.complete:
        nxt = hand.next_input()
        if nxt is None:
            return [tr("Not complete.")]
        return [tr("Not complete; next: {seat} to {actions}.").format(
            seat=seat_label(hand, nxt.seat), actions=" / ".join(action_name(a)
                                                                for a in nxt.actions))]
    lines: list[str] = []
    if hand.showdown_order:
        lines.append(tr("Showdown order: {seats}").format(
            seats=", ".join(seat_label(hand, s) for s in hand.showdown_order)))
    for s in hand.showdown_order or ():
        value = hand.shown_hands.get(s)
        st = hand.seats[s]
        if value is not None:
            cards = " ".join(str(c) for c in value.cards)
            lines.append(tr("{seat} shows {hand} ({cards})").format(
                seat=seat_label(hand, s, capital=True), hand=hand_name(value), cards=cards))
        elif st.mucked:
            lines.append(tr("{seat} mucks").format(seat=seat_label(hand, s, capital=True)))
    lines.extend(award_lines(hand, for_record=True))
    return lines


def cards_text(hand: Hand, seat: int) -> str:
    st = hand.seats[seat]
    hole = f"[{st.hole}]" if st.hole is not None else "[??]"
    return " ".join([hole, *(str(c) for c in st.up)])


def describe(event: Event) -> str:
    """``Seat 3 raises to 1,200``: the engine's words, the amount with thousands separators."""
    return event_text(event, grouped=True)


WAGERS = (Action.ANTE, Action.BRING_IN, Action.BET, Action.RAISE, Action.CALL)


def input_amounts(state: HandState) -> dict[int, int]:
    """Step (1-based place among the hand's current inputs) → the chips that input put in
    (antes, the bring-in, bets, raises and calls; an all-in call counts what it could)."""
    return {step: done.net_chips for step, done in enumerate(state.hand.applied, 1)
            if done.action in WAGERS}


@dataclass(frozen=True, slots=True)
class HandHeader:
    """What a hand report names besides the hand itself."""

    table: str
    dealer: str
    currency: str = DEFAULT_CURRENCY
    checkpoint: str = ""
    """The signed checkpoint sealed when the header was read (after the hand: so it covers
    everything the report lists), ``#seq xxxx-xxxx-xxxx-xxxx, key K``."""
    chain_head: str = ""
    """The start of the hand's chain head, ``xxxx-xxxx-xxxx-xxxx``."""
    calls: tuple[CallResponse, ...] = ()
    """The floor calls about the hand."""
    generated_at: datetime | None = None
    """When the header was read (the report printed)."""
    generated_by: str = ""
    """Who asked for the report (the signed-in staff member), or empty."""


def _claimed_dealer(meta: dict[str, Any]) -> str:
    """An imported hand's dealer as its record claims it (``meta.claims``; ``meta`` itself
    for hands imported before claims were kept apart), or ``—``."""
    claims = meta.get("claims")
    name = (claims.get("dealer") if isinstance(claims, dict) else None) or meta.get("dealer")
    return tr("{name} (as the record says)").format(name=name) if name else "—"


def hand_header(db: Database, hand_id: int, generated_by: str = "") -> HandHeader:
    """The table's name (or the imported record's), the dealer, the table's currency, the
    floor calls about the hand, and the evidence: read it after the hand's state, so its
    checkpoint is sealed after the hand was read
    (:func:`~dealer_app.services.fingerprint.hand_evidence`); ``generated_by``: who asks
    for the report (printed with the time as "generated at / by")."""
    calls = tuple(CallService(db).calls_of_hand(hand_id))
    with db.read() as s:
        row = s.get(HandRow, hand_id)
        if row is None:
            raise NotFoundError(f"no hand with id {hand_id}")
        table = s.get(GameTable, row.table_id) if row.table_id is not None else None
        dealer = s.get(Staff, row.dealer_id) if row.dealer_id is not None else None
        meta = json.loads(row.meta_json or "{}")
        header = HandHeader(
            table=table.name if table is not None else f"{meta.get('table') or '—'} (imported)",
            dealer=dealer.name if dealer is not None else _claimed_dealer(meta),
            currency=(table.currency if table is not None else None) or DEFAULT_CURRENCY)
    checkpoint, head = hand_evidence(db, hand_id)
    return HandHeader(header.table, header.dealer, header.currency, checkpoint, head, calls,
                      generated_at=db.now(), generated_by=generated_by)


def hand_report(state: HandState, tz: tzinfo | None = None,
                header: HandHeader | None = None) -> HandReport:
    """A printable account of one hand from its stored log, replayed by the engine:
    ``header`` names its table and dealer (see :func:`hand_header`)."""
    hand = state.hand
    label = (tr("hand {number}").format(number=thousands(state.number))
             if state.number is not None else
             tr("hand id {id}").format(id=state.hand_id))
    status = status_name(state.status)
    if state.corrected:
        status = tr("{status}, corrected").format(status=status)
    title = tr("Hand report — {hand} ({status})").format(hand=label, status=status)
    if header is not None:
        table = header.table
    elif state.table_id is not None:
        table = tr("table id {id}").format(id=state.table_id)
    else:
        table = tr("(imported)")
    currency = header.currency if header else DEFAULT_CURRENCY
    facts = [(tr("Table"), table),
             (tr("Hand"), tr("{hand} · id {id} · {uid}").format(
                 hand=label, id=state.hand_id, uid=state.uid)),
             (tr("Dealer"), header.dealer if header is not None else "—"),
             (tr("Session"), str(state.session_id) if state.session_id is not None else "—"),
             (tr("Status"), status),
             (tr("Settings"), settings_text(state.settings)),
             (tr("Rake"), rake_text(state.settings)),
             (tr("Currency"), tr("{currency} (minor units)").format(currency=currency)),
             (tr("Started"), zoned_time(state.started_at, tz)),
             (tr("Ended"), zoned_time(state.ended_at, tz) or "—")]
    if header is not None and header.checkpoint:
        facts += [(tr("Signed checkpoint"), header.checkpoint),
                  (tr("Chain head"), header.chain_head)]
    if header is not None and header.generated_at is not None:
        generated = zoned_time(header.generated_at, tz)
        facts.append((tr("Generated"), (tr("{time} by {name}").format(
            time=generated, name=header.generated_by) if header.generated_by else generated)
            + tr(" · times in {zone}").format(zone=zone_label(header.generated_at, tz))))
    seats = []
    for spec in state.seats:
        st = hand.seats[spec.seat]
        value = hand.shown_hands.get(spec.seat)
        if value is not None:
            what = hand_name(value)
        elif st.folded:
            what = tr("folded")
        elif st.mucked:
            what = tr("mucked")
        elif st.all_in:
            what = tr("all-in")
        else:
            what = ""
        after = spec.stack if state.status is HandStatus.VOID else st.stack
        seats.append((spec.seat, spec.player, spec.stack, cards_text(hand, spec.seat), after,
                      what))
    amounts = input_amounts(state)
    kinds = {e.seq: e.kind for e in state.log}
    events = {e.seq: e.event for e in state.log}
    log: list[LogLine] = []
    corrections: list[str] = []
    for entry in state.log:
        by = entry.superseded_by
        amount = amounts.get(entry.step) if entry.step is not None else None
        if entry.kind == "input" and entry.event is not None:
            text = describe(entry.event)
            if by is None:
                note = ""
            elif kinds.get(by) == "correct":
                note = tr("corrected by #{seq}").format(seq=by)
            else:
                note = tr("undone by #{seq}").format(seq=by)
        elif entry.kind == "undo":
            text = tr("Undo of #{seq}").format(seq=entry.target_seq)
            note = entry.reason or ""
        elif entry.kind == "correct":
            text = (tr("Correction of #{seq}: {input}").format(
                        seq=entry.target_seq, input=describe(entry.event))
                    if entry.event is not None else
                    tr("#{seq} struck").format(seq=entry.target_seq))
            note = entry.reason or ""
            was = events.get(entry.target_seq or -1)
            fields = dict(seq=entry.seq, at=zoned_time(entry.at, tz), by=entry.by,
                          target=entry.target_seq,
                          was=describe(was) if was is not None else "?",
                          reason=entry.reason or "—")
            corrections.append(
                tr("#{seq} at {at} by {by}: input #{target} ({was}) replaced by {now}; "
                   "reason: {reason}").format(now=describe(entry.event), **fields)
                if entry.event is not None else
                tr("#{seq} at {at} by {by}: input #{target} ({was}) struck; reason: {reason}")
                .format(**fields))
        else:
            text = tr("Hand voided")
            note = entry.reason or ""
        log.append(LogLine(seq=entry.seq, at=zoned_time(entry.at, tz), by=entry.by, text=text,
                           note=note, struck=entry.undone, amount=amount))
    return HandReport(title=title, facts=tuple(facts), seats=tuple(seats), log=tuple(log),
                      result=tuple(result_lines(hand, state.status)),
                      corrections=tuple(corrections),
                      calls=tuple(f"{zoned_time(c.created_at, tz)}  {response_line(c)}"
                                  for c in (header.calls if header is not None else ())))


def event_caption(hand: Hand, index: int) -> str:
    """The ``index``-th (1-based) accepted event of ``hand`` in words, or ``Start``."""
    if index <= 0:
        return tr("Start of the hand")
    event = hand.events[index - 1]
    text = event_text(event)
    if event.action is Action.BRING_IN:
        text += f" {hand.settings.bring_in}"
    return text


# ---------------------------------------------------------------------------- CSV
# (the hand list's CSV lives in ``hand_csv``; kept importable from here)

"""A session report as it reads: what it holds (``SessionReport``, with its supervisor's acts
``SupervisorAct``), as text and in HTML for its PDF and for print (the words of the report).
Its facts are read from the database by ``session``."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from dealer_app.services.core.calls import CallResponse, response_line
from dealer_app.services.core.fingerprint import Fingerprint
from dealer_app.services.core.stints import DealerStint
from dealer_app.services.core.types import (
    SessionInfo,
)
from dealer_app.services.reports.common import nobreak, rake_text
from dealer_app.services.reports.reconciliation import (
    Reconciliation,
    SeatLine,
)
from dealer_app.services.reports.times import zone_label, zoned_time
from dealer_app.text import thousands, thousands_signed, tr
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

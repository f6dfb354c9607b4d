"""A session report as it reads: what it holds (``SessionReport``, with its supervisor's acts
``SupervisorAct``), as text and in HTML for its PDF and for print (the words of the report,
laid out by ``templates/session.html``, escaped there: see :mod:`.templating`). Its facts are
read from the database by ``session``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from dealer_app.services.core.calls import CallResponse, response_line
from dealer_app.services.core.fingerprint import Fingerprint
from dealer_app.services.core.stints import DealerStint
from dealer_app.services.core.types import (
    SessionInfo,
)
from dealer_app.services.reports.common import rake_text
from dealer_app.services.reports.reconciliation import (
    Reconciliation,
    SeatLine,
)
from dealer_app.services.reports.templating import render
from dealer_app.services.reports.times import zone_label, zoned_time
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


def session_report_html(report: SessionReport, tz: tzinfo | None = None, *,
                        chart: str | None = None, chart_width: int = 680,
                        lang: Language | None = None) -> str:
    """The report in ``lang`` (None: the language it was made in); ``chart``: the name of
    the stacks chart's image, ``chart_width`` pixels wide."""
    with language(lang or report.lang):
        return render("session.html", **_words(report, tz), chart=chart,
                      chart_width=chart_width)


def _words(report: SessionReport, tz: tzinfo | None) -> dict[str, Any]:
    s = report.session
    cur = s.currency
    generated = zoned_time(report.generated_at, tz)
    facts = [(tr("Table"), s.table_name), (tr("Session"), f"{s.id}"),
             (tr("Currency"), tr("{currency} — amounts in its minor unit, as counted at the "
                                 "table").format(currency=cur)),
             (tr("Game"), settings_text(s.settings)),
             (tr("Rake"), rake_text(s.settings)),
             (tr("Opened"), zoned_time(s.opened_at, tz)),
             (tr("Closed"), zoned_time(s.closed_at, tz) if s.closed_at else tr("still open")),
             (tr("Dealers"), report.dealers()),
             (tr("Hands"), tr("{complete} complete · {void} void · {in_progress} in progress · "
                              "rake {rake} {currency}").format(
                 complete=thousands(report.hands_complete), void=thousands(report.hands_void),
                 in_progress=thousands(report.hands_in_progress), rake=thousands(report.rake),
                 currency=cur)),
             (tr("Generated"), (tr("{time} by {name}").format(
                 time=generated, name=report.generated_by) if report.generated_by
                 else generated)
              + tr(" · times in {zone}").format(zone=zone_label(report.generated_at, tz)))]
    evidence = report.evidence
    moves = any(x.moved_in or x.moved_out for x in report.seats)

    def seat_cells(x: SeatLine) -> list[str]:
        return [str(x.seat) if x.seat else "", x.player, thousands(x.buy_ins),
                thousands_signed(x.adjustments), thousands(x.cash_outs),
                *([thousands_signed(x.moved)] if moves else []), thousands(x.stack),
                thousands_signed(x.net), thousands(x.hands)]

    rec = report.reconciliation
    dealer_sign = tr("Dealer signature — {name}")
    signers = [dealer_sign.format(name=name)
               for name in dict.fromkeys(x.dealer for x in report.stints)]
    signers = signers or [dealer_sign.format(name=s.dealer)]
    signers.append(tr("Supervisor signature — {name}").format(
        name=tr("name: {blank}").format(blank="_" * 24)))
    still = tr("still dealing")
    return dict(
        title=tr("Session report — {table}, session {session}").format(
            table=s.table_name, session=s.id),
        facts=facts,
        checkpoint=evidence.checkpoint if evidence is not None else "",
        evidence=None if evidence is None else dict(
            text=tr("log fingerprint, {kind} over {hands} hand(s) of the session:").format(
                kind=tr(evidence.kind), hands=thousands(evidence.hands)),
            short=evidence.short,
            unsealed=tr(" ({count} newer ledger entries not sealed yet)").format(
                count=thousands(evidence.unsealed)) if evidence.unsealed else ""),
        seat_heads=[tr("Seat"), tr("Player"), tr("Buy-ins"), tr("Adjustments"),
                    tr("Cash-outs"), *([tr("Moved")] if moves else []), tr("Stack"),
                    tr("Net"), tr("Hands")],
        seats=[seat_cells(x) for x in report.seats],
        totals=seat_cells(report.totals),
        colour="#1b7f3b" if rec.balanced else "#c62828",
        verdict=tr("Balanced") if rec.balanced else tr("NOT BALANCED"),
        equation=rec.equation(),
        reconciliation=report.reconciliation_lines(),
        problems=[*rec.problems,
                  *(tr("owed: {line}").format(line=p) for p in rec.owed_lines)],
        stints=[dict(dealer=x.dealer, start=zoned_time(x.started_at, tz),
                     end=zoned_time(x.ended_at, tz) or still, duration=x.duration(),
                     hands=thousands(x.hands), void=thousands(x.void), pace=x.pace())
                for x in report.stints],
        acts=[dict(at=zoned_time(a.at, tz), act=a.act, what=a.what, by=a.by, reason=a.reason)
              for a in report.acts],
        calls=[(zoned_time(c.created_at, tz), response_line(c)) for c in report.calls],
        signers=signers,
        words=dict(
            checkpoint=tr("Signed checkpoint"), evidence=tr("Evidence"),
            seats=tr("Seats ({currency})").format(currency=cur),
            reconciliation=tr("Chip reconciliation ({currency})").format(currency=cur),
            stints=tr("Dealers' stints"), dealer=tr("Dealer"), to=tr("To"), time=tr("Time"),
            hands=tr("Hands"), void=tr("Void", "void hands column"),
            pace=tr("Hands per hour"),
            acts=tr("Voids, corrections, adjustments and closing"), act=tr("Act"),
            what=tr("What"), supervisor=tr("Supervisor"), reason=tr("Reason"),
            none=tr("None in this session."), calls=tr("Floor calls"),
            call=tr("Call and response"),
            chart=tr("Stacks over the session ({currency})").format(currency=cur),
            sign_off=tr("Sign-off"), when_signed=tr("Date and time"),
            **{"from": tr("From")}))

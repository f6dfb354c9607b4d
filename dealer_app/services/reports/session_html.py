"""The session report in HTML, for its PDF and for print: the report's words, laid out by
``templates/session.html`` (escaped there, see :mod:`.templating`)."""

from __future__ import annotations

from datetime import tzinfo
from typing import TYPE_CHECKING, Any

from dealer_app.services.calls import response_line
from dealer_app.services.reports.common import rake_text
from dealer_app.services.reports.reconciliation import SeatLine
from dealer_app.services.reports.templating import render
from dealer_app.services.reports.times import zone_label, zoned_time
from dealer_app.text import Language, language, thousands, thousands_signed, tr
from dealer_app.words import settings_text

if TYPE_CHECKING:
    from dealer_app.services.reports.session import SessionReport


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

"""The session report in HTML, for its PDF and for print (the words of the report)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import tzinfo
from typing import TYPE_CHECKING

from dealer_app.services.calls import CallResponse, response_line
from dealer_app.services.reports.common import nobreak, rake_text
from dealer_app.services.reports.reconciliation import SeatLine
from dealer_app.services.reports.times import zone_label, zoned_time
from dealer_app.text import thousands, thousands_signed, tr
from dealer_app.words import settings_text

if TYPE_CHECKING:
    from dealer_app.services.reports.session import SessionReport


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

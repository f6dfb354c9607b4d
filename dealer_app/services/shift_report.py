"""Shift figures and the floor's shift report (Qt-free; the PDF is printed by
``gui/floor/shift.py`` as the session report is).

- ``shift_report(db, since=None, now=None, generated_by="", day_starts=6) -> ShiftReport``:
  the shift from ``since`` (default: the gaming day's start) to ``now``. Per table and per
  dealer: hands completed, hands in the last hour ("now"), hands per hour over the shift,
  average pot, rake and time idle (time open, or in the box, with no hand running); for the
  floor: tables open and their state, players seated and waiting, rake in the shift.
- ``write_shift_csv(report, path)``: the same figures as CSV (one line per table, dealer and
  the floor's line; atomic, cells escaped for spreadsheets).
- ``ShiftReport.to_html(tz)``: the report for print, styled as the session report.

Every figure follows from the hand rows, the sessions, their ``change-dealer`` audit rows
and the waiting lists: nothing is kept apart.
"""

from __future__ import annotations

import csv
import html
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from pathlib import Path

from sqlalchemy import or_, select

from dealer_app.services.core.common import settings_of
from dealer_app.services.core.files import atomic_write
from dealer_app.services.core.stints import dealer_stints
from dealer_app.services.core.types import HandStatus
from dealer_app.services.floor import FloorService, TableState, game_of
from dealer_app.services.reports import iso_z, zone_label, zoned_time
from dealer_app.services.reports.hand_list import escape_cell
from dealer_app.services.waiting import WaitingListService
from dealer_app.storage.database import Database
from dealer_app.storage.models import GameTable, HandRow, Seating, TableSession
from dealer_app.text import thousands, tr
from dealer_app.words import duration_text, settings_text


def state_name(state: TableState) -> str:
    return {TableState.OPEN: tr("open", "table state"),
            TableState.STARTING: tr("starting", "table state"),
            TableState.CLOSING: tr("closing", "table state"),
            TableState.CLOSED: tr("closed", "table state")}[state]


@dataclass(frozen=True, slots=True)
class Figures:
    """Hands and money over a stretch of time (a table's open time, a dealer's box time)."""

    hands: int
    """Hands completed."""
    hands_last_hour: int
    seconds: float
    """Time open (a table) or in the box (a dealer) in the shift."""
    busy: float
    """Seconds of that time with a hand running."""
    pot_total: int
    rake: int

    @property
    def hands_per_hour(self) -> float | None:
        """Over the shift; None for less than a minute."""
        return self.hands * 3600 / self.seconds if self.seconds >= 60 else None

    @property
    def average_pot(self) -> int | None:
        return self.pot_total // self.hands if self.hands else None

    @property
    def idle(self) -> float:
        return max(0.0, self.seconds - self.busy)


@dataclass(frozen=True, slots=True)
class TableLine:
    name: str
    game: str
    state: TableState
    dealer: str
    seated: int
    waiting: int
    figures: Figures


@dataclass(frozen=True, slots=True)
class DealerLine:
    name: str
    tables: str
    figures: Figures


@dataclass(frozen=True, slots=True)
class ShiftReport:
    since: datetime
    until: datetime
    generated_by: str
    tables: tuple[TableLine, ...]
    dealers: tuple[DealerLine, ...]
    waiting: int
    """Players on every waiting list."""

    @property
    def tables_open(self) -> int:
        return sum(1 for t in self.tables if t.state is not TableState.CLOSED)

    @property
    def tables_by_state(self) -> dict[TableState, int]:
        """The tables open, starting and closing (each open table in one of them)."""
        out = {state: 0 for state in (TableState.OPEN, TableState.STARTING,
                                      TableState.CLOSING)}
        for t in self.tables:
            if t.state in out:
                out[t.state] += 1
        return out

    @property
    def players_seated(self) -> int:
        return sum(t.seated for t in self.tables)

    @property
    def rake(self) -> int:
        return sum(t.figures.rake for t in self.tables)

    @property
    def hands(self) -> int:
        return sum(t.figures.hands for t in self.tables)

    @property
    def title(self) -> str:
        return tr("Shift report — {since}").format(since=zoned_time(self.since, seconds=False))

    def to_html(self, tz: tzinfo | None = None) -> str:
        return shift_report_html(self, tz)


@dataclass
class _Hand:
    table_id: int
    dealer_id: int | None
    started_at: datetime
    ended_at: datetime | None
    complete: bool
    pot: int
    rake: int


def _overlap(start: datetime, end: datetime, lo: datetime, hi: datetime) -> float:
    return max(0.0, (min(end, hi) - max(start, lo)).total_seconds())


def _figures(hands: Iterable[_Hand], spans: Iterable[tuple[datetime, datetime]],
             since: datetime, now: datetime) -> Figures:
    spans = list(spans)
    seconds = sum(_overlap(a, b, since, now) for a, b in spans)
    done = hour = pots = rake = 0
    busy = 0.0
    for h in hands:
        end = h.ended_at or now
        busy += sum(_overlap(max(h.started_at, a), min(end, b), since, now)
                    for a, b in spans if h.started_at < b and end > a)
        if h.complete:
            done += 1
            pots += h.pot
            rake += h.rake
            if h.ended_at is not None and h.ended_at >= now - timedelta(hours=1):
                hour += 1
    return Figures(hands=done, hands_last_hour=hour, seconds=seconds, busy=min(busy, seconds),
                   pot_total=pots, rake=rake)


def shift_report(db: Database, since: datetime | None = None, now: datetime | None = None,
                 generated_by: str = "", *, day_starts: int = 6) -> ShiftReport:
    """The shift's figures (see the module's docstring)."""
    now = now or db.now()
    since = since or FloorService(db, day_starts=day_starts).gaming_day_start(now)
    with db.read() as s:
        tables = list(s.execute(select(GameTable.id, GameTable.name, GameTable.settings_json)
                                .order_by(GameTable.name)))
        sessions = list(s.execute(
            select(TableSession.id, TableSession.table_id, TableSession.opened_at,
                   TableSession.closed_at)
            .where(TableSession.opened_at <= now,
                   or_(TableSession.closed_at.is_(None), TableSession.closed_at >= since))))
        hands = [_Hand(r.table_id, r.dealer_id, r.started_at, r.ended_at,
                       r.status == HandStatus.COMPLETE.value, r.pot or 0, r.rake or 0)
                 for r in s.execute(
                     select(HandRow.table_id, HandRow.dealer_id, HandRow.started_at,
                            HandRow.ended_at, HandRow.status, HandRow.pot, HandRow.rake)
                     .where(HandRow.started_at <= now,
                            or_(HandRow.ended_at.is_(None), HandRow.ended_at >= since),
                            HandRow.status != HandStatus.VOID.value))
                 if r.table_id is not None]
        open_ids = [r.id for r in sessions if r.closed_at is None]
        seated: dict[int, int] = {}
        if open_ids:
            for sid in s.scalars(select(Seating.session_id).where(
                    Seating.session_id.in_(open_ids), Seating.left_at.is_(None))):
                seated[sid] = seated.get(sid, 0) + 1
    waiting_by_game: dict[tuple[str, int], int] = {}
    for entry in WaitingListService(db).waiting():
        waiting_by_game[entry.game] = waiting_by_game.get(entry.game, 0) + 1
    tiles = {t.table_id: t for t in FloorService(db).tiles(now=now)}
    # dealers: their stints in each session of the shift
    box: dict[str, list[tuple[datetime, datetime]]] = {}
    box_tables: dict[str, list[str]] = {}
    dealer_ids: dict[str, set[int]] = {}
    names = {r.id: r.name for r in tables}
    for r in sessions:
        for stint in dealer_stints(db, r.id):
            end = stint.ended_at or now
            if end < since:
                continue
            box.setdefault(stint.dealer, []).append((stint.started_at, end))
            dealer_ids.setdefault(stint.dealer, set()).add(stint.dealer_id)
            listed = box_tables.setdefault(stint.dealer, [])
            if names[r.table_id] not in listed:
                listed.append(names[r.table_id])
    lines = []
    for t in tables:
        spans = [(r.opened_at, r.closed_at or now) for r in sessions if r.table_id == t.id]
        mine = [h for h in hands if h.table_id == t.id]
        open_session = next((r for r in sessions if r.table_id == t.id and
                             r.closed_at is None), None)
        tile = tiles.get(t.id)
        if open_session is None:
            state = TableState.CLOSED
        elif tile is not None:
            state = tile.state
        else:
            state = TableState.STARTING
        settings = settings_of(t.settings_json)
        lines.append(TableLine(
            name=t.name, game=settings_text(settings), state=state,
            dealer=(tile.dealer or "") if tile is not None and open_session else "",
            seated=seated.get(open_session.id, 0) if open_session else 0,
            waiting=waiting_by_game.get(game_of(settings), 0),
            figures=_figures(mine, spans, since, now)))
    dealers = []
    for name, spans in sorted(box.items()):
        ids = dealer_ids[name]
        # a hand belongs to the dealer who dealt it, inside the dealer's time in the box
        mine = [h for h in hands if h.dealer_id in ids and
                any(a <= h.started_at < b or (h.started_at >= a and b == now)
                    for a, b in spans)]
        dealers.append(DealerLine(name=name, tables=", ".join(box_tables[name]),
                                  figures=_figures(mine, spans, since, now)))
    return ShiftReport(since=since, until=now, generated_by=generated_by,
                       tables=tuple(lines), dealers=tuple(dealers),
                       waiting=sum(waiting_by_game.values()))


def pace(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}"


CSV_HEADER = ("line", "name", "game", "state", "dealer", "tables", "hands",
              "hands_last_hour", "hands_per_hour", "average_pot", "rake", "open_seconds",
              "idle_seconds", "seated", "waiting", "since", "until")
"""The shift CSV's columns (names stay English, like the hand list's)."""


def _csv_figures(f: Figures) -> list[str]:
    per_hour = f.hands_per_hour
    return [str(f.hands), str(f.hands_last_hour), "" if per_hour is None else f"{per_hour:.1f}",
            "" if f.average_pot is None else str(f.average_pot), str(f.rake),
            str(int(f.seconds)), str(int(f.idle))]


def write_shift_csv(report: ShiftReport, path: str | os.PathLike[str]) -> Path:
    """The report's figures as CSV at ``path`` (written to a temporary file, renamed)."""
    span = [iso_z(report.since), iso_z(report.until)]
    with atomic_write(path, newline="") as out:
        writer = csv.writer(out)  # type: ignore[arg-type]
        writer.writerow(CSV_HEADER)
        for t in report.tables:
            writer.writerow([escape_cell(c) for c in (
                ["table", t.name, t.game, t.state.value, t.dealer, ""]
                + _csv_figures(t.figures) + [str(t.seated), str(t.waiting)] + span)])
        for d in report.dealers:
            writer.writerow([escape_cell(c) for c in (
                ["dealer", d.name, "", "", "", d.tables] + _csv_figures(d.figures)
                + ["", ""] + span)])
        writer.writerow(["floor", "", "", f"{report.tables_open} open", "", "",
                         str(report.hands), "", "", "", str(report.rake), "", "",
                         str(report.players_seated), str(report.waiting)] + span)
    return Path(path)


def shift_report_html(report: ShiftReport, tz: tzinfo | None = None) -> str:
    esc = html.escape
    right = "align=right"

    def head(text: str, attributes: str = "align=left") -> str:
        return f"<th {attributes}>{esc(text)}</th>"

    def cells(values: Iterable[str], first_left: int) -> str:
        return "".join(f"<td {'align=left' if i < first_left else right}>{esc(v)}</td>"
                       for i, v in enumerate(values))

    def numbers(f: Figures) -> list[str]:
        return [thousands(f.hands), thousands(f.hands_last_hour), pace(f.hands_per_hour),
                "—" if f.average_pot is None else thousands(f.average_pot),
                thousands(f.rake), duration_text(f.seconds), duration_text(f.idle)]

    figure_heads = (head(tr("Hands"), right) + head(tr("Last hour"), right)
                    + head(tr("Hands per hour"), right) + head(tr("Avg. pot"), right)
                    + head(tr("Rake"), right) + head(tr("Time"), right)
                    + head(tr("Idle"), right))
    table = "<table class=grid width=100% cellspacing=0 cellpadding=4>"
    table_rows = "".join(
        "<tr>" + cells([t.name, t.game, state_name(t.state), t.dealer], 4)
        + cells(numbers(t.figures) + [thousands(t.seated), thousands(t.waiting)], 0)
        + "</tr>" for t in report.tables)
    dealer_rows = "".join(
        "<tr>" + cells([d.name, d.tables], 2)
        + cells(numbers(d.figures), 0) + "</tr>"
        for d in report.dealers)
    generated = zoned_time(report.until, tz)
    by_state = report.tables_by_state
    facts = [
        (tr("Shift"), tr("{since} to {until}").format(since=zoned_time(report.since, tz),
                                                      until=generated)),
        (tr("Tables open"), thousands(report.tables_open) + (tr(
            " ({open} open, {starting} starting, {closing} closing)").format(
            open=by_state[TableState.OPEN], starting=by_state[TableState.STARTING],
            closing=by_state[TableState.CLOSING]) if report.tables_open else "")),
        (tr("Players seated"), thousands(report.players_seated)),
        (tr("Players waiting"), thousands(report.waiting)),
        (tr("Hands"), thousands(report.hands)),
        (tr("Rake in the shift"), thousands(report.rake)),
        (tr("Generated"), (tr("{time} by {name}").format(time=generated,
                                                         name=report.generated_by)
                           if report.generated_by else generated)
         + tr(" · times in {zone}").format(zone=zone_label(report.until, tz)))]
    fact_rows = "".join(f"<tr><td class=key>{esc(k)}</td><td>{esc(v)}</td></tr>"
                        for k, v in facts)
    out = [f"<h1>{esc(report.title)}</h1>",
           f"<table width=100% cellpadding=2>{fact_rows}</table>",
           "<h2>" + esc(tr("Tables")) + f"</h2>{table}<tr>"
           + head(tr("Table")) + head(tr("Game")) + head(tr("State")) + head(tr("Dealer"))
           + figure_heads + head(tr("Seated"), right) + head(tr("Waiting"), right)
           + f"</tr>{table_rows}</table>",
           "<h2>" + esc(tr("Dealers")) + "</h2>"
           + (f"{table}<tr>" + head(tr("Dealer")) + head(tr("Tables")) + figure_heads
              + f"</tr>{dealer_rows}</table>" if dealer_rows
              else "<p>" + esc(tr("Nobody dealt in this shift.")) + "</p>")]
    line = "_" * 34
    out.append("<h2>" + esc(tr("Sign-off")) + "</h2><table width=100% cellpadding=4><tr>"
               f"<td class=sign><br><br>{line}<br>"
               + esc(tr("Supervisor signature — {name}").format(
                   name=tr("name: {blank}").format(blank="_" * 24)))
               + f"</td><td class=sign><br><br>{'_' * 22}<br>{esc(tr('Date and time'))}"
               "</td></tr></table>")
    return "".join(out)

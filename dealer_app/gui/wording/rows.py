"""What each seat and pot shows, as plain values computed from a snapshot (no widgets).

Words are in the window's language (:func:`dealer_app.text.tr`), amounts in its number
format; :attr:`SeatRow.state` stays English (translate it where shown)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale

from dealer_app import words
from dealer_app.engine.cards import Card
from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand
from dealer_app.engine.settings import SEATS, Settings
from dealer_app.engine.stacks import StackState, stack_state
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.narration import pot_title
from dealer_app.services import SeatInfo
from dealer_app.text import tr, tr_noop

if TYPE_CHECKING:
    from dealer_app.services.core.types import LogEntry

@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of the table as the dealer sees it."""

    seat: int
    player: str
    """Empty when nobody sits there."""
    stack: int
    bet: int
    in_hand: bool
    hole: Card | None
    hole_dealt: bool
    """A hole card lies in front of the player (known or not)."""
    up: tuple[Card, ...]
    folded: bool = False
    mucked: bool = False
    all_in: bool = False
    sitting_out: bool = False
    due: bool = False
    hand_name: str = ""
    won: int = 0
    stack_state: StackState = StackState.PLAYS
    """Between hands: a stack that cannot cover the ante, or none (``engine.stacks``)."""

    @property
    def occupied(self) -> bool:
        return bool(self.player)

    @property
    def state(self) -> str:
        """``FOLDED``, ``ALL-IN``, ``MUCKED``, ``SITTING OUT`` or empty: English, shown with
        ``tr(row.state)``."""
        if self.folded:
            return tr_noop("FOLDED")
        if self.mucked:
            return tr_noop("MUCKED")
        if self.all_in:
            return tr_noop("ALL-IN")
        if self.sitting_out:
            return tr_noop("SITTING OUT")
        if self.stack_state is StackState.BUSTED:
            return tr_noop("NO CHIPS")
        if self.stack_state is StackState.SHORT:
            return tr_noop("UNDER THE ANTE")
        return ""

    @property
    def cards_text(self) -> str:
        hole = str(self.hole) if self.hole else ("??" if self.hole_dealt else "")
        return " ".join(x for x in [hole, *map(str, self.up)] if x)


def seat_rows(seats: Mapping[int, SeatInfo], hand: Hand | None,
              settings: Settings | None = None) -> list[SeatRow]:
    """Six rows, seat 1 to 6; a hand's seats show the hand's state, others the seating;
    with the table's ``settings``, between hands, a stack short of the ante or empty."""
    expected = hand.next_input() if hand is not None else None
    due = expected.seat if expected is not None else None
    awards: dict[int, int] = {}
    if hand is not None and hand.complete:
        for pot in hand.pots():
            for s, amount in pot.awards.items():
                awards[s] = awards.get(s, 0) + amount
    def between(info: SeatInfo | None) -> StackState:
        if info is None or settings is None or info.sitting_out:
            return StackState.PLAYS
        return stack_state(settings, info.stack)

    rows: list[SeatRow] = []
    for n in SEATS:
        info = seats.get(n)
        st = hand.seats.get(n) if hand is not None else None
        if st is not None and hand is not None:
            in_progress = not hand.complete
            value = hand.shown_hands.get(n)
            rows.append(SeatRow(
                seat=n, player=st.player, stack=st.stack if in_progress or info is None
                else info.stack, bet=st.bet, in_hand=True, hole=st.hole,
                hole_dealt=st.hole is not None or bool(st.up), up=st.up, folded=st.folded,
                mucked=st.mucked, all_in=st.all_in and not hand.complete,
                sitting_out=info.sitting_out if info else False,
                due=due == n,
                hand_name=words.hand_value_text(value) if value else "", won=awards.get(n, 0),
                stack_state=between(info) if hand.complete else StackState.PLAYS))
        elif info is not None:
            rows.append(SeatRow(seat=n, player=info.player, stack=info.stack, bet=0,
                                in_hand=False, hole=None, hole_dealt=False, up=(),
                                sitting_out=info.sitting_out,
                                stack_state=between(info)
                                if hand is None or hand.complete else StackState.PLAYS))
        else:
            rows.append(SeatRow(seat=n, player="", stack=0, bet=0, in_hand=False, hole=None,
                                hole_dealt=False, up=()))
    return rows


@dataclass(frozen=True, slots=True)
class PotRow:
    title: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    awards: dict[int, int]
    odd_chips: tuple[int, ...]

    @property
    def eligible_text(self) -> str:
        return ", ".join(map(str, self.eligible))

    @property
    def seats_text(self) -> str:
        """``seat 4`` or ``seats 1, 3 and 6``: who may win the pot."""
        if len(self.eligible) == 1:
            return tr("seat {seat}").format(seat=self.eligible[0])
        *rest, last = map(str, self.eligible)
        return tr("seats {seats} and {last}").format(seats=", ".join(rest), last=last)

    @property
    def label(self) -> str:
        """``Side pot 1: 1,100, seats 4 and 5`` — title, amount, then who may win it."""
        return tr("{pot}: {amount}, {seats}").format(pot=self.title, amount=amount(self.amount),
                                                     seats=self.seats_text)

    @property
    def awards_text(self) -> str:
        return ", ".join(tr("seat {seat}: {amount}").format(seat=s, amount=amount(a))
                         for s, a in sorted(self.awards.items()))


def pot_rows(hand: Hand | None) -> list[PotRow]:
    if hand is None:
        return []
    return [PotRow(pot_title(i), p.amount, tuple(p.eligible), tuple(p.winners),
                   dict(p.awards), tuple(p.odd_chips)) for i, p in enumerate(hand.pots())]


@dataclass(frozen=True, slots=True)
class LogRow:
    """One line of the hand log as the dealer sees it."""

    seq: int
    at: datetime
    by: str
    kind: str
    """``input``, ``undo`` or ``void``."""
    seat: int | None
    text: str
    undone: bool
    event: Event | None = None
    """The input in force at this row (None for undo/void rows and rows no longer in force):
    what a supervisor may correct."""
    target_seq: int | None = None
    """For an undo or a correction: the seq of the input it took back or replaced."""


def log_rows(entries: tuple[LogEntry, ...]) -> tuple[LogRow, ...]:
    """The hand log's entries as the dealer sees them, worded in the window's language."""
    rows: list[LogRow] = []
    for e in entries:
        if e.kind == "input" and e.event is not None:
            text = words.event_text(e.event)
        elif e.kind == "undo":
            text = (tr("Undo #{seq}: {input}").format(seq=e.target_seq,
                                                      input=words.event_text(e.event))
                    if e.event else tr("Undo #{seq}").format(seq=e.target_seq))
        elif e.kind == "correct":
            text = (tr("Correction of #{seq}: {input}").format(seq=e.target_seq,
                                                               input=words.event_text(e.event))
                    if e.event else tr("#{seq} struck").format(seq=e.target_seq))
            if e.reason:
                text = tr("{text} ({reason})").format(text=text, reason=e.reason)
        else:
            text = (tr("Hand void: {reason}").format(reason=e.reason) if e.reason
                    else tr("Hand void"))
        rows.append(LogRow(seq=e.seq, at=e.at, by=e.by, kind=e.kind,
                           seat=e.event.seat if e.event else None, text=text,
                           undone=e.undone, event=e.event if e.step is not None else None,
                           target_seq=e.target_seq))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One row of the dealer's hand log: the stored row, its text whole (card and amount),
    and its author only where the author changes."""

    row: LogRow
    text: str
    by: str


_PAYS = (Action.ANTE, Action.BRING_IN, Action.CALL)
"""Inputs whose amount is not in the event: the chips they put in (the hand kept them)."""


def event_text(event: Event, chips: int | None = None) -> str:
    """``Seat 3 calls 20``, ``Seat 1 is dealt Kh``, ``Seat 2 raises to 1,200``."""
    return _event_text(event, chips, QLocale().name())


@lru_cache(maxsize=4096)
def _event_text(event: Event, chips: int | None, _locale: str) -> str:
    """:func:`event_text`, kept per number format (``_locale``)."""
    text = words.event_text(replace(event, to=None))
    if event.to is not None:
        text += f" {amount(event.to)}"
    elif chips and event.action in _PAYS:
        text += f" {amount(chips)}"
    return text


def log_lines(rows: Sequence[LogRow], hand: Hand | None,
              known: Mapping[int, str] | None = None) -> list[LogLine]:
    """The hand log's lines. ``known``: texts already shown by seq, so an input keeps its
    amount once undone; an undo names the input it took back."""
    chips_of: dict[Event, list[int]] = {}
    for done in hand.applied if hand is not None else ():
        chips_of.setdefault(done.event, []).append(done.net_chips)
    texts: dict[int, str] = dict(known or {})
    locale = QLocale().name()  # amounts in the window's number format
    out: list[LogLine] = []
    previous_by = None
    for row in rows:
        text = row.text
        if row.kind == "input" and row.event is not None:
            queue = chips_of.get(row.event)
            text = _event_text(row.event, queue.pop(0) if queue else None, locale)
        elif row.kind == "input" and row.seq in texts:
            text = texts[row.seq]
        target = row.target_seq
        if row.kind == "undo" and target is not None and target in texts:
            # the input as it was shown, with its amount (the stored row names no chips)
            text = tr("Undo #{seq}: {input}").format(seq=target, input=texts[target])
        texts[row.seq] = text
        out.append(LogLine(row, text, row.by if row.by != previous_by else ""))
        previous_by = row.by
    return out

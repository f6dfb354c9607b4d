"""The hand report: one hand for print (settings, seats, every logged row with time and author,
undos and the void, showdown order, hand names, pots and the odd-chip ruling), as text or HTML."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from dealer_app.engine.events import Action
from dealer_app.engine.hand import Hand
from dealer_app.narration import award_lines, seat_label
from dealer_app.services.core.calls import CallResponse, CallService, response_line
from dealer_app.services.core.common import DEFAULT_CURRENCY
from dealer_app.services.core.fingerprint import hand_evidence
from dealer_app.services.core.types import (
    HandState,
    HandStatus,
)
from dealer_app.services.reports.common import describe, nobreak, rake_text, status_name
from dealer_app.services.reports.times import zone_label, zoned_time
from dealer_app.storage.database import Database
from dealer_app.storage.errors import NotFoundError
from dealer_app.storage.models import (
    GameTable,
    HandRow,
    Staff,
)
from dealer_app.text import thousands, tr
from dealer_app.words import action_name, event_text, hand_name, settings_text


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
            f"<tr><td>#{x.seq}</td><td>{nobreak(x.at)}</td><td>{esc(x.by)}</td>"
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
    (:func:`~dealer_app.services.core.fingerprint.hand_evidence`); ``generated_by``: who asks
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

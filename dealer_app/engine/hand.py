"""The hand state machine: every dealer input of one hand of Americana, checked by the rules.

Each input is an :class:`~dealer_app.engine.events.Event`. :meth:`Hand.check` says whether
the rules accept it (returning the :class:`RuleError` they raise, or None) and
:meth:`Hand.apply` applies it or raises, leaving the hand untouched; :attr:`Hand.applied`
keeps what each accepted input did (as PokerKit's ``state.operations``). The queries
(:meth:`Hand.allowed`, :meth:`Hand.next_input`, :meth:`Hand.legal_actions`,
:meth:`Hand.wager_range`, :meth:`Hand.pots`) tell what is allowed now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from operator import attrgetter, itemgetter
from typing import Any

from dealer_app.engine.allowed import Allowed, Applied, Phase
from dealer_app.engine.betting import BettingRound, WagerRange
from dealer_app.engine.cards import BY_TEXT as _CARDS
from dealer_app.engine.cards import Card, CardError, parse_card
from dealer_app.engine.errors import Code, Details, Reason, RuleError
from dealer_app.engine.evaluator import HandValue, board_key, describe_checked
from dealer_app.engine.events import Action, Event, EventError
from dealer_app.engine.limits import MAX_AMOUNT
from dealer_app.engine.pots import Pot, award_pots, build_pots, rake_amount
from dealer_app.engine.settings import SeatSpec, Settings, SettingsError
from dealer_app.engine.stacks import MIN_PLAYERS

Plan = Card | int | None
"""What a verified input needs to be applied (see :meth:`Hand._verify`)."""

Step = tuple[Event, Plan, Phase, int]
"""One applied input as the hand keeps it: the event, its plan, and the phase and street
after it — all :class:`Applied` needs, kept as a plain tuple so a replay stays fast."""

LAST_STREET = 4
"""Streets 1–4 deal the 2nd (with the hole card), 3rd, 4th and 5th cards (rules 5)."""


# Enum members as plain module names for the per-input paths: on Python 3.11 each
# ``Action.X`` or ``Phase.X`` goes through the enum metaclass's ``__getattr__`` hook (about
# 0.3 µs), which the replay of a log paid several times per input.
_ANTE, _DEAL_DOWN, _DEAL_UP = Action.ANTE, Action.DEAL_DOWN, Action.DEAL_UP
_SHOW, _MUCK, _BET, _RAISE = Action.SHOW, Action.MUCK, Action.BET, Action.RAISE
_ANTES, _DEAL, _BETTING = Phase.ANTES, Phase.DEAL, Phase.BETTING
_SHOWDOWN, _COMPLETE = Phase.SHOWDOWN, Phase.COMPLETE
_BETTING_ACTIONS = frozenset({Action.BRING_IN, _BET, _RAISE, Action.CALL, Action.CHECK,
                              Action.FOLD})

__all__ = ["Allowed", "Applied", "Expected", "Hand", "Phase", "ReplayError", "SeatState"]


@dataclass(frozen=True, slots=True)
class Expected:
    """The input expected next: the seat and the actions open to it, in record order."""

    seat: int
    actions: tuple[Action, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "actions": [a.value for a in self.actions]}


@dataclass(slots=True)
class SeatState:
    """One player's place in the hand. Read it; only the hand changes it."""

    seat: int
    player: str
    start_stack: int
    stack: int
    committed: int = 0
    """Chips in the middle: antes and bets of finished rounds."""
    bet: int = 0
    """Chips in front of the player in the current betting round."""
    anted: bool = False
    folded: bool = False
    mucked: bool = False
    shown: bool = False
    hole: Card | None = None
    up: tuple[Card, ...] = ()

    @property
    def all_in(self) -> bool:
        return self.anted and self.stack == 0 and not self.folded

    @property
    def can_bet(self) -> bool:
        """Still in the hand with chips behind."""
        return not self.folded and self.stack > 0

    @property
    def cards(self) -> tuple[Card, ...]:
        return ((self.hole,) if self.hole else ()) + self.up


_seat_of = attrgetter("seat")
_seat_fields = attrgetter(*(f.name for f in fields(SeatState)))
"""A seat's every field, in order: a copy of it by its constructor (a dealer's input
copies every seat; ``dataclasses.replace`` costs about five times as much)."""
_event_of = itemgetter(0)

_ROTATIONS: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}
""":func:`_clockwise_after` by seat order: at most the 57 orders of 2 to 6 of seats 1–6."""


def _clockwise_after(order: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """For each seat of ``order``, the seats clockwise after it, ending with itself."""
    found = _ROTATIONS.get(order)
    if found is None:
        found = _ROTATIONS[order] = {
            seat: order[i + 1:] + order[:i + 1] for i, seat in enumerate(order)}
    return found


def _err(code: Code, message: str, reason: Reason,
         details: Details | None = None) -> RuleError:
    return RuleError(code, message, reason, details)


class Hand:
    """One hand of Americana from the antes to the award."""

    def __init__(self, settings: Settings, seats: Sequence[SeatSpec]) -> None:
        specs = sorted(seats, key=_seat_of)
        if len(specs) < MIN_PLAYERS:
            raise SettingsError("a hand needs at least 2 players (rule 3.2)")
        order = tuple(map(_seat_of, specs))
        if len(set(order)) != len(specs):
            raise SettingsError("a seat is listed twice")
        for spec in specs:
            if spec.stack <= 0:
                raise SettingsError(f"seat {spec.seat} has no chips and cannot be dealt in")
        settings.check_stacks((s.seat, s.stack) for s in specs)
        total = sum(s.stack for s in specs)
        if total > MAX_AMOUNT:
            raise SettingsError(f"the stacks dealt in total {total:,}, more than the largest "
                                f"amount the app takes ({MAX_AMOUNT:,})")
        self.settings = settings
        self.specs: tuple[SeatSpec, ...] = tuple(specs)
        self.order: tuple[int, ...] = order
        """Seats clockwise from the dealer box."""
        self.clockwise_after = _clockwise_after(order)
        """For each seat, the seats clockwise after it, ending with itself (shared: read only)."""
        self.seats: dict[int, SeatState] = {
            s.seat: SeatState(s.seat, s.player, s.stack, s.stack) for s in specs}
        self.phase = _ANTES
        self.street = 0
        """The street being dealt or bet: 1 (hole and 2nd card) to 4 (5th card)."""
        self.round: BettingRound | None = None
        self.bring_in_seat: int | None = None
        self.first_to_act: dict[int, int] = {}
        self.showdown_order: list[int] | None = None
        self._showdown_done = 0
        """Seats of the showdown order that have shown or mucked: always its first ones, as
        only the seat due may (see :meth:`_verify_showdown`)."""
        self.shown_hands: dict[int, HandValue] = {}
        self.round1_opened = False
        self.last_aggressor_round4: int | None = None
        self.awarded: list[Pot] | None = None
        self.rake = 0
        self.used: set[Card] = set()
        self.deal_down_closed = False
        """Set by the first action of round 1: later hole cards come only with a show."""
        self._antes_due = len(specs)
        """Seats still to post the ante (each posts once: see :meth:`_verify`)."""
        self._cards_due = 0
        """While dealing: the street's up cards still to deal (set by :meth:`_open_street`), so
        that each card need not scan the seats for :meth:`expected_card_seat`."""
        self._steps: list[Step] = []
        """Every input applied, in order (see :attr:`applied`)."""
        self._applied: list[Applied] = []
        """:attr:`applied` as built so far: the first of ``_steps`` as frozen values."""
        self._uncalled: dict[int, tuple[int, int]] = {}
        """By the index of the input that closed a round: the seat given back the uncalled
        part of its bet, and the chips (see :meth:`_end_round`)."""
        self._allowed: Allowed | None = None
        """:meth:`allowed` until the next input (a frozen value: a copy may share it)."""

    # ------------------------------------------------------------------ construction
    @classmethod
    def replay(cls, settings: Settings, seats: Sequence[SeatSpec],
               events: Iterable[Event]) -> Hand:
        """A hand with ``events`` applied; raises :class:`ReplayError` at the first refusal."""
        hand = cls(settings, seats)
        execute, verify, accepted = hand._execute, hand._verify, hand._steps.append
        for index, event in enumerate(events):  # _apply, its lookups made once
            try:
                plan = verify(event)
                execute(event, plan)
            except RuleError as exc:
                raise ReplayError(index, exc, hand) from None
            accepted((event, plan, hand.phase, hand.street))
        return hand

    def copy(self) -> Hand:
        """An independent copy: applying events to it leaves this hand as it is (a cache can
        keep one hand and hand out copies). Much cheaper than a replay or a deepcopy."""
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new.seats = {seat: SeatState(*_seat_fields(st)) for seat, st in self.seats.items()}
        new.first_to_act = dict(self.first_to_act)
        new.showdown_order = None if self.showdown_order is None else list(self.showdown_order)
        new.shown_hands = dict(self.shown_hands)
        new.awarded = None if self.awarded is None else [
            replace(p, awards=dict(p.awards)) for p in self.awarded]
        new.used = set(self.used)
        new._steps = list(self._steps)
        new._applied = list(self._applied)
        new._uncalled = dict(self._uncalled)
        new.round = None if self.round is None else self.round.copy_for(new)
        return new

    @property
    def events(self) -> tuple[Event, ...]:
        """The accepted events, in order."""
        return tuple(map(_event_of, self._steps))

    @property
    def applied(self) -> tuple[Applied, ...]:
        """What each accepted input did, in order (as :meth:`apply` returned it): the card
        recorded, the chips it moved, the phase and street after it. Readers take the chips
        of an input from here rather than applying the events again."""
        built, steps = self._applied, self._steps
        if len(built) < len(steps):  # a replay keeps plain steps: make their values once
            phase = built[-1].phase if built else _ANTES
            for index, (event, plan, after, street) in enumerate(steps[len(built):],
                                                                 len(built)):
                if event.action is _ANTE:
                    # an ante is each seat's first move of chips (rule 4.1: no card and no
                    # bet before every ante is in), so it comes from the seat's start stack
                    chips = min(self.settings.ante, self.seats[event.seat].start_stack)
                else:
                    chips = plan if isinstance(plan, int) and not isinstance(plan, bool) else 0
                # a round closes only into a deal, the showdown or the award, never into
                # another round (a new round opens with a card)
                built.append(Applied(event, plan if isinstance(plan, Card) else None, chips,
                                     after, street, phase is _BETTING and after is not _BETTING,
                                     after is _COMPLETE, self._uncalled.get(index)))
                phase = after
        return tuple(built)

    @property
    def complete(self) -> bool:
        return self.phase is _COMPLETE

    @property
    def stacks(self) -> dict[int, int]:
        return {s: st.stack for s, st in self.seats.items()}

    @property
    def bets(self) -> dict[int, int]:
        return {s: st.bet for s, st in self.seats.items() if st.bet}

    @property
    def betting_round(self) -> int | None:
        """1–4 while a betting round is open."""
        return self.street if self.phase is Phase.BETTING else None

    def live_seats(self) -> list[int]:
        """Seats still in the hand (not folded, not mucked), clockwise."""
        return [s for s in self.order if not self.seats[s].folded and not self.seats[s].mucked]

    def _clockwise_from(self, seat: int) -> list[int]:
        after = self.clockwise_after[seat]
        return [seat, *after[:-1]]

    # ------------------------------------------------------------------ queries
    def check(self, event: Event) -> RuleError | None:
        """The error the rules raise for ``event`` now, or None if it would be accepted."""
        try:
            self._verify(event)
        except RuleError as exc:
            return exc
        return None

    def can(self, event: Event) -> bool:
        return self.check(event) is None

    def card_refusal(self, seat: int, action: Action) -> RuleError | None:
        """The error the rules raise now for a card ``action`` (``deal-up``, ``deal-down``,
        ``show``) to ``seat``, whatever card is typed, or None if a card not yet dealt would
        be accepted: what a window says when a seat is chosen for the next card.
        ``show`` gives the showdown's refusals (order, mucking rules), not a mismatch."""
        st = self.seats.get(seat)
        if st is None:
            raise EventError(f"seat {seat} is not in this hand")
        if action not in (_DEAL_UP, _DEAL_DOWN, _SHOW):
            raise EventError(f"{action.value} takes no card")
        if self.phase is _COMPLETE:
            return _err(Code.HAND_COMPLETE, "the hand is complete: the pots were awarded",
                        Reason.HAND_COMPLETE)
        try:
            if action is _SHOW:
                self._verify_showdown_seat(seat)
            else:
                self._verify_card_seat(seat, action, st)
        except RuleError as exc:
            return exc
        return None

    def next_input(self) -> Expected | None:
        """What the dealer must enter next (hand-record.md ``next``), None once complete."""
        if self.phase is Phase.ANTES:
            seat = next(s for s in self.order if not self.seats[s].anted)
            return Expected(seat, (Action.ANTE,))
        if self.phase is Phase.DEAL:
            card_seat = self.expected_card_seat()
            assert card_seat is not None
            return Expected(card_seat, (Action.DEAL_UP,))
        if self.phase is Phase.BETTING:
            assert self.round is not None
            seat = self.round.due
            return Expected(seat, self.legal_actions(seat))
        if self.phase is Phase.SHOWDOWN:
            seat = self._showdown_due()
            actions = (Action.SHOW, Action.MUCK) if self._may_muck(seat) else (Action.SHOW,)
            return Expected(seat, actions)
        return None

    def allowed(self) -> Allowed:
        """Everything the rules allow now, as one frozen value (for the dealer's window),
        worked out once per input however many readers ask."""
        if self._allowed is None:
            self._allowed = self._work_out_allowed()
        return self._allowed

    def _work_out_allowed(self) -> Allowed:
        nxt = self.next_input()
        holes = tuple(s for s in self.order if self.seats[s].hole is None
                      and not self.seats[s].folded) if self._hole_card_open() else ()
        base = Allowed(self.phase, self.street, nxt.seat if nxt else None,
                       nxt.actions if nxt else (), ante=self.settings.ante,
                       missing_antes=tuple(s for s in self.order if not self.seats[s].anted),
                       hole_card_seats=holes)
        if nxt is None:
            return base
        st = self.seats[nxt.seat]
        if self.phase is Phase.DEAL:
            cards = tuple(s for s in self.order if not self.seats[s].folded
                          and len(self.seats[s].up) < self.street)
            return replace(base, card_seats=cards, card_action=Action.DEAL_UP)
        if self.phase is Phase.BETTING:
            assert self.round is not None
            if self.round.bring_in_due:
                return replace(base, bring_in=min(self.settings.bring_in, st.stack),
                               wager=self.round.wager())
            to_call = max(min(self.round.current - st.bet, st.stack), 0)
            return replace(base, to_call=to_call, call_all_in=0 < to_call == st.stack,
                           wager=self.round.wager())
        if self.phase is Phase.SHOWDOWN:
            return replace(base, card_action=Action.SHOW, show_needs_card=st.hole is None)
        return base

    def expected_card_seat(self) -> int | None:
        """The first seat clockwise still missing this street's up card, while dealing."""
        if self.phase is not _DEAL:
            return None
        for s in self.order:
            st = self.seats[s]
            if not st.folded and len(st.up) < self.street:
                return s
        return None

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The betting actions open to ``seat`` now (empty unless it is due to bet)."""
        if self.phase is not Phase.BETTING or self.round is None or self.round.due != seat:
            return ()
        return self.round.actions()

    def wager_range(self) -> WagerRange | None:
        """Minimum and maximum ``to`` for a bet or raise by the seat due, if it may make one."""
        if self.phase is not Phase.BETTING or self.round is None:
            return None
        return self.round.wager_range()

    def pots(self) -> list[Pot]:
        """The pots: gathered chips while the hand runs, with winners once awarded."""
        if self.awarded is not None:
            return self.awarded
        # build_pots(committed, live_seats(), the live all-in), the three in one pass (the seats
        # dict is in clockwise order, as live_seats() is)
        committed: dict[int, int] = {}
        live: list[int] = []
        all_in: list[int] = []
        for s, st in self.seats.items():
            committed[s] = st.committed
            if not st.folded and not st.mucked:
                live.append(s)
                if st.stack == 0:
                    all_in.append(s)
        return build_pots(committed, live, all_in)

    def total_chips(self) -> int:
        """Stacks, bets, pots and rake: the same at every step (rule 10.5)."""
        in_pots = sum(p.amount for p in self.pots()) if self.awarded is None else 0
        return sum(st.stack + st.bet for st in self.seats.values()) + in_pots + self.rake

    def result(self) -> dict[str, Any]:
        """The replay summary of hand-record.md (``accepted`` .. ``hands``)."""
        nxt = self.next_input()
        return {
            "accepted": len(self._steps),
            "rejected": None,
            "complete": self.complete,
            "next": nxt.to_dict() if nxt else None,
            "bring_in": self.bring_in_seat,
            "first_to_act": {str(r): s for r, s in sorted(self.first_to_act.items())},
            "showdown_order": list(self.showdown_order) if self.showdown_order else None,
            "pots": [p.to_dict() for p in self.pots()],
            "bets": {str(s): b for s, b in sorted(self.bets.items())},
            "rake": self.rake,
            "stacks": {str(s): st.stack for s, st in sorted(self.seats.items())},
            "hands": {str(s): v.to_dict() for s, v in self.shown_hands.items()},
        }

    # ------------------------------------------------------------------ applying
    def apply(self, event: Event) -> Applied:
        """Applies one input and says what it did, or raises :class:`RuleError` and changes
        nothing."""
        plan = self._verify(event)
        if event.action is _ANTE:
            chips = min(self.settings.ante, self.seats[event.seat].stack)
        else:
            chips = plan if isinstance(plan, int) and not isinstance(plan, bool) else 0
        round_before = self.round
        self._execute(event, plan)
        done = Applied(event, plan if isinstance(plan, Card) else None, chips, self.phase,
                       self.street, round_before is not None and self.round is not round_before,
                       self.complete, self._uncalled.get(len(self._steps)))
        if len(self._applied) == len(self._steps):
            self._applied.append(done)
        self._steps.append((event, plan, self.phase, self.street))
        return done

    def _apply(self, event: Event) -> None:
        """:meth:`apply` without the report of what it did (a replay needs none)."""
        plan = self._verify(event)
        self._execute(event, plan)
        self._steps.append((event, plan, self.phase, self.street))

    def _verify(self, event: Event) -> Plan:
        """Raises the rules' error for ``event``, or returns what applying it needs: the
        parsed card of a deal or show, the chips a betting action moves, or None."""
        st = self.seats.get(event.seat)
        if st is None:
            raise EventError(f"seat {event.seat} is not in this hand")
        phase = self.phase
        if phase is _COMPLETE:
            raise _err(Code.HAND_COMPLETE, "the hand is complete: the pots were awarded",
                       Reason.HAND_COMPLETE)
        action = event.action
        # The commonest inputs first: a card dealt up, then a betting action of an open round.
        if action is _DEAL_UP:
            return self._verify_card(event, st)
        betting = self.round
        if betting is not None and phase is _BETTING and action in _BETTING_ACTIONS:
            return betting.verify(event)
        if action is _ANTE:
            if st.anted:
                raise _err(Code.ANTES_MISSING, f"seat {event.seat} has already posted the ante",
                           Reason.ANTE_ALREADY_POSTED, {"seat": event.seat})
            return None
        if action is _DEAL_DOWN:  # (a card dealt up was taken above)
            return self._verify_card(event, st)
        if action in (_SHOW, _MUCK):
            return self._verify_showdown(event)
        return self._verify_betting(event)

    def _execute(self, event: Event, plan: Plan) -> None:
        self._allowed = None
        action = event.action
        st = self.seats[event.seat]
        if action is _DEAL_UP:
            assert isinstance(plan, Card)
            st.up = (*st.up, plan)
            self.used.add(plan)
            self._cards_due -= 1
            if not self._cards_due:
                self._street_dealt()
        elif action is _ANTE:
            amount = min(self.settings.ante, st.stack)
            st.stack -= amount
            st.committed += amount
            st.anted = True
            self._antes_due -= 1
            if not self._antes_due:
                self.street = 1
                self._open_street()
        elif action is _DEAL_DOWN:
            assert isinstance(plan, Card)
            st.hole = plan
            self.used.add(plan)
        elif action in (_SHOW, _MUCK):
            assert plan is None or isinstance(plan, Card)
            self._execute_showdown(event, plan)
        else:
            assert self.round is not None
            if self.street == 1:
                self.deal_down_closed = True
            assert isinstance(plan, int)
            self.round.execute(event, plan)
            if self.street == LAST_STREET and action in (_BET, _RAISE):
                self.last_aggressor_round4 = event.seat
            if self.round.finished:
                self._end_round()

    # ------------------------------------------------------------------ cards
    def _parse_new_card(self, text: str | None, seat: int) -> Card:
        try:
            card = parse_card(text if text is not None else "")
        except CardError as exc:
            raise _err(Code.BAD_CARD, str(exc), exc.kind or Reason.CARD_NOT_TEXT,
                       exc.details) from None
        if card in self.used and card != self.seats[seat].hole:
            raise _err(Code.DUPLICATE_CARD, f"{card} is already dealt in this hand",
                       Reason.CARD_ALREADY_DEALT, {"card": str(card)})
        return card

    def _verify_card(self, event: Event, st: SeatState) -> Card:
        text = event.card
        card = _CARDS.get(text) if isinstance(text, str) else None  # parse_card's fast path
        if card is None:
            card = self._parse_new_card(text, event.seat)
        # _parse_new_card's check of a card already dealt, and the seat's own hole card
        if card in self.used or (st.hole is not None and card == st.hole):
            raise _err(Code.DUPLICATE_CARD, f"{card} is already dealt in this hand",
                       Reason.CARD_ALREADY_DEALT, {"card": str(card)})
        self._verify_card_seat(event.seat, event.action, st)
        return card

    def _verify_card_seat(self, seat: int, action: Action, st: SeatState) -> None:
        """The rules for a card dealt to ``seat`` now, whatever the card (after its own
        checks: bad-card, duplicate-card)."""
        if self.phase is _ANTES:
            missing = [s for s in self.order if not self.seats[s].anted]
            raise _err(Code.ANTES_MISSING, "no card before every ante is in: seat "
                       + ", ".join(map(str, missing)) + " still to ante (rule 4.1)",
                       Reason.ANTES_MISSING, {"seats": ", ".join(map(str, missing)),
                                              "rule": "4.1"})
        if st.folded:
            raise _err(Code.WRONG_STREET, f"seat {seat} has folded",
                       Reason.CARD_TO_FOLDED_SEAT, {"seat": seat})
        if action is _DEAL_DOWN:
            if st.hole is not None:
                raise _err(Code.WRONG_STREET, f"seat {seat} already has its hole card",
                           Reason.HOLE_CARD_ALREADY_DEALT, {"seat": seat})
            if not self._hole_card_open():
                raise _err(Code.WRONG_STREET, "too late for a hole card: record it when "
                           "the player shows it (rule 5.3)", Reason.HOLE_CARD_TOO_LATE,
                           {"seat": seat, "rule": "5.3"})
            return
        if self.phase is not _DEAL:
            what = ("the betting round is still open" if self.phase is Phase.BETTING
                    else "all cards are dealt")
            raise _err(Code.WRONG_STREET, f"no up card now: {what} (rule 5.3)",
                       Reason.NO_UP_CARD_BETTING_OPEN if self.phase is Phase.BETTING
                       else Reason.NO_UP_CARD_ALL_DEALT, {"rule": "5.3"})
        if len(st.up) >= self.street:
            raise _err(Code.WRONG_STREET,
                       f"seat {seat} already has its card for this street (rule 5.5)",
                       Reason.STREET_CARD_ALREADY_DEALT, {"seat": seat, "rule": "5.5"})

    def _hole_card_open(self) -> bool:
        if self.deal_down_closed:
            return False
        if self.phase is _DEAL and self.street == 1:
            return True
        if self.phase is _BETTING and self.street == 1:
            return True  # closed by the first action of round 1
        if self.phase is _DEAL and self.street == 2 and not self.round1_opened:
            return not any(len(self.seats[s].up) >= 2 for s in self.order)
        return False

    def _street_dealt(self) -> None:
        """Every up card of the street is in: open its betting round, or deal on (rule 5.4)."""
        seats = self.seats
        able = [st for st in map(seats.__getitem__, self.order)
                if not st.folded and st.stack > 0]  # SeatState.can_bet, without the property
        if len(able) >= 2:
            self.phase = _BETTING
            # The first of the best clockwise (a strict > keeps the earlier of equal boards,
            # rule 8.2), in a plain loop: max() with a key lambda cost more than the keys.
            best = able[0]
            if self.street == 1:
                self.round1_opened = True
                top = best.up[0].bring_in_order
                for st in able[1:]:
                    order = st.up[0].bring_in_order
                    if order > top:
                        best, top = st, order
                self.bring_in_seat = best.seat
                self.round = BettingRound(self, 1, best.seat, bring_in=True)
            else:
                key = board_key(best.up)
                for st in able[1:]:
                    board = board_key(st.up)
                    if board > key:
                        best, key = st, board
                self.round = BettingRound(self, self.street, best.seat)
            self.first_to_act[self.street] = best.seat
            return
        self._next_street()

    def _open_street(self) -> None:
        """Deals ``self.street``: its up cards go to the seats not folded (rule 5.4)."""
        self.phase = _DEAL
        street, due = self.street, 0
        for st in self.seats.values():
            if not st.folded and len(st.up) < street:
                due += 1
        self._cards_due = due

    def _next_street(self) -> None:
        self.round = None
        if self.street < LAST_STREET:
            self.street += 1
            self._open_street()
        else:
            self._open_showdown()

    # ------------------------------------------------------------------ betting
    def _verify_betting(self, event: Event) -> int:
        if self.phase is not _BETTING or self.round is None:
            where = {Phase.ANTES: "antes are being posted", Phase.DEAL: "cards are being dealt",
                     Phase.SHOWDOWN: "it is the showdown"}[self.phase]
            raise _err(Code.OUT_OF_TURN, f"no betting now: {where}",
                       {Phase.ANTES: Reason.NO_BETTING_ANTES,
                        Phase.DEAL: Reason.NO_BETTING_DEALING,
                        Phase.SHOWDOWN: Reason.NO_BETTING_SHOWDOWN}[self.phase])
        return self.round.verify(event)

    def _end_round(self) -> None:
        """Returns the uncalled part of the top bet, gathers the bets, and moves on."""
        # One pass rather than a sort: gathers every bet, finds the top bet and the second
        # (0 if alone), and counts the live seats; then the uncalled part goes back.
        top = second = 0
        top_st: SeatState | None = None
        live = 0
        for st in self.seats.values():
            bet = st.bet
            if bet > top:
                top, second, top_st = bet, top, st
            elif bet > second:
                second = bet
            if not st.folded and not st.mucked:
                live += 1
            st.committed += bet
            st.bet = 0
        if top_st is not None and top > second:
            top_st.committed -= top - second
            top_st.stack += top - second
            self._uncalled[len(self._steps)] = (top_st.seat, top - second)  # (the input's index)
        self.round = None
        if live == 1:
            self._award()
            return
        self._next_street()

    # ------------------------------------------------------------------ showdown
    def _open_showdown(self) -> None:
        self.phase = _SHOWDOWN
        live = self.live_seats()
        first = self.last_aggressor_round4
        if first is None or first not in live:
            first = live[0]
        self.showdown_order = [s for s in self._clockwise_from(first) if s in live]

    def _showdown_due(self) -> int:
        """The first seat of the showdown order that has neither shown nor mucked."""
        assert self.showdown_order is not None
        return self.showdown_order[self._showdown_done]

    def _may_muck(self, seat: int) -> bool:
        assert self.showdown_order is not None
        if seat == self.showdown_order[0]:
            return False
        return not any(self.seats[s].stack == 0 for s in self.showdown_order)

    def _verify_showdown(self, event: Event) -> Card | None:
        st = self.seats[event.seat]
        card: Card | None = None
        if event.action is _SHOW and event.card is not None:
            card = self._parse_new_card(event.card, event.seat)
        self._verify_showdown_seat(event.seat)
        if event.action is _MUCK and not self._may_muck(event.seat):
            why = ("it shows first" if event.seat == self.showdown_order_first()
                   else "a player is all-in, so every hand is shown")
            raise _err(Code.SHOWDOWN_ORDER, f"seat {event.seat} may not muck: {why} (rule 9.3)",
                       Reason.MAY_NOT_MUCK_FIRST if event.seat == self.showdown_order_first()
                       else Reason.MAY_NOT_MUCK_ALL_IN, {"seat": event.seat, "rule": "9.3"})
        if event.action is _SHOW and event.card is None and st.hole is None:
            # after the order (hand-record.md's precedence list): only the seat due is told
            raise _err(Code.BAD_CARD, f"seat {event.seat} must show its hole card: "
                       "enter it (it was not recorded at the deal)",
                       Reason.HOLE_CARD_NOT_RECORDED, {"seat": event.seat})
        if card is not None and st.hole is not None and card != st.hole:
            raise _err(Code.HOLE_CARD_MISMATCH,
                       f"seat {event.seat} shows {card} but {st.hole} was recorded as its hole "
                       "card at the deal: call the floor supervisor (rule 9.5)",
                       Reason.HOLE_CARD_MISMATCH, {"seat": event.seat, "card": str(card),
                                                   "hole": str(st.hole), "rule": "9.5"})
        return card

    def _verify_showdown_seat(self, seat: int) -> None:
        """The showdown is on and ``seat`` is due to show or muck (rule 9.2)."""
        if self.phase is not _SHOWDOWN:
            raise _err(Code.OUT_OF_TURN, "no showdown yet: the hand is still being played",
                       Reason.NO_SHOWDOWN_YET)
        due = self._showdown_due()
        if seat != due:
            raise _err(Code.SHOWDOWN_ORDER,
                       f"seat {due} must show or muck before seat {seat} (rule 9.2)",
                       Reason.SHOWDOWN_NOT_YOUR_TURN,
                       {"due": due, "seat": seat, "rule": "9.2"})

    def showdown_order_first(self) -> int | None:
        return self.showdown_order[0] if self.showdown_order else None

    def _execute_showdown(self, event: Event, card: Card | None) -> None:
        st = self.seats[event.seat]
        if event.action is _MUCK:
            st.mucked = True
        else:
            if card is not None:
                st.hole = card
                self.used.add(card)
            st.shown = True
            # A show needs the hole card (see _verify_showdown), and no card is dealt twice:
            # five distinct cards, so describe()'s checks are not needed.
            assert st.hole is not None
            self.shown_hands[event.seat] = describe_checked((st.hole, *st.up))
        self._showdown_done += 1
        if self._showdown_done == len(self.showdown_order or ()):
            self._award()

    # ------------------------------------------------------------------ award
    def _award(self) -> None:
        pots = self.pots()
        total = sum(p.amount for p in pots)
        self.rake = rake_amount(self.settings, total)
        # describe() evaluated each shown hand's five cards, which no input changes after
        strength = {s: value.strength for s, value in self.shown_hands.items()}

        def best(eligible: Sequence[int]) -> list[int]:
            if len(eligible) == 1:
                return list(eligible)
            top = max(strength[s] for s in eligible)
            return [s for s in eligible if strength[s] == top]

        award_pots(pots, self.rake, self.settings.chip_unit, best)
        for pot in pots:
            for s, amount in pot.awards.items():
                self.seats[s].stack += amount
        self.awarded = pots
        self.phase = _COMPLETE
        self.round = None


class ReplayError(RuleError):
    """A refused event during a replay: ``index`` into the events, and the hand before it."""

    def __init__(self, index: int, error: RuleError, hand: Hand) -> None:
        super().__init__(error.code, error.message, error.reason, error.details)
        self.index = index
        self.hand = hand


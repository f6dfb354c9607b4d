"""One betting round: whose turn it is, what they may do, and the amounts (rules 6–8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from dealer_app.engine.errors import Code, Reason, RuleError
from dealer_app.engine.events import Action, Event
from dealer_app.engine.limits import MAX_AMOUNT, too_large
from dealer_app.engine.settings import Settings, Structure


class SeatState(Protocol):
    """What a round reads and moves of a seat (the hand's ``SeatState``)."""

    stack: int
    bet: int
    committed: int
    folded: bool


class Hand(Protocol):
    """What a round reads of the hand that owns it (``engine.hand.Hand``: the hand imports
    the round, never the other way)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def seats(self) -> Mapping[int, SeatState]: ...

    @property
    def clockwise_after(self) -> Mapping[int, tuple[int, ...]]: ...

# Plain module names for enum members on the per-input paths (see hand.py).
_BRING_IN, _BET, _RAISE = Action.BRING_IN, Action.BET, Action.RAISE
_CALL, _CHECK, _FOLD = Action.CALL, Action.CHECK, Action.FOLD
_FIXED_LIMIT, _POT_LIMIT = Structure.FIXED_LIMIT, Structure.POT_LIMIT


@dataclass(frozen=True, slots=True)
class WagerRange:
    """The ``to`` amounts open to the seat due for a bet or raise.

    ``min_to`` may exceed what the stack covers only when ``all_in_to`` is below it: then the
    only bet is all-in. ``pot_to`` is a pot-size bet (capped by the stack), for quick choice.
    """

    min_to: int
    max_to: int
    all_in_to: int
    pot_to: int
    call_amount: int

    def allows(self, to: int) -> bool:
        return self.min_to <= to <= self.max_to or to == self.all_in_to <= self.max_to


@dataclass(frozen=True, slots=True)
class Wager:
    """A bet or raise open to the seat due: its amounts and the rules' check of a ``to``.

    ``default_to`` is the amount to offer first (the minimum, or all-in when the stack does
    not cover it); ``single`` says there is only one amount (fixed limit, or all-in only);
    ``pot_sizing`` says a pot-size choice applies (pot and no limit).
    """

    seat: int
    action: Action
    """``bet`` (no bet to face, or opening instead of the bring-in) or ``raise``."""
    min_to: int
    max_to: int
    all_in_to: int
    pot_to: int
    current: int
    """The wager to beat (0 before any bet)."""
    chip_unit: int
    fixed: bool
    pot_sizing: bool

    @property
    def default_to(self) -> int:
        return min(self.min_to, self.all_in_to)

    @property
    def single(self) -> bool:
        return self.min_to >= self.max_to

    @property
    def pot_choice(self) -> int | None:
        """The pot-size quick choice, within the limit (pot and no limit), else None."""
        return min(self.pot_to, self.max_to) if self.pot_sizing else None

    @property
    def all_in_choice(self) -> int | None:
        """The all-in quick choice, when the limit reaches the stack, else None."""
        return self.all_in_to if self.all_in_to <= self.max_to else None

    def error(self, to: int) -> str | None:
        """Why the rules refuse ``to`` (``bad-amount``), or None when they accept it."""
        refusal = self.refusal(to)
        return refusal.message if refusal is not None else None

    def refusal(self, to: int) -> RuleError | None:
        """The rules' ``bad-amount`` refusal of ``to``, or None when they accept it."""
        return _refusal(self.seat, self.action, to, self.min_to, self.max_to, self.all_in_to,
                        self.current, self.chip_unit, self.fixed)

    def allows(self, to: int) -> bool:
        """The rules accept ``to``, chip unit included."""
        return self.refusal(to) is None


def _refusal(seat: int, action: Action, to: int, min_to: int, max_to: int, all_in_to: int,
             current: int, unit: int, fixed: bool) -> RuleError | None:
    """:meth:`Wager.refusal` of its fields, for the verify of a bet or raise without
    building the (frozen, so slower to make) Wager and WagerRange."""
    what = "bet" if action is _BET else "raise"
    if to <= 0:
        return RuleError(Code.BAD_AMOUNT, f"a {what} must be to a positive amount, not {to}",
                         Reason.NOT_POSITIVE, {"action": what, "to": to})
    if to > MAX_AMOUNT:
        return RuleError(Code.BAD_AMOUNT, too_large(f"a {what} to", to), Reason.TOO_LARGE,
                         {"action": what, "to": to, "maximum": MAX_AMOUNT})
    if to > max_to and max_to < all_in_to:  # the limit binds before the stack does
        return _above_limit(what, to, max_to, fixed)
    if to > all_in_to:
        return RuleError(Code.BAD_AMOUNT,
                         f"{what} to {to} is more than seat {seat} has: all-in is "
                         f"{all_in_to} (rule 7.6)", Reason.OVER_STACK,
                         {"action": what, "to": to, "seat": seat,
                          "all_in": all_in_to, "rule": "7.6"})
    if to % unit and to != all_in_to:
        return RuleError(Code.BAD_AMOUNT,
                         f"{to} is not a multiple of the chip unit {unit} (rule 3.3)",
                         Reason.NOT_CHIP_MULTIPLE,
                         {"action": what, "to": to, "unit": unit, "rule": "3.3"})
    if to <= current:
        return RuleError(Code.BAD_AMOUNT, f"a raise must be to more than {current}",
                         Reason.NOT_ABOVE_CURRENT, {"action": what, "bet": current})
    if to > max_to:
        return _above_limit(what, to, max_to, fixed)
    if to < min_to and to != all_in_to:
        if fixed:
            return RuleError(Code.BAD_AMOUNT, f"in fixed limit this {what} is to exactly "
                             f"{min_to} (rule 7.1)", Reason.FIXED_LIMIT_EXACT,
                             {"action": what, "amount": min_to, "rule": "7.1"})
        return RuleError(Code.BAD_AMOUNT,
                         f"{what} to {to} is below the minimum {min_to} (rule 7.4)",
                         Reason.BELOW_MINIMUM,
                         {"action": what, "to": to, "minimum": min_to, "rule": "7.4"})
    return None


def _above_limit(what: str, to: int, max_to: int, fixed: bool) -> RuleError:
    """``to`` is above the pot limit (or the fixed-limit amount): at most ``max_to``."""
    limit = "the pot limit" if not fixed else "the fixed-limit amount"
    return RuleError(Code.BAD_AMOUNT,
                     f"{what} to {to} is above {limit}: at most {max_to} (rule 7)",
                     Reason.ABOVE_FIXED_LIMIT if fixed else Reason.ABOVE_POT_LIMIT,
                     {"action": what, "to": to, "maximum": max_to, "rule": "7"})


class BettingRound:
    """The state of betting round 1–4. The hand owns it and applies what it verified."""

    def __init__(self, hand: Hand, number: int, first: int, *, bring_in: bool = False) -> None:
        self.hand = hand
        self.settings = hand.settings
        self.number = number
        self.first = first
        self.due = first
        self.bring_in_due = bring_in
        self.current = 0
        """The wager every player must match (after a bring-in, at least the full bring-in)."""
        self.min_increment = self.settings.bring_in
        """The largest full bet or raise so far, never below the bring-in (rule 7.4)."""
        self.full_wagers = 0
        """Full bets and raises so far (the bring-in counts as the bet), for the cap."""
        self.full_seq = 0
        self.acted_level: dict[int, int] = {}
        self.acted_seq: dict[int, int] = {}
        self.finished = False
        self.fixed = self.settings.structure is _FIXED_LIMIT
        """Fixed limit (rule 7.1): the settings are frozen, so this is kept, not re-read."""

    def copy_for(self, hand: Hand) -> BettingRound:
        """This round's state, owned by ``hand`` (a copy of the hand that owns this one)."""
        new = object.__new__(BettingRound)
        new.__dict__.update(self.__dict__)
        new.hand = hand
        new.acted_level = dict(self.acted_level)
        new.acted_seq = dict(self.acted_seq)
        return new

    # ------------------------------------------------------------------ helpers
    def _seat(self, seat: int) -> SeatState:
        return self.hand.seats[seat]

    def _opponents_all_in(self, seat: int) -> bool:
        return all(st.stack == 0 for s, st in self.hand.seats.items()
                   if s != seat and not st.folded)

    def _reopened(self, seat: int) -> bool:
        if seat not in self.acted_level:
            return True
        if self.fixed:
            return self.full_seq > self.acted_seq[seat]
        return self.current - self.acted_level[seat] >= self.min_increment

    def _capped(self) -> bool:
        return self.fixed and self.full_wagers >= 1 + self.settings.raise_cap

    def _may_fold(self, seat: int) -> bool:
        st = self._seat(seat)
        return not (self.current - st.bet == 0 and self._opponents_all_in(seat))

    def _may_raise(self, seat: int) -> bool:
        st = self._seat(seat)
        return (self.current > 0 and st.stack > self.current - st.bet
                and not self._opponents_all_in(seat) and not self._capped()
                and self._reopened(seat))

    def _may_bet(self, seat: int) -> bool:
        return self.current == 0 and not self._opponents_all_in(seat)

    # ------------------------------------------------------------------ queries
    def actions(self) -> tuple[Action, ...]:
        """The actions open to the seat due, in record order."""
        seat = self.due
        st = self._seat(seat)
        if self.bring_in_due:
            if not self.fixed and st.stack > self.settings.bring_in:
                return (_BRING_IN, _BET)
            return (_BRING_IN,)
        out: list[Action] = []
        if self._may_bet(seat):
            out.append(_BET)
        if self._may_raise(seat):
            out.append(_RAISE)
        to_call = self.current - st.bet
        out.append(_CALL if to_call > 0 else _CHECK)
        if self._may_fold(seat):
            out.append(_FOLD)
        return tuple(out)

    def wager_range(self) -> WagerRange | None:
        """Amounts for a bet or raise by the seat due, or None if it may make neither."""
        seat = self.due
        st = self._seat(seat)
        acts = self.actions()
        if _BET not in acts and _RAISE not in acts:
            return None
        return self._range(st)

    def _range(self, st: SeatState) -> WagerRange:
        min_to, max_to, all_in = self._limits(st)
        call_amount = min(self.current - st.bet, st.stack)
        pot_to = min_to if self.fixed else min(self.current + self._pot_after_call(st), all_in)
        return WagerRange(min_to, max_to, all_in, pot_to, call_amount)

    def _limits(self, st: SeatState) -> tuple[int, int, int]:
        """``min_to``, ``max_to`` and ``all_in_to`` of :meth:`_range`."""
        s = self.settings
        current = self.current
        all_in = st.bet + st.stack
        if self.fixed:
            lo = min(current + s.fixed_bet(self.number), all_in)
            return lo, lo, all_in
        lo = s.bring_in if current == 0 else current + self.min_increment
        if s.structure is _POT_LIMIT:
            hi = min(max(current + self._pot_after_call(st), lo), all_in)
        else:
            hi = all_in
        return min(lo, all_in), hi, all_in

    def _pot_after_call(self, st: SeatState) -> int:
        """The chips in the middle and in front of the players once ``st`` has called."""
        return (sum(p.committed + p.bet for p in self.hand.seats.values())
                + (self.current - st.bet))

    # ------------------------------------------------------------------ verify
    def verify(self, event: Event) -> int:
        """Checks a betting action; returns the chips it moves from the stack to the bet."""
        seat, action = event.seat, event.action
        st = self.hand.seats[seat]
        if self.bring_in_due:
            return self._verify_bring_in(event, st)
        if st.folded:
            raise RuleError(Code.ILLEGAL_ACTION, f"seat {seat} has folded (rule 7.6)",
                            Reason.SEAT_FOLDED, {"seat": seat, "rule": "7.6"})
        if st.stack == 0:
            raise RuleError(Code.ILLEGAL_ACTION, f"seat {seat} is all-in (rule 7.6)",
                            Reason.SEAT_ALL_IN, {"seat": seat, "rule": "7.6"})
        if seat != self.due:
            raise RuleError(Code.OUT_OF_TURN, f"seat {self.due} is due to act, not seat {seat}",
                            Reason.NOT_YOUR_TURN, {"due": self.due, "seat": seat})
        to_call = self.current - st.bet
        if action is _BRING_IN:
            raise RuleError(Code.WRONG_BRING_IN, "the bring-in was already posted"
                            if self.number == 1 else f"there is no bring-in in round "
                            f"{self.number}", Reason.BRING_IN_ALREADY_POSTED
                            if self.number == 1 else Reason.NO_BRING_IN_THIS_ROUND,
                            {"round": self.number})
        if action is _CALL:
            if to_call <= 0:
                raise RuleError(Code.ILLEGAL_ACTION, "there is no bet to call: check (or bet)",
                                Reason.NO_BET_TO_CALL)
            return min(to_call, st.stack)
        if action is _CHECK:
            if to_call > 0:
                raise RuleError(Code.ILLEGAL_ACTION,
                                f"seat {seat} faces a bet of {self.current}: call, raise or "
                                "fold (rule 7.6)", Reason.FACING_BET,
                                {"seat": seat, "bet": self.current, "rule": "7.6"})
            return 0
        if action is _FOLD:
            if not self._may_fold(seat):
                raise RuleError(Code.ILLEGAL_ACTION, "every other player is all-in and no bet "
                                "faces this seat: it checks (rule 7.7)",
                                Reason.MAY_NOT_FOLD, {"seat": seat, "rule": "7.7"})
            return 0
        if self._opponents_all_in(seat):
            raise RuleError(Code.ILLEGAL_ACTION, "every opponent is all-in: nobody may bet or "
                            "raise (rule 7.8)", Reason.OPPONENTS_ALL_IN,
                            {"seat": seat, "rule": "7.8"})
        if action is _BET:
            if self.current > 0:
                raise RuleError(Code.ILLEGAL_ACTION,
                                f"there is already a bet of {self.current}: raise or call",
                                Reason.ALREADY_A_BET, {"bet": self.current})
        else:  # raise
            if self.current == 0:
                raise RuleError(Code.ILLEGAL_ACTION, "there is no bet to raise: bet instead",
                                Reason.NO_BET_TO_RAISE)
            if self._capped():
                raise RuleError(Code.ILLEGAL_ACTION,
                                f"the raise cap is reached: {self.settings.raise_cap} raises "
                                "(rule 7.1)", Reason.RAISE_CAP_REACHED,
                                {"cap": self.settings.raise_cap, "rule": "7.1"})
            if not self._reopened(seat):
                raise RuleError(Code.ILLEGAL_ACTION, "the betting was not reopened by a full "
                                "raise: seat may only call or fold (rule 7.5)",
                                Reason.NOT_REOPENED, {"seat": seat, "rule": "7.5"})
            if st.stack <= to_call:
                raise RuleError(Code.ILLEGAL_ACTION, f"seat {seat} can only call all-in",
                                Reason.ONLY_CALL_ALL_IN, {"seat": seat})
        return self._verify_amount(event, st)

    def _verify_bring_in(self, event: Event, st: SeatState) -> int:
        due = self.due
        if event.seat != due:
            raise RuleError(Code.WRONG_BRING_IN,
                            f"seat {due} must bring in first (rule 6.1), not seat {event.seat}",
                            Reason.BRING_IN_FIRST, {"due": due, "seat": event.seat, "rule": "6.1"})
        bring_in = self.settings.bring_in
        if event.action is _BRING_IN:
            return min(bring_in, st.stack)
        if event.action is _BET:
            if st.stack <= bring_in and event.to == st.stack:
                return st.stack  # all they have, as the bring-in (rule 6.3)
            if not self.fixed:
                return self._verify_amount(event, st)
            raise RuleError(Code.WRONG_BRING_IN,
                            f"in fixed limit the bring-in is {bring_in}: no opening bet "
                            "(rule 6.2)", Reason.NO_OPENING_BET_FIXED_LIMIT,
                            {"bring_in": bring_in, "rule": "6.2"})
        raise RuleError(Code.WRONG_BRING_IN,
                        f"seat {due} must bring in {bring_in} first (rule 6.4)",
                        Reason.MUST_BRING_IN, {"due": due, "bring_in": bring_in, "rule": "6.4"})

    def wager(self) -> Wager | None:
        """The bet or raise open to the seat due (amounts and check), or None."""
        acts = self.actions()
        if _BET in acts:
            action = _BET
        elif _RAISE in acts:
            action = _RAISE
        else:
            return None
        return self._wager(self.due, action)

    def _wager(self, seat: int, action: Action) -> Wager:
        st = self._seat(seat)
        rng = self._range(st)
        return Wager(seat, action, rng.min_to, rng.max_to, rng.all_in_to, rng.pot_to,
                     self.current, self.settings.chip_unit, self.fixed, not self.fixed)

    def _verify_amount(self, event: Event, st: SeatState) -> int:
        to = event.to
        assert to is not None
        # self._wager(event.seat, event.action).refusal(to), without building the Wager
        min_to, max_to, all_in = self._limits(st)
        refusal = _refusal(event.seat, event.action, to, min_to, max_to, all_in, self.current,
                           self.settings.chip_unit, self.fixed)
        if refusal is not None:
            raise refusal
        return to - st.bet

    # ------------------------------------------------------------------ execute
    def execute(self, event: Event, amount: int) -> None:
        """Applies a verified betting action moving ``amount`` chips from stack to bet."""
        seat, action = event.seat, event.action
        st = self.hand.seats[seat]
        st.stack -= amount
        st.bet += amount
        s = self.settings
        if self.bring_in_due:
            self.bring_in_due = False
            self.full_wagers = 1
            self.full_seq = 1
            self.current = max(s.bring_in, st.bet)
            self.min_increment = max(s.bring_in, st.bet)
        elif action is _FOLD:
            st.folded = True
            # Only a fold can leave one player in: the round opens with two or more.
            if [x.folded for x in self.hand.seats.values()].count(False) <= 1:
                self.acted_level[seat] = self.current
                self.acted_seq[seat] = self.full_seq
                self.finished = True
                return
        elif action in (_BET, _RAISE):
            increment = st.bet - self.current
            if self._is_full(increment, st.stack == 0):
                self.full_wagers += 1
                self.full_seq += 1
                self.min_increment = max(self.min_increment, increment)
            self.current = st.bet
        self.acted_level[seat] = self.current
        self.acted_seq[seat] = self.full_seq
        self._advance(seat)

    def _is_full(self, increment: int, all_in: bool) -> bool:
        if self.fixed:
            bet = self.settings.fixed_bet(self.number)
            return not all_in or 2 * increment >= bet
        minimum = self.settings.bring_in if self.current == 0 else self.min_increment
        return increment >= minimum

    def _advance(self, after: int) -> None:
        """The next seat due after ``after``, or the round finished (one player left is
        checked by :meth:`execute` on a fold)."""
        seats = self.hand.seats
        acted, current = self.acted_level, self.current
        for seat in self.hand.clockwise_after[after]:
            st = seats[seat]
            if st.folded or st.stack == 0:
                continue
            if st.bet < current or seat not in acted:
                self.due = seat
                return
        self.finished = True

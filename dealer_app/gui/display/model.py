"""What the players' screen shows, as plain values (no Qt): the public side of the table.

Never a hole card before its player shows it at the showdown (a mucked or folded hand's
hole card is never shown), nothing of the dealer's side panel (no log, no NEXT line, no
prompts): only what the players could see on the felt, and the result."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app import words
from dealer_app.engine.events import Action, Event
from dealer_app.engine.hand import Hand, Phase
from dealer_app.engine.settings import SEATS
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.wording.prompts import stage_text
from dealer_app.narration import player_name, pot_title, screen_award_lines
from dealer_app.services.core.types import HandStatus
from dealer_app.services.floor import LiveTable, pot_of, stage_of
from dealer_app.text import tr


@dataclass(frozen=True, slots=True)
class PublicSeat:
    seat: int
    player: str
    stack: int
    up: tuple[str, ...] = ()
    """The up cards, in the order dealt (``As``...)."""
    hole: str | None = None
    """The hole card once its player showed it; else None."""
    face_down: bool = False
    """A hole card lies face down in front of the player."""
    bet: int = 0
    folded: bool = False
    """Out of the hand: folded, or mucked at the showdown (see ``mucked``)."""
    mucked: bool = False
    """The hand was mucked at the showdown (its hole card never shown)."""
    all_in: bool = False
    to_act: bool = False
    hand_name: str = ""
    """The shown hand's name (``Full house, aces over kings``)."""
    won: int = 0

    @property
    def occupied(self) -> bool:
        return bool(self.player)


@dataclass(frozen=True, slots=True)
class PublicView:
    table: str
    stakes: str
    hand_number: int | None
    street: str
    seats: tuple[PublicSeat, ...]
    pots: tuple[tuple[str, int], ...]
    """(``Main pot`` / ``Side pot 1``, amount) while the hand runs or as awarded."""
    pot_total: int
    turn: str
    """``Ann to act`` or empty."""
    last_action: str
    result: tuple[str, ...]
    """At the end: the winning hand named and each pot's split (odd chip included)."""
    closed: bool = False
    """The table has no open session."""


def action_text(hand: Hand, event: Event) -> str:
    """An input as the players may hear it: never the card of a hole card dealt down."""
    who = player_name(hand, event.seat)
    act = event.action
    if act is Action.DEAL_UP:
        return tr("{who} is dealt {card}").format(who=who, card=event.card)
    if act is Action.SHOW:
        value = hand.shown_hands.get(event.seat)
        st = hand.seats[event.seat]
        if st.hole is not None:
            text = tr("{who} shows {hand}").format(who=who, hand=st.hole)
        else:
            text = tr("{who} shows").format(who=who)
        return f"{text}: {words.hand_value_text(value)}" if value else text
    chips = event.to
    if act is Action.CALL:
        chips = hand.seats[event.seat].bet or None
    elif act is Action.ANTE:  # antes come first: what the seat put in is its ante
        chips = hand.seats[event.seat].committed or None
    template = words.INPUT_AMOUNTS.get(act)
    if chips is None or template is None:  # no amount, or an input moving none (a fold)
        return tr(words.INPUT_VERBS[act]).format(who=who)
    return tr(template).format(who=who, amount=amount(chips))


def public_view(live: LiveTable) -> PublicView:
    """The players' view of ``live``."""
    state = live.hand
    hand = state.hand if state is not None else None
    void = state is not None and state.status is HandStatus.VOID
    if void:
        hand = None
    seats = []
    due = None
    if hand is not None:
        expected = hand.next_input()
        due = expected.seat if expected is not None else None
    awards: dict[int, int] = {}
    if hand is not None and hand.complete:
        for pot in hand.pots():
            for s, amount in pot.awards.items():
                awards[s] = awards.get(s, 0) + amount
    for n in SEATS:
        info = live.seats.get(n)
        st = hand.seats.get(n) if hand is not None else None
        if st is not None and hand is not None:
            shown = st.shown and st.hole is not None and not st.mucked
            out = st.folded or st.mucked
            down = (st.hole is not None or bool(st.up)) and not shown and not out
            seats.append(PublicSeat(
                seat=n, player=st.player,
                stack=st.stack if not hand.complete or info is None else info.stack,
                up=() if out else tuple(str(c) for c in st.up),
                hole=str(st.hole) if shown else None, face_down=down, bet=st.bet,
                folded=out, mucked=st.mucked, all_in=st.all_in and not hand.complete,
                to_act=due == n and hand.phase is not Phase.DEAL,
                hand_name=(words.hand_value_text(hand.shown_hands[n])
                           if n in hand.shown_hands else ""),
                won=awards.get(n, 0)))
        elif info is not None:
            seats.append(PublicSeat(seat=n, player=info.player, stack=info.stack))
        else:
            seats.append(PublicSeat(seat=n, player="", stack=0))
    pots: tuple[tuple[str, int], ...] = ()
    total = 0
    turn = ""
    last = ""
    if hand is not None:
        pots = tuple((pot_title(i), p.amount) for i, p in enumerate(hand.pots()))
        total = pot_of(hand) if not hand.complete else sum(a for _, a in pots)
        if due is not None and hand.phase in (Phase.BETTING, Phase.SHOWDOWN, Phase.ANTES):
            turn = _turn(hand, due)
        if hand.events:
            last = action_text(hand, hand.events[-1])
    elif void:
        last = tr("Hand void: every bet returned")
    closed = live.session_id is None
    if closed:
        last = tr("This table is closed")
    return PublicView(
        table=live.name, stakes=words.settings_text(live.settings),
        hand_number=state.number if state is not None else None,
        street=(tr("Table closed") if closed else
                stage_text(stage_of(hand, state.status if state is not None else None))),
        seats=tuple(seats), pots=pots, pot_total=total, turn=turn, last_action=last,
        result=screen_award_lines(hand) if hand is not None else (), closed=closed)


def _turn(hand: Hand, due: int) -> str:
    """``Ann to act: 20 to call``, ``Ann to act: may check``, ``Bo to show``, ``Cy to
    ante``: whose turn it is, with the amount a call would put in."""
    who = player_name(hand, due)
    if hand.phase is Phase.SHOWDOWN:
        return tr("{who} to show").format(who=who)
    if hand.phase is Phase.ANTES:
        return tr("{who} to ante").format(who=who)
    now = hand.allowed()
    if Action.BRING_IN in now.actions:
        return tr("{who} to bring in {amount}").format(who=who, amount=amount(now.bring_in))
    if now.to_call:
        return tr("{who} to act: {amount} to call").format(who=who, amount=amount(now.to_call))
    return tr("{who} to act: may check").format(who=who)

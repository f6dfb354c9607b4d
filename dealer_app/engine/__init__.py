"""The rules of Americana: cards, hand values, the hand state machine, pots, records.

Standard library only: no Qt, no database.
"""

from dealer_app.engine.allowed import Allowed, Applied, Phase
from dealer_app.engine.betting import Wager
from dealer_app.engine.cards import (
    DECK,
    RANKS,
    SUITS,
    Card,
    CardError,
    parse_card,
    parse_cards,
    starts_card,
    typed_card,
)
from dealer_app.engine.errors import (
    ChipCode,
    ChipRuleError,
    Code,
    DealError,
    Reason,
    RuleError,
    StackAmountError,
    UnitChangeError,
)
from dealer_app.engine.events import Action, Event, EventError
from dealer_app.engine.settings import SEATS, SeatSpec, Settings, SettingsError, Structure

__all__ = [
    "DECK", "RANKS", "SUITS", "Action", "Allowed", "Applied", "Card", "CardError", "ChipCode",
    "ChipRuleError", "Code", "DealError", "Event", "EventError", "Phase", "Reason",
    "RuleError", "SEATS", "SeatSpec", "Settings", "SettingsError", "StackAmountError", "Structure",
    "UnitChangeError", "Wager", "parse_card", "parse_cards", "starts_card", "typed_card",
]

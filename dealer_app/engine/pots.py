"""Main and side pots, rake and odd-chip splits (rules 10)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from dealer_app.engine.settings import Settings


@dataclass(slots=True)
class Pot:
    """One pot: its chips (before rake), the seats that may win it, and once awarded the
    winners and what each got. ``odd_chips`` lists the seats that got an odd chip unit."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    awards: dict[int, int] = field(default_factory=dict)
    rake: int = 0
    odd_chips: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"amount": self.amount, "eligible": list(self.eligible),
                "winners": list(self.winners),
                "awards": {str(s): a for s, a in sorted(self.awards.items())}}


def build_pots(committed: Mapping[int, int], live: Sequence[int],
               all_in: Sequence[int]) -> list[Pot]:
    """Layers the gathered chips into a main pot and side pots (rule 10.1).

    ``committed``: chips each seat put into the middle (antes and gathered bets);
    ``live``: seats still able to win (neither folded nor mucked), ascending;
    ``all_in``: live seats that are all-in. A side pot starts above each all-in level.
    """
    levels = sorted({committed[s] for s in all_in if s in live and committed[s] > 0})
    top = max(committed.values(), default=0)
    if not levels:  # the loop below with the one level ``top`` (the usual case), shortened
        if top <= 0:
            return []
        return [Pot(sum(c for c in committed.values() if c > 0),
                    tuple(s for s in live if committed.get(s, 0) > 0))]
    pots: list[Pot] = []
    floor = 0
    for level in [*levels, top]:
        if level <= floor:
            continue
        amount = sum(min(c, level) - min(c, floor) for c in committed.values())
        eligible = tuple(s for s in live if committed.get(s, 0) > floor)
        if amount > 0 and not eligible and pots:
            pots[-1].amount += amount  # nobody left to win this layer: it joins the pot below
        elif amount > 0:
            pots.append(Pot(amount, eligible))
        floor = level
    return pots


def rake_amount(settings: Settings, total: int) -> int:
    """Rake of a completed hand: a whole percent of all pots, rounded down to the chip unit,
    then capped (rule 10.4). Zero when no rake is set."""
    if settings.rake_percent <= 0 or total <= 0:
        return 0
    unit = settings.chip_unit
    rake = total * settings.rake_percent // 100 // unit * unit
    if settings.rake_cap > 0:
        rake = min(rake, settings.rake_cap // unit * unit)
    return rake


def award_pots(pots: Sequence[Pot], rake: int, chip_unit: int,
               best: Callable[[Sequence[int]], Sequence[int]]) -> None:
    """Takes the rake from the main pot first, then splits each pot among its best hands
    (``best`` picks the winners among eligible seats) in whole chip units; odd units go one
    at a time to the tied winners clockwise from the dealer box (rules 10.2–10.4)."""
    left = rake
    for pot in pots:
        pot.rake = min(left, pot.amount)
        left -= pot.rake
        winners = tuple(sorted(best(pot.eligible)))
        net = pot.amount - pot.rake
        units, remainder = divmod(net, chip_unit)
        share, odd = divmod(units, len(winners))
        pot.winners = winners
        pot.awards = {s: share * chip_unit for s in winners}
        pot.odd_chips = winners[:odd]
        for s in pot.odd_chips:
            pot.awards[s] += chip_unit
        # A remainder below one chip unit only arises from stacks off the unit; keep chips
        # conserved by giving it to the first winner.
        if remainder:
            pot.awards[winners[0]] += remainder

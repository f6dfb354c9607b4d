"""What a PIN may be and what wrong PINs cost: a supervisor's PIN is 6 to 12 digits, a
dealer's 4 to 12, never one digit repeated nor a run (``validate_pin``); the first 5 wrong
PINs in a row cost nothing, then each next try waits longer (``wait_after``), and the 100th
locks the account (``LOCK_AFTER``, NIST SP 800-63B 5.2.2). ``staff.py`` applies them."""

from __future__ import annotations

from datetime import timedelta

from dealer_app.services.core.types import Role
from dealer_app.storage.errors import StorageError
from dealer_app.text import tr

FREE_TRIES = 5
"""Wrong PINs in a row that cost no wait (typing slips)."""
FIRST_WAIT = timedelta(seconds=5)
"""The wait after the 5th wrong PIN in a row; each further one doubles it."""
MAX_WAIT = timedelta(minutes=5)
LOCK_AFTER = 100
"""Wrong PINs in a row that lock the account until a supervisor unlocks it (NIST SP
800-63B: at most 100). With the waits, that takes an adversary about 8 hours of trying."""
MIN_PIN = {Role.DEALER: 4, Role.SUPERVISOR: 6}
MAX_PIN = 12


def is_trivial(pin: str) -> bool:
    """One digit repeated (``0000``) or an ascending or descending run (``1234``,
    ``987654``, ``7890``): the first PINs an adversary tries."""
    digits = [int(c) for c in pin]
    steps = {(b - a) % 10 for a, b in zip(digits, digits[1:], strict=False)}
    return len(steps) == 1 and steps <= {0, 1, 9}


def validate_pin(pin: str, role: Role = Role.DEALER) -> None:
    """A supervisor's PIN is 6 to 12 digits, a dealer's 4 to 12; never a trivial one."""
    if not pin_is_valid(pin, role):
        low = MIN_PIN[role]
        raise StorageError((tr("a dealer's PIN is {low} to {high} digits") if role is Role.DEALER
                            else tr("a supervisor's PIN is {low} to {high} digits"))
                           .format(low=low, high=MAX_PIN))
    if is_trivial(pin):
        raise StorageError(tr("a PIN of one digit repeated or of digits in a row (such as "
                              "0000 or 1234) is the first one anybody tries: choose another"))


def pin_is_valid(pin: str, role: Role) -> bool:
    """Whether ``pin`` has the length today's rule gives ``role`` (an older supervisor PIN
    may not)."""
    return pin.isascii() and pin.isdigit() and MIN_PIN[role] <= len(pin) <= MAX_PIN


def wait_after(wrong_in_a_row: int) -> timedelta:
    """How long the next try waits after ``wrong_in_a_row`` wrong PINs: nothing for the first
    4, then 5 s, 10 s, 20 s, ... at most 5 minutes."""
    if wrong_in_a_row < FREE_TRIES:
        return timedelta(0)
    return min(FIRST_WAIT * (1 << min(wrong_in_a_row - FREE_TRIES, 20)), MAX_WAIT)

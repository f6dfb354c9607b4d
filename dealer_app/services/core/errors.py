"""Refusals of the services, typed by domain (not by the storage they happen to use).

A :class:`ServiceError` says that a rule of the house refused an act: a wrong PIN, a dealer
asking for a supervisor act, a closed hand, nothing to undo, a correction the rules refuse.
Nothing was stored. A failure of the database or of a file is a
:class:`~dealer_app.storage.errors.StorageError` instead, and the windows show the two
differently.

Each error carries a stable :class:`Refusal` code and the values it is about (python-chess
style); its ``str()`` is plain English for the logs, quoting those values. The words shown
to people are made where they are shown (:func:`dealer_app.services.error_words.error_text`), from
the template of the code, translated then.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from dealer_app.engine import RuleError
from dealer_app.engine.events import Event, EventError
from dealer_app.engine.hand import ReplayError
from dealer_app.text import tr_noop


class Refusal(StrEnum):
    """Why a service refused an act (stable: tests and logs name it)."""

    WRONG_PIN = "wrong-pin"
    PIN_CHANGED_MEANWHILE = "pin-changed-meanwhile"
    ACCOUNT_LOCKED = "account-locked"
    NEEDS_SUPERVISOR = "needs-supervisor"
    NO_LONGER_SUPERVISOR = "no-longer-supervisor"
    NOT_A_SUPERVISOR = "not-a-supervisor"
    NEEDS_REASON = "needs-reason"
    PIN_CHANGE_REQUIRED = "pin-change-required"
    SECOND_SUPERVISOR_NEEDED = "second-supervisor-needed"
    SECOND_SUPERVISOR_SAME = "second-supervisor-same"
    DUAL_CONTROL_SETTING = "dual-control-setting"
    NOT_YOUR_HAND = "not-your-hand"
    NOT_YOUR_SESSION = "not-your-session"
    FIRST_ACCOUNT = "first-account"
    ADDING_STAFF = "adding-staff"
    UNLOCK_NEEDS_REASON = "unlock-needs-reason"
    UNLOCK_OWN = "unlock-own"
    ACT_NEEDS_REASON = "act-needs-reason"
    RECOVER_NEEDS_REASON = "recover-needs-reason"
    RECOVER_NOT_SUPERVISOR = "recover-not-supervisor"
    RECOVER_OTHERS_CAN = "recover-others-can"
    RECOVER_OWNER_ROLE = "recover-owner-role"
    RECOVER_KEY = "recover-key"
    RESET_OWN = "reset-own"
    PUSH_INTERVAL = "push-interval"
    IMPORT_NEEDS_SUPERVISOR = "import-needs-supervisor"
    KEY_NOT_TRUSTED = "key-not-trusted"
    CLOSING_NOT_DEALER = "closing-not-dealer"
    SAID = "said"
    HAND_VOID = "hand-void"
    HAND_ALREADY_VOID = "hand-already-void"
    HAND_COMPLETE = "hand-complete"
    HAND_VOID_NO_INPUTS = "hand-void-no-inputs"
    HAND_COMPLETE_NO_INPUTS = "hand-complete-no-inputs"
    NOTHING_TO_UNDO = "nothing-to-undo"
    SAME_INPUT = "same-input"
    SEAT_NOT_IN_HAND = "seat-not-in-hand"
    RULES_REFUSE = "rules-refuse"
    RULES_REFUSE_CORRECTION = "rules-refuse-correction"
    BAD_INPUT = "bad-input"


R = Refusal

TEMPLATES: Mapping[Refusal, str] = {
    R.WRONG_PIN: tr_noop("unknown name or wrong PIN"),
    R.PIN_CHANGED_MEANWHILE: tr_noop("the PIN was changed meanwhile: type it again"),
    R.ACCOUNT_LOCKED: tr_noop("unknown name or wrong PIN"),
    R.NEEDS_SUPERVISOR: tr_noop("{what} needs a supervisor; {name} is a dealer"),
    R.NO_LONGER_SUPERVISOR: tr_noop("{what} needs a supervisor; {name} is not one now"),
    R.NOT_A_SUPERVISOR: tr_noop("{name} is not a supervisor"),
    R.NEEDS_REASON: tr_noop("{what} needs a reason"),
    R.PIN_CHANGE_REQUIRED: tr_noop(
        "{name}'s PIN is shorter than a supervisor's PIN must now be (6 to 12 digits): "
        "change it (Change my PIN…, or dealer-app staff pin) before any supervisor act"),
    R.SECOND_SUPERVISOR_NEEDED: tr_noop(
        "{what} of {amount} is above this table's dual-control amount of {limit}: "
        "a second supervisor's PIN is needed"),
    R.SECOND_SUPERVISOR_SAME: tr_noop(
        "{what}: the second supervisor must be another person than {name}"),
    R.DUAL_CONTROL_SETTING: tr_noop(
        "dual control is on at this table: changing its amount needs a second "
        "supervisor's PIN"),
    R.NOT_YOUR_HAND: tr_noop("That hand is not in your open session."),
    R.NOT_YOUR_SESSION: tr_noop("That session is not your open session."),
    R.FIRST_ACCOUNT: tr_noop("the first account must be a supervisor"),
    R.ADDING_STAFF: tr_noop("adding staff needs a supervisor"),
    R.UNLOCK_NEEDS_REASON: tr_noop("unlocking an account needs a reason"),
    R.UNLOCK_OWN: tr_noop("another supervisor unlocks your own account"),
    R.ACT_NEEDS_REASON: tr_noop("a supervisor act needs a reason"),
    R.RECOVER_NEEDS_REASON: tr_noop("recovering an account needs a reason"),
    R.RECOVER_NOT_SUPERVISOR: tr_noop("{name} is not a supervisor: another supervisor "
                                      "resets a dealer's PIN"),
    R.RECOVER_OTHERS_CAN: tr_noop("{names} can still sign in: a supervisor resets {name}'s "
                                  "PIN with Reset PIN… (recovery is for the last supervisor)"),
    R.RECOVER_OWNER_ROLE: tr_noop("recovering the last supervisor needs the database's owner "
                                  "role; {user} is not it (connect as {owner})"),
    R.RECOVER_KEY: tr_noop("recovering the last supervisor needs the checkpoint key of the "
                           "workstation that keeps this database (its configuration folder); "
                           "this one's key signed none of its checkpoints"),
    R.RESET_OWN: tr_noop("change your own PIN with Change my PIN (it asks for the old one), "
                         "or ask another supervisor"),
    R.PUSH_INTERVAL: tr_noop("the push interval is set by a supervisor; {name} is a dealer"),
    R.IMPORT_NEEDS_SUPERVISOR: tr_noop("an import needs a supervisor, signed in with their "
                                       "PIN"),
    R.KEY_NOT_TRUSTED: tr_noop("this workstation's key is not trusted here: admit keys at a "
                               "workstation whose key is"),
    R.CLOSING_NOT_DEALER: tr_noop("only a supervisor or the table's dealer can announce its "
                                  "closing; {name} is not dealing here"),
    R.SAID: "{said}",
    R.HAND_VOID: tr_noop("hand {number} is void"),
    R.HAND_ALREADY_VOID: tr_noop("hand {number} is already void"),
    R.HAND_COMPLETE: tr_noop(
        "the hand is complete: a misdeal is declared while the hand is dealt; a "
        "complete hand is voided from the review (rule 11.2)"),
    R.HAND_VOID_NO_INPUTS: tr_noop("hand {number} is void; it takes no more inputs"),
    R.HAND_COMPLETE_NO_INPUTS: tr_noop("hand {number} is complete; it takes no more inputs"),
    R.NOTHING_TO_UNDO: tr_noop("there is no input to undo in this hand"),
    R.SAME_INPUT: tr_noop("#{seq} already reads {input}: nothing to correct"),
    R.SEAT_NOT_IN_HAND: tr_noop("seat {seat} is not in this hand"),
    R.RULES_REFUSE: tr_noop("correction refused: with it, {what} is refused by the rules: "
                            "{reason} [{code}]. Nothing was stored."),
    R.RULES_REFUSE_CORRECTION: tr_noop("correction refused: {error}"),
    R.BAD_INPUT: tr_noop("correction refused: {error}"),
}
"""The English of each refusal, with the names of its values (translated where shown)."""

PHRASES = frozenset({"what"})
"""Values that are themselves words (an act's name, marked with ``tr_noop`` or already
translated): translated again where shown, which leaves a translated text as it is."""

AMOUNTS = frozenset({"amount", "limit"})
"""Values that are amounts of chips: written with a separator every 3 digits."""

Value = int | str | None


def english(code: Refusal, values: Mapping[str, Value]) -> str:
    """The refusal in plain English for the logs (amounts with a comma every 3 digits)."""
    return TEMPLATES[code].format(**{
        key: f"{value:,}" if key in AMOUNTS and isinstance(value, int) else value
        for key, value in values.items()})


class ServiceError(ValueError):
    """Base of every refusal of the services: a rule refused the act; nothing was stored.

    ``code`` says which rule, ``values`` what it is about; ``str()`` is English."""

    def __init__(self, code: Refusal, /, **values: Value) -> None:
        self.code = code
        self.values: dict[str, Value] = dict(values)
        super().__init__(english(code, self.values))

    @classmethod
    def said(cls, text: str) -> ServiceError:
        """A refusal whose words were made by the caller (``text``, shown as it is)."""
        return cls(R.SAID, said=text)


class SignInError(ServiceError):
    """Unknown staff member or wrong PIN (or an account locked or waiting: the same words,
    so that a refusal tells nothing of the account)."""


class AccountLocked(SignInError):
    """Too many wrong PINs in a row: the account is locked for a while."""


class PermissionRefused(ServiceError):
    """The act needs a supervisor, a reason, or a staff member allowed to do it."""


class PinChangeRequired(PermissionRefused):
    """The supervisor's PIN no longer fits today's rule (an older, shorter one): no
    supervisor act until it is changed."""


class DualControlRequired(PermissionRefused):
    """The act is above the table's dual-control amount and needs a second, different
    supervisor's PIN."""


class HandClosed(ServiceError):
    """The hand is complete or void and takes no more inputs."""


class NothingToUndo(ServiceError):
    """There is no input left to undo in this hand."""


CORRECTION_NAMED = tr_noop("the correction ({input})")
"""The input the rules refuse, when it is the correction itself."""
INPUT_NAMED = tr_noop("input #{seq} ({input})")
"""The input the rules refuse, when it is a later stored input (``seq``: its number)."""


class CorrectionRefused(ServiceError):
    """A supervisor's correction of an input that would change nothing, names a seat not in
    the hand, or that the rules refuse (``error``: the engine's own error, with its code).

    ``event`` is the input the refusal names (the stored one a correction would repeat, or
    the one the rules refuse with the correction: at ``seq``, or the correction itself when
    ``seq`` is None); the words of the window name it again where they are shown."""

    def __init__(self, code: Refusal, /, *, error: RuleError | EventError | None = None,
                 event: Event | None = None, seq: int | None = None,
                 **values: Value) -> None:
        self.error = error
        self.event = event
        self.seq = seq
        if event is not None:
            values = {**values, "input": event.describe()}
        if code is Refusal.RULES_REFUSE and event is not None:
            values = {**values, "what": (CORRECTION_NAMED if seq is None else INPUT_NAMED)
                      .format(seq=seq, input=event.describe())}
        if code is Refusal.SAME_INPUT and seq is not None:
            values = {**values, "seq": seq}
        if isinstance(error, ReplayError):
            values = {**values, "reason": error.message, "code": error.code.value}
        elif error is not None:
            values = {**values, "error": str(error)}
        super().__init__(code, **values)

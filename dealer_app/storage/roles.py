"""PostgreSQL roles that make the database itself refuse to change the evidence.

Three roles (names are options of ``dealer-app db roles``), each a group role without a login:
- the **owner** (``dealer_owner``) owns the schema's tables, sequences and functions; only it
  (or a superuser) migrates. A login role for migrations is made a member of it.
- the **station** (``dealer_station``) is what every workstation logs in as a member of: it
  reads every table, inserts into every table of the app, updates only the columns the app
  changes (:data:`MUTABLE`: a hand's status, pot, rake and chain head, a seat's stack, a staff
  member's PIN, role and lock, a call's answer, the leases) and never deletes or truncates.
  The evidence ledger, its checkpoints, hand events, stack moves and audit rows are insert
  only.
- the **auditor** (``dealer_auditor``) reads.

Triggers guard the rows for every role, the owner and superusers included, until the owner
drops them: ``dealer_app_evidence`` (before an update or delete of a row) lets an update
change only the columns the app changes, some only once (a session's close, a seat's leave,
a call's answer) or only before a guard column is set, and never a void hand; it refuses
every delete. ``dealer_app_evidence_truncate`` refuses ``TRUNCATE``.

:func:`apply_roles` sets all of it up (idempotent: it resets the privileges each time, and
moves tables a migration made since to the owner); :func:`enforcement` reports whether a
database enforces it (``log verify`` prints the answer).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, text

from dealer_app.storage.database import Database
from dealer_app.storage.errors import StorageError
from dealer_app.storage.models import Base
from dealer_app.text import tr

OWNER, STATION, AUDITOR = "dealer_owner", "dealer_station", "dealer_auditor"
"""The default role names."""

MUTABLE: dict[str, tuple[str, ...]] = {
    "staff": ("role", "pin_hash", "failed_pins", "locked_until", "lockouts", "active",
              "pin_change_due", "locked_at"),
    "game_table": ("settings_json", "currency", "dual_control_above", "min_buy_in",
                   "max_buy_in"),
    "table_session": ("dealer_id?closed_at", "closed_at?closed_at"),
    "seating": ("stack?left_at", "sitting_out?left_at", "left_at?left_at"),
    "hand": ("status", "pot", "rake", "ended_at", "head_digest", "corrected", "!status=void"),
    "hand_player": ("stack_after",),
    "floor_call": ("acknowledged_at?acknowledged_at", "acknowledged_by?acknowledged_at",
                   "acknowledged_name?acknowledged_at", "resolved_at?resolved_at",
                   "resolved_by?resolved_at", "resolved_name?resolved_at",
                   "resolution?resolved_at"),
    "table_lease": ("workstation", "host", "staff_id", "staff_name", "acquired_at",
                    "heartbeat_at"),
    "floor_watch": ("host", "staff_name", "heartbeat_at", "closed_at"),
    "waiting_entry": ("called_at?seated_at", "called_table_id?seated_at",
                      "called_by?seated_at", "seated_at?seated_at",
                      "seated_table_id?seated_at", "no_show_at?removed_at",
                      "removed_at?removed_at", "removed_by?removed_at", "removal?removed_at"),
}
"""Per table, what an update may change: ``col`` freely, ``col?guard`` only while the row's
``guard`` is NULL (``closed_at?closed_at``: set once), and ``!col=value``: once ``col`` holds
``value`` the row never changes. The station may update exactly these columns. Every other
table of the app is insert only; a table a new migration adds is insert only until it is
named here."""

NOT_GUARDED = ("alembic_version",)
"""The migrations' own table: the owner's alone (the station reads it)."""

ROW_TRIGGER = "dealer_app_evidence"
TRUNCATE_TRIGGER = "dealer_app_evidence_truncate"
GUARD_FUNCTION = "dealer_app_guard_row"
TRUNCATE_FUNCTION = "dealer_app_refuse_truncate"

_GUARD_SQL = f"""
CREATE OR REPLACE FUNCTION {GUARD_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_row jsonb := to_jsonb(OLD);
    new_row jsonb;
    free text[] := '{{}}';
    arg text;
    col text;
    guard text;
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = format('dealer-app: a %s row is evidence and is never deleted',
                             TG_TABLE_NAME);
    END IF;
    new_row := to_jsonb(NEW);
    FOREACH arg IN ARRAY coalesce(TG_ARGV, ARRAY[]::text[]) LOOP
        IF left(arg, 1) = '!' THEN
            col := split_part(substr(arg, 2), '=', 1);
            IF old_row ->> col = split_part(arg, '=', 2) AND new_row <> old_row THEN
                RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
                    MESSAGE = format('dealer-app: a %s row whose %s is %s never changes',
                                     TG_TABLE_NAME, col, old_row ->> col);
            END IF;
        ELSE
            col := split_part(arg, '?', 1);
            guard := nullif(split_part(arg, '?', 2), '');
            IF guard IS NULL OR old_row -> guard = 'null'::jsonb THEN
                free := free || col;
            END IF;
        END IF;
    END LOOP;
    IF (new_row - free) <> (old_row - free) THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
            MESSAGE = format('dealer-app: this change of a %s row is refused: its facts are '
                             'evidence (only %s may change now)', TG_TABLE_NAME,
                             coalesce(nullif(array_to_string(free, ', '), ''), 'nothing'));
    END IF;
    RETURN NEW;
END
$$
"""
_TRUNCATE_SQL = f"""
CREATE OR REPLACE FUNCTION {TRUNCATE_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
        MESSAGE = format('dealer-app: %s is evidence and is never truncated', TG_TABLE_NAME);
END
$$
"""

_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


def check_role_name(name: str) -> str:
    """A role name the command accepts: lower-case letters, digits and ``_``."""
    if not _NAME.fullmatch(name):
        raise StorageError(tr("{name} is not a role name this command makes: use lower-case "
                              "letters, digits and _ (at most 63)").format(name=repr(name)))
    return name


def guarded_tables(present: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The app's tables found in the schema, each with its trigger's arguments (empty:
    insert only)."""
    return {t: MUTABLE.get(t, ()) for t in Base.metadata.tables
            if t in present and t not in NOT_GUARDED}


def updatable_columns(rule: tuple[str, ...]) -> list[str]:
    """The columns a table's rule lets the station update."""
    return [arg.split("?", 1)[0] for arg in rule if not arg.startswith("!")]


@dataclass(frozen=True, slots=True)
class RoleNames:
    owner: str = OWNER
    station: str = STATION
    auditor: str = AUDITOR

    def checked(self) -> RoleNames:
        names = [check_role_name(n) for n in (self.owner, self.station, self.auditor)]
        if len(set(names)) != 3:
            raise StorageError(tr("the owner, station and auditor roles need three different "
                                  "names"))
        return self


def _q(conn: Connection, name: str) -> str:
    return conn.dialect.identifier_preparer.quote(name)


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _tables(conn: Connection, schema: str) -> list[str]:
    """The app's tables in ``schema`` (another program's tables beside them are left alone)."""
    ours = {*Base.metadata.tables, *NOT_GUARDED}
    return [str(r[0]) for r in conn.execute(
        text("SELECT tablename FROM pg_tables WHERE schemaname = :s ORDER BY tablename"),
        {"s": schema}) if str(r[0]) in ours]


_SEQUENCES = text("""
SELECT s.relname FROM pg_class s
  JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
   AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
  JOIN pg_class t ON t.oid = d.refobjid
 WHERE s.relkind = 'S' AND s.relnamespace = CAST(:s AS regnamespace)
   AND t.relname = ANY(:tables)
 ORDER BY s.relname
""")
"""The sequences of the app's tables (their ids)."""


def apply_roles(db: Database, names: RoleNames = RoleNames(),
                say: Callable[[str], None] = print) -> None:
    """Creates the roles (if missing), gives the schema's objects to the owner, resets every
    privilege of the station and the auditor and (re)creates the triggers; ``say`` is told
    each step. Run by a superuser, or by a role that may create roles and owns the tables."""
    names = names.checked()
    if db.is_sqlite:
        raise StorageError(tr("SQLite has no roles: whoever can write the file can change it. "
                              "Roles are for a PostgreSQL floor database"))
    with db.engine.begin() as conn:
        schema = str(conn.execute(text("SELECT current_schema()")).scalar())
        me = str(conn.execute(text("SELECT current_user")).scalar())
        superuser = bool(conn.execute(text(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")).scalar())
        q = {k: _q(conn, v) for k, v in (("owner", names.owner), ("station", names.station),
                                          ("auditor", names.auditor))}
        qs = _q(conn, schema)
        for name in (names.owner, names.station, names.auditor):
            if conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"),
                            {"n": name}).scalar():
                say(tr("role {name} exists").format(name=name))
            else:
                conn.exec_driver_sql(f"CREATE ROLE {_q(conn, name)} NOLOGIN")
                say(tr("created role {name} (no login: make login roles members of it)")
                    .format(name=name))
        if not superuser and not conn.execute(text(
                "SELECT pg_has_role(current_user, :o, 'MEMBER')"), {"o": names.owner}).scalar():
            conn.exec_driver_sql(f"GRANT {q['owner']} TO {_q(conn, me)}")
            say(tr("made {me} a member of {owner} (to hand it the tables)")
                .format(me=me, owner=names.owner))
        tables = _tables(conn, schema)
        if not tables:
            raise StorageError(tr("schema {schema} holds no tables of the app").format(
                schema=schema))
        for table in tables:  # its sequences follow it
            conn.exec_driver_sql(f"ALTER TABLE {qs}.{_q(conn, table)} OWNER TO {q['owner']}")
        conn.exec_driver_sql(_GUARD_SQL)
        conn.exec_driver_sql(_TRUNCATE_SQL)
        for (signature,) in conn.execute(text(
                "SELECT p.oid::regprocedure::text FROM pg_proc p "
                "WHERE p.pronamespace = CAST(:s AS regnamespace) "
                "AND p.proname LIKE 'dealer\\_app\\_%'"), {"s": qs}):
            conn.exec_driver_sql(f"ALTER FUNCTION {signature} OWNER TO {q['owner']}")
        say(tr("{count} tables of schema {schema} and their sequences and functions belong "
               "to {owner}").format(count=len(tables), schema=schema, owner=names.owner))
        schema_owner = str(conn.execute(text(
            "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = :s"),
            {"s": schema}).scalar())
        if schema_owner not in ("pg_database_owner", names.owner) and schema != "public":
            conn.exec_driver_sql(f"ALTER SCHEMA {qs} OWNER TO {q['owner']}")
            say(tr("schema {schema} belongs to {owner} (it was {was}'s)").format(
                schema=schema, owner=names.owner, was=schema_owner))
        others = f"PUBLIC, {q['station']}, {q['auditor']}"
        every = ", ".join(f"{qs}.{_q(conn, t)}" for t in tables)
        sequences = ", ".join(f"{qs}.{_q(conn, str(r[0]))}" for r in conn.execute(
            _SEQUENCES, {"s": qs, "tables": tables}))
        conn.exec_driver_sql(f"REVOKE ALL ON TABLE {every} FROM {others}")
        conn.exec_driver_sql(f"REVOKE CREATE ON SCHEMA {qs} FROM {others}")
        conn.exec_driver_sql(f"GRANT USAGE, CREATE ON SCHEMA {qs} TO {q['owner']}")
        conn.exec_driver_sql(f"GRANT USAGE ON SCHEMA {qs} TO {q['station']}, {q['auditor']}")
        conn.exec_driver_sql(f"GRANT SELECT ON TABLE {every} TO {q['station']}, {q['auditor']}")
        if sequences:
            conn.exec_driver_sql(f"REVOKE ALL ON SEQUENCE {sequences} FROM {others}")
            conn.exec_driver_sql(f"GRANT USAGE ON SEQUENCE {sequences} TO {q['station']}")
        guarded = guarded_tables(tables)
        for table, rule in guarded.items():
            qt = f"{qs}.{_q(conn, table)}"
            conn.exec_driver_sql(f"GRANT INSERT ON {qt} TO {q['station']}")
            columns = updatable_columns(rule)
            if columns:
                conn.exec_driver_sql(f"GRANT UPDATE ({', '.join(_q(conn, c) for c in columns)}) "
                                     f"ON {qt} TO {q['station']}")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {ROW_TRIGGER} ON {qt}")
            conn.exec_driver_sql(
                f"CREATE TRIGGER {ROW_TRIGGER} BEFORE UPDATE OR DELETE ON {qt} FOR EACH ROW "
                f"EXECUTE FUNCTION {qs}.{GUARD_FUNCTION}({', '.join(map(_literal, rule))})")
            conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {TRUNCATE_TRIGGER} ON {qt}")
            conn.exec_driver_sql(
                f"CREATE TRIGGER {TRUNCATE_TRIGGER} BEFORE TRUNCATE ON {qt} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {qs}.{TRUNCATE_FUNCTION}()")
        insert_only = sorted(t for t, rule in guarded.items() if not rule)
        say(tr("{station} may read every table, insert into {count}, update only the columns "
               "the app changes; insert only: {tables}").format(
            station=names.station, count=len(guarded), tables=", ".join(insert_only)))
        say(tr("{auditor} may read every table").format(auditor=names.auditor))
        say(tr("triggers on {count} tables refuse deletes, truncation and changes of facts, "
               "for every role").format(count=len(guarded)))


@dataclass(frozen=True, slots=True)
class RolesReport:
    """Whether a database enforces the append-only rules (:func:`enforcement`)."""

    enforced: bool
    problems: tuple[str, ...] = ()
    """Why not (empty when enforced)."""
    owner: str = ""
    stations: tuple[str, ...] = ()
    """Roles that insert evidence (members of the station role included), but cannot change it."""
    auditors: tuple[str, ...] = ()
    connected_as: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    def describe(self) -> str:
        """``yes (...)`` or ``no (...)``, for ``log verify``."""
        if not self.enforced:
            return tr("no ({why})").format(why="; ".join(self.problems))
        why = tr("the stations {stations} insert evidence but cannot change or delete it; "
                 "triggers guard every table; the tables belong to {owner}").format(
            stations=", ".join(self.stations), owner=self.owner)
        return tr("yes ({why})").format(why="; ".join((why, *self.notes)))


_ROLES = text("""
SELECT r.rolname, r.rolsuper, r.rolcanlogin,
       pg_has_role(r.oid, c.relowner, 'USAGE') AS owns
  FROM pg_roles r, pg_class c
 WHERE c.oid = CAST(:ledger AS regclass)
   AND has_table_privilege(r.oid, c.oid, 'INSERT')
   AND r.rolname NOT LIKE 'pg\\_%'
 ORDER BY r.rolname
""")
_READERS = text("""
SELECT r.rolname FROM pg_roles r
 WHERE has_table_privilege(r.oid, CAST(:ledger AS regclass), 'SELECT')
   AND NOT has_table_privilege(r.oid, CAST(:ledger AS regclass), 'INSERT')
   AND NOT r.rolsuper AND r.rolname NOT LIKE 'pg\\_%'
 ORDER BY r.rolname
""")
_TRIGGERS = text("""
SELECT c.relname, t.tgname, t.tgenabled, t.tgargs, p.proname
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
  JOIN pg_proc p ON p.oid = t.tgfoid
 WHERE c.relnamespace = CAST(:s AS regnamespace) AND NOT t.tgisinternal
""")
_TOO_MUCH = text("""
SELECT c.relname, a.attname, p.priv
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  CROSS JOIN (VALUES ('UPDATE')) AS p(priv)
 WHERE c.relnamespace = CAST(:s AS regnamespace) AND c.relkind = 'r'
   AND c.relname = ANY(:tables)
   AND has_column_privilege(CAST(:role AS regrole), c.oid, a.attnum, p.priv)
UNION ALL
SELECT c.relname, '', p.priv
  FROM pg_class c CROSS JOIN (VALUES ('DELETE'), ('TRUNCATE'), ('TRIGGER')) AS p(priv)
 WHERE c.relnamespace = CAST(:s AS regnamespace) AND c.relkind = 'r'
   AND c.relname = ANY(:tables)
   AND has_table_privilege(CAST(:role AS regrole), c.oid, p.priv)
""")


def _expected_args(rule: tuple[str, ...]) -> bytes:
    return b"".join(arg.encode() + b"\x00" for arg in rule)


def enforcement(db: Database) -> RolesReport:
    """Whether the database refuses, by itself, to let a station change or delete evidence:
    on PostgreSQL, the triggers of :func:`apply_roles` in place and enabled on every table of
    the app, at least one station (a role that inserts ledger entries without owning the
    tables), and no station with any privilege beyond insert and the app's own updates. On
    SQLite never (whoever can write the file can change it)."""
    if db.is_sqlite:
        return RolesReport(False, (tr("SQLite has no roles: whoever can write the file can "
                                      "change any row"),))
    with db.read() as s:
        conn = s.connection()
        schema = str(conn.execute(text("SELECT current_schema()")).scalar())
        me = str(conn.execute(text("SELECT current_user")).scalar())
        qs = _q(conn, schema)
        tables = _tables(conn, schema)
        if "ledger" not in tables:
            return RolesReport(False, (tr("schema {schema} has no ledger").format(
                schema=schema),), connected_as=me)
        ledger = f"{qs}.ledger"
        owner = str(conn.execute(text(
            "SELECT relowner::regrole::text FROM pg_class WHERE oid = CAST(:t AS regclass)"),
            {"t": ledger}).scalar())
        problems: list[str] = []
        notes: list[str] = []
        found: dict[tuple[str, str], tuple[str, bytes, str]] = {
            (str(r.relname), str(r.tgname)): (str(r.tgenabled), bytes(r.tgargs), str(r.proname))
            for r in conn.execute(_TRIGGERS, {"s": qs})}
        missing, disabled, changed = [], [], []
        guarded = guarded_tables(tables)
        for table, rule in guarded.items():
            row = found.get((table, ROW_TRIGGER))
            cut = found.get((table, TRUNCATE_TRIGGER))
            if row is None or cut is None:
                missing.append(table)
            elif "D" in (row[0], cut[0]) or "R" in (row[0], cut[0]):
                disabled.append(table)
            elif row[1] != _expected_args(rule) or row[2] != GUARD_FUNCTION \
                    or cut[2] != TRUNCATE_FUNCTION:
                changed.append(table)
        if missing and len(missing) == len(guarded):
            problems.append(tr("no append-only triggers (dealer-app db roles sets them up)"))
        elif missing:
            problems.append(tr("table {tables} has no append-only trigger (run dealer-app db "
                               "roles again after an upgrade)").format(tables=", ".join(missing)))
        if disabled:
            problems.append(tr("the append-only trigger of table {tables} is disabled")
                            .format(tables=", ".join(disabled)))
        if changed:
            problems.append(tr("the append-only trigger of table {tables} was changed")
                            .format(tables=", ".join(changed)))
        writers = list(conn.execute(_ROLES, {"ledger": ledger}))
        stations = [str(r.rolname) for r in writers if not r.rolsuper and not r.owns]
        owners = [str(r.rolname) for r in writers if not r.rolsuper and r.owns]
        if not stations:
            problems.append(tr("no station role: the app writes as the tables' owner {owner}, "
                               "which can change or delete any row").format(owner=owner))
        rules = guarded
        for station in stations:
            extra = []
            for table, column, priv in conn.execute(_TOO_MUCH, {"s": qs, "role": station,
                                                                 "tables": tables}):
                allowed = updatable_columns(rules.get(str(table), ()))
                if priv == "UPDATE" and str(column) in allowed:
                    continue
                extra.append(f"{priv} {table}{'.' + str(column) if column else ''}")
            if extra:
                problems.append(tr("{station} may {what}").format(
                    station=station, what=", ".join(sorted(extra)[:6])
                    + (" …" if len(extra) > 6 else "")))
            if conn.execute(text("SELECT has_schema_privilege(CAST(:r AS regrole), "
                                 "CAST(:s AS regnamespace), 'CREATE')"),
                            {"r": station, "s": qs}).scalar():
                problems.append(tr("{station} may create objects in schema {schema}").format(
                    station=station, schema=schema))
            if conn.execute(text("SELECT pg_has_role(CAST(:r AS regrole), nspowner, 'USAGE') "
                                 "FROM pg_namespace WHERE nspname = :s"),
                            {"r": station, "s": schema}).scalar():
                problems.append(tr("{station} owns schema {schema} (it can drop its tables)")
                                .format(station=station, schema=schema))
        for name in owners:
            if any(conn.execute(text("SELECT pg_has_role(:r, :st, 'MEMBER')"),
                                {"r": name, "st": st}).scalar() for st in stations):
                problems.append(tr("{name} is a member of a station role and can act as the "
                                   "owner {owner}").format(name=name, owner=owner))
        login_owners = [n for n in owners if n != owner]
        if login_owners:
            notes.append(tr("{names} can act as the owner (for migrations)").format(
                names=", ".join(login_owners)))
        if me not in stations:
            mine = conn.execute(text("SELECT rolsuper FROM pg_roles WHERE rolname = :n"),
                                {"n": me}).scalar()
            if mine or me in owners:
                notes.append(tr("this connection ({role}) can change any row itself").format(
                    role=me))
        readers = [str(r[0]) for r in conn.execute(_READERS, {"ledger": ledger})]
    return RolesReport(not problems, tuple(problems), owner, tuple(stations), tuple(readers),
                       me, tuple(notes))

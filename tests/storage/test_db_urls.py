"""Issue 20, finding 6: a database URL that cannot be read is refused in words (a port
that is not a number ended in a traceback), and a PostgreSQL password never comes from the
command line: ``--db`` with one is refused with how to give it; a server that wants one
nobody gave gets it typed at a prompt."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import OperationalError

from dealer_app.cli import main
from dealer_app.storage import DatabaseUnavailableError, pg_password
from dealer_app.storage.database import Database
from dealer_app.storage.location import parse_db_url

pytestmark = pytest.mark.one_backend


@pytest.mark.parametrize("command", [["log", "verify"], ["log", "audit"], ["review"],
                                     ["staff", "add", "--name", "X", "--role", "dealer"]])
def test_a_port_that_is_not_a_number_is_refused_in_words(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status = main([*command, "--db", "postgresql+psycopg://dealer@db.floor:54x2/casino"])
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    assert "is not a database URL: its port '54x2' is not a number" in err
    with pytest.raises(DatabaseUnavailableError, match="port '54x2'"):
        Database.open("postgresql+psycopg://dealer@db.floor:54x2/casino", sign=False)


def test_a_password_on_the_command_line_is_refused_with_how_to_give_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(Database, "open", classmethod(lambda cls, url, **k: opened.append(url)))
    for argv in (["log", "verify", "--db", "postgresql+psycopg://dealer:s3cret@db/casino"],
                 ["--db", "postgresql://dealer:s3cret@db/casino"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "holds a password" in err and "process list" in err
        assert "PGPASSWORD" in err and ".pgpass" in err and "service" in err
        assert "s3cret" not in err
    assert opened == []
    assert parse_db_url("postgresql+psycopg://dealer@db/casino").password is None


class FakeEngine:
    def __init__(self, url: URL, refuse: bool) -> None:
        self.url, self.refuse = url, refuse

    def connect(self) -> Any:
        if self.refuse:
            raise OperationalError("connect", {}, Exception(
                'connection to server failed: fe_sendauth: no password supplied'))
        return self

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def dispose(self) -> None:
        pass


def test_a_server_that_wants_a_password_gets_it_at_the_prompt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[URL] = []

    def create_engine(url: URL, **_kwargs: Any) -> FakeEngine:
        made.append(url)
        return FakeEngine(url, refuse=url.password is None)

    monkeypatch.setattr(pg_password, "create_engine", create_engine)
    url = make_url("postgresql+psycopg://dealer@db/casino")
    engine = pg_password.engine_with_password(url, {}, ask=lambda u: "typed")
    assert engine.url.password == "typed" and len(made) == 2
    with pytest.raises(OperationalError):  # no terminal to ask at: the refusal stands
        pg_password.engine_with_password(url, {}, ask=lambda u: None)
    monkeypatch.setattr(pg_password, "create_engine",
                        lambda url, **k: FakeEngine(url, refuse=True))
    with pytest.raises(DatabaseUnavailableError, match="wants a password: give the URL"):
        Database.open("postgresql+psycopg://dealer@db/casino", sign=False)

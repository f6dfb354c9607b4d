"""Issue 19, requirement 1: every entry is signed by the workstation that wrote it; a new
workstation's key is trusted only once a supervisor admits it at a trusted workstation;
an auditor exports and imports the list of trusted keys."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from sqlalchemy import text

from dealer_app.cli import main
from dealer_app.services import PermissionRefused, Services
from dealer_app.services.keys import KeyError_, KeyService, import_keys
from dealer_app.storage import Database
from dealer_app.storage.models import StationKey
from dealer_app.storage.notary import Notary

SAM_PIN = "246800"


def _floor(db_url: str) -> Services:
    svc = Services.open(db_url)
    sam = svc.staff.add_staff("Sam", "supervisor", SAM_PIN)
    svc.staff.add_staff("Dana", "dealer", "1357", by=sam)
    return svc


def _station(db_url: str, folder: Path) -> Services:
    """Another workstation on the same database: a key of its own, made at its first start."""
    notary = Notary.load(folder / "config", folder / "anchors")
    return Services.on(Database.open(db_url, notary=notary))


def _broken(svc: Services, **kw: object) -> list[str]:
    anchors = Path(os.environ["DEALER_APP_ANCHOR_DIR"])
    report = svc.log.verify_all(anchors=[anchors], workers=1, **kw)  # type: ignore[arg-type]
    return [f"{b.label}: {b.reason}" for b in report.broken]


def test_a_new_workstation_is_trusted_only_once_a_supervisor_admits_it(
        db_url: str, tmp_path: Path) -> None:
    svc = _floor(db_url)
    assert _broken(svc) == []
    second = _station(db_url, tmp_path / "second")
    assert second.db.notary is not None
    sam = second.staff.authenticate("Sam", SAM_PIN)
    second.tables.create_table("Table 9", svc.tables.list_tables()[0].settings
                               if svc.tables.list_tables() else _settings(), sam)
    found = _broken(svc)
    assert any("which is not trusted" in f and second.db.notary.key_id in f for f in found), found
    # the second workstation cannot admit itself: its key is trusted by nobody here
    with pytest.raises(PermissionRefused):
        KeyService(second.db).admit(second.db.notary.public_key, "table 9 station", sam, "new")
    # a supervisor at the trusted workstation admits it: from then on all it wrote holds
    boss = svc.staff.require_supervisor("Sam", SAM_PIN, "admit the table 9 station")
    info = KeyService(svc.db).admit(second.db.notary.public_key, "table 9 station", boss,
                                    "new station at table 9")
    assert info.trusted and info.admitted and not info.founder
    assert _broken(svc) == []
    with pytest.raises(KeyError_):
        KeyService(svc.db).admit(second.db.notary.public_key, "again", boss, "twice")
    with pytest.raises(KeyError_, match="'not a key'"):
        KeyService(svc.db).admit("not a key", "x", boss, "why")
    second.close()
    svc.close()


def _settings() -> object:
    from dealer_app.engine import Settings

    return Settings(ante=5, chip_unit=5)


def test_a_key_admitted_by_an_untrusted_key_stays_untrusted(db_url: str, tmp_path: Path) -> None:
    svc = _floor(db_url)
    mallory = _station(db_url, tmp_path / "mallory")
    other = Notary.load(tmp_path / "other" / "config", tmp_path / "other" / "anchors")
    assert mallory.db.notary is not None
    with mallory.db.transaction() as s:  # the app's own code, Mallory's own key
        s.execute(text("SELECT 1"))
        for notary in (mallory.db.notary, other):
            s.add(StationKey(key_id=notary.key_id, public_key=notary.public_key,
                             label="mine", admitted_at=mallory.db.now(), admitted_by=1,
                             reason="trust me"))
    mallory.close()
    found = _broken(svc)
    assert any("which is not trusted" in f for f in found), found
    listing = {k.key_id: k for k in KeyService(svc.db).listing()}
    assert not listing[other.key_id].trusted and not listing[mallory.db.notary.key_id].trusted
    svc.close()


def test_an_auditor_exports_and_imports_the_trusted_keys(db_url: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    svc = _floor(db_url)
    second = _station(db_url, tmp_path / "second")
    assert second.db.notary is not None and svc.db.notary is not None
    boss = svc.staff.require_supervisor("Sam", SAM_PIN, "admit")
    KeyService(svc.db).admit(second.db.notary.public_key, "table 9", boss, "new station")
    export = tmp_path / "floor-keys.txt"
    assert KeyService(svc.db).export(export) == 2
    text_ = export.read_text()
    assert svc.db.notary.public_key in text_ and second.db.notary.public_key in text_
    # an auditor's workstation: its own empty trust file, then the import
    monkeypatch.setenv("DEALER_APP_CONFIG_DIR", str(tmp_path / "auditor"))
    assert sorted(import_keys(export)) == sorted([svc.db.notary.key_id,
                                                  second.db.notary.key_id])
    trust_file = tmp_path / "auditor" / "trusted-keys.txt"
    assert trust_file.read_text().count("\n") == 2
    report = svc.log.verify_all(trust=[trust_file], workers=1,
                                anchors=[Path(os.environ["DEALER_APP_ANCHOR_DIR"])])
    assert report.ok, report.broken
    second.close()
    svc.close()


def test_the_keys_command(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    svc = _floor(db_url)
    assert svc.db.notary is not None
    own = svc.db.notary.key_id
    svc.close()
    newcomer = Notary.load(tmp_path / "new" / "config", tmp_path / "new" / "anchors")
    assert main(["keys", "show"]) == 0
    assert own in capsys.readouterr().out
    assert main(["keys", "list", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert own in out and "founder" in out and "(this workstation)" in out
    monkeypatch.setattr("sys.stdin", io.StringIO(SAM_PIN + "\n"))
    assert main(["keys", "admit", newcomer.public_key, "--label", "table 4", "--by", "Sam",
                 "--reason", "new station", "--pin-stdin", "--db", db_url]) == 0
    assert newcomer.key_id in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("000000\n"))
    assert main(["keys", "admit", newcomer.public_key, "--label", "x", "--by", "Sam",
                 "--reason", "again", "--pin-stdin", "--db", db_url]) == 2
    assert main(["keys", "export", str(tmp_path / "k.txt"), "--db", db_url]) == 0
    assert newcomer.public_key in (tmp_path / "k.txt").read_text()

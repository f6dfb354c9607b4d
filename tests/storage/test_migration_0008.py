"""Migration 0008 on a database with hands: every stored player name gets its search key."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from dealer_app.engine import Settings
from dealer_app.services import HandQuery, Role, Services
from dealer_app.storage import migrate
from storage.helpers import FakeClock, play


def test_search_keys_are_filled_for_stored_hands(db_url: str, clock: FakeClock) -> None:
    svc = Services.open(db_url, clock=clock)
    boss = svc.staff.add_staff("Sam", Role.SUPERVISOR, "246800")
    table = svc.tables.create_table("T", Settings(ante=5, chip_unit=5), boss)
    session = svc.tables.open_session(table.id, boss)
    for seat, name in ((1, "Ann Méyer"), (3, "BO Lind")):
        svc.tables.seat_player(session.id, seat, name, 1000, boss)
    play(svc.hands, svc.hands.start_hand(session.id, boss).hand_id, boss)
    svc.close()
    engine = create_engine(db_url)
    from alembic import command

    command.downgrade(migrate.alembic_config(engine), "0003")
    with engine.connect() as conn:
        assert "player_key" not in {c["name"] for c in inspect(conn).get_columns("hand_player")}
    engine.dispose()
    svc = Services.open(db_url, clock=clock)  # upgrades to the head again
    try:
        with svc.db.engine.connect() as conn:
            keys = dict(conn.execute(text("SELECT player, player_key FROM hand_player")).all())
        assert keys == {"Ann Méyer": "ann meyer", "BO Lind": "bo lind"}
        assert svc.review.count(HandQuery(player="meyer")) == 1
    finally:
        svc.close()

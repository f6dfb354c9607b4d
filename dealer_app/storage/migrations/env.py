"""Alembic environment: migrates the engine handed over by ``dealer_app.storage.migrate``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, create_engine

from dealer_app.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    engine = config.attributes.get("engine")
    if not isinstance(engine, Engine):
        url = config.get_main_option("sqlalchemy.url")
        if not url:
            raise RuntimeError("run migrations through dealer_app.storage.migrate")
        engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite",
                          transactional_ddl=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    raise RuntimeError("offline migrations are not supported")
run_migrations_online()

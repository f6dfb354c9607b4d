"""Fixtures of the review tests: services on a fresh SQLite file (fake clock); a small world
(supervisor, dealer, table, open session, three players) and the same with four hands played,
each built once per run and copied per test (PIN hashing and fsyncs are slow by design);
a shared bulk-filled database of 5,000 hands."""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from storage.helpers import FakeClock, copy_session_anchors

from dealer_app.services import Services

from .datagen import World, bulk_hands, make_world, play_hand

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
PLAYED_HANDS = 4


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    services = Services.open(f"sqlite:///{tmp_path}/review.sqlite3", clock=FakeClock())
    yield services
    services.close()


def _template(folder: Path, build: Callable[[World], None]) -> tuple[Path, World]:
    path = folder / "template.sqlite3"
    services = Services.open(f"sqlite:///{path}", clock=FakeClock())
    world = make_world(services)
    build(world)
    services.close()
    return path, world


def _copy(template: tuple[Path, World], tmp_path: Path) -> Iterator[World]:
    source, world = template
    target = tmp_path / "review.sqlite3"
    shutil.copy(source, target)
    copy_session_anchors()
    clock = FakeClock()
    clock.advance(hours=2)
    services = Services.open(f"sqlite:///{target}", clock=clock)
    yield dataclasses.replace(world, svc=services)
    services.close()


@pytest.fixture(scope="session")
def world_template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, World]:
    return _template(tmp_path_factory.mktemp("world"), lambda w: None)


@pytest.fixture(scope="session")
def played_template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, World]:
    def build(world: World) -> None:
        rng = random.Random(21)
        for _ in range(PLAYED_HANDS):
            play_hand(world, rng)

    return _template(tmp_path_factory.mktemp("played"), build)


@pytest.fixture
def world(world_template: tuple[Path, World], tmp_path: Path) -> Iterator[World]:
    yield from _copy(world_template, tmp_path)


@pytest.fixture
def played(played_template: tuple[Path, World], tmp_path: Path) -> Iterator[World]:
    """The world with four complete hands."""
    yield from _copy(played_template, tmp_path)


@pytest.fixture(scope="session")
def bulk_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Services, dict[str, int]]]:
    """5,000 bulk hands over 4 tables × 5 sessions (shared, read-only)."""
    path = tmp_path_factory.mktemp("bulk") / "bulk.sqlite3"
    services = Services.open(f"sqlite:///{path}")
    ids = bulk_hands(services.db, 5000)
    yield services, ids
    services.close()


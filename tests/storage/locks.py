"""This process's POSIX locks on some files, read from /proc/locks (Linux)."""

from __future__ import annotations

import os
from pathlib import Path


def sqlite_files(path: Path) -> list[Path]:
    """The database file and its WAL and shared-memory files."""
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def held_locks(paths: list[Path]) -> set[tuple[str, str, str, str]]:
    """(file name, READ/WRITE, start, end) of each POSIX lock this process holds on ``paths``."""
    inodes = {p.stat().st_ino: p.name for p in paths if p.exists()}
    found = set()
    with open("/proc/locks") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) > 1 and fields[1] == "->":
                fields = fields[:1] + fields[2:]
            if fields[1] != "POSIX" or int(fields[4]) != os.getpid():
                continue
            inode = int(fields[5].split(":")[2])
            if inode in inodes:
                found.add((inodes[inode], fields[3], fields[6], fields[7]))
    return found

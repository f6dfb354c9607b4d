"""Times in the reports: UTC in storage, shown in a zone (the local one unless given)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from dealer_app.text import tr


def local_time(moment: datetime | None, tz: tzinfo | None = None, *,
               seconds: bool = True) -> str:
    """``2025-01-02 20:15:03`` in the local zone (or ``tz``); empty for None."""
    if moment is None:
        return ""
    shown = moment.astimezone(tz)
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def zoned_time(moment: datetime | None, tz: tzinfo | None = None, *,
               seconds: bool = True) -> str:
    """``2025-01-02 21:15:03 CET``: date, time and the zone's name (or its offset), in the
    local zone (or ``tz``); empty for None. For everything printed."""
    if moment is None:
        return ""
    shown = moment.astimezone(tz)
    zone = shown.tzname() or shown.strftime("UTC%z")
    return shown.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M") + f" {zone}"


def zone_label(moment: datetime, tz: tzinfo | None = None) -> str:
    """``CET (UTC+01:00)``: the zone the times of a printed report are shown in."""
    shown = moment.astimezone(tz)
    offset = shown.strftime("%z")
    name = shown.tzname() or tr("local", "time zone")
    return f"{name} (UTC{offset[:3]}:{offset[3:]})"


def iso_z(moment: datetime | None) -> str:
    """``2025-01-02T20:15:03Z`` (UTC); empty for None."""
    if moment is None:
        return ""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

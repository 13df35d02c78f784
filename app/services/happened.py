"""What a service did that others take up from there: said where it happens, heard by whoever
listens. A banking, a night begun or ended: the service that does it says so here and imports
no listener; the chat's outbox (services/notify/outbox.py) listens, and writes the event into
the same transaction as what it tells of, so that it is sent exactly when that is committed
(SPEC section 12). The one arrow runs from the listener to the service, never back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from blinker import Namespace

from ..models import Group

_said = Namespace()
# A group's event (SPEC section 12's names: match_banked, night_started, ...), with its own part
# (`match`, `night`) made only if someone asks for it.
group_event = _said.signal("group-event")


def tell(group: Group, event: str, part: Callable[[], dict[str, Any]] = dict) -> None:
    """`event` happened in `group`, in the transaction under way; `part` says it in full."""
    group_event.send(group, event=event, part=part)

"""A registry name -> handler that refuses a second handler for a name (a new template can't silently
take over another one's op or condition).  Imports no other engine module."""
from __future__ import annotations

from typing import Callable, Iterator, Mapping

Handler = Callable[..., bool]


class DuplicateRegistration(ValueError):
    """A name was registered twice."""


class Registry:
    """``name -> handler`` in registration order.  ``kind`` names what is registered (for messages)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._handlers: dict[str, Handler] = {}

    def register(self, name: str, handler: Handler) -> None:
        if name in self._handlers:
            raise DuplicateRegistration(f"{self.kind} {name!r} is registered twice")
        self._handlers[name] = handler

    def register_all(self, handlers: Mapping[str, Handler]) -> None:
        for name, handler in handlers.items():
            self.register(name, handler)

    def get(self, name: str) -> Handler | None:
        return self._handlers.get(name)

    def __getitem__(self, name: str) -> Handler:
        try:
            return self._handlers[name]
        except KeyError:
            raise KeyError(f"unknown {self.kind} {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)

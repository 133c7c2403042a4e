"""Casual games: a player challenges another user (who accepts with a deck of their own) or plays a
bot, with one of their legal decklists or a random legal deck of a format."""
from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from gameplay.models import HostedMatch, HostedSeat
from gameplay.services.common import Forbidden, GameError
from gameplay.services.matches import SeatSpec, game_start_next, hosted_match_create, set_status

RANDOM_DECK_ATTEMPTS = 30


def casual_deck(*, user, choice: dict[str, Any], engine: str = "mlp", seed: int | None = None) -> tuple[dict, str]:
    """(engine deck, where it came from) for ``choice``: ``{"decklist_version": id}`` (one of the user's
    legal decklists) or ``{"random_format": slug}`` (a random deck the format's validator accepts)."""
    from gameplay.engines import get_engine

    adapter = get_engine(engine)
    if not isinstance(choice, dict):
        raise GameError("deck must be an object: {decklist_version: id} or {random_format: slug}.")
    if choice.get("decklist_version") is not None:
        from decks.models import DecklistVersion

        version = DecklistVersion.objects.filter(pk=choice["decklist_version"], decklist__player=user).first() if str(choice["decklist_version"]).isdigit() else None
        if version is None:
            raise GameError("deck.decklist_version: not one of your decklists.")
        if not version.legal:
            raise GameError("deck.decklist_version: that decklist is not legal; fix it first (101, 102.1).")
        return adapter.deck_from_entries(version.entries), f"{version.decklist}"
    if choice.get("random_format"):
        return _random_format_deck(choice["random_format"], adapter, seed), f"random {choice['random_format']} deck"
    raise GameError("deck: give decklist_version or random_format.")


def _random_format_deck(slug: str, adapter, seed: int | None) -> dict:
    from decks.deckparse import entries_to_lines
    from decks.models import Format
    from decks.validation import validate_deck
    from tournaments.demo_decks import harmony_deck

    fmt = Format.objects.filter(slug=slug).first()
    if fmt is None:
        raise GameError(f"deck.random_format: no format {slug!r}.")
    if fmt.rules.get("pool"):
        raise GameError("deck.random_format: limited formats need a card pool; choose a constructed format.")
    rng = random.Random(seed)
    for _ in range(RANDOM_DECK_ATTEMPTS):
        try:
            entries = harmony_deck(fmt=fmt, rng=rng)
        except ValueError as exc:
            raise GameError(f"deck.random_format: {exc}") from None
        report = validate_deck(lines=entries_to_lines(entries), fmt=fmt, on=dt.date.today())
        if report.legal:
            return adapter.deck_from_entries(report.entries())
    raise GameError(f"deck.random_format: could not build a legal {fmt.name} deck.")


def casual_challenge(*, by, deck: dict, opponent: str | None = None, bot: bool = False, best_of: int = 1,
                     bot_deck: dict | None = None) -> HostedMatch:
    """Challenge a user (they accept with their own deck) or start a game against a bot at once."""
    if not getattr(by, "is_authenticated", False):
        raise Forbidden("Log in to play.")
    if bool(opponent) == bool(bot):
        raise GameError("Choose either an opponent (a username) or a bot.")
    my_deck, source = casual_deck(user=by, choice=deck)
    me = SeatSpec(name=by.get_username(), deck=my_deck, user=by, deck_source=source)
    if bot:
        their_deck, their_source = casual_deck(user=by, choice=bot_deck or {"random_format": "mlp-harmony"})
        other = SeatSpec(name="Bot (weighted)", deck=their_deck, bot_policy="weighted", deck_source=their_source)
    else:
        user = get_user_model().objects.filter(username=opponent).first()
        if user is None:
            raise GameError(f"opponent: there is no user {opponent!r}.")
        if user.pk == by.pk:
            raise GameError("opponent: challenge someone else.")
        other = SeatSpec(name=user.get_username(), deck=None, user=user)
    return hosted_match_create(seats=[me, other], best_of=best_of, created_by=by)


def casual_accept(*, match_id: int, by, deck: dict) -> HostedMatch:
    """The challenged player accepts with their deck: the first game starts."""
    with transaction.atomic():
        match = HostedMatch.objects.select_for_update().get(pk=match_id)
        seat = HostedSeat.objects.filter(match=match, user=by).first()
        if seat is None:
            raise Forbidden("Only the challenged player may accept.")
        if match.status != HostedMatch.Status.WAITING or seat.deck:
            raise GameError("This challenge is no longer waiting for you.")
        seat.deck, seat.deck_source = casual_deck(user=by, choice=deck)
        seat.save(update_fields=["deck", "deck_source"])
        game_start_next(match)
    return match


def casual_cancel(*, match_id: int, by) -> HostedMatch:
    """Either player withdraws a challenge that has not started."""
    with transaction.atomic():
        match = HostedMatch.objects.select_for_update().get(pk=match_id)
        if not HostedSeat.objects.filter(match=match, user=by).exists():
            raise Forbidden("Only a player of this challenge may cancel it.")
        if match.status != HostedMatch.Status.WAITING:
            raise GameError("The match has started: concede instead (103.4).")
        set_status(match, HostedMatch.Status.ABANDONED)
    return match

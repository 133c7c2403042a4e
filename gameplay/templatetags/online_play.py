"""Template tags for pages of other apps that show online play (the event page's "Play your match")."""
from __future__ import annotations

from django import template

from gameplay.models import HostedMatch

register = template.Library()


@register.simple_tag
def hosted_match(match_id) -> HostedMatch | None:
    """The hosted match of a tournament match id (None for a paper match, a bye, or one not hosted)."""
    if not match_id:
        return None
    return HostedMatch.objects.filter(tournament_match_id=match_id).first()

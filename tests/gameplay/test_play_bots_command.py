"""``manage.py play_bots`` plays bot matches through the real services and prints a summary."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from gameplay.models import HostedMatch
from tests.gameplay.online_fixtures import online  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)  # the command commits as it goes, like the real one


def test_play_bots_plays_matches_to_the_end_and_reports_them(online):
    out = StringIO()
    call_command("play_bots", "--matches", "2", "--seed", "3", "--json", stdout=out, stderr=StringIO())
    summary = json.loads(out.getvalue())
    assert summary["matches"] == 2 and summary["finished"] == 2 and summary["replay_matches_stored_state"] is True
    assert summary["actions"] > 100
    assert HostedMatch.objects.filter(status="finished").count() == 2


def test_play_bots_refuses_zero_matches(online):
    with pytest.raises(CommandError):
        call_command("play_bots", "--matches", "0", stdout=StringIO(), stderr=StringIO())

"""Sealed events: presets, seeded pools a judge can regenerate, hidden pools, special products, paper pools."""
from __future__ import annotations

import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from decks.models import CardPool
from limited import selectors, services
from limited.models import LimitedEvent, LimitedProduct, OpenedPack
from tournaments.services import NotPermitted

pytestmark = pytest.mark.django_db


def test_the_floor_rules_presets_give_the_recommended_packs(act, organiser, limited_event):
    event = limited_event(4)
    odyssey = act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="odyssey-sealed")
    assert Counter(odyssey.packs) == {"EO": 3, "HM": 2, "MT": 3}
    premiere = act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="premiere-sealed")
    assert Counter(premiere.packs) == {"PR": 2, "CN": 2, "CG": 2, "AD": 2}
    event.refresh_from_db()
    assert event.structure == "sealed"


def test_a_custom_sealed_pool_is_eight_packs_of_sets_with_boosters(act, organiser, limited_event):
    event = limited_event(4)
    limited = act(services.limited_configure, event=event, by=organiser, kind="sealed", packs=["DE"] * 4 + ["LL"] * 4)
    assert limited.packs == ["DE"] * 4 + ["LL"] * 4
    with pytest.raises(services.LimitedError, match=r"8 booster packs \(Limited Play, Sealed Deck Format\); 7 given"):
        act(services.limited_configure, event=event, by=organiser, kind="sealed", packs=["DE"] * 7)
    with pytest.raises(services.LimitedError, match="Rock N Rave has no booster pack"):
        act(services.limited_configure, event=event, by=organiser, kind="sealed", packs=["RR"] * 8)


def test_a_constructed_format_can_not_run_a_sealed_event(act, organiser, make_user):
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import Format
    from tournaments.services import event_create

    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_create(by=organiser, name="Harmony", game=fmt.game, format=fmt, starts_at=timezone.now() + timedelta(days=1))
    with pytest.raises(services.LimitedError, match="use a limited format"):
        act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="odyssey-sealed")


def test_opening_gives_each_player_eight_packs_a_judge_can_regenerate(act, organiser, head_judge, limited_event):
    event = limited_event(4)
    act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="premiere-sealed")
    assert act(services.sealed_open_pools, event=event, by=head_judge) == 4
    limited = LimitedEvent.objects.get(event=event)
    assert limited.status == "building"
    player = event.registrations.first().player
    pool = selectors.pool_cards(event=event, player=player)
    assert sum(c["qty"] for c in pool) == 8 * 12
    # The judge regenerates pack 3 (a Canterlot Nights pack) with the command and gets the same cards.
    pack = OpenedPack.objects.get(limited=limited, player=player, index=2)
    out = StringIO()
    call_command("open_packs", "--set", pack.set_code, "--seed", str(event.seed), "--player", str(player.pk),
                 "--first", "2", "--json", stdout=out)
    assert [c["guid"] for c in json.loads(out.getvalue())["packs"][0]["cards"]] == pack.cards
    with pytest.raises(services.LimitedError, match="already opened"):
        act(services.sealed_open_pools, event=event, by=organiser)


def test_only_staff_open_pools_and_a_players_pool_is_theirs_alone(act, organiser, limited_event, client):
    event = limited_event(4)
    act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="odyssey-sealed")
    me, other = [r.player for r in event.registrations.order_by("player__username")[:2]]
    with pytest.raises(NotPermitted):
        act(services.sealed_open_pools, event=event, by=me)
    act(services.sealed_open_pools, event=event, by=organiser)
    client.force_login(me)
    mine = client.get(f"/api/limited/events/{event.slug}/pool/").json()
    other_guids = set(CardPool.objects.get(event=event, player=other).entries.values_list("card__guid", flat=True))
    my_guids = {c["guid"] for c in mine["pool"]}
    assert my_guids == set(CardPool.objects.get(event=event, player=me).entries.values_list("card__guid", flat=True))
    assert len(mine["packs"]) == 8
    assert client.get(f"/api/limited/events/{event.slug}/pools/").status_code == 403
    assert "Only the event" in client.get(f"/limited/{event.slug}/pools/").content.decode()
    assert other_guids - my_guids  # the other pool differs and none of its own cards leaked into the payload
    public = {c["guid"] for c in mine["provided"]}  # the block's provided Manes and Starting Problems
    leaked = (other_guids - my_guids - public) & set(json.dumps(mine).split('"'))
    assert not leaked


def test_a_special_product_adds_the_cards_each_player_keeps(act, organiser, limited_event):
    event = limited_event(2)
    product = services.limited_product_create(by=organiser, name="Marks in Time Pack Drafter",
                                              packs=["MT", "MT", "HM", "EO"], extra_cards=["MT1"])
    limited = act(services.limited_configure, event=event, by=organiser, kind="booster_draft", product=product, review_seconds=0,
                  pick_timer_max=0, bots_fill=True)
    assert limited.product_name == "Marks in Time Pack Drafter" and limited.extra_cards == ["MT1"]
    from limited import draft

    act(draft.draft_seat_pods, event=event, by=organiser)
    act(draft.draft_start, event=event, by=organiser)
    # bots and the two drafters' picks: let the timer-less draft run by auto-picking everyone
    from limited.models import Pod

    pod = Pod.objects.get(limited=limited)
    for seat in pod.seats.filter(bot=False):
        act(draft.draft_presence, seat=seat, connected=False)
    pod.refresh_from_db()
    assert pod.status == "finished"
    player = event.registrations.first().player
    numbers = Counter({c["number"]: c["qty"] for c in selectors.pool_cards(event=event, player=player)})
    assert numbers["MT1"] >= 1 and sum(numbers.values()) == 48 + 1
    with pytest.raises(services.LimitedError, match="exists already"):
        services.limited_product_create(by=organiser, name="marks in time pack drafter", packs=["MT"] * 4)
    assert LimitedProduct.objects.count() == 1


def test_judges_record_paper_pools(act, organiser, head_judge, limited_event):
    event = limited_event(2)
    act(services.limited_configure, event=event, by=organiser, kind="booster_draft", preset_key="odyssey-draft", mode="paper")
    from limited import draft

    pods = act(draft.draft_seat_pods, event=event, by=organiser)
    assert pods[0].seats.count() == 2
    act(draft.draft_start, event=event, by=organiser)
    assert LimitedEvent.objects.get(event=event).status == "building"
    player = event.registrations.first().player
    act(services.pool_set_by_judge, event=event, by=head_judge, player=player, cards={"MT10": 2, "HM20": 1})
    assert {c["number"]: c["qty"] for c in selectors.pool_cards(event=event, player=player)} == {"MT10": 2, "HM20": 1}
    with pytest.raises(services.LimitedError, match="unknown card 'XX1'"):
        act(services.pool_set_by_judge, event=event, by=head_judge, player=player, cards={"XX1": 1})

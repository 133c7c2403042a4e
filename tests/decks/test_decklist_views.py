"""The decklist pages: the public deck check, my list (submit, replace, change request), the event's lists,
publication, deck checks, downloads; and the admin where organisers add formats."""
from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decklist_helpers import LEGAL_TEXT, OCTGN, deck_text
from decks import services
from decks.deckparse import parse_deck
from decks.models import DeckCheck, Decklist, DecklistChangeRequest
from decks.validation import validate_deck

pytestmark = pytest.mark.django_db
TYPO = deck_text(replace=("2x Blue Jay, Warbler", "2x Blue Jay, Warblr"))


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_check_a_deck_page_is_public_and_linked_from_the_menu():
    page = client_for().get(reverse("decklist-validate"))
    assert page.status_code == 200 and 'name="deck"' in page.content.decode()
    assert reverse("decklist-validate") in client_for().get("/").content.decode()


def test_pasting_a_list_shows_the_report_with_rule_numbers():
    page = client_for().post(reverse("decklist-validate"), {"deck": deck_text(add="1x PR16"), "format": "mlp-harmony",
                                                            "date": "2016-09-01"})
    html = page.content.decode()
    assert page.status_code == 200 and "Not legal" in html
    assert "Rainbowshine, Cloud Wrangler (PR16) is banned in Harmony Constructed since 2015-01-30" in html
    assert "Format Legality (Harmony banlist)" in html


def test_the_same_list_is_legal_on_a_date_before_its_ban():
    page = client_for().post(reverse("decklist-validate"), {"deck": deck_text(add="1x PR16"), "format": "mlp-harmony",
                                                            "date": "2015-01-29"})
    assert ">Legal<" in page.content.decode()


def test_uploading_an_octgn_file_shows_its_report():
    upload = SimpleUploadedFile("deck.o8d", (OCTGN / "ponycards-unfixed/Enhanced-Theme-Decks__Rarity-Theme-Deck-Enhanced.o8d").read_bytes())
    html = client_for().post(reverse("decklist-validate"), {"deck_file": upload, "format": "mlp-harmony", "date": "2016-09-01"}).content.decode()
    assert "102.1" in html and "101.1" in html


@pytest.mark.parametrize("data,message", [
    ({"deck": "", "format": "mlp-harmony"}, "paste a decklist"),
    ({"deck": "3 Yay!", "format": "no-such-format"}, "unknown format"),
    ({"deck": "3 Yay!", "format": "mlp-harmony", "date": "yesterday"}, "not a date"),
    ({"deck": "<!DOCTYPE l [<!ENTITY a 'aaaa'><!ENTITY b '&a;&a;&a;'>]><deck>&b;</deck>", "format": "mlp-harmony"}, "refused"),
])
def test_bad_input_on_the_check_page_gets_a_clear_error(data, message):
    page = client_for().post(reverse("decklist-validate"), data)
    assert page.status_code == 400 and message in page.content.decode()


def test_a_binary_upload_gets_a_clear_error():
    upload = SimpleUploadedFile("cat.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    page = client_for().post(reverse("decklist-validate"), {"deck_file": upload, "format": "mlp-harmony"})
    assert page.status_code == 400 and "binary data" in page.content.decode()


def test_a_player_submits_sees_the_typo_flagged_fixes_it_and_it_is_accepted(event, players):
    client = client_for(players[0])
    url = reverse("decklist-mine", args=[event.slug])
    page = client.post(url, {"deck": TYPO}, follow=True)
    html = page.content.decode()
    assert "incorrect" in html and "Blue Jay, Warblr" in html and "Game Warning" in html
    page = client.post(url, {"deck": LEGAL_TEXT}, follow=True)
    html = page.content.decode()
    assert "Decklist accepted (version 2)" in html and ">Legal<" in html
    assert "Replace my decklist" in html


def test_after_the_deadline_my_page_offers_a_change_request_instead(event, players, head_judge):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    client = client_for(players[0])
    url = reverse("decklist-mine", args=[event.slug])
    assert "Ask the head judge to approve this change" in client.get(url).content.decode()
    page = client.post(url, {"deck": TYPO, "reason": ""})
    assert page.status_code == 400 and "say why" in page.content.decode()
    client.post(url, {"deck": TYPO, "reason": "swapped a card"})
    change = DecklistChangeRequest.objects.get()
    judge = client_for(head_judge)
    detail = judge.get(reverse("decklist-detail", args=[event.slug, "player1"])).content.decode()
    assert "swapped a card" in detail and "Approve" in detail
    judge.post(reverse("decklist-change-decide", args=[event.slug, change.pk]), {"decision": "approve", "note": "ok"})
    history = judge.get(reverse("decklist-detail", args=[event.slug, "player1"])).content.decode()
    assert "change_approved" in history and "head_judge" in history
    assert Decklist.objects.get().current.number == 2


def test_the_organiser_sees_every_list_and_publishes_them(event, players, organiser):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    services.decklist_submit(event=event, player=players[1], data=TYPO)
    client = client_for(organiser)
    html = client.get(reverse("decklist-event", args=[event.slug])).content.decode()
    assert "player1" in html and "player2" in html and "incorrect list" in html
    assert "No list yet" not in html
    assert "Publish the decklists" not in html and "once they lock" in html  # Public Event Information
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save(update_fields=["decklist_deadline"])
    html = client.get(reverse("decklist-event", args=[event.slug])).content.decode()
    assert "Publish the decklists" in html
    client.post(reverse("decklist-publish", args=[event.slug]))
    assert "Publish the decklists" not in client.get(reverse("decklist-event", args=[event.slug])).content.decode()
    assert client_for().get(reverse("decklist-detail", args=[event.slug, "player2"])).status_code == 200


def test_a_judge_records_a_deck_check_from_the_phone_page(event, players, floor_judge):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    client = client_for(floor_judge)
    client.post(reverse("decklist-deck-check", args=[event.slug, "player1"]),
                {"outcome": "discrepancy", "note": "one Yay! missing", "penalty_class": "game_loss", "round": "2"})
    check = DeckCheck.objects.get()
    assert (check.outcome, check.penalty_class, check.round_number, check.judge) == ("discrepancy", "game_loss", 2, floor_judge)
    assert "one Yay! missing" in client.get(reverse("decklist-detail", args=[event.slug, "player1"])).content.decode()


@pytest.mark.parametrize("fmt", ["txt", "o8d"])
def test_a_downloaded_list_reads_back_as_the_same_deck(fmt, event, players):
    services.decklist_submit(event=event, player=players[0], data=(OCTGN / "gamemasterluna/Original-Theme-Decks__Pinkie-Pie-Theme-Deck.o8d").read_bytes())
    response = client_for(players[0]).get(reverse("decklist-export", args=[event.slug, "player1", fmt]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    _kind, lines, _ = parse_deck(response.content)
    report = validate_deck(lines=lines, fmt="mlp-harmony", on=dt.date(2016, 9, 1))
    original = Decklist.objects.get().current.report["deck"]
    assert report.legal and report.as_dict()["deck"] == original
    assert all(r.status == "exact" for r in report.lines)


def test_the_admin_lets_organisers_edit_formats_and_banlists(make_user):
    admin = make_user("admin", is_staff=True, is_superuser=True)
    client = client_for(admin)
    from decks.models import Format

    harmony = Format.objects.get(slug="mlp-harmony")
    page = client.get(reverse("admin:decks_format_change", args=[harmony.pk]))
    assert page.status_code == 200 and "Banlist entries" in page.content.decode() or "banlist" in page.content.decode().lower()
    for name in ("decks_banlistentry", "decks_decklist", "decks_cardpool", "decks_deckcheck", "decks_decklistchangerequest"):
        assert client.get(reverse(f"admin:{name}_changelist")).status_code == 200


def test_a_20_mb_paste_gets_a_clear_error_and_stores_nothing(event, players):
    huge = "3 Yay!\n" * (20 * 1024 * 1024 // 7)
    page = client_for().post(reverse("decklist-validate"), {"deck": huge, "format": "mlp-harmony"})
    assert page.status_code == 400 and "too large" in page.content.decode()
    page = client_for(players[0]).post(reverse("decklist-mine", args=[event.slug]), {"deck": huge}, follow=True)
    assert "too large" in page.content.decode() and not Decklist.objects.exists()


def test_a_20_mb_upload_on_my_page_is_refused_and_stores_nothing(event, players):
    upload = SimpleUploadedFile("huge.o8d", b"<deck>" + b" " * (20 * 1024 * 1024) + b"</deck>")
    page = client_for(players[0]).post(reverse("decklist-mine", args=[event.slug]), {"deck_file": upload})
    assert page.status_code == 400 and "a decklist is a few KB" in page.content.decode()
    assert not Decklist.objects.exists()


def test_the_judges_see_which_registered_players_have_no_list_yet(event, players, head_judge):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    html = client_for(head_judge).get(reverse("decklist-event", args=[event.slug])).content.decode()
    assert "No list yet (required):</strong> player2" in html


def test_the_deck_check_page_shows_examples_of_the_chosen_formats_game(client):
    mlp = client.get("/decklists/").content.decode()
    assert '<span class="deck-example" data-game="mlp">' in mlp and '<span class="deck-example" data-game="neopets" hidden>' in mlp
    neo = client.post("/decklists/", {"format": "neopets-constructed", "deck": "1 Demo Kacheek"}).content.decode()
    assert '<span class="deck-example" data-game="neopets">' in neo and '<span class="deck-example" data-game="mlp" hidden>' in neo
    assert "Demo Kacheek</code>" in neo


def test_the_page_asks_before_a_legal_list_is_replaced_and_restores_an_earlier_version(event, players):
    client = Client()
    client.force_login(players[0])
    url = reverse("decklist-mine", args=[event.slug])
    client.post(url, {"deck": LEGAL_TEXT})
    illegal = LEGAL_TEXT + "\n1x Fluttershy"
    asked = client.post(url, {"deck": illegal})
    page = asked.content.decode()
    assert asked.status_code == 409 and "Replace my legal list anyway" in page and 'name="replace_legal" value="1"' in page
    assert Decklist.objects.get(event=event, player=players[0]).versions.count() == 1
    client.post(url, {"deck": illegal, "replace_legal": "1"})
    page = client.get(url).content.decode()
    assert "Versions" in page and '<a href="?version=1#viewing">open</a>' in page
    opened = client.get(url + "?version=1").content.decode()
    assert "You are looking at an earlier version; your registered list is version 2." in opened
    done = client.post(reverse("decklist-restore", args=[event.slug, 1]), follow=True)
    assert "Version 1 restored as version 3; the deck is legal." in done.content.decode()

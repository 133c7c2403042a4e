"""The decklist REST API: validate, submit/replace (JSON entries, text, .o8d, upload), read, publish,
change request and approval, deck check; bad input gets a clear 400 and stores nothing."""
from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from decklist_helpers import FIXTURES, LEGAL_TEXT, OCTGN, deck_text
from decks.models import Decklist, DecklistVersion

pytestmark = pytest.mark.django_db
TYPO = deck_text(replace=("2x Blue Jay, Warbler", "2x Blue Jay, Warblr"))


def as_user(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_anyone_validates_a_text_list_against_a_format_and_date():
    response = APIClient().post("/api/decklists/validate/", {"format": "mlp-harmony", "date": "2016-05-31",
                                                             "text": deck_text(add="2x I Need Answers")}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["date"] == "2016-05-31" and body["format"]["slug"] == "mlp-harmony"
    assert "101.3" in [p["rule"] for p in body["problems"]]  # 12 Problems
    assert not any("banned" in p["message"] for p in body["problems"])


def test_the_api_validates_json_entries_and_o8d_text():
    entries = [{"card": "PR6", "qty": 1}, {"card": "Blue Jay", "qty": 2}]
    body = APIClient().post("/api/decklists/validate/", {"format": "mlp-harmony", "cards": entries}, format="json").json()
    assert [p["class"] for p in body["problems"]][0] == "incorrect"
    o8d = (OCTGN / "gamemasterluna/Original-Theme-Decks__Fluttershy-Theme-Deck.o8d").read_text(encoding="utf-8-sig")
    body = APIClient().post("/api/decklists/validate/", {"format": "mlp-harmony", "o8d": o8d}, format="json").json()
    assert body["legal"] is True and body["source_kind"] == "o8d"


def test_the_api_validates_an_uploaded_file():
    upload = SimpleUploadedFile("deck.o8d", (FIXTURES / "handwritten.o8d").read_bytes())
    response = APIClient().post("/api/decklists/validate/", {"format": "mlp-harmony", "deck_file": upload}, format="multipart")
    assert response.status_code == 200 and response.json()["legal"] is False


@pytest.mark.parametrize("payload,message", [
    ({"format": "nope", "text": "3 Yay!"}, "unknown format"),
    ({"format": "mlp-harmony"}, "exactly one"),
    ({"format": "mlp-harmony", "text": "1 Yay!", "o8d": "<deck/>"}, "exactly one"),
    ({"format": "mlp-harmony", "o8d": "<!DOCTYPE d [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><deck>&e;</deck>"}, "refused"),
    ({"format": "mlp-harmony", "cards": [{"card": "Yay!", "qty": 500}]}, "less than or equal to 99"),
])
def test_bad_validation_requests_get_a_clear_400(payload, message):
    response = APIClient().post("/api/decklists/validate/", payload, format="json")
    assert response.status_code == 400
    assert message.lower() in str(response.json()).lower()


def test_a_20_mb_upload_is_refused(event, players):
    upload = SimpleUploadedFile("huge.txt", b"3 Yay!\n" * (3 * 1024 * 1024))
    response = as_user(players[0]).post(f"/api/decklists/{event.slug}/mine/", {"deck_file": upload}, format="multipart")
    assert response.status_code == 400 and "larger than" in str(response.json())
    assert not Decklist.objects.exists()


def test_a_player_submits_with_a_token_replaces_and_reads_their_list(event, players):
    token = Token.objects.create(user=players[0])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    first = client.post(f"/api/decklists/{event.slug}/mine/", {"text": TYPO}, format="json")
    assert first.status_code == 201
    assert first.json()["report"]["penalty_class"] == "game_warning" and first.json()["version"] == 1
    second = client.post(f"/api/decklists/{event.slug}/mine/", {"text": LEGAL_TEXT, "reason": "typo"}, format="json")
    assert second.status_code == 200 and second.json()["version"] == 2 and second.json()["penalty_class"] == ""
    mine = client.get(f"/api/decklists/{event.slug}/mine/").json()
    assert [v["kind"] for v in mine["versions"]] == ["submitted", "replaced"]
    assert mine["entries"][0]["name"] == "Fluttershy, Beastmaster"


def test_a_player_submits_json_entries(event, players):
    entries = [{"card": "935e02bc-b14d-4a49-ae4d-375f567fb3ac", "qty": 1, "section": "Mane Character"}]
    response = as_user(players[0]).post(f"/api/decklists/{event.slug}/mine/", {"cards": entries}, format="json")
    assert response.status_code == 201 and response.json()["legal"] is False


def test_submitting_after_the_deadline_is_a_conflict_and_a_change_request_goes_to_the_head_judge(event, players, head_judge):
    client = as_user(players[0])
    client.post(f"/api/decklists/{event.slug}/mine/", {"text": TYPO}, format="json")
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=5)
    event.save()
    late = client.post(f"/api/decklists/{event.slug}/mine/", {"text": LEGAL_TEXT}, format="json")
    assert late.status_code == 409 and "deadline" in late.json()["detail"]
    change = client.post(f"/api/decklists/{event.slug}/player1/change-request/", {"text": LEGAL_TEXT, "reason": "typo"}, format="json")
    assert change.status_code == 201 and change.json()["status"] == "pending"
    decided = as_user(head_judge).post(f"/api/decklists/{event.slug}/player1/changes/{change.json()['id']}/decide/",
                                       {"decision": "approve", "note": "ok"}, format="json")
    assert decided.json() == {"id": change.json()["id"], "status": "approved", "version": 2}
    body = client.get(f"/api/decklists/{event.slug}/mine/").json()
    assert body["versions"][-1]["approved_by"] == "head_judge" and body["versions"][-1]["reason"] == "typo"


def test_a_judge_records_a_deck_check_through_the_api(event, players, floor_judge):
    as_user(players[0]).post(f"/api/decklists/{event.slug}/mine/", {"text": LEGAL_TEXT}, format="json")
    response = as_user(floor_judge).post(f"/api/decklists/{event.slug}/player1/deck-check/",
                                         {"outcome": "discrepancy", "note": "a fourth Red Gala", "round": 3}, format="json")
    assert response.status_code == 201 and response.json()["penalty_class"] == "game_loss"
    assert as_user(floor_judge).post(f"/api/decklists/{event.slug}/player1/deck-check/", {"outcome": "maybe"},
                                     format="json").status_code == 400


def test_bad_submissions_store_nothing(event, players):
    client = as_user(players[0])
    for payload in ({"o8d": "<deck><section"}, {"text": "\x00\x00\x00binary\x00"}, {"cards": [{"qty": 2}]}):
        assert client.post(f"/api/decklists/{event.slug}/mine/", payload, format="json").status_code == 400
    assert not DecklistVersion.objects.exists()


def test_an_unknown_event_is_404(players):
    assert as_user(players[0]).get("/api/decklists/no-such-event/mine/").status_code == 404


def test_a_20_mb_json_body_is_refused_with_a_400(event, players):
    body = '{"text": "' + "3 Yay!\\n" * (20 * 1024 * 1024 // 8) + '"}'
    response = as_user(players[0]).post(f"/api/decklists/{event.slug}/mine/", body, content_type="application/json")
    assert response.status_code == 400 and "too large" in response.json()["detail"]
    assert not Decklist.objects.exists()


def test_the_api_asks_before_a_legal_list_is_replaced_and_restores_earlier_versions(event, players):
    client = as_user(players[0])
    url = f"/api/decklists/{event.slug}/mine/"
    client.post(url, {"text": LEGAL_TEXT}, format="json")
    illegal = deck_text(add="1x Fluttershy")
    refused = client.post(url, {"text": illegal}, format="json")
    assert refused.status_code == 409
    body = refused.json()
    assert body["code"] == "legal_list_would_be_replaced" and body["registered_version"] == 1 and not body["report"]["legal"]
    assert client.post(url, {"text": illegal, "replace_legal": True}, format="json").json()["version"] == 2
    old = client.get(f"{url}versions/1/").json()
    assert old["legal"] is True and old["source"] == LEGAL_TEXT
    restored = client.post(f"{url}versions/1/restore/", {}, format="json")
    assert restored.status_code == 200 and restored.json()["version"] == 3 and restored.json()["legal"] is True
    assert as_user(players[1]).get(f"{url}versions/1/").status_code == 404  # another player's: they have none

from __future__ import annotations

from rest_framework import serializers

from decks.models import BoostedSide, Card, CardSet, Game


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["slug", "name"]


class CardSetSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    card_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = CardSet
        fields = ["game", "code", "name", "release_date", "block", "supplemental", "demo", "card_count"]


class BoostedSideSerializer(serializers.ModelSerializer):
    class Meta:
        model = BoostedSide
        fields = ["title", "subtitle", "type", "colors", "power", "traits", "keywords", "text", "home_limit"]


class CardSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    set = serializers.CharField(source="card_set.code", read_only=True)
    set_name = serializers.CharField(source="card_set.name", read_only=True)
    full_name = serializers.CharField(read_only=True)
    boosted = BoostedSideSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Card
        fields = [
            "guid", "game", "set", "set_name", "number", "full_name", "title", "subtitle", "type", "colors",
            "power", "cost", "play_requirements", "traits", "keywords", "text", "rarity", "bonus", "home_limit",
            "problem_requirements", "problem_opponent_power", "boosted", "hit_points", "attack", "defence",
            "agility", "level_requirement", "team_icon", "species", "rainbow_pool",
        ]

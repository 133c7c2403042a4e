"""Villain Challenge (QC Queen Chrysalis, NM Nightmare Moon, KS King Sombra): per-card definitions.

The product pits one Villain (a Villain Mane Character with its own Problem deck) against Challengers; no
rules document defines the format.  In the engine's two-player game the cards' own words are read so: "the
Villain" is the player whose card it is (its controller: the Villain deck's cards are the Villain's), "the
Challengers" are that player's opponent ("the Challengers look at an opponent's hand": their opponent is the
Villain).  The Harmonious X / Tyrannical X keywords have no rules text anywhere and stay manual (README).
"""
from __future__ import annotations


def _enters(text: str, effects: list) -> dict:
    return {"kind": "trigger", "on": "enter", "text": text, "effects": effects}


_EXTRA = {"kind": "static", "op": "extra_tokens_draw", "n": 2,
          "text": "You gain an additional [2] during your Action Step, and draw an extra card during your Draw Step."}
_CRYSTAL_HERE = {"type": "Friend", "ctrl": "you", "trait": "Crystal", "at": "here"}
# "Your Crystal Friends here have Competitive X, where X is the number of your Crystal Friends here" (701.2a: X counted
# continuously; Competitive only adds power during a faceoff anyway)
_CRYSTAL_COMPETITIVE = {"kind": "static", "op": "grant_kw", "kw": "Competitive", "n": 1, "target": _CRYSTAL_HERE,
                        "per": {"sel": _CRYSTAL_HERE},
                        "text": "Your Crystal Friends here have Competitive X, where X is the number of your Crystal Friends here."}

_YOU_LOSE = [{"op": "lose_game"}]  # 103.5; the other player wins (103.3)
_OPPONENT_LOSES = [{"op": "lose_game", "who": "opponent"}]

_MY_TMS_HERE = {"type": "Troublemaker", "ctrl": "you", "at": "here"}
_VILLAINS_TRIPLED = [  # "Your Troublemakers here have Villain and have their total power tripled." (507: after every other change)
    {"kind": "static", "op": "grant_kw", "kw": "Villain", "n": 1, "target": _MY_TMS_HERE,
     "text": "Your Troublemakers here have Villain"},
    {"kind": "static", "op": "power_double", "times": 3, "target": _MY_TMS_HERE,
     "text": "and have their total power tripled."}]

_TURN_MANE = {"op": "turn_mane", "own": True}
_CHANGELING_TOKEN = [{"op": "pick_color"},
                     {"op": "token", "power": 2, "color": "chosen", "traits": ["Changeling"], "at": "home"}]

CARDS: dict[str, dict] = {
    "QC11": {"front": [{"kind": "static", "op": "skip_first_turn",
                        "text": "You may skip your first turn. If you do, turn your Mane Character over or choose a color "
                                "and put a 2 power colorless Changeling Friend token with that color into play.",
                        "then": [{"op": "choose_modes", "n": 1, "labels": ["Turn your Mane Character over",
                                                                           "A 2 power Changeling Friend token"],
                                  "modes": [[_TURN_MANE], _CHANGELING_TOKEN]}]}]},
    "NM11": {"front": [{"kind": "static", "op": "skip_first_turn",
                        "text": "You may skip your first turn. If you do, turn your Mane Character over and choose a color "
                                "and put a 2 power colorless Changeling Friend token with that color into play.",
                        "then": [_TURN_MANE, *_CHANGELING_TOKEN]}]},
    # Nightmare Moon, Eternal Night
    "NM1": {
        "front": [_EXTRA, *_VILLAINS_TRIPLED,
                  {"kind": "trigger", "on": "turn_end",
                   "text": "At the end of your turn, if you control at least 2 face-up Troublemakers, turn this card over.",
                   "effects": [{"op": "if", "cond": {"k": "count_at_least", "n": 2,
                                                     "sel": {"type": "Troublemaker", "ctrl": "you"}},
                                "effects": [{"op": "turn_over"}]}]}],
        # "for each opposing player who controls no ready Friends": one opponent in a two-player game
        "boosted": [_EXTRA, *_VILLAINS_TRIPLED,
                    {"kind": "trigger", "on": "turn_end",
                     "text": "At the end of your turn, for each opposing player who controls no ready Friends, score a point.",
                     "effects": [{"op": "if", "cond": {"k": "none", "sel": {"type": "Friend", "ctrl": "opp", "state": "ready"}},
                                  "effects": [{"op": "score", "n": 1}]}]}],
    },
    # King Sombra, Crystal Tyrant
    "KS1": {
        "front": [_EXTRA, {**_CRYSTAL_COMPETITIVE, "fo_only": True, "text": "During Faceoffs, " + _CRYSTAL_COMPETITIVE["text"]},
                  {"kind": "trigger", "on": "fo_start", "fo": "problem", "effects": [{"op": "turn_over"}],
                   "text": "At the start of a Problem Faceoff involving this card, turn this card over."}],
        "boosted": [_EXTRA, _CRYSTAL_COMPETITIVE,
                    {"kind": "trigger", "on": "you_win_fo", "subj": {"once_turn": True},
                     "text": "The first time you win a faceoff each turn, you may dismiss a Friend.",
                     "effects": [{"op": "may", "effects": [{"op": "dismiss", "target": {"type": "Friend"}}]}]}],
    },
    "QC15": {"front": [
        _enters("When this card enters play, the Challengers choose a color.",
                [{"op": "as_opponent", "effects": [{"op": "keep_color"}]}]),
        {"kind": "static", "op": "play_cost", "n": -1, "who": "you", "min": 1, "sel": {"type": "Friend", "color": "chosen"},
         "text": "Your Friends with that color cost [1] less to play, to a minimum of [1]."}]},
    "NM14": {"front": [{"kind": "trigger", "on": "confront_this",
                        "text": "When you confront this Problem, you may pay 2 points. If you do, choose one: Search your "
                                "deck for a Resource, reveal it, and put it into your hand, or put a Resource from your "
                                "hand into play.",
                        "effects": [{"op": "may", "effects": [{"op": "pay_points", "n": 2}, {
                            "op": "choose_modes", "n": 1,
                            "labels": ["Search your deck for a Resource", "Put a Resource from your hand into play"],
                            "modes": [[{"op": "search", "filter": {"type": "Resource"}, "zone": "deck", "to": "hand",
                                        "reveal": True}],
                                      [{"op": "hand_to_play", "filter": {"type": "Resource"}}]]}]}]}]},
    "NM17": {"front": [{"kind": "trigger", "on": "confront_this_any", "by": "opp", "first_opp": True,
                        "text": "The first time the Challengers confront this Problem, they may pay half their points, "
                                "rounded up. If they do, the Challengers take an extra turn after this one.",
                        "effects": [{"op": "may", "effects": [{"op": "pay_points", "half": True}, {"op": "extra_turn"}]}]}]},
    # "one or more ... becomes frightened": one trigger for the Friends frightened before it resolves (``batch``)
    "NM15": {"front": [{"kind": "trigger", "on": "w_fright", "subj": {"sel": {"type": "Friend", "ctrl": "you"}, "batch": True},
                        "text": "When one or more of your Friends becomes frightened, you may pay [1] to move another of "
                                "your Friends.",
                        "effects": [{"op": "may", "effects": [
                            {"op": "pay", "n": 1},
                            {"op": "move", "target": {"type": "Friend", "ctrl": "you", "not_it": True}, "to": "choose"}]}]}]},
    "QC12": {"front": [_enters(
        "When this card enters play, the Challengers look at an opponent's hand and choose a card. That player "
        "discards that card.",
        [{"op": "as_opponent", "effects": [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "disc"}]}])]},
    "NM19": {"front": [{"kind": "trigger", "on": "confront_this_any", "by": "opp",
                        "text": "When the Challengers confront this Problem, they may look at the top card of a Problem "
                                "deck, then put it on the top or bottom of that Problem deck.",
                        "effects": [{"op": "may", "effects": [{"op": "look_top", "n": 1, "whose": "choose", "zone": "pdeck"}]}]}]},
    # The Problems that end the game as they enter play (replacing a solved Problem, 613.2)
    "KS8": {"front": [_enters("When this Problem enters play, the Challengers win the game.", _YOU_LOSE)]},
    "KS9": {"front": [_enters("When this Problem enters play, the Challengers lose the game.", _OPPONENT_LOSES)]},
    "KS19": {"front": [_enters("When this Problem enters play, the Villain wins the game.", _OPPONENT_LOSES)]},
    "KS20": {"front": [_enters("When this Problem enters play, the Villain loses the game.", _YOU_LOSE)]},
    "NM10": {"front": [
        {"kind": "static", "op": "start_pdeck_bottom", "text": "Start the game with this card on the bottom of your Problem deck."},
        _enters("When this Problem enters play, your opponents lose the game.", _OPPONENT_LOSES)]},
}

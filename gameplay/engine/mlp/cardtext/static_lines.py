"""Whole-line continuous abilities: ``STATIC_EXTRA``, ``CONTINUOUS_LINES`` and replacements (710)."""
from __future__ import annotations

from .static_power_and_attachments import POWER_AND_ATTACHMENT_STATICS
from .vocab import COLOR_RE, GRANTABLE_KW, TRAITS, re, word_number
# ------------------------------------------------------------------ more continuous abilities (702)
# Whole-line templates for continuous abilities the generic power/keyword parsers don't cover: power
# counted per something, Score Phase conditions, attachment statics, rule modifiers (costs, home limit,
# confronting, playing and moving restrictions).  Each entry: (regex, card types or None, builder).
_YOU_FRIENDS = {"type": "Friend", "ctrl": "you"}
_HOST = "host"


def _pw(n, target, **kw) -> dict:
    return {"op": "power", "n": int(n), "target": target, **kw}


def _per(n, count) -> dict:
    return {"op": "power_per", "n": int(n), "count": count}


STATIC_EXTRA: list = [
    # --- power (507, 702)
    (r"^Characters with Accessories on them here have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"type": "character", "at": "here", "att": {"type": "Resource", "trait": "Accessory"}})),
    (r"^Friends here with Resources on them have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"type": "Friend", "at": "here", "att": {"type": "Resource"}})),
    (r"^Your Friends with Resources on them have \+(\d+) power$", None,
     lambda m: _pw(m[1], {**_YOU_FRIENDS, "att": {"type": "Resource"}})),
    (r"^This card gets \+(\d+) power for each Resource on it$", None,
     lambda m: _per(m[1], {"sel": {"type": "Resource", "on_src": True}})),
    (r"^This card has \+(\d+) power for each card in your hand$", None, lambda m: _per(m[1], {"k": "your_hand"})),
    (r"^This card has \+(\d+) power for each of your Cutie Marked Friends$", None,
     lambda m: _per(m[1], {"sel": {**_YOU_FRIENDS, "cutie": True}})),
    (r"^This card has \+(\d+) power for each of your Friends with (\d+) or less printed power$", None,
     lambda m: _per(m[1], {"sel": {**_YOU_FRIENDS, "max_printed": int(m[2])}})),
    (r"^This card has \+(\d+) power for each color it has$", None, lambda m: _per(m[1], {"k": "own_colors"})),
    (r"^This card has \+(\d+) power for each other exhausted character at its Problem$", None,
     lambda m: _per(m[1], {"sel": {"type": "character", "other": True, "state": "exhausted", "at": "here"}, "at_problem": True})),
    (r"^This card has \+(\d+) power for each (%s) character at its Problem$" % "|".join(TRAITS), None,
     lambda m: _per(m[1], {"sel": {"type": "character", "trait": m[2], "at": "here"}, "at_problem": True})),
    (r"^This card has ([+-]\d+) power for each color among characters you control$", None,
     lambda m: _per(m[1], {"k": "colors_among", "sel": {"type": "character", "ctrl": "you"}})),
    (r"^This card has ([+-]\d+) power for each color among opposing characters here$", None,
     lambda m: _per(m[1], {"k": "colors_among", "sel": {"type": "character", "ctrl": "opp", "at": "here"}})),
    (r"^This card has ([+-]\d+) power for each different Trait among opposing characters here$", None,
     lambda m: _per(m[1], {"k": "traits_among", "sel": {"type": "character", "ctrl": "opp", "at": "here"}})),
    (r"^This card has \+(\d+) power for each color among Friends in discard piles$", None,
     lambda m: _per(m[1], {"k": "disc_colors"})),
    (r"^This card's power is equal to the number of Friends you have$", ("Friend",),
     lambda m: {"op": "power_is", "count": {"sel": dict(_YOU_FRIENDS)}}),
    (r"^Your Cutie Marked Friends have \+(\d+) power$", None, lambda m: _pw(m[1], {**_YOU_FRIENDS, "cutie": True})),
    (r"^Your Friends with cost (\d+) or less have \+(\d+) power$", None,
     lambda m: _pw(m[2], {**_YOU_FRIENDS, "max_cost": int(m[1])})),
    (r"^Your characters and Troublemakers here have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"types": ["character", "Troublemaker"], "ctrl": "you", "at": "here"})),
    (r"^Your Troublemakers have \+(\d+) power for each of your characters here$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"sel": {"type": "character", "ctrl": "you", "at": "here"}})),
    (r"^Your Troublemakers have \+(\d+) power for each Event in your discard pile$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"k": "disc_type", "type": "Event"})),
    (r"^Your Troublemakers have \+(\d+) power for each frightened Friend$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"sel": {"type": "Friend", "state": "frightened"}})),
    (r"^During your opponent's Score Phase, this card has ([+-]\d+) power$", None,
     lambda m: _pw(m[1], "self", cond={"k": "opp_score_phase"})),
    (r"^This Friend gets ([+-]\d+) power during the Score Phase$", ("Resource",),
     lambda m: _pw(m[1], _HOST, cond={"k": "score_phase"})),
    (r"^During the Score Phase, if this card is exhausted, opposing Friends here have ([+-]\d+) power$", None,
     lambda m: _pw(m[1], {"type": "Friend", "ctrl": "opp", "at": "here"},
                   cond={"k": "all", "of": [{"k": "score_phase"}, {"k": "exhausted"}]})),
    (r"^Opposing Friends with (\d+) or more printed power have ([+-]\d+) power during your turn$", None,
     lambda m: _pw(m[2], {"type": "Friend", "ctrl": "opp", "min_printed": int(m[1])}, cond={"k": "your_turn"})),
    (r"^That Friend has \+(\d+) power for each (.+?) in play$", ("Resource",),
     lambda m: _pw(m[1], _HOST, per={"k": "named", "name": m[2]})),
    (r"^Each of your other Friends at this card's Problem have \+(\d+) power for each card beneath this card$", None,
     lambda m: _pw(m[1], {**_YOU_FRIENDS, "other": True, "at": "here"}, cond={"k": "at_problem"}, per={"k": "beneath"})),
    (r"^That Friend has \+(\d+) power and (Prepared|Eccentric (\d+))$", ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_kw", "n": int(m[3] or 1), "target": _HOST,
                                                                 "kw": m[2].split()[0]}]}),
    # --- action costs (609.2): extra tokens to draw, rally, move or challenge
    (r"^Using the draw action during the Main Phase costs \+\[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "draw", "n": int(m[1]), "who": "all"}),
    (r"^Rallying a frightened Friend costs \+\[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": int(m[1]), "who": "all"}),
    (r"^Opponents (?:must )?pay \+\[(\d+)\] to rally Friends( here)?$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": int(m[1]), "who": "opp", **({"where": "at"} if m[2] else {})}),
    (r"^Opponents can't move characters( to this Problem| away from here)? unless they pay \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[2]), "who": "opp", "unless": True,
                **({"where": "to" if "to this" in m[1] else "from"} if m[1] else {})}),
    (r"^Your opponent must pay \+\[(\d+)\] to move a character to or from this card's Problem$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "to_from", "at_problem": True}),
    (r"^Opposing characters here can't be moved unless their controller pays \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "at", "opposing": True,
                "unless": True}),
    (r"^Characters can't move to or from this card's Problem unless their controller pays \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "all", "where": "to_from", "at_problem": True,
                "unless": True}),
    (r"^Opponents can't challenge your Troublemakers unless they pay \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "challenge", "n": int(m[1]), "who": "opp", "yours": True}),
    (r"^Players can't challenge that Troublemaker unless they pay \[(\d+)\]$", ("Resource",),
     lambda m: {"op": "action_cost", "act": "challenge", "n": int(m[1]), "who": "all", "host": True}),
    (r"^Players can't challenge this Troublemaker unless they have at least (\d+) Friends at its Problem$", ("Troublemaker",),
     lambda m: {"op": "challenge_req", "n": int(m[1]), "type": "Friend"}),
    (r"^This card can't be challenged except by (two|three|\d+) or more characters$", ("Troublemaker",),
     lambda m: {"op": "challenge_req", "n": word_number(m[1]), "type": "character"}),
    # --- confronting (611): extra wild power needed, characters that can't contribute, blocks
    (r"^(During your opponent's turn, )?[Pp]layers need \+(\d+) power to confront this Problem$", ("Resource",),
     lambda m: {"op": "confront_need", "n": int(m[2]), "who": "all", **({"cond": {"k": "opp_turn"}} if m[1] else {})}),
    (r"^Players need \+(\d+) power to confront this Problem for each of their opponent's Friends here$", ("Problem",),
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "all", "per": "opp_friends_here"}),
    (r"^Players need \+(\d+) power to confront this Problem for each color among their characters here$", ("Problem",),
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "all", "per": "colors_here"}),
    (r"^Opponents need \+(\d+) power to confront this card's Problem for each of their frightened Friends here$", None,
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "opp", "per": "frightened_here"}),
    (r"^Characters with (\d+) or more power can't contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "problem_no_contrib", "sel": {"type": "character", "min_power": int(m[1])}}),
    (r"^Mane Characters can't contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "problem_no_contrib", "sel": {"type": "Mane Character"}}),
    (r"^Opposing characters here with the highest power among opposing characters can't contribute their power to "
     r"confronting this Problem$", ("Problem",), lambda m: {"op": "problem_no_contrib", "who": "opp", "highest": True}),
    (r"^No more than (\d+) of each players' characters can contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "max_contrib", "n": int(m[1])}),
    (r"^Opposing Troublemakers don't prevent you from confronting this (?:card's )?Problem$", None,
     lambda m: {"op": "tm_no_block", "who": "you"}),
    (r"^Troublemakers don't prevent players from confronting this Problem$", ("Problem",),
     lambda m: {"op": "tm_no_block", "who": "all"}),
    (r"^Players can't confront this Problem$", ("Resource",), lambda m: {"op": "confront_block", "who": "all"}),
    (r"^That Problem can't be confronted$", ("Resource",), lambda m: {"op": "confront_block", "who": "all"}),  # (on a Problem)
    (r"^Players can't confront this Problem unless they have at least (\d+) characters here$", ("Problem",),
     lambda m: {"op": "confront_block", "who": "all", "min_chars": int(m[1])}),
    (r"^Your opponents can't confront this card's Problem unless they have at least (\d+) characters at that Problem$", None,
     lambda m: {"op": "confront_block", "who": "opp", "min_chars": int(m[1])}),
    (r"^Players can't confront more than one Problem per turn$", None, lambda m: {"op": "one_confront"}),
    # --- costs to play cards (508, 609.2a/c); "You may pay less" is always taken
    (r"^Opponents pay \+\[(\d+)\] to play cards with cost (\d+) or less$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"max_cost": int(m[2])}}),
    (r"^Opponents pay \+\[(\d+)\] to play Friends with at least (\d+) printed power$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend", "min_printed": int(m[2])}}),
    (r"^Opponents pay \+\[(\d+)\] to play Friends here$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here"}),
    (r"^Players must pay \+\[(\d+)\] to play a Troublemaker here$", ("Problem",),
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "all", "sel": {"type": "Troublemaker"}, "where": "here"}),
    (r"^Pay \[(\d+)\] less for your first Event each turn, to a minimum of \[(\d+)\]$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Event"}, "first": True, "min": int(m[2])}),
    (r"^You may pay \[(\d+)\] less to play your first Friend with printed power (\d+) or more each turn$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend", "min_printed": int(m[2])},
                "first": True}),
    (r"^You may pay \[(\d+)\] less to play the first Friend you play to this Problem each turn, to a minimum of \[(\d+)\]$",
     ("Problem",), lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend"}, "where": "here",
                              "first": True, "min": int(m[2])}),
    (r"^You may pay X AT less to play your first Friend each turn, where X is the number of frightened Friends in play$",
     None, lambda m: {"op": "play_cost", "n": -1, "who": "you", "sel": {"type": "Friend"}, "first": True,
                      "per": "frightened_friends"}),
    (r"^You may pay \[(\d+)\] less to play this card to a Problem for each of your (%s) Friends there$" % "|".join(TRAITS),
     ("Friend",), lambda m: {"op": "play_cost_self", "n": int(m[1]), "trait": m[2]}),
    (r"^Resources played on characters here have their costs reduced by \[(\d+)\]$", ("Problem",),
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "all", "sel": {"type": "Resource"}, "where": "on_char_here"}),
    (r"^(%s) Resources played on this Problem have their costs reduced by \[(\d+)\]$" % "|".join(TRAITS), ("Problem",),
     lambda m: {"op": "play_cost", "n": -int(m[2]), "who": "all", "sel": {"type": "Resource", "trait": m[1]},
                "where": "on_src"}),
    # --- playing restrictions (a destination a card can't be played to)
    (r"^Friends with (\d+) or more power can't be played here$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend", "min_printed": int(m[1])}}),
    (r"^Friends with less than (\d+) power can't be played to this Problem$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend", "max_printed": int(m[1]) - 1}}),
    (r"^(?:Opponents|Your opponent) can't play Friends with (\d+) or more power (?:here|to that Problem)$", None,
     lambda m: {"op": "no_play", "who": "opp", "sel": {"type": "Friend", "min_printed": int(m[1])}}),
    (r"^Your opponent may not play Friends with (\d+) power or less to this Problem$", ("Resource",),
     lambda m: {"op": "no_play", "who": "opp", "sel": {"type": "Friend", "max_printed": int(m[1])}}),
    (r"^Resources can't be played on this Problem or on Friends here$", ("Problem",),
     # the text's two hosts: played on the Problem itself, or on a Friend there (not on a Mane Character
     # or a Troublemaker there); ``hosts`` lists the host types the restriction covers
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Resource"}, "hosts": ["Problem", "Friend"]}),
    (r"^Players with (\d+) or more characters here can't move or play characters to this Problem$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend"}, "min_chars": int(m[1]),
                "parts": [{"op": "no_play", "who": "all", "sel": {"type": "Friend"}, "min_chars": int(m[1])},
                          {"op": "no_move", "who": "all", "where": "to", "min_chars": int(m[1])}]}),
    # --- moving restrictions (506): the move action and effects
    (r"^Opponents can't move characters away from here$", None, lambda m: {"op": "no_move", "who": "opp", "where": "from"}),
    (r"^Opponents can't move characters during the Score Phase$", None,
     lambda m: {"op": "no_move", "who": "opp", "cond": {"k": "score_phase"}}),
    (r"^(?:Your opponents|Opponents) can't move this card$", None, lambda m: {"op": "no_move", "who": "opp", "card": "self"}),
    (r"^Opponents can't move this card or your Mane Character$", None,
     lambda m: {"op": "no_move", "who": "opp", "card": "self_or_mane"}),
    (r"^Your opponent can't move this Friend$", ("Resource",), lambda m: {"op": "no_move", "who": "opp", "card": "host"}),
    (r"^Your (%s) characters here can't be moved by opponents$" % "|".join(TRAITS), None,
     lambda m: {"op": "no_move", "who": "opp", "sel": {"type": "character", "ctrl": "you", "trait": m[1], "at": "here"}}),
    (r"^Friends (with|without) Resources on them can't be moved here$", ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "to",
                "sel": {"type": "Friend", "att": {"type": "Resource", "present": m[1] == "with"}}}),
    (r"^The player with the most Friends here can't move Friends to this Problem$", ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "to", "most_friends": True, "sel": {"type": "Friend"}}),
    (r"^If there are at least (\d+) \[(%s)\] characters at this Problem, characters without \[\2\] can't move away from "
     r"this Problem$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "from", "sel": {"type": "character", "not_color": m[2]},
                "at_least": {"n": int(m[1]), "sel": {"type": "character", "color": m[2], "at": "here"}}}),
    # --- "can't" modifiers (104.2) on frightening, dismissing, exhausting, readying; entering exhausted
    (r"^Friends here can't be frightened$", ("Problem",),
     lambda m: {"op": "no_frighten", "target": {"type": "Friend", "at": "here"}}),
    (r"^Your token Friends can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "token": True}}),
    (r"^Your Friends with \+1 power counters on them can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "counters": True}}),
    (r"^That Friend can't be (frightened|exhausted)$", ("Resource",),
     lambda m: {"op": "no_frighten" if m[1] == "frightened" else "no_exhaust", "target": _HOST}),
    (r"^Your Friends with at least (\d+) power can't be frightened or dismissed$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "min_power": int(m[1])},
                "parts": [{"op": op, "target": {**_YOU_FRIENDS, "min_power": int(m[1])}} for op in ("no_frighten", "no_dismiss")]}),
    (r"^\[(%s)\] Friends here cannot be dismissed$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "no_dismiss", "target": {"type": "Friend", "color": m[1], "at": "here"}}),
    (r"^Players can't exhaust their Friends$", None, lambda m: {"op": "no_exhaust_own"}),
    (r"^Friends here with (\d+) or less power can't ready$", None,
     lambda m: {"op": "no_ready", "target": {"type": "Friend", "at": "here", "max_power": int(m[1])}}),
    (r"^If that character has (\d+) or less power, it does not ready during the Ready Phase$", ("Resource",),
     lambda m: {"op": "no_ready", "target": _HOST, "max_power": int(m[1]), "phase": "ready"}),
    (r"^Opposing Friends enter play exhausted$", None, lambda m: {"op": "enter_exhausted", "who": "opp"}),
    (r"^Players can't draw more than (\d+) cards per turn$", None, lambda m: {"op": "max_draws", "n": int(m[1])}),
    (r"^Players can't play cards, activate abilities, or take actions except as a Main Phase action$", None,
     lambda m: {"op": "main_only"}),
    # --- losing abilities (keywords included; sources apply in timestamp order, 711.3)
    (r"^That (Friend|Resource) loses and can't have abilities$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST}),
    (r"^(Opposing )?(Friends|[Cc]haracters|Troublemakers) here lose and can't (?:have|gain) abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"type": {"Friends": "Friend", "Troublemakers": "Troublemaker"}.get(m[2], "character"),
                                                   "at": "here", **({"ctrl": "opp"} if m[1] else {})}}),
    (r"^Unique Friends and Resources lose and can't have abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"types": ["Friend", "Resource"], "trait": "Unique"}}),
    # --- Problem bonus and points (210, 517; 710 replacements)
    (r"^This card's Problem has (\d+) bonus points?$", None, lambda m: {"op": "bonus_mod", "n": int(m[1]), "set": True}),
    (r"^This card's Problem's bonus is increased by (\d+)$", None, lambda m: {"op": "bonus_mod", "n": int(m[1])}),
    (r"^If a player would score points for defeating a Troublemaker here, they score one fewer points instead$",
     ("Problem",), lambda m: {"op": "tm_points_minus", "n": 1}),
    (r"^If an opponent would score this card's Problem's bonus points, you score them instead$", None,
     lambda m: {"op": "steal_bonus"}),
    (r"^If a Friend would be dismissed, it is banished instead$", None, lambda m: {"op": "dismiss_to_ban"}),
    (r"^Once this Problem has been confronted, Troublemakers can't be played here$", ("Problem",),
     lambda m: {"op": "no_tm_once_confronted"}),
    # --- fixed power, added traits, lost colors, counted keywords, arriving Friends
    (r"^(Friends|Characters) here have (\d+) power and can't (?:gain or lose|lose or gain) power$", None,
     lambda m: {"op": "power_fixed", "n": int(m[2]), "target": {"type": "Friend" if m[1] == "Friends" else "character",
                                                                 "at": "here"}}),
    (r"^That Friend is an? (%s)$" % "|".join(TRAITS), ("Resource",),
     lambda m: {"op": "add_trait", "trait": m[1], "target": _HOST}),
    (r"^That Friend has \+(\d+) power and is (%s)$" % "|".join(TRAITS), ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "add_trait", "trait": m[2], "target": _HOST}]}),
    (r"^Opposing characters at this card's Problem lose and can't have colors$", None,
     lambda m: {"op": "no_colors", "target": {"type": "character", "ctrl": "opp", "at": "here"}}),
    (r"^This card has Eccentric X, where X is the number of Events in your discard pile$", None,
     lambda m: {"op": "grant_kw", "kw": "Eccentric", "n": 1, "target": "self", "per": {"k": "disc_type", "type": "Event"}}),
    (r"^This card has Eccentric X, where X is this card's power$", None,
     lambda m: {"op": "grant_kw", "kw": "Eccentric", "n": 1, "target": "self", "per": {"k": "own_power"}}),
    (r"^Opponents can't move characters with power lower than or equal to this card's power to this card's Problem$",
     None, lambda m: {"op": "no_move", "who": "opp", "where": "to", "power_le_src": True}),
    (r"^Opposing Friends moved or played here get -(\d+) power until the end of the turn$", None,
     lambda m: {"op": "arrive_mod", "n": -int(m[1])}),
    (r"^If a Friend would be put into a player's hand from play, banish that Friend instead$", None,
     lambda m: {"op": "hand_to_ban"}),
    (r"^(?:If a player has (\d+) or more points, )?[Yy]ou may play this card from your discard pile$", ("Friend", "Resource"),
     lambda m: {"op": "play_from_disc", **({"min_points": int(m[1])} if m[1] else {})}),
    # --- home limit (212, 616.3)
    (r"^Players' home limits are reduced by (\d+)$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "all"}),
    (r"^Each player's home limit is reduced by (\d+) for each character that player controls here$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "all", "per": "chars_here"}),
    (r"^Your opponent's home limit is reduced by (\d+) for each of their Assets in their home$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "opp",
                "per": {"type": "Resource", "trait": "Asset", "ctrl": "you", "at": "home"}}),
    (r"^(?:Your )?Critter Friends (?:don't|do not) count (?:towards|against) your home limit$", None,
     lambda m: {"op": "home_limit_exempt", "sel": {"type": "Friend", "trait": "Critter", "at": "home"}}),
]


def parse_static_extra(body: str, card_type: str) -> dict | None:
    """The ``STATIC_EXTRA`` templates: an ability dict without kind/text, or None."""
    for pat, types, fn in STATIC_EXTRA:
        m = re.match(pat, body)
        if m and (types is None or card_type in types):
            return fn(m)
STATIC_EXTRA.extend([
    (r"^Your opponent pays \+\[(\d+)\] to play (Events|Friends|Resources)$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": m[2][:-1]}}),
    (r"^Opponents must pay \+\[(\d+)\] to play cards for each ([A-Z]\w+) counter on this card$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {}, "per": {"counter": m[2]}}),
    (r"^This card has \+(\d+) power for each card type in your discard pile$", None, lambda m: _per(m[1], {"k": "disc_types"})),
    (r"^While involved in a faceoff, this card has \+(\d+) power for each ([A-Z]\w+) counter on it$", None,
     lambda m: {**_per(m[1], {"k": "self_counter", "counter": m[2]}), "fo_only": True, "cond": {"k": "faceoff"}}),
    (r"^When this card's Problem is solved, if this card would be sent home, it isn't sent home instead$", None,
     lambda m: {"op": "stay_on_solve", "target": "self"}),
    (r"^When that Friend's Problem is solved, if that Friend would be sent home, that Friend isn't sent home instead$", ("Resource",),
     lambda m: {"op": "stay_on_solve", "target": "host"}),
    (r"^Opponents need \+(\d+) power to confront this Problem for each ([A-Z]\w+) counter on this card$", None,
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "opp", "per": {"counter": m[2]}}),
    (r"^Opponents' home limits are reduced by (\d+)$", None, lambda m: {"op": "opp_home_limit", "n": int(m[1])}),
    (r"^Your opponent must pay \+\[(\d+)\] to play a Friend to this card's Problem$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here"}),
    (r"^You may pay \[(\d+)\] less, to a minimum of \[(\d+)\], to play your first Friend to this card's Problem each turn$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend"}, "where": "here",
                "first": True, "min": int(m[2])}),
])


# ------------------------------------------------------------------ continuous abilities, Chaos, Harmony, replacements
# Continuous abilities, Chaos "While this card is flipped" abilities, Harmony lines and effects of the
# group.  Whole-line templates as in STATIC_EXTRA: (regex, card types or None, builder).
_TR = "|".join(TRAITS)
_PLAYABLE = {"Friends": "Friend", "Events": "Event", "Resources": "Resource", "Troublemakers": "Troublemaker"}

CONTINUOUS_LINES: list = [
    # 609.2a / 508 play costs: "You pay [1] less to play your first Griffon Friend each turn" (Harmony)
    (r"^(?:You may pay|You pay|Pay) \[(\d+)\] less to play your first (?:(%s) )?(Friend|Event|Resource|Troublemaker) each turn"
     r"(?:, to a minimum of \[(\d+)\])?$" % _TR, None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "first": True,
                "sel": {"type": m[3], **({"trait": m[2]} if m[2] else {})}, **({"min": int(m[4])} if m[4] else {})}),
    (r"^Opponents (?:must )?pay \+\[(\d+)\] to play (Friends|Events|Resources|Troublemakers)$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": _PLAYABLE[m[2]]}}),
    (r"^(?:You may pay|You pay) \[(\d+)\] less to play (Friends|Events|Resources)(?:, to a minimum of \[(\d+)\])?$", None,
     lambda m: {"op": "play_discount", "n": int(m[1]), "sel": {"type": _PLAYABLE[m[2]]}, **({"min": int(m[3])} if m[3] else {})}),
    # 609.2e rally / 609.2b move costs bound to a condition of this card
    (r"^While this card is exhausted, you pay \[(\d+)\] less to rally your Friends, to a minimum of \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": -int(m[1]), "who": "you", "min": int(m[2]),
                "cond": {"k": "exhausted"}}),
    (r"^While this card is exhausted, your opponent must pay \+\[(\d+)\] to play or move a character to this card's Problem$",
     None, lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here",
                      "cond": {"k": "all", "conds": [{"k": "exhausted"}, {"k": "at_problem"}]},
                      "parts": [{"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here",
                                 "cond": {"k": "all", "conds": [{"k": "exhausted"}, {"k": "at_problem"}]}},
                                {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "to",
                                 "at_problem": True, "cond": {"k": "exhausted"}}]}),
    # power
    (r"^Your Troublemakers here have \+(\d+) power for each of your (%s) characters$" % _TR, None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you", "at": "here"},
                   per={"sel": {"type": "character", "ctrl": "you", "trait": m[2]}})),
    (r"^This card has \+(\d+) power for each ([A-Z][\w.' ]+?) (Friend|card) in your discard pile$", None,
     lambda m: _per(m[1], {"k": "disc_title", "title": m[2], **({"type": "Friend"} if m[3] == "Friend" else {})})),
    (r"^This card has \+(\d+) power for each card type among cards in your discard pile$", None,
     lambda m: _per(m[1], {"k": "disc_types"})),
    (r"^If that Friend is an? (%s), it has \+(\d+) power instead$" % _TR, ("Resource",),
     None),  # (built in parse_continuous_line: needs the Friend's own "+N power" line)
    (r"^That Troublemaker is Epic and has \+(\d+) power$", ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_epic", "target": _HOST}]}),
    # "can't" modifiers (104.2) with conditions of this card
    (r"^While this card has at least (\d+) power, your Friends can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": dict(_YOU_FRIENDS), "cond": {"k": "power_at_least", "n": int(m[1])}}),
    (r"^While this card has at least (\d+) cards? beneath it, it can't be dismissed or frightened$", None,
     lambda m: {"op": "no_frighten", "target": "self",
                "parts": [{"op": op, "target": "self", "cond": {"k": "beneath_at_least", "n": int(m[1])}}
                          for op in ("no_frighten", "no_dismiss")]}),
    (r"^Your Friends can't be frightened$", None, lambda m: {"op": "no_frighten", "target": dict(_YOU_FRIENDS)}),
    (r"^While a Troublemaker is at this Problem, Friends can't be played here$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend"},
                "cond": {"k": "at_problem_with", "sel": {"type": "Troublemaker"}}}),
    # attachments
    (r"^That Friend is also \[(%s)\]$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "grant_color", "color": m[1], "target": _HOST}),
    (r"^While that Friend is at a Problem, that Problem has (\d+) bonus points?$", ("Resource",),
     lambda m: {"op": "bonus_mod", "n": int(m[1]), "set": True, "cond": {"k": "host_at_problem"}}),
    (r"^While that Mane Character is boosted, it loses and can't have abilities$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST, "cond": {"k": "host_boosted"}}),
    # hand size (616.2)
    (r"^While this card is Cutie Marked, your maximum hand size is increased by (\d+)$", None,
     lambda m: {"op": "hand_size_mod", "n": int(m[1]), "cond": {"k": "cutie"}}),
    # faceoffs
    (r"^Opposing Mane Characters here can't contribute their power to faceoffs$", None,
     lambda m: {"op": "no_contrib", "what": "faceoff", "target": {"type": "Mane Character", "ctrl": "opp", "at": "here"}}),
    # Chaos (515, glossary): continuous abilities of a flipped card, while it is flipped
    (r"^Chaos: While this card is flipped, it has \+(\d+) power$", None,
     lambda m: {"op": "flip_self_power", "n": int(m[1])}),
    (r"^Chaos: While this card is flipped, it has \+(\d+) power for each card in your hand$", None,
     lambda m: {"op": "flip_self_power", "n": int(m[1]), "per": {"k": "your_hand"}}),
    (r"^Chaos: While this card is flipped, it has power equal to the number of cards in your hand$", None,
     lambda m: {"op": "flip_self_power", "is": {"k": "your_hand"}}),
    (r"^This card's power is equal to the number of cards in your hand$", None,
     lambda m: {"op": "power_is", "count": {"k": "your_hand"}}),
    # confronting (611.2): "You need -2 power to confront ..." (a reduction; Rules.meets spreads it)
    (r"^While there are no opposing characters here, you need -(\d+) power to confront this Problem$", ("Problem",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "cond": {"k": "no_opp_here"}}),
    (r"^You need -(\d+) power to confront opposing Problems$", None,
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "where": "opp_problems"}),
    (r"^You need -(\d+) power to confront that Friend's Problem$", ("Resource",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you"}),
    (r"^You need -(\d+) power to confront this Problem for each card type among cards in your discard pile$", ("Problem",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "per": "disc_types"}),
    # faceoffs: a Problem's owner's / opposing Mane Characters while involved in a Problem faceoff
    (r"^While involved in a Problem faceoff, this card's owner's Mane Character has \+(\d+) power$", ("Problem",),
     lambda m: {"op": "power", "n": int(m[1]), "target": {"type": "Mane Character", "ctrl": "you", "inv": True},
                "fo_only": "problem"}),
    (r"^While involved in a Problem faceoff, opposing boosted Mane Characters here have -(\d+) power$", ("Problem",),
     lambda m: {"op": "power", "n": -int(m[1]), "target": {"type": "Mane Character", "ctrl": "opp", "at": "here",
                                                           "boosted": True, "inv": True}, "fo_only": "problem"}),
    # draws (410.4)
    (r"^While a player has at least (\d+) cards in their hand, that player can't draw cards during the Main Phase$", None,
     lambda m: {"op": "no_draw_main", "n": int(m[1])}),
    # traits, losing abilities
    (r"^While this card is at a Problem, your other Friends at that Problem get the (%s) trait during any Score Phase$" % _TR,
     None, lambda m: {"op": "add_trait", "trait": m[1], "target": {"type": "Friend", "ctrl": "you", "other": True, "at": "here"},
                      "cond": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "score_phase"}]}}),
    (r"^While you have at least (\d+) points, opposing Troublemakers here (?:lose|lost) and can't have abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"type": "Troublemaker", "ctrl": "opp", "at": "here"},
                "cond": {"k": "you_points_at_least", "n": int(m[1])}}),
    # attachments with several continuous abilities
    (r"^That Friend has \+(\d+) [Pp]ower, is also \[(%s)\], and loses and can't gain abilities$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_color", "color": m[2], "target": _HOST},
                                         {"op": "lose_abilities", "target": _HOST}]}),
    (r"^That Friend has \[(%s)\] and \+(\d+) power for each of your other \[\1\] Friends here$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "power", "parts": [{"op": "grant_color", "color": m[1], "target": _HOST},
                                         _pw(m[2], _HOST, per={"sel": {"type": "Friend", "ctrl": "you", "color": m[1],
                                                                       "at": "here", "not_host": True}})]}),
    (r"^That Friend loses and can't have abilities, can't move, can't be frightened, and can't contribute its power to "
     r"confronting Problems or to faceoffs$", ("Resource",),
     lambda m: {"op": "lose_abilities", "parts": [
         {"op": "lose_abilities", "target": _HOST}, {"op": "no_move", "who": "all", "card": "host"},
         {"op": "no_frighten", "target": _HOST}, {"op": "no_contrib", "what": "confront", "target": _HOST},
         {"op": "no_contrib", "what": "faceoff", "target": _HOST}]}),
]


def parse_continuous_line(body: str, card_type: str) -> dict | None:
    """The ``CONTINUOUS_LINES`` templates."""
    for pat, types, fn in CONTINUOUS_LINES:
        m = re.match(pat, body)
        if m and (types is None or card_type in types):
            if fn is None:  # "Harmony Changeling: If that Friend is a Changeling, it has +4 power instead"
                return {"op": "power", "n": 0, "target": _HOST, "instead_trait": m[1], "to": int(m[2])}
            return fn(m)
    return None


# optional replacement modifiers (710): "If <card> would be <frightened|dismissed|leave play>, you may <...>
# instead" -> static ``replace`` {ev, subj (self / host / selector relative to this card), instead
# (effects; "it" is the card), pay, need_ready}.  Rules.replacements / resolve._op_replace_ask
_IT = {"it": True}
REPLACEMENT_LINES: list = [
    (r"^If this card would be frightened, you may exhaust it instead$", None,
     lambda m: {"ev": "frighten", "subj": "self", "instead": [{"op": "exhaust", "target": dict(_IT)}]}),
    (r"^If this card would be frightened, you may banish a card from your discard pile instead$", None,
     lambda m: {"ev": "frighten", "subj": "self", "instead": [{"op": "banish_from_zone", "zone": "disc", "whose": "you",
                                                               "filter": {}}]}),
    (r"^If a Friend would be frightened, you may pay \[(\d+)\] to dismiss it instead$", None,
     lambda m: {"ev": "frighten", "subj": {"type": "Friend"}, "pay": int(m[1]),
                "instead": [{"op": "dismiss", "target": dict(_IT)}]}),
    (r"^If another (?:one )?of your (Friends|Resources)( here)? would be dismissed, you may retire this card instead$", None,
     lambda m: {"ev": "dismiss", "subj": {"type": m[1][:-1], "ctrl": "you", "other": True, **({"at": "here"} if m[2] else {})},
                "instead": [{"op": "retire", "target": {"self": True}}]}),
    (r"^If that card would be dismissed, you may put it into its owner's hand instead$", ("Resource",),
     lambda m: {"ev": "dismiss", "subj": "host", "instead": [{"op": "to_hand", "target": dict(_IT)}]}),
    (r"^If an opposing Friend or Troublemaker would be dismissed, you may exhaust this card to banish that Friend or "
     r"Troublemaker instead$", None,
     lambda m: {"ev": "dismiss", "subj": {"types": ["Friend", "Troublemaker"], "ctrl": "opp"}, "need_ready": True,
                "instead": [{"op": "exhaust", "target": {"self": True}, "cost": True}, {"op": "banish", "target": dict(_IT)}]}),
    (r"^If one of your Friends would leave play, you may exhaust your Mane Character instead$", None,
     lambda m: {"ev": "leave", "subj": {"type": "Friend", "ctrl": "you"},
                "instead": [{"op": "exhaust", "target": {"type": "Mane Character", "ctrl": "you"}}]}),
    # CG192 Spike (a Mane Character): turning itself over is what replaces the dismissal (301.2)
    (r"^If one of your Friends or Resources would be dismissed, you may turn this card over instead\. If you do, that card "
     r"is not dismissed$", ("Mane Character",),
     lambda m: {"ev": "dismiss", "subj": {"types": ["Friend", "Resource"], "ctrl": "you"}, "instead": [{"op": "turn_over"}]}),
]
CONTINUOUS_LINES.extend([
    # "can't" modifiers (104.2): leaving play, being retired
    (r"^While you have (\d+) or more Friends here, your Friends here can't leave play$", None,
     lambda m: {"op": "no_leave", "target": {"type": "Friend", "ctrl": "you", "at": "here"},
                "cond": {"k": "friends_here_at_least", "n": int(m[1])}}),
    (r"^While this card has (\d+) or more power, it can't be retired or dismissed except to home limit$", None,
     lambda m: {"op": "no_dismiss", "parts": [{"op": op, "target": "self", "cond": {"k": "power_at_least", "n": int(m[1])}}
                                             for op in ("no_retire", "no_dismiss")]}),
    (r"^While a player has more power at this Problem than any opponent, that player's Friends here can't be dismissed$",
     ("Problem",), lambda m: {"op": "no_dismiss", "target": {"type": "Friend", "at": "here", "more_power_here": True}}),
])
CONTINUOUS_LINES.extend([
    # moving (506), playing (508) and losing abilities with conditions of this card / its host
    (r"^While that Friend has power higher than any other Friend here, Friends can't be moved to this card's Problem$",
     ("Resource",), lambda m: {"op": "no_move", "who": "all", "where": "to", "sel": {"type": "Friend"},
                               "cond": {"k": "all", "conds": [{"k": "host_highest_power_here"}, {"k": "at_problem"}]}}),
    (r"^While this card has power higher than any other Friend here, this card's Problem loses and can't have abilities$",
     None, lambda m: {"op": "lose_abilities", "target": {"type": "Problem", "at": "here"},
                      "cond": {"k": "all", "conds": [{"k": "highest_power_here"}, {"k": "at_problem"}]}}),
    (r"^While an opponent's Mane Character is at home, that opponent can't move Friends to this card's Problem$", None,
     lambda m: {"op": "no_move", "who": "opp", "where": "to", "sel": {"type": "Friend"},
                "cond": {"k": "all", "conds": [{"k": "opp_mane_home"}, {"k": "at_problem"}]}}),
    (r"^While a player has at least (\d+) \[(%s)\] Friends at this Problem, that player's opponent must pay \+\[(\d+)\] to "
     r"play a Friend here$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "play_cost", "n": int(m[3]), "who": "all", "sel": {"type": "Friend"}, "where": "here",
                "opp_has": {"n": int(m[1]), "sel": {"type": "Friend", "color": m[2], "at": "here"}}}),
    (r"^Opposing characters here can't contribute their power to confronting this card's Problem unless their power is "
     r"greater than or equal to this card's power$", None,
     lambda m: {"op": "no_contrib", "what": "confront", "target": {"type": "character", "ctrl": "opp", "at": "here",
                                                                   "lt_src_power": True}}),
    (r"^You may pay \[(\d+)\] less to play Accessories on this card$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Resource", "trait": "Accessory"},
                "where": "on_src"}),
    (r"^Accessories on this card have (%s)$" % "|".join(GRANTABLE_KW), None,
     lambda m: {"op": "grant_kw", "kw": m[1], "n": 1, "target": {"type": "Resource", "trait": "Accessory", "on_src": True}}),
    (r"^While this card is in your discard pile, your Mane Character has \+(\d+) power$", None,
     lambda m: {"op": "disc_mane_power", "n": int(m[1])}),
    (r"^During the Score Phase, if that Mane Character is at home, that opponent's Friends each have -(\d+) power$",
     ("Resource",), lambda m: {"op": "power", "n": -int(m[1]), "target": {"type": "Friend", "host_ctrl": True},
                               "cond": {"k": "all", "conds": [{"k": "score_phase"}, {"k": "host_at_home"}]}}),
    (r"^That Troublemaker loses and can't gain abilities during your Troublemaker Phase$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST, "cond": {"k": "your_tp"}}),
    # names (201.3): "This card is both a Maud Pie and a Pinkie Pie in all zones"
    (r"^This card is both an? ([A-Z][\w.' ]+?) and an? ([A-Z][\w.' ]+?) in all zones$", None,
     lambda m: {"op": "alias", "titles": [m[1], m[2]]}),
    (r"^Cards in play have Unique$", None, lambda m: {"op": "all_unique"}),
    (r"^This card can't be dismissed, moved, or put into its owner's hand from play by opponents$", None,
     lambda m: {"op": "no_move", "parts": [{"op": "no_move", "who": "opp", "card": "self"},
                                          {"op": "no_opp_remove", "target": "self"}]}),
    # public information (404.1, 505.1d): "Players may look at face-down Troublemakers here", "Play with
    # the top card of your deck revealed" (view.py, selfplay.hidden_check)
    (r"^Players may look at face-down Troublemakers here$", None, lambda m: {"op": "fd_public_here"}),
    (r"^Play with the top card of your deck revealed$", None, lambda m: {"op": "reveal_deck_top"}),
    (r"^This card's power is equal to the printed power of the top card of your deck$", None,
     lambda m: {"op": "power_is", "count": {"k": "deck_top_power"}}),
    (r"^This card enters play exhausted$", None, lambda m: {"op": "enter_exhausted_self"}),  # 503.1 (Rules.enter_play)
    (r"^This card enters play with (two|three|four|\d+) \+1 power counters on it$", None,
     lambda m: {"op": "enter_counters", "n": word_number(m[1])}),
    (r"^As an additional cost to play this card, retire a Friend$", ("Friend",), lambda m: {"op": "add_cost", "retire_friend": 1}),
    # 101.2 deck building (104.1: the card takes precedence over the three-copies rule)
    (r"^Your deck may contain any number of Friends named (.+)$", None, lambda m: {"op": "any_number", "name": m[1]}),
    (r"^This card has \+(\d+) power for each of your other Friends named (.+)$", None,
     lambda m: _per(m[1], {"k": "named", "name": m[2], "yours_other": True})),
    # sent home (506.5) replaced: "If this card would be sent home, it is sent to another Problem instead"
    (r"^If this card would be sent home(?: from a Problem)?, it is sent to another Problem instead$", None,
     lambda m: {"op": "send_elsewhere", "subj": "self"}),
    (r"^If one of your Friends here with (\d+) printed power would be sent home, send it to another Problem instead$", None,
     lambda m: {"op": "send_elsewhere", "subj": {"type": "Friend", "ctrl": "you", "at": "here", "min_printed": int(m[1]),
                                                 "max_printed": int(m[1])}}),
    (r"^If one or more of your Friends with (\d+) or less printed power would be sent home from a solved Problem, they "
     r"aren't sent home instead$", None,
     lambda m: {"op": "solved_stay", "subj": {"type": "Friend", "ctrl": "you", "max_printed": int(m[1])}}),
    (r"^When this card's Problem is solved, if this card would be sent home, it isn't sent home instead$", None,
     lambda m: {"op": "solved_stay", "subj": "self"}),
    (r"^This card's Problem can't be replaced until it is solved$", None, lambda m: {"op": "no_replace"}),
])
for _pat, _types, _fn in REPLACEMENT_LINES:
    CONTINUOUS_LINES.append((_pat, _types, (lambda f: lambda m: {"op": "replace", **f(m)})(_fn)))
STATIC_EXTRA.extend(POWER_AND_ATTACHMENT_STATICS)  # issue #19's templates, tried after every older one

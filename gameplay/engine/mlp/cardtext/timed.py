"""Templates of Events and activated abilities with timing phrases, and delayed effects."""
from __future__ import annotations

from .nested import parse_effects
from .faceoff import parse_start_faceoff
from .targets import parse_target
from .vocab import COLOR_RE, TRAITS, re, word_number


_CHALLENGE_WITH = {"one of your characters": "one", "one of your characters here": "one",
                   "all your characters at its problem": "problem", "all of your characters at its problem": "problem",
                   "your characters at its problem": "problem", "all your characters there": "problem",
                   "all your characters in play": "all", "all of your characters in play": "all"}


def timed_effects(t: str) -> list[dict] | None:
    """Templates of Events and activated abilities with timing phrases (timed_effects.py)."""
    # 608.4 / 514.2a.i a challenge started by an effect, with the characters it names
    m = re.match(r"^challenge (?:(?:an opponent's|an opposing) (?:face-up )?Troublemaker|(this card)|(that Troublemaker)) with (.+)$", t, re.I)
    if m and m.group(3).lower() in _CHALLENGE_WITH:
        e = {"op": "challenge", "with": _CHALLENGE_WITH[m.group(3).lower()],
             "tm": "self" if m.group(1) else "it" if m.group(2) else "opp"}
        if m.group(3).lower().endswith(" here"):
            e["here"] = True
        return [e]
    # "Choose up to 2 of your characters at home. Move each of them to a different Problem." (one optional
    # move per card, never two of them to the same Problem: ``distinct``)
    m = re.match(r"^choose up to (two|three|2|3) of your (characters|Friends)( at home)?\. Move each of them to a different Problem$", t, re.I)
    if m:
        tg = {"type": m.group(2)[:-1], "ctrl": "you", "optional": True, "fresh": True}
        if m.group(3):
            tg["at"] = "home"
        return [{"op": "move", "target": dict(tg), "to": "problem", "distinct": True} for _ in range(word_number(m.group(1)))]
    r = _delayed_effects(t)
    if r is not None:
        return r or None
    # 514.3a timed flip-count modifiers of a player ("during faceoffs until the end of the turn")
    m = re.match(r"^(flip|opponents flip) (an|1|one|2|two) (additional|fewer) cards? (?:during|for) faceoffs "
                 r"until the (end of the turn|start of your next turn)$", t, re.I)
    if m and (m.group(3).lower() == "fewer") == m.group(1).lower().startswith("opponents") and \
            (m.group(2).lower() != "an") == (m.group(3).lower() == "fewer"):
        n = word_number(m.group(2)) * (-1 if m.group(3).lower() == "fewer" else 1)
        return [{"op": "flip_mod", "n": n, "who": "opp" if n < 0 else "you",
                 "until": "next_turn" if "start" in m.group(4).lower() else "turn"}]
    m = re.match(r"^exhaust (an opposing character|an opposing Friend|an opponent's Friend|a character|a Friend) and it does not ready "
                 r"during its controller's next (?:ready step|Ready Phase)$", t, re.I)
    if m:  # 603.1: the mark is removed instead of readying it once
        return [{"op": "exhaust", "target": parse_target(m.group(1)), "no_ready": True}]
    m = re.match(r"^reveal (?:a card from the top|the top card) of your deck and draw it\. If it's an? (Friend|Event|Resource|Troublemaker), (.+)$", t, re.I)
    if m:  # the card is drawn either way; its type decides the rest (515-style public reveal)
        b = parse_effects(m.group(2))
        if b is None or re.search(r"\bit\b", m.group(2)):
            return None
        return [{"op": "reveal_top", "whose": "you", "cond": {"type": m.group(1).capitalize()},
                 "then": [{"op": "revealed", "to": "hand"}] + b, "else": [{"op": "revealed", "to": "hand"}]}]
    m = re.match(r"^each player chooses up to (3|three|2|two) of their Friends and retires the rest$", t, re.I)
    if m:  # each player keeps up to N (one optional pick at a time), the others are retired (410.2: their own)
        return [{"op": "each_player", "effects": [{"op": "keep_retire", "n": word_number(m.group(1)), "type": "Friend"}]}]
    m = re.match(r"^search your deck for up to (three|two|3|2) ((?:%s) )?Friends with different names, reveal them, and put them into "
                 r"your hand$" % "|".join(TRAITS), t, re.I)
    if m:  # 518: search, reveal, shuffle
        return [{"op": "search_multi", "n": word_number(m.group(1)), "filter": {"type": "Friend", **({"trait": m.group(2).strip()} if m.group(2) else {})},
                 "distinct_names": True}]
    if re.match(r"^the next time you defeat a Troublemaker this turn, score an additional point$", t, re.I):
        return [{"op": "next_defeat_bonus", "n": 1}]
    m = re.match(r"^turn over a face-up or face-down Troublemaker\.?$", t, re.I)
    if m:  # (reminder text: this does not cover or uncover it, 505)
        return [{"op": "flip_tm"}]
    if re.match(r"^put each Friend, Resource, and Troublemaker on top of its owner's deck, then each player shuffles their discard pile into their deck$", t, re.I):
        return [{"op": "to_deck_top", "target": {"type": "card", "types": ["Friend", "Resource", "Troublemaker"], "each": True, "fd_ok": True}},
                {"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "disc"}]}]
    if re.match(r"^have an opponent reveal a random card from their hand$", t, re.I):
        return [{"op": "reveal_random_hand"}]
    if re.match(r"^move that Friend to a Problem\. At the end of the faceoff, retire this card$", t, re.I):
        return [{"op": "move", "target": {"host": True}, "to": "problem"},
                {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]
    m = re.match(r"^(?:C|c)haracters can't be (moved|moved or played) to (that Problem|this card's Problem) "
                 r"(?:until the end of the turn|for the rest of the turn)$", t)
    if m:
        return [{"op": "area_restrict", "play": "played" in m.group(1), "area": "there" if m.group(2) == "that Problem" else "here"}]
    m = re.match(r"^(move all other characters at its Problem home)\. Characters can't be moved or played to that Problem for the rest of the turn$", t, re.I)
    if m:  # the area is fixed before the moves (this card's Problem)
        a = parse_effects(m.group(1))
        return None if a is None else [{"op": "area_restrict", "play": True, "area": "here"}] + a
    m = re.match(r"^move any number of your characters at home and turn this card over$", t, re.I)
    if m:
        return [{"op": "any_number", "effect": {"op": "move", "target": {"type": "character", "ctrl": "you", "at": "home"}, "to": "choose"}},
                {"op": "turn_over"}]
    m = re.match(r"^reveal the top (three|3|two|2) cards of your deck, put a revealed (Friend|Event|Resource|Troublemaker) into your hand, and put "
                 r"all other revealed cards into your discard pile$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": word_number(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "rest": "disc"}]
    m = re.match(r"^reveal the top (three|3|two|2) cards of your deck\. You may put (?:1|one) revealed (Friend|Event|Resource|Troublemaker) into your "
                 r"hand and all remaining cards on the top of your deck in any order$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": word_number(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "may": True, "rest": "top_any"}]
    m = re.match(r"^reveal a number of cards from the top of your deck equal to the number of colors this card has\. Put each "
                 r"(Friend|Event|Resource|Troublemaker) revealed this way into your hand and the rest of the cards on the bottom of your deck$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": "colors", "pick": {"type": m.group(1)}, "pick_n": "each", "rest": "bottom"}]
    if re.match(r"^redistribute any number of \+1 power counters on your characters onto one of your Friends$", t, re.I):
        return [{"op": "mark", "target": {"type": "Friend", "ctrl": "you"}}, {"op": "counters_onto_it"}]
    m = re.match(r"^(Start a faceoff involving .+?)\. The winner looks at their opponent's hand and chooses a card\. That player puts "
                 r"that card on top of their deck$", t, re.I)
    if m:  # 514.5d the winner's instruction (a private look, look_hand)
        r = parse_start_faceoff(m.group(1) + ". The winner draws a card")
        if not r:
            return None
        return [{**r[0], "winner": [{"op": "look_hand", "whose": "opp", "to": "deck_top"}]}]
    if re.match(r"^you may put one of the cards you flipped for the faceoff into your hand$", t, re.I):
        return [{"op": "may", "effects": [{"op": "flipped_to_hand"}]}]
    if re.match(r"^look at a player's hand and choose a card, then that player banishes that card$", t, re.I):
        return [{"op": "look_hand", "to": "ban"}]
    if re.match(r"^name a card, put all cards in your discard pile with that name on top of your deck, and shuffle your deck$", t, re.I):
        return [{"op": "name_disc_to_deck"}]
    m = re.match(r"^Choose odd or even and then reveal the top card of your deck\. If that card's printed power matches your choice, "
                 r"gain \[(\d+)\] and draw a card\. Otherwise, draw a card\.?$", t, re.I)
    if m:  # (0 counts as even, reminder text)
        return [{"op": "parity_guess", "gain": int(m.group(1))}]
    if re.match(r"^Choose two cards in discard piles\. Banish one and put the other into its owner's hand$", t, re.I):
        return [{"op": "two_from_discards"}]
    if re.match(r"^Choose a counter on one of your ready cards\. Put another counter of the same type on that card$", t, re.I):
        return [{"op": "copy_counter"}]
    m = re.match(r"^Exhaust one of your Friends to exhaust a number of opposing Friends up to the number of colors that Friend has$", t, re.I)
    if m:  # the exhaust is what the effect costs (508.1d: none, nothing)
        return [{"op": "exhaust", "target": {"type": "Friend", "ctrl": "you", "state": "ready"}, "cost": True, "mark_cost": True},
                {"op": "up_to_colors", "effect": {"op": "exhaust", "target": {"type": "Friend", "ctrl": "opp", "state": "ready"}}}]
    m = re.match(r"^Dismiss a Friend or Resource\. That card's controller may put a number of 1 \[(%s)\] (\w+) Friend tokens equal to that "
                 r"card's cost into play under their control$" % COLOR_RE, t, re.I)
    if m:
        return [{"op": "dismiss_tokens", "color": m.group(1), "trait": m.group(2)}]
    m = re.match(r"^One of your characters gets \+(\d+) power until the end of the turn\. (?:<> )?Harmony (%s): If that character is an? \2, "
                 r"it gets \+(\d+) power until the end of the turn instead$" % "|".join(TRAITS), t, re.I)
    if m:  # "Harmony" is a tag word (701.5); the condition is the text's own
        return [{"op": "mark", "target": {"type": "character", "ctrl": "you"}},
                {"op": "if", "cond": {"k": "it_trait", "trait": m.group(2)},
                 "effects": [{"op": "power", "n": int(m.group(3)), "target": {"it": True}, "until": "turn"}],
                 "else": [{"op": "power", "n": int(m.group(1)), "target": {"it": True}, "until": "turn"}]}]
    m = re.match(r"^if you have Friends at home in excess of your home limit, you may exhaust this card to put a Friend there into its "
                 r"owner's hand$", t, re.I)
    if m:
        return [{"op": "if", "cond": {"k": "over_home_limit"}, "effects": [{"op": "may", "effects": [
            {"op": "exhaust_self_cost"}, {"op": "to_hand", "target": {"type": "Friend", "ctrl": "you", "at": "home"}}]}]}]
    m = re.match(r"^Each player chooses a card from another player's discard pile and banishes that card\. Then, each player chooses a card "
                 r"in their discard pile and may put that card into their hand$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "banish_from_zone", "zone": "disc", "whose": "opp", "filter": {}}]},
                {"op": "each_player", "effects": [{"op": "may", "effects": [{"op": "search", "filter": {}, "zone": "disc", "to": "hand"}]}]}]
    m = re.match(r"^As an additional cost to play this card, retire any number of Friends\. Draw cards equal to the number of Friends retired "
                 r"this way, and an opponent discards that many cards$", t, re.I)
    if m:  # the retiring is chosen as the card is played (508; one pick at a time, "none" ends)
        return [{"op": "retire_count", "then": "draw_opp_discards"}]
    if re.match(r"^Choose a Problem you confronted this turn\. If there are no opposing Friends at that Problem, score a point$", t, re.I):
        return [{"op": "confronted_score"}]
    m = re.match(r"^exchange control of this card and an opposing Resource\. If you do, this card does not ready during its controller's "
                 r"next Ready Phase$", t, re.I)
    if m:  # 513.2 (for the rest of the game)
        return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "no_ready": True}]
    m = re.match(r"^gain control of an opponent's non-attachment Resource\. That opponent gains control of this card$", t, re.I)
    if m:
        return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "unattached": True}]
    if re.match(r"^Choose (?:one|two): ", t) and " on the top or bottom of that deck" in t:
        return parse_effects(t.replace(" on the top or bottom of that deck", " on the top-or-bottom of that deck"))
    m = re.match(r"^Look at the top (2|two|3|three) cards of a Problem deck and put them on the top-or-bottom of that deck in any order$", t, re.I)
    if m:  # each card on the top (in the order picked) or the bottom (then ordered too)
        return [{"op": "look_sort", "n": word_number(m.group(1)), "whose": "choose", "deck": "pdeck", "pick": "top", "rest": "bottom_any"}]
    m = re.match(r"^name a card type and an opponent reveals their hand and discards a card with that type$", t, re.I)
    if m:
        return [{"op": "name_type_discard"}]
    if re.match(r"^this card becomes involved in the faceoff\. At the end of the faceoff, retire this card$", t, re.I):
        return [{"op": "join_faceoff"}, {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]
    if re.match(r"^Choose a Friend in your discard pile\. Put it into play at a Problem where a faceoff is being resolved\. At the end of "
                r"the faceoff, banish that Friend$", t, re.I):
        return [{"op": "disc_into_faceoff"}]
    if re.match(r"^give this card the discarded card's colors until the end of the turn$", t, re.I):
        return [{"op": "colors_of_discarded"}]
    if re.match(r"^give one of your flipped cards \+(\d+) power until the end of the faceoff$", t, re.I):
        n = int(re.match(r"^give one of your flipped cards \+(\d+)", t, re.I).group(1))
        return [{"op": "flip_power", "n": n, "choose": True}]
    if re.match(r"^search your deck or discard pile for an Accessory, reveal it, and put it into your hand$", t, re.I):
        return [{"op": "search_deck_or_disc", "filter": {"type": "Resource", "trait": "Accessory"}}]
    if re.match(r"^Reveal cards from the top of an opponent's deck until you reveal a Friend\. Put that Friend into play under your "
                r"control, then that opponent shuffles their deck$", t, re.I):
        return [{"op": "reveal_until_friend"}]
    if re.match(r"^Each player chooses a Friend card in their opponent's discard pile\. The owners of each of those Friends may put them "
                r"into play$", t, re.I):
        return [{"op": "discord_pile"}]
    if re.match(r"^Banish a Friend from a discard pile\. Add that Friend's power to one of your Friends involved in the faceoff until the "
                r"end of the faceoff$", t, re.I):
        return [{"op": "ban_disc_add_power"}]
    if re.match(r"^Move an opponent's Friend to a Problem\. That opponent may pay \[1\] to copy this effect$", t, re.I):
        # 520 copying an effect: the opponent follows it as "you" (its "an opponent's Friend" is then yours)
        mv = {"op": "move", "target": {"type": "Friend", "ctrl": "opp"}, "to": "problem"}
        return [dict(mv), {"op": "as_opponent", "effects": [{"op": "may", "effects": [{"op": "pay", "n": 1}, dict(mv)]}]}]
    m = re.match(r"^Reveal the top card of your deck, then move an opposing character with power less than the revealed card's power\. If a "
                 r"player has (\d+) or more points, move up to two opposing characters with power less than the revealed card's power "
                 r"instead$", t, re.I)
    if m:
        return [{"op": "reveal_then_move", "points": int(m.group(1))}]
    if re.match(r"^Choose up to two opposing Friends\. Their controllers may return any number of them to their owners' hands\. Then, you "
                r"score a point for each chosen Friend in play$", t, re.I):
        return [{"op": "big_mix_up"}]
    m = re.match(r"^reveal the top (five|5) cards of your deck, put a card from your discard pile into your hand for each card with even power "
                 r"revealed this way, then shuffle your deck and turn this card over$", t, re.I)
    if m:
        return [{"op": "reveal_even_recall", "n": 5}, {"op": "turn_over"}]
    m = re.match(r"^(Start a faceoff involving your characters at a Problem and an opponent's characters there)\. The winner of that faceoff "
                 r"reveals a number of cards from the top of their deck equal to the number of their characters involved in the faceoff, "
                 r"puts each Friend revealed this way into their hand, and puts the rest of the cards on the bottom of their deck$", t, re.I)
    if m:  # 514.5d the winner's instruction (a public reveal, reveal_n)
        r = parse_start_faceoff(m.group(1) + ". The winner draws a card")
        if not r:
            return None
        return [{**r[0], "winner": [{"op": "reveal_n", "n": "involved", "pick": {"type": "Friend"}, "pick_n": "each", "rest": "bottom"}]}]
    if re.match(r"^Choose a card in an opponent's discard pile\. Search that player's hand, deck, and discard pile for each card with the same "
                r"name, then banish those cards\. Banish this card$", t, re.I):
        return [{"op": "destiny_drain"}, {"op": "self_to_ban"}]
    # look at the top cards of a deck and sort them (any number one way, the rest the other way)
    m = re.match(r"^look at the top (two|three|2|3) cards of a player's deck\. Put any number of them into their owner's discard pile "
                 r"and the rest back on top in any order$", t, re.I)
    if m:
        return [{"op": "look_sort", "n": word_number(m.group(1)), "whose": "choose", "pick": "disc", "rest": "top"}]
    m = re.match(r"^choose an opponent\. Look at a number of cards from the top of that player's deck equal to the number of colors "
                 r"this card has, then put any number of them back on top of the deck in any order, and the rest on the bottom$", t, re.I)
    if m:
        return [{"op": "look_sort", "n": "colors", "whose": "opp", "pick": "top", "rest": "bottom"}]
    m = re.match(r"^choose a Problem and (ready|exhaust) any number of (characters|Friends) there$", t, re.I)
    if m:  # "any number": one optional choice at a time (timed_effects.any_number)
        st_ = "exhausted" if m.group(1).lower() == "ready" else "ready"
        return [{"op": "choose_area"}, {"op": "any_number", "effect": {"op": m.group(1).lower(), "target": {
            "type": "character" if m.group(2).lower() == "characters" else "Friend", "at": "there", "state": st_}}}]
    # cards banished beneath a card (Pumped; "for each card beneath this card")
    m = re.match(r"^banish (this card|an? (?:Event|Friend|card) from your hand|(?:an opponent's|an opposing) Friend) to beneath "
                 r"(this card|one of your Friends with Pumped)$", t, re.I)
    if m:
        w = m.group(1).lower()
        e = {"op": "ban_beneath", "host": "self" if m.group(2).lower() == "this card" else "pumped"}
        if w == "this card":
            e["what"] = "self"
        elif "hand" in w:
            ty = re.match(r"an? (\w+)", w).group(1).capitalize()
            e.update(what="hand", filter={} if ty == "Card" else {"type": ty})
        else:
            e.update(what="target", target={"type": "Friend", "ctrl": "opp"})
        return [e]
    m = re.match(r"^reveal a card from your hand and banish it to beneath one of your Friends with Pumped$", t, re.I)
    if m:
        return [{"op": "ban_beneath", "what": "hand", "filter": {}, "host": "pumped"}]
    m = re.match(r"^put a banished card from beneath this card on (?:the )?top of your deck( and gain \[(\d+)\])?$", t, re.I)
    if m:
        return [{"op": "from_beneath", "to": "deck_top"}] + ([{"op": "gain", "n": int(m.group(2))}] if m.group(1) else [])
    if re.match(r"^put all cards from beneath a Friend with Pumped into the discard pile$", t, re.I):
        return [{"op": "from_beneath", "to": "disc"}]
    if re.match(r"^dismiss this card and put any cards beneath it into play at their owners' homes$", t, re.I):
        return [{"op": "from_beneath", "to": "play"}]
    t = re.sub(r"\binvolved in a faceoff\b", "involved in the faceoff", t)
    m = re.match(r"^(.+?)\. You may discard a card\. If you do, (.+)$", t)
    if m and " instead" not in m.group(2):  # the discard is what "If you do" asks (508.1d-like: no card, nothing)
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        if a is None or b is None:
            return None
        return a + [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True}] + b}]
    m = re.match(r"^Dismiss (an opposing Troublemaker)\. You may discard a card\. If you do, gain control of that Troublemaker instead$", t, re.I)
    if m:  # DE108: the replacement is chosen before the dismissal (712.3)
        return [{"op": "mark", "target": parse_target(m.group(1))},
                {"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True},
                                          {"op": "gain_control", "target": {"it": True}, "until": "permanent"}]},
                {"op": "it_unless_mine", "verb": "dismiss"}]
    m = re.match(r"^Until the end of the turn, (your (?:characters|Friends) get \+\d+ power) and (opponents can't play cards during faceoffs)$", t, re.I)
    if m:
        a = parse_effects(m.group(1) + " until the end of the turn")
        return None if a is None else a + [{"op": "restrict", "k": "no_fo_play", "who": "opp", "until": "turn"}]
    m = re.match(r"^choose a problem\. Move a random (Friend|character) to that Problem$", t, re.I)
    if m:  # the seeded rng picks among those not already there (506.2)
        return [{"op": "choose_area"}, {"op": "move_to_chosen", "target": {"type": m.group(1).capitalize(), "random": True}}]
    m = re.match(r"^move up to (3|three|2|two) of your (%s) Friends (?:from home )?to (a Problem|that Problem)$" % "|".join(TRAITS), t, re.I)
    if m:  # all to one Problem: chosen first ("a Problem") or this card's ("that Problem", after "at a Problem")
        tg = {"type": "Friend", "ctrl": "you", "trait": m.group(2), "optional": True, "fresh": True}
        if "from home" in t.lower():
            tg["at"] = "home"
        head = [{"op": "choose_area"}] if m.group(3).lower() == "a problem" else [{"op": "here_area"}]
        return head + [{"op": "move_to_chosen", "target": dict(tg)} for _ in range(word_number(m.group(1)))]
    m = re.match(r"^choose a Problem\. Your opponent moves one of their Friends away from that Problem\. If you control (.+?), gain \[(\d+)\]$", t, re.I)
    if m:  # CN116: the opponent chooses which of their Friends there and where it goes (506)
        return [{"op": "choose_area"}, {"op": "opp_moves_away", "type": "Friend"},
                {"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you", "title": m.group(1)}},
                 "effects": [{"op": "gain", "n": int(m.group(2))}]}]
    m = re.match(r"^move this card to a Problem where you have an? ((?:%s) or (?:%s)) Friend$" % ("|".join(TRAITS), "|".join(TRAITS)), t, re.I)
    if m:
        return [{"op": "move_to_chosen", "target": {"self": True}, "where_have": {"type": "Friend", "ctrl": "you", "traits": m.group(1).split(" or ")}}]
    m = re.match(r"^choose an opponent's Mane Character\. Banish each Friend at that Mane Character's Problem with power less than or "
                 r"equal to the power of that Mane Character$", t, re.I)
    if m:  # AD90 (none while it is at home: it has no Problem)
        return [{"op": "mark", "target": {"type": "Mane Character", "ctrl": "opp"}}, {"op": "ban_at_it_le"}]
    m = re.match(r"^move up to (2|two|3|three) of your opponent's characters home$", t, re.I)
    if m:
        return [{"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "home"}
                for _ in range(word_number(m.group(1)))]
    m = re.match(r"^(?:have )?all players shuffle their hands into their decks,? then draw (\d+|three|four|five|six) cards$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "hand"},
                                                  {"op": "draw", "n": word_number(m.group(1)) if not m.group(1).isdigit() else int(m.group(1)), "who": "you"}]}]
    m = re.match(r"^look at the top card of your deck and choose a number\. An opponent guesses whether that card's power matches the chosen "
                 r"number and you reveal that card\. If that opponent guesses correctly, banish that card\. Otherwise, gain \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "power_guess", "gain": int(m.group(1))}]
    m = re.match(r"^gain \[(\d+)\] until the end of the (phase|turn)$", t, re.I)
    if m:  # the tokens are lost again (if still there) when the duration ends (timed_effects.temp_gain)
        return [{"op": "temp_gain", "n": int(m.group(1)), "until": m.group(2).lower()}]
    if re.match(r"^your Friends can't leave play this turn$", t, re.I):
        return [{"op": "restrict", "k": "no_leave", "who": "you", "until": "turn"}]
    m = re.match(r"^distribute (two|three|2|3) \+1 power counters among up to (?:two|three|2|3) Friends$", t, re.I)
    if m:  # one counter at a time, each on any Friend (the same Friend may get several)
        return [{"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend"}} for _ in range(word_number(m.group(1)))]
    m = re.match(r"^(?:opponents|your opponent) can't (move their characters|play Events) this turn$", t, re.I)
    if m:
        return [{"op": "restrict", "k": "no_move" if m.group(1).lower().startswith("move") else "no_events", "who": "opp",
                 "until": "turn"}]
    m = re.match(r"^if you have fewer points than an opponent,? score a point$", t, re.I)
    if m:
        return [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": [{"op": "score", "n": 1, "who": "you"}]}]
    m = re.match(r"^move (?:your opponent's|an opponent's) Mane Character here$", t, re.I)
    if m:  # "here": this card's area (not a filter on where the Mane Character is)
        return [{"op": "move", "target": {"type": "Mane Character", "ctrl": "opp"}, "to": "here"}]
    return None


_DELAY_WHEN = {"at the end of the turn": "turn_end", "at the start of the next turn": "turn_start",
               "at the end of your score phase": "score_end_own", "at the start of your next turn": "own_turn_start"}


def _delayed_part(b: str, first: list[dict]) -> list[dict] | None:
    """The instructions of a delayed effect (timed_effects.delay); "that Friend" / "them" refer to what the
    first part banished, moved or put into play."""
    b = b.strip().rstrip(".")
    if re.match(r"^put (?:that Friend|it|that card) into play$", b, re.I):
        ban = [e for e in first if e.get("op") == "banish" and not (e.get("target") or {}).get("each")]
        if len(ban) != 1:
            return None
        ban[0]["keep"] = True  # the banished card is remembered (resolve: fr["gone"])
        return [{"op": "put_back"}]
    m = re.match(r"^(banish|retire|dismiss) them$", b, re.I)
    if m:
        return [{"op": "made", "verb": m.group(1).lower()}] if any(e.get("op") == "token" for e in first) else None
    m = re.match(r"^if no player has (\d+) or more points, retire (2|two) (%s) Friends$" % "|".join(TRAITS), b, re.I)
    if m:  # 410.2 a player retires their own cards
        tg = {"type": "Friend", "ctrl": "you", "trait": m.group(3), "fresh": True}
        return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))}, "effects": [],
                 "else": [{"op": "retire", "target": dict(tg)} for _ in range(word_number(m.group(2)))]}]
    if re.search(r"\b(?:them|they|their)\b", b, re.I):
        return None
    return parse_effects(b)


def _delayed_effects(t: str) -> list[dict] | None:
    """"<instructions>. At the end of the turn, <instructions>" and the like: the second part is a delayed
    effect (timed_effects.delay).  [] when the text has that shape but is not understood, None otherwise."""
    m = re.match(r"^(.+?)\. (At the end of the turn|At the start of the next turn|At the end of your Score Phase), (.+)$", t, re.I)
    if m and not re.search(r"\bAt the (?:end|start) of\b", m.group(3)):
        a = parse_effects(m.group(1))
        b = _delayed_part(m.group(3), a) if a is not None else None
        if a is None or b is None:
            return []
        return a + [{"op": "delay", "when": _DELAY_WHEN[m.group(2).lower()], "effects": b, "lbl": m.group(2) + ", " + m.group(3)}]
    m = re.match(r"^(.+), then (retire|banish|dismiss) (?:that Friend|that character|it) at the end of the turn$", t, re.I)
    if m:  # "move one of your Friends to this Problem, then retire that Friend at the end of the turn"
        a = parse_effects(m.group(1))
        if a is None or len(a) != 1 or a[0].get("op") not in ("move", "ready", "gain_control", "power"):
            return []
        return a + [{"op": "delay", "when": "turn_end", "effects": [{"op": m.group(2).lower(), "target": {"it": True}}],
                     "lbl": f"{m.group(2)} that Friend at the end of the turn"}]
    m = re.match(r"^banish this card and put it into play at the start of your next turn$", t, re.I)
    if m:
        return [{"op": "banish", "target": {"self": True}, "keep": True},
                {"op": "delay", "when": "own_turn_start", "effects": [{"op": "put_back"}], "lbl": "put it into play"}]
    m = re.match(r"^banish (an? (?:Friend|character)|an opposing (?:Friend|character)|one of your (?:Friends|characters)) until the end of the turn$", t, re.I)
    if m:  # the banished card comes back at the end of the turn (into play at its owner's home)
        tg = parse_target(m.group(1))
        if tg is None:
            return []
        return [{"op": "banish", "target": tg, "keep": True},
                {"op": "delay", "when": "turn_end", "effects": [{"op": "put_back"}], "lbl": "put that Friend into play"}]
    return None

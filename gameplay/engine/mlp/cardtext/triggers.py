"""Triggered abilities (704): trigger phrases (``TRIGGERS``), watched events, whole trigger lines."""
from __future__ import annotations

from typing import Any

from .nested import parse_effects
from .targets import parse_target
from .templates import NEXT, first_match
from .vocab import COLOR_RE, TRAITS, re, word_number


# ------------------------------------------------------------------ abilities
# A card's own triggers on these events resolve after it left play (514.5a: a defeated Troublemaker is
# dismissed; 410.6a: "it" is then the card in its new zone, no longer the card in play)
LEAVES_PLAY_EVENTS = ("defeated", "leaves")

TRIGGERS = [
    (r"^(?:When|As) this card enters play at a Problem, ", "enter", {"when": "problem"}),
    (r"^When you play this card to a Problem, ", "enter", {"when": "problem"}),
    (r"^When you play this card to your home, ", "enter", {"when": "home"}),
    (r"^When this card enters play during your turn, ", "enter", {"your_turn": True}),
    (r"^When this card enters play, ", "enter", {}),
    (r"^When you play this card, ", "enter", {}),
    (r"^At the start of your turn, ", "turn_start", {}),
    (r"^At the end of your turn, ", "turn_end", {}),
    (r"^At the start of your Main Phase, ", "main_start", {}),
    (r"^When you win a faceoff involving this card, ", "win_faceoff", {}),
    (r"^When you win a Troublemaker faceoff involving this card, ", "win_faceoff", {"fo": "tm"}),
    (r"^When you win a Problem faceoff involving this card, ", "win_faceoff", {"fo": "problem"}),
    (r"^At the end of each player's turn, ", "any_turn_end", {}),
    (r"^At the end of each opponent's turn, ", "opp_turn_end", {}),
    (r"^At the start of your Troublemaker [Pp]hase, ", "tp_start", {}),
    (r"^At the start of (?:your|each) opponent's Troublemaker [Pp]hase, ", "opp_tp_start", {}),
    (r"^At the start of each player's Troublemaker [Pp]hase, ", "any_tp_start", {}),
    (r"^At the start of your Score Phase, ", "score_start", {}),
    (r"^At the start of the Score Phase, ", "any_score_start", {}),  # each player's Score Phase
    (r"^At the start of each player's turn, ", "any_turn_start", {}),
    (r"^At the start of a Problem [Ff]aceoff here, ", "problem_fo_start", {"here": True}),
    (r"^At the end of your opponent's turn, ", "opp_turn_end", {}),
    (r"^At the start of your first turn, ", "turn_start", {"first_turn": True}),
    (r"^At the start of a faceoff, ", "any_fo_start", {}),
    (r"^At the end of your Troublemaker [Pp]hase, ", "tp_end", {}),
    (r"^At the end of each player's Troublemaker [Pp]hase, ", "any_tp_end", {}),
    (r"^At the start of a faceoff here,? ", "any_fo_start", {"here": True}),
    (r"^At the start of the game, ", "game_start", {}),
    (r"^At the end of your draw step, ", "draw_step_end", {}),
    (r"^When you confront this Problem, ", "confront_this", {}),
    (r"^When a player confronts this Problem, ", "confront_this_any", {}),
    (r"^When this card is confronted, ", "confronted", {}),  # (a Problem's controller is "you", 513.2)
    (r"^When this [Pp]roblem (?:is|becomes) solved, ", "solved", {}),
    (r"^When this Problem (?:enters play|is played), ", "enter", {}),
    (r"^When you play an Event, ", "you_play_event", {}),
    (r"^When this card leaves play, ", "leaves", {}),
    (r"^When this card becomes Cutie Marked, ", "cutie_marked", {}),
    (r"^When you draw a card, ", "you_draw", {}),
    (r"^When an opponent moves a character, ", "opp_moves", {}),
    (r"^When you move a character, ", "you_move", {}),
    (r"^When you play a Friend, ", "you_play_friend", {}),
    (r"^When you play a Troublemaker, ", "you_play_tm", {}),
    (r"^When an opponent starts a faceoff, ", "opp_starts_fo", {}),
    (r"^When an opponent starts a faceoff here, ", "opp_starts_fo", {"here": True}),
    (r"^When you win a Troublemaker faceoff, ", "you_win_tm_fo", {}),
    (r"^When you lose a Troublemaker faceoff, ", "you_lose_tm_fo", {}),
    (r"^When one of your Friends becomes Cutie Marked, ", "friend_cutie", {}),
    (r"^Talented: When you play an Event whose play requirement includes at least one of this card's colors, ", "talented", {}),
    (r"^Chaos: When this card is flipped, ", "flipped", {}),
    (r"^When you confront this card's Problem, ", "confront", {}),
    (r"^When you confront this card's Problem (?=you may )", "confront", {}),  # CN193 has no comma
    (r"^At the start of a faceoff involving this card, ", "fo_start", {}),
    (r"^At the start of a Problem [Ff]aceoff involving this card, ", "fo_start", {"fo": "problem"}),
    (r"^At the start of a Problem faceoff, ", "problem_fo_start", {}),
    (r"^When this card is uncovered, ", "uncovered", {}),
    # "you": this card's controller moves it (an opponent's effect moving it does not count)
    (r"^When you move this card to a Problem, ", "moved", {"to": "problem", "by": "you"}),
    (r"^When you move this card, ", "moved", {"by": "you"}),
    (r"^When this card is moved, ", "moved", {}),
    (r"^When this card is defeated, ", "defeated", {}),
    # faceoffs and flipping (514, 515): "Chaotic" is a trait; "by at least N power" is the winning margin
    (r"^Chaos: When you flip this card, ", "flipped", {}),
    (r"^Chaos: When this card is flipped during a Troublemaker faceoff, ", "flipped", {"fo": "tm"}),
    (r"^When an opponent loses a faceoff against a Troublemaker here, ", "opp_loses_tm_fo_here", {}),
    (r"^When you win a faceoff involving (?:that|the attached) (?:character|Friend), ", "host_wins_fo", {}),
    (r"^When (?:that|the attached) (?:character|Friend) becomes involved in a faceoff, ", "host_fo_start", {}),
    (r"^When you flip a Chaotic card, ", "you_flip", {"flip": "Chaotic"}),
    (r"^When you flip a card, ", "you_flip", {}),
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff involving this card by at least (\d+) power, ", "win_faceoff",
     lambda m: {"margin": int(m.group(2)), **({"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {})}),
    # any faceoff you win (not only those involving this card): flow.resolve_faceoff fires ``you_win_fo``
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff by at least (\d+) power, ", "you_win_fo",
     lambda m: {"margin": int(m.group(2)), **({"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {})}),
    # a Problem's owner ("that player" is the owner, who is "you"): any faceoff they win with their Mane involved
    (r"^When this card's owner wins a faceoff involving their Mane Character, that player (?=may )", "you_win_fo",
     {"mane_inv": True}),
    # "At the end of a faceoff [involving this card], ...": fired by flow.end_faceoff before the flipped cards leave
    (r"^At the end of a faceoff involving this card, ", "fo_end_pre", {"inv": True}),
    (r"^At the end of a faceoff, (?=you may put one of your flipped)", "fo_end_pre", {}),
    (r"^When you lose a (?:(Problem|Troublemaker) )?faceoff involving this card, ", "lose_faceoff",
     lambda m: {"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {}),
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff (?:here|at this Problem), ", "win_fo_here",
     lambda m: {"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {}),
    (r"^When you start a faceoff here, ", "you_start_fo", {"here": True}),
    (r"^When a player wins a faceoff here by exactly (\d+) power, that player (?=scores )", "any_win_fo_here",
     lambda m: {"exact": int(m.group(1)), "as_winner": True}),
    (r"^When a player draws a card, ", "any_draw", {}),
    (r"^When you put a card on top of your deck, ", "you_deck_top", {}),
    (r"^When this card enters play during your turn, ", "enter", {"your_turn": True}),
    (r"^When this card enters play at a problem, ", "enter", {"when": "problem"}),  # CN48's lowercase
    (r"^When this card is turned face-up, ", "uncovered", {}),  # 505: a Troublemaker turned face-up is uncovered
    (r"^When you confront this Problem with at least (?P<n>\d+) characters, ", "confront_this", {"min_chars": None}),
    (r"^When a player confronts this Problem with characters that have at least (?P<n>\d+) different colors among them, ",
     "confront_this_any", {"min_colors": None}),
    (r"^When an opponent discards a card, ", "opp_discards", {}),
    (r"^When an opponent pays their last action token, ", "opp_pays_last", {}),
    (r"^When an opponent loses one or more action tokens, ", "opp_loses_tokens", {}),
    (r"^When (?:an|your) opponent confronts this card's Problem, ", "opp_confronts", {"here": True}),
    (r"^When an opponent confronts a Problem, ", "opp_confronts", {}),
]

# ------------------------------------------------------------------ watched events (704.1)
# Triggered abilities about something happening to a card (any card, not only this one): the ability
# gets ``subj`` (rules._watch_ok) and the card it happened to is "it" / "that Friend" in the effect.
_PLAY_TYPES = {"Friend": "Friend", "Resource": "Resource", "Event": "Event", "Troublemaker": "Troublemaker"}


def _watch_subject(text: str, card_type: str = "") -> dict | None:
    """"an opposing Friend here", "this or another one of your Pegasus Friends", "one of your
    Problems", "the attached Friend", "that Friend" (on a Resource: its host) -> selector."""
    t = text.strip().replace("charactes", "characters")  # a misprint in the card data (NM8)
    if t in ("this card", "this Friend", "this Troublemaker", "this character"):
        return {"self": True}
    if t in ("the attached Friend", "that Friend", "the attached character", "that character"):
        return {"host": True} if card_type == "Resource" else None
    m = re.match(r"^(?:a|an|one of your|another one of your|an opponent's|an opposing) (?:non-token )?Problems?$", t)
    if m:
        sel = {"type": "Problem"}
        if "your" in t:
            sel["ctrl"] = "you"
        elif "opp" in t:
            sel["ctrl"] = "opp"
        return sel
    t = re.sub(r"^this or another (one of your )?", lambda m_: "each your " if m_.group(1) else "each ", t)
    t = re.sub(r"\bnon-token ", "", t)
    if re.match(r"^each (?!your )\w+s?\b", t) and not t.endswith("s") and " " not in t[5:]:
        t = t + "s" if not t.endswith("s") else t
    sel = parse_target(t)
    if sel is None or sel.get("it") or sel.get("host"):
        return None
    sel = dict(sel)
    sel.pop("each", None)
    sel.pop("optional", None)
    return sel


_WATCH = [
    # (regex on the trigger condition, event, subject group, fixed filter)
    (r"^When (?P<s>.+?) enters play(?P<w> here| at a Problem)?, ", "w_enter", {}),
    (r"^When (?P<s>.+?) (?:is|becomes) dismissed, ", "w_leave", {"how": "dismissed"}),
    (r"^When (?P<s>.+?) (?:is|becomes) retired, ", "w_leave", {"how": "retired"}),
    (r"^When (?P<s>.+?) (?:is|becomes) banished, ", "w_leave", {"how": "banished"}),
    (r"^When (?P<s>.+?) is retired or dismissed, ", "w_leave", {"how": ["retired", "dismissed"]}),
    (r"^When (?P<s>.+?) leaves play, ", "w_leave", {}),
    (r"^When (?P<s>.+?) (?:is|becomes) frightened, ", "w_fright", {}),
    (r"^When you frighten (?P<s>.+?) for the first time each turn, ", "w_fright", {"by": "you", "once_turn": True}),
    (r"^When (?P<s>.+?) becomes unfrightened, ", "w_unfright", {}),
    (r"^When (?P<s>.+?) becomes exhausted, ", "w_exhaust", {}),
    (r"^When (?P<s>.+?) is uncovered(?P<w> here)?, ", "w_uncover", {}),
    (r"^When you uncover (?P<s>a Troublemaker(?: at this card's Problem| here)?), ", "w_uncover", {"by": "you"}),
    (r"^When you move (?P<s>.+?) to (?:this|this card's) Problem for the first time each turn, ", "w_move",
     {"by": "you", "to": "here", "send": False, "once_turn": True}),
    (r"^When you move (?P<s>.+?) to (?:this|this card's) Problem, ", "w_move", {"by": "you", "to": "here", "send": False}),
    (r"^When you move (?P<s>.+?) to a Problem, ", "w_move", {"by": "you", "to": "problem", "send": False}),
    (r"^When you move (?P<s>.+?), ", "w_move", {"by": "you", "send": False}),
    (r"^When an opponent moves (?P<s>.+?) to (?:this|this card's) Problem, ", "w_move", {"by": "opp", "to": "here", "send": False}),
    (r"^When (?P<s>.+?) is moved from (?:this|this card's) Problem, ", "w_move", {"from": "here", "send": False}),
    (r"^When (?P<s>this card) is sent or moved home, ", "w_move", {"to": "home"}),
    (r"^When you put a \+1 power counter on (?P<s>.+?) for the first time each turn, ", "w_counter", {"by": "you", "once_turn": True}),
    (r"^When you put a \+1 power counter on (?P<s>.+?), ", "w_counter", {"by": "you"}),
    (r"^When (?P<s>.+?) is moved, ", "w_move", {"send": False}),
    (r"^When (?P<s>.+?) is moved from (?:here|this Problem|this card's Problem) to (?:another|a) Problem, ", "w_move",
     {"from": "here", "to": "problem", "send": False}),
    # 608.1 challenging a Troublemaker; 514.5a defeating one ("that player ..." follows the actor: as_by)
    (r"^When a player challenges (?P<s>this card), ", "w_challenge", {"as_by": True}),
    (r"^When an opponent challenges (?P<s>this card), ", "w_challenge", {"by": "opp", "as_by": True}),
    (r"^When an opponent challenges (?P<s>one of your Troublemakers), ", "w_challenge", {"by": "opp"}),
    (r"^When a player defeats (?P<s>a Troublemaker(?: at this Problem| here)?), ", "w_defeat", {"as_by": True}),
]


def _as_actor(body: str) -> str | None:
    """"that player moves one of their characters" -> "move one of your characters": the effect is
    followed by the player who did the watched thing (``as_by``)."""
    m = re.match(r"^(?:they|that player|that opponent) ", body)
    if not m:
        return None if re.search(r"\b(?:they|them|that player|their)\b", body) else body
    body = body[m.end():]
    if body.startswith("may "):
        body = "you " + body  # "that player may ..." -> "you may ..."
    body = re.sub(r"\b(?:that player|they)\b", "you", body)
    body = re.sub(r"\btheir\b", "your", body)
    body = re.sub(r"\bthem\b", "you", body)
    return re.sub(r"^(\w+(?:sh|ch|ss)es|\w+s)\b", lambda m_: m_.group(1)[:-2] if m_.group(1).endswith(("shes", "ches", "sses")) else m_.group(1)[:-1], body)
# "When you / an opponent play(s) a [<trait>] <type> [here | to this card's Problem]"
# "When a Troublemaker is played here" / "When a player plays a Troublemaker here": any player ("its
# controller" / "that player" follows the effect)
_WATCH_PLAY_ANY = re.compile(r"^When (?:(?:a|an) (Friend|Resource|Event|Troublemaker) is played|a player plays (?:a|an) "
                             r"(Friend|Resource|Event|Troublemaker))( here)?, ")
_WATCH_PLAY = re.compile(r"^When (you|an opponent|your opponent) plays? (?:a|an) (?:(%s) )?(Friend|Resource|Event|Troublemaker|card)"
                         r"( here| to this card's Problem| to a Problem)?, " % "|".join(TRAITS))


def other_than_it(effs: list[dict]) -> None:
    """In a watched-event trigger "another character" also excludes the card the event happened to
    ("When you move a character to this Problem, ... move another one of your characters")."""
    for e in effs:
        tg = e.get("target")
        if isinstance(tg, dict) and tg.get("other"):
            tg["not_it"] = True
        for sub in [e.get("effects") or []] + list(e.get("modes") or []):
            other_than_it(sub)


def watch_trigger(line: str, card_type: str = "") -> tuple[str, dict, str] | None:
    """A watched-event trigger -> (event, {"subj": filter}, effect text), or None."""
    # "When you play a Seapony, ..." (SB53): of the characters only Friends are played (609.2a)
    line = re.sub(r"^When you play a Seapony, ", "When you play a Seapony Friend, ", line)
    m = _WATCH_PLAY.match(line)
    if m:
        f: dict[str, Any] = {"by": "you" if m.group(1) == "you" else "opp"}
        if m.group(3) != "card":
            f["ptype"] = m.group(3)
        if m.group(2):
            f["ptrait"] = m.group(2)
        if m.group(4):
            f["to"] = "here" if m.group(4) != " to a Problem" else "problem"
        body = line[m.end():].replace(" to that Problem", " to the watched area")
        body = re.sub(r"^(?:it|that (?:Friend|character)) (gets|has) ", r"that card \1 ", body)
        return "w_play", {"subj": f}, body
    m = _WATCH_PLAY_ANY.match(line)
    if m:
        f = {"ptype": m.group(1) or m.group(2)}
        if m.group(3):
            f["to"] = "here"
        body = re.sub(r"^(?:its controller|that Troublemaker's controller) ", "that player ", line[m.end():])
        body = _as_actor(body)
        if body is None:
            return None
        f["as_by"] = True
        return "w_play", {"subj": f}, body
    m = re.match(r"^When you play the last card in your hand, ", line)
    if m:
        return "w_play", {"subj": {"by": "you", "last": True}}, line[m.end():]
    for pat, on, fixed in _WATCH:
        m = re.match(pat, line)
        if not m:
            continue
        subj = m.group("s")
        if on == "w_enter" and subj in ("this card", "this Problem"):
            return None  # the card's own "enter" trigger
        if "w" in m.groupdict() and m.group("w"):
            subj += m.group("w")
        sel = _watch_subject(subj, card_type)
        if sel is None:
            return None
        f = dict(fixed)
        if f.pop("as_by", None):
            body_ = _as_actor(line[m.end():])
            if body_ is None:
                return None
            line = line[:m.end()] + body_
            f["as_by"] = True
        if sel.get("host"):
            f["sel"] = {"host": True}
        else:
            if re.search(r"\bnon-token\b", subj):
                f["token"] = False
            f["sel"] = sel
        body = line[m.end():]
        if on == "w_leave" and sel.get("self") and re.match(r"^put it into its owner'?s? hand\.?$", body):
            body = "return the card that left play to its owner's hand"  # from its new zone (410.6a)
        elif on == "w_leave" and sel.get("self") and re.search(r"\b(?:it|this card|its Problem)\b", body):
            return None  # after it left play: the card in its new zone (410.6a); "here" is its last area
        if not sel.get("self"):
            # "it" is the card the event happened to, not this card
            body = re.sub(r"\b(frighten|exhaust|dismiss|banish|ready|retire|move|challenge) it\b", r"\1 that card", body)
            body = re.sub(r"^it (gets|has) ", r"that card \1 ", body)
            if sel.get("type") == "Problem" or on in ("w_move", "w_uncover", "w_enter", "w_play"):
                # "there" / "that Problem": where the event happened (not this card's area)
                body = re.sub(r"\bmove this card there\b", "move this card to the watched area", body)
                body = re.sub(r"\bsend that (?:character|Friend|card) to its previous area\b", "send the watched card back", body)
                body = re.sub(r"\b((?:an?|another|each|your other|your) [\w' ]+?) there\b", r"\1 at the watched area", body)
                body = body.replace(" to that Problem", " to the watched area")
        return on, {"subj": f}, body
    return None


def _when_you_win_a_faceoff_involving(_match, body, line, card_type):
    if body == "When you win a faceoff involving this card, you may turn it face-down" and card_type == "Troublemaker":
        return {"kind": "trigger", "on": "win_faceoff", "effects": [{"op": "may", "effects": [
            {"op": "turn_face_down", "target": {"self": True}}]}], "text": line}
    return NEXT


def _when_this_troublemaker_defeated_you_may(m, body, line, card_type):
    return {"kind": "trigger", "on": "defeated", "text": line, "effects": [{"op": "may", "effects": [
        {"op": "pay", "n": int(m.group(1))}, {"op": "tm_into_play", "zone": "hand", "at": "here", "face_up": True}]}]}


def _when_a_player_wins_a_problem(m, body, line, card_type):
    return {"kind": "trigger", "on": "any_win_fo_here", "fo": "problem", "as_winner": True, "text": line,
            "effects": [{"op": "may", "effects": [{"op": "reorder_top", "n": word_number(m.group(1)), "whose": "problem_here",
                                                   "deck": "pdeck"}]}]}


def _the_first_time_a_player_plays(m, body, line, card_type):
    return {"kind": "trigger", "on": "w_play", "subj": {"ptype": "Friend", "to": "here", "once_turn": True}, "as_by": True,
            "text": line, "effects": [{"op": "may", "effects": [
                {"op": "ready", "target": {"type": "Friend", "at": "here", "not_it": True, "state": "exhausted"}}]}]}


def _the_first_time_each_turn_one(m, body, line, card_type):
    return {"kind": "trigger", "on": "w_fright", "subj": {"sel": {"type": "Friend"}, "once_turn": True}, "text": line,
            "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}


def _when_you_play_this_card_to(m, body, line, card_type):
    return {"kind": "trigger", "on": "enter", "when": "problem", "text": line,
            "effects": [{"op": "turn_face_down", "target": {"type": "Troublemaker", "at": "here"}}]}


def _when_this_card_enters_play_at(m, body, line, card_type):
    tm = {"type": "Troublemaker", "ctrl": "opp", "at": "here"}
    return {"kind": "trigger", "on": "enter", "when": "problem", "text": line, "effects": [
        {"op": "if", "cond": {"k": "you_have", "sel": tm}, "effects": [
            {"op": "power", "n": int(m.group(1)), "target": {"self": True}, "until": "turn"},
            {"op": "challenge", "tm": tm, "with": "self"}]}]}


def _when_an_opposing_troublemaker_enters_play(m, body, line, card_type):
    effs = [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
             "effects": [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "problem"}]}],
             "else": [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "self"}]}]}]
    subj = {"sel": {"type": "Troublemaker", "ctrl": "opp", "at": "here"}}  # (a face-down one is not "an opposing Troublemaker", 505.2)
    return {"kind": "multi", "text": line, "abilities": [
        {"kind": "trigger", "on": "w_enter", "subj": subj, "effects": effs, "text": line},
        {"kind": "trigger", "on": "w_uncover", "subj": subj, "effects": effs, "text": line}]}


def _when_this_card_enters_play_face(m, body, line, card_type):
    if card_type == "Troublemaker":
        effs = parse_effects(m.group(1))
        if effs is None:
            return None
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "enter", "xf": {"face_up": True}, "effects": effs, "text": line},
            {"kind": "trigger", "on": "uncovered", "effects": effs, "text": line}]}
    return NEXT


def _when_you_play_your_first_card(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "w_play", "subj": {"by": "you"}, "text": line,
                                      "effects": [{"op": "if", "cond": {"k": "played_exactly", "who": "you", "n": 1}, "effects": effs}]}


def _when_you_play_a_card_during(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "w_play", "subj": {"by": "you"}, "xf": {"fo": True},
                                      "text": line, "effects": effs}


def _when_you_win_a_faceoff_involving_2(m, body, line, card_type):
    effs = parse_effects(m.group(2))
    sel = {"type": "character", "ctrl": "you", "title": m.group(1), "inv": True, "other": True}
    return None if effs is None else {"kind": "trigger", "on": "win_faceoff", "text": line,
                                      "effects": [{"op": "if", "cond": {"k": "you_have", "sel": sel}, "effects": effs}]}


def _when_a_troublemaker_played_here_that(m, body, line, card_type):
    return {"kind": "trigger", "on": "w_play", "subj": {"ptype": "Troublemaker", "to": "here"}, "as_by": True, "text": line,
            "effects": [{"op": "may", "effects": [{"op": "to_hand", "target": {"type": "Friend", "at": "here"}}]}]}


def _when_this_card_enters_play_you(m, body, line, card_type):
    # the banished card returns as this card leaves play (706: under its owner's control)
    effs = parse_effects(m.group(1))
    if effs is None:
        return None
    return {"kind": "multi", "text": line, "abilities": [
        {"kind": "trigger", "on": "enter", "effects": effs, "text": line},
        {"kind": "trigger", "on": "leaves", "effects": [{"op": "return_held"}], "text": line}]}


def _when_an_opponent_draws_a_an(m, body, line, card_type):
    effs = parse_effects(m.group(2))
    xf = {"by": "opp", **({"dnamed": True} if "named" in m.group(1) else {"dtype": m.group(1)})}
    return None if effs is None else {"kind": "trigger", "on": "any_draw", "xf": xf, "text": line, "effects": effs}


def _at_the_end_of_your_main(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "main_end", "text": line, "effects": effs}


def _when_you_end_your_turn(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "turn_end", "text": line, "effects": effs}


def _when_you_draw_your_second_third(m, body, line, card_type):
    effs = parse_effects(m.group(2))
    return None if effs is None else {"kind": "trigger", "on": "you_draw", "text": line, "effects": effs,
                                      "xf": {"draws_n": ("second", "third", "fourth").index(m.group(1)) + 2}}


def _when_an_opponent_draws_a_card(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "any_draw", "xf": {"by": "opp", "main": True}, "text": line,
                                      "effects": effs}


def _when_you_confront_a_problem(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "you_confront", "text": line, "effects": effs}


def _when_you_confront_this_card_problem(m, body, line, card_type):
    effs = parse_effects(m.group(3))
    return None if effs is None else {"kind": "trigger", "on": "confront", "text": line, "effects": [
        {"op": "if", "cond": {"k": "color_chars_here", "color": m.group(2), "n": int(m.group(1))}, "effects": effs}]}


def _when_you_play_a_resource_on(m, body, line, card_type):
    effs = [{"op": "turn_over"}] if m.group(2) is None else [{"op": "power_it_host", "n": int(m.group(2)), "until": "turn"}]
    return {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Resource"}, "xf": {"host_mine": True},
            "text": line, "effects": effs}


def _when_you_remove_the_last_a(m, body, line, card_type):
    effs = parse_effects(m.group(2))
    return None if effs is None else {"kind": "trigger", "on": "counters_gone", "xf": {"counter": m.group(1)}, "text": line,
                                      "effects": effs}


def _when_you_put_a_a_z(m, body, line, card_type):
    effs = parse_effects(m.group(2))
    return None if effs is None else {"kind": "trigger", "on": "counter_put", "xf": {"counter": m.group(1)}, "text": line,
                                      "effects": effs}


def _when_this_card_enters_your_discard(m, body, line, card_type):
    # from any zone (Rules.put): the card in the discard pile is the source
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "to_disc", "text": line, "effects": effs}


def _when_this_enters_play(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "enter", "text": line, "effects": effs}


def _when_you_put_one_more_cards(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "you_deck_top", "text": line, "effects": effs}


def _at_the_start_of_the_turn(m, body, line, card_type):
    if not re.search(r"\b(?:they|their|that player)\b", m.group(1)):
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "any_turn_start", "text": line, "effects": effs}
    return NEXT


def _your_mane_character_has_that_the(m, body, line, card_type):
    return {"kind": "static", "op": "grant_color", "color": "chosen", "target": {"type": "Mane Character", "ctrl": "you"},
            "text": line}


def _you_have_a_z_a_z(m, body, line, card_type):
    names = [x.strip() for x in m.group(1).split(",") if x.strip()] + [m.group(2)]
    return {"kind": "static", "op": "power", "n": int(m.group(4)),
            "target": {"type": "Friend", "ctrl": "you", "trait": m.group(3)},
            "cond": {"k": "any_of", "of": [{"k": "you_have", "sel": {"type": "card", "ctrl": "you", "title": x}} for x in names]},
            "text": line}


def _when_one_more_opposing_characters_become(m, body, line, card_type):
    # once: later triggers of the same batch find it already turned (its Boosted side has no such ability)
    return {"kind": "trigger", "on": "w_exhaust", "subj": {"sel": {"type": "character", "ctrl": "opp"}}, "text": line,
            "effects": [{"op": "turn_over", "to": "boosted"}]}


def _when_a_character_enters_play_here(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    if effs is None:
        return None
    return {"kind": "multi", "text": line, "abilities": [
        {"kind": "trigger", "on": "w_enter", "subj": {"sel": {"type": "character", "at": "here"}}, "effects": effs, "text": line},
        {"kind": "trigger", "on": "w_move", "subj": {"sel": {"type": "character"}, "to": "here", "send": False},
         "effects": effs, "text": line}]}


def _when_an_opposing_friend_enters_play(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "w_enter", "text": line, "effects": effs,
                                      "subj": {"sel": {"type": "Friend", "ctrl": "opp", "at": "problem"}, "once_turn": True}}


def _this_card_has_at_least_power(_match, body, line, card_type):
    if body == "While this card has at least 3 +1 power counters on it, it is Epic":
        return {"kind": "static", "op": "epic_if", "counter": "+1", "n": 3, "text": line}
    return NEXT


def _at_the_start_of_this_card(m, body, line, card_type):
    if card_type == "Problem":  # a Problem is controlled by its owner (513.2): "your turn"
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "turn_start", "text": line, "effects": effs}
    return NEXT


def _at_the_start_of_each_of(m, body, line, card_type):
    if card_type == "Resource":
        return {"kind": "trigger", "on": "any_turn_start", "xf": {"host_tp": True}, "as_tp": True, "text": line,
                "effects": [{"op": "pay_or", "n": int(m.group(1)), "else": [{"op": m.group(2), "target": {"host": True}}]}]}
    return NEXT


def _at_the_start_of_each_player(m, body, line, card_type):
    return {"kind": "trigger", "on": "any_turn_start", "as_tp": True, "text": line,
            "effects": [{"op": "each_pay_or", "n": int(m.group(1)), "verb": "retire"}]}


def _when_this_card_enters_play_at_2(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "enter", "when": "home", "text": line, "effects": effs}


def _at_the_start_of_a_problem(m, body, line, card_type):
    if card_type == "Resource":
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "host_fo_start", "fo": "problem", "text": line, "effects": effs}
    return NEXT


def _at_the_start_of_a_troublemaker(m, body, line, card_type):
    effs = parse_effects(m.group(1))
    return None if effs is None else {"kind": "trigger", "on": "any_fo_start", "fo": "tm", "text": line, "effects": effs}


def _when_this_side_of_the_card(m, body, line, card_type):
    if card_type == "Mane Character":
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "side_up", "text": line, "effects": effs}
    return NEXT


def _when_this_card_dismissed_dismiss_all(_match, body, line, card_type):
    if body == "When this card is dismissed, dismiss all other Friends at its Problem":
        # "its Problem": the area it left (``la``), when that was a Problem (none from a home)
        return {"kind": "trigger", "on": "w_leave", "subj": {"how": "dismissed", "sel": {"self": True}}, "text": line,
                "effects": parse_effects("dismiss all other Friends at its Problem")}
    return NEXT


def _this_card_has_at_least_one(_match, body, line, card_type):
    if body == "While this card has at least one Postage counter on it, it has +1 power":
        return {"kind": "static", "op": "power", "n": 1, "target": "self", "cond": {"k": "self_counters", "counter": "Postage", "n": 1},
                "text": line}
    return NEXT


#: trigger_whole_lines's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``body``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
TRIGGER_LINE_TEMPLATES: tuple = (
    (None, 0, _when_you_win_a_faceoff_involving),
    (r"^When this Troublemaker is defeated, you may pay \[(\d+)\] to put another Troublemaker from your hand into "
     r"play here face-up$", 0, _when_this_troublemaker_defeated_you_may),
    (r"^When a player wins a Problem faceoff here, they may look at the top (\w+) cards of this Problem's deck and "
     r"put them back in any order$", 0, _when_a_player_wins_a_problem),
    (r"^The first time a player plays a Friend here each turn, that player may ready another Friend here$", 0, _the_first_time_a_player_plays),
    (r"^The first time each turn one or more Friends become frightened, you may draw a card$", 0, _the_first_time_each_turn_one),
    (r"^When you play this card to a Problem with a face-up Troublemaker, turn that Troublemaker face-down$", 0, _when_you_play_this_card_to),
    (r"^When this card enters play at a Problem with an opponent's Troublemaker, this card gets \+(\d+) power until "
     r"the end of the turn\. Challenge that Troublemaker with this card$", 0, _when_this_card_enters_play_at),
    (r"^When an opposing Troublemaker enters play face-up or is uncovered here, you may challenge it with this card\. "
     r"If a player has (\d+) or more points, you may challenge it with all of your characters at this card's Problem instead$", 0, _when_an_opposing_troublemaker_enters_play),
    (r"^When this card enters play face-up or is uncovered, (.+)$", 0, _when_this_card_enters_play_face),
    (r"^When you play your first card each turn, (.+)$", 0, _when_you_play_your_first_card),
    (r"^When you play a card during a faceoff, (.+)$", 0, _when_you_play_a_card_during),
    (r"^When you win a faceoff involving this card and ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), (.+)$", 0, _when_you_win_a_faceoff_involving_2),
    (r"^When a Troublemaker is played here, that Troublemaker's owner may put a Friend here into its owner's hand$", 0, _when_a_troublemaker_played_here_that),
    (r"^When (?:this card enters play|you play this card), (banish .+ until this card leaves play)$", 0, _when_this_card_enters_play_you),
    (r"^When an opponent draws (?:a|an) (Friend|Event|Resource|Troublemaker|card with the named type), (.+)$", 0, _when_an_opponent_draws_a_an),
    (r"^At the end of your Main Phase, (.+)$", 0, _at_the_end_of_your_main),
    (r"^When you end your turn, (.+)$", 0, _when_you_end_your_turn),
    (r"^When you draw your (second|third|fourth) card during a turn, (.+)$", 0, _when_you_draw_your_second_third),
    (r"^When an opponent draws a card during their Main Phase, (.+)$", 0, _when_an_opponent_draws_a_card),
    (r"^When you confront a Problem, (.+)$", 0, _when_you_confront_a_problem),
    (r"^When you confront this card's Problem with at least (\d+) other \[(%s)\] characters, (.+)$" % COLOR_RE, 0, _when_you_confront_this_card_problem),
    (r"^When you play a Resource on one of your Friends, (turn this card over|that Friend gets \+(\d+) power until the end of the turn)$", 0, _when_you_play_a_resource_on),
    (r"^When you remove the last ([A-Z]\w+) counter from this card, (.+)$", 0, _when_you_remove_the_last_a),
    (r"^When you put a ([A-Z]\w+) counter on this card, (.+)$", 0, _when_you_put_a_a_z),
    (r"^When this card (?:enters your discard pile|is put into the discard pile from anywhere), (.+)$", 0, _when_this_card_enters_your_discard),
    (r"^When this enters play, (.+)$", 0, _when_this_enters_play),
    (r"^When you put one or more cards on top of your deck, (.+)$", 0, _when_you_put_one_more_cards),
    (r"^At the start of the turn, (.+)$", 0, _at_the_start_of_the_turn),
    (r"^Your Mane Character has (?:that|the chosen) color$", 0, _your_mane_character_has_that_the),
    (r"^While you have ((?:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*, )+)or ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), each of your (%s) Friends "
     r"has \+(\d+) power$" % "|".join(TRAITS), 0, _you_have_a_z_a_z),
    (r"^When one or more opposing characters become exhausted, turn this card over$", 0, _when_one_more_opposing_characters_become),
    (r"^When a character enters play here or is moved here, (.+)$", 0, _when_a_character_enters_play_here),
    (r"^When an opposing Friend enters play at a Problem for the first time each turn, (.+)$", 0, _when_an_opposing_friend_enters_play),
    (None, 0, _this_card_has_at_least_power),
    (r"^At the start of this card's owner's turn, (.+)$", 0, _at_the_start_of_this_card),
    (r"^At the start of each of that Friend's controller's turns, that player must pay \[(\d+)\] or (banish|dismiss) that Friend$", 0, _at_the_start_of_each_of),
    (r"^At the start of each player's turn, for each of that player's Friends, that player retires that Friend unless they "
     r"pay \[(\d+)\]$", 0, _at_the_start_of_each_player),
    (r"^When this card enters play at your home, (.+)$", 0, _when_this_card_enters_play_at_2),
    (r"^At the start of a Problem faceoff involving the attached Friend, (.+)$", 0, _at_the_start_of_a_problem),
    (r"^At the start of a Troublemaker faceoff, (.+)$", 0, _at_the_start_of_a_troublemaker),
    (r"^When this side of the card is turned face[ -]up, (.+)$", 0, _when_this_side_of_the_card),
    (None, 0, _when_this_card_dismissed_dismiss_all),
    (None, 0, _this_card_has_at_least_one),
)


def trigger_whole_lines(line: str, card_type: str) -> dict | None:
    """Whole lines (trigger and body together) of the triggered-ability templates; ``xf`` filters are checked as
    the event happens (712.2, triggered_effects.xf_ok)."""
    body = line.rstrip(".")
    return first_match(TRIGGER_LINE_TEMPLATES, body, line, card_type)


TRIGGERS.extend([
    (r"^When this card becomes Cutie marked, ", "cutie_marked", {}),  # MT137's lowercase
    (r"^When this Troublemaker is uncovered, ", "uncovered", {}),
    (r"^At the start of each player's Main Phase, ", "any_main_start", {}),
    # an opponent's Main Phase; "you" stays this card's controller (Rules.fire: ``opp_turn``)
    (r"^At the start of an opponent's Main Phase, ", "any_main_start", {"opp_turn": True}),
])


# more trigger phrases (appended: TRIGGERS is read when a line is parsed)
TRIGGERS.extend([
    # "The first player to confront this Problem may ...": a confront_this_any trigger of the first
    # confront of this Problem (flow: the Problem's ``cf`` flag before this confront)
    (r"^The first player to confront this Problem (?=may |scores |gains )", "confront_this_any", {"first": True}),
    (r"^When this card readies, ", "readies", {}),
])


# "a challenger" of a Troublemaker (608): the player challenging it, its controller's opponent.  "When a challenger
# defeats this card" is this card being defeated as its faceoff is lost (514.5a; ``challenger_defeats``, not a
# "defeat" by an effect); "When a challenger loses a faceoff involving this card" is its controller winning that
# faceoff (514.5: a faceoff has one winner and one loser).  (AD165 Suri Polomare)
_CHALLENGER_DOES = {"draw a card": {"op": "draw", "n": 1, "who": "opponent"},
                    "discard a random card": {"op": "discard", "n": 1, "who": "opponent", "random": True}}


def _when_a_challenger(m, _body, line, card_type):
    if card_type != "Troublemaker":
        return NEXT
    on = "challenger_defeats" if m[1] == "defeats this card" else "win_faceoff"
    return {"kind": "trigger", "on": on, "effects": [dict(_CHALLENGER_DOES[m[2]])], "text": line}


TRIGGER_LINE_TEMPLATES += (
    (r"^When a challenger (defeats this card|loses a faceoff involving this card), they (draw a card|discard a random card)$",
     0, _when_a_challenger),
)

"""Optional replacement effects ("If ... would ..., you may ... instead", 710, 712.3) whose texts the template
parser does not cover: each a static ``replace`` asked of its controller as the occurrence would happen
(``Rules.queue_replacement``); declining lets it happen without that modifier (710.3)."""
from __future__ import annotations

CARDS: dict[str, dict] = {
    # Preemptive Flick: an opponent's move (by action or effect; a send is not a move, 506.5) of any character is
    # asked before it happens; retiring this card replaces it, so the character stays where it is (710).
    "EO160": {"front": [
        {"kind": "play_home"},
        {"kind": "static", "op": "replace", "ev": "move", "by": "opp", "subj": {"type": "character"},
         "instead": [{"op": "retire", "target": {"self": True}}],
         "text": "If an opponent would move a character, you may retire this card instead. If you do, that character "
                 "is not moved."},
    ]},
    # Take Shelter (a Problem): the home-limit retirement of one of its controller's Friends (616.3) may be replaced
    # by a move to this Problem, which takes that Friend out of the home (so it is not asked again, 802.3).
    "EO198": {"front": [
        {"kind": "static", "op": "replace", "ev": "home_retire", "subj": {"type": "Friend", "ctrl": "you"},
         "instead": [{"op": "move", "to": "here", "target": {"it": True}}],
         "text": "If one of your Friends would be retired for being in excess of your home limit, you may move it here "
                 "instead."},
    ]},
    # Aunt Holiday & Auntie Lofty, Surrogate Parents: asked only while that Friend has one of your Resources on it
    # (the subject's `att`); "yes" retires one of them (chosen when there are several, 705.2f) and the Friend stays.
    "LL42": {"front": [
        *({"kind": "static", "op": "replace", "ev": ev,
           "subj": {"type": "Friend", "ctrl": "you", "other": True, "att": {"type": "Resource", "ctrl": "you"}},
           "instead": [{"op": "retire", "target": {"type": "Resource", "ctrl": "you", "on_it": True}}],
           "text": "If one of your other Friends would be dismissed or frightened, you may retire one of your Resources "
                   "on that Friend instead."} for ev in ("dismiss", "frighten")),
        {"kind": "static", "op": "power", "n": 1, "target": {"type": "Friend", "ctrl": "you", "att": {"type": "Resource"}},
         "text": "Your Friends with Resources on them have +1 power."},
    ]},
    # The Smooze, Creeping Crud: its defeat by the challenger (514.5a: the triggers, the points and the dismissal) is
    # asked of its controller first, only while it has a +1 power counter to remove (`need_counter`).
    "EO178": {"front": [
        {"kind": "trigger", "on": "uncovered", "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}],
         "text": "When this card is uncovered, put a +1 power counter on it."},
        {"kind": "static", "op": "replace", "ev": "defeat", "subj": "self", "need_counter": "+1",
         "instead": [{"op": "remove_counter", "counter": "+1", "n": 1}],
         "text": "If this card would be defeated, you may remove a +1 power counter from it instead. If you do, this "
                 "card is not defeated."},
    ]},
    # Maud Pie, Let's Play "Camouflage": her readying (the Ready Phase's or an effect's) is asked first, while her
    # controller has an action token to pay (`pay`); paid, she stays exhausted, so her ability's "While this card
    # remains exhausted" goes on.
    "CGpf14": {"front": [
        {"kind": "static", "op": "replace", "ev": "ready", "subj": "self", "pay": 1, "instead": [],
         "text": "If this card would ready, you may pay 1AT. If you do, this card remains exhausted instead."},
        {"kind": "activated", "timing": "main", "cost": {"exhaust": True},
         "effects": [{"op": "lose_abilities_until", "target": {"type": "Friend", "ctrl": "opp"}, "while_ex": True}],
         "text": "Main Phase: Exhaust this card to choose an opponent's Friend. While this card remains exhausted, that "
                 "Friend loses and can't have abilities."},
    ]},
    # A Stern Talking-To (a Resource on a Problem): the uncovering of a Troublemaker at its Problem (607: the Uncover
    # Step or an effect) is asked first; retired, the Troublemaker stays face down (asked once in that step; `fd_ok`: the
    # Troublemaker being uncovered is face down, 505.2).
    "EO141": {"front": [
        {"kind": "play_problem"},
        {"kind": "static", "op": "replace", "ev": "uncover", "subj": {"type": "Troublemaker", "at": "here", "fd_ok": True},
         "instead": [{"op": "retire", "target": {"self": True}}],
         "text": "If a Troublemaker would be uncovered here, you may retire this card instead."},
    ]},
    # Pinkie Pie, Remix Master: the replacement of her Problem (613.2, solved or by an effect) is asked first while she
    # can be exhausted; exhausted, nothing of 613.2 happens (its characters stay, the Problem stays in play).
    "EO208": {"front": [
        {"kind": "static", "op": "replace", "ev": "replace_problem", "subj": "own_problem", "need_ready": True,
         "instead": [{"op": "exhaust_self_cost"}],
         "text": "If this card's Problem would be replaced, you may exhaust this card instead."},
    ]},
    # Grogar, Tactical Consideration: both ways a face-down Troublemaker of yours turns face-up (uncovered, 607, or
    # turned over without uncovering, 607.3) are asked first; "yes" keeps it face down (nothing else happens).
    "LL62": {"front": [
        *({"kind": "static", "op": "replace", "ev": ev, "subj": {"type": "Troublemaker", "ctrl": "you", "fd_ok": True},
           "instead": [],
           "text": "If one of your face-down Troublemakers would be turned face-up or uncovered, you may choose to not "
                   "turn it face-up or uncover it instead."} for ev in ("face_up", "uncover")),
    ]},
}

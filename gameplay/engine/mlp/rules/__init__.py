"""The rules of the game (3.8), operating in place on the plain state dict (see state.py for the
state layout).  Rule numbers in comments and error messages refer to the Comprehensive Rules 3.8.

``Rules`` is assembled from one class per game concept (each in its own module):

- ``index.CardIndex``: the card tables built once per card pool (shared read only) and the per-call
  session with its scratch values and the play-zone index;
- ``queries.CardQueries``: card information, keywords, colors, traits, selectors, areas;
- ``statics.ContinuousAbilities``: continuous abilities, their conditions, power, replacements,
  restrictions and the durations of modifiers;
- ``costs.Costs``: action taxes, cost modifiers, plays and moves blocked, challenge restrictions;
- ``confront.ConfrontAndFaceoff``: faceoff totals, confront requirements (611.3);
- ``zones.Zones``: moving cards between zones, entering and leaving play, drawing, scoring;
- ``triggers.Triggers``: queueing and firing triggered abilities, watched events;

and binds the turn structure (``flow``), the effect interpreter (``effects.interpreter``) and reactions as its
methods."""
from __future__ import annotations

from .. import flow, reactions
from ..effects import interpreter
from .confront import SCORE_STEPS, ConfrontAndFaceoff, solve_requirements
from .costs import Costs
from .index import CardIndex
from .queries import CardQueries
from .statics import ContinuousAbilities
from .triggers import Triggers
from .zones import ZONE_LIST, Zones

__all__ = ["Rules", "SCORE_STEPS", "ZONE_LIST", "solve_requirements"]


class Rules(CardIndex, CardQueries, ContinuousAbilities, Costs, ConfrontAndFaceoff, Zones, Triggers):
    """The rules of one card pool: card tables shared read only, a ``session()`` per call."""

    effects = interpreter.EFFECTS  # the effect registry: op -> handler (read only)
    # the turn structure, priority and actions (flow/), the interpreter (effects/interpreter.py), reactions
    advance = flow.advance
    apply = flow.apply
    decide = flow.decide
    legal_actions = flow.legal_actions
    ppp = flow.ppp
    start_turn = flow.start_turn
    step = flow.step
    open_window = flow.open_window
    pass_priority = flow.pass_priority
    window_closed = flow.window_closed
    start_faceoff = flow.start_faceoff
    faceoff_flip = flow.faceoff_flip
    resolve_faceoff = flow.resolve_faceoff
    end_faceoff = flow.end_faceoff
    replace_problem = flow.replace_problem
    has_non_pass = flow.has_non_pass
    priority_actions = flow.priority_actions
    main_actions = flow.main_actions
    immediate_actions = flow.immediate_actions
    play_card = flow.play_card
    pay_cost = flow.pay_cost
    card_cost = flow.card_cost
    can_pay_requirement = flow.can_pay_requirement
    move_cost = flow.move_cost
    do_action = flow.do_action
    ask = flow.ask
    end_of_turn = flow.end_of_turn
    next_turn = flow.next_turn
    illegal_reason = flow.illegal_reason
    manual_effect = flow.manual_effect
    resolve_step = interpreter.resolve_step
    run_effect = interpreter.run_effect
    play_effects = interpreter.play_effects
    rx_note = reactions.rx_note

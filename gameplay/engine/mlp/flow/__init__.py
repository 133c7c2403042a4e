"""Turn structure (6xx), priority (510-512), pre-priority processing (511), faceoffs (514), actions
and decisions: functions of ``rules.Rules`` (bound in its class body), by game concept:

- ``decisions``: pending decisions, priority windows, why an action is illegal;
- ``legal``: the legal actions of a player, costs, play requirements, timing;
- ``faceoff``: faceoffs, flipping, their results, replacing a solved Problem;
- ``turn``: advancing the game, pre-priority processing, uniqueness, the steps, uncovering, confronting;
- ``actions``: applying an action and answering a decision.
"""
from __future__ import annotations

from .decisions import (  # noqa: F401
    illegal_reason,
    manual_effect,
    BOUNDARY_WINDOWS,
    ask,
    open_phase_window,
    open_window,
    pass_priority,
    window_closed,
)
from .legal import (  # noqa: F401
    PHASE_TIMINGS,
    can_pay_requirement,
    card_cost,
    discount_fits,
    event_timing,
    extra_cost_effects,
    has_non_pass,
    immediate_actions,
    legal_actions,
    main_actions,
    move_cost,
    pay_cost,
    priority_actions,
)
from .faceoff import (  # noqa: F401
    end_faceoff,
    faceoff_flip,
    faceoff_send_home,
    flip_one,
    random_cards,
    replace_problem,
    resolve_faceoff,
    start_faceoff,
)
from .turn import (  # noqa: F401
    LOOP_LIMIT,
    LOOP_PRINTS,
    LOOP_SCAN,
    advance,
    end_of_turn,
    next_turn,
    ppp,
    start_trigger,
    start_turn,
    step,
    uncover_one,
    uncover_turn_players,
)
from .actions import (  # noqa: F401
    apply,
    decide,
    do_action,
    play_card,
)

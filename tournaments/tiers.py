"""Tier rules as data (MLP floor rules, "Tier 1 Rules", "Tier 2 Rules", "Tier 3 Rules").

The event reads its ``TierRules`` instead of branching on the tier number, so every rule lives here once.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TierRules:
    tier: int
    # Player Eligibility: "Judges may play in Tier 1 events" / Tier 2 and 3: TO, head judge and judges may not.
    staff_may_play: bool
    # Deck Lists: required before the advertised start at Tier 2 and 3; optional at Tier 1.
    decklists_required: bool
    # Tier 3, Player Eligibility: "Only qualified players are eligible".
    qualification_required: bool
    # Tier 1, Elimination Rounds: allowed only if announced before the beginning of the tournament.
    elimination_needs_announcement: bool
    # Deck Checks (Tier 2/3): random deck checks every round recommended; the selected matches get extra time.
    deck_checks_per_round: int
    deck_check_extra_minutes: int
    # Match Time Limit / Time Limit: 35-minute Swiss rounds.
    swiss_minutes: int
    # Tier 2: 45-minute single-game elimination; Tier 3: best two of three, untimed (two hours expected).
    elimination_minutes: int | None
    elimination_best_of: int
    elimination_expected_minutes: int | None = None
    # Tardiness: five-minute grace period, then a Game Loss.
    tardiness_grace_minutes: int = 5
    # Online events: the floor rules' Tardiness assumes a table to sit at. Online, a player shows they are
    # ready to play, and connecting (client, voice/video, the opponent's contact) takes longer than sitting
    # down: the grace period is doubled. The penalty stays the Tardiness Game Loss.
    online_tardiness_grace_minutes: int = 10

    def tardiness_grace(self, *, online: bool) -> int:
        """Minutes after the start of the round before a player not present (online: not ready) gets a Game Loss."""
        return self.online_tardiness_grace_minutes if online else self.tardiness_grace_minutes


TIER_RULES: dict[int, TierRules] = {
    1: TierRules(
        tier=1, staff_may_play=True, decklists_required=False, qualification_required=False,
        elimination_needs_announcement=True, deck_checks_per_round=0, deck_check_extra_minutes=0,
        swiss_minutes=35, elimination_minutes=35, elimination_best_of=1,
    ),
    2: TierRules(
        tier=2, staff_may_play=False, decklists_required=True, qualification_required=False,
        elimination_needs_announcement=False, deck_checks_per_round=1, deck_check_extra_minutes=10,
        swiss_minutes=35, elimination_minutes=45, elimination_best_of=1,
    ),
    3: TierRules(
        tier=3, staff_may_play=False, decklists_required=True, qualification_required=True,
        elimination_needs_announcement=False, deck_checks_per_round=1, deck_check_extra_minutes=10,
        swiss_minutes=35, elimination_minutes=None, elimination_best_of=3, elimination_expected_minutes=120,
    ),
}


def tier_rules(tier: int) -> TierRules:
    try:
        return TIER_RULES[int(tier)]
    except (KeyError, ValueError):
        raise ValueError(f"event tier must be 1, 2 or 3, got {tier!r}") from None

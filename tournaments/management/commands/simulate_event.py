"""Run a whole event through the real services and Celery tasks (executed in-process), and print it.

    python manage.py simulate_event --game mlp --format mlp-harmony --tier 2 --players 57 --seed 7 --json
    python manage.py simulate_event --game neopets --players 12 --json     (format: neopets-constructed)

Registrations with legal decklists built from the card catalog (decks app services), check-in, every
Swiss round paired by ``pair_round_task``, presence and tardiness (the stored deadline processed as time
passes), random results entered by judges, time extensions, time called with end-of-match points, a few
drops and penalties, the top cut and its elimination rounds, finish and publication. Time is simulated:
deadlines are processed with the moment they fall due, exactly as the worker or the sweep would.
"""
from __future__ import annotations

import json
import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournaments import selectors, services
from tournaments.models import Deadline, Event, Match, Registration, Round
from tournaments.tiers import tier_rules


#: the format an event of each game is simulated in when --format is not given
DEFAULT_FORMAT = {"mlp": "mlp-harmony", "neopets": "neopets-constructed"}


class Command(BaseCommand):
    help = "Simulate a whole event through the real services and Celery tasks; print it (as JSON with --json)."

    def add_arguments(self, parser):
        parser.add_argument("--game", default="mlp")
        parser.add_argument("--format", default=None, help="a format of the game (default: "
                            + ", ".join(f"{g}: {f}" for g, f in DEFAULT_FORMAT.items()) + ")")
        parser.add_argument("--tier", type=int, default=1, choices=[1, 2, 3])
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--online", action="store_true")
        parser.add_argument("--json", action="store_true", help="Print the event as JSON")

    def handle(self, *args, **opts):
        from config.celery import app
        from decks.models import Card, Format, Game

        if opts["players"] < 4:
            raise CommandError("An event needs at least 4 players (Participation Minimums).")
        app.conf.task_always_eager = True  # Celery tasks run in-process, after each commit, as a worker would run them
        game = Game.objects.filter(slug=opts["game"]).first()
        if game is None or not Card.objects.filter(game=game).exists():
            raise CommandError(f"No cards for game {opts['game']!r}: run `python manage.py import_cards` first.")
        slug = opts["format"] or DEFAULT_FORMAT.get(game.slug)
        fmt = Format.objects.filter(slug=slug, game=game).first()
        if fmt is None:
            raise CommandError(f"No format {slug!r} for {game}: pass --format.")
        self.rng = random.Random(opts["seed"])
        self.log: list[str] = []
        event = self._simulate(game=game, fmt=fmt, tier=opts["tier"], n=opts["players"], seed=opts["seed"], online=opts["online"])
        data = selectors.event_export(event=event)
        data["simulation"] = {
            "log": self.log,
            "deadlines": {
                "processed": Deadline.objects.filter(event=event, processed_at__isnull=False).count(),
                "unprocessed": Deadline.objects.filter(event=event, processed_at__isnull=True).count(),
            },
            "decklists": self.decklists,
        }
        if opts["json"]:
            self.stdout.write(json.dumps(data, indent=2, default=str))
        else:
            self.stdout.write("\n".join(self.log))
            self.stdout.write(f"Winner: {data['winner'] or (data['standings'][0]['player'] if data['standings'] else '-')}")

    # ------------------------------------------------------------------ the event

    def _users(self, prefix: str, n: int):
        User = get_user_model()
        users = []
        for i in range(1, n + 1):
            u, created = User.objects.get_or_create(username=f"{prefix}{i:02d}")
            if created:
                u.set_unusable_password()
                u.save(update_fields=["password"])
            users.append(u)
        return users

    def _simulate(self, *, game, fmt, tier: int, n: int, seed: int, online: bool) -> Event:
        rng = self.rng
        tag = f"sim{seed}t{tier}"
        organiser, head_judge, fj1, fj2 = self._users(f"{tag}-staff", 4)
        players = self._users(f"{tag}-player", n)
        starts = timezone.now() + timedelta(days=1)
        from django.contrib.auth.models import Group

        from tournaments.roles import ORGANISERS_GROUP

        Group.objects.get_or_create(name=ORGANISERS_GROUP)[0].user_set.add(organiser)
        event = services.event_create(
            by=organiser, name=f"Simulated Tier {tier} {fmt.name} ({n} players, seed {seed})", game=game, format=fmt,
            tier=tier, starts_at=starts, online=online, venue="" if online else "Ponyville Town Hall", seed=seed,
            head_judge=head_judge, floor_judges=[fj1, fj2], elimination_announced=True,
        )
        services.event_accept_role(event=event, by=head_judge, role="head_judge")
        for fj in (fj1, fj2):
            services.event_accept_role(event=event, by=fj, role="floor_judge")
        judges = [head_judge, fj1, fj2]
        services.event_open_registration(event=event, by=organiser)
        if tier_rules(tier).qualification_required:
            for p in players:
                services.qualification_add(event=event, by=organiser, user=p)
        regs = [services.registration_create(event=event, player=p) for p in players]
        self.decklists = self._decklists(event, regs)
        services.event_open_check_in(event=_fresh(event), by=organiser)
        for r in regs:
            services.registration_check_in(registration=r, by=r.player)
        event = services.event_start(event=_fresh(event), by=organiser)
        self.log.append(f"{event.name}: {n} players, {event.swiss_rounds} Swiss rounds (Swiss Rounds table)")
        self._decklist_penalties(event, head_judge)

        for _ in range(event.swiss_rounds):
            rnd = services.round_start_next(event=_fresh(event), by=organiser)
            self._play_round(_paired(rnd), judges, organiser)
        rnd = services.event_start_top_cut(event=_fresh(event), by=organiser)
        self.log.append(f"Top cut of {_fresh(event).top_cut}")
        while True:
            self._play_round(_paired(rnd), judges, organiser, elimination=True)
            try:
                rnd = services.round_start_next(event=_fresh(event), by=organiser)
            except services.EventError:
                break
        services.event_finish(event=_fresh(event), by=organiser)
        return services.event_publish(event=_fresh(event), by=organiser)

    def _decklists(self, event, regs) -> dict:
        try:
            from decks.services import decklist_submit

            from tournaments.demo_decks import legal_harmony_deck
        except ImportError:
            return {"submitted": 0, "note": "decks services unavailable"}
        if event.game.slug == "neopets":
            return self._neopets_decklists(event, regs, decklist_submit)
        if event.format.slug != "mlp-harmony":
            return {"submitted": 0, "note": "decklists are only built for Harmony"}
        legal = 0
        for r in regs:
            deck = legal_harmony_deck(event=event, rng=self.rng)
            _dl, version, _report = decklist_submit(event=event, player=r.player, data=deck)
            legal += bool(version.legal)
        return {"submitted": len(regs), "legal": legal}

    def _neopets_decklists(self, event, regs, decklist_submit) -> dict:
        """Each player submits one of the four demo decks (legal in neopets-constructed); their matches are
        then played by the rules engine with those decks (gameplay.engine.neopets)."""
        from decks.selectors import neopets_card_records, neopets_engine_deck
        from gameplay.engine.neopets import CardDB, NeopetsGame
        from gameplay.engine.neopets.decks import DEMO_DECKS, decklist_text

        self.neopets = NeopetsGame(CardDB.from_records(neopets_card_records()), quiet=True)
        self.engine_decks: dict[int, dict] = {}
        legal = 0
        for r in regs:
            _dl, version, report = decklist_submit(event=event, player=r.player, data=decklist_text(self.rng.choice(list(DEMO_DECKS))))
            legal += bool(version.legal)
            self.engine_decks[r.id] = neopets_engine_deck(report)
        return {"submitted": len(regs), "legal": legal, "played_by": "gameplay.engine.neopets"}

    def _neopets_game(self, m: Match, *, time_called_at: int | None = None) -> tuple[int | None, list[int]]:
        """One engine game between the match's players (random legal actions, seeded): (winner 0/1 or None,
        rounds won).  ``time_called_at``: time is called on that turn (house rule: the round is finished,
        then more rounds won wins)."""
        from gameplay.engine.api import JUDGE, Action

        g = self.neopets
        st = g.new_game([self.engine_decks[m.player_a_id], self.engine_decks[m.player_b_id]], seed=self.rng.randrange(2**32))
        while g.to_move(st) is not None:
            if time_called_at is not None and st.d["turn"] >= time_called_at and not st.d["time_called"]:
                st, _ = g.apply(st, Action.make("time_called", JUDGE))
                continue
            acts = g.legal_actions(st, g.to_move(st))
            st, _ = g.apply(st, self.rng.choice(acts), copy=False)
        return g.outcome(st).winner, [pl["rounds_won"] for pl in st.d["players"]]

    def _decklist_penalties(self, event, head_judge) -> None:
        for reg in Registration.objects.filter(event=event, status="checked_in"):
            try:
                p = services.penalty_for_decklist(event=event, registration=reg, by=head_judge)
            except services.EventError:
                continue
            if p is not None:
                self.log.append(f"Deck list penalty: {p}")

    def _play_round(self, rnd: Round, judges, organiser, *, elimination: bool = False) -> None:
        rng = self.rng
        event = rnd.event
        judge = rng.choice(judges)
        matches = list(rnd.matches.filter(player_b__isnull=False).select_related("player_a__player", "player_b__player"))
        self.log.append(f"Round {rnd.number} ({rnd.kind}): {len(matches)} tables" + (f", warnings: {rnd.warnings}" if rnd.warnings else ""))
        # Presence: almost everybody sits down in time; now and then somebody is late (Tardiness).
        tardy = rng.choice(matches) if matches and not elimination and rng.random() < 0.3 else None
        for m in matches:
            services.match_mark_present(match=m, by=m.player_a.player)
            if m is not tardy:
                services.match_mark_present(match=m, by=m.player_b.player)
        for d in Deadline.objects.filter(kind=Deadline.Kind.TARDINESS, target_id=rnd.id, processed_at__isnull=True):
            outcome = services.deadline_process(deadline_id=d.id, now=d.due_at)
            if tardy:
                self.log.append(f"Round {rnd.number}: {outcome}")
        # A judge extends one match (a long ruling).
        if matches and rnd.ends_at and rng.random() < 0.5:
            m = rng.choice(matches)
            if Match.objects.get(pk=m.pk).status == Match.Status.RUNNING:
                services.match_add_time(match=m, by=judge, minutes=5, reason="long ruling")
        # Penalties now and then (a second Game Warning for the same infraction becomes a Game Loss).
        if matches and not elimination and rng.random() < 0.4:
            m = rng.choice(matches)
            reg = rng.choice([m.player_a, m.player_b])
            kind = rng.choice(["procedural_error", "game_warning", "game_warning"])
            infraction = {"procedural_error": "Missing a mandatory trigger", "game_warning": "Slow play"}[kind]
            p = services.penalty_issue(event=event, registration=reg, by=judge, kind=kind, infraction=infraction, note="simulated")
            self.log.append(f"Round {rnd.number}: {p.get_kind_display()} to {reg.name} for {p.infraction}")
        # A drop (conceding the round), in the Swiss only.
        if matches and not elimination and rng.random() < 0.25:
            m = rng.choice(matches)
            reg = Registration.objects.get(pk=rng.choice([m.player_a_id, m.player_b_id]))
            if reg.status == "checked_in":
                services.registration_drop(registration=reg, by=reg.player)
                self.log.append(f"Round {rnd.number}: {reg.name} drops")
        # Results: most matches finish in time; some go to time (End of Match Procedures).
        to_time = []
        for m in matches:
            m = Match.objects.select_related("round").get(pk=m.pk)
            if m.status == Match.Status.FINAL:
                continue
            if rnd.ends_at and rng.random() < 0.1:
                to_time.append(m)
                continue
            result, ga, gb = self._neopets_result(rnd, m, elimination) if self._engine_played(event) else \
                self._random_result(rnd, elimination)
            services.match_record_result(match=m, by=judge, result=result, games_a=ga, games_b=gb)
        if to_time:
            last_end = max(Match.objects.get(pk=m.pk).ends_at for m in to_time)
            services.deadlines_sweep(now=last_end + timedelta(seconds=1))
            for m in to_time:
                m = Match.objects.select_related("round").get(pk=m.pk)
                if m.status != Match.Status.TIME_CALLED:
                    continue
                if self._engine_played(event):  # Neopets house rule: the points are the rounds won
                    _w, (pa, pb) = self._neopets_game(m, time_called_at=rng.randint(2, 30))
                else:
                    pa, pb = rng.randint(3, 15), rng.randint(3, 15)
                services.match_end_of_match(match=m, by=judge, points_a=pa, points_b=pb)
                m.refresh_from_db()
                if m.status != Match.Status.FINAL:  # elimination: another game to the first change in points
                    result = self._neopets_result(rnd, m, True)[0] if self._engine_played(event) else rng.choice("ab")
                    services.match_record_result(match=m, by=judge, result=result)
                self.log.append(f"Round {rnd.number}: time called at table {m.table}, points {pa}-{pb}")
        left = Round.objects.get(pk=rnd.pk)
        if left.status != Round.Status.COMPLETE:
            raise CommandError(f"Round {rnd.number} did not complete: {services.round_missing_results_text(round=left)}")

    def _engine_played(self, event) -> bool:
        return event.game.slug == "neopets" and bool(getattr(self, "engine_decks", None))

    def _neopets_result(self, rnd: Round, m: Match, elimination: bool):
        """A Neopets match played by the engine: one game (best of three rounds inside it), or games until
        one player has won the round's best-of; an elimination match replays a drawn game."""
        need = rnd.best_of // 2 + 1 if rnd.best_of > 1 else 1
        wins = [0, 0]
        for _ in range(20):
            winner, _rounds = self._neopets_game(m)
            if winner is None and not elimination and rnd.best_of <= 1:
                return "draw", None, None
            if winner is not None:
                wins[winner] += 1
            if max(wins) >= need:
                break
        result = "a" if wins[0] > wins[1] else "b"
        return (result, wins[0], wins[1]) if rnd.best_of > 1 else (result, None, None)

    def _random_result(self, rnd: Round, elimination: bool):
        rng = self.rng
        if rnd.best_of > 1:
            winner = rng.choice("ab")
            loser_games = rng.choice([0, 1])
            return (winner, 2, loser_games) if winner == "a" else (winner, loser_games, 2)
        if not elimination and rng.random() < 0.05:
            return "draw", None, None
        return rng.choice("ab"), None, None


def _fresh(event: Event) -> Event:
    return Event.objects.select_related("game", "format").get(pk=event.pk)


def _paired(rnd: Round) -> Round:
    """The round once ``pair_round_task`` has paired it. The task normally ran eagerly after the commit;
    inside an outer transaction (tests) nothing commits, so the task function is called here (idempotent)."""
    from tournaments.tasks import pair_round_task

    if Round.objects.get(pk=rnd.pk).status == Round.Status.PENDING:
        pair_round_task(rnd.id)
    return Round.objects.select_related("event").get(pk=rnd.pk)

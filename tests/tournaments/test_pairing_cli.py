"""``python -m tournaments.pairing`` - the JSON contract (see the package README)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from tournaments.pairing.cli import main

EVENT = {
    "scoring": {"win": 3, "loss": 1, "draw": 1, "bye": 3},
    "seed": 7,
    "players": [{"id": f"p{k}", "dropped": False} for k in range(1, 6)],
    "rounds": [
        [
            {"a": "p1", "b": "p2", "winner": "p1"},
            {"a": "p3", "b": "p4", "winner": None},
            {"a": "p5", "b": None},
        ]
    ],
}


def run(tmp_path, capsys, doc, *args):
    f = tmp_path / "event.json"
    f.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    code = main([args[0], str(f), *args[1:]])
    out, err = capsys.readouterr()
    return code, out, err


def test_swiss_prints_tables_with_the_bye_last(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, EVENT, "swiss")
    assert code == 0
    pairings = json.loads(out)["pairings"]
    assert [p["table"] for p in pairings] == [1, 2, None]
    assert pairings[-1]["b"] is None
    assert set(pairings[0]) == {"table", "a", "b"}
    ids = sorted(x for p in pairings for x in (p["a"], p["b"]) if x)
    assert ids == ["p1", "p2", "p3", "p4", "p5"]
    # p5 already had the bye in round 1 and must not get another
    assert pairings[-1]["a"] != "p5"


def test_swiss_explain_adds_an_explanation_to_each_pairing(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, EVENT, "swiss", "--explain")
    assert code == 0
    pairings = json.loads(out)["pairings"]
    assert all(p["explanation"] for p in pairings)
    assert pairings[-1]["explanation"].startswith("bye: ")


def test_standings_prints_the_documented_fields(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, EVENT, "standings")
    assert code == 0
    rows = json.loads(out)
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert set(rows[0]) == {"rank", "id", "points", "wins", "losses", "draws", "byes", "mwp", "omw", "oomw", "dropped"}
    top = {r["id"]: r for r in rows}
    assert top["p5"]["byes"] == 1 and top["p5"]["points"] == 3
    assert top["p3"]["draws"] == 1 and top["p3"]["points"] == 1


def test_optional_fields_late_points_groups_seeding_and_tiebreakers(tmp_path, capsys):
    doc = {
        "seed": 1,
        "groups": True,
        "tiebreakers": "buchholz",
        "seeding": ["a", "b", "c", "d"],
        "players": [
            {"id": "a", "group": "pod1"},
            {"id": "b", "group": "pod1"},
            {"id": "c", "group": "pod2"},
            {"id": "d", "group": "pod2", "points": 3},
        ],
        "rounds": [],
    }
    code, out, _ = run(tmp_path, capsys, doc, "swiss")
    assert code == 0
    pairs = {frozenset((p["a"], p["b"])) for p in json.loads(out)["pairings"]}
    assert pairs == {frozenset("ab"), frozenset("cd")}


def test_topcut_prints_the_first_round_of_the_bracket(tmp_path, capsys):
    doc = {"seed": 3, "players": [{"id": f"p{k}"} for k in range(20)], "rounds": []}
    code, out, _ = run(tmp_path, capsys, doc, "topcut")
    assert code == 0
    res = json.loads(out)
    assert res["size"] == 8 and res["best_of"] == 1
    assert [(m["seed_a"], m["seed_b"]) for m in res["pairings"]] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    code, out, _ = run(tmp_path, capsys, {**doc, "top_cut": 4, "tier": 3}, "topcut")
    assert json.loads(out)["size"] == 4 and json.loads(out)["best_of"] == 3


def test_topcut_replays_elimination_results_to_a_champion(tmp_path, capsys):
    doc = {"seed": 3, "players": [{"id": f"p{k}"} for k in range(4)], "rounds": []}
    _, out, _ = run(tmp_path, capsys, doc, "topcut", "--size", "2")
    final = json.loads(out)["pairings"][0]
    doc["elimination"] = [[{"a": final["a"], "b": final["b"], "winner": final["b"]}]]
    code, out, _ = run(tmp_path, capsys, doc, "topcut", "--size", "2")
    assert code == 0 and json.loads(out)["champion"] == final["b"]
    doc["elimination"] = [[{"a": final["a"], "b": final["b"], "winner": None}]]
    code, _, err = run(tmp_path, capsys, doc, "topcut", "--size", "2")
    assert code == 2 and "cannot end in a draw" in err


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("{not json", "malformed JSON"),
        ({**EVENT, "rounds": [[{"a": "p1", "b": "ghost", "winner": None}]]}, "round 1: unknown player id 'ghost'"),
        (
            {**EVENT, "rounds": [[{"a": "p1", "b": "p2", "winner": "p1"}, {"a": "p1", "b": "p3", "winner": None}]]},
            "round 1: player 'p1' is paired twice",
        ),
        ({**EVENT, "players": [{"id": "p1"}, {"id": "p1"}]}, "player 'p1' is listed twice"),
        ({**EVENT, "players": "nobody"}, '"players" must be a list'),
        ({**EVENT, "scoring": {"win": "three"}}, '"scoring.win" must be an integer'),
        ({**EVENT, "tiebreakers": "coin"}, '"tiebreakers" must be one of'),
        ({**EVENT, "rounds": [[{"a": "p1", "b": "p2", "winner": "p9"}]]}, "winner 'p9' did not play"),
    ],
)
def test_bad_input_names_the_problem_and_exits_with_code_2(tmp_path, capsys, doc, message):
    for command in ("swiss", "standings"):
        code, out, err = run(tmp_path, capsys, doc, command)
        assert code == 2
        assert out == ""
        assert message in err


def test_a_missing_file_exits_with_code_2(tmp_path, capsys):
    assert main(["swiss", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_it_runs_as_a_module_from_stdin():
    proc = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "swiss", "-"],
        input=json.dumps(EVENT),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["pairings"]) == 3


def test_the_output_does_not_depend_on_python_hash_randomisation(tmp_path):
    doc = {"seed": 5, "players": [{"id": f"p{k}"} for k in range(41)], "rounds": []}
    f = tmp_path / "event.json"
    f.write_text(json.dumps(doc))
    outs = set()
    for hash_seed in ("1", "2"):
        proc = subprocess.run(
            [sys.executable, "-m", "tournaments.pairing", "swiss", str(f), "--explain"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"},
        )
        assert proc.returncode == 0, proc.stderr
        outs.add(proc.stdout)
    assert len(outs) == 1


def test_standings_accept_a_double_loss(tmp_path, capsys):
    doc = {**EVENT, "rounds": [[{"a": "p1", "b": "p2", "winner": None, "double_loss": True}]]}
    code, out, _ = run(tmp_path, capsys, doc, "standings")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert rows["p1"]["losses"] == rows["p2"]["losses"] == 1
    assert rows["p1"]["points"] == 1  # MLP: a loss is worth 1

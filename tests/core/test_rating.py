"""The ladder (py_engine/core/rating.py, docs/rating.md): the model's numbers, the documented vectors,
the bench's ladder in order, and `python -m py_engine rating` on a folder of records."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine.core.rating import BASE, PRIOR_SD, expected_score, fit, ladder, player, ranking_of
from py_engine.registry import GAME_MODULES, get_game, ladder as game_ladder

ROOT = Path(__file__).resolve().parents[2]


def log_posterior(results, ratings, prior_sd=PRIOR_SD):
    """The model written out again, independently of the fit: Plackett–Luce with Breslow's ties and the prior."""
    total = sum(-((r - BASE) ** 2) / (2 * prior_sd ** 2) for r in ratings.values())
    g = {n: 10 ** (r / 400) for n, r in ratings.items()}
    for ranking in results:
        remaining = [n for group in ranking for n in group]
        for group in ranking:
            if len(remaining) <= 1:
                break
            total += sum(math.log(g[n]) for n in group) - len(group) * math.log(sum(g[n] for n in remaining))
            remaining = remaining[len(group):]
    return total


def test_two_seats_are_elos_model_and_the_fit_is_its_maximum():
    results = [[["a"], ["b"]]] * 30 + [[["b"], ["a"]]] * 10
    flat = fit(results, prior_sd=1e7)
    # With no prior to speak of, 3 wins in 4 is 400·log10(3) points apart.
    assert flat["a"].rating - flat["b"].rating == pytest.approx(400 * math.log10(3), abs=0.01)
    assert expected_score(flat["a"].rating, flat["b"].rating) == pytest.approx(0.75, abs=1e-6)
    got = fit(results)
    best = {n: r.rating for n, r in got.items()}
    for n in best:
        for d in (-0.5, 0.5):
            moved = dict(best, **{n: best[n] + d})
            assert log_posterior(results, moved) < log_posterior(results, best)


def test_rankings_of_five_seats_with_ties_reach_the_maximum_of_the_written_model():
    results = [[["x"], ["y", "z"], ["w"], ["v"]], [["z"], ["x"], ["v"], ["w", "y"]], [["w", "x", "y", "z", "v"]],
               [["v"], ["z"], ["y"], ["x"], ["w"]], [["x"], ["x"], ["y"]]]
    got = fit(results, {"v": 1400.0})
    assert "v" not in got
    best = {**{n: r.rating for n, r in got.items()}, "v": 1400.0}
    for n in got:
        for d in (-0.5, 0.5):
            assert log_posterior(results, dict(best, **{n: best[n] + d})) < log_posterior(results, best)
    for r in got.values():
        assert r.low < r.rating < r.high


def test_a_draw_pulls_ratings_together_and_the_intervals_narrow_with_games():
    few = fit([[["a"], ["b"]]])
    drawn = fit([[["a"], ["b"]], [["a", "b"]]])
    assert drawn["a"].rating - drawn["b"].rating < few["a"].rating - few["b"].rating
    many = fit([[["a"], ["b"]]] * 20)
    assert many["a"].high - many["a"].low < few["a"].high - few["a"].low


def test_the_documented_vectors():
    def near(r, rating, low, high):
        assert (round(r.rating, 1), round(r.low, 1), round(r.high, 1)) == (rating, low, high)
    v = fit([[["a"], ["b"]]] * 3 + [[["b"], ["a"]]])
    near(v["a"], 1585.0, 1002.0, 2168.1)
    near(v["b"], 1415.0, 831.9, 1998.0)
    v = ladder([[["normal"], ["easy"]]] * 3 + [[["easy"], ["normal"]]] + [[["normal", "easy"]]])
    near(v["easy"], 1394.3, 1121.6, 1667.1)
    assert (v["normal"].rating, v["normal"].low, v["normal"].high) == (1500, 1500, 1500)
    v = ladder([[["expert"], ["normal"], ["normal"], ["easy"]], [["normal"], ["expert"], ["easy", "normal"]],
                [["normal", "expert"], ["easy"]]])
    near(v["expert"], 1635.7, 1342.3, 1929.1)
    near(v["easy"], 1292.6, 977.1, 1608.1)
    p = player([[["you"], ["normal"]], [["expert"], ["you"]], [["you"], ["easy"]]],
               {"easy": 900, "normal": 1500, "expert": 1600})
    near(p, 1542.3, 1135.9, 1948.7)
    assert ranking_of([34, 43, 47, 57, 40], [3]) == [[3], [2], [1], [4], [0]]
    assert ranking_of([1, 1], [0, 1]) == [[0, 1]]
    assert ranking_of([5, 3, 3, 1], [0]) == [[0], [1, 2], [3]]


def test_the_bench_ladder_of_every_game_orders_its_levels_and_the_engine_serves_it():
    for name in GAME_MODULES:
        levels = get_game(name).bot_levels
        rated = game_ladder(name)
        assert set(rated) == set(levels), name
        ratings = [rated[lv]["rating"] for lv in levels]
        assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings), (name, rated)
        assert rated["normal"] == {"rating": 1500.0, "low": 1500.0, "high": 1500.0, "games": rated["normal"]["games"]}
    # The ladder file is what the bench computes from its results today.
    sys.path.insert(0, str(ROOT))
    from bench import ladder as bench_ladder
    assert bench_ladder.compute() == json.loads((ROOT / "py_engine" / "ladder.json").read_text())


def test_rating_a_folder_of_records_ranks_normal_above_easy_and_leaves_out_a_tampered_one(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "py_engine", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=300)
    for i in range(4):
        seats = "bot:easy,bot:normal" if i % 2 else "bot:normal,bot:easy"
        seed = f"{i + 1:064x}"
        assert run("play", "wickerfair", "--seats", seats, "--seed", seed, "--out", str(tmp_path / f"g{i}.json")).returncode == 0
    record = json.loads((tmp_path / "g0.json").read_text())
    record["result"]["winners"] = [1 - record["result"]["winners"][0]] if len(record["result"]["winners"]) == 1 else [0]
    (tmp_path / "tampered.json").write_text(json.dumps(record))
    (tmp_path / "notes.txt").write_text("not a record")
    out = run("rating", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    people = got["games"]["wickerfair"]["participants"]
    assert list(people) == ["normal", "easy"] and people["normal"]["rating"] == 1500
    assert people["easy"]["rating"] < 1500 and people["easy"]["games"] == 4
    assert got["games"]["wickerfair"]["records"] == 4
    assert [Path(x["file"]).name for x in got["left_out"]] == ["tampered.json"]
    assert "winners" in got["left_out"][0]["why"]
    text = run("rating", str(tmp_path)).stdout
    assert "Normal (bot)" in text and "left out" in text and "tampered.json" in text

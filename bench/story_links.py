#!/usr/bin/env python3
"""How long a game's story link is (docs/story.md), for a whole game of each game.

    python3 bench/story_links.py [--write]

For each game: a whole game between bots (Easy against Normal; seeds fixed, so the same figures every
run) at two seats and at the game's largest table, and its story packed as the Story page packs it
(the JSON of ``storyText``, raw DEFLATE at zlib's default level as ``CompressionStream`` uses it,
base64url): the record alone (what ``#/replay?r=`` carries), the story with five notes (words and
two marks each), and that story with the review of every decision travelling with it. The figure is
the number of characters after ``#/story?s=``; a whole link adds the site's address (about 60 more).
The reviews are judged with a small budget: a review's size depends on its decisions, its best moves
and its numbers, not on the budget that found them.

``--write`` writes the table into docs/performance.md (*Story links*) and one story of each game into
docs/embedding.md (between the stories markers), where tests/browser/test_story.py opens them.
"""
from __future__ import annotations

import base64
import hashlib
import json
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core import analysis  # noqa: E402
from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.registry import available, get_game  # noqa: E402

PERF = ROOT / "docs" / "performance.md"
SECTION = "## Story links"
EMBED = ROOT / "docs" / "embedding.md"
BEGIN, END = "<!-- stories: begin -->", "<!-- stories: end -->"
MOST = 8000


def packed(obj) -> str:
    raw = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()
    z = zlib.compressobj(6, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(z.compress(raw) + z.flush()).decode().rstrip("=")


def whole_game(name: str, seats: int) -> dict:
    game = get_game(name)
    seed = hashlib.sha256(f"story-links/{name}/{seats}".encode()).hexdigest()
    levels = [game.bot_levels[0], "normal"] * 3
    t = Table(game, [Seat(f"Seat {i + 1}", True, levels[i]) for i in range(seats)], {}, seed, "bench")
    t.play_bots()
    return t.to_record()


def notes_of(record: dict, places: list[str], n: int = 5) -> list[dict]:
    moves = len(record["actions"])
    at = sorted({max(1, moves * (i + 1) // (n + 1)) for i in range(n)})
    return [{"move": k, "text": f"Move {k}: why this matters, in a sentence or two of plain words, as a teller writes.",
             "marks": [{"at": places[0]}, {"from": places[0], "to": places[1]}]} for k in at]


#: Places of each board a note may mark (docs/story.md, *Places*): ones every game of it has.
PLACES = {"hollowmere": ["20,20", "21,20"], "elderwood": ["0,0", "1,0"], "milehollow": ["nascente", "vau"],
          "wickerfair": ["D4", "D5"]}


def review_of(record: dict) -> dict:
    moves = analysis.review(record, get_game, iterations=120 if record["game"] == "elderwood" else 2)
    return {"engine": "bench", "moves": [analysis.compact(m) for m in moves]}


def measure() -> list[dict]:
    rows = []
    for name in available():
        game = get_game(name)
        for seats in sorted({2, game.max_players}):
            record = whole_game(name, seats)
            story = {"story": 1, "record": record, "move": 0, "seat": None, "notes": notes_of(record, PLACES[name])}
            reviewed = dict(story, review=review_of(record))
            judged = reviewed["review"]["moves"]
            rows.append({"game": name, "seats": seats, "moves": len(record["actions"]), "record": len(packed(record)),
                         "notes": len(packed(story)), "review": len(packed(reviewed)),
                         "other": round(100 * sum(len(e) > 2 for e in judged) / max(1, len(judged)))})
    return rows


def table(rows: list[dict]) -> str:
    out = ["| game | seats | moves | record alone (`r=`) | story, 5 notes (`s=`) | story + its review (`s=`) | review entries naming another move |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        over = " (file)" if r["review"] + 60 > MOST else ""
        out.append(f"| {r['game'].title()} | {r['seats']} | {r['moves']} | {r['record']:,} | {r['notes']:,} | {r['review']:,}{over} | {r['other']} % |")
    return "\n".join(out)


def doc_stories() -> str:
    """One short story of each game, as docs/embedding.md shows them."""
    out = []
    for name in available():
        game = get_game(name)
        seed = hashlib.sha256(f"story-docs/{name}".encode()).hexdigest()
        t = Table(game, [Seat("Ana", True, game.bot_levels[0]), Seat("Rui", True, "normal")], {}, seed, "docs")
        t.play_bots()
        record = t.to_record()
        k = min(8, len(record["actions"]))
        story = {"story": 1, "record": record, "move": k, "seat": None, "notes": [
            {"move": k, "text": f"{name.title()}: the position after move {k}, with a place marked and an arrow.",
             "marks": [{"at": PLACES[name][0]}, {"from": PLACES[name][0], "to": PLACES[name][1]}]}]}
        out.append(f"**{name.title()}** ({len(record['actions'])} moves, opens at move {k}):\n\n```html\n<iframe\n"
                   f"  src=\"https://example.org/valley-tables/embed.html#s={packed(story)}&controls=1\"\n"
                   f"  title=\"{name.title()}: a story\" width=\"640\" height=\"560\" style=\"border:0;max-width:100%\"\n"
                   f"  loading=\"lazy\"></iframe>\n```")
    return "\n\n".join(out)


def replace_section(text: str, heading: str, body: str) -> str:
    if heading not in text:
        return text.rstrip() + f"\n\n{heading}\n{body}\n"
    a = text.index(heading)
    b = text.find("\n## ", a + len(heading))
    return text[:a] + f"{heading}\n{body}\n" + (text[b:] if b >= 0 else "")


def main(argv: list[str]) -> int:
    rows = measure()
    text = table(rows)
    print(text)
    if "--write" in argv:
        body = ("\nThe characters after `#/story?s=` of a whole game's story (`bench/story_links.py`: bots, Easy against\n"
                "Normal, fixed seeds). A review's entry is two numbers for a move that was the best found and an action and\n"
                "four numbers otherwise (`docs/story.md`), so its size follows the last column; the bench judges with a small\n"
                "budget to stay quick: a full review names another move as often as it finds one. Share offers\n"
                f"the link up to {MOST:,} characters with the site's address, and the file beyond (marked *(file)*).\n\n" + text + "\n")
        PERF.write_text(replace_section(PERF.read_text(), SECTION, body))
        doc = EMBED.read_text()
        a, b = doc.index(BEGIN) + len(BEGIN), doc.index(END)
        EMBED.write_text(doc[:a] + "\n" + doc_stories() + "\n" + doc[b:])
        print(f"wrote {PERF.relative_to(ROOT)} and {EMBED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""How to play (#/howto/<game>) for the four games in both languages.

The page in the seed's own language must hold every sentence of the seed verbatim (read
from shared/seeds/ when it is beside the repo); the other language is a translation, so
there we check its own key sentences. No Python is needed for these pages.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"

GAMES = {
    # game: (seed file, seed language, title, a sentence of the English page, one of the Portuguese page)
    "hollowmere": ("000_34c75f78c3295ac6.txt", "en", "Hollowmere",
                   "A mist has lain on the highland valley for a hundred years.",
                   "Há cem anos uma névoa cobre o vale das terras altas."),
    "milehollow": ("001_86f27f9c3a29ee8d.txt", "pt", "Milehollow",
                   "Milehollow is a valley of hill towns linked by old post roads.",
                   "Milehollow é um vale de cidades nas colinas ligadas por velhas estradas postais."),
    "elderwood": ("003_00a81c49883c121f.txt", "en", "Elderwood",
                  "There is no board: the tiles you put down are the board.",
                  "Não há tabuleiro: as peças que vocês colocam são o tabuleiro."),
    "wickerfair": ("004_fc5ae1e6d7642be5.txt", "pt", "Wickerfair",
                   "The goal: be the first to win six ribbons.",
                   "O objetivo: ser o primeiro a ganhar seis fitas."),
}

#: Seed sentences deliberately not shown: the seed's server closes a table when it restarts,
#: Valley Tables has no server and loses nothing (PRODUCT.md, "Every page and table").
NOT_SHOWN = {"A partida vive no servidor: se o servidor reiniciar, a mesa fecha."}


def seed_phrases(path: Path) -> list[str]:
    """Every piece of text of a seed page: lines, list items without the dash, table cells."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or re.fullmatch(r"\|[-| ]+\|", line):
            continue
        if line.startswith("|"):
            out += [c.strip() for c in line.strip("|").split("|") if c.strip()]
            continue
        if line.startswith("- "):
            line = line[2:]
        for sentence in NOT_SHOWN:
            line = line.replace(sentence, "").strip()
        if line:
            out.append(line)
    return out


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def open_howto(page, site, game, lang):
    page.add_init_script(f"localStorage.setItem('vt.lang', '{lang}')")
    page.goto(site.url(f"index.html#/howto/{game}"))
    page.wait_for_selector(f".pg-howto[data-game={game}][data-lang={lang}] .pg-rules:not([aria-busy]) h2")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_howto_page_for_each_game_and_language(page, site, game, lang):
    seed, original, title, en_sentence, pt_sentence = GAMES[game]
    open_howto(page, site, game, lang)
    h1 = page.locator("h1").inner_text()
    assert title in h1
    assert h1.startswith("How to play" if lang == "en" else "Como jogar")
    text = norm(page.locator(".pg-rules").inner_text())
    assert (en_sentence if lang == "en" else pt_sentence) in text
    assert (pt_sentence if lang == "en" else en_sentence) not in text
    # A translated page says so; the seed's own language does not.
    assert page.locator(".pg-translated").count() == (0 if lang == original else 1)
    # "Verify a game" in the seed text goes to the Verify page (Wickerfair's seed has no such line).
    if game != "wickerfair":
        link = page.locator('.pg-rules a[href="#/verify"]')
        assert link.count() == 1
        assert link.inner_text() == ("Verify a game" if lang == "en" else "Verificar um jogo")
    if game == "milehollow":
        assert page.locator('.pg-rules a[href="#/guide"]').count() == 1
    # The other three games are one link away.
    assert page.locator(".pg-games a").count() == 3
    # Above the rules, the game's lessons (tests/browser/test_lessons_page.py plays them).
    assert page.locator("#lessons h2").inner_text() == ("Learn by playing" if lang == "en" else "Aprenda jogando")
    page.wait_for_selector("#lessons .ls-pick")


@pytest.mark.parametrize("game", list(GAMES))
def test_seed_wording_is_kept_verbatim_in_its_own_language(page, site, game):
    seed, original, *_ = GAMES[game]
    path = SEEDS / seed
    if not path.exists():
        pytest.skip(f"the seed pages are not beside the repo ({SEEDS})")
    open_howto(page, site, game, original)
    text = norm(page.locator(".pg-howto").inner_text())
    missing = [p for p in seed_phrases(path) if norm(p) not in text]
    assert not missing, f"seed text not on the {game} page:\n  " + "\n  ".join(missing)


def test_language_switch_rerenders_the_rules(page, site):
    open_howto(page, site, "elderwood", "en")
    assert "Otter" in page.locator(".pg-rules").inner_text()
    page.click(".lang-switch button[data-lang=pt]")
    page.wait_for_selector(".pg-howto[data-lang=pt] .pg-rules:not([aria-busy]) h2")
    rules = page.locator(".pg-rules").inner_text()
    assert "Lontra" in rules and "Otter" not in rules
    assert page.locator("h1").inner_text() == "Como jogar Elderwood"


def test_unknown_game_gives_a_clear_message(page, site):
    page.goto(site.url("index.html#/howto/chess"))
    page.wait_for_selector(".pg-howto[data-state=unknown]")
    msg = page.locator(".pg-howto [role=alert]").inner_text()
    assert "chess" in msg
    assert "No such game" in msg
    # …and offers the four real ones.
    assert page.locator(".pg-games a").count() == 4


def test_howto_is_readable_on_a_phone(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    for game in GAMES:
        open_howto(page, site, game, "pt")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{game}: the page is {overflow}px wider than a phone"

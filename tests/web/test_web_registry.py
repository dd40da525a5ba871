"""The page and the web layer find the games in the registry (issue 28, item 1): no shared web,
page, script, style or template file names a game; the menu, the pages, the rules pages' links,
the not-found page, the stored options and the page's first request come from each game's own
files (its spec, web adapter, rules pages and page module), so a game known only to the
registry (a small one made here) is offered everywhere; and on every game's page the first
request is the shell's own, made before the modules load, whose answer the page uses."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import kosynka.web
import kosynka.web.app as web_app
from kosynka.games.base import GameSpec, game_specs
from kosynka.games.klondike.spec import KlondikeSpec
from kosynka.web.games import adapter_of
from kosynka.web.games.base import DEAL_SOURCES, PageOption, WebAdapter
from kosynka.web.games.klondike import KlondikeAdapter
from kosynka.web.routes.pages import Site
from kosynka.web.settings import STATIC_DIR, TEMPLATES_DIR

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WEB = Path(kosynka.web.__file__).parent


def registered() -> list[WebAdapter]:
    """The web adapters of every registered game, in menu order."""
    found = [adapter_of(spec.name) for spec in game_specs()]
    return Site([a for a in found if a is not None]).adapters


# ----------------------------------------------------------- no shared file names a game
def own_files(name: str) -> set[Path]:
    """The files under ``web/`` that belong to the game called ``name``."""
    return {
        WEB / "games" / f"{name}.py",
        STATIC_DIR / "js" / "games" / f"{name}.js",
        *(STATIC_DIR / "js" / "games" / name).rglob("*"),
        *(TEMPLATES_DIR / "games" / name).rglob("*"),
    }


def shared_files() -> list[Path]:
    """Every text file under ``web/`` that is no game's own (Python, scripts, styles, the shell,
    pictures drawn in SVG; the app's PNG icons are no text)."""
    own = set().union(*(own_files(spec.name) for spec in game_specs()))
    return sorted(
        p
        for p in WEB.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".pyc", ".png")
        and p not in own
    )


def stem(word: str) -> str:
    """A word without its ending vowels (so that "Косынка" also finds "Косынку", "Паук"
    "Паука"); a short word stays whole."""
    cut = word.rstrip("aeiouyаеёиоуыэюяь")
    return cut if len(cut) >= 4 else word


def game_words(spec: GameSpec) -> list[re.Pattern[str]]:
    """What names the game: its name and its titles in every language (in any case, and with
    any ending on the titles' words)."""
    out = [re.compile(re.escape(spec.name), re.IGNORECASE)]
    for title in spec.titles.values():
        words = [re.escape(stem(w)) for w in title.split()]
        out.append(re.compile(r"\w*\s+".join(words), re.IGNORECASE))
    return out


def test_no_shared_web_file_names_a_game() -> None:
    """Everything under ``web/`` that is not a game's own file (its adapter, page module and
    rules pages) names no game, by name or title, in code, words or comments: what a game is
    comes from the registry."""
    files = shared_files()
    names = {p.relative_to(WEB).as_posix() for p in files}
    # The shared files are really looked at: the shell, the table's code, the styles, the server.
    for must in (
        "templates/index.html",
        "static/js/controller.js",
        "static/js/main.js",
        "static/js/i18n.js",
        "static/js/store.js",
        "static/css/style.css",
        "routes/pages.py",
        "notfound.py",
        "app.py",
        "games/base.py",
    ):
        assert must in names, must
    found: dict[str, str] = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        for spec in game_specs():
            for pattern in game_words(spec):
                for m in pattern.finditer(text):
                    line = text.count("\n", 0, m.start()) + 1
                    found.setdefault(f"{path.relative_to(WEB)}:{line}", m.group(0))
    assert found == {}, "\n".join(f"{k}: {v!r}" for k, v in found.items())


def test_the_game_words_find_what_they_look_for() -> None:
    """The patterns of the test above find a game's name and title in their usual forms."""
    by_name = {spec.name: game_words(spec) for spec in game_specs()}
    for name, text in (
        ("klondike", "Играть в Косынку"),
        ("klondike", "KLONDIKE's"),
        ("freecell", "Играть в «Свободную ячейку»"),
        ("freecell", "FreeCell solitaire"),
        ("spider", "Играть в «Паука»"),
        ("spider", "/spider/2-suits"),
    ):
        assert any(p.search(text) for p in by_name[name]), (name, text)
    assert not any(p.search("Свободных ячеек нет") for p in by_name["freecell"])


def test_every_registered_game_brings_its_own_files() -> None:
    """Each registered game with a web adapter has its page module and its rules pages in its
    own places, and says what its pages are."""
    adapters = registered()
    assert [a.spec.name for a in adapters] == [
        "klondike",
        "freecell",
        "spider",
        "pyramid",
        "tripeaks",
    ]
    assert [a.spec.name for a in adapters if a.home] == ["klondike"]
    for a in adapters:
        assert (STATIC_DIR / "js" / "games" / f"{a.spec.name}.js").is_file()
        for lang in ("en", "ru"):
            assert (TEMPLATES_DIR / a.rules_template(lang)).is_file()
            assert a.page_titles[lang] and a.play_words[lang] and a.spec.titles[lang]
        assert a.pages() and a.menu() and a.description and a.example_deal


# ----------------------------------------------------------- a game known only to the registry
class GolfSpec(KlondikeSpec):
    """A game made for this test: Klondike's rules under another name and titles."""

    name: ClassVar[str] = "golf"
    titles: ClassVar[dict[str, str]] = {"en": "Golf", "ru": "Гольф"}


class GolfAdapter(KlondikeAdapter):
    """The test game's web adapter: its own page texts, addresses and options, no rules
    pages."""

    spec: ClassVar[GameSpec] = GolfSpec()
    title: ClassVar[str] = "Golf"
    home: ClassVar[bool] = False
    menu_order: ClassVar[int] = 40
    description: ClassVar[str] = "Golf solitaire, made up for a test."
    page_titles: ClassVar[dict[str, str]] = {"en": "Golf — a test", "ru": "Гольф — проверка"}
    play_words: ClassVar[dict[str, str]] = {"en": "Play Golf", "ru": "Играть в Гольф"}
    example_deal: ClassVar[str] = "/golf/deal/7"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        PageOption("golfSource", "hard", DEAL_SOURCES),
    )
    page_parts: ClassVar[tuple[str, ...]] = ("deal-button",)

    def pages(self) -> list[tuple[str, str]]:
        """The page, also at a deal's address."""
        return [("/golf", "index.html"), ("/golf/deal/{number}", "index.html")]


GOLF = GolfAdapter()


@pytest.fixture(scope="module")
def golf_client() -> Iterator[TestClient]:
    """An app made while the registry also holds the test game (the app reads the registry
    through ``game_specs()`` and ``adapter_of()``, as always)."""
    mp = pytest.MonkeyPatch()
    specs = game_specs()
    mp.setattr(web_app, "game_specs", lambda: [*specs, GOLF.spec])
    mp.setattr(web_app, "adapter_of", lambda name: GOLF if name == "golf" else adapter_of(name))
    try:
        yield TestClient(web_app.create_app())
    finally:
        mp.undo()


def page_data(text: str) -> dict[str, Any]:
    """The JSON block of a game page."""
    m = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', text, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def test_a_game_known_only_to_the_registry_has_its_pages(golf_client: TestClient) -> None:
    """The test game's pages are served, from its own adapter: title, description, the parts
    of the page it shows, its options and words; a deal
    address takes only deal numbers; the policy is every game page's."""
    for path in ("/golf", "/golf/deal/12", "/golf/deal/0012/"):
        r = golf_client.get(path)
        assert r.status_code == 200, path
        assert 'data-game="golf"' in r.text and 'data-with="deal-button"' in r.text
        assert "<title>Golf — kosynka</title>" in r.text
        assert '<meta name="description" content="Golf solitaire, made up for a test.">' in r.text
        assert "js/games/golf.js" in r.text and "{{" not in r.text
    for path in ("/golf/deal/x", "/golf/deal/", "/golf/deal/1/2"):
        assert golf_client.get(path).status_code == 404, path
    data = page_data(golf_client.get("/golf").text)
    assert data["options"]["golfSource"] == {"default": "hard", "values": list(DEAL_SOURCES)}
    assert data["options"]["fcCells"] == {"default": 4, "values": [0, 1, 2, 3, 4]}
    assert data["strings"]["en"]["title"] == "Golf"
    assert data["strings"]["ru"]["pageTitle"] == "Гольф — проверка"
    policies = {golf_client.get(p).headers["content-security-policy"] for p in ("/", "/golf")}
    assert len(policies) == 1
    app: Any = golf_client.app
    assert "Solitaire: Klondike, FreeCell, Spider, Pyramid, TriPeaks, Golf." in app.description


def test_a_game_known_only_to_the_registry_is_in_every_menu(golf_client: TestClient) -> None:
    """Every game page's menu offers the test game last (its menu order), in both languages;
    the other games' pages keep their own data; every page checks the test game's stored
    option too."""
    link = '<a href="/golf" data-variant="golf" data-i18n="menu:golf">Golf</a>'
    for path in ("/", "/freecell", "/spider/2-suits", "/golf"):
        r = golf_client.get(path)
        assert r.status_code == 200, path
        menu = r.text.split('id="games-menu"')[1].split("</nav>")[0]
        assert menu.rstrip().endswith(link), path
        assert menu.index('href="/klondike"') < menu.index('href="/freecell"') < menu.index(link)
        data = page_data(r.text)
        assert data["strings"]["ru"]["menu:golf"] == "Гольф"
        assert data["strings"]["en"]["menu:spider-4"] == "Spider, 4 suits"
        assert "golfSource" in data["options"] and "spiderSuits" in data["options"]
    klondike = page_data(golf_client.get("/klondike").text)
    assert klondike["strings"]["en"]["title"] == "Klondike"


def test_a_game_known_only_to_the_registry_is_on_the_not_found_page(
    golf_client: TestClient,
) -> None:
    """The not-found page links to the test game after the others, in the player's language,
    and shows its deal address among the examples."""
    en = golf_client.get("/nowhere", headers={"accept-language": "en"})
    ru = golf_client.get("/nowhere", headers={"accept-language": "ru"})
    assert en.status_code == ru.status_code == 404
    assert '<a class="btn" href="/golf">Play Golf</a>' in en.text
    assert '<a class="btn" href="/golf">Играть в Гольф</a>' in ru.text
    assert "/tripeaks/deal/42 or /golf/deal/7." in en.text
    assert "/pyramid/deal/42, /tripeaks/deal/42 или /golf/deal/7." in ru.text
    assert en.text.index('href="/tripeaks"') < en.text.index('href="/golf"')


def test_a_game_without_rules_pages_has_none(golf_client: TestClient) -> None:
    """The test game brings no rules pages: it has none, and the others' rules pages do not
    link to it."""
    assert golf_client.get("/rules/golf/en").status_code == 404
    assert golf_client.get("/rules/golf/ru").status_code == 404
    for path in ("/rules/en", "/rules/freecell/ru", "/rules/spider/en"):
        r = golf_client.get(path)
        assert r.status_code == 200 and "golf" not in r.text.lower() and "Гольф" not in r.text


def test_the_registered_games_are_everywhere(golf_client: TestClient) -> None:
    """Every registered game (listed from the registry) has its pages served, each of its
    menu entries on every game page, its link on the not-found page and its rules pages,
    which link to one another."""
    adapters = registered()
    pages = [a.home_path for a in adapters]
    not_found = {
        lang: golf_client.get("/x/y", headers={"accept-language": lang}).text
        for lang in ("en", "ru")
    }
    for a in adapters:
        for path, _ in a.pages():
            r = golf_client.get(path.replace("{number}", "31"))
            assert r.status_code == 200 and f'data-game="{a.spec.name}"' in r.text, path
        for page in pages:
            text = golf_client.get(page).text
            for e in a.menu():
                assert f'<a href="{e.path}" data-variant="{e.variant}"' in text, (page, e)
        for lang, text in not_found.items():
            assert f'<a class="btn" href="{a.home_path}">{a.play_words[lang]}</a>' in text
            assert a.example_deal in text
            rules = golf_client.get(a.rules_path(lang))
            assert rules.status_code == 200 and f"<b>{a.spec.titles[lang]}</b>" in rules.text
            for other in adapters:
                if other is not a:
                    want = f'<a href="{other.rules_path(lang)}">{other.spec.titles[lang]}</a>'
                    assert want in rules.text, (a.spec.name, lang, other.spec.name)
        assert golf_client.get(f"/static/js/games/{a.spec.name}.js").status_code == 200


# ----------------------------------------------------------- the first position, in a browser
def first_view_cases() -> list[tuple[str, dict[str, Any]]]:
    """Each registered game's example deal address (nothing stored), and addresses that take
    their rules from the address or from the stored options, or open a saved game."""
    cases: list[tuple[str, dict[str, Any]]] = [(a.example_deal, {}) for a in registered()]
    spider = {
        "record": {
            "game": "spider",
            "rules": {"suits": 4},
            "deal": {"number": 77, "numbering": "kpat", "source": "easy"},
            "moves": ["s"],
        },
        "redo": [],
        "autos": [],
        "elapsed": 0,
        "counted": True,
    }
    cases += [
        ("/klondike/draw-3/deal/5?passes=3&return=0", {}),
        ("/freecell/deal/0617", {"kosynka.options.v1": {"fcCells": 2, "fcReturn": False}}),
        ("/spider/4-suits", {"kosynka.game.v1.spider-4": spider}),
        ("/spider", {"kosynka.options.v1": {"spiderSuits": 4}, "kosynka.game.v1.spider-4": spider}),
    ]
    return cases


@pytest.mark.parametrize(("path", "storage"), first_view_cases())
def test_the_first_position_is_made_in_the_browser(
    page_factory: Any, path: str, storage: dict[str, Any]
) -> None:
    """On a deal's address, or a page whose game is saved, the page shows the position without
    asking the server's API anything: the game's rules in the browser deal and replay it."""
    page = page_factory(path, storage=storage)
    page.wait_for_load_state("networkidle")
    assert [u for u in page.urls if "/api/" in u] == []
    assert int(page.inner_text("#c-moves")) == (1 if "record" in json.dumps(storage) else 0)
    assert not page.js_errors


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_menu_speaks_the_players_language_and_marks_the_page(
    page_factory: Any, locale: str
) -> None:
    """The games menu, made on the server from every game's adapter, is in the player's
    language on every game's page and marks the page the player is on."""
    lang = locale[:2]
    adapters = registered()
    entries = [e for a in adapters for e in a.menu()]
    for a in adapters:
        for e in a.menu():
            page = page_factory(e.path, locale=locale)
            got = page.evaluate(
                "() => [...document.querySelectorAll('#games-menu a')].map(a =>"
                " [a.getAttribute('href'), a.textContent, a.getAttribute('aria-current')])"
            )
            assert got == [[x.path, x.labels[lang], "page" if x == e else None] for x in entries], (
                e.path,
                got,
            )
            assert page.inner_text('#btn-games [data-i18n="title"]') == a.spec.titles[lang]
            assert page.title() == a.page_titles[lang]
            assert not page.js_errors
            # One page at a time: each context is a browser of its own with its own pool of
            # connections, and the server holds at most 32 from one address.
            page.context.close()


MISSING_WORDS = """() => {
  const shown = (document.documentElement.dataset.with || "").split(" ");
  return [...document.querySelectorAll("[data-i18n-missing]")]
    .filter((e) => {
      const only = e.closest("[data-only]");
      return !only || only.dataset.only.split(" ").some((p) => shown.includes(p));
    })
    .map((e) => e.dataset.i18nMissing);
}"""
"""The keys of the words a page's parts lack in its language (parts a game does not show
left out)."""


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_every_part_a_game_shows_has_its_words(page_factory: Any, locale: str) -> None:
    """Each game's page, in each language, has a word for every part it shows: none keeps the
    page's English for want of a word in the game's or the shared strings."""
    for adapter in registered():
        path = adapter.menu()[0].path
        page = page_factory(path, locale=locale)
        assert page.evaluate(MISSING_WORDS) == [], (path, locale)
        assert not page.js_errors
        page.context.close()  # one page at a time (the server's connections per address)

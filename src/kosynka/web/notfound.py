"""The page a player gets at an address that leads nowhere (a mistyped or broken deal link): in
their language, with a way back to a game. The API keeps its JSON errors."""

from __future__ import annotations

import html
from collections.abc import Sequence

from kosynka.web.games.base import WebAdapter

_TEXT = {
    "en": {
        "title": "No such page",
        "lead": "There is no game at this address.",
        "why": "The link may be mistyped or cut short: a deal address looks like {examples}.",
        "or": " or ",
    },
    "ru": {
        "title": "Такой страницы нет",
        "lead": "По этому адресу нет партии.",
        "why": "Возможно, в ссылке опечатка или она обрезана: адрес раздачи выглядит так: "
        "{examples}.",
        "or": " или ",
    },
}


def _listed(items: Sequence[str], last: str) -> str:
    """``items`` as a list in words: ``a, b`` and ``last`` before the final one."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


def not_found_page(lang: str, path: str, games: Sequence[WebAdapter]) -> str:
    """The HTML of the page for ``path`` in ``lang`` (``en`` or ``ru``), with a link to each of
    ``games`` (their web adapters, in menu order) and an example of each one's deal address."""
    lang = "ru" if lang == "ru" else "en"
    t = _TEXT[lang]
    links = " ".join(
        f'<a class="btn" href="{html.escape(g.home_path)}">{html.escape(g.play_words[lang])}</a>'
        for g in games
    )
    why = t["why"].format(examples=_listed([g.example_deal for g in games], t["or"]))
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(t["title"])}</title>
<style>
body {{ font: 17px/1.5 system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #0f5132;
  color: #fff; }}
main {{ max-width: 34em; margin: 0 auto; }}
code {{ background: rgba(0,0,0,.25); padding: 0 4px; border-radius: 4px; word-break: break-all; }}
.games {{ display: flex; flex-wrap: wrap; gap: 8px; margin: 0; }}
.btn {{ display: inline-flex; align-items: center; min-height: 44px; box-sizing: border-box;
  padding: 8px 14px; font-size: 16px; line-height: 1.3; background: #fff; color: #0f5132;
  border-radius: 8px; text-decoration: none; font-weight: 600; }}
</style>
</head>
<body>
<main>
<h1>{html.escape(t["title"])}</h1>
<p>{html.escape(t["lead"])} <code>{html.escape(path[:200])}</code></p>
<p>{html.escape(why)}</p>
<p class="games">{links}</p>
</main>
</body>
</html>
"""

"""The page a player gets at an address that leads nowhere (a mistyped or broken deal link): in
their language, with a way back to a game. The API keeps its JSON errors."""

from __future__ import annotations

import html

_TEXT = {
    "en": {
        "title": "No such page",
        "lead": "There is no game at this address.",
        "why": "The link may be mistyped or cut short: a deal address looks like "
        "/klondike/draw-1/deal/12345, /freecell/deal/617 or /spider/2-suits/deal/42.",
        "klondike": "Play Klondike",
        "freecell": "Play FreeCell",
        "spider": "Play Spider",
    },
    "ru": {
        "title": "Такой страницы нет",
        "lead": "По этому адресу нет партии.",
        "why": "Возможно, в ссылке опечатка или она обрезана: адрес раздачи выглядит так: "
        "/klondike/draw-1/deal/12345, /freecell/deal/617 или /spider/2-suits/deal/42.",
        "klondike": "Играть в Косынку",
        "freecell": "Играть в «Свободную ячейку»",
        "spider": "Играть в «Паука»",
    },
}


def not_found_page(lang: str, path: str) -> str:
    """The HTML of the page for ``path`` in ``lang`` (``en`` or ``ru``)."""
    t = _TEXT["ru" if lang == "ru" else "en"]
    links = " ".join(
        f'<a class="btn" href="/{g}">{html.escape(t[g])}</a>'
        for g in ("klondike", "freecell", "spider")
    )
    return f"""<!doctype html>
<html lang="{"ru" if lang == "ru" else "en"}">
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
<p>{html.escape(t["why"])}</p>
<p class="games">{links}</p>
</main>
</body>
</html>
"""

"""Pages and the games' data files carry entity tags: asked again with the tag, the answer is an
empty 304 (what the service worker's filling of its cache and every revisit cost), and the tag
changes with the content."""

from __future__ import annotations

from typing import Any

import pytest

from kosynka.web.revalidate import entity_tag, held

PATHS = ["/", "/freecell", "/rules/en", "/texts/spider.json", "/deals/klondike.json"]


@pytest.mark.parametrize("path", PATHS)
def test_a_repeated_question_gets_an_empty_304(client: Any, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    tag = first.headers["etag"].removeprefix("W/")  # weakened where the answer is gzipped
    assert tag == entity_tag(first.content).decode()
    again = client.get(path, headers={"If-None-Match": f'W/{tag}, "other"'})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"].removeprefix("W/") == tag
    assert client.get(path, headers={"If-None-Match": '"stale"'}).status_code == 200


def test_the_api_and_static_files_keep_their_own_answers(client: Any) -> None:
    body = {"rules": {"draw": 1}, "source": "random"}
    answer = client.post("/api/klondike/new", json=body)
    assert answer.status_code == 200 and "etag" not in answer.headers


def test_held_reads_weak_and_listed_tags() -> None:
    assert held(b'W/"a", "b" ,') == {b'"a"', b'"b"'}
    assert held(b"") == set()

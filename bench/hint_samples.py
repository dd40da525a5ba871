"""How much better the Klondike hint would choose with more samples a move.

At positions along games the hint played (the lines of a ``kosynka play --json`` run, such as
the file ``bench/no_peek.py --record DIR`` keeps), each candidate line of the hint is judged on
the same ``--reference`` samples of the unseen cards, and the line the race picks with each
budget of samples (no time limit) is compared with the best of them. It prints, per budget, the
mean shortfall of the pick's share of those samples against the best line's, how often it
falls short by 0.02 and 0.05 or more, and the samples the race dealt on average (it stops once
decided). The reference samples have noise of their own: the largest budget's shortfall is
about the floor of the measure.

    python bench/hint_samples.py /tmp/runs/d3/klondike-draw-3.jsonl --deals 1-79 --draw 3
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike import seen as klondike_seen
from kosynka.games.klondike.player import hint as rule_hint
from kosynka.hindsight import start_and_moves
from kosynka.library import parse_deal_ranges

STATES = klondike_seen.HINT_STATES


def shortfalls(
    deal: int,
    line: list[str],
    rules: KlondikeRules,
    budgets: list[int],
    reference: int,
    every: int,
    skip: int,
) -> list[dict[str, object]]:
    """One record per position weighed along ``line`` (deal ``deal``'s game): every ``every``-th
    move after the first ``skip``, where every stock card is known and the hint weighs more than
    one line."""
    game = Klondike(deal, rules=rules, numbering="kpat")
    out: list[dict[str, object]] = []
    for i, text in enumerate(line):
        if i > skip and i % every == 0:
            view = klondike_seen.seen_of(game)
            if view.unseen and None not in view.stock:
                start, history = start_and_moves(game)
                prefer = rule_hint(start, history, i)
                sampler = klondike_seen.KlondikeSampler(view, "native", prefer)
                lines = sampler.candidates()
                if len(lines) > 1:
                    rng = random.Random(deal * 100_000 + i)
                    won = [0] * len(lines)
                    for _ in range(reference):
                        sample = sampler.sample(rng)
                        if sampler.lost(sample, STATES):
                            continue
                        for k, candidate in enumerate(lines):
                            won[k] += sampler.value(sample, candidate, STATES) > 0.5
                    best = max(won)
                    record: dict[str, object] = {"deal": deal, "move": i, "lines": len(lines)}
                    for budget in budgets:
                        choice = klondike_seen.hint_from(
                            view,
                            prefer=prefer,
                            seed=i,
                            time_limit=None,
                            max_samples=budget,
                            estimate=False,
                        )
                        picked = won[lines.index(choice.move)] if choice.move in lines else 0
                        record[f"short_{budget}"] = (best - picked) / reference
                        record[f"samples_{budget}"] = choice.samples
                    out.append(record)
        game.push(game.parse_move(text))
    return out


def main() -> int:
    """Read the games, weigh their positions and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, help="a kosynka play --json file of Klondike games")
    parser.add_argument("--deals", default="1-20", help="which of its deals (KPat numbers)")
    parser.add_argument("--draw", type=int, default=3, choices=(1, 3))
    parser.add_argument("--budgets", default="25,100,400", help="samples a move, compared")
    parser.add_argument("--reference", type=int, default=600, help="samples judging the lines")
    parser.add_argument("--every", type=int, default=6, help="weigh every N-th move")
    parser.add_argument("--skip", type=int, default=30, help="moves skipped at the start")
    args = parser.parse_args()
    wanted = set(parse_deal_ranges(args.deals))
    budgets = [int(b) for b in args.budgets.split(",")]
    rules = KlondikeRules(draw=args.draw)
    records: list[dict[str, object]] = []
    with args.games.open() as games:
        for text in games:
            row = json.loads(text)
            if row.get("deal") in wanted:
                records += shortfalls(
                    row["deal"], row["line"], rules, budgets, args.reference, args.every, args.skip
                )
    deals = len({r["deal"] for r in records})
    print(f"{len(records)} positions of {deals} deals, {args.reference} reference samples\n")
    print("| samples a move | mean shortfall | >= 0.02 | >= 0.05 | samples dealt (mean) |")
    print("|---|---|---|---|---|")
    for budget in budgets:
        short = [float(r[f"short_{budget}"]) for r in records]  # type: ignore[arg-type]
        dealt = [int(r[f"samples_{budget}"]) for r in records]  # type: ignore[call-overload]
        print(
            f"| {budget} | {statistics.fmean(short):.4f} | {sum(s >= 0.02 for s in short)} | "
            f"{sum(s >= 0.05 for s in short)} | {statistics.fmean(dealt):.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

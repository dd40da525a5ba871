"""The Spider stage player alone: its games on KPat deals, by suit count, stage budget and
evaluation weights and look past a stage's ends.

The stage player (:func:`kosynka.solver.spider.stage_game`) is what the 2- and 4-suit hints
play (with the look :data:`kosynka.solver.spider.STAGE_LOOK`) and what grades those deals
(without it), and it is deterministic: a deal's game at a budget is the same on every machine.
Each ``--weights`` set (down,brk,fit,empty; ``-``: the stage player's own) and each ``--look``
(leaves,cards,states,seed; ``-``: none; ``hint``: the hint's) is played on the same deals, so
the rows are paired: besides each row's wins and Wilson interval, ``+``/``-`` count the deals it
wins and the suit count's first row loses, and the other way round; ``ms`` is the mean time a
game.

    python bench/spider_stage.py --suits 2 --deals 1-2000 --weights 8,4,4,6 - --jobs 2
    python bench/spider_stage.py --suits 1 2 4 --deals 1-300 --states 1000 3000 10000 30000
    python bench/spider_stage.py --suits 2 4 --deals 1-1000 --look - hint 8,6,300,1
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from kosynka.games.spider import Spider, SpiderRules
from kosynka.library import parse_deal_ranges
from kosynka.solver.spider import STAGE_LOOK, Lookahead, stage_game
from kosynka.solver.stats import wilson_interval

FINAL_STATES = 40_000
"""The pruned search's positions once every card is seen (the hint's and the grades')."""

Weights = tuple[int, int, int, int] | None


def play(
    suits: int, deals: list[int], states: int, weights: Weights, look: Lookahead | None
) -> tuple[list[bool], float]:
    """The stage player's games on ``deals``: won or not, each, and the seconds they took."""
    start = time.perf_counter()
    won = [
        stage_game(
            Spider(d, rules=SpiderRules(suits=suits)),
            states,
            FINAL_STATES,
            weights=weights,
            look=look,
        ).won
        for d in deals
    ]
    return won, time.perf_counter() - start


def parse_weights(text: str) -> Weights:
    """``-`` (the stage player's own weights) or four comma-separated integers."""
    if text == "-":
        return None
    parts = [int(p) for p in text.split(",")]
    if len(parts) != 4:
        raise argparse.ArgumentTypeError("weights are four integers: down,brk,fit,empty")
    return (parts[0], parts[1], parts[2], parts[3])


def parse_look(text: str) -> Lookahead | None:
    """``-`` (no look), ``hint`` (the hint's) or four non-negative comma-separated integers."""
    if text == "-":
        return None
    if text == "hint":
        return STAGE_LOOK
    parts = [int(p) for p in text.split(",")]
    if len(parts) != 4 or min(parts) < 0:
        raise argparse.ArgumentTypeError("a look is four integers: leaves,cards,states,seed")
    return Lookahead(*parts)


def main() -> None:
    """Play every (suits, states, weights) on the deals and print one table row each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, nargs="+", default=[2])
    parser.add_argument("--deals", default="1-300")
    parser.add_argument("--states", type=int, nargs="+", default=[3000])
    parser.add_argument("--weights", type=parse_weights, nargs="+", default=[None])
    parser.add_argument("--look", type=parse_look, nargs="+", default=[None])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    deals = sorted(parse_deal_ranges(args.deals))
    chunks = [deals[i :: args.jobs] for i in range(args.jobs)]
    print(
        "| suits | positions a stage | weights | look | deals | won | rate (95% Wilson) "
        "| + | - | ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for suits in args.suits:
            first: list[bool] | None = None
            for states in args.states:
                for weights, look in [(w, k) for w in args.weights for k in args.look]:
                    runs = [pool.submit(play, suits, c, states, weights, look) for c in chunks]
                    won: list[bool] = []
                    seconds = 0.0
                    for run in runs:
                        w, s = run.result()
                        won += w
                        seconds += s
                    if first is None:
                        first = won
                    wins = sum(won)
                    lo, hi = wilson_interval(wins, len(won))
                    plus = sum(1 for a, b in zip(won, first, strict=True) if a and not b)
                    minus = sum(1 for a, b in zip(won, first, strict=True) if b and not a)
                    shown = "own" if weights is None else ",".join(map(str, weights))
                    looked = "none"
                    if look is not None:
                        looked = f"{look.leaves},{look.cards},{look.states},{look.seed}"
                    print(
                        f"| {suits} | {states:,} | {shown} | {looked} | {len(deals):,} | "
                        f"{wins:,} | "
                        f"{wins / len(won):.1%} ({lo:.1%}-{hi:.1%}) | {plus} | {minus} | "
                        f"{seconds / len(won) * 1000:.1f} |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()

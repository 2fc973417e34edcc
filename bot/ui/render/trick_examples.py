"""Fixed trick tables (Hearts and Barbu positions) for the golden tests, the benchmark and quick previews:

.venv/bin/python -m bot.ui.render.trick_examples /tmp   # writes tricks_<name>.png there
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bot.games.tricks import TrickPlay, trick_winner
from bot.ui.render.examples import cards
from bot.ui.render.tricks import (
    PlayedCard,
    TakenChip,
    TrickSeat,
    TrickTableLabels,
    TrickTableLayout,
    render_trick_table,
)

NAMES = ("Alice", "Blaise", "Chloé", "Dmitri", "Elena", "Farid", "Grace", "Hugo")


def plays(first_seat: int, seats: int, codes: str) -> tuple[PlayedCard, ...]:
    """The cards `codes` played in turn from `first_seat` round a table of `seats`."""
    return tuple(PlayedCard((first_seat + index) % seats, card) for index, card in enumerate(cards(codes)))


def winner(trick: tuple[PlayedCard, ...]) -> int:
    """The seat whose card wins `trick` (the rules' own function)."""
    return trick_winner([TrickPlay(play.seat, play.card) for play in trick])


def seat(
    index: int,
    points: int,
    total: int,
    tricks: int,
    taken: tuple[TakenChip, ...] = (),
    *,
    to_act: bool = False,
    detail: str = "",
) -> TrickSeat:
    trick_word = "trick" if tricks == 1 else "tricks"
    return TrickSeat(
        NAMES[index], f"{points} pts · total {total}", f"{tricks} {trick_word}", taken, to_act, detail
    )


def hearts_four_mid_trick() -> TrickTableLayout:
    """Hearts, four seats, trick 6: Blaise led, Chloé's K♥ wins so far, Dmitri to play."""
    return TrickTableLayout(
        seats=(
            seat(0, 4, 17, 2, (TakenChip("", "H", 4),)),
            seat(1, 0, 32, 1),
            seat(2, 13, 26, 2, (TakenChip("Q", "S"),)),
            seat(3, 0, 9, 0, to_act=True),
        ),
        trick=plays(1, 4, "9H KH"),
        winning=winner(plays(1, 4, "9H KH")),
        header="Hand 3 · pass across · hearts broken",
        centre=("Trick 6", "① Blaise led", "★ Chloé"),
        last_trick=plays(0, 4, "AC 4C 10C 2H"),
        last_winner=winner(plays(0, 4, "AC 4C 10C 2H")),
        footer="Last trick: Alice took it",
    )


def hearts_three_first_trick() -> TrickTableLayout:
    """Hearts, three seats, the first card of the hand: nothing taken yet."""
    return TrickTableLayout(
        seats=(seat(0, 0, 0, 0), seat(1, 0, 0, 0, to_act=True), seat(2, 0, 0, 0)),
        trick=plays(0, 3, "2C"),
        winning=0,
        header="Hand 1 · pass to the left",
        centre=("Trick 1", "① Alice led"),
    )


def hearts_six_pass() -> TrickTableLayout:
    """Hearts, six seats (two decks), the pass after hand 2: its last trick and points stay on the table."""
    return TrickTableLayout(
        seats=(
            seat(0, 12, 30, 3, (TakenChip("", "H", 12),), detail="passed"),
            seat(1, 0, 44, 2, to_act=True, detail="choosing…"),
            seat(2, 26, 52, 4, (TakenChip("Q", "S", 2),), detail="passed"),
            seat(3, 3, 18, 1, (TakenChip("", "H", 3),), to_act=True, detail="choosing…"),
            seat(4, 0, 21, 2, detail="passed"),
            seat(5, 11, 40, 1, (TakenChip("", "H", 11),), detail="passed"),
        ),
        trick=plays(3, 6, "JD QD 2D AD 5D 9D"),
        winning=winner(plays(3, 6, "JD QD 2D AD 5D 9D")),
        header="Hand 3 · pass to the right: Blaise, Dmitri choosing",
        centre=("Hand 2 is over", "★ Alice took it"),
        footer="Next: hand 3 · pass to the right",
    )


def hearts_eight_two_decks() -> TrickTableLayout:
    """Hearts, eight seats with two decks: two identical queens of spades in one trick (the first one wins)."""
    return TrickTableLayout(
        seats=(
            seat(0, 0, 12, 0),
            seat(1, 6, 40, 1, (TakenChip("", "H", 6),)),
            seat(2, 13, 13, 1, (TakenChip("Q", "S"),)),
            seat(3, 0, 25, 0),
            seat(4, 2, 31, 1, (TakenChip("", "H", 2),)),
            seat(5, 0, 8, 0, to_act=True),
            seat(6, 0, 19, 0),
            seat(7, 0, 36, 0),
        ),
        trick=plays(7, 8, "QS 3S 10S QS 2S"),
        winning=winner(plays(7, 8, "QS 3S 10S QS 2S")),
        header="Hand 2 · pass two seats to the left · hearts broken",
        centre=("Trick 4", "① Hugo led", "★ Hugo"),
        last_trick=plays(4, 8, "2D 9D KD 4D 7D 10D JD QD"),
        last_winner=winner(plays(4, 8, "2D 9D KD 4D 7D 10D JD QD")),
        footer="Last trick: Grace took it",
    )


def hearts_four_pass_german() -> TrickTableLayout:
    """Hearts in German, four seats, the pass after hand 2 (its last trick still on the table): the longest words the
    plates carry, as the German catalog writes them ("26 Pkt. · gesamt 52", "gewählt ✓"), and a two-line title."""

    def german(
        index: int, points: int, total: int, tricks: int, taken: tuple[TakenChip, ...], chosen: bool
    ) -> TrickSeat:
        stiche = "Stich" if tricks == 1 else "Stiche"
        status = "gewählt ✓" if chosen else "wählt…"
        return TrickSeat(
            NAMES[index], f"{points} Pkt. · gesamt {total}", f"{tricks} {stiche}", taken, not chosen, status
        )

    last = plays(3, 4, "7C QC 2C KC")
    return TrickTableLayout(
        seats=(
            german(0, 0, 31, 3, (), True),
            german(1, 26, 52, 6, (TakenChip("Q", "S"), TakenChip("", "H", 13)), False),
            german(2, 0, 18, 2, (), True),
            german(3, 0, 44, 2, (), False),
        ),
        trick=last,
        winning=winner(last),
        header="Hearts — Runde 3 · nach gegenüber weitergeben",
        centre=("Runde 2 ist vorbei", "★ an Dmitri"),
        footer="Als Nächstes: Runde 3, nach gegenüber weitergeben.",
        labels=TrickTableLabels(lead="Ausspiel"),
    )


def barbu_contract(contract: str) -> TrickTableLayout:
    """Barbu, five seats, a trick in progress in each contract, with the penalty cards each contract counts."""
    taken_by_contract: dict[str, tuple[tuple[TakenChip, ...], ...]] = {
        "Fewest tricks · 5 a trick": ((), (), (), (), ()),
        "No hearts · 5 a heart": ((TakenChip("", "H", 3),), (), (TakenChip("", "H", 1),), (), ()),
        "No queens · 20 a queen": (
            (TakenChip("Q", "S"), TakenChip("Q", "D")),
            (),
            (),
            (TakenChip("Q", "H"),),
            (),
        ),
        "Barbu · 80 for K♥": ((), (), (), (), ()),
        "Salad · everything at once": (
            (TakenChip("K", "H"), TakenChip("Q", "C"), TakenChip("Q", "H"), TakenChip("", "H", 2)),
            (TakenChip("Q", "S"),),
            (),
            (TakenChip("", "H", 1),),
            (),
        ),
    }
    taken = taken_by_contract[contract]
    points = [sum(5 if chip.rank == "" else 20 for chip in seat_taken) for seat_taken in taken]
    return TrickTableLayout(
        seats=tuple(
            seat(
                index,
                points[index],
                40 + 15 * index,
                index % 3,
                taken[index],
                to_act=index == 0,
                detail="dealer" if index == 2 else "",
            )
            for index in range(5)
        ),
        trick=plays(3, 5, "JH 4S"),
        winning=winner(plays(3, 5, "JH 4S")),
        header=f"Hand 4 of 5 · {contract}",
        centre=("Trick 3", "① Dmitri led", "★ Dmitri"),
        last_trick=plays(1, 5, "9C 3C KC AC 6C"),
        last_winner=winner(plays(1, 5, "9C 3C KC AC 6C")),
        footer="Last trick: Elena took it",
    )


CONTRACTS = (
    "Fewest tricks · 5 a trick",
    "No hearts · 5 a heart",
    "No queens · 20 a queen",
    "Barbu · 80 for K♥",
    "Salad · everything at once",
)

EXAMPLES: dict[str, Callable[[], TrickTableLayout]] = {
    "hearts_3_first_trick": hearts_three_first_trick,
    "hearts_4_mid_trick": hearts_four_mid_trick,
    "hearts_6_hand_over": hearts_six_pass,
    "hearts_8_two_decks": hearts_eight_two_decks,
    "hearts_4_pass_german": hearts_four_pass_german,
    **{
        f"barbu_{index + 1}_{name.split(' · ')[0].lower().replace(' ', '_')}": partial(barbu_contract, name)
        for index, name in enumerate(CONTRACTS)
    },
}


def main(directory: str) -> None:
    """Write every example as tricks_<name>.png into `directory`."""
    folder = Path(directory)
    for name, example in EXAMPLES.items():
        (folder / f"tricks_{name}.png").write_bytes(render_trick_table(example()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

"""Deal codes: letters only, no look-alikes, case-insensitive, one-to-one with seeds."""

from __future__ import annotations

import pytest

from bot.games.thegame.engine import (
    DEAL_CODE_ALPHABET,
    DEAL_CODE_LENGTH,
    SEED_LIMIT,
    Game,
    deal_code_to_seed,
    is_deal_code,
    random_seed,
    seed_to_deal_code,
)


def test_alphabet_has_no_digits_and_no_look_alikes() -> None:
    assert DEAL_CODE_LENGTH == 8
    assert DEAL_CODE_ALPHABET.isalpha()
    assert DEAL_CODE_ALPHABET.isupper()
    assert len(set(DEAL_CODE_ALPHABET)) == len(DEAL_CODE_ALPHABET) == 20
    assert not set("IOL") & set(DEAL_CODE_ALPHABET)
    assert SEED_LIMIT == 20**8


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 10**9, SEED_LIMIT - 2, SEED_LIMIT - 1])
def test_round_trip(seed: int) -> None:
    code = seed_to_deal_code(seed)
    assert len(code) == DEAL_CODE_LENGTH
    assert all(letter in DEAL_CODE_ALPHABET for letter in code)
    assert deal_code_to_seed(code) == seed
    assert deal_code_to_seed(code.lower()) == seed
    assert deal_code_to_seed(f" {code[:4]}-{code[4:]} ") == seed
    assert is_deal_code(code)


def test_nearby_seeds_give_different_codes() -> None:
    codes = {seed_to_deal_code(seed) for seed in range(1000)}
    assert len(codes) == 1000
    assert len({code[:3] for code in codes}) > 100  # scrambled: not just the last letters changing


def test_random_seeds_fit_in_a_code_and_deal_a_game() -> None:
    for _ in range(200):
        seed = random_seed()
        assert 0 <= seed < SEED_LIMIT
        assert deal_code_to_seed(seed_to_deal_code(seed)) == seed
    game = Game.new(3, SEED_LIMIT - 1)
    assert game.deal_code == seed_to_deal_code(SEED_LIMIT - 1)
    assert Game.new(3, deal_code_to_seed(game.deal_code)).deck == game.deck


def test_deal_code_of_games_without_a_code() -> None:
    assert Game.from_deck(1, list(range(2, 100))).deal_code is None
    assert Game.new(1, SEED_LIMIT).deal_code is None  # any int seed deals, but only this range has codes
    assert Game.new(1, -5).deck == Game.new(1, -5).deck


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2**70])
def test_seed_out_of_range(seed: int) -> None:
    with pytest.raises(ValueError):
        seed_to_deal_code(seed)


@pytest.mark.parametrize(
    "code", ["", "BCDFGHJ", "BCDFGHJKM", "BCDFGHJ1", "BCDFGHJI", "BCDFGHJO", "BCDFGHJL", "ÉCDFGHJK"]
)
def test_malformed_codes(code: str) -> None:
    with pytest.raises(ValueError):
        deal_code_to_seed(code)
    assert not is_deal_code(code)


def test_non_text_code() -> None:
    with pytest.raises(ValueError):
        deal_code_to_seed(12345678)  # type: ignore[arg-type]

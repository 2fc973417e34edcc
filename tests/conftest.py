from collections.abc import Iterator

import pytest

from bot.ui.card_emojis import CARD_EMOJIS, emoji_names

pytest_plugins = ["tests.emulator.fixtures", "tests.storage.fixtures"]


@pytest.fixture(autouse=True)
def cards_in_text_again() -> Iterator[None]:
    """The card emojis a test installed (or a bot it started uploaded) are forgotten after it: one process keeps
    one map of them (`bot.ui.card_emojis.CARD_EMOJIS`)."""
    yield
    CARD_EMOJIS.clear()


@pytest.fixture
def emojis() -> dict[str, int]:
    """The card and suit pictures uploaded: every emoji name given an id, as the bot learns them from Discord."""
    ids = {name: 1_200_000_000_000_000_000 + number for number, name in enumerate(emoji_names())}
    assert CARD_EMOJIS.install(ids)
    return ids

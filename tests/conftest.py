from collections.abc import Iterator

import pytest

from bot.ui.card_emojis import CARD_EMOJIS

pytest_plugins = ["tests.emulator.fixtures", "tests.storage.fixtures"]


@pytest.fixture(autouse=True)
def cards_in_text_again() -> Iterator[None]:
    """The card emojis a test installed (or a bot it started uploaded) are forgotten after it: one process keeps
    one map of them (`bot.ui.card_emojis.CARD_EMOJIS`)."""
    yield
    CARD_EMOJIS.clear()

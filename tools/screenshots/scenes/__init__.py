"""One scene a game: people play it in the playground and the stage takes its pictures."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from tools.screenshots.scenes.patience import play_crapette, play_klondike
from tools.screenshots.scenes.thegame import play_thegame
from tools.screenshots.scenes.tricks import play_barbu, play_hearts
from tools.screenshots.stage import Stage

SCENES: dict[str, Callable[[Stage], Awaitable[None]]] = {
    "thegame": play_thegame,
    "hearts": play_hearts,
    "barbu": play_barbu,
    "klondike": play_klondike,
    "crapette": play_crapette,
}

"""The playground's world: one server, two table channels and four people to play as."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from babel import Locale

from bot.emulator import Channel, Clock, Guild, User, World
from bot.ui.i18n import LANGUAGES as BOT_LANGUAGES

BOT_NAME = "Card Table"
SERVER_NAME = "Playground"
CHANNEL_NAMES = ("table", "table-2")
# (user name, Discord locale): the locale is what their interactions carry, so French shows the French catalog.
PEOPLE = (("alice", "en-US"), ("bob", "en-US"), ("carol", "fr"), ("dave", "en-US"))
PAGE_CATALOG_SUFFIX = (
    ".playground.json"  # the page's own texts in one language: bot/ui/locales/<language>.playground.json
)


def languages_offered(catalog_languages: Iterable[str]) -> dict[str, str]:
    """The languages a person can choose, in the bot's order (English first): the Discord locale each one's commands
    carry (English is Discord's ``en-US``; French ``fr``, German ``de``...) and its name in itself ("Français")."""
    known = list(BOT_LANGUAGES)
    ordered = sorted(
        set(catalog_languages),
        key=lambda language: (known.index(language) if language in known else len(known), language),
    )
    return {
        ("en-US" if language == "en" else language): _capitalized(
            Locale.parse(language).get_display_name(language)
        )
        for language in ordered
    }


def _capitalized(name: str | None) -> str:
    return (name or "")[:1].upper() + (name or "")[1:]


def _page_catalogs() -> list[str]:
    folder = resources.files("bot.ui.locales")
    return [
        entry.name.removesuffix(PAGE_CATALOG_SUFFIX)
        for entry in folder.iterdir()
        if entry.name.endswith(PAGE_CATALOG_SUFFIX)
    ]


# Every language the page has texts for (German appears once its catalog is there).
LANGUAGES = languages_offered(_page_catalogs())


@dataclass
class Playground:
    world: World
    guild: Guild
    channels: list[Channel]
    people: list[User]
    server_language: str | None = None  # the last one chosen in the side bar (sent as /settings by the owner)

    def person(self, name: str) -> User | None:
        return next((user for user in self.people if user.name == name.lower()), None)

    def channel(self, key: str) -> Channel | None:
        return next((chan for chan in self.channels if key in (str(chan.id), chan.name)), None)


def build_world(clock: Clock | None = None) -> Playground:
    """The server, its channels and people; ``clock``: the world's time (real time when left out; a fixed one
    gives every message the same time, as the screenshots want)."""
    world = World(clock, bot_name=BOT_NAME)
    people = [world.add_user(name, locale=locale) for name, locale in PEOPLE]
    # The first person owns the server, so the commands for moderators (/settings) can be tried too.
    guild = world.add_guild(SERVER_NAME, locale="en-US", owner=people[0])
    for user in people[1:]:
        guild.add_member(user)
    channels = [guild.add_text_channel(name) for name in CHANNEL_NAMES]
    return Playground(world, guild, channels, people)

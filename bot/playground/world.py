"""The playground's world: one server, two table channels and four people to play as."""

from __future__ import annotations

from dataclasses import dataclass

from bot.emulator import Channel, Guild, User, World

BOT_NAME = "Card Table"
SERVER_NAME = "Playground"
CHANNEL_NAMES = ("table", "table-2")
# (user name, Discord locale): the locale is what their interactions carry, so French shows the French catalog.
PEOPLE = (("alice", "en-US"), ("bob", "en-US"), ("carol", "fr"), ("dave", "en-US"))
LANGUAGES = {"en-US": "English", "fr": "Français"}


@dataclass
class Playground:
    world: World
    guild: Guild
    channels: list[Channel]
    people: list[User]

    def person(self, name: str) -> User | None:
        return next((user for user in self.people if user.name == name.lower()), None)

    def channel(self, key: str) -> Channel | None:
        return next((chan for chan in self.channels if key in (str(chan.id), chan.name)), None)


def build_world() -> Playground:
    world = World(bot_name=BOT_NAME)
    people = [world.add_user(name, locale=locale) for name, locale in PEOPLE]
    # The first person owns the server, so the commands for moderators (/settings) can be tried too.
    guild = world.add_guild(SERVER_NAME, locale="en-US", owner=people[0])
    for user in people[1:]:
        guild.add_member(user)
    channels = [guild.add_text_channel(name) for name in CHANNEL_NAMES]
    return Playground(world, guild, channels, people)

"""The emulated Discord world: users, guilds, roles, channels, members, messages, commands and interactions.

Everything here is plain data that tests can build and inspect. Mutations that Discord would announce on the
gateway (a member joining, a channel being created while the bot is connected...) are reported to the listeners
registered with :meth:`World.subscribe` (the emulator turns them into gateway dispatches).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

DISCORD_EPOCH_MS = 1420070400000


class Perm:
    """Permission bits (https://discord.com/developers/docs/topics/permissions)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 53) - 1


DEFAULT_EVERYONE_PERMISSIONS = (
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CONNECT
    | Perm.SPEAK
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
)

# What the bot's managed role gets when it joins a guild (the invite's permissions), unless told otherwise.
DEFAULT_BOT_PERMISSIONS = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.ADD_REACTIONS
    | Perm.READ_MESSAGE_HISTORY
    | Perm.MANAGE_MESSAGES
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.MANAGE_THREADS
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.USE_APPLICATION_COMMANDS
)


class ChannelType:
    GUILD_TEXT = 0
    DM = 1
    GUILD_CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class MessageFlag:
    SUPPRESS_EMBEDS = 1 << 2
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_COMPONENTS_V2 = 1 << 15


class Clock:
    """The emulator's idea of "now" (UTC). Follows real time, shifted by :meth:`advance`.

    Used for timestamps, snowflakes and interaction token lifetimes. The 3 second acknowledgement deadline is
    measured with real (monotonic) time instead, since it is about how fast the bot answers.
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._start = start
        self._offset = timedelta()

    def now(self) -> datetime:
        base = self._start if self._start is not None else datetime.now(UTC)
        return base + self._offset

    def advance(self, delta: timedelta | None = None, **kwargs: float) -> None:
        """``clock.advance(minutes=16)`` or ``clock.advance(timedelta(...))``; time only moves forward."""
        step = (delta or timedelta()) + timedelta(**kwargs)
        if step < timedelta():
            raise ValueError("the clock cannot go backwards")
        self._offset += step


class Snowflakes:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0
        self._increment = 0

    def next(self) -> int:
        ms = int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS
        return self._make(ms)

    def next_on_shard(self, shard: tuple[int, int] | None = None) -> int:
        """A snowflake with a millisecond of its own (later than every id so far), for a guild: guilds spread over
        the shards (``(id >> 22) % count``) even when the clock stands still (then round-robin).
        ``shard=(shard_id, shard_count)`` picks the first such millisecond on that shard."""
        ms = max(int(self._clock.now().timestamp() * 1000) - DISCORD_EPOCH_MS, (self._last >> 22) + 1)
        if shard is not None:
            shard_id, shard_count = shard
            if not 0 <= shard_id < shard_count:
                raise ValueError(f"no shard {shard_id} among {shard_count}")
            ms += (shard_id - ms) % shard_count
        return self._make(ms)

    def _make(self, ms: int) -> int:
        value = (ms << 22) | (1 << 17) | (1 << 12) | (self._increment & 0xFFF)
        self._increment += 1
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


def iso(ts: datetime | None) -> str | None:
    return None if ts is None else ts.isoformat()


@dataclass(eq=False)
class User:
    world: World = field(repr=False)
    id: int
    name: str
    global_name: str | None = None
    locale: str = "en-US"
    bot: bool = False
    avatar: str | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.name


@dataclass(eq=False)
class Role:
    guild: Guild = field(repr=False)
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    color: int = 0
    hoist: bool = False
    mentionable: bool = False
    bot_id: int | None = None

    @property
    def is_everyone(self) -> bool:
        return self.id == self.guild.id


@dataclass(eq=False)
class Member:
    guild: Guild = field(repr=False)
    user: User
    nick: str | None = None
    role_ids: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def roles(self) -> list[Role]:
        return [self.guild.roles[r] for r in self.role_ids if r in self.guild.roles]

    @property
    def display_name(self) -> str:
        return self.nick or self.user.display_name

    @property
    def permissions(self) -> int:
        """Guild-level permissions (roles; the owner and administrators have everything)."""
        if self.user.id == self.guild.owner_id:
            return Perm.ALL
        value = self.guild.everyone_role.permissions
        for role in self.roles:
            value |= role.permissions
        if value & Perm.ADMINISTRATOR:
            return Perm.ALL
        return value

    def permissions_in(self, channel: Channel) -> int:
        """Permissions in a channel, applying the channel's (or a thread's parent's) overwrites."""
        base = self.permissions
        if base & Perm.ADMINISTRATOR or base == Perm.ALL:
            return Perm.ALL
        target = channel.parent if channel.is_thread and channel.parent is not None else channel
        everyone = target.overwrites.get(self.guild.id)
        if everyone is not None:
            base = (base & ~everyone[1]) | everyone[0]
        allow = deny = 0
        for role_id in self.role_ids:
            ow = target.overwrites.get(role_id)
            if ow is not None:
                allow |= ow[0]
                deny |= ow[1]
        base = (base & ~deny) | allow
        own = target.overwrites.get(self.user.id)
        if own is not None:
            base = (base & ~own[1]) | own[0]
        if not base & Perm.VIEW_CHANNEL:
            return 0
        return base


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    size: int
    content_type: str | None
    data: bytes = field(repr=False, default=b"")
    description: str | None = None
    width: int | None = None
    height: int | None = None
    url: str = ""


@dataclass(eq=False)
class Message:
    world: World = field(repr=False)
    id: int
    channel: Channel = field(repr=False)
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[Attachment] = field(default_factory=list)
    # emoji ("👍" or "name:id" for custom emojis) -> ids of the users who reacted, in order
    reactions: dict[str, list[int]] = field(default_factory=dict)
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))
    edited_timestamp: datetime | None = None
    deleted: bool = False
    ephemeral_for: int | None = None  # the user who can see this ephemeral message
    interaction: Interaction | None = field(default=None, repr=False)
    webhook_id: int | None = None
    application_id: int | None = None
    type: int = 0
    mentions: list[int] = field(default_factory=list)
    message_reference: dict[str, Any] | None = None
    pinned: bool = False
    tts: bool = False
    nonce: str | int | None = None
    edits: list[dict[str, Any]] = field(
        default_factory=list, repr=False
    )  # one entry per edit (the new fields)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("thinking...") interaction response not filled in yet."""
        return bool(self.flags & MessageFlag.LOADING)

    @property
    def guild(self) -> Guild | None:
        return self.channel.guild

    @property
    def edited(self) -> bool:
        return self.edited_timestamp is not None

    def visible_to(self, user: User | None) -> bool:
        if self.deleted:
            return False
        if self.ephemeral_for is None:
            return True
        return user is not None and user.id == self.ephemeral_for

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (action rows, their children, containers, sections...)."""
        yield from _walk_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def find_component(
        self, custom_id: str | None = None, *, label: str | None = None, type: int | None = None
    ) -> dict[str, Any] | None:
        for comp in self.iter_components():
            if type is not None and comp.get("type") != type:
                continue
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if label is not None and comp.get("label") != label:
                continue
            if custom_id is None and label is None and type is None:
                continue
            return comp
        return None

    @property
    def text(self) -> str:
        """Content plus all embed texts, for easy "does the bot say X" assertions."""
        parts = [self.content]
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            if embed.get("footer", {}).get("text"):
                parts.append(embed["footer"]["text"])
            if embed.get("author", {}).get("name"):
                parts.append(embed["author"]["name"])
        for comp in self.iter_components():
            if comp.get("type") == 10 and comp.get("content"):
                parts.append(comp["content"])
        return "\n".join(p for p in parts if p)

    def reaction_users(self, emoji: str) -> list[int]:
        return list(self.reactions.get(emoji, []))

    def bot_reacted(self, emoji: str) -> bool:
        return self.world.bot_user.id in self.reactions.get(emoji, [])


def name_matches(definition: dict[str, Any], name: str) -> bool:
    """A command/option definition is called ``name``, or has it as a localized name."""
    if definition.get("name") == name:
        return True
    return name in (definition.get("name_localizations") or {}).values()


def _walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        if isinstance(comp.get("components"), list):
            yield from _walk_components(comp["components"])
        if isinstance(comp.get("component"), dict):
            yield from _walk_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):
            yield from _walk_components([comp["accessory"]])


@dataclass(eq=False)
class Channel:
    world: World = field(repr=False)
    id: int
    name: str
    type: int
    guild: Guild | None = field(default=None, repr=False)
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    # target id (role or user) -> (allow, deny)
    overwrites: dict[int, tuple[int, int]] = field(default_factory=dict)
    all_messages: list[Message] = field(default_factory=list, repr=False)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    thread_member_ids: list[int] = field(default_factory=list)
    recipients: list[User] = field(default_factory=list)  # DMs
    rate_limit_per_user: int = 0
    nsfw: bool = False
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    deleted: bool = False

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def parent(self) -> Channel | None:
        return None if self.parent_id is None else self.world.channels.get(self.parent_id)

    @property
    def messages(self) -> list[Message]:
        """All messages not deleted, oldest first, including ephemeral ones (see :meth:`visible_messages`)."""
        return [m for m in self.all_messages if not m.deleted]

    def visible_messages(self, viewer: User | None = None) -> list[Message]:
        """What ``viewer`` sees: no deleted messages, ephemeral ones only if they are theirs."""
        return [m for m in self.all_messages if m.visible_to(viewer)]

    @property
    def last_message(self) -> Message | None:
        msgs = self.messages
        return msgs[-1] if msgs else None

    @property
    def threads(self) -> list[Channel]:
        return [
            c
            for c in self.world.channels.values()
            if c.parent_id == self.id and c.is_thread and not c.deleted
        ]

    def set_permissions(self, target: Role | Member | User, *, allow: int = 0, deny: int = 0) -> None:
        """Set a permission overwrite for a role or a member (before the bot connects, or it is announced)."""
        self.overwrites[target.id] = (allow, deny)
        self.world.emit_channel_update(self)

    def add_thread(self, name: str, *, owner: User | None = None, private: bool = False) -> Channel:
        """A thread created by a user (announced with THREAD_CREATE if the bot is connected)."""
        guild = self.guild
        assert guild is not None, "threads live in guild channels"
        return self.world.create_thread(self, name, owner=owner or guild.owner, private=private)


@dataclass(eq=False)
class Guild:
    world: World = field(repr=False)
    id: int
    name: str
    preferred_locale: str = "en-US"
    owner_id: int = 0
    roles: dict[int, Role] = field(default_factory=dict, repr=False)
    channels: dict[int, Channel] = field(default_factory=dict, repr=False)
    members: dict[int, Member] = field(default_factory=dict, repr=False)
    features: list[str] = field(default_factory=list)
    joined_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    @property
    def everyone_role(self) -> Role:
        return self.roles[self.id]

    @property
    def owner(self) -> User:
        return self.world.users[self.owner_id]

    @property
    def me(self) -> Member:
        return self.members[self.world.bot_user.id]

    @property
    def bot_role(self) -> Role:
        return next(r for r in self.roles.values() if r.bot_id == self.world.bot_user.id)

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.type == ChannelType.GUILD_TEXT and not c.deleted]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.world.channels.values() if c.guild is self and c.is_thread and not c.deleted]

    def channel(self, name: str) -> Channel:
        for chan in self.channels.values():
            if chan.name == name and not chan.deleted:
                return chan
        for chan in self.threads:
            if chan.name == name:
                return chan
        raise KeyError(name)

    def get_member(self, user: User | int) -> Member | None:
        return self.members.get(user if isinstance(user, int) else user.id)

    def add_role(self, name: str, permissions: int = 0, **kwargs: Any) -> Role:
        role = Role(
            guild=self,
            id=self.world.snowflakes.next(),
            name=name,
            permissions=permissions,
            position=len(self.roles),
            **kwargs,
        )
        self.roles[role.id] = role
        self.world.emit(
            "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": self.world.payloads.role(role)}
        )
        return role

    def add_text_channel(
        self, name: str, *, topic: str | None = None, position: int | None = None
    ) -> Channel:
        chan = Channel(
            world=self.world,
            id=self.world.snowflakes.next(),
            name=name,
            type=ChannelType.GUILD_TEXT,
            guild=self,
            position=len(self.channels) if position is None else position,
            topic=topic,
            created_at=self.world.clock.now(),
        )
        self.channels[chan.id] = chan
        self.world.channels[chan.id] = chan
        self.world.emit("CHANNEL_CREATE", lambda: self.world.payloads.channel(chan))
        return chan

    def add_member(
        self,
        user: User,
        *,
        permissions: int | None = None,
        roles: list[Role] | tuple[Role, ...] = (),
        nick: str | None = None,
    ) -> Member:
        """Add ``user`` to the guild. ``permissions`` gives the member a role of their own with those permissions
        (on top of @everyone's). Announced with GUILD_MEMBER_ADD when the bot is connected."""
        if user.id in self.members:
            raise ValueError(f"{user.name} is already a member of {self.name}")
        role_ids = [r.id for r in roles]
        if permissions is not None:
            own = self._silent_role(f"{user.name} permissions", permissions, announce=True)
            role_ids.append(own.id)
        member = Member(guild=self, user=user, nick=nick, role_ids=role_ids, joined_at=self.world.clock.now())
        self.members[user.id] = member
        self.world.emit(
            "GUILD_MEMBER_ADD", lambda: {**self.world.payloads.member(member), "guild_id": str(self.id)}
        )
        return member

    def remove_member(self, user: User) -> None:
        """The user leaves (or is kicked): GUILD_MEMBER_REMOVE."""
        member = self.members.pop(user.id)
        self.world.emit(
            "GUILD_MEMBER_REMOVE", {"guild_id": str(self.id), "user": self.world.payloads.user(member.user)}
        )

    def _silent_role(self, name: str, permissions: int, *, announce: bool = False, **kwargs: Any) -> Role:
        role = Role(
            guild=self,
            id=self.world.snowflakes.next(),
            name=name,
            permissions=permissions,
            position=len(self.roles),
            **kwargs,
        )
        self.roles[role.id] = role
        if announce:
            self.world.emit(
                "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": self.world.payloads.role(role)}
            )
        return role


@dataclass(eq=False)
class ApplicationCommand:
    id: int
    application_id: int
    guild_id: int | None
    payload: dict[str, Any]  # as the bot registered it, plus ids
    version: int

    @property
    def name(self) -> str:
        return str(self.payload["name"])

    @property
    def type(self) -> int:
        return int(self.payload.get("type", 1))


@dataclass(eq=False)
class Callback:
    """One interaction callback the bot sent (accepted or not)."""

    type: int
    data: dict[str, Any]
    status: int
    elapsed: float  # seconds between dispatching the interaction and this callback arriving
    message: Message | None = None
    error: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def content(self) -> str | None:
        if self.message is not None:
            return self.message.content
        return self.data.get("content")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        if self.message is not None:
            return self.message.embeds
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        if self.message is not None:
            return self.message.components
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.data if self.type == 9 else None


@dataclass(eq=False)
class Interaction:
    id: int
    token: str
    type: int  # 2 application command, 3 component, 4 autocomplete, 5 modal submit
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    payload: dict[str, Any] = field(repr=False)
    created_at: datetime  # world clock, for the 15 minute token lifetime
    dispatched_at: float  # time.monotonic(), for the 3 second acknowledgement deadline
    message: Message | None = None  # the message a component was on
    callbacks: list[Callback] = field(default_factory=list)
    response: Callback | None = None  # the accepted initial response
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    command_name: str | None = None
    delivered: bool = False  # whether a gateway session got the INTERACTION_CREATE

    @property
    def acknowledged(self) -> bool:
        return self.response is not None


@dataclass(eq=False)
class ApplicationEmoji:
    """An emoji the application uploaded (`bot/emulator/app_emojis.py`): its picture as sent (a data URI's)."""

    id: int
    name: str
    content_type: str
    data: bytes = field(repr=False)


class World:
    """All state of the emulated Discord. One bot (application) per world."""

    def __init__(
        self,
        clock: Clock | None = None,
        *,
        bot_name: str = "TestBot",
        intents_allowed: int | None = None,
    ) -> None:
        from bot.emulator.payloads import Payloads

        self.clock = clock or Clock()
        self.snowflakes = Snowflakes(self.clock)
        self.payloads = Payloads(self)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.commands: dict[int, ApplicationCommand] = {}
        self.application_emojis: dict[int, ApplicationEmoji] = {}
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.bot_user = self.add_user(bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.token = f"emulator.{self.bot_user.id}.{secrets.token_urlsafe(16)}"
        # Privileged intents the application may request (None: all of them, like a bot with all toggles on).
        self.intents_allowed = intents_allowed
        self.cdn_base = "http://127.0.0.1"
        self._listeners: list[Callable[[str, Any], None]] = []

    # -- notifications -------------------------------------------------------------------------------------------

    def subscribe(self, listener: Callable[[str, Any], None]) -> None:
        self._listeners.append(listener)

    def emit(self, event: str, payload: Any) -> None:
        """Report a gateway event; ``payload`` is a dict or a zero-argument callable building it."""
        for listener in list(self._listeners):
            listener(event, payload)

    def emit_channel_update(self, channel: Channel) -> None:
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.emit(event, lambda: self.payloads.channel(channel))

    # -- building the world --------------------------------------------------------------------------------------

    def add_user(
        self, name: str, locale: str = "en-US", *, global_name: str | None = None, bot: bool = False
    ) -> User:
        user = User(
            world=self,
            id=self.snowflakes.next(),
            name=name,
            global_name=global_name if global_name is not None else (None if bot else name.title()),
            locale=locale,
            bot=bot,
        )
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test Guild",
        locale: str = "en-US",
        *,
        owner: User | None = None,
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild the bot is in. Its owner (a new user "<name> owner" unless given) and the bot are members; the
        bot gets a managed role with ``bot_permissions``. Announced with GUILD_CREATE when the bot is connected.
        Each guild id has a millisecond of its own, so guilds spread over the shards; ``shard=(shard_id,
        shard_count)`` places it on one."""
        guild_id = self.snowflakes.next_on_shard(shard)
        if owner is None:
            owner = self.add_user(f"{name.lower().replace(' ', '-')}-owner", locale=locale)
        guild = Guild(
            world=self,
            id=guild_id,
            name=name,
            preferred_locale=locale,
            owner_id=owner.id,
            joined_at=self.clock.now(),
        )
        guild.roles[guild_id] = Role(
            guild=guild, id=guild_id, name="@everyone", permissions=everyone_permissions
        )
        self.guilds[guild_id] = guild
        bot_role = guild._silent_role(
            self.bot_user.name, bot_permissions, managed=True, bot_id=self.bot_user.id
        )
        guild.members[owner.id] = Member(guild=guild, user=owner, joined_at=self.clock.now())
        guild.members[self.bot_user.id] = Member(
            guild=guild, user=self.bot_user, role_ids=[bot_role.id], joined_at=self.clock.now()
        )
        self.emit("GUILD_CREATE", lambda: self.payloads.guild_create(guild))
        return guild

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User,
        private: bool = False,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        thread = Channel(
            world=self,
            id=thread_id or self.snowflakes.next(),
            name=name,
            type=ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD,
            guild=parent.guild,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            thread_member_ids=[owner.id],
            created_at=self.clock.now(),
        )
        self.channels[thread.id] = thread
        self.emit("THREAD_CREATE", lambda: {**self.payloads.channel(thread), "newly_created": True})
        return thread

    # -- lookups -------------------------------------------------------------------------------------------------

    def get_user(self, user_id: int) -> User | None:
        return self.users.get(user_id)

    def get_channel(self, channel_id: int) -> Channel | None:
        chan = self.channels.get(channel_id)
        return None if chan is None or chan.deleted else chan

    def get_message(self, message_id: int) -> Message | None:
        return self.messages.get(message_id)

    def dm_channel(self, user: User) -> Channel:
        for chan in self.channels.values():
            if chan.type == ChannelType.DM and chan.recipients and chan.recipients[0].id == user.id:
                return chan
        chan = Channel(world=self, id=self.snowflakes.next(), name="", type=ChannelType.DM, recipients=[user])
        self.channels[chan.id] = chan
        return chan

    def global_commands(self) -> list[ApplicationCommand]:
        return [c for c in self.commands.values() if c.guild_id is None]

    def guild_commands(self, guild: Guild | int) -> list[ApplicationCommand]:
        gid = guild if isinstance(guild, int) else guild.id
        return [c for c in self.commands.values() if c.guild_id == gid]

    def find_command(self, name: str, guild: Guild | None, type: int = 1) -> ApplicationCommand | None:
        """The command a user in ``guild`` would get for ``name`` (or one of its localized names): guild commands
        shadow global ones."""
        candidates = (self.guild_commands(guild) if guild is not None else []) + self.global_commands()
        for cmd in candidates:
            if cmd.type == type and name_matches(cmd.payload, name):
                return cmd
        return None

    def all_messages(self) -> list[Message]:
        return sorted(self.messages.values(), key=lambda m: m.id)

"""JSON payloads for world objects, shaped like Discord's API v10 (what discord.py 2.7 parses)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.emulator.world import Attachment, Channel, Guild, Member, Message, Role, User, World


_iso_cache: dict[int, tuple[Any, str]] = {}  # id(timestamp) -> (timestamp, its isoformat())


def _iso(ts: Any) -> str | None:
    """``ts.isoformat()``. The same timestamps (a message's, a member's) are written again and again: the text is
    kept per timestamp object (held, so that its id stays its own; datetimes are immutable)."""
    if ts is None:
        return None
    hit = _iso_cache.get(id(ts))
    if hit is not None and hit[0] is ts:
        return hit[1]
    text: str = ts.isoformat()
    if len(_iso_cache) >= 8192:
        _iso_cache.clear()
    _iso_cache[id(ts)] = (ts, text)
    return text


def emoji_payload(key: str) -> dict[str, Any]:
    """``"👍"`` -> unicode emoji; ``"name:123"`` or ``"a:name:123"`` -> custom emoji."""
    parts = key.split(":")
    if len(parts) == 2 and parts[1].isdigit():
        return {"id": parts[1], "name": parts[0]}
    if len(parts) == 3 and parts[2].isdigit():
        return {"id": parts[2], "name": parts[1], "animated": parts[0] == "a"}
    return {"id": None, "name": key}


def normalize_emoji(raw: str) -> str:
    """Route form of an emoji to the key used in :attr:`Message.reactions` (``a:name:id`` -> ``name:id``)."""
    parts = raw.split(":")
    if len(parts) == 3 and parts[2].isdigit():
        return f"{parts[1]}:{parts[2]}"
    return raw


class Payloads:
    def __init__(self, world: World) -> None:
        self.world = world

    def user(self, user: User) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(user.id),
            "username": user.name,
            "discriminator": "0",
            "global_name": user.global_name,
            "avatar": user.avatar,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }
        if user.bot:
            data["bot"] = True
        return data

    def current_user(self) -> dict[str, Any]:
        data = self.user(self.world.bot_user)
        data.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None, "bio": ""})
        return data

    def member(
        self, member: Member, *, with_user: bool = True, permissions: int | None = None
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in member.role_ids if r in member.guild.roles],
            "joined_at": _iso(member.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user(member.user)
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def role(self, role: Role) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(role.id),
            "name": role.name,
            "color": role.color,
            "colors": {"primary_color": role.color, "secondary_color": None, "tertiary_color": None},
            "hoist": role.hoist,
            "icon": None,
            "unicode_emoji": None,
            "position": role.position,
            "permissions": str(role.permissions),
            "managed": role.managed,
            "mentionable": role.mentionable,
            "flags": 0,
        }
        if role.bot_id is not None:
            data["tags"] = {"bot_id": str(role.bot_id)}
        return data

    def channel(self, chan: Channel) -> dict[str, Any]:
        from bot.emulator.world import ChannelType

        if chan.type == ChannelType.DM:
            return {
                "id": str(chan.id),
                "type": chan.type,
                "last_message_id": self._last_message_id(chan),
                "recipients": [self.user(u) for u in chan.recipients],
            }
        data: dict[str, Any] = {
            "id": str(chan.id),
            "type": chan.type,
            "guild_id": str(chan.guild.id) if chan.guild else None,
            "name": chan.name,
            "last_message_id": self._last_message_id(chan),
            "rate_limit_per_user": chan.rate_limit_per_user,
            "flags": 0,
        }
        if chan.is_thread:
            data.update(
                {
                    "parent_id": str(chan.parent_id),
                    "owner_id": str(chan.owner_id),
                    "message_count": len(chan.messages),
                    "total_message_sent": len(chan.all_messages),
                    "member_count": min(len(chan.thread_member_ids), 50),
                    "thread_metadata": {
                        "archived": chan.archived,
                        "auto_archive_duration": chan.auto_archive_duration,
                        "archive_timestamp": _iso(chan.created_at),
                        "locked": chan.locked,
                        "invitable": chan.invitable,
                        "create_timestamp": _iso(chan.created_at),
                    },
                }
            )
            if self.world.bot_user.id in chan.thread_member_ids:
                data["member"] = {
                    "id": str(chan.id),
                    "user_id": str(self.world.bot_user.id),
                    "join_timestamp": _iso(chan.created_at),
                    "flags": 0,
                }
        else:
            data.update(
                {
                    "position": chan.position,
                    "parent_id": str(chan.parent_id) if chan.parent_id else None,
                    "topic": chan.topic,
                    "nsfw": chan.nsfw,
                    "permission_overwrites": [
                        {
                            "id": str(target),
                            "type": 0 if chan.guild is not None and target in chan.guild.roles else 1,
                            "allow": str(allow),
                            "deny": str(deny),
                        }
                        for target, (allow, deny) in chan.overwrites.items()
                    ],
                    "default_auto_archive_duration": 1440,
                }
            )
        return data

    def _last_message_id(self, chan: Channel) -> str | None:
        for msg in reversed(chan.all_messages):
            if not msg.deleted and msg.ephemeral_for is None:
                return str(msg.id)
        return None

    def guild_create(self, guild: Guild) -> dict[str, Any]:
        members = list(guild.members.values())
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": guild.preferred_locale,
            "features": list(guild.features),
            "roles": [self.role(r) for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "max_members": 500000,
            "max_video_channel_users": 25,
            "joined_at": _iso(guild.joined_at),
            "large": len(members) >= 250,
            "unavailable": False,
            "member_count": len(members),
            "members": [self.member(m) for m in members],
            "channels": [self.channel(c) for c in guild.channels.values() if not c.deleted],
            "threads": [self.channel(t) for t in guild.threads if not t.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "incidents_data": None,
        }

    def guild_rest(self, guild: Guild) -> dict[str, Any]:
        data = self.guild_create(guild)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large"):
            data.pop(key, None)
        data["approximate_member_count"] = len(guild.members)
        return data

    def attachment(self, att: Attachment) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": att.url,
            "proxy_url": att.url,
            "content_type": att.content_type,
            "flags": 0,
        }
        if att.description is not None:
            data["description"] = att.description
        if att.width is not None:
            data["width"] = att.width
            data["height"] = att.height
        return data

    def reactions(self, msg: Message) -> list[dict[str, Any]]:
        out = []
        bot_id = self.world.bot_user.id
        for key, users in msg.reactions.items():
            if not users:
                continue
            out.append(
                {
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": bot_id in users,
                    "me_burst": False,
                    "burst_colors": [],
                    "emoji": emoji_payload(key),
                }
            )
        return out

    def message(self, msg: Message, *, gateway: bool = False, strip_content: bool = False) -> dict[str, Any]:
        """A message as REST returns it; ``gateway`` adds guild_id/member like MESSAGE_CREATE; ``strip_content``
        blanks what a bot without the message content intent does not get."""
        chan = msg.channel
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(chan.id),
            "author": self.user(msg.author),
            "content": msg.content,
            "timestamp": _iso(msg.timestamp),
            "edited_timestamp": _iso(msg.edited_timestamp),
            "tts": msg.tts,
            "mention_everyone": False,
            "mentions": [self.user(self.world.users[u]) for u in msg.mentions if u in self.world.users],
            "mention_roles": [],
            "attachments": [self.attachment(a) for a in msg.attachments],
            "embeds": [dict(e) for e in msg.embeds],
            "pinned": msg.pinned,
            "type": msg.type,
            "flags": msg.flags,
            "components": [dict(c) for c in msg.components],
        }
        reactions = self.reactions(msg)
        if reactions:
            data["reactions"] = reactions
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
        if msg.application_id is not None:
            data["application_id"] = str(msg.application_id)
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        if msg.message_reference is not None:
            data["message_reference"] = dict(msg.message_reference)
            ref_id = msg.message_reference.get("message_id")
            ref = self.world.messages.get(int(ref_id)) if ref_id else None
            if ref is not None and not ref.deleted and ref is not msg:
                data["referenced_message"] = self.message(ref, strip_content=strip_content)
            else:
                data["referenced_message"] = None
        interaction = msg.interaction
        if interaction is not None:
            meta: dict[str, Any] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": self.user(interaction.user),
                "authorizing_integration_owners": (
                    {"0": str(interaction.guild.id)} if interaction.guild else {"1": str(interaction.user.id)}
                ),
            }
            if interaction.type == 2 and interaction.command_name:
                meta["name"] = interaction.command_name
                meta["command_type"] = 1
            if interaction.type == 3 and interaction.message is not None:
                meta["interacted_message_id"] = str(interaction.message.id)
            if interaction.original is not None and interaction.original is not msg:
                meta["original_response_message_id"] = str(interaction.original.id)
            data["interaction_metadata"] = meta
            if interaction.type == 2:
                data["interaction"] = {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "name": interaction.command_name or "",
                    "user": self.user(interaction.user),
                }
        if gateway and chan.guild is not None:
            data["guild_id"] = str(chan.guild.id)
            member = chan.guild.get_member(msg.author)
            if member is not None and msg.webhook_id is None:
                data["member"] = self.member(member, with_user=False)
        if strip_content:
            data["content"] = ""
            data["embeds"] = []
            data["attachments"] = []
            data["components"] = []
            data.pop("poll", None)
        return data

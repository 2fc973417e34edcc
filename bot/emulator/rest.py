"""The REST half of the emulator: Discord API v10 routes the bot uses, on top of the world model."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from bot.emulator import command_limits, limits
from bot.emulator.app_emojis import ApplicationEmojiRoutes, component_emoji_errors
from bot.emulator.entry_point import (
    entry_point_errors,
    entry_point_scope_errors,
    require_entry_point_kept,
)
from bot.emulator.payloads import normalize_emoji
from bot.emulator.records import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_EDIT_OTHERS,
    EMPTY_MESSAGE,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_APPLICATION_COMMAND,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_INTERACTION,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    UNKNOWN_WEBHOOK,
    ApiError,
    RequestRecord,
    UploadedFile,
    unknown,
)
from bot.emulator.world import (
    ApplicationCommand,
    Callback,
    Channel,
    ChannelType,
    Interaction,
    Message,
    MessageFlag,
    Perm,
)

if TYPE_CHECKING:
    from bot.emulator.emulator import Emulator

Handler = Callable[["Call"], Awaitable[Any]]


@dataclass
class Call:
    record: RequestRecord
    params: dict[str, str]
    body: Any
    files: list[UploadedFile]

    @property
    def query(self) -> dict[str, str]:
        return self.record.query

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise ApiError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body",
                body=limits.form_body_error(
                    [
                        limits.FormError(
                            (name,), "NUMBER_TYPE_COERCE", f"Value {self.params[name]!r} is not snowflake."
                        )
                    ]
                ),
            ) from None


@dataclass
class Route:
    method: str
    template: str
    segments: list[str]
    handler: Handler
    auth: bool

    def __post_init__(self) -> None:
        # (position, name) of the "{name}" segments and (position, text) of the others
        self.params = [(i, seg[1:-1]) for i, seg in enumerate(self.segments) if seg.startswith("{")]
        self.literals = [(i, seg) for i, seg in enumerate(self.segments) if not seg.startswith("{")]

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []
        self._by_shape: dict[tuple[str, int], list[Route]] = {}  # (method, segment count) -> routes, in order
        self._indexed = 0  # how many of self.routes _by_shape holds

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        self.routes.append(Route(method, template, template.strip("/").split("/"), handler, auth))

    def match(self, method: str, raw_path: str) -> tuple[Route, dict[str, str]] | None:
        """The first route (in the order they were added) matching ``method`` and the path, and its parameters."""
        if self._indexed != len(self.routes):
            self._by_shape = {}
            for route in self.routes:
                self._by_shape.setdefault((route.method, len(route.segments)), []).append(route)
            self._indexed = len(self.routes)
        parts = raw_path.strip("/").split("/")
        for route in self._by_shape.get((method, len(parts)), ()):
            for i, literal in route.literals:
                if parts[i] != literal:
                    break
            else:
                return route, {name: unquote(parts[i]) for i, name in route.params}
        return None


def _json_body(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ApiError(
            400,
            INVALID_FORM_BODY,
            "Invalid Form Body",
            body=limits.form_body_error(
                [limits.FormError((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
            ),
        )
    return data


class RestApi:
    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.world = emulator.world
        self.router = Router()
        self.emojis = ApplicationEmojiRoutes(emulator)
        self._register()

    # -- routes --------------------------------------------------------------------------------------------------

    def _register(self) -> None:
        r = self.router.add
        self.emu.activities.register_routes(self)  # OAuth2, /users/@me (bot or Bearer), activity instances
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.create_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/gateway", self.get_gateway, auth=False)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        r("POST", "/auth/logout", self.no_content)
        # application commands
        for prefix in ("/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"):
            r("GET", f"{prefix}/commands/permissions", self.get_command_permissions)
            r("PUT", f"{prefix}/commands", self.put_commands)
            r("GET", f"{prefix}/commands", self.get_commands)
            r("POST", f"{prefix}/commands", self.post_command)
            r("GET", f"{prefix}/commands/{{command_id}}", self.get_command)
            r("PATCH", f"{prefix}/commands/{{command_id}}", self.patch_command)
            r("DELETE", f"{prefix}/commands/{{command_id}}", self.delete_command)
        self.emojis.register(r)
        # interactions
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback, auth=False)
        wh = "/webhooks/{application_id}/{token}"
        r("POST", wh, self.followup_create, auth=False)
        r("GET", f"{wh}/messages/@original", self.webhook_message_get, auth=False)
        r("PATCH", f"{wh}/messages/@original", self.webhook_message_edit, auth=False)
        r("DELETE", f"{wh}/messages/@original", self.webhook_message_delete, auth=False)
        r("GET", f"{wh}/messages/{{message_id}}", self.webhook_message_get, auth=False)
        r("PATCH", f"{wh}/messages/{{message_id}}", self.webhook_message_edit, auth=False)
        r("DELETE", f"{wh}/messages/{{message_id}}", self.webhook_message_delete, auth=False)
        # channels
        ch = "/channels/{channel_id}"
        r("GET", ch, self.get_channel)
        r("PATCH", ch, self.patch_channel)
        r("DELETE", ch, self.delete_channel)
        r("POST", f"{ch}/typing", self.typing)
        r("GET", f"{ch}/messages/pins", self.get_pins)
        r("PUT", f"{ch}/messages/pins/{{message_id}}", self.pin)
        r("DELETE", f"{ch}/messages/pins/{{message_id}}", self.unpin)
        r("POST", f"{ch}/messages/bulk-delete", self.bulk_delete)
        r("GET", f"{ch}/messages", self.get_messages)
        r("POST", f"{ch}/messages", self.create_message)
        r("GET", f"{ch}/messages/{{message_id}}", self.get_message)
        r("PATCH", f"{ch}/messages/{{message_id}}", self.edit_message)
        r("DELETE", f"{ch}/messages/{{message_id}}", self.delete_message)
        msg = f"{ch}/messages/{{message_id}}"
        r("PUT", f"{msg}/reactions/{{emoji}}/@me", self.add_reaction)
        r("DELETE", f"{msg}/reactions/{{emoji}}/@me", self.remove_own_reaction)
        r("DELETE", f"{msg}/reactions/{{emoji}}/{{user_id}}", self.remove_user_reaction)
        r("GET", f"{msg}/reactions/{{emoji}}", self.get_reactions)
        r("DELETE", f"{msg}/reactions/{{emoji}}", self.clear_emoji)
        r("DELETE", f"{msg}/reactions", self.clear_reactions)
        r("POST", f"{msg}/threads", self.thread_from_message)
        r("POST", f"{ch}/threads", self.thread_without_message)
        r("PUT", f"{ch}/thread-members/@me", self.join_thread)
        r("DELETE", f"{ch}/thread-members/@me", self.leave_thread)
        r("PUT", f"{ch}/thread-members/{{user_id}}", self.add_thread_member)
        r("DELETE", f"{ch}/thread-members/{{user_id}}", self.remove_thread_member)
        # guilds
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.get_guild_roles)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        r("GET", "/guilds/{guild_id}/members", self.get_members)
        r("GET", "/guilds/{guild_id}/threads/active", self.get_active_threads)

    # -- helpers -------------------------------------------------------------------------------------------------

    async def no_content(self, call: Call) -> None:
        return None

    def _channel(self, call: Call, *, need: int = 0) -> Channel:
        chan = self.world.get_channel(call.id("channel_id"))
        if chan is None:
            raise unknown("Channel", UNKNOWN_CHANNEL)
        if chan.guild is not None:
            perms = chan.guild.me.permissions_in(chan)
            if not perms & Perm.VIEW_CHANNEL:
                raise ApiError(403, MISSING_ACCESS, "Missing Access")
            if need and (perms & need) != need:
                raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        return chan

    def _bot_perms(self, chan: Channel) -> int:
        if chan.guild is None:
            return Perm.ALL
        return chan.guild.me.permissions_in(chan)

    def _channel_message(self, chan: Channel, call: Call) -> Message:
        msg = self.world.get_message(call.id("message_id"))
        if msg is None or msg.deleted or msg.channel is not chan or msg.ephemeral_for is not None:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return msg

    def _check_app(self, call: Call) -> None:
        if call.params.get("application_id") != str(self.world.application_id):
            raise (
                ApiError(403, 50001, "Missing Access")
                if "token" not in call.params
                else unknown("Webhook", UNKNOWN_WEBHOOK)
            )

    def _validate_message(self, call: Call, body: dict[str, Any], prefix: tuple[str, ...] = ()) -> None:
        errors = limits.validate_message(body, prefix)
        if isinstance(body, dict):
            known = set(self.world.application_emojis)
            errors += component_emoji_errors(body.get("components"), known, prefix)
        for upload in call.files:
            if upload.size > limits.FILE_SIZE_MAX:
                self.emu._violation(
                    "invalid_form_body", f"{upload.filename} is {upload.size} bytes", call.record
                )
                raise ApiError(413, 40005, "Request entity too large")
        if errors:
            self.emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))

    def _require_not_empty(self, call: Call, body: dict[str, Any]) -> None:
        if limits.is_empty_message(body, has_files=bool(call.files)):
            self.emu._violation("empty_message", "Cannot send an empty message", call.record)
            raise ApiError(400, EMPTY_MESSAGE, "Cannot send an empty message")

    # -- users, application, gateway -----------------------------------------------------------------------------

    async def get_user(self, call: Call) -> Any:
        user = self.world.get_user(call.id("user_id"))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return self.world.payloads.user(user)

    async def create_dm(self, call: Call) -> Any:
        body = _json_body(call.body)
        user = self.world.get_user(int(body.get("recipient_id") or 0))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return self.world.payloads.channel(self.world.dm_channel(user))

    async def get_application(self, call: Call) -> Any:
        return self.emu.application_payload()

    async def get_gateway(self, call: Call) -> Any:
        return {"url": self.emu.gateway_url}

    async def get_gateway_bot(self, call: Call) -> Any:
        return {
            "url": self.emu.gateway_url,
            "shards": self.emu.shard_count,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    # -- application commands ------------------------------------------------------------------------------------

    def _cmd_guild(self, call: Call) -> int | None:
        self._check_app(call)
        if "guild_id" not in call.params:
            return None
        gid = call.id("guild_id")
        if gid not in self.world.guilds:
            raise unknown("Guild", UNKNOWN_GUILD)
        return gid

    def _command_payload(self, cmd: ApplicationCommand) -> dict[str, Any]:
        data = dict(cmd.payload)
        data.update(
            {
                "id": str(cmd.id),
                "application_id": str(cmd.application_id),
                "version": str(cmd.version),
                "type": cmd.type,
            }
        )
        data.setdefault("description", "")
        data.setdefault("options", [])
        data.setdefault("default_member_permissions", None)
        data.setdefault("nsfw", False)
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        return data

    def _upsert(self, payload: dict[str, Any], guild_id: int | None) -> tuple[ApplicationCommand, bool]:
        ctype = int(payload.get("type", 1))
        for cmd in self.world.commands.values():
            if cmd.guild_id == guild_id and cmd.name == payload["name"] and cmd.type == ctype:
                if cmd.payload != payload:
                    cmd.payload = payload
                    cmd.version = self.world.snowflakes.next()
                return cmd, False
        cmd = ApplicationCommand(
            id=self.world.snowflakes.next(),
            application_id=self.world.application_id,
            guild_id=guild_id,
            payload=payload,
            version=self.world.snowflakes.next(),
        )
        self.world.commands[cmd.id] = cmd
        return cmd, True

    async def put_commands(self, call: Call) -> Any:
        guild_id = self._cmd_guild(call)
        if not isinstance(call.body, list):
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body")
        errors = command_limits.validate_commands(call.body)
        for index, payload in enumerate(call.body):
            if isinstance(payload, dict):
                errors += entry_point_errors(payload, (index,))
        errors += entry_point_scope_errors(call.body, guild_id)
        if errors:
            self.emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))
        if guild_id is None:
            require_entry_point_kept(self.world.global_commands(), call.body)
        kept = [self._upsert(p, guild_id)[0] for p in call.body]
        kept_ids = {c.id for c in kept}
        for cmd in list(self.world.commands.values()):
            if cmd.guild_id == guild_id and cmd.id not in kept_ids:
                del self.world.commands[cmd.id]
        return [self._command_payload(c) for c in kept]

    async def get_commands(self, call: Call) -> Any:
        guild_id = self._cmd_guild(call)
        cmds = self.world.guild_commands(guild_id) if guild_id is not None else self.world.global_commands()
        return [self._command_payload(c) for c in cmds]

    async def post_command(self, call: Call) -> Any:
        guild_id = self._cmd_guild(call)
        body = _json_body(call.body)
        errors = command_limits.validate_command(body)
        if isinstance(body, dict):
            errors += entry_point_errors(body, ())
        errors += entry_point_scope_errors([body], guild_id, existing=self.world.global_commands())
        if errors:
            self.emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))
        cmd, created = self._upsert(body, guild_id)
        return (201 if created else 200), self._command_payload(cmd)

    def _command(self, call: Call) -> ApplicationCommand:
        guild_id = self._cmd_guild(call)
        cmd = self.world.commands.get(call.id("command_id"))
        if cmd is None or cmd.guild_id != guild_id:
            raise unknown("application command", UNKNOWN_APPLICATION_COMMAND)
        return cmd

    async def get_command(self, call: Call) -> Any:
        return self._command_payload(self._command(call))

    async def patch_command(self, call: Call) -> Any:
        cmd = self._command(call)
        payload = {**cmd.payload, **_json_body(call.body)}
        errors = command_limits.validate_command(payload)
        if errors:
            self.emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))
        cmd.payload = payload
        cmd.version = self.world.snowflakes.next()
        return self._command_payload(cmd)

    async def delete_command(self, call: Call) -> Any:
        cmd = self._command(call)
        del self.world.commands[cmd.id]
        return None

    async def get_command_permissions(self, call: Call) -> Any:
        self._cmd_guild(call)
        return []

    # -- interactions --------------------------------------------------------------------------------------------

    async def interaction_callback(self, call: Call) -> Any:
        emu = self.emu
        it = self.world.interactions.get(call.id("interaction_id"))
        if it is None or it.token != call.params["token"]:
            emu._violation("unknown_interaction", "callback for an unknown interaction", call.record)
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        elapsed = emu._monotonic() - it.dispatched_at
        body = _json_body(call.body)
        ctype = int(body.get("type") or 0)
        data = body.get("data") or {}
        callback = Callback(type=ctype, data=data, status=0, elapsed=elapsed)
        it.callbacks.append(callback)
        try:
            result = self._apply_callback(call, it, callback, ctype, data, elapsed)
        except ApiError as exc:
            callback.status = exc.status
            callback.error = exc.body
            raise
        callback.status = 200
        it.response = callback
        return result

    def note_refused_callback(self, record: RequestRecord, params: dict[str, str], error: ApiError) -> None:
        """A callback refused before its route ran (its body breaks Discord's API): kept on its interaction, as
        a callback Discord answered with ``error``, like the ones :meth:`interaction_callback` refuses."""
        if not record.route or not record.route.endswith("/callback"):
            return
        try:
            it = self.world.interactions.get(int(params.get("interaction_id", "")))
        except ValueError:
            return
        if it is None or it.token != params.get("token"):
            return
        body = record.json if isinstance(record.json, dict) else {}
        kind, data = body.get("type"), body.get("data")
        callback = Callback(
            type=kind if isinstance(kind, int) else 0,
            data=data if isinstance(data, dict) else {},
            status=error.status,
            elapsed=self.emu._monotonic() - it.dispatched_at,
        )
        callback.error = error.body
        it.callbacks.append(callback)

    def _apply_callback(
        self,
        call: Call,
        it: Interaction,
        callback: Callback,
        ctype: int,
        data: dict[str, Any],
        elapsed: float,
    ) -> Any:
        emu = self.emu
        if it.response is not None:
            emu._violation(
                "double_ack",
                f"interaction {it.id} ({it.command_name or it.type}) acknowledged twice "
                f"(first type {it.response.type}, then type {ctype})",
                call.record,
            )
            raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        if elapsed > emu.rules.ack_deadline:
            emu._violation(
                "late_ack",
                f"interaction {it.id} ({it.command_name or it.type}) acknowledged after {elapsed:.2f}s "
                f"(limit {emu.rules.ack_deadline:.2f}s)",
                call.record,
            )
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}.get(it.type, set())
        if it.type == 5 and it.message is None:
            allowed = {4, 5}
        if it.type in (2, 3, 5) and emu.activities.enabled:
            allowed = allowed | {12}  # LAUNCH_ACTIVITY, for an app with Activities enabled
        if ctype not in allowed:
            emu._violation(
                "invalid_callback",
                f"callback type {ctype} is not valid for interaction type {it.type}",
                call.record,
            )
            err = limits.FormError(
                ("type",), "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid interaction response type"
            )
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error([err]))
        if ctype in (4, 7):
            self._validate_message(call, data, ("data",))
            if ctype == 4:
                self._require_not_empty(call, data)
        elif ctype == 9:
            errors = limits.validate_modal(data)
            if errors:
                emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
                raise ApiError(
                    400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors)
                )
        elif ctype == 8:
            errors = limits.validate_choices(data)
            if errors:
                emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
                raise ApiError(
                    400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors)
                )

        resource: dict[str, Any] | None = None
        message: Message | None = None
        if ctype == 4:
            flags = int(data.get("flags") or 0)
            message = emu._create_message(
                it.channel,
                self.world.bot_user,
                data,
                call.files,
                ephemeral_for=it.user.id if flags & MessageFlag.EPHEMERAL else None,
                interaction=it,
                allowed_flags=MessageFlag.EPHEMERAL
                | MessageFlag.SUPPRESS_EMBEDS
                | MessageFlag.IS_COMPONENTS_V2
                | MessageFlag.SUPPRESS_NOTIFICATIONS,
                before_dispatch=lambda m: setattr(it, "original", m),
            )
        elif ctype == 5:
            flags = int(data.get("flags") or 0) & MessageFlag.EPHEMERAL
            message = emu._create_message(
                it.channel,
                self.world.bot_user,
                {"content": "", "flags": flags | MessageFlag.LOADING},
                [],
                ephemeral_for=it.user.id if flags & MessageFlag.EPHEMERAL else None,
                interaction=it,
                allowed_flags=MessageFlag.EPHEMERAL | MessageFlag.LOADING,
                before_dispatch=lambda m: setattr(it, "original", m),
            )
        elif ctype in (6, 7):
            target = it.message
            assert target is not None
            it.original = target
            if ctype == 7:
                if target.deleted:
                    raise unknown("Message", UNKNOWN_MESSAGE)
                message = emu._edit_message(target, data, call.files)
        elif ctype == 9:
            emu._modals.append((it, data))
        elif ctype == 12:
            launched = emu.activities.launch(it.user, it.channel)
            resource = {"type": ctype, "activity_instance": {"id": launched.instance_id}}
        callback.message = message
        if message is not None:
            resource = {"type": ctype, "message": self._message_out(message)}
        elif ctype in (6,):
            resource = {"type": ctype}
        if call.query.get("with_response", "").lower() not in ("1", "true"):
            return None
        out: dict[str, Any] = {
            "interaction": {
                "id": str(it.id),
                "type": it.type,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
        if ctype == 12 and resource is not None:
            out["interaction"]["activity_instance_id"] = resource["activity_instance"]["id"]
        if resource is not None:
            out["resource"] = resource
        return out

    def _message_out(self, msg: Message) -> dict[str, Any]:
        return self.world.payloads.message(msg)

    def _interaction_by_token(self, call: Call) -> Interaction:
        self._check_app(call)
        it = self.world.interactions_by_token.get(call.params["token"])
        if it is None:
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        if self.emu.clock.now() - it.created_at > self.emu.rules.token_lifetime:
            self.emu._violation(
                "expired_token",
                f"interaction token of {it.command_name or it.type} used "
                f"{self.emu.clock.now() - it.created_at} after the interaction",
                call.record,
            )
            raise ApiError(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return it

    async def followup_create(self, call: Call) -> Any:
        it = self._interaction_by_token(call)
        if it.response is None:
            self.emu._violation(
                "invalid_callback", "follow-up sent before the interaction was acknowledged", call.record
            )
            raise unknown("Webhook", UNKNOWN_WEBHOOK)
        body = _json_body(call.body)
        self._validate_message(call, body)
        self._require_not_empty(call, body)
        original = it.original
        if original is not None and original.loading and it.response.type == 5 and original.interaction is it:
            # The first follow-up after a deferred reply fills in the "thinking..." message.
            body = {k: v for k, v in body.items() if k != "flags"}
            msg = self.emu._edit_message(original, body, call.files, finish_loading=True, mark_edited=False)
        else:
            flags = int(body.get("flags") or 0)
            msg = self.emu._create_message(
                it.channel,
                self.world.bot_user,
                body,
                call.files,
                ephemeral_for=it.user.id if flags & MessageFlag.EPHEMERAL else None,
                interaction=it,
                allowed_flags=MessageFlag.EPHEMERAL
                | MessageFlag.SUPPRESS_EMBEDS
                | MessageFlag.IS_COMPONENTS_V2
                | MessageFlag.SUPPRESS_NOTIFICATIONS,
            )
        it.followups.append(msg)
        self.emu._notify()
        if call.query.get("wait", "").lower() in ("1", "true"):
            return self._message_out(msg)
        return None

    def _webhook_message(self, call: Call, it: Interaction) -> Message:
        mid = call.params.get("message_id")
        if mid is None:  # @original
            msg = it.original
        else:
            wanted = call.id("message_id")
            # By its id, a token reaches only a message sent with it (Discord: "Edits a previously-sent webhook
            # message from the same token"): its response, when that created a message, and its follow-ups. The
            # message a button was on is its original response (`@original`) after an update (type 6 or 7), never
            # by id; another interaction's message is unknown to it.
            sent = [it.original] if it.original is not None and it.original.interaction is it else []
            msg = next((m for m in (*sent, *it.followups) if m.id == wanted), None)
        if msg is None or msg.deleted:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return msg

    async def webhook_message_get(self, call: Call) -> Any:
        it = self._interaction_by_token(call)
        return self._message_out(self._webhook_message(call, it))

    async def webhook_message_edit(self, call: Call) -> Any:
        it = self._interaction_by_token(call)
        msg = self._webhook_message(call, it)
        body = _json_body(call.body)
        self._validate_message(call, body)
        msg = self.emu._edit_message(msg, body, call.files, finish_loading=True)
        return self._message_out(msg)

    async def webhook_message_delete(self, call: Call) -> Any:
        it = self._interaction_by_token(call)
        msg = self._webhook_message(call, it)
        self.emu._delete_message(msg)
        return None

    # -- channels and messages -----------------------------------------------------------------------------------

    async def get_channel(self, call: Call) -> Any:
        return self.world.payloads.channel(self._channel(call))

    async def patch_channel(self, call: Call) -> Any:
        chan = self._channel(call)
        body = _json_body(call.body)
        if chan.is_thread:
            owner = chan.owner_id == self.world.bot_user.id
            if not owner and not self._bot_perms(chan) & Perm.MANAGE_THREADS:
                raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
            for key in (
                "name",
                "archived",
                "locked",
                "auto_archive_duration",
                "invitable",
                "rate_limit_per_user",
            ):
                if key in body and body[key] is not None:
                    setattr(chan, key, body[key])
        else:
            if not self._bot_perms(chan) & Perm.MANAGE_CHANNELS:
                raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
            for key in ("name", "topic", "position", "nsfw", "rate_limit_per_user"):
                if key in body:
                    setattr(chan, key, body[key])
        self.world.emit_channel_update(chan)
        return self.world.payloads.channel(chan)

    async def delete_channel(self, call: Call) -> Any:
        chan = self._channel(call)
        if chan.guild is None:
            return self.world.payloads.channel(chan)  # closing a DM
        if chan.is_thread:
            if chan.owner_id != self.world.bot_user.id and not self._bot_perms(chan) & Perm.MANAGE_THREADS:
                raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        elif not self._bot_perms(chan) & Perm.MANAGE_CHANNELS:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        payload = self.world.payloads.channel(chan)
        chan.deleted = True
        self.emu.gateway.dispatch("THREAD_DELETE" if chan.is_thread else "CHANNEL_DELETE", payload)
        return payload

    async def typing(self, call: Call) -> Any:
        self._channel(call, need=Perm.SEND_MESSAGES)
        return None

    def _send_permission(self, chan: Channel) -> int:
        return Perm.SEND_MESSAGES_IN_THREADS if chan.is_thread else Perm.SEND_MESSAGES

    async def create_message(self, call: Call) -> Any:
        chan = self._channel(call)
        need = self._send_permission(chan) | (Perm.ATTACH_FILES if call.files else 0)
        if chan.guild is not None and (self._bot_perms(chan) & need) != need:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        if chan.is_thread and chan.locked:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        body = _json_body(call.body)
        self._validate_message(call, body)
        self._require_not_empty(call, body)
        ref = body.get("message_reference")
        if ref and ref.get("message_id"):
            target = self.world.get_message(int(ref["message_id"]))
            if target is None or target.deleted or target.ephemeral_for is not None:
                if ref.get("fail_if_not_exists", True):
                    err = limits.FormError(
                        ("message_reference",), "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                    )
                    raise ApiError(
                        400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error([err])
                    )
                body = {k: v for k, v in body.items() if k != "message_reference"}
        if chan.is_thread and chan.archived:
            chan.archived = False
            self.world.emit_channel_update(chan)
        msg = self.emu._create_message(
            chan,
            self.world.bot_user,
            body,
            call.files,
            allowed_flags=MessageFlag.SUPPRESS_EMBEDS
            | MessageFlag.SUPPRESS_NOTIFICATIONS
            | MessageFlag.IS_COMPONENTS_V2,
        )
        return self._message_out(msg)

    async def get_message(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.READ_MESSAGE_HISTORY)
        return self._message_out(self._channel_message(chan, call))

    async def edit_message(self, call: Call) -> Any:
        chan = self._channel(call)
        msg = self._channel_message(chan, call)
        body = _json_body(call.body)
        if msg.author is not self.world.bot_user:
            if set(body) - {"flags"}:
                raise ApiError(403, CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user")
            if not self._bot_perms(chan) & Perm.MANAGE_MESSAGES:
                raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        self._validate_message(call, body)
        msg = self.emu._edit_message(msg, body, call.files)
        return self._message_out(msg)

    async def delete_message(self, call: Call) -> Any:
        chan = self._channel(call)
        msg = self._channel_message(chan, call)
        if msg.author is not self.world.bot_user and not self._bot_perms(chan) & Perm.MANAGE_MESSAGES:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        self.emu._delete_message(msg)
        return None

    async def bulk_delete(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.MANAGE_MESSAGES)
        body = _json_body(call.body)
        ids = [int(i) for i in body.get("messages", [])]
        if not 2 <= len(ids) <= 100:
            err = limits.FormError(
                ("messages",), "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100 in length."
            )
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error([err]))
        msgs = [self.world.get_message(i) for i in ids]
        for msg in msgs:
            if msg is not None and msg.channel is chan and not msg.deleted and msg.ephemeral_for is None:
                msg.deleted = True
        self.emu.gateway.dispatch(
            "MESSAGE_DELETE_BULK",
            {
                "ids": [str(i) for i in ids],
                "channel_id": str(chan.id),
                **({"guild_id": str(chan.guild.id)} if chan.guild else {}),
            },
        )
        return None

    async def get_messages(self, call: Call) -> Any:
        chan = self._channel(call)
        if not self._bot_perms(chan) & Perm.READ_MESSAGE_HISTORY:
            return []
        limit = max(1, min(100, int(call.query.get("limit", 50))))
        msgs = [m for m in chan.all_messages if not m.deleted and m.ephemeral_for is None]
        msgs.sort(key=lambda m: m.id)
        if "around" in call.query:
            around = int(call.query["around"])
            before = [m for m in msgs if m.id < around][-(limit // 2) :] if limit // 2 else []
            after = [m for m in msgs if m.id >= around][: limit - len(before)]
            chosen = before + after
        elif "after" in call.query:
            after_id = int(call.query["after"])
            chosen = [m for m in msgs if m.id > after_id][:limit]
        else:
            if "before" in call.query:
                before_id = int(call.query["before"])
                msgs = [m for m in msgs if m.id < before_id]
            chosen = msgs[-limit:]
        return [self._message_out(m) for m in sorted(chosen, key=lambda m: m.id, reverse=True)]

    async def get_pins(self, call: Call) -> Any:
        chan = self._channel(call)
        pinned = [m for m in chan.messages if m.pinned and m.ephemeral_for is None]
        return {
            "items": [
                {
                    "pinned_at": (m.edited_timestamp or m.timestamp).isoformat(),
                    "message": self._message_out(m),
                }
                for m in reversed(pinned)
            ],
            "has_more": False,
        }

    async def pin(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.MANAGE_MESSAGES)
        msg = self._channel_message(chan, call)
        msg.pinned = True
        self.emu._dispatch_message("MESSAGE_UPDATE", msg)
        return None

    async def unpin(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.MANAGE_MESSAGES)
        msg = self._channel_message(chan, call)
        msg.pinned = False
        self.emu._dispatch_message("MESSAGE_UPDATE", msg)
        return None

    # -- reactions -----------------------------------------------------------------------------------------------

    def _emoji(self, call: Call) -> str:
        return normalize_emoji(call.params["emoji"])

    async def add_reaction(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.READ_MESSAGE_HISTORY)
        msg = self._channel_message(chan, call)
        emoji = self._emoji(call)
        users = msg.reactions.setdefault(emoji, [])
        if not users and not self._bot_perms(chan) & Perm.ADD_REACTIONS:
            del msg.reactions[emoji]
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        if self.world.bot_user.id not in users:
            users.append(self.world.bot_user.id)
            self.emu._dispatch_reaction("MESSAGE_REACTION_ADD", msg, self.world.bot_user, emoji)
        return None

    async def remove_own_reaction(self, call: Call) -> Any:
        chan = self._channel(call)
        msg = self._channel_message(chan, call)
        self.emu._remove_reaction(msg, self.world.bot_user.id, self._emoji(call))
        return None

    async def remove_user_reaction(self, call: Call) -> Any:
        chan = self._channel(call)
        msg = self._channel_message(chan, call)
        user_id = call.id("user_id")
        if user_id != self.world.bot_user.id and not self._bot_perms(chan) & Perm.MANAGE_MESSAGES:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        self.emu._remove_reaction(msg, user_id, self._emoji(call))
        return None

    async def get_reactions(self, call: Call) -> Any:
        chan = self._channel(call)
        msg = self._channel_message(chan, call)
        users = msg.reactions.get(self._emoji(call), [])
        after = int(call.query.get("after", 0))
        limit = int(call.query.get("limit", 25))
        ids = sorted(u for u in users if u > after)[:limit]
        return [self.world.payloads.user(self.world.users[u]) for u in ids if u in self.world.users]

    async def clear_emoji(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.MANAGE_MESSAGES)
        msg = self._channel_message(chan, call)
        emoji = self._emoji(call)
        if msg.reactions.pop(emoji, None) is not None:
            self.emu.gateway.dispatch(
                "MESSAGE_REACTION_REMOVE_EMOJI",
                {**self.emu._reaction_base(msg), "emoji": self.emu._emoji_payload(emoji)},
            )
        return None

    async def clear_reactions(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.MANAGE_MESSAGES)
        msg = self._channel_message(chan, call)
        msg.reactions.clear()
        self.emu.gateway.dispatch("MESSAGE_REACTION_REMOVE_ALL", self.emu._reaction_base(msg))
        return None

    # -- threads -------------------------------------------------------------------------------------------------

    async def thread_from_message(self, call: Call) -> Any:
        chan = self._channel(call, need=Perm.CREATE_PUBLIC_THREADS)
        msg = self._channel_message(chan, call)
        if chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if msg.id in self.world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body = _json_body(call.body)
        thread = self.world.create_thread(
            chan,
            str(body.get("name") or "thread"),
            owner=self.world.bot_user,
            thread_id=msg.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        return (201, self.world.payloads.channel(thread))

    async def thread_without_message(self, call: Call) -> Any:
        chan = self._channel(call)
        body = _json_body(call.body)
        private = int(body.get("type") or ChannelType.PRIVATE_THREAD) == ChannelType.PRIVATE_THREAD
        need = Perm.CREATE_PRIVATE_THREADS if private else Perm.CREATE_PUBLIC_THREADS
        if not self._bot_perms(chan) & need:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        name = body.get("name")
        if not name and isinstance(body.get("message"), dict):
            name = "thread"
        errors: list[limits.FormError] = []
        limits._bad_len(errors, ("name",), name or "", 1, 100)
        if errors:
            self.emu._violation("invalid_form_body", "; ".join(str(e) for e in errors), call.record)
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", body=limits.form_body_error(errors))
        thread = self.world.create_thread(
            chan,
            str(name),
            owner=self.world.bot_user,
            private=private,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        thread.invitable = bool(body.get("invitable", True))
        return (201, self.world.payloads.channel(thread))

    def _thread(self, call: Call) -> Channel:
        chan = self._channel(call)
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return chan

    async def join_thread(self, call: Call) -> Any:
        thread = self._thread(call)
        if self.world.bot_user.id not in thread.thread_member_ids:
            thread.thread_member_ids.append(self.world.bot_user.id)
        return None

    async def leave_thread(self, call: Call) -> Any:
        thread = self._thread(call)
        if self.world.bot_user.id in thread.thread_member_ids:
            thread.thread_member_ids.remove(self.world.bot_user.id)
        return None

    async def add_thread_member(self, call: Call) -> Any:
        thread = self._thread(call)
        uid = call.id("user_id")
        if thread.guild is None or uid not in thread.guild.members:
            raise unknown("Member", UNKNOWN_MEMBER)
        if uid not in thread.thread_member_ids:
            thread.thread_member_ids.append(uid)
        return None

    async def remove_thread_member(self, call: Call) -> Any:
        thread = self._thread(call)
        uid = call.id("user_id")
        if uid in thread.thread_member_ids:
            thread.thread_member_ids.remove(uid)
        return None

    # -- guilds --------------------------------------------------------------------------------------------------

    def _guild(self, call: Call) -> Any:
        guild = self.world.guilds.get(call.id("guild_id"))
        if guild is None:
            raise unknown("Guild", UNKNOWN_GUILD)
        return guild

    async def get_guild(self, call: Call) -> Any:
        return self.world.payloads.guild_rest(self._guild(call))

    async def get_guild_channels(self, call: Call) -> Any:
        guild = self._guild(call)
        return [self.world.payloads.channel(c) for c in guild.channels.values() if not c.deleted]

    async def get_guild_roles(self, call: Call) -> Any:
        guild = self._guild(call)
        return [self.world.payloads.role(r) for r in guild.roles.values()]

    async def get_member(self, call: Call) -> Any:
        guild = self._guild(call)
        member = guild.get_member(call.id("user_id"))
        if member is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        return self.world.payloads.member(member)

    async def get_members(self, call: Call) -> Any:
        guild = self._guild(call)
        limit = int(call.query.get("limit", 1))
        after = int(call.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)[:limit]
        return [self.world.payloads.member(m) for m in members]

    async def get_active_threads(self, call: Call) -> Any:
        guild = self._guild(call)
        threads = [t for t in guild.threads if not t.archived]
        return {"threads": [self.world.payloads.channel(t) for t in threads], "members": []}

"""Discord's size limits on messages, components, modals and autocomplete choices.

Validators return a list of :class:`FormError`; :func:`form_body_error` turns them into Discord's
``50035 Invalid Form Body`` error shape (``{"code": 50035, "message": ..., "errors": {path: {"_errors": [...]}}}``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
V2_COMPONENTS_MAX = 40
TEXT_DISPLAY_TOTAL_MAX = 4000
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_VALUE_MAX = 4000
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
FILE_SIZE_MAX = 10 * 1024 * 1024

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class FormError:
    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.code} ({self.message})"


def form_body_error(errors: list[FormError]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for err in errors:
        node = tree
        for part in err.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": err.code, "message": err.message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": tree}


def _max_len(errors: list[FormError], path: Path, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors.append(FormError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."))


def _bad_len(errors: list[FormError], path: Path, value: Any, low: int, high: int) -> None:
    if isinstance(value, str | list) and not low <= len(value) <= high:
        errors.append(FormError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."))


def _required(errors: list[FormError], path: Path, value: Any) -> None:
    if value is None or value == "":
        errors.append(FormError(path, "BASE_TYPE_REQUIRED", "This field is required"))


def validate_embeds(embeds: Any, prefix: Path = ()) -> list[FormError]:
    errors: list[FormError] = []
    if not isinstance(embeds, list):
        return errors
    if len(embeds) > EMBEDS_MAX:
        errors.append(
            FormError(
                (*prefix, "embeds"), "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length."
            )
        )
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        path = (*prefix, "embeds", i)
        _max_len(errors, (*path, "title"), embed.get("title"), EMBED_TITLE_MAX)
        _max_len(errors, (*path, "description"), embed.get("description"), EMBED_DESCRIPTION_MAX)
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        footer = embed.get("footer") or {}
        _max_len(errors, (*path, "footer", "text"), footer.get("text"), EMBED_FOOTER_MAX)
        total += len(footer.get("text") or "")
        author = embed.get("author") or {}
        _max_len(errors, (*path, "author", "name"), author.get("name"), EMBED_AUTHOR_MAX)
        total += len(author.get("name") or "")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.append(
                FormError(
                    (*path, "fields"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {EMBED_FIELDS_MAX} or fewer in length.",
                )
            )
        for j, fld in enumerate(fields):
            fpath = (*path, "fields", j)
            _required(errors, (*fpath, "name"), fld.get("name"))
            _required(errors, (*fpath, "value"), fld.get("value"))
            _max_len(errors, (*fpath, "name"), fld.get("name"), EMBED_FIELD_NAME_MAX)
            _max_len(errors, (*fpath, "value"), fld.get("value"), EMBED_FIELD_VALUE_MAX)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
    if total > EMBED_TOTAL_MAX:
        errors.append(
            FormError(
                (*prefix, "embeds"),
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}",
            )
        )
    return errors


def _validate_button(errors: list[FormError], path: Path, comp: dict[str, Any]) -> None:
    style = comp.get("style")
    if style == 5:
        _required(errors, (*path, "url"), comp.get("url"))
        if "custom_id" in comp:
            errors.append(
                FormError(
                    (*path, "custom_id"), "BUTTON_LINK_CUSTOM_ID", "Link buttons cannot have a custom_id"
                )
            )
    elif style == 6:
        _required(errors, (*path, "sku_id"), comp.get("sku_id"))
    else:
        _required(errors, (*path, "custom_id"), comp.get("custom_id"))
    if not comp.get("label") and not comp.get("emoji") and style != 6:
        errors.append(
            FormError((*path, "label"), "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A label or emoji is required")
        )
    _max_len(errors, (*path, "label"), comp.get("label"), BUTTON_LABEL_MAX)


def _plain_button(comp: dict[str, Any]) -> bool:
    """A button :func:`_validate_button` has nothing to say about (the common case, checked quickly)."""
    style = comp.get("style")
    if style == 5 or style == 6:
        return False
    label = comp.get("label")
    if comp.get("custom_id") in (None, "") or not (label or comp.get("emoji")):
        return False
    return not (isinstance(label, str) and len(label) > BUTTON_LABEL_MAX)


def _validate_select(errors: list[FormError], path: Path, comp: dict[str, Any]) -> None:
    _required(errors, (*path, "custom_id"), comp.get("custom_id"))
    _max_len(errors, (*path, "placeholder"), comp.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    min_values = int(comp.get("min_values", 1))
    max_values = int(comp.get("max_values", 1))
    if not 0 <= min_values <= 25:
        errors.append(
            FormError((*path, "min_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0.")
        )
    if not 1 <= max_values <= 25:
        errors.append(
            FormError((*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1.")
        )
    if comp.get("type") == 3:
        options = comp.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            errors.append(
                FormError(
                    (*path, "options"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {SELECT_OPTIONS_MAX} in length.",
                )
            )
        if max_values > len(options) and options:
            errors.append(
                FormError(
                    (*path, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
                    "max_values must be less than or equal to the number of options",
                )
            )
        if min_values > max_values:
            errors.append(
                FormError(
                    (*path, "min_values"), "SELECT_COMPONENT_MIN_GT_MAX", "min_values must be <= max_values"
                )
            )
        seen: set[str] = set()
        for k, opt in enumerate(options):
            opath = (*path, "options", k)
            _required(errors, (*opath, "label"), opt.get("label"))
            _required(errors, (*opath, "value"), opt.get("value"))
            _max_len(errors, (*opath, "label"), opt.get("label"), SELECT_OPTION_TEXT_MAX)
            _max_len(errors, (*opath, "value"), opt.get("value"), SELECT_OPTION_TEXT_MAX)
            _max_len(errors, (*opath, "description"), opt.get("description"), SELECT_OPTION_TEXT_MAX)
            value = opt.get("value")
            if isinstance(value, str):
                if value in seen:
                    errors.append(
                        FormError(
                            (*opath, "value"),
                            "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                            "Option values must be unique",
                        )
                    )
                seen.add(value)


def validate_components(components: Any, prefix: Path = (), *, v2: bool = False) -> list[FormError]:
    errors: list[FormError] = []
    if not isinstance(components, list):
        return errors
    root = (*prefix, "components")
    if not v2 and len(components) > ACTION_ROWS_MAX:
        errors.append(
            FormError(root, "BASE_TYPE_MAX_LENGTH", f"Must be {ACTION_ROWS_MAX} or fewer in length.")
        )
    custom_ids: set[str] = set()
    count = 0
    text_total = 0

    def walk(items: list[Any], path: Path, parent_type: int | None) -> None:
        # Paths are only built for an error or a level below: most components (buttons) have neither.
        nonlocal count, text_total
        for i, comp in enumerate(items):
            if not isinstance(comp, dict):
                continue
            count += 1
            get = comp.get
            ctype = get("type")
            custom_id = get("custom_id")
            if isinstance(custom_id, str):
                if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
                    _bad_len(errors, (*path, i, "custom_id"), custom_id, 1, CUSTOM_ID_MAX)
                if custom_id in custom_ids:
                    errors.append(
                        FormError(
                            (*path, i, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                custom_ids.add(custom_id)
            if ctype == 1:
                cpath = (*path, i)
                children = get("components") or []
                if not children:
                    errors.append(
                        FormError(
                            (*cpath, "components"),
                            "BASE_TYPE_BAD_LENGTH",
                            "Must be between 1 and 5 in length.",
                        )
                    )
                buttons = others = 0
                for child in children:
                    if isinstance(child, dict):
                        if child.get("type") == 2:
                            buttons += 1
                        else:
                            others += 1
                if len(children) > BUTTONS_PER_ROW_MAX:
                    errors.append(
                        FormError(
                            (*cpath, "components"),
                            "BASE_TYPE_MAX_LENGTH",
                            f"Must be {BUTTONS_PER_ROW_MAX} or fewer in length.",
                        )
                    )
                if others and (buttons or others > 1):
                    errors.append(
                        FormError(
                            (*cpath, "components"),
                            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                            "The specified component exceeds the maximum width",
                        )
                    )
                walk(children, (*cpath, "components"), 1)
            elif ctype == 2:
                if parent_type not in (1, 9):
                    errors.append(
                        FormError(
                            (*path, i),
                            "COMPONENT_TYPE_INVALID",
                            "Buttons must be inside an action row or section",
                        )
                    )
                if not _plain_button(comp):
                    _validate_button(errors, (*path, i), comp)
            elif ctype in (3, 5, 6, 7, 8):
                if parent_type not in (1, 18):
                    errors.append(
                        FormError(
                            (*path, i), "COMPONENT_TYPE_INVALID", "Selects must be inside an action row"
                        )
                    )
                _validate_select(errors, (*path, i), comp)
            elif ctype == 10 and (v2 or parent_type is not None):
                text_total += len(get("content") or "")
            elif not v2 and parent_type is None:
                errors.append(
                    FormError(
                        (*path, i),
                        "COMPONENT_TYPE_INVALID",
                        f"Component type {ctype} requires the IS_COMPONENTS_V2 message flag",
                    )
                )
            if ctype != 1:
                nested = get("components")
                if isinstance(nested, list):
                    walk(nested, (*path, i, "components"), ctype)
            accessory = get("accessory")
            if isinstance(accessory, dict):
                walk([accessory], (*path, i, "accessory"), ctype)
            inner = get("component")
            if isinstance(inner, dict):
                walk([inner], (*path, i, "component"), ctype)

    walk(components, root, None)
    if v2:
        if count > V2_COMPONENTS_MAX:
            errors.append(
                FormError(root, "BASE_TYPE_MAX_LENGTH", f"Must be {V2_COMPONENTS_MAX} or fewer in length.")
            )
        if text_total > TEXT_DISPLAY_TOTAL_MAX:
            errors.append(
                FormError(
                    root,
                    "BASE_TYPE_MAX_LENGTH",
                    f"Text displays must total {TEXT_DISPLAY_TOTAL_MAX} or fewer.",
                )
            )
    return errors


def validate_message(
    body: Any, prefix: Path = (), *, creating: bool = True, has_files: bool = False
) -> list[FormError]:
    """Content, embeds and components of a message create/edit body (or an interaction callback's ``data``)."""
    errors: list[FormError] = []
    if not isinstance(body, dict):
        return [FormError(prefix, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        errors.append(FormError((*prefix, "content"), "BASE_TYPE_STRING", "Must be a string."))
    _max_len(errors, (*prefix, "content"), content, CONTENT_MAX)
    errors += validate_embeds(body.get("embeds"), prefix)
    flags = int(body.get("flags") or 0)
    v2 = bool(flags & (1 << 15))
    if v2 and (content or body.get("embeds")):
        errors.append(
            FormError(
                (*prefix, "content") if content else (*prefix, "embeds"),
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        )
    errors += validate_components(body.get("components"), prefix, v2=v2)
    return errors


def is_empty_message(body: dict[str, Any], *, has_files: bool) -> bool:
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or has_files
        or body.get("attachments")
    )


def validate_modal(data: Any, prefix: Path = ("data",)) -> list[FormError]:
    errors: list[FormError] = []
    if not isinstance(data, dict):
        return [FormError(prefix, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    _required(errors, (*prefix, "title"), data.get("title"))
    _max_len(errors, (*prefix, "title"), data.get("title"), MODAL_TITLE_MAX)
    _required(errors, (*prefix, "custom_id"), data.get("custom_id"))
    _bad_len(errors, (*prefix, "custom_id"), data.get("custom_id"), 1, CUSTOM_ID_MAX)
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        errors.append(
            FormError(
                (*prefix, "components"),
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MODAL_COMPONENTS_MAX} in length.",
            )
        )
    seen: set[str] = set()
    for i, top in enumerate(components):
        path: Path = (*prefix, "components", i)
        inner: list[tuple[Path, dict[str, Any]]] = []
        if top.get("type") == 1:
            inner = [((*path, "components", j), c) for j, c in enumerate(top.get("components") or [])]
        elif top.get("type") == 18:
            _max_len(errors, (*path, "label"), top.get("label"), TEXT_INPUT_LABEL_MAX)
            if isinstance(top.get("component"), dict):
                inner = [((*path, "component"), top["component"])]
        else:
            inner = [(path, top)]
        for cpath, comp in inner:
            custom_id = comp.get("custom_id")
            if isinstance(custom_id, str):
                _bad_len(errors, (*cpath, "custom_id"), custom_id, 1, CUSTOM_ID_MAX)
                if custom_id in seen:
                    errors.append(
                        FormError(
                            (*cpath, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(custom_id)
            if comp.get("type") == 4:
                _max_len(errors, (*cpath, "label"), comp.get("label"), TEXT_INPUT_LABEL_MAX)
                _max_len(errors, (*cpath, "placeholder"), comp.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX)
                _max_len(errors, (*cpath, "value"), comp.get("value"), TEXT_INPUT_VALUE_MAX)
                for key in ("min_length", "max_length"):
                    value = comp.get(key)
                    if value is not None and not 0 <= int(value) <= TEXT_INPUT_VALUE_MAX:
                        errors.append(
                            FormError(
                                (*cpath, key),
                                "NUMBER_TYPE_MAX",
                                f"int value should be <= {TEXT_INPUT_VALUE_MAX} and >= 0.",
                            )
                        )
            elif comp.get("type") in (3, 5, 6, 7, 8):
                _validate_select(errors, cpath, comp)
    return errors


def validate_choices(data: Any, prefix: Path = ("data",)) -> list[FormError]:
    errors: list[FormError] = []
    choices = (data or {}).get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list):
        return [FormError((*prefix, "choices"), "BASE_TYPE_REQUIRED", "This field is required")]
    if len(choices) > CHOICES_MAX:
        errors.append(
            FormError(
                (*prefix, "choices"), "BASE_TYPE_MAX_LENGTH", f"Must be {CHOICES_MAX} or fewer in length."
            )
        )
    for i, choice in enumerate(choices):
        path = (*prefix, "choices", i)
        _bad_len(errors, (*path, "name"), choice.get("name"), 1, CHOICE_NAME_MAX)
        if isinstance(choice.get("value"), str):
            _max_len(errors, (*path, "value"), choice.get("value"), CHOICE_VALUE_MAX)
    return errors

"""JSON Schema, compiled to Python closures, for the subset Discord's OpenAPI document uses.

The document (bot/emulator/spec/openapi.json) describes each request body with JSON Schema 2020-12 keywords:
``type`` (one or a list), ``enum``/``const``, ``properties``/``required``/``additionalProperties``, ``items``,
``minLength``/``maxLength``/``pattern``, ``minItems``/``maxItems``/``uniqueItems``, ``minimum``/``maximum``,
``minProperties``/``maxProperties``, ``allOf``/``anyOf``/``oneOf`` and ``$ref`` to ``#/components/schemas/...``.
Each schema is compiled once into a closure that appends Discord's error shape (:class:`FormError`, the paths of
``50035 Invalid Form Body``) for what it refuses.

Why not a general validator: ``jsonschema`` took about 45 ms and ``fastjsonschema`` about 8 ms to check one board
message (an embed, four rows of buttons and a menu), because a component must be tried against every kind of
component (``oneOf``). Here a ``oneOf``/``anyOf`` whose branches each fix ``type`` (components, command options,
interaction callbacks) goes straight to its branch, and the same message takes well under a millisecond.
``tests/emulator/test_openapi.py`` checks that this reading agrees with ``jsonschema``'s on the same document.

Two choices the document leaves open:
- An object is closed: a field its schema does not name is reported apart (``Errors.unknown``), since Discord
  drops such a field silently and the bot then does not get what it meant (a misspelled ``embed``). The schema
  may allow a few by name (``tolerated``: fields Discord accepts although the document does not list them).
- ``format`` is checked for ``uri`` (a scheme) and ``date-time`` (ISO 8601) only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.emulator.limits import FormError

# A path as it is built while checking: (parent, key) pairs, flattened only for an error.
Where = tuple[Any, str | int] | tuple[()]
Check = Callable[[Any, Where, "Errors"], None]


def flatten(where: Where) -> tuple[str | int, ...]:
    parts: list[str | int] = []
    node: Any = where
    while node:
        node, key = node
        parts.append(key)
    return tuple(reversed(parts))


@dataclass
class Errors:
    """What a check found: errors Discord answers with 50035, and fields Discord would drop (``unknown``)."""

    errors: list[FormError] = field(default_factory=list)
    unknown: list[tuple[str | int, ...]] = field(default_factory=list)

    def add(self, where: Where, code: str, message: str) -> None:
        self.errors.append(FormError(flatten(where), code, message))

    def __bool__(self) -> bool:
        return bool(self.errors or self.unknown)


_JSON_TYPE: dict[type, str] = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    type(None): "null",
    dict: "object",
    list: "array",
}


def json_type(value: Any) -> str:
    return _JSON_TYPE.get(type(value), "unknown")


_TYPE_ERRORS = {
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
    "array": ("LIST_TYPE_CONVERT", "Only iterables may be used in a ListType"),
    "string": ("STRING_TYPE_CONVERT", "Could not interpret {value!r} as string."),
    "integer": ("NUMBER_TYPE_COERCE", "Value {value!r} is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value {value!r} is not a number."),
    "boolean": ("BOOLEAN_TYPE_CONVERT", "Value {value!r} is not boolean."),
    "null": ("BASE_TYPE_REQUIRED", "This field is required"),
}


def _type_error(errors: Errors, where: Where, expected: str, value: Any) -> None:
    code, message = _TYPE_ERRORS.get(expected, ("BASE_TYPE_CONVERT", "Invalid value."))
    errors.add(where, code, message.format(value=str(value)[:60]))


def _uri(value: str) -> bool:
    return re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$", value) is not None


def _date_time(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


FORMATS: dict[str, tuple[Callable[[str], bool], str]] = {
    "uri": (_uri, "Not a well formed URL."),
    "date-time": (_date_time, "Could not parse {value!r}. Should be ISO8601."),
}


class Compiler:
    """Compiles the schemas of one document (``components/schemas``), each named schema once."""

    def __init__(
        self,
        schemas: Mapping[str, Any],
        *,
        tolerated: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        self.schemas = schemas
        self.tolerated = {name: frozenset(fields) for name, fields in (tolerated or {}).items()}
        self._named: dict[str, Check] = {}

    # -- references ------------------------------------------------------------------------------------------------

    @staticmethod
    def ref_name(ref: str) -> str:
        prefix = "#/components/schemas/"
        if not ref.startswith(prefix):
            raise ValueError(f"unsupported $ref {ref!r}")
        return ref[len(prefix) :]

    def resolve(self, schema: Any) -> Any:
        while isinstance(schema, dict) and "$ref" in schema:
            schema = self.schemas[self.ref_name(schema["$ref"])]
        return schema

    def named(self, name: str) -> Check:
        """The check of ``components/schemas/<name>`` (compiled on first use; references may be recursive)."""
        check = self._named.get(name)
        if check is not None:
            return check
        cell: list[Check] = []

        def forward(value: Any, where: Where, errors: Errors) -> None:
            cell[0](value, where, errors)

        self._named[name] = forward
        compiled = self.compile(self.schemas[name], name=name)
        cell.append(compiled)
        self._named[name] = compiled
        return compiled

    # -- compiling -------------------------------------------------------------------------------------------------

    def compile(self, schema: Any, *, name: str | None = None) -> Check:
        if schema is True or schema == {}:
            return _accept
        if schema is False:
            return _refuse
        if not isinstance(schema, dict):
            raise ValueError(f"unsupported schema {schema!r}")
        if "$ref" in schema:
            return self.named(self.ref_name(schema["$ref"]))
        if schema.get("format") == "snowflake":
            return _snowflake
        checks: list[Check] = []
        types = schema.get("type")
        allowed: frozenset[str] | None = None
        if types is not None:
            allowed = frozenset([types] if isinstance(types, str) else types)
            if "number" in allowed:
                allowed |= {"integer"}
        if "enum" in schema or "const" in schema:
            checks.append(_enum(schema["enum"] if "enum" in schema else [schema["const"]]))
        kinds = allowed or {"string", "integer", "number", "array", "object"}
        if "string" in kinds:
            string_check = self._string(schema)
            if string_check is not None:
                checks.append(string_check)
        if kinds & {"integer", "number"}:
            number_check = _number(schema)
            if number_check is not None:
                checks.append(number_check)
        if "array" in kinds:
            array_check = self._array(schema)
            if array_check is not None:
                checks.append(array_check)
        if "object" in kinds and (allowed is not None or "properties" in schema):
            object_check = self._object(schema, name)
            if object_check is not None:
                checks.append(object_check)
        for sub in schema.get("allOf", ()):
            checks.append(self.compile(sub))
        for keyword in ("anyOf", "oneOf"):
            if keyword in schema:
                checks.append(self._union(schema[keyword]))
        return _typed(allowed, checks)

    def _string(self, schema: dict[str, Any]) -> Check | None:
        low = schema.get("minLength")
        high = schema.get("maxLength")
        pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
        fmt = FORMATS.get(schema.get("format", ""))
        if low is None and high is None and pattern is None and fmt is None:
            return None

        def check(value: Any, where: Where, errors: Errors) -> None:
            if type(value) is not str:
                return
            length = len(value)
            if high is not None and length > high:
                if low:
                    errors.add(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
                else:
                    errors.add(where, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
            elif low is not None and length < low:
                if high is not None:
                    errors.add(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
                else:
                    errors.add(where, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")
            if pattern is not None and not pattern.search(value):
                errors.add(where, "STRING_TYPE_REGEX", "String value did not match validation regex.")
            if fmt is not None and not fmt[0](value):
                errors.add(where, "BASE_TYPE_FORMAT", fmt[1].format(value=value[:60]))

        return check

    def _array(self, schema: dict[str, Any]) -> Check | None:
        low = schema.get("minItems")
        high = schema.get("maxItems")
        unique = bool(schema.get("uniqueItems"))
        items = self.compile(schema["items"]) if "items" in schema else None
        if low is None and high is None and not unique and items is None:
            return None

        def check(value: Any, where: Where, errors: Errors) -> None:
            if type(value) is not list:
                return
            length = len(value)
            if high is not None and length > high:
                errors.add(where, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
            elif low is not None and length < low:
                errors.add(where, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")
            if unique and len({_hashable(item) for item in value}) != length:
                errors.add(where, "BASE_TYPE_UNIQUE", "Values must be unique.")
            if items is not None:
                for index, item in enumerate(value):
                    items(item, (where, index), errors)

        return check

    def _object(self, schema: dict[str, Any], name: str | None) -> Check | None:
        properties = {key: self.compile(sub) for key, sub in (schema.get("properties") or {}).items()}
        required = tuple(schema.get("required") or ())
        extra = schema.get("additionalProperties")
        # Closed unless the schema says what else may come (a map such as name_localizations).
        extra_check = self.compile(extra) if isinstance(extra, dict) else None
        open_object = extra is True
        tolerated = self.tolerated.get(name or "", frozenset())
        low = schema.get("minProperties")
        high = schema.get("maxProperties")

        def check(value: Any, where: Where, errors: Errors) -> None:
            if type(value) is not dict:
                return
            for key, item in value.items():
                sub = properties.get(key)
                if sub is not None:
                    sub(item, (where, key), errors)
                elif extra_check is not None:
                    extra_check(item, (where, key), errors)
                elif not open_object and key not in tolerated:
                    errors.unknown.append(flatten((where, key)))
            for key in required:
                if key not in value:
                    errors.add((where, key), "BASE_TYPE_REQUIRED", "This field is required")
            if high is not None and len(value) > high:
                errors.add(where, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
            if low is not None and len(value) < low:
                errors.add(where, "BASE_TYPE_MIN_LENGTH", f"Must be {low} or more in length.")

        return check

    def _union(self, branches: list[Any]) -> Check:
        """``anyOf``/``oneOf``: a value must match one branch. Discord reads its unions as "the first that fits"
        (the document marks them ``x-discord-union``), so ``oneOf`` is read as ``anyOf`` here too."""
        resolved = [self.resolve(branch) for branch in branches]
        if all(
            isinstance(schema, dict) and "const" in schema and set(schema) <= _ANNOTATIONS
            for schema in resolved
        ):
            return _enum([schema["const"] for schema in resolved])  # an enum written as named constants
        if len(branches) == 2 and {"type": "null"} in resolved:
            other = self.compile(branches[1 - resolved.index({"type": "null"})])

            def nullable(value: Any, where: Where, errors: Errors) -> None:
                if value is not None:
                    other(value, where, errors)

            return nullable
        by_kind = self._discriminated(branches, resolved)
        if by_kind is not None:
            return by_kind
        compiled = [self.compile(branch) for branch in branches]

        def any_of(value: Any, where: Where, errors: Errors) -> None:
            # The branch that fits best: no error and no unknown field, else the fewest errors, then unknowns.
            best: Errors | None = None
            for check in compiled:
                found = Errors()
                check(value, where, found)
                if not found:
                    return
                if best is None or (len(found.errors), len(found.unknown)) < (
                    len(best.errors),
                    len(best.unknown),
                ):
                    best = found
            assert best is not None
            errors.errors += best.errors
            errors.unknown += best.unknown

        return any_of

    def _discriminated(self, branches: list[Any], resolved: list[Any]) -> Check | None:
        """Branches that are objects each fixing ``type`` to values of their own: a dictionary lookup."""
        table: dict[Any, Check] = {}
        for branch, schema in zip(branches, resolved, strict=True):
            kind = (schema.get("properties") or {}).get("type") if isinstance(schema, dict) else None
            if not isinstance(kind, dict):
                return None
            values = kind.get("enum", [kind["const"]] if "const" in kind else None)
            if not values or "type" not in (schema.get("required") or ()):
                return None
            check = self.compile(branch)
            for value in values:
                if value in table:
                    return None
                table[_scalar_key(value)] = check
        choices = ", ".join(str(key[1]) for key in sorted(table, key=str))

        def by_type(value: Any, where: Where, errors: Errors) -> None:
            if type(value) is not dict:
                _type_error(errors, where, "object", value)
                return
            kind = value.get("type")
            check = table.get(_scalar_key(kind))
            if check is None:
                if "type" not in value:
                    errors.add((where, "type"), "BASE_TYPE_REQUIRED", "This field is required")
                else:
                    errors.add((where, "type"), "BASE_TYPE_CHOICES", f"Value must be one of ({choices}).")
                return
            check(value, where, errors)

        return by_type


_ANNOTATIONS = {"const", "title", "description"}


def _hashable(value: Any) -> Any:
    """A key that tells JSON values apart (``True`` is not ``1``)."""
    if isinstance(value, dict):
        return ("object", tuple(sorted((key, _hashable(item)) for key, item in value.items())))
    if isinstance(value, list):
        return ("array", tuple(_hashable(item) for item in value))
    return (json_type(value), value)


def _snowflake(value: Any, where: Where, errors: Errors) -> None:
    """An id: the document says a string of digits; Discord takes an integer too (discord.py sends integers in
    message_reference and in attachments' ids)."""
    kind = type(value)
    if kind is int and value >= 0:
        return
    if kind is not str or not value.isdigit() or not value.isascii():
        errors.add(where, "NUMBER_TYPE_COERCE", f"Value {str(value)[:40]!r} is not snowflake.")


def _accept(value: Any, where: Where, errors: Errors) -> None:
    return None


def _refuse(value: Any, where: Where, errors: Errors) -> None:
    errors.add(where, "BASE_TYPE_INVALID", "This field is not allowed.")


def _scalar_key(value: Any) -> Any:
    """A set key for a scalar that tells ``True`` from ``1``; lists and objects go through :func:`_hashable`."""
    kind = type(value)
    return (kind, value) if kind in (str, int, bool, float, type(None)) else _hashable(value)


def _enum(values: list[Any]) -> Check:
    allowed = {_scalar_key(value) for value in values}
    shown = ", ".join(str(value) for value in values[:25])

    def check(value: Any, where: Where, errors: Errors) -> None:
        if _scalar_key(value) not in allowed:
            errors.add(where, "BASE_TYPE_CHOICES", f"Value must be one of ({shown}).")

    return check


def _number(schema: dict[str, Any]) -> Check | None:
    low = schema.get("minimum")
    high = schema.get("maximum")
    if low is None and high is None:
        return None

    def check(value: Any, where: Where, errors: Errors) -> None:
        if type(value) not in (int, float):
            return
        if high is not None and value > high:
            errors.add(where, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {high}.")
        if low is not None and value < low:
            errors.add(where, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}.")

    return check


def _typed(allowed: frozenset[str] | None, checks: list[Check]) -> Check:
    """The type test first (nothing else is checked on a value of the wrong type), then the other keywords."""
    if allowed is not None:
        expected = sorted(allowed - {"null"})[0] if allowed - {"null"} else "null"
        nullable = "null" in allowed
        if len(checks) == 1:
            only = checks[0]

            def typed_one(value: Any, where: Where, errors: Errors) -> None:
                kind = _JSON_TYPE.get(type(value), "unknown")
                if kind not in allowed:  # ("number" allows "integer": compile() added it)
                    _type_error(errors, where, expected, value)
                    return
                if value is None and nullable:
                    return
                only(value, where, errors)

            return typed_one

        def typed(value: Any, where: Where, errors: Errors) -> None:
            kind = _JSON_TYPE.get(type(value), "unknown")
            if kind not in allowed:
                _type_error(errors, where, expected, value)
                return
            if value is None and nullable:
                return
            for check in checks:
                check(value, where, errors)

        return typed
    if not checks:
        return _accept
    if len(checks) == 1:
        return checks[0]

    def every(value: Any, where: Where, errors: Errors) -> None:
        for check in checks:
            check(value, where, errors)

    return every

"""The OpenAPI schema's shared parts: the error body every endpoint may answer with, and the status codes
each kind of operation can produce, added to every operation so the schema documents what the server does.

- 400: bad input (the field is named) — any operation that takes a body or query parameters
- 401/403: not logged in / no role for this (session clients get 403, token clients 401)
- 404: the object is not there (or not visible to the caller) — operations on one object
- 409: the rules or the event's state refuse it (decklists; not the views with ``answers_409 = False``, whose
  rules answer 400 naming the rule)
- 413: the body is over the limit (config/limits.py) — operations that take a body
- 415: the body's content type is none the operation reads (JSON, a form, multipart) — operations that take a body
- 429: too many wrong passwords (the token login)
"""
from __future__ import annotations

from django.core.validators import RegexValidator
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """``{"detail": why, "field": name}``; a serializer's bad input names each field instead:
    ``{"<field>": ["why"]}``."""

    detail = serializers.CharField(required=False, help_text="Why, in words (with the rule where one decides)")
    field = serializers.CharField(required=False, help_text="The input field at fault, for bad input")


ERROR_DESCRIPTIONS = {
    "400": "Bad input: the field and the rule are named",
    "401": "Not logged in (token clients)",
    "403": "Not logged in, or no role for this",
    "404": "Not found, or not visible to you",
    "409": "The rules or the event's state refuse it",
    "413": "The request body is over the server's limit",
    "415": "The body's content type is none the operation reads",
    "429": "Too many wrong passwords: login paused",
}


#: at least one character DRF's trim (Python's ``str.strip``) keeps: the characters of ``str.isspace``, written
#: out because ECMAScript's ``\S`` (what clients read) counts U+001C-U+001F and U+0085 as text and U+FEFF
#: as a space, unlike Python
NOT_ONLY_WHITESPACE = (r"[^\u0009-\u000d\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029"
                       r"\u202f\u205f\u3000]")


class PonyhallAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in self._error_codes():
            if code not in responses:
                responses[code] = self._get_response_for_code(ErrorSerializer, code, direction=direction)
                responses[code]["description"] = ERROR_DESCRIPTIONS[code]
        return responses

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        """A required text that DRF trims (``trim_whitespace``) is refused when it is only whitespace ("may not be
        blank"): in a request body it is documented as holding at least one character that is not whitespace."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if (direction == "request" and isinstance(field, serializers.CharField) and not field.allow_blank
                and getattr(field, "trim_whitespace", False) and schema.get("type") == "string" and "pattern" not in schema
                and not any(isinstance(v, RegexValidator) for v in field.validators)):  # a slug's own pattern says more
            schema["pattern"] = NOT_ONLY_WHITESPACE
        return schema

    def _error_codes(self) -> list[str]:
        codes = ["400", "401", "403", "404"]  # query parameters are checked; objects may be missing
        if self.method in ("POST", "PUT", "PATCH"):
            codes += ["409", "413", "415"] if getattr(self.view, "answers_409", True) else ["413", "415"]
        if self.path.endswith("/auth/token/"):
            codes.append("429")
        return codes


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def json_request_bodies(result: dict, generator, request, public) -> dict:
    """Postprocessing hook: request bodies are documented as JSON. DRF also parses forms, but a form cannot
    carry what most bodies hold (nested objects, lists, an empty string that is not "absent"), so
    documenting forms would promise requests the serializers refuse. Multipart stays where the body has
    a file to upload."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            content = operation.get("requestBody", {}).get("content") if isinstance(operation, dict) else None
            if not content or "application/json" not in content:
                continue
            for media in FORM_TYPES:
                if media in content and not (media == "multipart/form-data" and _has_file(content[media], result)):
                    del content[media]
            if "multipart/form-data" in content:
                content["application/json"] = {"schema": _without_files(content["application/json"]["schema"], result)}
    return result


def _without_files(schema: dict, result: dict) -> dict:
    """The JSON form of an upload's body: the same fields but the file (JSON cannot carry one)."""
    components = result["components"]["schemas"]
    name = schema.get("$ref", "").rsplit("/", 1)[-1]
    if name not in components:
        return schema
    json_name = f"{name}Json"
    if json_name not in components:
        body = dict(components[name])
        body["properties"] = {k: v for k, v in body.get("properties", {}).items() if v.get("format") != "binary"}
        if "required" in body:
            body["required"] = [k for k in body["required"] if k in body["properties"]]
        components[json_name] = body
    return {"$ref": f"#/components/schemas/{json_name}"}


def _has_file(media: dict, result: dict) -> bool:
    schema = media.get("schema", {})
    ref = schema.get("$ref", "")
    if ref:
        schema = result.get("components", {}).get("schemas", {}).get(ref.rsplit("/", 1)[-1], {})
    return any(prop.get("format") == "binary" for prop in schema.get("properties", {}).values())

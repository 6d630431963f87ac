"""Scalar-only attribute views, for formats that cannot hold lists (GraphML, GEXF, CSV).

Lists become JSON strings (``["GRPO", "grpo"]``): documented in the README, and read
back by ``json.loads``.
"""

from __future__ import annotations

import json
import re

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: str) -> str:
    """Drop characters XML 1.0 cannot hold (control characters, lone surrogates)."""
    return _XML_INVALID.sub("", text)


def scalar(value):
    """A value GraphML/GEXF/CSV can hold: lists and dicts become JSON text."""
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value, ensure_ascii=False, sort_keys=isinstance(value, dict))
    return value


def node_label(attrs: dict) -> str:
    return attrs.get("name") or attrs.get("title") or ""

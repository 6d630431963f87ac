"""Scalar-only attribute views, for formats that cannot hold lists (GraphML, GEXF, CSV).

Lists become JSON strings (``["GRPO", "grpo"]``): documented in the README, and read
back by ``json.loads``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat

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


def json_encoder() -> Callable[[object, int], Sequence[str]] | None:
    """The C encoder behind ``json.JSONEncoder(ensure_ascii=False).encode``, or None.

    Called as ``encoder(value, 0)`` it returns the chunks of the same text, without the
    public encoder's Python layers or its cycle check (graph attributes hold no cycles):
    a graph has one value per node and edge, and those layers cost a fifth of the writing.
    None when this interpreter has no such encoder or it gives another text.
    """
    global _ENCODER
    if _ENCODER is False:
        base = json.JSONEncoder(ensure_ascii=False)
        _ENCODER = None
        try:
            from json.encoder import c_make_encoder, encode_basestring

            enc = c_make_encoder(
                None, base.default, encode_basestring, None, base.key_separator, base.item_separator, False, False, True
            )
            sample = {"a": [1, 2.5, None, True, 'é"\n'], "b": {"c": -0.0, "d": 1e100}}
            if "".join(enc(sample, 0)) == base.encode(sample):
                _ENCODER = enc
        except Exception:  # no C encoder, or a private signature that changed
            pass
    return _ENCODER


_ENCODER = False


def json_texts(values: Iterable) -> list[str]:
    """``json.dumps(v, ensure_ascii=False)`` of each value, through the C encoder when there is one."""
    enc = json_encoder()
    if enc is None:
        return list(map(json.JSONEncoder(ensure_ascii=False).encode, values))
    return list(map("".join, map(enc, values, repeat(0))))

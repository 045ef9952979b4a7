"""The base of the generated models (models.py): reading a JSON object leniently, and back."""
from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional


def _convert(conversion: Optional[list], value: Any) -> Any:
    if conversion is None or value is None:
        return value
    kind, arg = conversion
    if kind == "model":
        from .models import MODELS

        return MODELS[arg].from_dict(value) if isinstance(value, dict) else value
    if kind == "list":
        return [_convert(arg, v) for v in value] if isinstance(value, list) else value
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Model):
        return value.to_dict()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class Model:
    """A JSON object of the API as a dataclass. Unknown fields are kept in `extra`."""

    _json_names: Dict[str, str] = {}
    _conversions: Dict[str, list] = {}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]):
        known = {}
        json_to_attr = {j: a for a, j in cls._json_names.items()}
        extra = {}
        for key, value in data.items():
            attr = json_to_attr.get(key)
            if attr is None:
                extra[key] = value
            else:
                known[attr] = _convert(cls._conversions.get(attr), value)
        for attr in cls._json_names:
            known.setdefault(attr, None)
        obj = cls(**known, extra=extra)  # type: ignore[call-arg]
        obj._present = frozenset(k for k in data if k in json_to_attr)
        return obj

    def to_dict(self) -> Dict[str, Any]:
        """The object as JSON data: the fields it was read with (a null included) or set, then `extra`."""
        present = getattr(self, "_present", frozenset())
        out: Dict[str, Any] = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            if f.name == "extra":
                continue
            value = getattr(self, f.name)
            name = self._json_names.get(f.name, f.name)
            if value is not None or name in present:
                out[name] = _plain(value)
        out.update(self.extra)  # type: ignore[attr-defined]
        return out

    def __getitem__(self, key: str) -> Any:
        """`obj["field"]` reads a field by its JSON name, known or not."""
        for attr, name in self._json_names.items():
            if name == key:
                return getattr(self, attr)
        return self.extra[key]  # type: ignore[attr-defined]

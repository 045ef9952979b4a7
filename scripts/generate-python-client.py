#!/usr/bin/env python3
"""Generates the Python client's typed parts (clients/python/stablepay) from the committed contract, openapi.json.

    python3 scripts/generate-python-client.py           # writes models.py, _operations.py and _version.py
    python3 scripts/generate-python-client.py --check   # exits 1 when a committed file differs from what it writes

- models.py: one dataclass per component schema, named after it (PaymentIntent, Refund, Event, ...);
- _operations.py: one method per operation, named after its operation id in snake case
  (createPaymentIntent -> create_payment_intent), and for every list paged with `starting_after` an
  iterator over all its items (listRefunds -> iter_refunds);
- _version.py: the package's version (clients/python/pyproject.toml) and the contract's API version.

The hand-written runtime (HTTP, retries, errors, webhooks) is in clients/python/stablepay/_client.py,
errors.py and webhooks.py. Standard library only, here and in the generated code.
"""
from __future__ import annotations

import json
import keyword
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "openapi.json"
PACKAGE = ROOT / "clients" / "python" / "stablepay"
PYPROJECT = ROOT / "clients" / "python" / "pyproject.toml"

HEADER = "# Generated from openapi.json by scripts/generate-python-client.py. Do not edit.\n"


def snake(name: str) -> str:
    s = re.sub(r"[^0-9A-Za-z]+", "_", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", s)
    s = s.strip("_").lower()
    if keyword.iskeyword(s) or not s.isidentifier():
        s += "_"
    return s


def ref_name(schema: dict) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def doc_line(text: str | None, width: int = 100) -> str:
    """A schema's description as one line of plain text (for docstrings and comments)."""
    if not text:
        return ""
    line = " ".join(str(text).split()).replace("\\", "\\\\").replace('"""', "'''")
    return line if len(line) <= width else line[: width - 3].rstrip() + "..."


def py_type(schema: dict) -> str:
    """The annotation for a schema (as a string: models refer to each other in any order)."""
    name = ref_name(schema)
    if name:
        return name
    if isinstance(schema.get("enum"), list) and schema["enum"] and all(isinstance(v, str) for v in schema["enum"]):
        return "Literal[" + ", ".join(json.dumps(v) for v in schema["enum"]) + "]"
    variants = schema.get("anyOf") or schema.get("oneOf")
    if variants and all(isinstance(v.get("const"), str) for v in variants):
        return "Literal[" + ", ".join(json.dumps(v["const"]) for v in variants) + "]"
    if variants:
        types: list[str] = []
        for v in variants:
            t = "None" if v.get("type") == "null" else py_type(v)
            if t not in types:
                types.append(t)
        nullable = "None" in types
        types = [t for t in types if t != "None"]
        inner = types[0] if len(types) == 1 else ("Any" if not types else f"Union[{', '.join(types)}]")
        return f"Optional[{inner}]" if nullable else inner
    if isinstance(schema.get("const"), str):
        return f"Literal[{json.dumps(schema['const'])}]"
    t = schema.get("type")
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        inner = py_type({**schema, "type": non_null[0]}) if len(non_null) == 1 else "Any"
        return f"Optional[{inner}]" if "null" in t else inner
    if t == "string":
        return "str"
    if t == "integer":
        return "int"
    if t == "number":
        return "float"
    if t == "boolean":
        return "bool"
    if t == "array":
        return f"List[{py_type(schema.get('items', {}))}]"
    if t == "object":
        return "Dict[str, Any]"
    if isinstance(schema.get("const"), str):
        return f"Literal[{json.dumps(schema['const'])}]"
    return "Any"


def optional(annotation: str) -> str:
    return annotation if annotation.startswith("Optional[") or annotation in ("Any", "None") else f"Optional[{annotation}]"


def converter(schema: dict) -> list | None:
    """How models.py turns a field's JSON into Python: None (as is), ["model", Name], ["list", conv]."""
    name = ref_name(schema)
    if name:
        return ["model", name]
    if schema.get("type") == "array":
        inner = converter(schema.get("items", {}))
        return ["list", inner] if inner else None
    for v in schema.get("anyOf") or schema.get("oneOf") or []:
        inner = converter(v)
        if inner:
            return inner
    return None


def generate_models(doc: dict) -> str:
    schemas = doc.get("components", {}).get("schemas", {})
    out = [
        HEADER,
        '"""Typed models: one dataclass per component schema of the contract (openapi.json).\n\n'
        "Every model reads a JSON object leniently: a field the service adds later lands in `extra`, and a\n"
        "field the object does not carry (its shape depends on its status) is None. `to_dict()` gives the\n"
        "object as the service sent it. A `Literal` names the values the contract knew when this was\n"
        'generated; a newer service may add values (new statuses, event types): compare, never exhaust."""\n',
        "from __future__ import annotations\n",
        "from dataclasses import dataclass, field",
        "from typing import Any, Dict, List, Literal, Optional, Union\n",
        "from ._model import Model\n",
        f"__all__ = {json.dumps(sorted(schemas))}\n",
    ]
    for name in sorted(schemas):
        schema = schemas[name]
        props: dict = schema.get("properties", {})
        required = set(schema.get("required", []))
        out.append("\n@dataclass")
        out.append(f"class {name}(Model):")
        description = doc_line(schema.get("description"), 400)
        out.append(f'    """{description or name + "."}"""\n')
        conversions: dict[str, list] = {}
        names: dict[str, str] = {}
        ordered = [p for p in props if p in required] + [p for p in props if p not in required]
        for prop in ordered:
            attr = snake(prop) if not prop.isidentifier() or keyword.iskeyword(prop) else prop
            names[attr] = prop
            sub = props[prop]
            annotation = py_type(sub)
            if prop not in required:
                annotation = optional(annotation)
            comment = doc_line(sub.get("description"), 90)
            if comment:
                out.append(f"    # {comment}")
            default = "" if prop in required else " = None"
            out.append(f"    {attr}: {annotation}{default}")
            conv = converter(sub)
            if conv:
                conversions[attr] = conv
        out.append("    extra: Dict[str, Any] = field(default_factory=dict, repr=False)")
        out.append(f"\n    _json_names = {json.dumps(names)}")
        out.append(f"    _conversions = {json.dumps(conversions)}")
    out.append("")
    out.append("\nMODELS: Dict[str, type] = {" + ", ".join(f'"{n}": {n}' for n in sorted(schemas)) + "}")
    return "\n".join(out) + "\n"


def json_response_models(op: dict) -> dict[str, str | None]:
    """Status -> model name (None: a JSON shape without a named schema, answered as a dict)."""
    models: dict[str, str | None] = {}
    for status, response in op.get("responses", {}).items():
        if not status.startswith("2"):
            continue
        content = response.get("content", {})
        if "application/json" in content:
            schema = content["application/json"].get("schema", {})
            models[status] = ref_name(schema)
        elif content:
            models[status] = "$raw"
    return models


def is_paged(op: dict) -> bool:
    return any(p.get("in") == "query" and p.get("name") == "starting_after" for p in op.get("parameters", []))


def generate_operations(doc: dict) -> str:
    out = [
        HEADER,
        '"""One method per operation of the contract (openapi.json), named after its operation id."""\n',
        "from __future__ import annotations\n",
        "from typing import Any, Dict, Iterator, List, Literal, Optional, Union\n",
        "from .models import *  # noqa: F401,F403 (the annotations name them)\n",
        "\nclass Operations:",
        '    """Mixed into `Stablepay`, which provides `_call` (HTTP, retries, errors) and `_iterate` (pages)."""',
    ]
    for path, ops in doc.get("paths", {}).items():
        for method, op in ops.items():
            if method not in ("get", "post", "put", "patch", "delete") or "operationId" not in op:
                continue
            name = snake(op["operationId"])
            params = op.get("parameters", [])
            path_params = [p for p in params if p.get("in") == "path"]
            query_params = [p for p in params if p.get("in") == "query"]
            header_params = [p for p in params if p.get("in") == "header" and p["name"].lower() != "idempotency-key"]
            body = op.get("requestBody")
            body_schema = {}
            if body:
                body_schema = next(iter(body.get("content", {}).values()), {}).get("schema", {})
                # A named request body (`$ref`): its fields are the method's keyword arguments all the same.
                if ref_name(body_schema):
                    body_schema = doc["components"]["schemas"][ref_name(body_schema)]
            body_props = {k: v for k, v in body_schema.get("properties", {}).items() if k != "idempotency_key"}
            body_required = set(body_schema.get("required", []))
            models = json_response_models(op)
            named = [m for m in models.values() if m and m != "$raw"]
            raw = "$raw" in models.values()
            if raw:
                returns = "bytes"
            elif named and all(m == named[0] for m in models.values()):
                returns = named[0]
            elif named:
                returns = "Union[" + ", ".join(dict.fromkeys(m if m else "Dict[str, Any]" for m in models.values())) + "]"
            else:
                returns = "Dict[str, Any]"

            args = ["self"] + [f"{snake(p['name'])}: str" for p in path_params]
            kw: list[str] = []
            for prop in [p for p in body_props if p in body_required] + [p for p in body_props if p not in body_required]:
                annotation = py_type(body_props[prop])
                kw.append(f"{snake(prop)}: {annotation}" if prop in body_required else f"{snake(prop)}: {optional(annotation)} = None")
            for p in query_params + header_params:
                kw.append(f"{snake(p['name'])}: {optional(py_type(p.get('schema', {})))} = None")
            if method == "post":
                kw.append("idempotency_key: Optional[str] = None")
            signature = ", ".join(args + (["*"] + kw if kw else []))
            out.append(f"\n    def {name}({signature}) -> {returns}:")
            summary = doc_line(op.get("summary"), 200)
            out.append(f'        """{method.upper()} {path}: {summary or name}."""' if summary else f'        """{method.upper()} {path}."""')
            query_expr = "{" + ", ".join(f'"{p["name"]}": {snake(p["name"])}' for p in query_params) + "}"
            header_expr = "{" + ", ".join(f'"{p["name"]}": {snake(p["name"])}' for p in header_params) + "}"
            body_expr = "None"
            if body:
                body_expr = "{" + ", ".join(f'"{p}": {snake(p)}' for p in body_props) + "}"
            path_values = "{" + ", ".join(f'"{p["name"]}": {snake(p["name"])}' for p in path_params) + "}"
            out.append(
                f'        return self._call("{method.upper()}", "{path}", {path_values}, query={query_expr}, headers={header_expr}, '
                f"body={body_expr}, models={models!r}" + (", idempotency_key=idempotency_key" if method == "post" else "") + ")"
            )
            if method == "get" and is_paged(op) and returns not in ("bytes",):
                list_schema = None
                if named:
                    list_schema = doc["components"]["schemas"].get(named[0])
                else:
                    resp = op["responses"].get("200", {}).get("content", {}).get("application/json", {}).get("schema", {})
                    list_schema = resp
                items = (list_schema or {}).get("properties", {}).get("data", {}).get("items", {})
                item_type = ref_name(items) or "Dict[str, Any]"
                iter_name = "iter_" + name[len("list_"):] if name.startswith("list_") else "iter_" + name
                iter_kw = [k for k in kw if not k.startswith("starting_after")]
                iter_sig = ", ".join(args + (["*"] + iter_kw if iter_kw else []))
                forwarded = ", ".join(
                    [snake(p["name"]) for p in path_params]
                    + [f"{snake(p['name'])}={snake(p['name'])}" for p in query_params if p["name"] != "starting_after"]
                    + ["starting_after=starting_after"]
                )
                out.append(f"\n    def {iter_name}({iter_sig}) -> Iterator[{item_type}]:")
                out.append(f'        """Every item of `{name}`, page after page (`starting_after` set for you; `limit` is the page size)."""')
                out.append(f"        return self._iterate(lambda starting_after: self.{name}({forwarded}))")
    return "\n".join(out) + "\n"


def generate_version(doc: dict) -> str:
    # The [project] table's version (read with a pattern: tomllib is Python 3.11+, this runs on 3.9).
    match = re.search(r'^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', PYPROJECT.read_text(), re.M | re.S)
    if not match:
        raise SystemExit(f"no version in the [project] table of {PYPROJECT}")
    version = match.group(1)
    api_version = doc.get("info", {}).get("version")
    return (
        HEADER
        + '"""The package\'s version (clients/python/pyproject.toml) and the API version of the contract it was generated from."""\n\n'
        + f"VERSION = {json.dumps(version)}\n"
        + f"API_VERSION = {json.dumps(api_version)}\n"
    )


def generate(doc: dict) -> dict[str, str]:
    return {
        "models.py": generate_models(doc),
        "_operations.py": generate_operations(doc),
        "_version.py": generate_version(doc),
    }


def main(argv: list[str]) -> int:
    doc = json.loads(DOCUMENT.read_text())
    files = generate(doc)
    if "--check" in argv:
        stale = [name for name, text in files.items() if not (PACKAGE / name).exists() or (PACKAGE / name).read_text() != text]
        if stale:
            print(f"clients/python/stablepay: {', '.join(stale)} differ from what openapi.json generates; run python3 scripts/generate-python-client.py", file=sys.stderr)
            return 1
        print("clients/python/stablepay is what openapi.json generates")
        return 0
    for name, text in files.items():
        (PACKAGE / name).write_text(text)
    print(f"wrote {', '.join(str(PACKAGE / n) for n in files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

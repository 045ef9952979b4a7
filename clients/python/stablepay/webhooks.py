"""Webhook signatures (Standard Webhooks): check a delivery, or sign one for your own tests.

A delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`
(space-separated `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the base64-decoded
part of the endpoint's `whsec_` secret). Verify over the raw body exactly as received: a framework that
parses the JSON and serializes it again changes the bytes and breaks the signature.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

from .errors import WebhookVerificationError
from .models import Event

TOLERANCE_SECONDS = 5 * 60
SECRET_PREFIX = "whsec_"


def _key(secret: Union[str, bytes]) -> bytes:
    if isinstance(secret, bytes):
        key = secret
    else:
        if secret.startswith(SECRET_PREFIX):
            secret = secret[len(SECRET_PREFIX):]
        try:
            key = base64.b64decode(secret, validate=True)
        except ValueError as err:
            raise ValueError("the webhook secret is not base64 (after its whsec_ prefix)") from err
    if not key:
        raise ValueError("the webhook secret is empty")
    return key


def _text(body: Union[str, bytes]) -> bytes:
    return body.encode("utf-8") if isinstance(body, str) else bytes(body)


def sign(secret: Union[str, bytes], msg_id: str, timestamp: int, body: Union[str, bytes]) -> str:
    """The `webhook-signature` value (`v1,<base64>`) of a delivery: for your own webhook receiver's tests."""
    signed = f"{msg_id}.{int(timestamp)}.".encode("utf-8") + _text(body)
    return "v1," + base64.b64encode(hmac.new(_key(secret), signed, hashlib.sha256).digest()).decode("ascii")


def verify_signature(
    secret: Union[str, bytes],
    headers: Mapping[str, str],
    body: Union[str, bytes],
    *,
    tolerance: int = TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> None:
    """Raise WebhookVerificationError unless one of `webhook-signature`'s v1 signatures matches and the
    timestamp is within `tolerance` seconds of now. Header names are matched case-insensitively."""
    lower = {str(k).lower(): v for k, v in headers.items()}
    msg_id = lower.get("webhook-id")
    timestamp = lower.get("webhook-timestamp")
    signatures = lower.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("Missing required headers")
    try:
        ts = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("Invalid Signature Headers") from None
    current = int(time.time() if now is None else now)
    if current - ts > tolerance:
        raise WebhookVerificationError("Message timestamp too old")
    if ts > current + tolerance:
        raise WebhookVerificationError("Message timestamp too new")
    expected = sign(secret, msg_id, ts, body).split(",", 1)[1].encode("ascii")
    for versioned in signatures.split(" "):
        version, _, signature = versioned.partition(",")
        if version == "v1" and hmac.compare_digest(signature.encode("utf-8", "replace"), expected):
            return
    raise WebhookVerificationError("No matching signature found")


def construct_event(
    secret: Union[str, bytes],
    headers: Mapping[str, str],
    body: Union[str, bytes],
    *,
    tolerance: int = TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Event:
    """Verify a delivery (see verify_signature), then answer its event as an `Event` (`data` as delivered)."""
    verify_signature(secret, headers, body, tolerance=tolerance, now=now)
    try:
        payload: Any = json.loads(_text(body).decode("utf-8"))
    except ValueError as err:
        raise WebhookVerificationError("The body is not JSON") from err
    if not isinstance(payload, dict):
        raise WebhookVerificationError("The body is not a JSON object")
    return Event.from_dict(payload)

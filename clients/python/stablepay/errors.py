"""The errors the client raises."""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional


class StablepayError(Exception):
    """An error answer of the API (`{"error": {"type", "code", "message", "param"?}}`) or no answer at all.

    - `status_code`: the HTTP status (None when the service never answered: see `APIConnectionError`);
    - `type`, `code`, `param`, `message`: the API's error object (`param` names the offending parameter);
    - `request_id`: the `Request-Id` header; quote it when reporting a problem;
    - `body` and `headers`: the answer as received.
    """

    def __init__(
        self,
        message: str,
        *,
        status_code: Optional[int] = None,
        type: Optional[str] = None,
        code: Optional[str] = None,
        param: Optional[str] = None,
        request_id: Optional[str] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code
        self.type = type
        self.code = code
        self.param = param
        self.request_id = request_id
        self.body = body
        self.headers: Dict[str, str] = dict(headers or {})

    def __str__(self) -> str:
        parts = [self.message]
        if self.status_code is not None:
            parts.append(f"status {self.status_code}")
        if self.type or self.code:
            parts.append(f"{self.type}/{self.code}")
        if self.param:
            parts.append(f"param {self.param}")
        if self.request_id:
            parts.append(f"request {self.request_id}")
        return " · ".join(parts)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class APIConnectionError(StablepayError):
    """No answer: the connection failed or the timeout passed, on every attempt."""


class WebhookVerificationError(Exception):
    """A webhook delivery whose headers or signature do not check out: refuse it (answer 400 or 401)."""

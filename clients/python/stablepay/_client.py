"""The client: HTTP with the standard library (urllib), retries, errors, pages."""
from __future__ import annotations

import email.utils
import http.client
import json
import platform
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Tuple

from ._operations import Operations
from ._version import API_VERSION, VERSION
from .errors import APIConnectionError, StablepayError
from .models import MODELS

USER_AGENT = f"stablepay-client-python/{VERSION} (API-Version {API_VERSION}; Python {platform.python_version()})"

# The service's "try again" answers. Anything else (a 4xx, a 500) is the final answer.
RETRIED_STATUSES = frozenset({408, 429, 502, 503, 504})


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds to wait from a `Retry-After` header: delta-seconds or an HTTP date; None when absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
        return max(0.0, seconds) if seconds == seconds and seconds != float("inf") else None
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class _Response:
    def __init__(self, status: int, headers: Mapping[str, str], body: bytes) -> None:
        self.status = status
        self.headers = {k.lower(): v for k, v in headers.items()}
        self.body = body


class Stablepay(Operations):
    """A client of the service's /v1 API.

        client = Stablepay("http://localhost:3000", api_key="sk_test_...")
        intent = client.create_payment_intent(amount=12.5, currency="usd", merchant_id="mer_...")

    - `api_key`: a secret key (`sk_test_...` or `sk_live_...`), sent as a Bearer token.
    - `timeout`: seconds each attempt may take (connecting and each read), default 30.
    - `max_retries`: attempts after the first on no answer, 408, 429, 502, 503 or 504 (default 2; 0 = none).
      A retry waits for `Retry-After` (seconds or an HTTP date) when the service sends it, else
      0.5 s doubling up to `max_retry_delay`; either way plus a random jitter, so that clients told
      the same thing do not all come back at the same moment. A POST carries an `Idempotency-Key`
      (yours, or a new random one per call) and every retry of it carries the same one, so a retry
      never creates twice.
    - `max_retry_delay`: the longest wait between attempts (default 60 s); a `Retry-After` beyond it
      ends the retries and raises the answer.
    - Every error answer raises `StablepayError` (`status_code`, `type`, `code`, `param`,
      `request_id`); no answer after the last attempt raises `APIConnectionError`.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_delay: float = 60.0,
        initial_retry_delay: float = 0.5,
        user_agent_suffix: Optional[str] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max(0, int(max_retries))
        self.max_retry_delay = max_retry_delay
        self.initial_retry_delay = initial_retry_delay
        self.user_agent = USER_AGENT + (f" {user_agent_suffix}" if user_agent_suffix else "")
        self._sleep = sleep
        self._opener = urllib.request.build_opener(_NoRedirect())

    # -- one request ---------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
    ) -> Tuple[int, Dict[str, str], Any]:
        """Any route: answers (status, headers, parsed JSON or bytes); raises as the generated methods do."""
        method = method.upper()
        url = self.base_url + path
        params = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        send_headers = {
            "Authorization": f"Bearer {self.api_key}",
            "User-Agent": self.user_agent,
            "Accept": "application/json",
        }
        for k, v in (headers or {}).items():
            if v is not None:
                send_headers[k] = str(v)
        data = None
        if body is not None:
            data = json.dumps({k: v for k, v in body.items() if v is not None}).encode("utf-8")
            send_headers["Content-Type"] = "application/json"
        if method == "POST":
            # The same key on every attempt: the service answers a retry with what the first attempt did.
            send_headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        response = self._send_with_retries(method, url, send_headers, data)
        return response.status, response.headers, _decode(response)

    def _send_with_retries(self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes]) -> _Response:
        attempt = 0
        while True:
            attempt += 1
            last = attempt > self.max_retries
            try:
                response = self._send_once(method, url, headers, data)
            except (OSError, http.client.HTTPException) as err:  # no answer: refused, reset, timed out, cut short
                if last:
                    reason = getattr(err, "reason", err)
                    raise APIConnectionError(f"No answer from {self.base_url} after {attempt} attempt(s): {reason}") from err
                self._sleep(self._backoff(attempt))
                continue
            if response.status < 400:
                return response
            if last or response.status not in RETRIED_STATUSES:
                raise _error(response)
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            if retry_after is not None and retry_after > self.max_retry_delay:
                raise _error(response)
            self._sleep(self._backoff(attempt, retry_after))

    def _backoff(self, attempt: int, retry_after: Optional[float] = None) -> float:
        """Seconds before the next attempt: never earlier than `Retry-After`, plus up to 10 % (at least
        up to 0.25 s) of jitter; without it, 0.5 s doubling per attempt, jittered between half and all of it."""
        if retry_after is not None:
            return min(self.max_retry_delay, retry_after + random.uniform(0, max(0.25, retry_after * 0.1)))
        ceiling = min(self.max_retry_delay, self.initial_retry_delay * (2 ** (attempt - 1)))
        return random.uniform(ceiling / 2, ceiling)

    def _send_once(self, method: str, url: str, headers: Mapping[str, str], data: Optional[bytes]) -> _Response:
        req = urllib.request.Request(url, data=data, method=method, headers=dict(headers))
        try:
            with self._opener.open(req, timeout=self.timeout) as res:
                return _Response(res.status, dict(res.headers.items()), res.read())
        except urllib.error.HTTPError as err:
            try:
                body = err.read()
            finally:
                err.close()
            return _Response(err.code, dict(err.headers.items()) if err.headers else {}, body)

    # -- what the generated methods call ------------------------------------------------------

    def _call(
        self,
        method: str,
        path: str,
        path_params: Mapping[str, str],
        *,
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        body: Optional[Mapping[str, Any]],
        models: Mapping[str, Optional[str]],
        idempotency_key: Optional[str] = None,
    ) -> Any:
        for name, value in path_params.items():
            if value is None or str(value) == "":
                raise ValueError(f"{name} is required")
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        status, _headers, parsed = self.request(method, path, query=query, body=body, headers=headers, idempotency_key=idempotency_key)
        model = models.get(str(status))
        if model and model != "$raw" and isinstance(parsed, dict):
            return MODELS[model].from_dict(parsed)
        return parsed

    def _iterate(self, fetch_page: Callable[[Optional[str]], Any]) -> Iterator[Any]:
        starting_after: Optional[str] = None
        while True:
            page = fetch_page(starting_after)
            data = page["data"] if isinstance(page, dict) else page.data
            has_more = page["has_more"] if isinstance(page, dict) else page.has_more
            yield from data
            if not has_more or not data:
                return
            last = data[-1]
            starting_after = last["id"] if isinstance(last, dict) else last.id


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """The API never redirects; a redirect (a proxy's, a misconfigured base URL) is an answer, not followed."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D401
        return None


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decode(response: _Response) -> Any:
    content_type = response.headers.get("content-type", "")
    if "json" in content_type:
        try:
            return json.loads(response.body.decode("utf-8"))
        except ValueError:
            return response.body
    return response.body


def _error(response: _Response) -> StablepayError:
    parsed = _decode(response)
    details = parsed.get("error") if isinstance(parsed, dict) and isinstance(parsed.get("error"), dict) else {}
    message = details.get("message") or f"HTTP {response.status}"
    return StablepayError(
        message,
        status_code=response.status,
        type=details.get("type"),
        code=details.get("code"),
        param=details.get("param"),
        request_id=response.headers.get("request-id"),
        body=parsed,
        headers=response.headers,
    )

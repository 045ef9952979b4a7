"""Retries, timeouts and errors, against a real local HTTP server that fails first (503, 429, silence)
and then answers 200, the way the service answers when it is briefly unavailable."""
import email.utils
import json
import sys
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stablepay import API_VERSION, VERSION, APIConnectionError, PaymentIntent, Stablepay, StablepayError  # noqa: E402
from stablepay import parse_retry_after  # noqa: E402

INTENT = {
    "id": "pi_3MtwBwLkdIwHu7ix28a3tqPa", "object": "payment_intent", "status": "awaiting_payment", "amount": 12.5,
    "currency": "usd", "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K", "payment_address": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    "chain": "base", "token": "USDC", "qr_payload": "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x5FbDB2315678afecb367f032d93F642f64180aa3&uint256=12500000",
    "qr_image_url": "http://127.0.0.1/v1/qr/pi_3MtwBwLkdIwHu7ix28a3tqPa.png", "expires_at": "2026-04-01T12:10:00.000Z",
    "metadata": {}, "created_at": "2026-04-01T12:00:00.000Z",
}
UNAVAILABLE = {"error": {"type": "api_error", "code": "service_unavailable", "message": "Try again shortly."}}


class FailingFirst:
    """A local server answering a script of (status, headers, body, delay) in order, then the last one again."""

    def __init__(self, script):
        self.script = list(script)
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def handle_one(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers.items()), "body": body, "at": time.monotonic()})
                status, headers, payload, delay = outer.script[min(len(outer.requests), len(outer.script)) - 1]
                if delay:
                    time.sleep(delay)
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.send_header("request-id", f"req_{len(outer.requests)}")
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_DELETE = handle_one

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False  # a handler still sleeping (the timeout tests) does not hold up the next test
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def create(client, **kw):
    return client.create_payment_intent(amount=12.5, currency="usd", merchant_id="mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K", **kw)


class Retries(unittest.TestCase):
    def test_503_then_200_retries_the_post_with_the_same_idempotency_key(self):
        with FailingFirst([(503, {}, UNAVAILABLE, 0), (201, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", initial_retry_delay=0.05)
            intent = create(client)
        self.assertIsInstance(intent, PaymentIntent)
        self.assertEqual(intent.id, INTENT["id"])
        self.assertEqual(len(server.requests), 2)
        keys = [r["headers"].get("Idempotency-Key") for r in server.requests]
        self.assertTrue(keys[0])
        self.assertEqual(keys[0], keys[1])
        self.assertEqual(server.requests[0]["body"], server.requests[1]["body"])
        self.assertEqual(json.loads(server.requests[0]["body"]), {"amount": 12.5, "currency": "usd", "merchant_id": "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"})
        for r in server.requests:
            self.assertEqual(r["headers"]["Authorization"], "Bearer sk_test_x")
            self.assertEqual(r["headers"]["User-Agent"].split(" (")[0], f"stablepay-client-python/{VERSION}")
            self.assertIn(f"API-Version {API_VERSION}", r["headers"]["User-Agent"])

    def test_the_callers_idempotency_key_is_sent_on_every_attempt(self):
        with FailingFirst([(503, {}, UNAVAILABLE, 0), (503, {}, UNAVAILABLE, 0), (201, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", initial_retry_delay=0.05)
            create(client, idempotency_key="order_1042")
        self.assertEqual([r["headers"]["Idempotency-Key"] for r in server.requests], ["order_1042"] * 3)

    def test_two_calls_get_two_keys(self):
        with FailingFirst([(201, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x")
            create(client)
            create(client)
        self.assertNotEqual(server.requests[0]["headers"]["Idempotency-Key"], server.requests[1]["headers"]["Idempotency-Key"])

    def test_retry_after_in_seconds_is_honoured(self):
        with FailingFirst([(503, {"Retry-After": "1"}, UNAVAILABLE, 0), (200, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x")
            intent = client.get_payment_intent(INTENT["id"])
        self.assertEqual(intent.status, "awaiting_payment")
        waited = server.requests[1]["at"] - server.requests[0]["at"]
        self.assertGreaterEqual(waited, 1.0)
        self.assertLess(waited, 1.0 + 0.25 + 0.5)  # the jitter, and the time to answer

    def test_retry_after_as_an_http_date_is_honoured(self):
        when = email.utils.formatdate(time.time() + 2, usegmt=True)  # whole seconds: 1 to 2 s from now
        with FailingFirst([(429, {"Retry-After": when}, {"error": {"type": "rate_limit_error", "code": "rate_limited", "message": "Slow down."}}, 0), (200, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x")
            client.get_payment_intent(INTENT["id"])
        self.assertEqual(len(server.requests), 2)
        waited = server.requests[1]["at"] - server.requests[0]["at"]
        self.assertGreaterEqual(waited, 0.9)
        self.assertLess(waited, 3.0)

    def test_a_retry_after_beyond_the_longest_wait_is_not_waited_for(self):
        with FailingFirst([(503, {"Retry-After": "3600"}, UNAVAILABLE, 0), (200, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", max_retry_delay=5)
            with self.assertRaises(StablepayError) as ctx:
                client.get_payment_intent(INTENT["id"])
        self.assertEqual(ctx.exception.status_code, 503)
        self.assertEqual(len(server.requests), 1)

    def test_the_last_failure_is_raised_with_the_request_id(self):
        with FailingFirst([(503, {}, UNAVAILABLE, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", max_retries=2, initial_retry_delay=0.05)
            with self.assertRaises(StablepayError) as ctx:
                create(client)
        err = ctx.exception
        self.assertEqual(len(server.requests), 3)
        self.assertEqual((err.status_code, err.type, err.code, err.request_id), (503, "api_error", "service_unavailable", "req_3"))
        self.assertEqual(len({r["headers"]["Idempotency-Key"] for r in server.requests}), 1)

    def test_a_4xx_is_not_retried_and_carries_the_api_error(self):
        body = {"error": {"type": "invalid_request_error", "code": "parameter_invalid", "message": "amount is invalid", "param": "amount"}}
        with FailingFirst([(400, {}, body, 0), (201, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", initial_retry_delay=0.05)
            with self.assertRaises(StablepayError) as ctx:
                create(client)
        err = ctx.exception
        self.assertEqual(len(server.requests), 1)
        self.assertEqual((err.status_code, err.type, err.code, err.param, err.message, err.request_id), (400, "invalid_request_error", "parameter_invalid", "amount", "amount is invalid", "req_1"))
        self.assertIn("req_1", str(err))

    def test_a_timeout_is_retried_with_the_same_key_then_raised(self):
        with FailingFirst([(201, {}, INTENT, 1.5), (201, {}, INTENT, 0)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", timeout=0.3, initial_retry_delay=0.05)
            intent = create(client)  # the first attempt times out, the second answers
            self.assertEqual(intent.id, INTENT["id"])
            self.assertEqual(server.requests[0]["headers"]["Idempotency-Key"], server.requests[1]["headers"]["Idempotency-Key"])
        with FailingFirst([(201, {}, INTENT, 1.5)]) as server:
            client = Stablepay(server.url, api_key="sk_test_x", timeout=0.3, max_retries=1, initial_retry_delay=0.05)
            started = time.monotonic()
            with self.assertRaises(APIConnectionError) as ctx:
                create(client)
            self.assertLess(time.monotonic() - started, 1.5)
            self.assertIsNone(ctx.exception.status_code)
            self.assertEqual(len(server.requests), 2)

    def test_no_server_at_all(self):
        with FailingFirst([(200, {}, INTENT, 0)]) as server:
            url = server.url
        client = Stablepay(url, api_key="sk_test_x", max_retries=1, initial_retry_delay=0.01)
        with self.assertRaises(APIConnectionError):
            client.get_payment_intent(INTENT["id"])


class Backoff(unittest.TestCase):
    def test_jitter_spreads_clients_told_the_same_retry_after(self):
        client = Stablepay("http://127.0.0.1:9", api_key="sk_test_x")
        waits = [client._backoff(1, 2.0) for _ in range(200)]
        self.assertTrue(all(2.0 <= w <= 2.25 for w in waits))
        self.assertGreater(len(set(waits)), 150)

    def test_without_retry_after_the_wait_doubles_with_jitter(self):
        client = Stablepay("http://127.0.0.1:9", api_key="sk_test_x", initial_retry_delay=0.5, max_retry_delay=60)
        for attempt, ceiling in ((1, 0.5), (2, 1.0), (3, 2.0), (10, 60.0)):
            waits = [client._backoff(attempt) for _ in range(100)]
            self.assertTrue(all(ceiling / 2 <= w <= ceiling for w in waits), (attempt, min(waits), max(waits)))
            self.assertGreater(len(set(waits)), 50)

    def test_parse_retry_after(self):
        now = 1_800_000_000.0
        self.assertEqual(parse_retry_after("2", now), 2.0)
        self.assertEqual(parse_retry_after(" 0 ", now), 0.0)
        self.assertEqual(parse_retry_after(email.utils.formatdate(now + 30, usegmt=True), now), 30.0)
        self.assertEqual(parse_retry_after(email.utils.formatdate(now - 30, usegmt=True), now), 0.0)
        self.assertIsNone(parse_retry_after(None, now))
        self.assertIsNone(parse_retry_after("soon", now))
        self.assertIsNone(parse_retry_after("", now))


if __name__ == "__main__":
    unittest.main()

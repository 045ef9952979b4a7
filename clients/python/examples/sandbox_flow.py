"""The whole flow against a sandbox service, with the Python client: a webhook endpoint that checks
signatures, an intent created and paid in the sandbox, its confirmation received as a verified
webhook, a refund (approved with the sandbox's test helper when it waits for the owner) until it is
sent, an intent cancelled, lists read page after page, and an error answer.

    npm start                      # a sandbox; its keys and merchant are printed (README.md)
    STABLEPAY_API_URL=http://localhost:3000 STABLEPAY_API_KEY=sk_test_... STABLEPAY_MERCHANT_ID=mer_... \\
      python3 clients/python/examples/sandbox_flow.py

The key must be unscoped (webhook endpoints are managed by unscoped keys). Prints a JSON summary on
its last line; exits non-zero when a step does not do what it should.
"""
import json
import os
import queue
import sys
import threading
import time
import uuid
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stablepay import Event, PaymentIntent, Refund, Stablepay, StablepayError, WebhookVerificationError, webhooks  # noqa: E402

API_URL = os.environ["STABLEPAY_API_URL"]
API_KEY = os.environ["STABLEPAY_API_KEY"]
MERCHANT_ID = os.environ["STABLEPAY_MERCHANT_ID"]
# Where the refund goes: any address of the customer's (here, a well-known test account).
CUSTOMER_ADDRESS = os.environ.get("STABLEPAY_CUSTOMER_ADDRESS", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")


def check(condition, what):
    if not condition:
        raise AssertionError(what)


class Receiver:
    """A webhook endpoint: verifies each delivery over its raw body, answers 400 to a bad signature."""

    def __init__(self):
        self.secret = None
        self.events = queue.Queue()
        self.refused = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))  # the raw body, never re-serialized
                try:
                    event = webhooks.construct_event(outer.secret, dict(self.headers.items()), raw)
                except WebhookVerificationError:
                    outer.refused += 1
                    self.send_response(400)
                    self.end_headers()
                    return
                outer.events.put((event, raw))
                self.send_response(204)
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/webhooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, event_type, object_id, timeout=60.0):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            check(left > 0, f"no {event_type} webhook for {object_id} within {timeout} s")
            try:
                event, raw = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if event.type == event_type and event.data.get("id") == object_id:
                return event, raw

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def main():
    client = Stablepay(API_URL, api_key=API_KEY)
    receiver = Receiver()
    summary = {}
    try:
        # 1. A webhook endpoint; its secret is shown once, on creation.
        endpoint = client.create_webhook_endpoint(url=receiver.url, enabled_events=["payment_intent.confirmed", "refund.created", "refund.succeeded"])
        check(endpoint.secret and endpoint.secret.startswith("whsec_"), "the new endpoint shows its whsec_ secret")
        receiver.secret = endpoint.secret

        # 2. An intent, keyed on the shop's own order id (a retry of this call cannot create twice).
        order_id = f"order_{uuid.uuid4().hex[:12]}"
        intent = client.create_payment_intent(amount=12.5, currency="usd", merchant_id=MERCHANT_ID, metadata={"order_id": order_id}, idempotency_key=order_id)
        check(isinstance(intent, PaymentIntent) and intent.status == "awaiting_payment", f"created: {intent!r}")
        again = client.create_payment_intent(amount=12.5, currency="usd", merchant_id=MERCHANT_ID, metadata={"order_id": order_id}, idempotency_key=order_id)
        check(again.id == intent.id, "the same idempotency key answers the same intent")

        # 3. Paid in the sandbox (the test helper sends the exact expected value on the sandbox chain).
        client.test_helper_pay_payment_intent(intent.id)

        # 4. The confirmation arrives as a webhook whose signature checks out.
        event, raw = receiver.wait_for("payment_intent.confirmed", intent.id)
        check(isinstance(event, Event), "a typed event")
        check(client.get_event(event.id).to_dict() == json.loads(raw), "the delivered body is the event the API shows")
        paid = client.get_payment_intent(intent.id)
        check(paid.status == "confirmed" and paid.tx_hash, f"paid: {paid!r}")
        # A forged delivery is refused: the same body under a wrong signature, and a re-serialized body.
        now = int(time.time())
        try:
            webhooks.verify_signature(endpoint.secret, {"webhook-id": event.id, "webhook-timestamp": str(now), "webhook-signature": "v1,AAAA"}, raw)
            check(False, "a forged signature was accepted")
        except WebhookVerificationError:
            pass
        signature = webhooks.sign(endpoint.secret, event.id, now, raw)
        webhooks.verify_signature(endpoint.secret, {"webhook-id": event.id, "webhook-timestamp": str(now), "webhook-signature": signature}, raw)

        # 5. A partial refund to the customer; approved in the sandbox if the owner's approval is needed,
        #    then sent on chain (refund.created, then refund.succeeded).
        refund = client.create_refund(payment_intent=intent.id, amount=5, recipient_address=CUSTOMER_ADDRESS, reason="requested_by_customer", metadata={"order_id": order_id}, idempotency_key=f"{order_id}:refund:1")
        check(isinstance(refund, Refund) and refund.id.startswith("re_"), f"refund: {refund!r}")
        first_status = refund.status
        if refund.status == "requires_approval":
            refund = client.test_helper_approve_refund(refund.id)
        check(refund.status in ("pending", "succeeded"), f"refund after approval: {refund!r}")
        created_event, _ = receiver.wait_for("refund.created", refund.id)
        succeeded_event, _ = receiver.wait_for("refund.succeeded", refund.id)
        refund = client.get_refund(refund.id)
        check(refund.status == "succeeded" and refund.tx_hash, f"refund sent: {refund!r}")
        refunds = list(client.iter_refunds(payment_intent=intent.id, limit=1))
        check([r.id for r in refunds] == [refund.id], f"the intent's refunds: {refunds!r}")

        # 6. Lists, page after page: a few more intents, then every intent of the merchant since this
        #    run's first (created strictly after a millisecond before it), 2 a page.
        more = [client.create_payment_intent(amount=1 + i, currency="usd", merchant_id=MERCHANT_ID, metadata={"order_id": f"{order_id}_{i}"}) for i in range(3)]
        since = (datetime.fromisoformat(intent.created_at.replace("Z", "+00:00")) - timedelta(milliseconds=1)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        first_page = client.list_payment_intents(merchant_id=MERCHANT_ID, created_after=since, limit=2)
        check(len(first_page.data) == 2 and first_page.has_more, f"first page: {first_page!r}")
        every = list(client.iter_payment_intents(merchant_id=MERCHANT_ID, created_after=since, limit=2))
        ids = [i.id for i in every]
        check(len(ids) == len(set(ids)), "no intent twice")
        check(len(ids) == first_page.total_count >= 4, f"every intent listed: {len(ids)} of {first_page.total_count}")
        check({intent.id, *(m.id for m in more)} <= set(ids), "the intents just created are listed")
        check([i.created_at for i in every] == sorted((i.created_at for i in every), reverse=True), "newest first")
        cancelled = client.cancel_payment_intent(more[0].id)  # a POST without a body
        check(cancelled.status == "cancelled", f"cancelled: {cancelled!r}")
        events = list(client.iter_events(type="payment_intent.confirmed", limit=1))
        check(event.id in {e.id for e in events}, "the confirmation is among the events")

        # 7. An error answer carries the API's error and the request id.
        try:
            client.get_payment_intent("pi_doesnotexist")
            check(False, "an unknown intent was found")
        except StablepayError as err:
            check(err.status_code == 404 and err.type == "invalid_request_error" and err.code == "resource_missing", f"error: {err!r}")
            check(err.request_id and err.request_id.startswith("req_"), f"request id: {err.request_id!r}")
            summary["error"] = {"status_code": err.status_code, "code": err.code, "request_id": err.request_id}

        client.delete_webhook_endpoint(endpoint.id)
        summary.update({
            "intent": intent.id,
            "intent_status": paid.status,
            "event": event.id,
            "refund": refund.id,
            "refund_first_status": first_status,
            "refund_status": refund.status,
            "refund_events": [created_event.type, succeeded_event.type],
            "cancelled": cancelled.status,
            "listed_intents": len(ids),
            "total_count": first_page.total_count,
            "forged_refused": receiver.refused,
        })
    finally:
        receiver.close()
    print(json.dumps(summary))


if __name__ == "__main__":
    main()

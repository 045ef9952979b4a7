"""Webhook verification against the Standard Webhooks test vectors.

The first vector is the specification's own (the one every Standard Webhooks library tests); the others
were signed with the `standardwebhooks` npm package (its `Webhook.sign`), the library the service's
own tests check deliveries with.
"""
import json
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stablepay import Event, WebhookVerificationError, webhooks  # noqa: E402

# (secret, webhook-id, webhook-timestamp, body, webhook-signature)
VECTORS = [
    ("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}', "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="),
    # The same key without its whsec_ prefix.
    ("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}', "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="),
    # A body with non-ASCII text: signed over its UTF-8 bytes.
    (
        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
        1775131200,
        '{"id":"evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA","object":"event","type":"payment_intent.confirmed","data":{"amount":12.5,"note":"caf\u00e9 \u2615"}}',
        "v1,4S1T99ShF6fLsGsATggK2bgn2gJAverOiCLU/Y8mOOo=",
    ),
    ("whsec_dGVzdA==", "msg_2", 0, "", "v1,Zo2TYDkc5ZGXc8w4yIRCJ98aZjduNBx87QZ+u1d1e2A="),
    ("whsec_b3RoZXIga2V5", "msg_3", 1775131200, "{}", "v1,zRJ/Hqt4QT33vuNwAHFgLRkIWgjMenMmfqa/aFcvKx0="),
]


def headers(msg_id, timestamp, signature):
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


class SignatureVectors(unittest.TestCase):
    def test_sign_matches_every_vector(self):
        for secret, msg_id, ts, body, signature in VECTORS:
            with self.subTest(msg_id=msg_id, secret=secret):
                self.assertEqual(webhooks.sign(secret, msg_id, ts, body), signature)
                self.assertEqual(webhooks.sign(secret, msg_id, ts, body.encode("utf-8")), signature)

    def test_verify_accepts_every_vector_at_its_time(self):
        for secret, msg_id, ts, body, signature in VECTORS:
            with self.subTest(msg_id=msg_id):
                webhooks.verify_signature(secret, headers(msg_id, ts, signature), body, now=ts)
                webhooks.verify_signature(secret, headers(msg_id, ts, signature), body.encode("utf-8"), now=ts)

    def test_header_names_are_case_insensitive(self):
        secret, msg_id, ts, body, signature = VECTORS[0]
        upper = {"Webhook-Id": msg_id, "Webhook-Timestamp": str(ts), "Webhook-Signature": signature}
        webhooks.verify_signature(secret, upper, body, now=ts)


class Refusals(unittest.TestCase):
    secret, msg_id, ts, body, signature = VECTORS[0]

    def refused(self, hdrs, body=None, now=None, message=None):
        with self.assertRaises(WebhookVerificationError) as ctx:
            webhooks.verify_signature(self.secret, hdrs, self.body if body is None else body, now=self.ts if now is None else now)
        if message:
            self.assertIn(message, str(ctx.exception))

    def test_missing_headers(self):
        for missing in ("webhook-id", "webhook-timestamp", "webhook-signature"):
            with self.subTest(missing=missing):
                hdrs = headers(self.msg_id, self.ts, self.signature)
                del hdrs[missing]
                self.refused(hdrs, message="Missing required headers")

    def test_a_changed_body_id_or_timestamp(self):
        self.refused(headers(self.msg_id, self.ts, self.signature), body='{"test": 2432232315}', message="No matching signature")
        self.refused(headers("msg_other", self.ts, self.signature), message="No matching signature")
        self.refused(headers(self.msg_id, self.ts + 1, self.signature), now=self.ts, message="No matching signature")

    def test_a_re_serialized_body_is_refused(self):
        # What a framework that parses the JSON before the check would hand over.
        self.refused(headers(self.msg_id, self.ts, self.signature), body=json.dumps(json.loads(self.body), separators=(",", ":")))

    def test_another_secret(self):
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify_signature("whsec_b3RoZXIga2V5", headers(self.msg_id, self.ts, self.signature), self.body, now=self.ts)

    def test_timestamps_outside_the_tolerance(self):
        self.refused(headers(self.msg_id, self.ts, self.signature), now=self.ts + 5 * 60 + 1, message="too old")
        self.refused(headers(self.msg_id, self.ts, self.signature), now=self.ts - 5 * 60 - 1, message="too new")
        self.refused(headers(self.msg_id, "not-a-number", self.signature), message="Invalid Signature Headers")
        # At the edges of the tolerance it still verifies.
        webhooks.verify_signature(self.secret, headers(self.msg_id, self.ts, self.signature), self.body, now=self.ts + 300)
        webhooks.verify_signature(self.secret, headers(self.msg_id, self.ts, self.signature), self.body, now=self.ts - 300)

    def test_several_signatures_one_valid(self):
        # After a secret rotation: one signature per secret still valid, space-separated; other versions are skipped.
        several = f"v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,{self.signature[3:]} {self.signature}"
        webhooks.verify_signature(self.secret, headers(self.msg_id, self.ts, several), self.body, now=self.ts)
        self.refused(headers(self.msg_id, self.ts, f"v2,{self.signature[3:]}"), message="No matching signature")
        self.refused(headers(self.msg_id, self.ts, self.signature[3:]), message="No matching signature")

    def test_construct_event_answers_a_typed_event(self):
        body = '{"id":"evt_1","object":"event","type":"refund.succeeded","created_at":"2026-04-01T12:00:05.000Z","data":{"id":"re_1"},"later":1}'
        signature = webhooks.sign(self.secret, "evt_1", 1775131200, body)
        event = webhooks.construct_event(self.secret, headers("evt_1", 1775131200, signature), body, now=1775131200)
        self.assertIsInstance(event, Event)
        self.assertEqual((event.id, event.type, event.data), ("evt_1", "refund.succeeded", {"id": "re_1"}))
        self.assertEqual(event.extra, {"later": 1})
        with self.assertRaises(WebhookVerificationError):
            webhooks.construct_event(self.secret, headers("evt_1", 1775131200, signature), body.replace("re_1", "re_2"), now=1775131200)


if __name__ == "__main__":
    unittest.main()

# A webhook receiver on Flask: the signature is checked over request.get_data() (the raw bytes),
# never over request.get_json() serialized again. Standard library only for the check.
# Run by test/webhook-receivers.test.ts.
import base64, hashlib, hmac, json, os, time
from flask import Flask, request

app = Flask(__name__)
SECRET = os.environ["WEBHOOK_SECRET"]  # whsec_...

def verify(body: bytes, headers) -> dict:
    msg_id, ts = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(time.time() - int(ts)) > 300:
        raise ValueError("timestamp too far from now")
    key = base64.b64decode(SECRET.removeprefix("whsec_"))
    signed = f"{msg_id}.{ts}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    if not any(hmac.compare_digest(expected, s.split(",", 1)[1]) for s in headers["webhook-signature"].split()):
        raise ValueError("bad signature")
    return json.loads(body)

@app.post("/webhooks/stablepay")
def stablepay():
    body = request.get_data()  # the raw body: read before anything parses it
    try:
        event = verify(body, request.headers)
    except (KeyError, ValueError):
        return "bad signature", 400
    print(event["type"], event["id"], flush=True)
    return "ok"

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]))

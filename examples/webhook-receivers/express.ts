// A webhook receiver on Express: express.raw() on the webhook route, registered before any
// app.use(express.json()) would parse its body. Not run by the tests (Express is not a dependency).
import express from "express";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET!);
const app = express();
app.post("/webhooks/stablepay", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString("utf8"), req.headers as Record<string, string>);
  } catch {
    return res.status(400).send("bad signature");
  }
  console.log(event);
  res.send("ok");
});
app.use(express.json()); // the other routes: after the webhook route
app.listen(3000);

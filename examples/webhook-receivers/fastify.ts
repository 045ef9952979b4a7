// A webhook receiver on Fastify: inside its own plugin, application/json is kept as a string, so
// the signature is checked over the body as received. Not run by the tests (Fastify is not a dependency).
import Fastify from "fastify";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET!);
const app = Fastify();
app.register(async (hooks) => {
  hooks.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
  hooks.post("/webhooks/stablepay", async (req, reply) => {
    try {
      const event = wh.verify(req.body as string, req.headers as Record<string, string>);
      console.log(event);
      return "ok";
    } catch {
      return reply.code(400).send("bad signature");
    }
  });
});
app.listen({ port: 3000 });

// A webhook receiver as a Next.js route handler (app/webhooks/stablepay/route.ts): req.text() is the
// raw body; req.json() would parse it first. Not run by the tests (Next.js is not a dependency).
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET!);

export async function POST(req: Request) {
  const body = await req.text(); // not req.json()
  try {
    const event = wh.verify(body, Object.fromEntries(req.headers));
    console.log(event);
  } catch {
    return new Response("bad signature", { status: 400 });
  }
  return new Response("ok");
}

import { test } from "bun:test";
import { startTestService } from "./support/service.ts";
import { buildApp } from "../src/http/app.ts";
const race = <T,>(p: Promise<T>, what: string) => Promise.race([p, new Promise<never>((_, rej) => setTimeout(() => rej(new Error("hang " + what)), 15000))]);
test("twice", async () => {
  const a = await startTestService();
  console.log("a started"); await a.stop(); console.log("a stopped");
  const b = await race(startTestService({ roles: ["expirer"] }), "no-api start");
  console.log("b (no api) started");
  const t = Date.now(); const app = buildApp(b.ctx); console.log("buildApp", Date.now() - t);
  const r = await race(Promise.resolve(app.handle(new Request("http://x/health"))), "handle");
  console.log("health", r.status);
  await b.stop();
}, 90000);

import { buildApp } from "./src/http/app.ts";
import { loadConfig } from "./src/config.ts";
for (let i = 0; i < 6; i++) {
  const app = buildApp({ config: loadConfig({}), log: { error() {} } } as any);
  const t = performance.now();
  const res = await app.handle(new Request("http://localhost/swagger/json"));
  const text = await res.text();
  console.log(i, res.status, (performance.now() - t).toFixed(0), "ms", text.length, "bytes");
}

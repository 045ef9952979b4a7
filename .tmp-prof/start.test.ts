import { test } from "bun:test";
import { startTestService } from "../test/support/service.ts";
test("start/stop timing", async () => {
  for (const roles of [["api"], ["api", "indexer", "matcher"], ["api", "indexer", "matcher"]] as const) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const svc = await startTestService({ roles: [...roles] });
    const c1 = process.cpuUsage(); const t1 = performance.now();
    await svc.stop();
    const c2 = process.cpuUsage(); const t2 = performance.now();
    console.log(roles.join(","), "start", ((t1 - t0) / 1000).toFixed(2), "s wall, self cpu", ((c1.user + c1.system - c0.user - c0.system) / 1e6).toFixed(2), "| stop", ((t2 - t1) / 1000).toFixed(2), "s, self cpu", ((c2.user + c2.system - c1.user - c1.system) / 1e6).toFixed(2));
  }
}, 120000);

/**
 * What this process runs, as a metric that is always 1: `stablepay_build_info{version, runtime}`.
 * A dashboard shows which versions run side by side during a rolling upgrade, and a query can join
 * it to any other series by instance.
 */
import packageJson from "../../package.json" with { type: "json" };
import { processMetrics } from "./metrics.ts";

export const SERVICE_VERSION: string = packageJson.version;

processMetrics
  .gauge("stablepay_build_info", "Always 1: the service's version (package.json) and the runtime's (Bun) of this process.", ["version", "runtime"])
  .set({ version: SERVICE_VERSION, runtime: `bun ${Bun.version}` }, 1);

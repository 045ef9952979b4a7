/**
 * A dispatcher in its own process (for the crash test: the parent kills it with SIGKILL while a
 * delivery is in flight). Reads DATABASE_URL and WEBHOOK_TIMEOUT_MS from the environment.
 */
import { connect } from "../../src/db/client.ts";
import { Dispatcher } from "../../src/workers/dispatcher.ts";
import { testContext } from "./webhook-fixtures.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const database = connect(url, { max: 4 });
const ctx = testContext(database, { env: { WEBHOOK_TIMEOUT_MS: process.env.WEBHOOK_TIMEOUT_MS ?? "10000" } });
const dispatcher = new Dispatcher(ctx, { pollMs: 50 });
await dispatcher.start();
process.stdout.write("started\n");
setInterval(() => {}, 1 << 30);

// Ponder requires an API entry point exporting a Hono app. The service reads the indexed data
// straight from Postgres (the views schema), so this serves nothing of its own; Ponder still adds
// /health, /ready, /status and /metrics, which src/chain/indexer/ uses.
import { Hono } from "hono";

const app = new Hono();

export default app;

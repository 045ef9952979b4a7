// Ponder reads the schema from `<root>/ponder.schema.ts` (root = indexer/, fixed path, no CLI flag).
// The real schema lives at the repository root; this file only re-exports it. Ponder executes it
// with vite-node and takes its exports, so a re-export is all it needs.
// Note: Ponder's build id hashes THIS file's text, not the root schema's, so a schema change would
// not change the build id; src/chain/indexer/ hashes the root schema into the instance's
// schema name instead, so a changed schema always starts on a fresh database schema.
export * from "../ponder.schema.ts";

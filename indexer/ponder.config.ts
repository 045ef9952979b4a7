// Type-only companion for Ponder's generated ponder-env.d.ts, which refers to "./ponder.config.ts"
// next to it. The process runs with `--root indexer --config ../ponder.config.ts`, i.e. the real
// config at the repository root; this file is not executed.
export { default } from "../ponder.config.ts";

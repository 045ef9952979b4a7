// Patches postgres.js 3.4.9 (node_modules/postgres) against the defect that takes the whole process
// down when a connection's backend dies (a database failover, a PgBouncer restart,
// pg_terminate_backend): porsager/postgres issues #1066, #1154, #1208; fixes proposed in PRs #1168 and
// #1209, not in a release yet. Applied by `npm install` (package.json `postinstall`) and again by
// bootstrap.mjs; every entry point refuses to start without it (src/db/driver-patch.ts). Remove this
// script, those calls and that check once a release carries the fix: it refuses to run on any other
// version, so an upgrade makes us look again.
//
// Six changes, in src/ (Bun) and cjs/src/ (Node), each applied once (idempotent):
//  1. nextWrite() on a connection whose socket is gone settles the waiting queries with a catchable
//     CONNECTION_CLOSED instead of throwing `null is not an object (evaluating 'socket.write')` from
//     a setImmediate (uncatchable: the process exits).
//  2. closed() and terminate() reset the write buffer and its timer, so a connection that reconnects
//     does not keep a stale timer that stops every later small write from being flushed (a hang).
//  3. release() of a reserved connection that closed while reserved leaves it with the closed ones
//     (reconnected on demand) instead of putting a dead connection back among the open ones.
//  4. The array-types query a new connection runs first (fetch_types) no longer leaves an unhandled
//     rejection when the connection dies during it (issues #1192, #1205, #1223): ReadyForQuery
//     dropped the promise of fetchArrayTypes(). The close itself already fails the waiting queries,
//     and a reconnect fetches the types again, so the rejection is only caught.
//  5. A sql.reserve() whose new connection dies before it is handed over (e.g. during that types
//     query) is not lost: onclose() took it out of the waiting queue to reconnect with, and a reserve
//     is only ever handed over from that queue, so the caller waited for ever (the matcher stood by
//     for good after a failover). It stays queued now; and a reserve that fails is taken out of the
//     queue, so a later connection is not handed to a caller that has gone.
//  6. Not a crash but a cost (queue.js): the pool's queues kept a hole for every shift() until they
//     were empty, and every remove() scanned them all; see the edit below.
//
// Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* stablepay patch: postgres#1208 */";
const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "postgres");

/** Each file's replacements, [from, to]: applied in src/ (Bun) and cjs/src/ (Node). */
export const EDITS = {
  "connection.js": [
    [
      "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
      `  function nextWrite(fn) {\n    ${MARK}\n    if (socket === null) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options, socket))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
    ],
    ["    clearImmediate(nextWriteTimer)\n    if (socket) {", "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {"],
    ["    incomings = null\n    clearImmediate(nextWriteTimer)\n", "    incomings = null\n    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n"],
    ["        return fetchArrayTypes()\n", `        return fetchArrayTypes().catch(() => { ${MARK} })\n`],
  ],
  "index.js": [
    ["    sql.release = () => {\n      c.reserved = null\n      onopen(c)\n    }", `    sql.release = () => {\n      ${MARK}\n      c.reserved = null\n      c.queue === closed || onopen(c)\n    }`],
    ["        const query = { reserve: resolve, reject }\n", `        const query = { reserve: resolve, reject: (err) => (queries.remove(query), reject(err)) } ${MARK}\n`],
    ["    queries.length && connect(c, queries.shift())\n  }\n}", `    ${MARK}\n    if (queries.length) {\n      const next = queries.shift()\n      next.reserve && queries.push(next)\n      connect(c, next)\n    }\n  }\n}`],
  ],
  // 6. The pool's queues (open, busy, full connections; queries waiting) leave a hole for every
  //    shift() and drop them only when the queue is empty, which a pool under steady load never is:
  //    each remove() (a connection moved between queues, for every query) scanned every hole since the
  //    last time it was empty, a linear search that took 12-17% of an API process's CPU in a 6-second
  //    run of gets. Holes are dropped once they are half the array, and remove() searches from the head.
  "queue.js": [
    [
      "    remove: (x) => {\n      const index = xs.indexOf(x)\n      return index === -1\n        ? null\n        : (xs.splice(index, 1), x)\n    },",
      `    remove: (x) => {\n      ${MARK}\n      const at = xs.indexOf(x, index)\n      return at === -1\n        ? null\n        : (xs.splice(at, 1), x)\n    },`,
    ],
    [
      "      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else {\n        xs[index - 1] = undefined\n      }",
      "      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else if (index >= 64 && index * 2 >= xs.length) {\n        xs = xs.slice(index)\n        index = 0\n      } else {\n        xs[index - 1] = undefined\n      }",
    ],
  ],
};

/** Patches the package at `root` (this checkout's node_modules/postgres by default). */
export function patchPostgres(root = defaultRoot) {
  if (!existsSync(join(root, "package.json"))) return;
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  if (version !== "3.4.9") throw new Error(`scripts/patch-postgres.mjs is for postgres 3.4.9, found ${version}: check whether the release fixes #1208 and update or remove the patch`);
  for (const dir of ["src", "cjs/src"]) for (const [file, replacements] of Object.entries(EDITS)) edit(join(root, dir, file), replacements);
}

function edit(file, replacements) {
  const before = readFileSync(file, "utf8");
  let text = before;
  for (const [from, to] of replacements) {
    if (text.includes(to)) continue; // applied by an earlier run
    if (!text.includes(from)) throw new Error(`scripts/patch-postgres.mjs: ${file} does not contain the expected code; the patch needs updating`);
    text = text.replace(from, to);
  }
  if (text === before) return;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) patchPostgres();

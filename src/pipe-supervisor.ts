/**
 * Children of a Bun process outlive it (even a clean exit fires no "exit" event under bun test).
 * So long-running children (anvil, Ponder) run under this small sh supervisor, started as
 * `spawn("sh", ["-c", PIPE_SUPERVISOR, name, command, ...args], { stdio: ["pipe", …] })`, whose
 * stdin is a pipe from us: a watcher blocks reading it and, when the pipe closes (stop() closed it,
 * or this process died, even by SIGKILL), sends the command SIGTERM. The supervisor reaps the
 * command and the watcher and exits with the command's status, so it also reports a command that
 * died on its own, and nothing is left orphaned.
 * (Background jobs of a non-interactive sh get /dev/null as stdin, hence the pipe is kept as fd 3.)
 */
export const PIPE_SUPERVISOR = pipeSupervisor("TERM");

/** The same supervisor sending `signal` instead (Postgres: QUIT is its immediate shutdown, TERM waits for every session). */
export function pipeSupervisor(signal: "TERM" | "QUIT"): string {
  return [
    "exec 3<&0",
    '"$@" </dev/null 3<&- & pid=$!',
    `(read -r _ <&3; kill -${signal} "$pid" 2>/dev/null) & watcher=$!`,
    'wait "$pid"; status=$?',
    'kill "$watcher" 2>/dev/null; wait',
    'exit "$status"',
  ].join("\n");
}

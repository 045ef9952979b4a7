/**
 * The browser side of bench/pay-streams.ts, in a process of its own so that the service's memory
 * is measured alone. Reads `{ base, ids }` (one stream per entry; an id may repeat) as JSON from
 * stdin, opens every `GET /pay/{id}/events`, prints `open <n>` once all have their first status, then
 * `cancelled <index> <time>` for each stream when its `cancelled` status arrives (time: epoch ms
 * with fractions, performance.timeOrigin + performance.now(), comparable across processes).
 */
const input = JSON.parse(await new Response(Bun.stdin.stream()).text()) as { base: string; ids: string[] };
const now = () => performance.timeOrigin + performance.now();
let opened = 0;

async function watch(index: number, id: string, onOpen: () => void) {
  const res = await fetch(`${input.base}/pay/${id}/events`);
  if (res.status !== 200) throw new Error(`events ${id}: ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  let open = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true });
    if (!open && buf.includes('"status":"awaiting_payment"')) {
      open = true;
      onOpen();
    }
    if (buf.includes('"status":"cancelled"')) {
      console.log(`cancelled ${index} ${now()}`);
      buf = "";
    }
    if (buf.length > 4096) buf = buf.slice(-512);
  }
}

for (let i = 0; i < input.ids.length; i += 100) {
  await Promise.all(
    input.ids.slice(i, i + 100).map(
      (id, k) =>
        new Promise<void>((resolve, reject) => {
          watch(i + k, id, () => {
            opened++;
            resolve();
          }).catch(reject);
        }),
    ),
  );
}
console.log(`open ${opened}`);
await new Promise(() => {}); // until killed
export {};

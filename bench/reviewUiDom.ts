// The review UI bench without a browser: the webview in happy-dom (the DOM test tier's harness), in a
// process of its own since happy-dom takes over the global scope. Used only when headless Chromium is not
// available; no layout or paint, so its figures are the app's own JavaScript time.
//   node --import tsx bench/reviewUiDom.ts INIT.json FIRST-ITEM.json CHUNKS.json DETAILS.json   prints one JSON object
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { collectGarbage, percentile, round, since } from './stats';

/** The part of test/webview/harness.ts's Mounted this uses (DOM types left out: this file is host code). */
interface DomMounted {
  deliver(message: unknown): void;
  key(key: string): unknown;
  posted(type: 'select'): { itemId: string }[];
  $(selector: string): unknown;
  settle(ms?: number): Promise<void>;
}

interface DetailLike {
  readonly id: string;
}

async function main(): Promise<void> {
  const [initPath, firstItemPath, chunksPath, detailsPath] = process.argv.slice(2);
  if (initPath === undefined || firstItemPath === undefined || chunksPath === undefined || detailsPath === undefined) {
    throw new Error('usage: reviewUiDom.ts INIT.json FIRST-ITEM.json CHUNKS.json DETAILS.json');
  }
  const harness = (await import(join(REPO_ROOT, 'test/webview/harness.ts'))) as { mount: () => Promise<DomMounted> };
  const details = new Map((JSON.parse(readFileSync(detailsPath, 'utf8')) as DetailLike[]).map((d) => [d.id, d]));
  const first = details.values().next().value;
  const detailOf = (id: string): DetailLike => details.get(id) ?? { ...first, id };
  const mounted = await harness.mount();
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;

  const start = performance.now();
  const init: unknown = JSON.parse(readFileSync(initPath, 'utf8'));
  mounted.deliver(init);
  mounted.deliver(JSON.parse(readFileSync(firstItemPath, 'utf8')));
  const firstItemMs = since(start);
  const rendered = mounted.$('.vlist [aria-selected="true"]') !== null && mounted.$('.detail-columns .choices') !== null;
  for (const chunk of JSON.parse(readFileSync(chunksPath, 'utf8')) as unknown[]) mounted.deliver(chunk);

  const handler: number[] = [];
  for (let i = 0; i < 200; i++) {
    const pressed = performance.now();
    mounted.key('j');
    const id = mounted.posted('select').at(-1)?.itemId ?? '';
    mounted.deliver({ type: 'item', detail: detailOf(id) });
    handler.push(since(pressed));
    await mounted.settle();
  }
  collectGarbage();
  process.stdout.write(
    `${JSON.stringify({
      firstItemMs: round(firstItemMs, 1),
      rendered,
      keyP50Ms: round(percentile(handler, 50), 2),
      keyP95Ms: round(percentile(handler, 95), 2),
      heapMB: round((process.memoryUsage().heapUsed - heapBefore) / 1e6, 1),
    })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

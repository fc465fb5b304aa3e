/**
 * The page the review UI bench loads: the shipped webview bundle under a fake acquireVsCodeApi that plays the
 * extension host. It answers 'ready' as ReviewPanel.postInit does: the init message (fetched as JSON text,
 * parsed, and posted to the window as VS Code posts into a webview), the first item's detail, then the row
 * chunks, one task each; and 'select' with the item's detail on the next task. It records
 * when each message was handled and the first frame painted after, on the page's own clock (0 = navigation
 * start), and offers __bench.press(key, count) to time keystrokes. Browser code, so kept as plain text.
 */
export const PAGE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="/codicon.css">
<title>Review bench</title>
</head>
<body>
<div id="app" class="app"></div>
<script src="/harness.js"></script>
<script src="/webview.js"></script>
</body>
</html>`;

export const HARNESS_JS = `(() => {
  'use strict';
  const bench = { marks: {}, details: new Map(), itemsHandled: 0, onItem: null, errors: [] };
  window.__bench = bench;
  // The next frame: its requestAnimationFrame callback (work done before it is in the frame), and the end
  // of its paint (a task queued from that callback runs once the frame is painted).
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const start = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve({ start, painted: performance.now() });
    channel.port2.postMessage(null);
  }));
  const painted = () => frame().then((f) => f.painted);
  // Item details for the key presses (a bench artifact, not something the extension sends): fetched once the
  // first item is painted, so that they never delay it.
  const fetchDetails = () => fetch('/details.json').then((r) => r.json()).then((list) => {
    for (const d of list) bench.details.set(d.id, d);
    bench.marks.details = performance.now();
  }).catch((e) => bench.errors.push(String(e)));
  // Runs after the app's own listener (added when the app started, before it posted 'ready').
  const afterApp = (event) => {
    const data = event.data;
    if (data && data.type === 'init') {
      bench.marks.initHandled = performance.now();
      painted().then((t) => { bench.marks.initPainted = t; });
    }
    if (data && data.type === 'rowChunk' && data.done) bench.marks.allRows = performance.now();
    if (data && data.type === 'item') {
      bench.itemsHandled += 1;
      if (bench.itemsHandled === 1) {
        bench.marks.firstItemHandled = performance.now();
        painted().then((t) => {
          bench.marks.firstItemPainted = t;
          sendChunks();
          fetchDetails();
          const selected = document.querySelector('.vlist [aria-selected="true"]');
          const question = document.querySelector('.detail-columns .choices');
          bench.marks.rendered = { selectedRow: selected !== null, rowsInDom: document.querySelectorAll('.vlist .row').length, detail: question !== null };
        });
      }
      const waiting = bench.onItem;
      bench.onItem = null;
      if (waiting) waiting(performance.now());
    }
  };
  // The other rows, fetched (a bench artifact: 30 MB of JSON) once the first item is painted, then posted one
  // chunk per task as the host sends one per turn of its event loop (setImmediate).
  const sendChunks = () => fetch('/chunks.json').then((r) => r.json()).then((list) => {
    bench.marks.chunksFetched = performance.now();
    if (list.length === 0) bench.marks.allRows = performance.now();
    const next = (i) => {
      if (i >= list.length) return;
      window.postMessage(list[i], '*');
      setTimeout(() => next(i + 1), 0);
    };
    next(0);
  }).catch((e) => bench.errors.push(String(e)));
  const api = {
    postMessage(message) {
      if (message.type === 'ready') {
        bench.marks.ready = performance.now();
        window.addEventListener('message', afterApp);
        const first = fetch('/first-item.json').then((r) => r.json());
        // The server answers once the host (a process of its own) has written them, as ReviewPanel answers
        // 'ready' once the run is open.
        Promise.all([fetch('/init.json').then((r) => r.text()), first]).then(([text, firstItem]) => {
          bench.marks.initFetched = performance.now();
          const init = JSON.parse(text);
          bench.marks.initParsed = performance.now();
          bench.rowCount = init.rows.length;
          window.postMessage(init, '*');
          window.postMessage(firstItem, '*');
        }).catch((e) => bench.errors.push(String(e)));
      } else if (message.type === 'select') {
        const known = bench.details.get(message.itemId);
        const detail = known ?? { ...bench.details.values().next().value, id: message.itemId };
        setTimeout(() => window.postMessage({ type: 'item', detail }, '*'), 0);
      }
    },
    getState() { return undefined; },
    setState() {},
  };
  window.acquireVsCodeApi = () => api;

  /** Presses a key count times, one after another: the keydown handler's own time, and from keydown to the frame painted after the selection moved and after its detail came. */
  bench.press = async (key, count) => {
    const list = document.querySelector('.vlist');
    if (list) list.focus();
    const handler = [];
    const selection = [];
    const item = [];
    for (let i = 0; i < count; i++) {
      const itemCame = new Promise((resolve) => { bench.onItem = resolve; });
      const start = performance.now();
      (document.activeElement || document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      handler.push(performance.now() - start);
      const next = await frame();
      const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 2000));
      const came = await Promise.race([itemCame, timeout]);
      // A detail handled before that frame began is painted in it; a later one in a frame of its own.
      const shown = came === null ? null : came < next.start ? next.painted : await painted();
      selection.push(next.painted - start);
      if (shown !== null) item.push(shown - start);
    }
    bench.onItem = null;
    return { handler, selection, item };
  };
})();`;

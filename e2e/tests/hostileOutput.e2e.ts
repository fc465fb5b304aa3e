// Hostile model output in a real VS Code: the test server answers with the XSS corpus (--hostile-responses),
// a run of 20 items is made with the CLI, and its review is stepped through item by item in code-server.
// In the webview nothing is made from the payloads (no injected element, no handler attribute), no script
// runs (no dialog), nothing is requested outside code-server and nothing is refused by the CSP (nothing
// tried), and each response and judge reply is shown as the exact text in results.jsonl. Then no file the
// tool, the extension or code-server wrote holds the API key.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type Frame, type Page } from 'playwright-core';
import { REPO_ROOT, packageVsix, runCommandAndPick, scratchDir, screenshot, webviewFrame, withWorkbench } from '../lib';
import { DATA_DIR } from '../helpers/runFiles';
import { startProjectTestServer } from '../helpers/testServer';
import { assertNoSecrets } from '../../test/fixtures/secretScan';

const KEY = 'sk-e2e-HostileOutputKeyNeverWritten98765';
const ITEMS = 20;

interface Line {
  itemId: string;
  response: string | null;
  judgeReply: string | null;
}

interface FrameFindings {
  readonly scripts: number;
  readonly injected: string[];
  readonly handlers: string[];
  readonly response: string | null;
  readonly judgeReply: string | null;
  readonly title: string;
}

/** The review webview's document (iframe.webview > iframe#active-frame) as a playwright Frame, for evaluate(). */
async function reviewFrame(page: Page): Promise<Frame> {
  const outer = await page.locator('iframe.webview').filter({ visible: true }).first().elementHandle();
  const outerFrame = await outer?.contentFrame();
  const inner = await outerFrame?.locator('iframe#active-frame').elementHandle();
  const frame = await inner?.contentFrame();
  if (frame === null || frame === undefined) throw new Error('the review webview frame was not found');
  return frame;
}

/**
 * What the webview's DOM holds: elements a payload would make, handler attributes, and the texts shown.
 * A string, not a function: tsx's transform would add helpers the page does not have.
 */
const INSPECT = `(() => {
  const all = [];
  const visit = (node) => {
    for (const child of Array.from(node.children)) {
      all.push(child);
      visit(child);
      if (child.shadowRoot !== null) visit(child.shadowRoot);
    }
  };
  visit(document);
  const watched = ['img', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'form', 'base', 'video', 'audio', 'source', 'picture', 'marquee', 'template', 'noscript', 'xmp', 'x'];
  const injected = all
    .filter((e) => watched.includes(e.tagName.toLowerCase())
      || (e.tagName === 'META' && e.hasAttribute('http-equiv') && e.getAttribute('http-equiv') !== 'Content-Security-Policy')
      || (e.tagName === 'LINK' && !/^https:\\/\\/[^/]+\\.vscode-resource\\.vscode-cdn\\.net\\//.test(e.getAttribute('href') || ''))
      || (e.tagName === 'STYLE' && (e.textContent || '').includes('exfil')))
    .map((e) => e.outerHTML.slice(0, 120));
  const handlers = all.flatMap((e) => Array.from(e.attributes).filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => '<' + e.tagName.toLowerCase() + ' ' + a.name + '>'));
  const response = document.querySelector('.response');
  const judge = document.querySelector('.pane-model .raw[aria-label="Judge reply, raw"]');
  return {
    scripts: document.querySelectorAll('script').length,
    injected,
    handlers,
    response: response === null ? null : response.textContent,
    judgeReply: judge === null ? null : judge.textContent,
    title: document.title,
  };
})()`;

function inspect(frame: Frame): Promise<FrameFindings> {
  return frame.evaluate(INSPECT) as Promise<FrameFindings>;
}

test(
  'hostile model output: stepped through in the review, nothing runs, nothing is requested, every text is shown as it is',
  { timeout: 600_000 },
  async (t) => {
    assert.ok(
      existsSync(join(DATA_DIR, 'yokaieval', 'YokaiEval.json')),
      `official data not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`,
    );
    const server = await startProjectTestServer(
      [
        '--hostile-responses',
        '--require-api-key-env',
        'E2E_SERVER_KEY',
        '--judge-template',
        join(DATA_DIR, 'yokaieval', 'judge_prompt.txt'),
      ],
      { E2E_SERVER_KEY: KEY },
    );
    t.after(() => server.close());
    const root = scratchDir('hostile');
    const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
    const workspaceDir = join(root, 'workspace');
    const runsDir = join(workspaceDir, 'runs');
    const cacheDir = join(root, 'cache');
    mkdirSync(runsDir, { recursive: true });

    // The run, with the CLI the build just made; generous max tokens so that whole payloads come through.
    const cli = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'dist', 'cli.js'),
        'run',
        'yokaieval',
        '--model',
        'test-model',
        '--base-url',
        server.url,
        '--limit',
        String(ITEMS),
        '--max-tokens',
        '100000',
        '--judge-max-tokens',
        '100000',
        '--data',
        DATA_DIR,
        '--out',
        runsDir,
        '--name',
        'hostile-run',
      ],
      { env: { PATH: process.env['PATH'] ?? '', OPENAI_API_KEY: KEY, EVAL_ADJUDICATOR_CACHE: cacheDir }, encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, cli.stderr);
    assert.ok(!cli.stdout.includes(KEY) && !cli.stderr.includes(KEY));
    const runDir = join(runsDir, 'hostile-run');
    const lines = readFileSync(join(runDir, 'results.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);
    assert.equal(lines.length, ITEMS);
    assert.ok(
      lines.every((l) => l.response !== null && /[<>]|javascript:/.test(l.response)),
      'every response carries a payload',
    );
    const byIndex = [...lines].sort((a, b) => Number(a.itemId) - Number(b.itemId));

    const env = {
      OPENAI_API_KEY: KEY,
      EVAL_ADJUDICATOR_DATA: DATA_DIR,
      EVAL_ADJUDICATOR_ANNOTATOR: 'E2E Hostile',
      EVAL_ADJUDICATOR_CACHE: cacheDir,
    };
    let codeServerDir = '';
    await withWorkbench({ name: 'hostile-output', vsixPath, workspaceDir, env, signal: t.signal }, async ({ page, server: codeServer }) => {
      codeServerDir = codeServer.dir;
      const origin = new URL(codeServer.url).origin;
      const requests: string[] = [];
      const dialogs: string[] = [];
      const refused: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      // CSP refusals in the webview (the workbench's own, e.g. the harness's closed gallery port, are not ours).
      page.on('console', (message) => {
        const text = message.text();
        const where = message.location().url;
        const inWebview = where === '' || /\/webview\/|vscode-cdn\.net|vscode-webview:/.test(where);
        if (inWebview && /Content Security Policy|Refused to /i.test(text)) refused.push(`${text} (${where})`);
      });

      await runCommandAndPick(page, 'Eval Adjudicator: Review Run', 'hostile-run');
      const frame = webviewFrame(page);
      await frame.locator('.row').first().waitFor({ timeout: 120_000 });
      await frame.locator('.vlist').focus();
      await frame.locator('.row[aria-selected="true"][data-item-id="0"]').waitFor({ timeout: 15_000 });
      const doc = await reviewFrame(page);
      const first = await inspect(doc);
      assert.ok(first.scripts >= 1, 'the app script is there');

      for (const [index, line] of byIndex.entries()) {
        if (index > 0) await page.keyboard.press('j');
        await frame.locator(`.row[aria-selected="true"][data-item-id="${line.itemId}"]`).waitFor({ timeout: 15_000 });
        await frame.locator('.detail-columns:not([aria-busy])').waitFor({ timeout: 15_000 });
        await frame.locator('.response').first().waitFor({ timeout: 15_000 });
        const found = await inspect(doc);
        assert.equal(found.scripts, first.scripts, `item ${line.itemId}: a script element was added`);
        assert.deepEqual(found.injected, [], `item ${line.itemId}: elements made from a payload`);
        assert.deepEqual(found.handlers, [], `item ${line.itemId}: event handler attributes`);
        assert.equal(found.response, line.response, `item ${line.itemId}: the response is shown as its exact text`);
        if (line.judgeReply !== null && line.judgeReply !== '')
          assert.equal(found.judgeReply, line.judgeReply, `item ${line.itemId}: the judge reply is shown as its exact text`);
        assert.equal(found.title, first.title, 'the document title is the app’s');
      }
      await screenshot(page, 'hostile-output');

      assert.deepEqual(dialogs, [], 'a payload ran script (a dialog opened)');
      assert.deepEqual(refused, [], 'something tried to load and the CSP refused it');
      assert.deepEqual(
        requests.filter((url) => url.includes('exfil.invalid')),
        [],
        'a payload sent a request',
      );
      // Webview resources (the extension's dist/) are asked of *.vscode-resource.vscode-cdn.net, which VS Code's
      // service worker answers from code-server: they never leave it.
      const outside = requests.filter((url) => {
        if (/^(data|blob|vscode-webview|vscode-resource):/.test(url)) return false;
        const parsed = new URL(url);
        if (parsed.hostname.endsWith('.vscode-resource.vscode-cdn.net')) return !parsed.pathname.includes('/dist/');
        return parsed.origin !== origin;
      });
      assert.deepEqual(outside, [], 'requests that left code-server');
      assert.ok(
        requests.some((url) => url.includes('/dist/webview.js')),
        "the webview's own requests are seen, so none of a payload's would be missed",
      );
    });
    // The run folder, the response cache, the workspace, and code-server's profile and logs (extension host included).
    assertNoSecrets([runsDir, cacheDir, workspaceDir, codeServerDir], [KEY], { minFiles: 4 });
  },
);

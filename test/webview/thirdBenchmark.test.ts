// The third benchmark (test/fixtures/benchmarks/tiny) in the review page: a real run of it, opened by the
// real ReviewSession, its messages built as the panel builds them (openingMessages, the benchmark's look
// from the registry) and delivered to the page. Its rows, facet, detail and decisions need no page code
// of their own.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { registerBenchmark } from '../../src/core/benchmarks/registry';
import { RequestPool } from '../../src/core/model/requestPool';
import { runEveryItem } from '../../src/core/runs/executeRun';
import { openingMessages } from '../../src/core/review/openingMessages';
import { ReviewSession } from '../../src/core/review/reviewSession';
import { TINY } from '../fixtures/benchmarks/tiny';
import { JUDGE_MARK, TINY_ITEMS, scriptedJudgeReply } from '../fixtures/benchmarks/tiny/items';
import { prepareTinyRun } from '../fixtures/benchmarks/tiny/session';
import { scratchDir } from '../helpers/scratch';
import { startTestServer } from '../server';
import { type Mounted, mount, textOf } from './harness';

registerBenchmark(TINY);

const ANSWERS: Readonly<Record<string, string>> = {
  'What has keys but opens no locks?': 'A piano.',
  'What runs but never walks?': 'A river!',
  'What has a neck but no head?': 'a bottle',
  'What falls but never breaks?': 'rain',
};

let dir = '';
let m: Mounted | undefined;

before(async () => {
  const server = await startTestServer({
    script: (req) => ({
      content: req.userText.startsWith(JUDGE_MARK) ? scriptedJudgeReply(req.userText) : (ANSWERS[req.userText] ?? 'no idea'),
    }),
  });
  try {
    dir = join(scratchDir('tiny-review'), 'tiny-run');
    const spec = {
      endpoint: { provider: 'openai-compatible' as const, baseUrl: server.url },
      name: 'tiny-model',
      apiKeyEnv: null,
      systemPrompt: null,
      params: { temperature: 0, topP: null, maxTokens: 16 },
    };
    const environment = {
      sources: { dataDir: undefined, cacheDir: scratchDir('tiny-review-cache') },
      keys: { model: 'k', judge: 'k' },
      concurrency: 1,
      useCache: false,
      pool: new RequestPool({ maxConcurrency: 1 }),
      cache: undefined,
    };
    const outcome = await runEveryItem(dir, prepareTinyRun('tiny-run', spec, environment), { workers: 1 });
    assert.equal(outcome.manifest.counts.done, TINY_ITEMS.length);
  } finally {
    await server.close();
  }
});

after(() => m?.unmount());

test("the review page shows a third benchmark's run from what the host sends: title, language, facet, rows, detail, decisions", async () => {
  const { session, problems } = ReviewSession.open(dir, 'Aiko');
  assert.deepEqual(problems, []);
  const opening = openingMessages(session, { selectedItemId: 'r4', role: 'annotator', categories: [], blind: false, canUndo: false });
  assert.equal(opening.init.run.benchmark, 'tiny');
  m = await mount();
  m.deliver(opening.init);
  await m.settle();

  assert.match(textOf(m.$('.run-title')), /Tiny riddles/);
  const labels = m.$$('.row-label');
  assert.deepEqual(
    labels.map((l) => textOf(l)),
    TINY_ITEMS.map((i) => i.question),
  );
  assert.ok(
    labels.every((l) => l.getAttribute('lang') === 'en'),
    'rows carry the benchmark language',
  );
  (m.$('.facet-toggle') as HTMLElement).click();
  await m.settle();
  const facet = m.$('.facet-group[data-facet="topic"]');
  assert.ok(facet !== null, 'the benchmark facet is offered');
  assert.equal(textOf(facet.querySelector('.facet-title span')), 'Topic');

  // The page asks for the selected item; the host answers with the benchmark's own detail.
  const asked = m.last('select');
  assert.equal(asked?.itemId, 'r4');
  m.deliver({ type: 'item', detail: session.detail('r4', false) });
  await m.settle();
  assert.deepEqual(
    m.$$('.pane-item .subheading').map((h) => textOf(h)),
    ['riddle', 'answer'],
  );
  assert.match(textOf(m.$('.pane-item')), /What falls but never breaks\?.*night/);
  assert.equal(textOf(m.$('.response')), 'rain');

  // A decision on it goes to the host for that item.
  m.clearPosted();
  m.key('t', {}, m.$('[role="listbox"]') ?? undefined);
  const decided = m.last('adjudicate');
  assert.equal(decided?.itemId, 'r4');
  assert.equal(decided?.decision.verdict, true);
});

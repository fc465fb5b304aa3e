import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Template } from '@huggingface/jinja';
import * as z from 'zod';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { readManifest } from '../../../src/core/runs/runFolder';
import { type ResultLine, ResultLineSchema } from '../../../src/core/runs/resultLine';
import { GgufModel } from '../../../src/core/runtimes/gguf/ggufModel';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { TINY_CHAT_TEMPLATE, writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const projectRoot = resolve(__dirname, '../../..');
const datasetPath = join(sharedDataDir, 'yokaieval', 'YokaiEval.json');
const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
/** The judge template is about 4 200 bytes of Japanese: one byte-fallback token per byte in the tiny vocabulary. */
const LOCAL_OPTIONS = ['--context', '6144', '--threads', '1'];

const Record = z.object({ question: z.string(), choices: z.array(z.string()), answer: z.string() });

/** Python's str.format over the three names the official template uses, written apart from the tool's filler. */
function pythonFormat(template: string, fields: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value = name === undefined ? undefined : fields[name];
    if (value === undefined) throw new Error(`KeyError: ${name ?? ''}`);
    return value;
  });
}

/** The official parse: exact match of true/false words, anything else null. */
function officialVerdict(reply: string): boolean | null {
  if (['true', 'True', 'TRUE'].includes(reply)) return true;
  if (['false', 'False', 'FALSE'].includes(reply)) return false;
  return null;
}

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

function resultLines(runDir: string): ResultLine[] {
  return readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value);
}

describe('run yokaieval with a local GGUF model and judge', () => {
  const dir = scratchDir('yokai-gguf');
  const modelPath = join(dir, 'tiny.gguf');
  writeTinyLlamaGguf(modelPath, 77);
  const cacheEnv = { EVAL_ADJUDICATOR_CACHE: join(dir, 'cache') };
  let tokenizer: GgufModel;
  let firstRun = '';

  before(async () => {
    tokenizer = await GgufModel.open({ path: modelPath, gpuLayers: 0, contextSize: 6144, threads: 1 });
  });
  after(async () => {
    await tokenizer.dispose();
  });

  it('runs 10 items: the judge sees the official template filled as str.format does, wrapped by the chat template; run.json records the file; the review opens', async (t) => {
    if (!requireSharedFile(t, datasetPath)) return;
    const out = join(dir, 'runs');
    const run = await runCli(
      [
        'run',
        'yokaieval',
        '--model-file',
        modelPath,
        '--judge-model-file',
        modelPath,
        '--limit',
        '10',
        '--data',
        sharedDataDir,
        '--out',
        out,
        ...LOCAL_OPTIONS,
      ],
      { env: cacheEnv },
    );
    assert.equal(run.code, 0, run.stderr);
    firstRun = run.lastLine;
    assert.match(basename(firstRun), /^yokaieval-tiny-\d{8}T\d{6}Z$/, 'named after the file without .gguf');
    const manifest = readManifest(firstRun);
    assert.deepEqual(manifest.counts, { items: 10, done: 10, error: 0, missing: 0 });
    assert.equal(manifest.model?.name, 'tiny');
    assert.equal(manifest.model?.provider, 'local');
    assert.equal(manifest.judge?.name, 'tiny');
    assert.deepEqual(
      manifest.model?.parameters,
      {
        systemPrompt: '以下に、日本の妖怪に関する質問をする指示があります。質問に対する回答を記述してください。',
        temperature: 0.1,
        topP: 1,
        maxTokens: 128,
      },
      'the open-weights preset',
    );
    assert.deepEqual(manifest.judge?.parameters, { systemPrompt: null, temperature: 0.7, topP: null, maxTokens: 200 });
    const FileRecord = z.object({
      name: z.string(),
      size: z.number(),
      sha256: z.string(),
      architecture: z.string(),
      modelName: z.string(),
    });
    const LocalRecord = z.object({
      file: FileRecord,
      runtime: z.object({ version: z.string(), threads: z.number(), contextSize: z.number() }),
      chatTemplate: z.literal('gguf'),
    });
    const local = z
      .object({ local: z.object({ model: LocalRecord, judge: LocalRecord, seed: z.number() }) })
      .parse(manifest.settings).local;
    const sha256 = createHash('sha256').update(readFileSync(modelPath)).digest('hex');
    for (const record of [local.model, local.judge]) {
      assert.deepEqual(record.file, {
        ...record.file,
        name: 'tiny.gguf',
        size: readFileSync(modelPath).length,
        sha256,
        architecture: 'llama',
        modelName: 'tiny-llama',
      });
      assert.equal(record.runtime.threads, 1);
      assert.equal(record.runtime.contextSize, 6144);
    }
    assert.equal(local.seed, 0);
    assert.ok(!readFileSync(join(firstRun, 'run.json'), 'utf8').includes(dir), 'run.json holds no folder of the model file');

    const template = readFileSync(templatePath, 'utf8');
    const dataset = z.array(Record).parse(JSON.parse(readFileSync(datasetPath, 'utf8')));
    const chat = new Template(TINY_CHAT_TEMPLATE);
    const wrapped = (messages: readonly { role: string; content: string }[]): string =>
      chat.render({ messages, add_generation_prompt: true, bos_token: '<s>', eos_token: '<|im_end|>' });
    const lines = resultLines(firstRun);
    assert.equal(lines.length, 10);
    for (const line of lines) {
      const item = dataset[Number(line.itemId)];
      assert.ok(item !== undefined);
      assert.equal(line.error, null);
      const question = item.question + item.choices.map((c) => `\n- ${c}`).join('');
      const modelMessages = [
        { role: 'system', content: '以下に、日本の妖怪に関する質問をする指示があります。質問に対する回答を記述してください。' },
        { role: 'user', content: question },
      ];
      assert.deepEqual(line.prompt, { messages: modelMessages });
      const judgeText = pythonFormat(template, { question, correct: item.answer, response: line.response ?? '' });
      assert.deepEqual(
        line.judgePrompt,
        { messages: [{ role: 'user', content: judgeText }] },
        `item ${line.itemId}: the judge prompt, byte for byte`,
      );
      // What the model saw: the same messages through the GGUF's template, rendered here with @huggingface/jinja itself.
      const seen =
        tokenizer.tokenize(wrapped(modelMessages)).tokens.length +
        tokenizer.tokenize(wrapped([{ role: 'user', content: judgeText }])).tokens.length;
      assert.equal(line.usage?.promptTokens, seen, `item ${line.itemId}: prompt tokens of the rendered model and judge prompts`);
      assert.ok((line.usage?.completionTokens ?? 0) > 0);
      assert.equal(line.verdict, officialVerdict(line.judgeReply ?? ''), `item ${line.itemId}: the judge reply parsed by exact match`);
    }

    const { session, problems } = ReviewSession.open(firstRun, 'Aiko');
    assert.deepEqual(problems, []);
    assert.equal(session.rows().length, 10);
    const detail = session.detail('0', false);
    assert.equal(detail.kind, 'choices');
    assert.equal(session.currentLine('0')?.response, lines.find((l) => l.itemId === '0')?.response);
    assert.equal(session.header().automaticAccuracy, lines.filter((l) => l.verdict === true).length / 10);
  });

  it('resumes after SIGKILL with both files given again, refuses a different one, and repeats the first run answer for answer (same seed)', async (t) => {
    if (!requireSharedFile(t, datasetPath)) return;
    assert.notEqual(firstRun, '', 'the first run completed');
    const out = join(dir, 'killed');
    const runDir = join(out, 'k');
    const start = [
      'run',
      'yokaieval',
      '--model-file',
      modelPath,
      '--judge-model-file',
      modelPath,
      '--limit',
      '10',
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--name',
      'k',
      ...LOCAL_OPTIONS,
    ];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...start], {
      cwd: projectRoot,
      env: { PATH: process.env['PATH'] ?? '', ...cacheEnv },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const results = join(runDir, 'results.jsonl');
    const began = Date.now();
    while (lineCount(results) < 3) {
      assert.ok(Date.now() - began < 180_000, 'the child wrote 3 results within 180 s');
      assert.equal(child.exitCode, null, 'the child ended before it was killed');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    assert.ok(lineCount(results) < 10, 'killed before the end');

    const without = await runCli(['run', 'yokaieval', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath], {
      env: cacheEnv,
    });
    assert.notEqual(without.code, 0);
    assert.match(without.stderr, /--judge-model-file/);
    const other = join(dir, 'other.gguf');
    writeTinyLlamaGguf(other, 78);
    const wrong = await runCli(
      ['run', 'yokaieval', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath, '--judge-model-file', other],
      { env: cacheEnv },
    );
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /other\.gguf: its sha256 [0-9a-f]{64} is not the [0-9a-f]{64} this run's judge was made with/);

    const resumed = await runCli(
      ['run', 'yokaieval', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath, '--judge-model-file', modelPath],
      { env: cacheEnv },
    );
    assert.equal(resumed.code, 0, resumed.stderr);
    const lines = resultLines(runDir);
    assert.equal(new Set(lines.map((l) => l.itemId)).size, 10);
    assert.equal(lines.length, 10, 'no item was run twice');
    assert.deepEqual(readManifest(runDir).counts, { items: 10, done: 10, error: 0, missing: 0 });
    const first = new Map(resultLines(firstRun).map((l) => [l.itemId, l]));
    for (const line of lines) {
      assert.equal(line.response, first.get(line.itemId)?.response, `item ${line.itemId}: the same answer`);
      assert.equal(line.judgeReply, first.get(line.itemId)?.judgeReply, `item ${line.itemId}: the same judge reply`);
    }
    assert.ok(ReviewSession.open(runDir, 'Aiko').problems.length === 0);
  });

  it('runs Ollama models by name, records the name and finds the file again on resume without --model-file', async (t) => {
    if (!requireSharedFile(t, datasetPath)) return;
    const store = scratchDir('yokai-ollama');
    const bytes = readFileSync(modelPath);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    mkdirSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny'), { recursive: true });
    writeFileSync(
      join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny', 'latest'),
      JSON.stringify({ layers: [{ mediaType: 'application/vnd.ollama.image.model', digest, size: bytes.length }] }),
    );
    mkdirSync(join(store, 'blobs'));
    writeFileSync(join(store, 'blobs', digest.replace(':', '-')), bytes);
    const env = { ...cacheEnv, OLLAMA_MODELS: store };
    const out = join(dir, 'ollama-runs');
    const run = await runCli(
      [
        'run',
        'yokaieval',
        '--model-file',
        'ollama:tiny:latest',
        '--judge-model-file',
        'ollama:tiny',
        '--limit',
        '2',
        '--data',
        sharedDataDir,
        '--out',
        out,
        '--name',
        'o',
        ...LOCAL_OPTIONS,
      ],
      { env },
    );
    assert.equal(run.code, 0, run.stderr);
    const manifest = readManifest(run.lastLine);
    assert.equal(manifest.model?.name, 'tiny:latest');
    assert.equal(manifest.judge?.name, 'tiny');
    const local = z
      .object({
        local: z.object({
          model: z.object({ choice: z.object({ ollama: z.string() }) }),
          judge: z.object({ choice: z.object({ ollama: z.string() }) }),
        }),
      })
      .parse(manifest.settings).local;
    assert.deepEqual([local.model.choice.ollama, local.judge.choice.ollama], ['ollama:tiny:latest', 'ollama:tiny']);
    assert.ok(!readFileSync(join(run.lastLine, 'run.json'), 'utf8').includes(store), 'no folder of the store');

    const results = join(run.lastLine, 'results.jsonl');
    const [kept, dropped] = readFileSync(results, 'utf8').split('\n');
    writeFileSync(results, `${kept ?? ''}\n`);
    const resumed = await runCli(['run', 'yokaieval', '--resume', run.lastLine, '--data', sharedDataDir], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    const lines = resultLines(run.lastLine);
    assert.equal(lines.length, 2);
    const before = ResultLineSchema.parse(JSON.parse(dropped ?? ''));
    assert.equal(lines[1]?.itemId, before.itemId);
    assert.equal(lines[1]?.response, before.response, 'the same answer again');
  });

  it('refuses what cannot work before writing anything: a judge left to OpenAI, server options on a file, a context too small', async (t) => {
    if (!requireSharedFile(t, datasetPath)) return;
    const out = join(dir, 'refused');
    const noJudge = await runCli(['run', 'yokaieval', '--model-file', modelPath, '--data', sharedDataDir, '--out', out], { env: cacheEnv });
    assert.equal(noJudge.code, 2, noJudge.stderr);
    assert.match(noJudge.stderr, /give the judge: --judge-model-file/);
    const serverOption = await runCli(
      [
        'run',
        'yokaieval',
        '--model-file',
        modelPath,
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--judge-model-file',
        modelPath,
        '--data',
        sharedDataDir,
        '--out',
        out,
      ],
      { env: cacheEnv },
    );
    assert.match(serverOption.stderr, /--base-url applies to a served model, not to --model-file/);
    const small = await runCli(
      [
        'run',
        'yokaieval',
        '--model-file',
        modelPath,
        '--judge-model-file',
        modelPath,
        '--limit',
        '2',
        '--threads',
        '1',
        '--data',
        sharedDataDir,
        '--out',
        out,
      ],
      { env: cacheEnv },
    );
    assert.notEqual(small.code, 0);
    assert.match(small.stderr, /tiny\.gguf: item \d+'s judge prompt .* more than the context of 2048: give --context \d+ or more/);
    assert.equal(small.stderr.trim().split('\n').length, 1, `one line: ${small.stderr}`);
    assert.ok(!existsSync(out), 'nothing written');
  });
});

// The process a GGUF model runs in (runtimeProcess.ts forks it): llama.cpp's native code is loaded here
// only, so that a fault in it (a segfault, an abort, the kernel's out-of-memory kill) ends this process and
// not the CLI or the editor's extension host. One model per process; requests are carried out in order.
import { UserError, errorMessage } from '../../util/errors';
import { GgufModel, type ScoredSequence } from './ggufModel';
import { type FromRuntime, type RuntimeRequest, type TextSource, ToRuntimeSchema, readableId } from './runtimeProtocol';
import { firstIssueLine } from '../../util/zodIssues';

let model: GgufModel | null = null;
/** Each request under way or queued, so that a cancel can reach it. */
const running = new Map<number, AbortController>();
let queue: Promise<void> = Promise.resolve();

function say(message: FromRuntime): void {
  if (process.connected) process.send?.(message);
}

function loaded(): GgufModel {
  if (model === null) throw new Error('no model is open in this runtime process');
  return model;
}

function tokensOf(source: TextSource): number[] {
  const current = loaded();
  const text = source.kind === 'text' ? source.text : current.render(source.messages, source.addGenerationPrompt);
  if (text === null) throw new Error(`${current.fileName} has no chat template to render messages with`);
  return current.tokenize(text).tokens;
}

function plain(scored: readonly ScoredSequence[]): { tokens: number[]; scoredFrom: number; logprobs: number[]; underflowed: number[] }[] {
  return scored.map((s) => ({
    tokens: [...s.tokens],
    scoredFrom: s.scoredFrom,
    logprobs: [...s.logprobs],
    underflowed: [...s.underflowed],
  }));
}

async function answer(request: RuntimeRequest, signal: AbortSignal): Promise<FromRuntime> {
  const id = request.id;
  switch (request.type) {
    case 'open': {
      if (model !== null) throw new Error('a model is already open in this runtime process');
      const { runtimeDirs, ...rest } = request.options;
      model = await GgufModel.open({ ...rest, ...(runtimeDirs !== undefined ? { runtimeDirs } : {}) });
      const facts = {
        fileName: model.fileName,
        contextSize: model.contextSize,
        vocabularySize: model.vocabularySize,
        templateSource: model.template?.source ?? null,
        runtime: model.runtime,
      };
      return { type: 'opened', id, facts };
    }
    case 'fileRecord':
      return { type: 'fileRecord', id, record: loaded().fileRecord(request.size, request.sha256) };
    case 'tokenize': {
      const { tokens, bos } = loaded().tokenize(request.text);
      return { type: 'tokenized', id, tokens: [...tokens], bos };
    }
    case 'render':
      return { type: 'rendered', id, text: loaded().render(request.messages, request.addGenerationPrompt) };
    case 'measure':
      return { type: 'measured', id, lengths: request.sources.map((source) => tokensOf(source).length) };
    case 'score': {
      const prefix = tokensOf(request.prefix);
      const sequences = request.sequences.map(tokensOf);
      return { type: 'scored', id, sequences: plain(await loaded().scoreAfterPrefix(prefix, sequences, signal)) };
    }
    case 'scoreTokens':
      return { type: 'scored', id, sequences: plain(await loaded().scoreAfterPrefix(request.prefix, request.sequences, signal)) };
    case 'evaluateOnly':
      await loaded().evaluateOnly(request.prefix, request.sequences);
      return { type: 'evaluated', id };
    case 'generate': {
      const prompt = tokensOf(request.prompt);
      const generated = await loaded().generate(prompt, request.options, signal);
      return {
        type: 'generated',
        id,
        text: generated.text,
        tokens: generated.tokens,
        promptTokens: prompt.length,
        finishReason: generated.finishReason,
      };
    }
    case 'dispose': {
      const current = model;
      model = null;
      await current?.dispose();
      return { type: 'disposed', id };
    }
  }
}

function failure(id: number, error: unknown): FromRuntime {
  if (error instanceof Error && error.name === 'AbortError')
    return { type: 'failed', id, error: { kind: 'cancelled', message: 'cancelled' } };
  return { type: 'failed', id, error: { kind: error instanceof UserError ? 'user' : 'internal', message: errorMessage(error) } };
}

process.on('message', (raw: unknown) => {
  const parsed = ToRuntimeSchema.safeParse(raw);
  if (!parsed.success) {
    say({ type: 'invalid', id: readableId(raw), problem: firstIssueLine(parsed.error) });
    return;
  }
  const message = parsed.data;
  if (message.type === 'cancel') {
    running.get(message.target)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  queue = queue
    .then(() => answer(message, controller.signal))
    .then(say, (error: unknown) => say(failure(message.id, error)))
    .finally(() => running.delete(message.id));
});

// The parent gone (ended, killed, crashed): nothing is left to answer, and a model must not linger in memory.
process.on('disconnect', () => process.exit(0));
// A Ctrl-C in a terminal reaches the whole process group: the parent decides, and sends a cancel.
process.on('SIGINT', () => undefined);

if (process.send === undefined) {
  process.stderr.write('runtimeProcessEntry runs as a child process started with an IPC channel only\n');
  process.exit(2);
}
say({ type: 'ready', pid: process.pid });

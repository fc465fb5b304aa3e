import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import * as z from 'zod';
import { metricNameProblem } from '../../core/metrics/metricAvailability';
import { LEXICAL_METRIC_NAMES, NEURAL_FACTORIES, getSimilarityMetric, isMetricName, isTextMetricName } from '../../core/metrics/registry';
import { DEFAULT_BERTSCORE_MODEL } from '../../core/metrics/neural/bertScore';
import { DEFAULT_BLEURT_MODEL } from '../../core/metrics/neural/bleurt';
import { type ModelBackedMetricName } from '../../core/metrics/similarityMetric';
import { InputError, UsageError, UserError, errorMessage } from '../../core/util/errors';
import { parseAt } from '../../core/util/zodIssues';
import { type CliIo } from '../../core/commandLine/io';
import { type Parsed, flag, numberOption, parseOptions, stringOption } from '../../core/commandLine/options';

export const SIMILARITY_HELP = `Usage: eval-adjudicator similarity --metric NAME [--model DIR|ID] [--layer N] < pairs.jsonl

Reads JSON lines {"hypothesis": "…", "reference": "…"} on stdin and writes one line {"score": S} per input
line, in order, computed as Kalahi's open-ended scoring computes it, on the texts as given (no period is
appended). S is from 0 to 1 for the text metrics; BERTScore is the F1, BLEURT the model's logits.
  --metric NAME   ${LEXICAL_METRIC_NAMES.join(', ')}, meteor (needs its WordNet data),
                  bertscore or bleurt (in-process on ONNX Runtime; docs/metrics.md: BERTScore and BLEURT)
  --model DIR|ID  bertscore and bleurt: the model folder, or a hub id looked up in the cache folder
                  (default microsoft/deberta-v3-large and lucadiliello/BLEURT-20)
  --layer N       bertscore: the hidden layer (default: bert_score's table for the model)
A malformed line stops the command with an error naming its line number (exit 1); the scores of the lines
before it have been written, each line whole.
`;

const PairSchema = z.strictObject({ hypothesis: z.string(), reference: z.string() });

export async function similarityCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions('similarity', args, { metric: { type: 'string' }, model: { type: 'string' }, layer: { type: 'string' } });
  if (flag(parsed, 'help')) {
    io.stdout(SIMILARITY_HELP);
    return 0;
  }
  if (parsed.positionals.length > 0) throw new UsageError(`similarity: unexpected argument "${parsed.positionals[0] ?? ''}"`);
  const name = stringOption(parsed, 'metric');
  if (name === undefined) throw new UsageError('similarity: --metric NAME is required');
  const problem = metricNameProblem(name);
  if (problem !== null) {
    if (isMetricName(name)) throw new UserError(`similarity: ${problem}`);
    throw new UsageError(`similarity: --metric: ${problem}`);
  }
  if (!isMetricName(name)) throw new UsageError(`similarity: --metric: unknown metric "${name}"`);
  if (name !== 'bertscore' && stringOption(parsed, 'layer') !== undefined)
    throw new UsageError('similarity: --layer applies to --metric bertscore');
  if (!isTextMetricName(name)) return scoreLines(io, await neuralScorerFor(name, parsed, io));
  if (stringOption(parsed, 'model') !== undefined) throw new UsageError('similarity: --model applies to --metric bertscore or bleurt');
  const metric = getSimilarityMetric(name);
  return scoreLines(io, {
    score: (hypothesis, reference) => Promise.resolve(metric.score(hypothesis, reference)),
    release: () => Promise.resolve(),
  });
}

interface PairScorer {
  score(hypothesis: string, reference: string): Promise<number>;
  release(): Promise<void>;
}

async function neuralScorerFor(name: ModelBackedMetricName, parsed: Parsed, io: CliIo): Promise<PairScorer> {
  const place = { cwd: io.cwd, env: io.env };
  const signal = io.signal ?? new AbortController().signal;
  const metric =
    name === 'bertscore'
      ? await NEURAL_FACTORIES.bertscore({
          ...place,
          model: stringOption(parsed, 'model') ?? DEFAULT_BERTSCORE_MODEL,
          layer: numberOption('similarity', parsed, 'layer', { integer: true, min: 0 }) ?? null,
          idf: false,
          rescaleFile: null,
        })
      : await NEURAL_FACTORIES.bleurt({ ...place, model: stringOption(parsed, 'model') ?? DEFAULT_BLEURT_MODEL });
  return {
    score: async (hypothesis, reference) => (await metric.scoreAll(hypothesis, [reference], signal))[0] ?? Number.NaN,
    release: () => metric.release(),
  };
}

async function scoreLines(io: CliIo, scorer: PairScorer): Promise<number> {
  try {
    return await scoreEachLine(io, scorer);
  } finally {
    await scorer.release();
  }
}

async function scoreEachLine(io: CliIo, scorer: PairScorer): Promise<number> {
  const lines = createInterface({ input: io.stdin ?? Readable.from([]), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    const at = { file: 'stdin', line };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new InputError(at, `not valid JSON (${errorMessage(error)})`);
    }
    const pair = parseAt(PairSchema, json, at);
    io.stdout(`${JSON.stringify({ score: await scorer.score(pair.hypothesis, pair.reference) })}\n`);
  }
  return 0;
}

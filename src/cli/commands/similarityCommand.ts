import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { metricNameProblem } from '../../core/benchmarks/kalahi/metricSet';
import { LEXICAL_METRIC_NAMES, getSimilarityMetric, isMetricName } from '../../core/metrics/registry';
import { InputError, UsageError, UserError } from '../../core/util/errors';
import { parseAt } from '../../core/util/zodIssues';
import { type CliIo } from '../io';
import { flag, parseOptions, stringOption } from '../options';

export const SIMILARITY_HELP = `Usage: eval-adjudicator similarity --metric NAME < pairs.jsonl

Reads JSON lines {"hypothesis": "…", "reference": "…"} on stdin and writes one line {"score": S} per input
line, in order; S is from 0 to 1, computed as Kalahi's open-ended scoring computes it, on the texts as
given (no period is appended).
  --metric NAME   ${LEXICAL_METRIC_NAMES.join(', ')}, or meteor (needs its WordNet data)
A malformed line stops the command with an error naming its line number (exit 1); the scores of the lines
before it have been written, each line whole.
`;

const PairSchema = z.strictObject({ hypothesis: z.string(), reference: z.string() });

export async function similarityCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions('similarity', args, { metric: { type: 'string' } });
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
  const metric = getSimilarityMetric(name);

  const lines = createInterface({ input: io.stdin ?? Readable.from([]), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    const at = { file: 'stdin', line };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new InputError(at, `not valid JSON (${(error as Error).message})`);
    }
    const pair = parseAt(PairSchema, json, at);
    io.stdout(`${JSON.stringify({ score: metric.score(pair.hypothesis, pair.reference) })}\n`);
  }
  return 0;
}

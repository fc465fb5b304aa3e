import { resolve } from 'node:path';
import { loadRunState } from '../../core/adjudication/runState';
import { type ChatMessage } from '../../core/model/chatClient';
import { createClient } from '../../core/runs/modelSpec';
import { type ResultLine } from '../../core/runs/resultLine';
import { sha256Hex } from '../../core/util/hash';
import { UsageError } from '../../core/util/errors';
import { itemRecords } from '../../core/judgeValidation/itemRecords';
import { llmJudgeOf } from '../../core/rejudge/llmJudge';
import {
  STABILITY_FILE,
  STABILITY_SELECTIONS,
  type StabilitySelection,
  runStability,
  selectStabilityItems,
} from '../../core/judgeValidation/stability';
import { type CliIo } from '../../core/commandLine/io';
import { warnSkippedLines } from '../skippedLines';
import { keyFromEnv } from '../../core/commandLine/endpointOptions';
import { JUDGE_OPTIONS, JUDGE_OPTIONS_HELP, judgeOverridden, judgeSpecFrom, judgeTemplateFrom, requestSetup } from '../judgeOptions';
import { flag, numberOption, onePositional, parseOptions, stringOption } from '../../core/commandLine/options';
import { RUN_REGISTRY } from '../../core/benchmarks/runRegistry';

const COMMAND = 'stability';

export const STABILITY_HELP = `Usage: eval-adjudicator stability RUNDIR [--k 5] [--items null,disputed|all] [judge options]

Asks the judge k more times about each selected item (sample indexes 1..k, so the response cache keeps
the asks apart) and appends to RUNDIR/${STABILITY_FILE} one line per item: {itemId, time, basis, judge,
sameJudge, k, original, verdicts, replies, errors, flips}. An item flips when the verdicts (with the run's
own, when it is the same judge) are not all the same. summary and report count the flips.
  --k N          asks per item (default 5)
  --items LIST   null (the judge said null), disputed (a human decision differs from the judge, or the
                 annotators conflict), all; comma-separated (default null,disputed)
${JUDGE_OPTIONS_HELP}`;

export async function stabilityCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions(COMMAND, args, { ...JUDGE_OPTIONS, k: { type: 'string' }, items: { type: 'string' } });
  if (flag(parsed, 'help')) {
    io.stdout(STABILITY_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, onePositional(COMMAND, parsed, 'RUNDIR'));
  const k = numberOption(COMMAND, parsed, 'k', { integer: true, min: 1, max: 100 }) ?? 5;
  const selections = new Set((stringOption(parsed, 'items') ?? 'null,disputed').split(',').map((s) => s.trim()));
  for (const s of selections) {
    if (!(STABILITY_SELECTIONS as readonly string[]).includes(s))
      throw new UsageError(`${COMMAND}: --items takes ${STABILITY_SELECTIONS.join(', ')}, not "${s}"`);
  }
  const state = loadRunState(dir, RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  const { manifest } = state;
  const llmJudge = llmJudgeOf(manifest.benchmark, state.paths.dir, 're-ask');
  const spec = judgeSpecFrom(COMMAND, parsed, llmJudge, manifest.judge, manifest.model);
  const ownJudge = manifest.judge !== null && !judgeOverridden(parsed);
  const setup = requestSetup(COMMAND, parsed, io);
  const client = createClient(spec, keyFromEnv(io.env, spec.endpoint, spec.apiKeyEnv, 'judge'), setup);

  // The run's own judge prompts when it recorded them; otherwise filled from the template as the run would.
  let template: string | undefined;
  const needsTemplate = !ownJudge || [...state.current.values()].some((l) => l.judgePrompt == null);
  if (needsTemplate) template = (await judgeTemplateFrom(parsed, io, llmJudge)).text;
  const sameTemplate = template === undefined || sha256Hex(template) === manifest.settings['judgeTemplateSha256'];
  const fill = llmJudge.messagesFor(manifest, { manifest: state.paths.manifest, results: state.paths.results });
  const messagesOf = (line: ResultLine): readonly ChatMessage[] =>
    ownJudge && line.judgePrompt != null ? line.judgePrompt.messages : fill(line, template ?? '');

  const items = selectStabilityItems(itemRecords(state), selections as ReadonlySet<StabilitySelection>);
  io.stderr(`re-asking ${spec.name} ${k} times about ${items.length} items\n`);
  const signal = io.signal ?? new AbortController().signal;
  const outcome = await runStability({
    runDir: state.paths.dir,
    items,
    k,
    judge: {
      client,
      model: spec.name,
      params: spec.params,
      parseVerdict: llmJudge.parseVerdict,
      host: new URL(spec.endpoint.baseUrl).host,
    },
    sameJudge: ownJudge && sameTemplate,
    messagesOf,
    concurrency: setup.concurrency,
    signal,
    onItem: (line, done) => {
      if (line.flips) io.stderr(`item ${line.itemId} flips: ${[line.original ?? 'none', ...line.verdicts].join(' ')}\n`);
      if (done % 50 === 0) io.stderr(`${done}/${items.length} items\n`);
    },
  });
  if (outcome.tornLineMovedTo !== undefined)
    io.stderr(`${STABILITY_FILE} ended in a torn line; its bytes were moved to ${outcome.tornLineMovedTo}\n`);
  io.stderr(`${outcome.flipped} of ${outcome.items} items flipped; ${outcome.errors} asks failed\n`);
  io.stdout(`${resolve(state.paths.dir, STABILITY_FILE)}\n`);
  return signal.aborted ? 130 : 0;
}

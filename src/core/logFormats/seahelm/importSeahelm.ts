import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Importer } from '../../contract/benchmark';
import { writeForeignRun } from '../foreignRunFolder';
import { UserError } from '../../util/errors';
import { KALAHI_JUDGE_CLASSIFICATIONS } from './criteriaJudgeRule';
import { InferenceLineSchema, JudgeLineSchema, judgeFileBeside, namesOf, readLines } from './seahelmFiles';
import { seahelmImport } from './seahelmItems';
import { readTaskConfig } from './taskConfig';
import { scoreItems } from './seahelmScores';

/** kalahi-judge's judge at 6844e6c (seahelm_tasks/cultural/kalahi_judge/config.yaml): the judge file does not name it. */
const KALAHI_JUDGE = { task: 'kalahi-judge', judge: 'openai/gpt-oss-120b' };

/** `import seahelm INFERENCE.jsonl [--judgements JUDGE_BATCH_RESPONSE.jsonl] --out DIR`. */
export const SEAHELM_IMPORT: Importer = {
  kind: 'seahelm',
  fileDescription: "SEA-HELM criteria-judge task outputs (the inference file <model>_<task>_<lang>.jsonl, the judge's replies beside it)",
  filters: { 'SEA-HELM inference file': ['jsonl'] },
  options: { judgements: { type: 'string' }, 'task-config': { type: 'string' } },
  help: `import seahelm INFERENCE.jsonl [--judgements JUDGE_BATCH_RESPONSE.jsonl] [--task-config CONFIG.yaml] --out DIR
  A SEA-HELM criteria-judge task (kalahi-judge first; any task scored by its CriteriaJudgeMetric): the
  inference file SEA-HELM writes in <run>/inferences/<lang>/<task>/<model>_<task>_<lang>.jsonl and the
  judge's replies, <model>_<task>_<lang>_turn1_judge_batch_response.jsonl beside it (--judgements names
  another file). One item per line of the inference file, graded on the task's classifications
  (kalahi-judge's five: CLASS_UNMET 0 .. CLASS_EXACTLY_MET 1.0), each criterion with the judge's
  classification as written and its reflection. The item's grade and the run's average_criteria_score (x100)
  and per-category means are SEA-HELM's, to the last digit: a reply without a known classification counts
  0.0, as SEA-HELM counts it, and the summary says how many there are.
  --task-config names the task's SEA-HELM config (seahelm_tasks/<group>/<task>/config.yaml): its
  judge.classifications become the scale and grade the criteria (a YAML integer added as Python adds an
  int), its judge.judge_model_name the judge; without it, kalahi-judge's classifications.`,
  run: (file, outDir, { options }) => {
    const names = namesOf(file);
    const judgeFile = options?.['judgements'] ?? judgeFileBeside(file);
    if (!existsSync(judgeFile)) {
      throw new UserError(
        `${file}: the judge's replies are not beside it (looked for ${basename(judgeFile)}, as SEA-HELM names them); name the file with --judgements`,
      );
    }
    const inferenceBytes = readFileSync(file);
    const judgeBytes = readFileSync(judgeFile);
    const rows = readLines(inferenceBytes, file, InferenceLineSchema);
    const judgeLines = readLines(judgeBytes, judgeFile, JudgeLineSchema);
    const configFile = options?.['task-config'];
    const config = configFile === undefined ? undefined : readTaskConfig(readFileSync(configFile, 'utf8'), configFile, names.task);
    const classifications = config?.classifications ?? KALAHI_JUDGE_CLASSIFICATIONS;
    const { items, strayJudgements } = scoreItems(rows, judgeLines, classifications, { inference: file, judgements: judgeFile });
    const imported = seahelmImport({
      names,
      rows,
      items,
      strayJudgements,
      classifications,
      judge: config !== undefined ? config.judge : names.task === KALAHI_JUDGE.task ? KALAHI_JUDGE.judge : null,
      sources: [
        { path: file, bytes: inferenceBytes, role: 'inference' },
        { path: judgeFile, bytes: judgeBytes, role: 'judgements' },
      ],
    });
    const { paths, notes: written } = writeForeignRun(outDir, imported);
    const notes = [`judge's replies: ${judgeFile}`, ...written];
    if (strayJudgements > 0)
      notes.push(`${strayJudgements} judge replies for ids the inference file lacks: left out, as SEA-HELM leaves them`);
    if (config !== undefined)
      notes.push(`task config: ${configFile ?? ''} (task ${config.task}, ${classifications.length} classifications)`);
    else if (names.task !== KALAHI_JUDGE.task)
      notes.push(`task ${names.task}: graded on kalahi-judge's five classifications (name its config with --task-config)`);
    return Promise.resolve({ paths, imported: imported.lines.length, missing: [], notes });
  },
};

import { CORE_SCHEMA, Type, YAMLException, load } from 'js-yaml';
import * as z from 'zod';
import { InputError, UserError, errorMessage } from '../../util/errors';
import { firstIssue } from '../../util/zodIssues';
import { type Classification } from './criteriaJudgeRule';

/** A YAML integer, kept apart from a float: Python adds the int 0 and the float 0.0 differently (see pythonSum). */
class YamlInt {
  constructor(readonly value: number) {}
}

// PyYAML (which OmegaConf reads SEA-HELM's configs with) makes `0` an int and `1.0` a float; decimal ints here.
const INT = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (data: unknown) => typeof data === 'string' && /^[-+]?(0|[1-9][0-9_]*)$/.test(data),
  construct: (data: string) => new YamlInt(Number(data.replace(/_/g, ''))),
  instanceOf: YamlInt,
});
const SCHEMA = CORE_SCHEMA.extend({ implicit: [INT] });

const ValueSchema = z.union([z.instanceof(YamlInt), z.number()]);
const TaskSchema = z.looseObject({
  metric_class: z.string().optional(),
  judge: z.looseObject({
    judge_model_name: z.string().optional(),
    classifications: z.record(z.string().regex(/^[\p{L}\p{N}_]+$/u, 'a class name SEA-HELM can parse (letters, digits, _)'), ValueSchema),
  }),
});

export interface TaskConfig {
  readonly task: string;
  readonly classifications: readonly Classification[];
  readonly judge: string | null;
  readonly metricClass: string | null;
}

/**
 * A SEA-HELM task config (seahelm_tasks/<group>/<task>/config.yaml): its one task, or the one named `task`,
 * with `judge.classifications` (each class and its value) and the judge's name. Two classes of one value
 * cannot be levels of one scale.
 */
export function readTaskConfig(text: string, file: string, task: string): TaskConfig {
  let document: unknown;
  try {
    document = load(text, { schema: SCHEMA, filename: file });
  } catch (error) {
    if (error instanceof YAMLException) throw new InputError({ file, line: error.mark.line + 1 }, `not valid YAML (${error.reason})`);
    throw new UserError(`${file}: not valid YAML (${errorMessage(error)})`);
  }
  const tasks = typeof document === 'object' && document !== null && !Array.isArray(document) ? Object.keys(document) : [];
  const key = tasks.length === 1 ? tasks[0] : tasks.find((t) => t === task);
  if (key === undefined)
    throw new UserError(`${file}: not a SEA-HELM task config with the task "${task}" (its top-level keys: ${tasks.join(', ') || 'none'})`);
  const parsed = TaskSchema.safeParse((document as Record<string, unknown>)[key]);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw new InputError({ file, field: `${key}.${field}` }, message);
  }
  const classifications = Object.entries(parsed.data.judge.classifications).map(([name, value]): Classification =>
    value instanceof YamlInt ? { name, value: value.value, int: true } : { name, value, int: false },
  );
  const values = classifications.map((c) => c.value);
  const shared = values.find((v, i) => values.indexOf(v) !== i);
  if (classifications.length < 2 || shared !== undefined) {
    throw new InputError(
      { file, field: `${key}.judge.classifications` },
      shared === undefined
        ? 'needs two classes or more'
        : `two classes have the value ${shared}: the levels of a scale need values of their own`,
    );
  }
  return { task: key, classifications, judge: parsed.data.judge.judge_model_name ?? null, metricClass: parsed.data.metric_class ?? null };
}

import * as z from 'zod';

/**
 * The scale a run's verdicts are given on, declared by its benchmark or by the format it was imported from
 * (run.json `scale`; absent: binary). Null is never a point of a scale: it is its own state (no parsable
 * verdict, no answer), shown and counted apart, never folded into the lowest level.
 */

/** A named level of an ordinal scale and the value its source gives it (SEA-HELM: CLASS_MAJORLY_MET = 0.75). */
export const ScaleLevelSchema = z.object({
  name: z.string().min(1),
  value: z.number().finite(),
  /** How menus and the decision bar word it (none: the name). */
  label: z.string().min(1).optional(),
});
export type ScaleLevel = z.infer<typeof ScaleLevelSchema>;

export const BinaryScaleSchema = z.object({ kind: z.literal('binary') });

/** Levels from the lowest to the highest; names and values each distinct, values strictly increasing. */
export const OrdinalScaleSchema = z
  .object({ kind: z.literal('ordinal'), levels: z.array(ScaleLevelSchema).min(2).max(100) })
  .check((ctx) => {
    const { levels } = ctx.value;
    const names = new Set(levels.map((l) => l.name.toLowerCase()));
    if (names.size !== levels.length)
      ctx.issues.push({ code: 'custom', message: 'level names must differ (case aside)', input: levels, path: ['levels'] });
    levels.forEach((level, i) => {
      const previous = levels[i - 1];
      if (previous !== undefined && !(level.value > previous.value)) {
        ctx.issues.push({
          code: 'custom',
          message: 'level values must increase from the lowest level to the highest',
          input: level.value,
          path: ['levels', i, 'value'],
        });
      }
    });
  });

/** Any value within [min, max]; `passAt`: the value from which the source counts an item as passed (promptfoo's threshold). */
export const NumericScaleSchema = z
  .object({ kind: z.literal('numeric'), min: z.number().finite(), max: z.number().finite(), passAt: z.number().finite().optional() })
  .check((ctx) => {
    if (!(ctx.value.max > ctx.value.min))
      ctx.issues.push({ code: 'custom', message: 'max must be above min', input: ctx.value.max, path: ['max'] });
  });

export const VerdictScaleSchema = z.discriminatedUnion('kind', [BinaryScaleSchema, OrdinalScaleSchema, NumericScaleSchema]);
export type VerdictScale = z.infer<typeof VerdictScaleSchema>;
export type OrdinalScale = z.infer<typeof OrdinalScaleSchema>;
export type NumericScale = z.infer<typeof NumericScaleSchema>;
/** An ordinal or numeric scale: verdicts are numbers. */
export type GradedScale = OrdinalScale | NumericScale;

export const BINARY_SCALE: VerdictScale = { kind: 'binary' };

/** A verdict on a graded scale: a level's value or a number within range; null: no parsable verdict. */
export const GradeSchema = z.number().finite().nullable();
export type Grade = z.infer<typeof GradeSchema>;

/** A run's scale from its run.json field (absent: binary, as every run written before scales existed). */
export function scaleOf(manifest: { readonly scale?: VerdictScale | undefined }): VerdictScale {
  return manifest.scale ?? BINARY_SCALE;
}

export function isGraded(scale: VerdictScale): scale is GradedScale {
  return scale.kind !== 'binary';
}

/** The lowest and highest values a verdict on the scale may take (binary: 0 and 1). */
export function scaleRange(scale: VerdictScale): { readonly min: number; readonly max: number } {
  if (scale.kind === 'binary') return { min: 0, max: 1 };
  if (scale.kind === 'numeric') return { min: scale.min, max: scale.max };
  return { min: scale.levels[0]?.value ?? 0, max: scale.levels[scale.levels.length - 1]?.value ?? 0 };
}

/** The index of the level holding `value` (ordinal), or undefined when the value is not a level's. */
export function levelIndexOf(scale: OrdinalScale, value: number): number | undefined {
  const index = scale.levels.findIndex((l) => l.value === value);
  return index === -1 ? undefined : index;
}

/** Whether `value` is a verdict the scale takes (a level's value, or a number within range). */
export function isOnScale(scale: GradedScale, value: number): boolean {
  if (scale.kind === 'ordinal') return levelIndexOf(scale, value) !== undefined;
  return Number.isFinite(value) && value >= scale.min && value <= scale.max;
}

/** A grade as people read it: the level's name (ordinal), the number (numeric), or 'null'. */
export function gradeText(scale: GradedScale, grade: Grade): string {
  if (grade === null) return 'null';
  if (scale.kind === 'ordinal') {
    const level = scale.levels[levelIndexOf(scale, grade) ?? -1];
    return level?.name ?? String(grade);
  }
  return String(grade);
}

/** What a graded scale takes, for messages: "CLASS_UNMET = 0, …, CLASS_EXACTLY_MET = 1, or null" / "a number from 1 to 10, or null". */
export function scaleTakes(scale: GradedScale): string {
  if (scale.kind === 'ordinal') return `${scale.levels.map((l) => `${l.name} = ${l.value}`).join(', ')}, or null`;
  return `a number from ${scale.min} to ${scale.max}, or null`;
}

export type ParsedGrade = { readonly ok: true; readonly grade: Grade } | { readonly ok: false; readonly message: string };

/**
 * A grade typed by a person or read from a CSV cell: a level's name or label (case aside) or value, a
 * number within a numeric scale's range, or `null`. The message says what the scale takes.
 */
export function parseGrade(scale: GradedScale, text: string): ParsedGrade {
  const word = text.trim();
  if (/^(null|none)$/i.test(word)) return { ok: true, grade: null };
  const number = word === '' ? Number.NaN : Number(word);
  if (scale.kind === 'ordinal') {
    const byName = scale.levels.find((l) => l.name.toLowerCase() === word.toLowerCase() || l.label?.toLowerCase() === word.toLowerCase());
    if (byName !== undefined) return { ok: true, grade: byName.value };
    if (Number.isFinite(number) && levelIndexOf(scale, number) !== undefined) return { ok: true, grade: number };
    return { ok: false, message: `'${text}' is not a level of this scale (${scaleTakes(scale)})` };
  }
  if (Number.isFinite(number) && number >= scale.min && number <= scale.max) return { ok: true, grade: number };
  return { ok: false, message: `'${text}' is not a number from ${scale.min} to ${scale.max} (or null)` };
}

// Number formats shared with the CLI's report (src/core/judgeValidation/format.ts), so both read the same.
export { fixed, fixedInterval, percent, percentInterval } from '../src/core/judgeValidation/format';

/** "1 item", "3 items". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

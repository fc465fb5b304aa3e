import { type Parsed, numberOption } from './options';

export interface SamplingParams {
  readonly temperature: number | null;
  readonly topP: number | null;
  readonly maxTokens: number | null;
}

/**
 * `--PREFIXtemperature`, `--PREFIXtop-p` and `--PREFIXmax-tokens` (prefix '' for the model, 'judge-' for
 * the judge), each checked, over the given defaults.
 */
export function samplingParams<T extends SamplingParams>(
  command: string,
  parsed: Parsed,
  prefix: '' | 'judge-',
  defaults: T,
): { temperature: T['temperature']; topP: T['topP']; maxTokens: T['maxTokens'] } {
  return {
    temperature: numberOption(command, parsed, `${prefix}temperature`, { min: 0, max: 2 }) ?? defaults.temperature,
    topP: numberOption(command, parsed, `${prefix}top-p`, { min: 0, max: 1 }) ?? defaults.topP,
    maxTokens: numberOption(command, parsed, `${prefix}max-tokens`, { integer: true, min: 1 }) ?? defaults.maxTokens,
  };
}

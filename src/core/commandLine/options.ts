import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, errorMessage } from '../util/errors';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: string[];
}

type OptionsListener = (command: string, optionNames: readonly string[]) => void;
const optionsListeners = new Set<OptionsListener>();

/** Calls `listener` with each command's option names as it parses them (how docs/cli.md is checked against the parser); returns the unsubscribe. */
export function onOptionsParsed(listener: OptionsListener): () => void {
  optionsListeners.add(listener);
  return () => optionsListeners.delete(listener);
}

/** node's parseArgs in strict mode, its errors turned into one-line usage errors. */
export function parseOptions(command: string, args: readonly string[], options: Options): Parsed {
  for (const listener of optionsListeners) listener(command, Object.keys(options));
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${errorMessage(error).split('\n')[0] ?? 'bad arguments'}`);
  }
}

export function stringOption(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function flag(parsed: Parsed, name: string): boolean {
  return parsed.values[name] === true;
}

export function numberOption(
  command: string,
  parsed: Parsed,
  name: string,
  check: { integer?: boolean; min?: number; max?: number } = {},
): number | undefined {
  const raw = stringOption(parsed, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const bad =
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    (check.integer === true && !Number.isInteger(value)) ||
    (check.min !== undefined && value < check.min) ||
    (check.max !== undefined && value > check.max);
  if (bad) {
    const kind = check.integer === true ? 'a whole number' : 'a number';
    const range = [check.min !== undefined ? `>= ${check.min}` : '', check.max !== undefined ? `<= ${check.max}` : '']
      .filter(Boolean)
      .join(' and ');
    throw new UsageError(`${command}: --${name} must be ${kind}${range ? ` ${range}` : ''}, not "${raw}"`);
  }
  return value;
}

export function choiceOption<T extends string>(command: string, parsed: Parsed, name: string, choices: readonly T[]): T | undefined {
  const raw = stringOption(parsed, name);
  if (raw === undefined) return undefined;
  if (!(choices as readonly string[]).includes(raw))
    throw new UsageError(`${command}: --${name} must be one of ${choices.join(', ')}, not "${raw}"`);
  return raw as T;
}

export function onePositional(command: string, parsed: Parsed, what: string): string {
  const [first, ...rest] = parsed.positionals;
  if (first === undefined) throw new UsageError(`${command}: missing ${what}`);
  if (rest.length > 0) throw new UsageError(`${command}: unexpected argument "${rest[0] ?? ''}"`);
  return first;
}

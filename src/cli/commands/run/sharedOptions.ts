import { endpointOptionSpecs } from '../../endpointOptions';
import { type OptionSpecs } from './benchmarkRunCli';

/** Options of `run` whatever the benchmark: the model, its generation basics, and how the run is carried out. */
export const SHARED_RUN_OPTIONS = {
  model: { type: 'string' },
  ...endpointOptionSpecs(''),
  'system-prompt': { type: 'string' },
  temperature: { type: 'string' },
  'max-tokens': { type: 'string' },
  limit: { type: 'string' },
  concurrency: { type: 'string' },
  out: { type: 'string' },
  name: { type: 'string' },
  data: { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  timeout: { type: 'string' },
  'max-attempts': { type: 'string' },
  resume: { type: 'string' },
  'retry-errors': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const satisfies OptionSpecs;

import { DEFAULT_OUTAGE_PATIENCE_MS } from '../model/requestPool';
import { DEFAULT_RETRY_POLICY } from '../model/retryPolicy';
import { endpointOptionSpecs } from './endpointOptions';
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
  'outage-patience': { type: 'string' },
  resume: { type: 'string' },
  'retry-errors': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const satisfies OptionSpecs;

/** The "Run:" part of `run`'s help, the same for every benchmark but for what concurrency counts. */
export function runOptionsHelp(concurrency: string, dryRun: string): string {
  return `Run:
  --limit N                 only the first N items
  --concurrency N           ${concurrency} (default 8)
  --out DIR                 where run folders are created (default ./runs)
  --name NAME               the run folder's name (default: benchmark-model-time)
  --data DIR                local copies of the official files, laid out as docs/official-data.md says
                            (default: env EVAL_ADJUDICATOR_DATA, else the download cache)
  --cache-dir DIR           (default: the per-user cache directory)   --no-cache
  --timeout SECONDS         per request (default 120)   --max-attempts N (default ${DEFAULT_RETRY_POLICY.maxAttempts})
  --outage-patience SECONDS a server that stops answering mid-run is waited for this long, then its
                            requests fail (default ${DEFAULT_OUTAGE_PATIENCE_MS / 1000}); one never reached stops the run at once
  --resume RUNDIR           complete an interrupted run (its items without a result)
  --retry-errors RUNDIR     redo exactly the items whose current result is an error
  --dry-run                 ${dryRun}
`;
}

import { loadRunState } from '../core/adjudication/runState';
import { RUN_REGISTRY } from '../core/benchmarks/runRegistry';
import { type EstimateOptions } from '../core/judgeValidation/estimate';
import { type ValidationReport, validationReport } from '../core/reports/report';
import { type CliIo } from '../core/commandLine/io';
import { warnSkippedLines } from './skippedLines';

/**
 * A run's validation report, its skipped adjudication lines first warned on stderr by their path, as every
 * command names them; the report itself, made to be shared, names the run's folder only.
 */
export function warnedValidationReport(dir: string, io: CliIo, options: EstimateOptions = {}): ValidationReport {
  const state = loadRunState(dir, RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  return validationReport(state, new Date(), options);
}

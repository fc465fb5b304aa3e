import { type Benchmark } from '../contract/benchmark';
import { type Endpoint } from '../model/endpoint';
import { benchmarkDataReady } from './dataCheck';
import { type StartRunPlan, type StartRunUi } from '../startRunSteps/startRunUi';

export interface ChosenRun {
  readonly benchmark: Benchmark;
  readonly plan: StartRunPlan;
  /** The endpoint's key (none for a local model, or a server that needs none). */
  readonly apiKey: string | undefined;
}

/**
 * Start Run…'s questions: the benchmark (the first step; only those with Start Run steps are offered), a
 * check of its data (a data folder asked for when it cannot be had), its own steps, then the endpoint's API
 * key when none is stored. Undefined when the user cancelled.
 */
export async function chooseBenchmarkAndPlan(ui: StartRunUi, benchmarks: readonly Benchmark[]): Promise<ChosenRun | undefined> {
  const offered = benchmarks.filter((b) => b.startRun !== undefined);
  // The number of steps depends on the benchmark, unknown before this pick: every number it may be.
  const totals = [...new Set(offered.map((b) => b.startRun?.steps ?? 5))].sort((a, b) => a - b);
  const benchmark = await ui.pickOne(
    `Start Run (1/${totals.join(' or ')}): benchmark`,
    offered.map((b) => ({ label: b.title, ...(b.description === undefined ? {} : { description: b.description }), value: b })),
  );
  if (benchmark?.startRun === undefined) return undefined;
  if (!(await benchmarkDataReady(ui, benchmark.title, benchmark.startRun))) return undefined;
  const plan = await benchmark.startRun.plan(ui);
  if (plan === undefined) return undefined;
  if (plan.kind === 'local') return { benchmark, plan, apiKey: undefined };
  await ui.remember('lastModel', plan.modelName);
  const apiKey = await apiKeyFor(ui, plan.endpoint);
  return apiKey === CANCELLED ? undefined : { benchmark, plan, apiKey };
}

const CANCELLED = Symbol('cancelled');

/** The stored key; OpenAI and Azure need one, so it is asked for (and stored) when there is none. */
async function apiKeyFor(ui: StartRunUi, endpoint: Endpoint): Promise<string | undefined | typeof CANCELLED> {
  const stored = await ui.storedKey(endpoint);
  if (stored === undefined && endpoint.provider !== 'openai-compatible') {
    const entered = await ui.input({
      title: `API key for ${new URL(endpoint.baseUrl).host}`,
      password: true,
      prompt: 'Stored in VS Code secret storage',
    });
    if (entered === undefined || entered === '') return CANCELLED;
    await ui.storeKey(endpoint, entered);
  }
  return ui.storedKey(endpoint);
}

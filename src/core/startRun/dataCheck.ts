import { DataSourceError } from '../data/resolveSourceFile';
import { errorMessage } from '../util/errors';
import { type StartRunSteps, type StartRunUi } from '../startRunSteps/startRunUi';

/**
 * Start Run's check of the benchmark's official data, right after the benchmark pick (before any other
 * question): data that cannot be had (no data folder, no download) is said at once, with the choice of a
 * data folder; the check runs again with the folder chosen. False when the user gave up.
 */
export async function benchmarkDataReady(ui: StartRunUi, title: string, steps: StartRunSteps): Promise<boolean> {
  const check = steps.checkData;
  if (check === undefined) return true;
  for (;;) {
    try {
      await ui.working(`${title}: checking its data`, () => check(ui.dataSources()));
      return true;
    } catch (error) {
      if (!(error instanceof DataSourceError)) throw error;
      const folder = await ui.chooseDataFolder(`${title}'s data is not available: ${errorMessage(error)}`);
      if (folder === undefined) return false;
    }
  }
}

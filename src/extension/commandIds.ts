/** Every command id of the extension; titles and enablement live in package.json. */
export const COMMAND_IDS = {
  startRun: 'evalAdjudicator.startRun',
  openRun: 'evalAdjudicator.openRun',
  reviewRun: 'evalAdjudicator.reviewRun',
  exportAdjudicated: 'evalAdjudicator.exportAdjudicated',
  importOfficialResults: 'evalAdjudicator.importOfficialResults',
  setApiKey: 'evalAdjudicator.setApiKey',
  setAnnotatorName: 'evalAdjudicator.setAnnotatorName',
  refreshRuns: 'evalAdjudicator.refreshRuns',
  showStatistics: 'evalAdjudicator.showStatistics',
  resumeRun: 'evalAdjudicator.resumeRun',
  retryRunErrors: 'evalAdjudicator.retryRunErrors',
  deleteRun: 'evalAdjudicator.deleteRun',
} as const;

export const REVIEW_VIEW_TYPE = 'evalAdjudicator.review';
export const STATISTICS_VIEW_TYPE = 'evalAdjudicator.statistics';
export const RUNS_VIEW_ID = 'evalAdjudicator.runs';

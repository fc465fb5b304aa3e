// The end-to-end harness: a real VS Code (code-server) with a packaged extension, driven by chromium.
export { screenshot, saveFailureArtifacts } from './artifacts';
export { CHROMIUM_ARGS, launchBrowser, openWorkbench } from './browser';
export { DEFAULT_SETTINGS, freePort, portIsFree, startCodeServer, type CodeServer, type StartCodeServerOptions } from './codeServer';
export { ARTIFACTS_DIR, E2E_DIR, REPO_ROOT, WORK_DIR, scratchDir } from './paths';
export { killTree, run } from './processes';
export { withWorkbench, type WithWorkbenchOptions, type WorkbenchSession } from './session';
export {
  START_PORT_VARIABLE,
  chooseStartPort,
  settleStartPort,
  startProfileLayout,
  type PortChoice,
  type StartProfileLayout,
} from './startProfile';
export { dismissHovers } from './quickInput';
export { packageVsix, type PackageVsixOptions } from './vsix';
export { answerQuickPick, runCommand, runCommandAndPick, typeIntoInput, waitForNotification, webviewFrame } from './workbench';

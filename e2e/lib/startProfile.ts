// Where `npm start` keeps its code-server profile and which port it serves on. Pure: node:path only, so the
// unit tests (test/unit/build/startProfile.test.ts) can import it without e2e/node_modules.
//
// code-server keeps user settings in the profile (--user-data-dir/User/settings.json) but an extension's
// globalState in the browser's IndexedDB and SecretStorage in the browser's localStorage ('secrets.provider'),
// sealed with a key whose server half is the profile's serve-web-key-half. Both browser stores belong to the
// page's origin, http://127.0.0.1:PORT: a new port is a new, empty store. So a start must reuse the profile
// folder and the port.
import { join, resolve } from 'node:path';

/** The variable that chooses the port (it is then remembered for later starts). */
export const START_PORT_VARIABLE = 'EVAL_ADJUDICATOR_START_PORT';

/** The folder name of the profile, at the root of the checkout. */
export const START_PROFILE_NAME = '.code-server-profile';

export interface CodeServerFolders {
  /** code-server's --user-data-dir: User/settings.json, User/globalStorage, serve-web-key-half, logs. */
  userDataDir: string;
  settingsFile: string;
  extensionsDir: string;
  /** code-server's output (of the latest start, for a profile). */
  logFile: string;
}

/** What startCodeServer keeps under a root folder (a scratch one, or the profile). */
export function codeServerFolders(root: string): CodeServerFolders {
  const userDataDir = join(root, 'user-data');
  return {
    userDataDir,
    settingsFile: join(userDataDir, 'User', 'settings.json'),
    extensionsDir: join(root, 'extensions'),
    logFile: join(root, 'code-server.log'),
  };
}

export interface StartProfileLayout extends CodeServerFolders {
  /** The profile's root: delete it to reset. */
  dir: string;
  /** Holds the port of the first start, so later starts serve the same origin. */
  portFile: string;
}

/** The one profile of a checkout. */
export function startProfileLayout(checkoutDir: string): StartProfileLayout {
  const dir = join(resolve(checkoutDir), START_PROFILE_NAME);
  return { dir, ...codeServerFolders(dir), portFile: join(dir, 'port') };
}

const FIRST_DEFAULT_PORT = 21_000;
const DEFAULT_PORT_SPAN = 8_000;

/** A port derived from the checkout's path (FNV-1a), so two checkouts on one machine rarely want the same one. */
export function defaultStartPort(checkoutDir: string): number {
  let hash = 0x811c9dc5;
  for (const char of resolve(checkoutDir)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return FIRST_DEFAULT_PORT + (hash % DEFAULT_PORT_SPAN);
}

export type PortSource = 'environment' | 'profile' | 'default';

export interface PortChoice {
  port: number;
  source: PortSource;
}

function parsePort(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port >= 1 && port <= 65_535 ? port : undefined;
}

/**
 * The port to serve on: EVAL_ADJUDICATOR_START_PORT when set, else the one remembered in the profile, else
 * the checkout's default. A malformed variable is an error; a malformed remembered port is ignored.
 */
export function chooseStartPort(input: { requested: string | undefined; remembered: string | undefined; checkoutDir: string }): PortChoice {
  if (input.requested !== undefined && input.requested.trim() !== '') {
    const port = parsePort(input.requested);
    if (port === undefined) throw new Error(`${START_PORT_VARIABLE}=${input.requested} is not a port (a whole number from 1 to 65535)`);
    return { port, source: 'environment' };
  }
  const remembered = input.remembered === undefined ? undefined : parsePort(input.remembered);
  if (remembered !== undefined) return { port: remembered, source: 'profile' };
  return { port: defaultStartPort(input.checkoutDir), source: 'default' };
}

export type SettledPort = { port: number; remember: boolean } | { problem: string };

/**
 * What to do once it is known whether the chosen port is taken. A default port that is taken is replaced by
 * `spare` (nothing is stored under any address before the first start); a remembered or requested port that
 * is taken stops the start, since another port would be another browser store. The port is remembered
 * whenever it did not come from the profile.
 */
export function settleStartPort(choice: PortChoice, taken: boolean, spare: number): SettledPort {
  if (!taken) return { port: choice.port, remember: choice.source !== 'profile' };
  if (choice.source === 'default') return { port: spare, remember: true };
  const from = choice.source === 'environment' ? `set by ${START_PORT_VARIABLE}` : 'remembered in the profile';
  return {
    problem:
      `port ${choice.port} (${from}) on 127.0.0.1 is taken: another \`npm start\` of this checkout, or another program. ` +
      `Stop it, or start with ${START_PORT_VARIABLE}=<free port> (remembered from then on; the browser keeps API keys ` +
      "and the extension's remembered answers per address, so they are not there under a new port).",
  };
}

/** The settings a profile starts with: written only when it has no settings.json yet, so the user's stay. */
export function initialSettingsText(existing: string | undefined, settings: Readonly<Record<string, unknown>>): string | undefined {
  return existing === undefined ? `${JSON.stringify(settings, null, 2)}\n` : undefined;
}

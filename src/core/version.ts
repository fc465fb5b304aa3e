import packageJson from '../../package.json';

export const TOOL_VERSION: string = packageJson.version;

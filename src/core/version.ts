// Written by scripts/versionFile.mjs from package.json's version (npm version runs it); the build and a test check they agree.
export const TOOL_VERSION = '0.1.0';

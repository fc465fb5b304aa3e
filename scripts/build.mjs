// One build for the bundles: the extension host (node, cjs, 'vscode' external), the CLI (node), the review
// webview and the Statistics webview (browser). Type-checking is separate: `npm run typecheck`.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { buildWordnet } from './build-wordnet.mjs';
import { staleVersionFile } from './versionFile.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'info',
  legalComments: 'linked',
};

// VS Code's extension host (Node 22+, code-server too) replaces the global `navigator` with a getter that
// logs "PendingMigrationError: navigator is now a global" on every read. zod (its eval probe) and openai
// (browser detection) test `typeof navigator`; on Node neither needs it, so the node bundles never read it.
const noNavigator = { navigator: 'undefined', 'globalThis.navigator': 'undefined' };

const targets = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Optional native runtimes, loaded at run time only when used: never bundled.
    external: ['vscode', 'node-llama-cpp', 'koffi', 'onnxruntime-node'],
    define: noNavigator,
  },
  {
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['node-llama-cpp', 'koffi', 'onnxruntime-node'],
    define: noNavigator,
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    // The thread an ONNX session runs on (BERTScore, BLEURT), started by the two bundles above from dist/.
    ...common,
    entryPoints: ['src/core/runtimes/onnx/sessionThreadEntry.ts'],
    outfile: 'dist/sessionThread.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['onnxruntime-node'],
    define: noNavigator,
  },
  {
    // The process a local GGUF model runs in (llama.cpp's native code never loads in the CLI or the
    // extension host), forked by both from dist/ (src/core/runtimes/gguf/runtimeProcess.ts).
    ...common,
    entryPoints: ['src/core/runtimes/gguf/runtimeProcessEntry.ts'],
    outfile: 'dist/ggufRuntime.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['node-llama-cpp', 'koffi'],
    define: noNavigator,
  },
  {
    ...common,
    entryPoints: ['webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.css': 'text' },
  },
  {
    ...common,
    entryPoints: ['webview-stats/main.ts'],
    outfile: 'dist/stats.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.css': 'text' },
  },
];

// The core's version is a literal written from package.json's: no bundle may carry another one.
const stale = staleVersionFile();
if (stale !== null) {
  console.error(`build: ${stale}`);
  process.exit(1);
}
mkdirSync('dist', { recursive: true });
const present = targets.filter((t) => t.entryPoints.every((e) => existsSync(e)));
if (watch) {
  for (const t of present) await (await esbuild.context(t)).watch();
} else {
  await Promise.all(present.map((t) => esbuild.build(t)));
}
if (existsSync('node_modules/@vscode/codicons/dist')) {
  cpSync('node_modules/@vscode/codicons/dist/codicon.css', 'dist/codicon.css');
  cpSync('node_modules/@vscode/codicons/dist/codicon.ttf', 'dist/codicon.ttf');
}
// METEOR's WordNet 3.0 lookup data, built from the npm package at build time; loaded lazily at run time.
if (!existsSync('dist/wordnet.bin') || process.argv.includes('--rebuild-wordnet')) await buildWordnet('dist/wordnet.bin');

// README.md's screenshot, docs/images/review.png, re-made by the YokaiEval review spec when SCREENSHOT_OUT names a
// file (relative to the checkout): `SCREENSHOT_OUT=docs/images/review.png node e2e/run.mjs yokaievalReview`.
// The window is 1280x800 without the side bar; the question, the choices with the gold answer, the model's output, the judge's verdict
// and the decision bar must all be in view (element boxes) before the picture is taken; optipng shrinks it where
// installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type FrameLocator, type Page } from 'playwright-core';
import { REPO_ROOT, runCommand } from '../lib';
import { notInView } from './layoutBoxes';

const PARTS = {
  'the question': '.pane-item .question',
  'every choice': '.pane-item .choice',
  'the gold answer': '.choice.is-gold .tag-gold',
  'the model’s output': '.pane-model .response',
  'the judge’s verdict': '.pane-model .subheading .badge',
  'the decision bar’s buttons': '.adjudication .verdict-buttons',
};

/** Saves the window to $SCREENSHOT_OUT at 1280x800 once every part of the decision is in view; nothing when it is unset. */
export async function saveReadmeScreenshot(page: Page, frame: FrameLocator): Promise<string | undefined> {
  const out = process.env['SCREENSHOT_OUT'];
  if (out === undefined || out === '') return undefined;
  const file = resolve(REPO_ROOT, out);
  const before = page.viewportSize();
  // The review gets the window's width: the side bar is closed for the picture and opened again after it.
  await runCommand(page, 'View: Close Primary Side Bar');
  await page.setViewportSize({ width: 1280, height: 800 });
  await frame.locator('.detail-columns:not([aria-busy])').waitFor({ timeout: 15_000 });
  assert.deepEqual(await notInView(page, frame, PARTS, '.adjudication', 'README screenshot 1280x800'), []);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, timeout: 15_000 });
  if (spawnSync('optipng', ['-version'], { stdio: 'ignore' }).status === 0) spawnSync('optipng', ['-quiet', '-o2', '-strip', 'all', file]);
  if (before !== null) await page.setViewportSize(before);
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  return file;
}

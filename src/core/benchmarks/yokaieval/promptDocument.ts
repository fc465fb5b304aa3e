import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { type ResolveOptions, resolveSourceFile } from '../../data/resolveSourceFile';
import { type RunManifest } from '../../runs/runManifest';
import { errorMessage } from '../../util/errors';
import { sha256Hex } from '../../util/hash';
import { type PromptDocument } from '../../contract/benchmark';
import { YOKAIEVAL_MANIFEST } from './manifest';

const YokaiSettings = z.looseObject({ judgeTemplateSha256: z.string().optional(), judgeTemplateFile: z.string().optional() });

/**
 * The judge template a run's verdicts came from: the copy in the run folder of a re-judged run, else the
 * official judge_prompt.txt, resolved like the dataset and checked against the sha256 run.json recorded.
 */
export async function yokaiEvalPromptDocument(dir: string, manifest: RunManifest, sources: ResolveOptions): Promise<PromptDocument> {
  const settings = YokaiSettings.safeParse(manifest.settings);
  const recorded = settings.success ? settings.data.judgeTemplateSha256 : undefined;
  const local = settings.success ? settings.data.judgeTemplateFile : undefined;
  let text: string;
  let origin: string;
  if (local !== undefined && existsSync(join(dir, local))) {
    text = readFileSync(join(dir, local), 'utf8');
    origin = join(dir, local);
  } else {
    try {
      const file = await resolveSourceFile(YOKAIEVAL_MANIFEST, 'judgePrompt', sources);
      text = file.bytes.toString('utf8');
      origin = `${file.file.path} of ${file.repository} at ${file.commit.slice(0, 7)}`;
    } catch (error) {
      throw new Error(`the judge template could not be found: ${errorMessage(error)}`, { cause: error });
    }
  }
  const mismatch = recorded !== undefined && sha256Hex(text) !== recorded;
  const header = mismatch ? `[This is ${origin}; its sha256 differs from the template run.json recorded (${recorded}).]\n\n` : '';
  return { title: `Judge prompt: ${manifest.id}`, text: `${header}${text}`, language: 'plaintext' };
}

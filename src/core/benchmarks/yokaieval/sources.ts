import { YOKAIEVAL_MANIFEST } from './manifest';
import { type ResolveOptions, type ResolvedSourceFile, resolveSourceFile } from '../../data/resolveSourceFile';
import { type YokaiEvalItem, parseYokaiEval } from './dataset';

export interface YokaiEvalSources {
  readonly items: YokaiEvalItem[];
  readonly judgeTemplate: string;
  readonly files: readonly ResolvedSourceFile[];
}

export async function loadYokaiEvalSources(options: ResolveOptions): Promise<YokaiEvalSources> {
  const dataset = await resolveSourceFile(YOKAIEVAL_MANIFEST, 'dataset', options);
  const judgePrompt = await resolveSourceFile(YOKAIEVAL_MANIFEST, 'judgePrompt', options);
  return {
    items: parseYokaiEval(dataset.bytes.toString('utf8'), dataset.path),
    judgeTemplate: judgePrompt.bytes.toString('utf8'),
    files: [dataset, judgePrompt],
  };
}

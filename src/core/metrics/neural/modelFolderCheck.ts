import { readModelFolder } from '../../runtimes/onnx/modelFolder';
import { onnxGraphOutputs } from '../../runtimes/onnx/onnxGraphOutputs';
import { presentModelDir } from '../../runtimes/onnx/modelSource';
import { UserError } from '../../util/errors';
import { bertScoreLayer, bertScoreLayerOutput } from './bertScoreLayer';

/**
 * Checks, before a run starts and without loading the model, that a neural metric's model folder holds
 * what the run will ask of it: the layout's files and, read from the ONNX file's graph, BERTScore's layer
 * or BLEURT's logits. Throws a UserError of one line naming the folder or file and what is missing. A hub
 * model not in the cache yet is not checked: the run downloads and checks it.
 */
export function checkBertScoreFolder(
  choice: { readonly model: string; readonly layer: number | null },
  cwd: string,
  env: NodeJS.ProcessEnv,
): void {
  const dir = presentModelDir(choice.model, cwd, env, 'BERTScore');
  if (dir === null) return;
  const folder = readModelFolder(dir, 'BERTScore');
  const layer = bertScoreLayer(choice.model, folder.config, choice.layer);
  bertScoreLayerOutput(folder.onnxPath, onnxGraphOutputs(folder.onnxPath), folder.config, layer);
}

export function checkBleurtFolder(choice: { readonly model: string }, cwd: string, env: NodeJS.ProcessEnv): void {
  const dir = presentModelDir(choice.model, cwd, env, 'BLEURT');
  if (dir === null) return;
  const folder = readModelFolder(dir, 'BLEURT');
  const outputs = onnxGraphOutputs(folder.onnxPath);
  if (!outputs.includes('logits'))
    throw new UserError(`${folder.onnxPath}: BLEURT needs the output "logits" (the regression score); it has ${outputs.join(', ')}`);
}

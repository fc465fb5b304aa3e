import { type ModelFolder, hashModelFiles, readModelFolder } from '../../runtimes/onnx/modelFolder';
import { type ModelTokenizer, loadModelTokenizer, modelMaxLength } from '../../runtimes/onnx/modelTokenizer';
import { locateModel } from '../../runtimes/onnx/modelSource';
import { OnnxModel } from '../../runtimes/onnx/onnxSession';
import { onnxRuntimeVersion } from '../../runtimes/onnx/onnxRuntime';
import { UserError } from '../../util/errors';
import { type NeuralModelChoice, type NeuralModelRecord } from './neuralMetric';

export interface LoadedModel {
  readonly folder: ModelFolder;
  readonly tokenizer: ModelTokenizer;
  readonly onnx: OnnxModel;
  readonly record: NeuralModelRecord;
}

/**
 * A model folder located, read, hashed and opened, in that order, so that the first problem is reported as
 * one line naming its file. `expected` (a resumed run's record) must match the files' sha256.
 */
export async function loadModel(
  choice: NeuralModelChoice,
  what: string,
  fallbackMaxLength: number,
  expected?: NeuralModelRecord,
): Promise<LoadedModel> {
  const location = await locateModel(choice.model, choice.cwd, choice.env, what);
  const folder = readModelFolder(location.dir, what);
  const tokenizer = await loadModelTokenizer(folder);
  const onnx = await OnnxModel.open(folder.onnxPath, tokenizer.padId);
  try {
    const files = await hashModelFiles(folder.dir);
    if (expected !== undefined) {
      for (const file of files) {
        const before = expected.files.find((f) => f.path === file.path);
        if (before !== undefined && before.sha256 !== file.sha256) {
          throw new UserError(
            `${folder.dir}/${file.path}: changed since the run started (sha256 ${file.sha256}, run.json has ${before.sha256})`,
          );
        }
      }
    }
    const maxLength = modelMaxLength(folder, fallbackMaxLength);
    return {
      folder,
      tokenizer,
      onnx,
      record: {
        id: expected?.id ?? location.id,
        dir: folder.dir,
        files,
        onnxruntime: await onnxRuntimeVersion(),
        maxLength: maxLength.tokens,
        maxLengthSource: maxLength.source,
      },
    };
  } catch (error) {
    await onnx.release();
    throw error;
  }
}

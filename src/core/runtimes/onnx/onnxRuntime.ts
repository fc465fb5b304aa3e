import type * as OrtModule from 'onnxruntime-node';
import { UserError, errorMessage } from '../../util/errors';

export type Ort = typeof OrtModule;
export type OrtSession = OrtModule.InferenceSession;
export type OrtTensor = OrtModule.Tensor;

export const ONNX_PACKAGES = 'onnxruntime-node@1.30.0 @huggingface/tokenizers@0.2.0';
export const INSTALL_HINT = `install the optional packages with \`ONNXRUNTIME_NODE_INSTALL=skip npm install --no-save ${ONNX_PACKAGES}\` beside the tool`;

let loading: Promise<Ort> | undefined;

/** onnxruntime-node, imported on first use only: a run without BERTScore or BLEURT never loads it. */
export function loadOnnxRuntime(): Promise<Ort> {
  loading ??= import('onnxruntime-node').then(
    (module: Ort & { default?: Ort }) => module.default ?? module,
    (error: unknown) => {
      loading = undefined;
      throw new UserError(`BERTScore and BLEURT need onnxruntime-node, which cannot be loaded here (${firstLine(errorMessage(error))}): ${INSTALL_HINT}`);
    },
  );
  return loading;
}

/** The version of the loaded onnxruntime-node, as run.json records it. */
export async function onnxRuntimeVersion(): Promise<string> {
  const ort = await loadOnnxRuntime();
  return ort.env.versions.node ?? ort.env.versions.common;
}

export function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

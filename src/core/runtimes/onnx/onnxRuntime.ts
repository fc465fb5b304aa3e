import { createRequire } from 'node:module';
import type * as OrtModule from 'onnxruntime-node';
import { UserError, errorMessage } from '../../util/errors';
import { PLATFORM_VSIX_HINT, resolveOptional } from '../optionalPackage';

export type Ort = typeof OrtModule;
export type OrtSession = OrtModule.InferenceSession;
export type OrtTensor = OrtModule.Tensor;

export const ONNX_PACKAGES = 'onnxruntime-node@1.30.0 @huggingface/tokenizers@0.2.0';
export const INSTALL_HINT = `${PLATFORM_VSIX_HINT} (Intel Macs excepted), or install the optional packages with \`ONNXRUNTIME_NODE_INSTALL=skip npm install --no-save ${ONNX_PACKAGES}\` beside the tool`;

let loading: Promise<Ort> | undefined;

/**
 * onnxruntime-node, loaded on first use only: a run without BERTScore or BLEURT never loads it. Looked for in
 * the extension's own runtime folder first (a platform VSIX carries it there), then beside this code.
 */
export function loadOnnxRuntime(): Promise<Ort> {
  loading ??= (async () => {
    const resolved = resolveOptional('onnxruntime-node', []);
    if (resolved === null) throw new UserError(`BERTScore and BLEURT need onnxruntime-node, which is not installed: ${INSTALL_HINT}`);
    try {
      return createRequire(resolved)(resolved) as Ort;
    } catch (error) {
      throw new UserError(
        `BERTScore and BLEURT need onnxruntime-node, which cannot be loaded here (${firstLine(errorMessage(error))}): ${INSTALL_HINT}`,
      );
    }
  })();
  loading.catch(() => {
    loading = undefined;
  });
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

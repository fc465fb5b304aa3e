import * as z from 'zod';

/**
 * The extension's settings (section `evalAdjudicator`), each falling back to its default when unset or of the
 * wrong type. The defaults must be package.json's (contributes.configuration): test/unit/manifest ties them.
 */
export const SettingsSchema = z.object({
  runsDirectory: z.string().catch('runs'),
  dataDirectory: z.string().catch(''),
  concurrency: z.number().int().min(1).max(256).catch(8),
  cacheResponses: z.boolean().catch(true),
  annotatorName: z.string().catch(''),
  role: z.enum(['annotator', 'adjudicator']).catch('annotator'),
  blindReview: z.boolean().catch(false),
  guidelinesFile: z.string().catch(''),
  bertscoreModel: z.string().catch(''),
  bertscoreLayer: z.number().int().min(0).nullable().catch(null),
  bleurtModel: z.string().catch(''),
  /** 0: llama.cpp's default. */
  localModelThreads: z.number().int().min(0).max(256).catch(0),
});
export type Settings = z.infer<typeof SettingsSchema>;

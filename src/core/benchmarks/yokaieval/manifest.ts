import yokaievalManifest from './officialFiles.json';
import { type BenchmarkManifest, BenchmarkManifestSchema } from '../../data/manifest';

export const YOKAIEVAL_MANIFEST: BenchmarkManifest = BenchmarkManifestSchema.parse(yokaievalManifest);

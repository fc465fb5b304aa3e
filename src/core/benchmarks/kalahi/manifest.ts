import kalahiManifest from './officialFiles.json';
import { type BenchmarkManifest, BenchmarkManifestSchema } from '../../data/manifest';

export const KALAHI_MANIFEST: BenchmarkManifest = BenchmarkManifestSchema.parse(kalahiManifest);

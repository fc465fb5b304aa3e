import kalahiManifest from '../../../../data/benchmarks/kalahi.json';
import { type BenchmarkManifest, BenchmarkManifestSchema } from '../../data/manifest';

export const KALAHI_MANIFEST: BenchmarkManifest = BenchmarkManifestSchema.parse(kalahiManifest);

export const REGIONS = ['北海道', '東北', '関東', '中部', '近畿', '中国・四国', '九州', '沖縄'] as const;
export type NormalizedRegion = (typeof REGIONS)[number] | '日本全国' | '不明' | '複数';

/** The order the region filter lists normalized regions in: north to south, then the catch-alls. */
export const REGION_ORDER: readonly NormalizedRegion[] = [...REGIONS, '日本全国', '複数', '不明'];

/** Letter codes used by some records, in the order of REGIONS (A = 北海道 … H = 沖縄). */
const LETTER_CODES = new Map<string, NormalizedRegion>(REGIONS.map((region, i) => [String.fromCharCode(65 + i), region]));

const ALIASES = new Map<string, NormalizedRegion>([
  ['中ぶ', '中部'],
  ['琉球', '沖縄'],
  ['全国', '日本全国'],
]);

/**
 * Normalizes a YokaiEval region to the eight regions, 日本全国 or 不明; lists (of regions, prefectures or
 * letter codes) go to 複数 unless they name a single region. The raw value is kept by the caller.
 */
export function normalizeRegion(raw: string): NormalizedRegion {
  const inner = raw.trim().replace(/^\[\[/, '').replace(/\]\]$/, '').trim();
  const parts = inner
    .split(/[,、，]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return '不明';
  const regions = new Set(parts.map(single));
  if (regions.size === 1) {
    const [only] = regions;
    if (only !== undefined && only !== '複数') return only;
  }
  return '複数';
}

function single(part: string): NormalizedRegion {
  const letter = LETTER_CODES.get(part);
  if (letter !== undefined) return letter;
  if ((REGIONS as readonly string[]).includes(part)) return part as NormalizedRegion;
  if (part === '日本全国' || part === '不明') return part;
  return ALIASES.get(part) ?? '複数';
}

import { type ExportFormat } from '../../core/protocol/stats';

export const EXPORT_FILTERS: Readonly<Record<ExportFormat, Readonly<Record<string, string[]>>>> = {
  md: { Markdown: ['md'] },
  json: { JSON: ['json'] },
  html: { HTML: ['html'] },
};

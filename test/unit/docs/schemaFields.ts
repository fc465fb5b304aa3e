// The field paths a zod schema names (objects' keys, through optional, nullable, arrays, unions and pipes),
// read from the schema's own definition: how docs/run-folder.md is checked against the code.
import type * as z from 'zod';

interface Definition {
  readonly type: string;
  readonly shape?: Record<string, z.ZodType>;
  readonly innerType?: z.ZodType;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly in?: z.ZodType;
  readonly getter?: () => z.ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

const definitionOf = (schema: z.ZodType): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Every field path of the schema: `dataset.files[].sha256` for the sha256 of each element of dataset.files. */
export function fieldPaths(schema: z.ZodType, prefix = '', into = new Set<string>()): Set<string> {
  const def = definitionOf(schema);
  if (def.type === 'object' && def.shape !== undefined) {
    for (const [key, value] of Object.entries(def.shape)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      into.add(path);
      fieldPaths(value, path, into);
    }
  } else if (WRAPPERS.has(def.type) && def.innerType !== undefined) fieldPaths(def.innerType, prefix, into);
  else if (def.type === 'array' && def.element !== undefined) fieldPaths(def.element, `${prefix}[]`, into);
  else if (def.type === 'union') for (const option of def.options ?? []) fieldPaths(option, prefix, into);
  else if (def.type === 'pipe' && def.in !== undefined) fieldPaths(def.in, prefix, into);
  else if (def.type === 'lazy' && def.getter !== undefined) fieldPaths(def.getter(), prefix, into);
  return into;
}

/** A path's last key: `dataset.files[].sha256` → `sha256`. */
export const leafOf = (path: string): string => path.replace(/\[\]/g, '').split('.').pop() ?? path;

import { spawnSync } from 'node:child_process';
import * as z from 'zod';

/** Read by Python's zipfile (an independent zip reader) and xml.etree (the VSIX manifest). */
const LISTING_SCRIPT = `
import json, sys, zipfile, xml.etree.ElementTree as ET
with zipfile.ZipFile(sys.argv[1]) as vsix:
    identity = ET.fromstring(vsix.read('extension.vsixmanifest')).find('.//{*}Identity')
    print(json.dumps({
        'target': None if identity is None else identity.get('TargetPlatform'),
        'entries': [{'name': i.filename, 'size': i.file_size} for i in vsix.infolist()],
        'headers': {i.filename: vsix.open(i).read(1024).hex() for i in vsix.infolist() if i.filename.endswith('.node')},
    }))
`;

const ListingSchema = z.object({
  target: z.string().nullable(),
  entries: z.array(z.object({ name: z.string(), size: z.number() })),
  headers: z.record(z.string(), z.string()),
});
export type VsixListing = z.infer<typeof ListingSchema>;

/** A VSIX's entries, the TargetPlatform of its manifest (null: universal) and the first 1024 bytes of each .node file. */
export function vsixListing(path: string): VsixListing {
  const result = spawnSync('python3', ['-c', LISTING_SCRIPT, path], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 zipfile could not read ${path}: ${result.stderr}`);
  return ListingSchema.parse(JSON.parse(result.stdout));
}

/** The OS and CPU a native binary is built for, from its ELF, Mach-O or PE header (hex of its first 1024 bytes). */
export function binaryPlatform(headerHex: string): string {
  const bytes = Buffer.from(headerHex, 'hex');
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes.readUInt16LE(18);
    return `linux-${machine === 62 ? 'x64' : machine === 183 ? 'arm64' : `elf${machine}`}`;
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readUInt32LE(4);
    return `darwin-${cpu === 0x01000007 ? 'x64' : cpu === 0x0100000c ? 'arm64' : `macho${cpu}`}`;
  }
  if (bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (pe + 6 > bytes.length || bytes.readUInt32LE(pe) !== 0x00004550) return 'win32-unknown';
    const machine = bytes.readUInt16LE(pe + 4);
    return `win32-${machine === 0x8664 ? 'x64' : machine === 0xaa64 ? 'arm64' : `pe${machine}`}`;
  }
  return 'unknown';
}

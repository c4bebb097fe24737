/**
 * Checks JSON samples the registry emitted against discord-api-types with the TypeScript
 * compiler: each sample becomes `const sample = <json> as const; const wire: Wire<T> = sample;`
 * in a file of its own, and all of them are compiled in one in-memory program that resolves
 * `discord-api-types` from the project's node_modules. A missing required field, a string
 * where a number belongs or a null where none is allowed is a diagnostic naming the sample.
 *
 * `Wire<T>` is T as JSON carries it: enum members become their literal values (JSON has no
 * enums) and everything is read-only, as an `as const` literal is. Going through `sample`
 * skips excess-property checks on purpose: the service sends fields the types do not list.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One emitted object and the discord-api-types type it must satisfy. */
export interface WireSample {
  /** Where it came from, e.g. `GET /channels/{thread}`; also names its file in diagnostics. */
  name: string;
  /** A type expression over discord-api-types/v10 exports, e.g. `APIThreadChannel`. */
  type: string;
  value: unknown;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WIRE_FILE = join(ROOT, '.wire-check', 'wire.ts');

/** Bit-field enums: any combination of their bits is a valid number, not only one member. */
const FLAG_ENUMS = [
  'ActivityFlags', 'ApplicationFlags', 'AttachmentFlags', 'ChannelFlags', 'EmbedFlags', 'EmbedMediaFlags', 'GuildMemberFlags',
  'GuildSystemChannelFlags', 'InviteFlags', 'MessageFlags', 'RoleFlags', 'SKUFlags', 'ThreadMemberFlags', 'UnfurledMediaItemFlags', 'UserFlags',
];

const WIRE_SOURCE = `
import type { ${FLAG_ENUMS.join(', ')} } from 'discord-api-types/v10';
type Flags = ${FLAG_ENUMS.join(' | ')};
export type Wire<T> =
  T extends Flags ? number
  : T extends string ? \`\${T}\`
  : T extends number ? (\`\${T}\` extends \`\${infer N extends number}\` ? N : number)
  : T extends boolean | bigint | null | undefined ? T
  : T extends object ? { readonly [K in keyof T]: Wire<T[K]> }
  : T;
`;

/** The identifiers a type expression names (`APIGuildChannel<ChannelType.GuildDirectory>`), to import them. */
function typeNames(expression: string): string[] {
  return [...new Set(expression.match(/(?<![.\w])[A-Z]\w*/g) ?? [])];
}

function sampleSource(sample: WireSample): string {
  return [
    `import type { ${typeNames(sample.type).join(', ')} } from 'discord-api-types/v10';`,
    `import type { Wire } from './wire.js';`,
    `const sample = ${JSON.stringify(sample.value, null, 1)} as const;`,
    `export const wire: Wire<${sample.type}> = sample;`,
  ].join('\n');
}

/** A file name for a sample: its index, so diagnostics can be traced back to the sample's name. */
function sampleFile(index: number): string {
  return join(ROOT, '.wire-check', `sample-${index}.ts`);
}

/** One compiler complaint: the sample it is about (undefined for the program itself) and its text. */
export interface WireDiagnostic {
  sample: string | undefined;
  text: string;
}

/**
 * Compiles every sample in one program and answers its diagnostics, each with the sample's
 * name and the message chain, whose "Types of property 'x'" steps are the path to the fault.
 */
export function wireDiagnostics(samples: readonly WireSample[]): WireDiagnostic[] {
  const files = new Map<string, string>([[WIRE_FILE, WIRE_SOURCE]]);
  samples.forEach((sample, index) => files.set(sampleFile(index), sampleSource(sample)));
  const options: ts.CompilerOptions = {
    strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['lib.es2022.d.ts'],
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  // The samples live in a folder that exists only in memory.
  host.directoryExists = (name) => name === dirname(WIRE_FILE) || (directoryExists?.(name) ?? true);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.getSourceFile = (name, language, onError, create) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, language, onError, create) : ts.createSourceFile(name, text, language, true);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const names = new Map(samples.map((sample, index) => [sampleFile(index), sample.name]));
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    const sample = diagnostic.file === undefined ? undefined : names.get(diagnostic.file.fileName);
    const type = sample === undefined ? '' : ` (${samples.find((candidate) => candidate.name === sample)?.type ?? ''})`;
    return { sample, text: `${sample ?? diagnostic.file?.fileName ?? 'program'}${type}:\n  ${message}` };
  });
}

import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import schema from '../../schema/registry-item.json' with { type: 'json' };
import type { RegistryItem } from './registry-item.ts';

/** One problem with an item: where (a JSON pointer into the item) and which rule it breaks. */
export interface ItemProblem {
  readonly pointer: string;
  readonly reason: string;
}

export const itemSchema: unknown = schema;

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
const checkSchema = ajv.compile(schema);

const TARGET = '#/$defs/file/properties/target';
// Sentences for the rules, keyed by the schema location Ajv reports.
const REASONS: Readonly<Record<string, string>> = {
  '#/properties/name/pattern': 'must be lowercase letters, digits and "-", starting with a letter',
  '#/properties/dependencies/items/pattern': 'must be an npm package name, optionally followed by @ and a version',
  '#/properties/registryDependencies/items/pattern': 'must be a full URL {base}/r/[v<major>.<minor>/]<name>.json into this registry (a bare name is not allowed)',
  '#/properties/extends/const': 'must be "none"',
  '#/allOf/0/then/required': 'a registry:style item must have "extends"',
  '#/allOf/0/then/properties/files/maxItems': 'a registry:style item carries no files',
  '#/allOf/1/then/required': 'a registry:ui item must have "files"',
  [`${TARGET}/pattern`]: 'must start with ~/, @components/, @ui/, @lib/ or @hooks/ followed by a file path',
  [`${TARGET}/allOf/0/not`]: 'must not contain ".."',
  [`${TARGET}/allOf/1/not`]: 'must not contain backslashes or control characters',
  [`${TARGET}/allOf/2/not`]: 'must not contain percent-encoded dots, slashes, backslashes or NUL',
  [`${TARGET}/allOf/3/not`]: 'must not contain empty path segments or end with "/"',
};

function reasonOf(error: ErrorObject): string {
  const known = REASONS[error.schemaPath];
  if (known) return known;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown property "${String(params.additionalProperty)}"`;
    case 'required':
      return `missing required property "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as string[]).join(', ')}`;
    case 'type':
      return `must be ${params.type === 'object' ? 'a JSON object' : params.type === 'array' ? 'an array' : `a ${String(params.type)}`}`;
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    default:
      return error.message ?? 'is invalid';
  }
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const child = error.keyword === 'additionalProperties' ? params.additionalProperty : error.keyword === 'required' ? params.missingProperty : undefined;
  const escaped = typeof child === 'string' ? `/${child.replaceAll('~', '~0').replaceAll('/', '~1')}` : '';
  return `${error.instancePath}${escaped}` || '/';
}

/** What an item is checked against beyond the format: where it was found. */
export interface ItemContext {
  /** The item's file name without `.json` (the `name` must equal it). */
  readonly fileName?: string;
}

/**
 * Checks an item against the format (the published JSON Schema), then the
 * rules that depend on where the item was found. An empty list means valid.
 */
export function validateItem(value: unknown, context: ItemContext = {}): ItemProblem[] {
  if (!checkSchema(value)) {
    const problems = (checkSchema.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => ({ pointer: pointerOf(e), reason: reasonOf(e) }));
    return dedupe(problems);
  }
  const item = value as unknown as RegistryItem;
  if (context.fileName !== undefined && item.name !== context.fileName) {
    return [{ pointer: '/name', reason: `must equal the item's file name "${context.fileName}"` }];
  }
  return [];
}

function dedupe(problems: ItemProblem[]): ItemProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function formatProblems(label: string, problems: readonly ItemProblem[]): string[] {
  return problems.map((p) => `${label}: ${p.pointer}: ${p.reason}`);
}

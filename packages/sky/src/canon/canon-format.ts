/**
 * The canon input format (contract "The canon input format"): one JSON
 * object per line, per file. Field kinds say how a value is checked; `ref`
 * names the key set a value must belong to.
 */
export type FieldKind = 'id' | 'int' | 'number' | 'weight' | 'count' | 'string' | 'bool';
export type KeySet = 'artist' | 'label' | 'place';

export interface FieldSpec {
  readonly name: string;
  /** The column it is stored in, when not its own name. */
  readonly column?: string;
  readonly kind: FieldKind;
  readonly nullable?: boolean;
  readonly ref?: KeySet;
}

export interface FileSpec {
  readonly file: string;
  /** The table rows land in: a served table when rows are kept as given, else a load table the import derives from. */
  readonly table: string;
  readonly fields: readonly FieldSpec[];
  /** Fields that identify a row; a second row with the same key is refused unless it repeats the first exactly (`repeats`). */
  readonly key: readonly string[];
  /** Whether exact repeats collapse into one (relationship rows); otherwise any second row with the key is refused. */
  readonly repeats: boolean;
  /** The key set this file defines (its ids may be referenced by other files). */
  readonly defines?: KeySet;
  /** Only `artists.jsonl` and `positions.jsonl` must exist. */
  readonly required: boolean;
}

const f = (name: string, kind: FieldKind, extra: Omit<FieldSpec, 'name' | 'kind'> = {}): FieldSpec => ({ name, kind, ...extra });
const artistRef = (name: string) => f(name, 'id', { ref: 'artist' });

/** In reading order: files that define keys come before those that refer to them. */
export const CANON_FILES: readonly FileSpec[] = [
  {
    file: 'artists.jsonl',
    table: 'load_artists',
    required: true,
    defines: 'artist',
    key: ['id'],
    repeats: false,
    fields: [
      f('id', 'id'),
      f('mbid', 'string'),
      f('name', 'string'),
      f('comment', 'string', { nullable: true }),
      f('kind', 'string'),
      f('area', 'string', { nullable: true }),
      f('begin_year', 'int', { nullable: true }),
      f('end_year', 'int', { nullable: true }),
      f('catalogue_id', 'id', { nullable: true }),
    ],
  },
  { file: 'places.jsonl', table: 'load_places', required: false, defines: 'place', key: ['qid'], repeats: false, fields: [f('qid', 'id'), f('name', 'string'), f('country', 'string')] },
  {
    file: 'labels.jsonl',
    table: 'load_labels',
    required: false,
    defines: 'label',
    key: ['id'],
    repeats: false,
    fields: [f('id', 'id'), f('name', 'string'), f('profile', 'string', { nullable: true }), f('parent', 'id', { nullable: true, ref: 'label' })],
  },
  { file: 'catalogue_artists.jsonl', table: 'catalogue_artists', required: false, key: ['catalogue_id'], repeats: false, fields: [f('catalogue_id', 'id'), f('name', 'string')] },
  {
    file: 'positions.jsonl',
    table: 'load_positions',
    required: true,
    key: ['artist', 'layout'],
    repeats: false,
    fields: [artistRef('artist'), f('layout', 'int'), f('x', 'number'), f('y', 'number'), f('weight', 'weight')],
  },
  { file: 'genres.jsonl', table: 'genres', required: false, key: ['artist', 'name', 'is_style'], repeats: true, fields: [artistRef('artist'), f('name', 'string'), f('is_style', 'bool'), f('releases', 'count')] },
  { file: 'similarity.jsonl', table: 'load_similarity', required: false, key: ['a', 'b', 'metric'], repeats: true, fields: [artistRef('a'), artistRef('b'), f('metric', 'int'), f('score', 'number')] },
  { file: 'influences.jsonl', table: 'influences', required: false, key: ['from', 'to'], repeats: true, fields: [{ ...artistRef('from'), column: 'from_artist' }, { ...artistRef('to'), column: 'to_artist' }] },
  {
    file: 'origins.jsonl',
    table: 'origins',
    required: false,
    key: ['artist'],
    repeats: false,
    fields: [artistRef('artist'), f('qid', 'id', { ref: 'place' }), f('is_birth', 'bool'), f('inception_year', 'int', { nullable: true })],
  },
  { file: 'label_years.jsonl', table: 'label_years', required: false, key: ['label', 'year'], repeats: true, fields: [f('label', 'id', { ref: 'label' }), f('year', 'int'), f('count', 'int')] },
  {
    file: 'artist_labels.jsonl',
    table: 'artist_labels',
    required: false,
    key: ['artist', 'label'],
    repeats: true,
    fields: [artistRef('artist'), f('label', 'id', { ref: 'label' }), f('releases', 'int'), f('first_year', 'int'), f('last_year', 'int')],
  },
  {
    file: 'prose.jsonl',
    table: 'prose',
    required: false,
    key: ['artist'],
    repeats: false,
    fields: [artistRef('artist'), f('extract', 'string'), f('source_title', 'string'), f('source_url', 'string'), f('licence', 'string')],
  },
  { file: 'releases.jsonl', table: 'releases', required: false, key: ['artist', 'name', 'primary_type', 'year'], repeats: true, fields: [artistRef('artist'), f('name', 'string'), f('primary_type', 'string'), f('year', 'int')] },
  { file: 'urls.jsonl', table: 'urls', required: false, key: ['artist', 'url', 'relation'], repeats: true, fields: [artistRef('artist'), f('url', 'string'), f('relation', 'string')] },
];

export type Row = Record<string, string | number | boolean | null>;

/** Checks one parsed line against its file's fields; returns the row in field order, or the reason it is refused. */
export function checkRow(spec: FileSpec, value: unknown): { row: Row } | { reason: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { reason: 'a line must be one JSON object' };
  const object = value as Record<string, unknown>;
  const row: Row = {};
  for (const field of spec.fields) {
    const v = object[field.name];
    if (v === undefined || v === null) {
      if (field.nullable) {
        row[field.name] = null;
        continue;
      }
      return { reason: `missing required field "${field.name}"` };
    }
    const problem = checkValue(field, v);
    if (problem) return { reason: `field "${field.name}" ${problem}` };
    row[field.name] = v as string | number | boolean;
  }
  for (const name of Object.keys(object)) {
    if (!spec.fields.some((field) => field.name === name)) return { reason: `unknown field "${name.slice(0, 64)}"` };
  }
  return { row };
}

function checkValue(field: FieldSpec, v: unknown): string | undefined {
  switch (field.kind) {
    case 'string':
      return typeof v === 'string' ? undefined : 'must be a string';
    case 'bool':
      return typeof v === 'boolean' ? undefined : 'must be true or false';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? undefined : 'must be a finite number';
    case 'weight':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : 'must be a finite number of at least 0';
    case 'int':
      return Number.isSafeInteger(v) ? undefined : 'must be an integer';
    case 'count':
      return Number.isSafeInteger(v) && (v as number) >= 1 ? undefined : 'must be an integer of at least 1';
    case 'id':
      return Number.isSafeInteger(v) && (v as number) >= 1 ? undefined : 'must be a positive integer id';
  }
}

/**
 * The served canon: tables, columns and indexes, written once and turned into
 * DDL for SQLite and PostgreSQL. Every derived value is computed at import.
 */
/**
 * The layout of the served canon, written to `sky_meta` as `format`; a
 * server only serves its own. 2: cards stored at import (1, unmarked: built
 * per request).
 */
export const CANON_FORMAT = 2;

export type ColumnType = 'int' | 'real' | 'text' | 'bool' | 'bytes';

export interface TableSpec {
  readonly name: string;
  readonly columns: readonly (readonly [name: string, type: ColumnType, nullable?: 'null'])[];
  readonly primaryKey: readonly string[];
  readonly indexes?: readonly (readonly string[])[];
  /** Small rows keyed by their primary key: one B-tree in SQLite instead of a table and an index. */
  readonly compact?: boolean;
}

const t = (name: string, columns: TableSpec['columns'], primaryKey: string[], indexes: string[][] = [], compact = false): TableSpec => ({ name, columns, primaryKey, indexes, compact });

export const CANON_TABLES: readonly TableSpec[] = [
  t(
    'artists',
    [
      ['id', 'int'],
      ['mbid', 'text'],
      ['name', 'text'],
      ['comment', 'text', 'null'],
      ['kind', 'text'],
      ['area', 'text', 'null'],
      ['begin_year', 'int', 'null'],
      ['end_year', 'int', 'null'],
      ['catalogue_id', 'int', 'null'],
      ['main_genre', 'text', 'null'],
      ['main_style', 'text', 'null'],
      ['video_uploads', 'text', 'null'],
    ],
    ['id'],
    [['catalogue_id']],
  ),
  // Artists placed in the newest layout. rank 1 is the heaviest (ties: lower id first).
  t(
    'stars',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['comment', 'text', 'null'],
      ['folded', 'text'],
      ['x', 'real'],
      ['y', 'real'],
      ['weight', 'real'],
      ['rank', 'int'],
      ['brightness', 'real'],
      ['cell', 'int'],
      ['main_genre', 'text', 'null'],
      ['main_style', 'text', 'null'],
      ['video_uploads', 'text', 'null'],
    ],
    ['id'],
    // (cell, rank, x, y): rectangle candidates are filtered on the index before any row is read.
    [['rank'], ['cell', 'rank', 'x', 'y'], ['folded']],
  ),
  t('genres', [['artist', 'int'], ['name', 'text'], ['is_style', 'bool'], ['releases', 'int']], ['artist', 'is_style', 'name'], [], true),
  // Newest-metric similarity, one edge per pair (the larger score), stored in both directions.
  t('neighbours', [['artist', 'int'], ['other', 'int'], ['score', 'real']], ['artist', 'other'], [], true),
  t('influences', [['from_artist', 'int'], ['to_artist', 'int']], ['from_artist', 'to_artist'], [['to_artist', 'from_artist']], true),
  t(
    'places',
    [['qid', 'int'], ['name', 'text'], ['country', 'text'], ['folded', 'text'], ['stars', 'int'], ['formed', 'int'], ['born', 'int'], ['search_rank', 'int', 'null']],
    ['qid'],
    [['folded'], ['search_rank']],
  ),
  t('origins', [['artist', 'int'], ['qid', 'int'], ['is_birth', 'bool'], ['inception_year', 'int', 'null']], ['artist'], [['qid', 'artist']], true),
  t(
    'labels',
    [['id', 'int'], ['name', 'text'], ['display_name', 'text'], ['folded', 'text'], ['profile', 'text'], ['parent', 'int', 'null'], ['stars', 'int'], ['search_rank', 'int', 'null']],
    ['id'],
    [['parent'], ['folded'], ['search_rank']],
  ),
  t('label_years', [['label', 'int'], ['year', 'int'], ['count', 'int']], ['label', 'year'], [], true),
  t('artist_labels', [['artist', 'int'], ['label', 'int'], ['releases', 'int'], ['first_year', 'int'], ['last_year', 'int']], ['artist', 'label'], [['label', 'artist']], true),
  t('prose', [['artist', 'int'], ['extract', 'text'], ['source_title', 'text'], ['source_url', 'text'], ['licence', 'text']], ['artist']),
  t('releases', [['artist', 'int'], ['name', 'text'], ['primary_type', 'text'], ['year', 'int']], ['artist', 'name', 'primary_type', 'year'], [], true),
  t('urls', [['artist', 'int'], ['url', 'text'], ['relation', 'text']], ['artist', 'url', 'relation'], [], true),
  t('catalogue_artists', [['catalogue_id', 'int'], ['name', 'text']], ['catalogue_id']),
  // Label rosters and scene members with what dossiers show, in rank order (brightest first): one range read per dossier.
  t(
    'label_members',
    [['label', 'int'], ['rank', 'int'], ['star', 'int'], ['name', 'text'], ['releases', 'int'], ['first_year', 'int'], ['last_year', 'int'], ['x', 'real'], ['y', 'real'], ['brightness', 'real'], ['main_genre', 'text', 'null'], ['main_style', 'text', 'null'], ['qid', 'int', 'null'], ['place', 'text', 'null']],
    ['label', 'rank'],
    [['label', 'releases', 'star']],
    true,
  ),
  t(
    'scene_members',
    [['qid', 'int'], ['rank', 'int'], ['star', 'int'], ['name', 'text'], ['is_birth', 'bool'], ['begin_year', 'int', 'null'], ['end_year', 'int', 'null'], ['x', 'real'], ['y', 'real'], ['brightness', 'real'], ['main_genre', 'text', 'null'], ['main_style', 'text', 'null']],
    ['qid', 'rank'],
    [],
    true,
  ),
  // How many of a scene's members released on each label.
  t('scene_labels', [['qid', 'int'], ['label', 'int'], ['artists', 'int']], ['qid', 'label'], [], true),
  // A nebula is known when any artist carries it; radio_size counts its stations.
  t('nebulae', [['kind', 'text'], ['name', 'text'], ['artists', 'int'], ['radio_size', 'int']], ['kind', 'name']),
  // Stations of each radio in id order with cumulative odds max(brightness, 0.05), for weighted draws.
  t('radio_members', [['kind', 'text'], ['name', 'text'], ['ordinal', 'int'], ['star', 'int'], ['odds', 'real'], ['cumulative', 'real']], ['kind', 'name', 'ordinal'], [['kind', 'name', 'cumulative']], true),
  // Faint playable stars (outside the 8000 heaviest, with uploads), in id order.
  t('signal_candidates', [['ordinal', 'int'], ['star', 'int']], ['ordinal']),
  t('sky_cells', [['cell', 'int'], ['stars', 'int']], ['cell']),
  t('search_grams', [['list', 'text'], ['gram', 'text'], ['ordinals', 'bytes']], ['list', 'gram']),
  // Every artist's card as served: JSON in UTF-8 bytes, sent without decoding or encoding. Built by `derive-cards.ts`.
  t('cards', [['artist', 'int'], ['body', 'bytes']], ['artist']),
  t('sky_meta', [['key', 'text'], ['value', 'text']], ['key']),
];

/** The folded names of each search list in rank order: their positions are the ordinals of `search_grams`. */
export const SEARCH_LISTS = {
  stars: 'SELECT folded FROM stars ORDER BY rank',
  labels: 'SELECT folded FROM labels WHERE search_rank IS NOT NULL ORDER BY search_rank',
  scenes: 'SELECT folded FROM places WHERE search_rank IS NOT NULL ORDER BY search_rank',
} as const;

const SQLITE_TYPES: Record<ColumnType, string> = { int: 'INTEGER', real: 'REAL', text: 'TEXT', bool: 'INTEGER', bytes: 'BLOB' };
const POSTGRES_TYPES: Record<ColumnType, string> = { int: 'bigint', real: 'double precision', text: 'text', bool: 'boolean', bytes: 'bytea' };

export function tableDdl(table: TableSpec, engine: 'sqlite' | 'postgres'): string[] {
  const types = engine === 'sqlite' ? SQLITE_TYPES : POSTGRES_TYPES;
  const columns = table.columns.map(([name, type, nullable]) => `"${name}" ${types[type]}${nullable ? '' : ' NOT NULL'}`);
  const compact = engine === 'sqlite' && table.compact ? ' WITHOUT ROWID' : '';
  return [`CREATE TABLE "${table.name}" (${columns.join(', ')}, PRIMARY KEY (${table.primaryKey.map((c) => `"${c}"`).join(', ')}))${compact}`];
}

export function indexDdl(table: TableSpec): string[] {
  return (table.indexes ?? []).map((columns) => `CREATE INDEX "${table.name}_${columns.join('_')}" ON "${table.name}" (${columns.map((c) => `"${c}"`).join(', ')})`);
}

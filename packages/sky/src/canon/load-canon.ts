import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { CANON_FILES, checkRow, type FieldSpec, type FileSpec, type KeySet, type Row } from './canon-format.ts';
import { CANON_TABLES, tableDdl } from './canon-tables.ts';
import { readLines } from './read-lines.ts';

/** A refusal of the canon: `file:line: reason`. */
export class CanonError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'CanonError';
    this.problems = problems;
  }
}

const SQL_TYPES: Record<string, string> = { id: 'INTEGER', int: 'INTEGER', count: 'INTEGER', number: 'REAL', weight: 'REAL', string: 'TEXT', bool: 'INTEGER' };

const columnOf = (spec: FileSpec, name: string) => {
  const field = spec.fields.find((f) => f.name === name)!;
  return `"${field.column ?? field.name}"`;
};

/**
 * The tables rows are loaded into, keyed so repeats and duplicates are
 * caught while loading: the served table itself when rows are kept as given,
 * else a load table (`load_*`) the import derives served tables from.
 */
export function createLoadTables(db: DatabaseSync): void {
  for (const spec of CANON_FILES) {
    const served = CANON_TABLES.find((t) => t.name === spec.table);
    if (served) {
      for (const ddl of tableDdl(served, 'sqlite')) db.exec(ddl);
      continue;
    }
    const columns = spec.fields.map((f: FieldSpec) => `"${f.name}" ${SQL_TYPES[f.kind]}${f.nullable ? '' : ' NOT NULL'}`);
    db.exec(`CREATE TABLE "${spec.table}" (${columns.join(', ')}, PRIMARY KEY (${spec.key.map((k) => `"${k}"`).join(', ')})) WITHOUT ROWID`);
  }
}

function describeKey(spec: FileSpec, row: Row): string {
  return spec.key.map((k) => `${k} ${JSON.stringify(row[k])}`).join(', ');
}

interface Loader {
  readonly insert: StatementSync;
  readonly existing: StatementSync;
}

function loaderFor(db: DatabaseSync, spec: FileSpec): Loader {
  const columns = spec.fields.map((f) => columnOf(spec, f.name));
  const selected = spec.fields.map((f) => `${columnOf(spec, f.name)} AS "${f.name}"`);
  return {
    insert: db.prepare(`INSERT INTO "${spec.table}" (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`),
    existing: db.prepare(`SELECT ${selected.join(', ')} FROM "${spec.table}" WHERE ${spec.key.map((k) => `${columnOf(spec, k)} = ?`).join(' AND ')}`),
  };
}

const toSql = (v: string | number | boolean | null): SQLInputValue => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/**
 * Reads every canon file in order, checking each line (types, required
 * fields, references, duplicates) and loading it. Collects up to
 * `maxProblems` problems, then stops; throws CanonError if there was any.
 */
export async function loadCanon(db: DatabaseSync, dir: string, progress: (message: string) => void, maxProblems = 20): Promise<void> {
  const keys: Record<KeySet, Set<number>> = { artist: new Set(), label: new Set(), place: new Set() };
  const problems: string[] = [];
  const report = (message: string) => {
    problems.push(message);
    if (problems.length >= maxProblems) throw new CanonError(problems);
  };
  for (const spec of CANON_FILES) {
    const path = join(dir, spec.file);
    if (!existsSync(path)) {
      if (spec.required) report(`${spec.file}: the file is missing`);
      continue;
    }
    const loader = loaderFor(db, spec);
    // A label's parent may come later in the same file: checked once the file is read.
    const deferred: { line: number; set: KeySet; id: number; field: string }[] = [];
    let count = 0;
    for await (const { line, text } of readLines(path)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        report(`${spec.file}:${line}: not valid JSON`);
        continue;
      }
      const checked = checkRow(spec, value);
      if ('reason' in checked) {
        report(`${spec.file}:${line}: ${checked.reason}`);
        continue;
      }
      const { row } = checked;
      let missing = false;
      for (const field of spec.fields) {
        const ref = field.ref;
        const id = row[field.name];
        if (ref === undefined || id === null || keys[ref].has(id as number)) continue;
        if (ref === spec.defines) deferred.push({ line, set: ref, id: id as number, field: field.name });
        else {
          report(`${spec.file}:${line}: field "${field.name}" refers to ${ref} ${id}, which is not in the canon`);
          missing = true;
        }
      }
      if (missing) continue;
      const values = spec.fields.map((f) => toSql(row[f.name]!));
      if (loader.insert.run(...values).changes === 0) {
        const before = loader.existing.get(...spec.key.map((k) => toSql(row[k]!))) as Record<string, SQLInputValue>;
        const same = spec.fields.every((f, i) => before[f.name] === values[i]);
        if (!spec.repeats) report(`${spec.file}:${line}: duplicate ${describeKey(spec, row)}`);
        else if (!same) report(`${spec.file}:${line}: a second row for ${describeKey(spec, row)} with other values`);
      } else if (spec.defines) {
        keys[spec.defines].add(row[spec.key[0]!] as number);
      }
      if (++count % 1_000_000 === 0) progress(`${spec.file}: ${count.toLocaleString('en')} lines`);
    }
    for (const d of deferred) {
      if (!keys[d.set].has(d.id)) report(`${spec.file}:${d.line}: field "${d.field}" refers to ${d.set} ${d.id}, which is not in the canon`);
    }
    progress(`${spec.file}: ${count.toLocaleString('en')} lines checked`);
  }
  if (problems.length > 0) throw new CanonError(problems);
}

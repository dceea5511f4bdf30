/**
 * One thread of the card build: the cards of a range of artists (positions
 * in id order), read from the committed staging canon and written to a part
 * file of its own, which the import then appends to the canon's `cards`.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { CANON_TABLES, tableDdl } from './canon-tables.ts';
import { cardsOfRange } from './derive-cards.ts';

export interface CardPart {
  readonly staging: string;
  readonly part: string;
  readonly from: number;
  readonly to: number;
}

const { staging, part, from, to } = workerData as CardPart;
const canon = new DatabaseSync(staging, { readOnly: true });
canon.exec('PRAGMA cache_size = -262144');
const out = new DatabaseSync(part);
out.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE');
for (const ddl of tableDdl(CANON_TABLES.find((t) => t.name === 'cards')!, 'sqlite')) out.exec(ddl);
const insert = out.prepare('INSERT INTO cards (artist, body) VALUES (?, CAST(? AS BLOB))');
out.exec('BEGIN');
cardsOfRange(canon, { from, to }, (artist, body) => insert.run(artist, body), (artists) => parentPort!.postMessage(artists));
out.exec('COMMIT');
out.close();
canon.close();

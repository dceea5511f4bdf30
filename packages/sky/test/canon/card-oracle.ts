/**
 * The card of one artist gathered the plain way, one query per relation,
 * as a reference for the import's set-wise build (`canon/derive-cards.ts`):
 * both feed the same `renderCard`, so any difference is in how the facts
 * were gathered.
 */
import type { DatabaseSync } from 'node:sqlite';
import { renderCard, type CardArtist } from '../../src/domain/card.ts';
import type { LabelRow, ReleaseRow, ScoredStar } from '../../src/domain/card-order.ts';
import type { UrlRow } from '../../src/domain/listen.ts';
import type { GenreRow } from '../../src/domain/nebula-shares.ts';

export function oracleCard(db: DatabaseSync, id: number): string | undefined {
  const rows = <T>(sql: string, ...params: (number | string)[]) => db.prepare(sql).all(...params) as T[];
  const artist = db
    .prepare(
      `SELECT a.id, a.mbid, a.name, a.comment, a.kind, a.area, a.begin_year, a.end_year, a.main_genre, a.main_style, a.video_uploads,
         s.x, s.y, s.weight, p.name AS place, o.qid, p.country, o.is_birth, o.inception_year, r.extract, r.source_title, r.source_url, r.licence
       FROM artists a LEFT JOIN stars s ON s.id = a.id LEFT JOIN origins o ON o.artist = a.id LEFT JOIN places p ON p.qid = o.qid LEFT JOIN prose r ON r.artist = a.id
       WHERE a.id = ?`,
    )
    .get(id) as (Omit<CardArtist, 'is_birth'> & { is_birth: number | null }) | undefined;
  if (artist === undefined) return undefined;
  const genresOf = (artistId: number) =>
    rows<{ name: string; is_style: number; releases: number }>('SELECT name, is_style, releases FROM genres WHERE artist = ?', artistId).map(
      (g): GenreRow => ({ name: g.name, is_style: g.is_style === 1, releases: g.releases }),
    );
  const radio = new Map(rows<{ kind: string; name: string; radio_size: number }>('SELECT kind, name, radio_size FROM nebulae').map((n) => [`${n.kind}:${n.name}`, n.radio_size]));
  return JSON.stringify(
    renderCard({
      artist: { ...artist, is_birth: artist.is_birth === null ? null : artist.is_birth === 1 },
      genres: genresOf(id),
      similar: rows<ScoredStar>('SELECT n.other AS id, s.name, n.score FROM neighbours n JOIN stars s ON s.id = n.other WHERE n.artist = ?', id),
      neighbourGenres: genresOf,
      shapedBy: rows<ScoredStar>('SELECT s.id, s.name, s.weight AS score FROM influences i JOIN stars s ON s.id = i.from_artist WHERE i.to_artist = ?', id),
      shaped: rows<ScoredStar>('SELECT s.id, s.name, s.weight AS score FROM influences i JOIN stars s ON s.id = i.to_artist WHERE i.from_artist = ?', id),
      labels: rows<LabelRow>(
        'SELECT al.label AS id, l.display_name AS name, al.releases, al.first_year, al.last_year FROM artist_labels al JOIN labels l ON l.id = al.label WHERE al.artist = ?',
        id,
      ),
      releases: rows<ReleaseRow>('SELECT name, primary_type, year FROM releases WHERE artist = ?', id),
      urls: rows<UrlRow>('SELECT url, relation FROM urls WHERE artist = ?', id),
      radioSize: (kind, name) => radio.get(`${kind}:${name}`) ?? 0,
    }),
  );
}

/** Artists whose stored card differs from the reference (or is missing), and how many were compared. */
export function cardsDifferingFromOracle(db: DatabaseSync): { compared: number; differing: number[] } {
  const differing: number[] = [];
  let compared = 0;
  const stored = db.prepare('SELECT body FROM cards WHERE artist = ?');
  for (const { id } of db.prepare('SELECT id FROM artists ORDER BY id').all() as { id: number }[]) {
    compared++;
    const body = (stored.get(id) as { body: Uint8Array } | undefined)?.body;
    if (body === undefined || Buffer.from(body).toString('utf8') !== oracleCard(db, id)) differing.push(id);
  }
  return { compared, differing };
}

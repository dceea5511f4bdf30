import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateCanon, type GenerateSummary } from '../../src/generate/generate-canon.ts';
import { CANON_FILES, type CanonFile } from '../../src/generate/writer.ts';

const STARS = 2000;

type Row = Record<string, unknown>;
type FieldType = 'int' | 'number' | 'string' | 'bool';
/** [type, nullable (may also be absent)] per field, from the contract's table and nullable list. */
const SCHEMA: Readonly<Record<CanonFile, Readonly<Record<string, readonly [FieldType, boolean]>>>> = {
  artists: { id: ['int', false], mbid: ['string', false], name: ['string', false], comment: ['string', true], kind: ['string', false], area: ['string', true], begin_year: ['int', true], end_year: ['int', true], catalogue_id: ['int', true] },
  positions: { artist: ['int', false], layout: ['int', false], x: ['number', false], y: ['number', false], weight: ['number', false] },
  genres: { artist: ['int', false], name: ['string', false], is_style: ['bool', false], releases: ['int', false] },
  similarity: { a: ['int', false], b: ['int', false], metric: ['int', false], score: ['number', false] },
  influences: { from: ['int', false], to: ['int', false] },
  places: { qid: ['int', false], name: ['string', false], country: ['string', false] },
  origins: { artist: ['int', false], qid: ['int', false], is_birth: ['bool', false], inception_year: ['int', true] },
  labels: { id: ['int', false], name: ['string', false], profile: ['string', true], parent: ['int', true] },
  label_years: { label: ['int', false], year: ['int', false], count: ['int', false] },
  artist_labels: { artist: ['int', false], label: ['int', false], releases: ['int', false], first_year: ['int', false], last_year: ['int', false] },
  prose: { artist: ['int', false], extract: ['string', false], source_title: ['string', false], source_url: ['string', false], licence: ['string', false] },
  releases: { artist: ['int', false], name: ['string', false], primary_type: ['string', false], year: ['int', false] },
  urls: { artist: ['int', false], url: ['string', false], relation: ['string', false] },
  catalogue_artists: { catalogue_id: ['int', false], name: ['string', false] },
};

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'int':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    default:
      return typeof value === 'boolean';
  }
}

async function readCanon(dir: string): Promise<Record<CanonFile, Row[]>> {
  const canon = {} as Record<CanonFile, Row[]>;
  for (const file of CANON_FILES) {
    const text = await readFile(join(dir, `${file}.jsonl`), 'utf8');
    assert.ok(text.length === 0 || text.endsWith('\n'), `${file}.jsonl ends with a newline`);
    const lines = text.length === 0 ? [] : text.slice(0, -1).split('\n');
    canon[file] = lines.map((line, i) => {
      const row: unknown = JSON.parse(line);
      assert.ok(typeof row === 'object' && row !== null && !Array.isArray(row), `${file}.jsonl:${i + 1} is an object`);
      return row as Row;
    });
  }
  return canon;
}

const int = (row: Row, key: string): number => row[key] as number;
const str = (row: Row, key: string): string => row[key] as string;

describe('sky generate', () => {
  let dir: string;
  let summary: GenerateSummary;
  let canon: Record<CanonFile, Row[]>;
  const messages: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sky-generate-'));
    summary = await generateCanon({ stars: STARS, out: join(dir, 'seed-1'), seed: 1, progress: (m) => messages.push(m) });
    canon = await readCanon(join(dir, 'seed-1'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the same bytes for the same seed and different ones for another seed', async () => {
    await generateCanon({ stars: STARS, out: join(dir, 'seed-1-again'), seed: 1 });
    await generateCanon({ stars: STARS, out: join(dir, 'seed-2'), seed: 2 });
    for (const file of CANON_FILES) {
      const first = await readFile(join(dir, 'seed-1', `${file}.jsonl`));
      const again = await readFile(join(dir, 'seed-1-again', `${file}.jsonl`));
      assert.ok(first.equals(again), `${file}.jsonl is byte-identical`);
    }
    for (const file of ['artists', 'positions', 'similarity', 'labels'] as const) {
      const first = await readFile(join(dir, 'seed-1', `${file}.jsonl`));
      const other = await readFile(join(dir, 'seed-2', `${file}.jsonl`));
      assert.ok(!first.equals(other), `${file}.jsonl differs for another seed`);
    }
  });

  it('writes every file of the format and reports their rows and sizes', async () => {
    assert.deepEqual((await readdir(join(dir, 'seed-1'))).sort(), CANON_FILES.map((f) => `${f}.jsonl`).sort());
    for (const file of summary.files) {
      const name = file.file.replace('.jsonl', '') as CanonFile;
      assert.equal(file.rows, canon[name].length, file.file);
      assert.ok(file.rows > 0, `${file.file} has rows`);
    }
    assert.equal(summary.bytes, summary.files.reduce((sum, f) => sum + f.bytes, 0));
    assert.equal(summary.stars, STARS);
    assert.equal(summary.artists, canon.artists.length);
  });

  it('reports progress every 5% of the artists', () => {
    assert.ok(messages.filter((m) => m.startsWith('artists: ')).length >= 19, messages.join('\n'));
  });

  it('gives every row the fields of the contract with their types', () => {
    for (const file of CANON_FILES) {
      const schema = SCHEMA[file];
      canon[file].forEach((row, i) => {
        const where = `${file}.jsonl:${i + 1}`;
        for (const key of Object.keys(row)) assert.ok(key in schema, `${where}: unexpected field ${key}`);
        for (const [key, [type, nullable]] of Object.entries(schema)) {
          const value = row[key];
          if (value === undefined || value === null) assert.ok(nullable, `${where}: ${key} is required`);
          else assert.ok(hasType(value, type), `${where}: ${key} should be ${type}, is ${JSON.stringify(value)}`);
        }
      });
    }
  });

  it('leaves nullable fields out now and then, as the format allows', () => {
    assert.ok(canon.artists.some((r) => !('comment' in r)));
    assert.ok(canon.labels.some((r) => !('profile' in r)) && canon.labels.some((r) => r.profile === null) && canon.labels.some((r) => r.profile === ''));
    assert.ok(canon.origins.some((r) => !('inception_year' in r)));
  });

  it('keeps ids unique and relationships within their limits', () => {
    const unique = (file: CanonFile, key: (r: Row) => string | number): void => {
      const seen = new Set<string | number>();
      for (const row of canon[file]) {
        const k = key(row);
        assert.ok(!seen.has(k), `${file}: duplicate ${k}`);
        seen.add(k);
      }
    };
    unique('artists', (r) => int(r, 'id'));
    unique('artists', (r) => str(r, 'mbid'));
    unique('places', (r) => int(r, 'qid'));
    unique('labels', (r) => int(r, 'id'));
    unique('catalogue_artists', (r) => int(r, 'catalogue_id'));
    unique('artists', (r) => (r.catalogue_id === null || r.catalogue_id === undefined ? `none ${int(r, 'id')}` : int(r, 'catalogue_id')));
    unique('origins', (r) => int(r, 'artist'));
    unique('prose', (r) => int(r, 'artist'));
    unique('positions', (r) => `${int(r, 'artist')}/${int(r, 'layout')}`);
    unique('label_years', (r) => `${int(r, 'label')}/${int(r, 'year')}`);
    for (const row of canon.artists) {
      assert.ok(int(row, 'id') > 0);
      assert.match(str(row, 'mbid'), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('refers only to artists, labels, places and catalogue artists of the canon', () => {
    const artists = new Set(canon.artists.map((r) => int(r, 'id')));
    const labels = new Set(canon.labels.map((r) => int(r, 'id')));
    const places = new Set(canon.places.map((r) => int(r, 'qid')));
    const catalogue = new Set(canon.catalogue_artists.map((r) => int(r, 'catalogue_id')));
    const refs: [CanonFile, string, Set<number>][] = [
      ['positions', 'artist', artists],
      ['genres', 'artist', artists],
      ['similarity', 'a', artists],
      ['similarity', 'b', artists],
      ['influences', 'from', artists],
      ['influences', 'to', artists],
      ['origins', 'artist', artists],
      ['origins', 'qid', places],
      ['label_years', 'label', labels],
      ['artist_labels', 'artist', artists],
      ['artist_labels', 'label', labels],
      ['prose', 'artist', artists],
      ['releases', 'artist', artists],
      ['urls', 'artist', artists],
    ];
    for (const [file, key, known] of refs) {
      for (const row of canon[file]) assert.ok(known.has(int(row, key)), `${file}.${key} ${row[key]} is not in the canon`);
    }
    for (const row of canon.labels) if (typeof row.parent === 'number') assert.ok(labels.has(row.parent), `label parent ${row.parent}`);
    for (const row of canon.artists) if (typeof row.catalogue_id === 'number') assert.ok(catalogue.has(row.catalogue_id), `catalogue id ${row.catalogue_id}`);
    for (const row of canon.labels) {
      const profile = typeof row.profile === 'string' ? row.profile : '';
      for (const m of profile.matchAll(/\[a=?(\d+)\]/g)) assert.ok(catalogue.has(Number(m[1])), `profile mentions catalogue artist ${m[1]}`);
      for (const m of profile.matchAll(/\[l=?(\d+)\]/g)) assert.ok(labels.has(Number(m[1])), `profile mentions label ${m[1]}`);
    }
  });

  it('has no cycle of label parents, and some sublabels', () => {
    const parent = new Map(canon.labels.map((r) => [int(r, 'id'), typeof r.parent === 'number' ? r.parent : null]));
    let sublabels = 0;
    for (const id of parent.keys()) {
      const seen = new Set<number>();
      let at: number | null | undefined = id;
      while (at !== null && at !== undefined) {
        assert.ok(!seen.has(at), `label ${id} has a parent cycle`);
        seen.add(at);
        at = parent.get(at);
      }
      if (parent.get(id) !== null) sublabels++;
    }
    assert.ok(sublabels > 0);
  });

  it('places exactly N stars in the newest layout, and has former stars and unplaced artists', () => {
    const layouts = new Set(canon.positions.map((r) => int(r, 'layout')));
    assert.deepEqual([...layouts].sort(), [1, 2]);
    const newest = new Set(canon.positions.filter((r) => r.layout === 2).map((r) => int(r, 'artist')));
    const older = new Set(canon.positions.filter((r) => r.layout === 1).map((r) => int(r, 'artist')));
    assert.equal(newest.size, STARS);
    const olderOnly = [...older].filter((a) => !newest.has(a));
    assert.ok(olderOnly.length > 0, 'some artists are placed only in the older layout');
    assert.ok(older.size > canon.artists.length / 2, 'the older layout places most artists');
    const unplaced = canon.artists.filter((r) => !newest.has(int(r, 'id')) && !older.has(int(r, 'id')));
    assert.ok(unplaced.length >= STARS * 0.05, 'some artists have no position at all');
    for (const row of canon.positions) {
      assert.ok(Math.abs(int(row, 'x')) <= 1000 && Math.abs(int(row, 'y')) <= 1000);
      assert.ok(int(row, 'weight') >= 0);
    }
  });

  it('makes weights heavy-tailed: few bright stars, many faint ones', () => {
    const weights = canon.positions.filter((r) => r.layout === 2).map((r) => int(r, 'weight'));
    const max = Math.max(...weights);
    const brightness = weights.map((w) => Math.sqrt(w / max)).sort((a, b) => b - a);
    assert.ok(brightness.filter((b) => b > 0.5).length < STARS * 0.02);
    assert.ok((brightness[STARS / 2] as number) < 0.15);
    assert.ok(weights.some((w) => w === 0), 'a few weights are zero');
  });

  it('clusters the similarity graph: neighbours sit near each other', () => {
    const at = new Map(canon.positions.filter((r) => r.layout === 2).map((r) => [int(r, 'artist'), r]));
    const distance = (a: number, b: number): number | null => {
      const p = at.get(a);
      const q = at.get(b);
      return p === undefined || q === undefined ? null : Math.hypot(int(p, 'x') - int(q, 'x'), int(p, 'y') - int(q, 'y'));
    };
    const neighbours: number[] = [];
    for (const row of canon.similarity) {
      if (row.metric !== 2) continue;
      const d = distance(int(row, 'a'), int(row, 'b'));
      if (d !== null) neighbours.push(d);
    }
    const stars = [...at.keys()];
    const strangers: number[] = [];
    for (let i = 0; i + 1 < stars.length; i += 2) strangers.push(distance(stars[i] as number, stars[i + 1] as number) as number);
    const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    assert.ok(median(neighbours) < median(strangers) / 3, `${median(neighbours)} vs ${median(strangers)}`);
  });

  it('stores similarity under two metrics, some pairs both ways, some rows repeated, one score per direction', () => {
    assert.deepEqual([...new Set(canon.similarity.map((r) => int(r, 'metric')))].sort(), [1, 2]);
    const score = new Map<string, number>();
    const lines = new Set<string>();
    let repeats = 0;
    for (const row of canon.similarity) {
      assert.notEqual(row.a, row.b);
      const key = `${row.a}/${row.b}/${row.metric}`;
      const known = score.get(key);
      if (known !== undefined) assert.equal(known, row.score, `one score for ${key}`);
      score.set(key, int(row, 'score'));
      const line = JSON.stringify(row);
      if (lines.has(line)) repeats++;
      lines.add(line);
    }
    assert.ok(repeats > 0, 'some rows repeat exactly');
    const reversed = [...score.keys()].filter((key) => {
      const [a, b, metric] = key.split('/');
      return score.has(`${b}/${a}/${metric}`);
    });
    assert.ok(reversed.length > 0, 'some pairs are stored in both directions');
  });

  it('gives a minority influence links and prose with source and licence', () => {
    const shaped = new Set(canon.influences.map((r) => int(r, 'to')));
    assert.ok(shaped.size > STARS * 0.02 && shaped.size < STARS * 0.1, `${shaped.size} shaped artists`);
    assert.ok(canon.prose.length > STARS * 0.01 && canon.prose.length < STARS * 0.06, `${canon.prose.length} prose rows`);
    for (const row of canon.prose) {
      assert.match(str(row, 'source_url'), /^https:\/\/[a-z]{2}\.wikipedia\.org\/wiki\//);
      assert.match(str(row, 'licence'), /^CC BY-SA [34]\.0$/);
      assert.ok(str(row, 'extract').length > 20);
    }
  });

  it('gives most stars but not all an origin: persons born, groups formed', () => {
    const kind = new Map(canon.artists.map((r) => [int(r, 'id'), str(r, 'kind')]));
    const stars = new Set(canon.positions.filter((r) => r.layout === 2).map((r) => int(r, 'artist')));
    const withOrigin = canon.origins.filter((r) => stars.has(int(r, 'artist'))).length;
    assert.ok(withOrigin > STARS / 2 && withOrigin < STARS * 0.9, `${withOrigin} stars with an origin`);
    for (const row of canon.origins) {
      const k = kind.get(int(row, 'artist'));
      if (k === 'person') assert.equal(row.is_birth, true);
      if (k === 'group') assert.equal(row.is_birth, false);
    }
    assert.ok(canon.origins.some((r) => typeof r.inception_year === 'number'));
    const kinds = new Set(kind.values());
    for (const k of ['person', 'group', 'orchestra', 'choir', 'character', 'other']) assert.ok(kinds.has(k), `kind ${k}`);
    assert.ok(canon.artists.some((r) => r.area === null) && canon.artists.some((r) => typeof r.area === 'string'));
    assert.ok(canon.artists.some((r) => typeof r.begin_year === 'number' && typeof r.end_year === 'number' && r.end_year >= r.begin_year));
  });

  it('has Zipf-like genres and styles, one to six per artist, a few names both genre and style', () => {
    const genres = new Map<string, number>();
    const styles = new Map<string, number>();
    const perArtist = new Map<number, Set<string>>();
    for (const row of canon.genres) {
      const table = row.is_style ? styles : genres;
      table.set(str(row, 'name'), (table.get(str(row, 'name')) ?? 0) + 1);
      const set = perArtist.get(int(row, 'artist')) ?? new Set<string>();
      set.add(`${row.is_style}/${row.name}`);
      perArtist.set(int(row, 'artist'), set);
      assert.ok(int(row, 'releases') >= 1);
    }
    assert.ok(genres.size >= 15 && genres.size <= 60, `${genres.size} genres`);
    assert.ok(styles.size >= 100, `${styles.size} styles`);
    assert.ok([...genres.keys()].some((g) => styles.has(g)), 'a name is both a genre and a style');
    for (const set of perArtist.values()) assert.ok(set.size >= 1 && set.size <= 6);
    const counts = [...genres.values()].sort((a, b) => b - a);
    assert.ok((counts[0] as number) > 5 * (counts[9] as number), 'genre popularity falls off steeply');
  });

  it('writes releases of every primary type and label rosters with official yearly counts', () => {
    assert.deepEqual([...new Set(canon.releases.map((r) => str(r, 'primary_type')))].sort(), ['Album', 'Broadcast', 'EP', 'Other', 'Single']);
    for (const row of canon.artist_labels) assert.ok(int(row, 'first_year') <= int(row, 'last_year') && int(row, 'releases') >= 1);
    const official = new Map<number, number>();
    const years = new Set<string>();
    for (const row of canon.label_years) {
      official.set(int(row, 'label'), (official.get(int(row, 'label')) ?? 0) + int(row, 'count'));
      years.add(`${row.label}/${row.year}`);
    }
    assert.equal(official.size, canon.labels.length, 'every label has yearly counts');
    const own = new Map<number, number>();
    for (const row of canon.artist_labels) {
      own.set(int(row, 'label'), (own.get(int(row, 'label')) ?? 0) + int(row, 'releases'));
      for (const year of [row.first_year, row.last_year]) assert.ok(years.has(`${row.label}/${year}`), `label ${row.label} has a count for ${year}`);
    }
    for (const [label, releases] of own) assert.ok((official.get(label) ?? 0) > releases, `label ${label}: official releases cover the canon's ${releases}`);
  });

  it('writes label profiles with every markup form', () => {
    const profiles = canon.labels.map((r) => (typeof r.profile === 'string' ? r.profile : '')).join('\n\n');
    const forms: [string, RegExp][] = [
      ['[a123]', /\[a\d+\]/],
      ['[a=123]', /\[a=\d+\]/],
      ['[a=Some Name]', /\[a=[^\]\d][^\]]*\]/],
      ['[l45]', /\[l\d+\]/],
      ['[l=45]', /\[l=\d+\]/],
      ['[l=Some Name]', /\[l=[^\]\d][^\]]*\]/],
      ['[url=https://...]text[/url]', /\[url=https?:\/\/[^\]]+\][^[]+\[\/url\]/],
      ['[url]https://...[/url]', /\[url\]https?:\/\/[^[]+\[\/url\]/],
      ['a non-http url', /\[url=?\]?(javascript|ftp|mailto):/],
      ['[b]', /\[b\].+?\[\/b\]/],
      ['[i]', /\[i\].+?\[\/i\]/],
      ['[u]', /\[u\].+?\[\/u\]/],
      ['a blank line', /\S\n\n\S/],
    ];
    for (const [form, pattern] of forms) assert.match(profiles, pattern, form);
    assert.ok(canon.labels.some((r) => / \(\d+\)$/.test(str(r, 'name'))), 'a label name with a namesake number');
    const canonCatalogue = new Set(canon.artists.map((r) => r.catalogue_id));
    const mentioned = [...profiles.matchAll(/\[a=?(\d+)\]/g)].map((m) => Number(m[1]));
    assert.ok(mentioned.some((id) => !canonCatalogue.has(id)), 'profiles mention catalogue artists the canon does not hold');
    assert.ok(mentioned.some((id) => canonCatalogue.has(id)), 'profiles mention canon artists');
  });

  it('writes listen links on every service, other hosts and relations, and some duplicates', () => {
    const listen = ['streaming', 'free streaming', 'purchase for download', 'download for free', 'bandcamp', 'soundcloud', 'youtube music'];
    const relations = new Set(canon.urls.map((r) => str(r, 'relation')));
    for (const relation of [...listen, 'youtube', 'official homepage', 'social network', 'wikidata']) assert.ok(relations.has(relation), relation);
    const hosts = canon.urls.filter((r) => listen.includes(str(r, 'relation'))).map((r) => new URL(str(r, 'url')).hostname);
    const domains = ['spotify.com', 'deezer.com', 'tidal.com', 'apple.com', 'bandcamp.com', 'soundcloud.com', 'youtube.com', 'qobuz.com', 'beatport.com', '7digital.com', 'junodownload.com', 'audiomack.com', 'napster.com'];
    for (const domain of domains) assert.ok(hosts.some((h) => h === domain || h.endsWith(`.${domain}`)), domain);
    const amazon = new Set(hosts.filter((h) => /(^|\.)amazon\.[a-z.]+$/.test(h)).map((h) => h.replace(/^.*amazon\./, '')));
    assert.ok(amazon.size >= 2, `amazon domains ${[...amazon].join(', ')}`);
    assert.ok(hosts.some((h) => /^[a-z0-9]+\.bandcamp\.com$/.test(h)), 'per-artist bandcamp subdomains');
    const known = [...domains, 'amazon.com', 'amazon.de', 'amazon.co.uk', 'amazon.co.jp', 'amazon.fr'];
    assert.ok(hosts.some((h) => !known.some((d) => h === d || h.endsWith(`.${d}`))), 'a listen link on a host outside the list');
    const lines = canon.urls.map((r) => JSON.stringify(r));
    assert.ok(new Set(lines).size < lines.length, 'some url rows repeat');
    assert.ok(canon.urls.some((r) => r.relation === 'official homepage' && str(r, 'url').includes('bandcamp.com')), 'a bandcamp url that is no listen link');
  });

  it('writes video links in three forms, with a channel for about a third of the stars', () => {
    const videos = canon.urls.filter((r) => r.relation === 'youtube').map((r) => new URL(str(r, 'url')));
    for (const host of ['www.youtube.com', 'youtube.com', 'm.youtube.com']) assert.ok(videos.some((u) => u.hostname === host), host);
    const channel = /^\/channel\/UC[A-Za-z0-9_-]{22}$/;
    assert.ok(videos.some((u) => channel.test(u.pathname)), '/channel/UC...');
    assert.ok(videos.some((u) => u.pathname.startsWith('/user/')), '/user/...');
    assert.ok(videos.some((u) => u.pathname.startsWith('/@')), '/@handle');
    const withChannel = new Set(canon.urls.filter((r) => r.relation === 'youtube' && channel.test(new URL(str(r, 'url')).pathname)).map((r) => int(r, 'artist')));
    const stars = canon.positions.filter((r) => r.layout === 2);
    const share = stars.filter((r) => withChannel.has(int(r, 'artist'))).length / STARS;
    assert.ok(share > 0.25 && share < 0.45, `${share} of stars have a channel`);
    const max = Math.max(...stars.map((r) => int(r, 'weight')));
    const faint = stars.filter((r) => Math.sqrt(int(r, 'weight') / max) < 0.1);
    assert.ok(faint.filter((r) => withChannel.has(int(r, 'artist'))).length > faint.length * 0.2, 'faint stars have channels too');
  });

  it('writes names in several scripts, with diacritics, quotes and namesakes', () => {
    const names = canon.artists.map((r) => str(r, 'name'));
    const scripts: [string, RegExp][] = [
      ['Japanese', /[\u3040-\u30ff\u4e00-\u9fff]/],
      ['Cyrillic', /[\u0400-\u04ff]/],
      ['Greek', /[\u0370-\u03ff]/],
      ['Arabic', /[\u0600-\u06ff]/],
      ['Korean', /[\uac00-\ud7a3]/],
    ];
    for (const [script, pattern] of scripts) assert.ok(names.some((n) => pattern.test(n)), script);
    const accented = names.filter((n) => /[A-Za-z]/.test(n) && /\p{M}/u.test(n.normalize('NFD')));
    assert.ok(accented.length > STARS * 0.02, `${accented.length} names with diacritics`);
    assert.ok(names.some((n) => n.includes('"')), 'a name with a double quote');
    const byName = new Map<string, Row[]>();
    for (const row of canon.artists) byName.set(str(row, 'name'), [...(byName.get(str(row, 'name')) ?? []), row]);
    const namesakes = [...byName.values()].filter((rows) => rows.length > 1 && new Set(rows.map((r) => r.comment ?? null)).size === rows.length);
    assert.ok(namesakes.length > 0, 'namesakes told apart by their comment');
    assert.ok(canon.catalogue_artists.some((r) => / \(\d+\)$/.test(str(r, 'name'))), 'catalogue names with a namesake number');
  });

  it('refuses a bad number of stars or seed', async () => {
    for (const stars of [0, -1, 1.5, Number.NaN]) {
      await assert.rejects(generateCanon({ stars, out: join(dir, 'bad'), seed: 1 }), RangeError);
    }
    await assert.rejects(generateCanon({ stars: 10, out: join(dir, 'bad'), seed: 2 ** 60 }), RangeError);
  });

  it('generates a tiny canon of one star', async () => {
    const tiny = await generateCanon({ stars: 1, out: join(dir, 'one'), seed: 7 });
    const rows = await readCanon(join(dir, 'one'));
    assert.equal(rows.positions.filter((r) => r.layout === 2).length, 1);
    assert.equal(tiny.stars, 1);
  });
});

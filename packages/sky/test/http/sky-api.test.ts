import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sendRawHttp, testBackends, type TestDatabase } from '@quartet/common/testing';
import { SkyHarness } from './sky-harness.ts';

const star = (id: number, name: string, x: number, y: number, comment: string | null = null) => ({ id, name, comment, x, y });
const S = {
  bjork: star(1, 'Björk', 10, 20),
  sigur: star(2, 'Sigur Rós', 12, 22),
  mum: star(3, 'múm', 14, 18),
  radiohead: star(4, 'Radiohead', -30, 40),
  portishead: star(5, 'Portishead', -40, -10),
  massive: star(6, 'Massive Attack', -42, -12),
  tricky: star(7, 'Tricky', -44, -8),
  bjorkDuo: star(10, 'Bjork', 50, 50, 'Swedish duo'),
  sakamoto: star(11, '坂本龍一', 0, 0),
  kraftwerk: star(12, 'Kraftwerk', 5, -5),
  lid: star(13, 'Stars of the Lid', 20, 2),
  eno: star(14, 'Brian Eno', 22, 4),
  budd: star(15, 'Harold Budd', 24, 6),
  eno19: star(19, 'Eno', -1, -1),
};
const channel = (n: number) => `UU${String(n).padStart(2, '0').repeat(11)}`;
const today = () => new Date().toISOString().slice(0, 10);

for (const backend of testBackends()) {
  describe(`sky API on ${backend.engine}`, { skip: backend.skip }, () => {
    let database: TestDatabase;
    let sky: SkyHarness;
    const get = (path: string) => sky.get(path);

    before(async () => {
      database = await backend.create();
      sky = await SkyHarness.start(database);
    });
    after(async () => {
      await sky?.close();
      await database?.drop();
    });

    it('answers bytes that are not HTTP, or HTTP/1.1 without Host, with a JSON 400 bad_request', async () => {
      for (const bytes of ['GET /api/search?q=ab HTTP/1.1\r\nHost: t\r\nX: a\0b\r\n\r\n', 'GET /api/search?q=ab HTTP/1.1\r\nConnection: close\r\n\r\n']) {
        const text = await sendRawHttp(sky.base, bytes);
        assert.match(text, /^HTTP\/1\.1 400 Bad Request\r\n/);
        assert.equal((JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: string }).error, 'bad_request');
      }
    });

    describe('search', () => {
      const search = async (q: string) => (await get(`/api/search?q=${encodeURIComponent(q)}`)).body;

      it('answers three empty lists for a term under two characters, or none', async () => {
        for (const path of ['/api/search', '/api/search?q=', '/api/search?q=b', '/api/search?q=%20%20b%20', '/api/search?q=%C3%B6']) {
          assert.deepEqual((await get(path)).body, { stars: [], labels: [], scenes: [] }, path);
        }
      });

      it('matches substrings ignoring case and diacritics, exact names first, then by connectivity', async () => {
        assert.deepEqual(await search('bjork'), { stars: [S.bjork, S.bjorkDuo], labels: [], scenes: [] });
        assert.deepEqual(await search('  BJÖRK '), { stars: [S.bjork, S.bjorkDuo], labels: [], scenes: [] });
        assert.deepEqual(await search('ork'), { stars: [S.bjork, S.bjorkDuo], labels: [], scenes: [] });
        assert.deepEqual(await search('ri'), { stars: [S.tricky, S.eno], labels: [], scenes: [{ qid: 3, name: 'Bristol', artists: 3 }] });
        assert.deepEqual((await search('eno') as { stars: unknown[] }).stars, [S.eno19, S.eno]);
        assert.deepEqual(await search('sigur rós'), { stars: [S.sigur], labels: [], scenes: [] });
        assert.deepEqual(await search('坂本'), { stars: [S.sakamoto], labels: [], scenes: [] });
      });

      it('finds labels by their name without namesake number and scenes by name, by artists', async () => {
        assert.deepEqual((await search('records') as { labels: unknown[] }).labels, [
          { id: 200, name: 'Warp Records', artists: 2 },
          { id: 400, name: 'Circle Records', artists: 1 },
        ]);
        assert.deepEqual((await search('little independent') as { labels: unknown[] }).labels, [{ id: 100, name: 'One Little Independent', artists: 3 }]);
        assert.deepEqual((await search('(2)') as { labels: unknown[] }).labels, []);
        assert.deepEqual((await search('reykjavik') as { scenes: unknown[] }).scenes, [{ qid: 1, name: 'Reykjavík', artists: 3 }]);
        assert.deepEqual((await search('land') as { scenes: unknown[] }).scenes, [], 'a place nobody on the sky comes from');
        assert.deepEqual((await search('wall of sound') as { labels: unknown[] }).labels, [], 'a label without a roster here');
      });

      it('survives hostile terms', async () => {
        for (const q of ['x'.repeat(10_000), "'; DROP TABLE stars; --", '%', '_', '\\', '[]', '\u0000\u0000', '🎵🎵']) {
          const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
          assert.equal(res.status, 200, q.slice(0, 20));
        }
        assert.equal((await get('/api/search?q=ab&q=cd')).status, 400);
        assert.equal((await get('/api/search?q=bjork&page=2&unknown=1')).status, 200);
      });
    });

    describe('nearby and region', () => {
      it('lists at most 12 named stars inside the rectangle, most prominent first', async () => {
        const res = await get('/api/nearby?min_x=-100&min_y=-100&max_x=100&max_y=100');
        assert.equal(res.status, 200);
        assert.deepEqual((res.body as { id: number }[]).map((s) => s.id), [4, 1, 6, 12, 2, 5, 11, 7, 3, 13, 14, 15]);
        assert.deepEqual((res.body as unknown[])[1], S.bjork);
      });

      it('normalises reversed bounds and includes the edges', async () => {
        const small = await get('/api/nearby?min_x=-39&min_y=-7&max_x=-45&max_y=-13');
        assert.deepEqual(small.body, [S.massive, S.portishead, S.tricky]);
        assert.deepEqual((await get('/api/nearby?min_x=10&min_y=20&max_x=10&max_y=20')).body, [S.bjork]);
        assert.deepEqual((await get('/api/nearby?min_x=500&min_y=500&max_x=600&max_y=600')).body, []);
      });

      it('refuses a missing, empty or non-numeric bound with 400', async () => {
        for (const query of ['min_x=0&min_y=0&max_x=1', 'min_x=&min_y=0&max_x=1&max_y=1', 'min_x=a&min_y=0&max_x=1&max_y=1', 'min_x=NaN&min_y=0&max_x=1&max_y=1', 'min_x=1e999&min_y=0&max_x=1&max_y=1', 'min_x=0x10&min_y=0&max_x=1&max_y=1', 'min_x=1&min_x=2&min_y=0&max_x=1&max_y=1']) {
          for (const route of ['nearby', 'region']) {
            const res = await get(`/api/${route}?${query}`);
            assert.equal(res.status, 400, `${route} ${query}`);
            assert.equal((res.body as { error: string }).error, 'bad_request');
          }
        }
      });

      it('answers the region with the most common main style and genre of its prominent stars, and their radio', async () => {
        assert.deepEqual((await get('/api/region?min_x=0&min_y=0&max_x=40&max_y=30')).body, { style: 'ambient', genre: 'electronic', radio: { name: 'ambient', kind: 'style' } });
        assert.deepEqual((await get('/api/region?min_x=-45&min_y=-13&max_x=-39&max_y=-7')).body, { style: 'trip hop', genre: 'electronic', radio: { name: 'electronic', kind: 'genre' } });
        assert.deepEqual((await get('/api/region?min_x=45&min_y=45&max_x=55&max_y=55')).body, { style: null, genre: 'pop', radio: null });
        assert.deepEqual((await get('/api/region?min_x=500&min_y=500&max_x=600&max_y=600')).body, { style: null, genre: null, radio: null });
      });
    });

    describe('multi-lookup', () => {
      it('keeps the order asked, each id once, leaving out unknown ids and non-stars', async () => {
        assert.deepEqual((await get('/api/stars?ids=3,1,99,8,2,1')).body, [S.mum, S.bjork, S.sigur]);
        const fifty = Array.from({ length: 50 }, (_, i) => i + 1).join(',');
        assert.equal((await get(`/api/stars?ids=${fifty}`)).status, 200);
      });

      it('refuses the whole list when any element is not a positive id, or more than 50', async () => {
        const fiftyOne = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
        for (const ids of ['1,,2', '0', '-1', '1.5', 'abc', '1e3', '0x10', '99999999999999999999', '', ' 1', '1,', fiftyOne]) {
          const res = await get(`/api/stars?ids=${encodeURIComponent(ids)}`);
          assert.equal(res.status, 400, ids.slice(0, 20));
        }
        assert.equal((await get('/api/stars')).status, 400);
      });
    });

    describe('card', () => {
      it('answers every field of a star with prose, influences, labels and listen links', async () => {
        const res = await get('/api/artists/1');
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, {
          id: 1,
          mbid: '00000000-0000-4000-8000-000000000001',
          name: 'Björk',
          comment: null,
          kind: 'person',
          area: 'Iceland',
          begin_year: 1965,
          end_year: null,
          position: { x: 10, y: 20, brightness: 900 },
          genres: [
            { name: 'electronic', is_style: false, releases: 10 },
            { name: 'pop', is_style: false, releases: 6 },
            { name: 'art pop', is_style: true, releases: 5 },
            { name: 'trip hop', is_style: true, releases: 2 },
          ],
          similar: [
            { id: 2, name: 'Sigur Rós', score: 0.9, why: { genres: [], co_listening: 0.9, influence: null } },
            { id: 3, name: 'múm', score: 0.7, why: { genres: ['electronic'], co_listening: 0.7, influence: 'mutual' } },
            { id: 4, name: 'Radiohead', score: 0.5, why: { genres: ['art pop', 'electronic'], co_listening: 0.5, influence: null } },
            { id: 10, name: 'Bjork', score: 0.2, why: { genres: ['pop'], co_listening: 0.2, influence: null } },
          ],
          origin: { place: 'Reykjavík', qid: 1, country: 'Iceland', is_birth: true, inception_year: null },
          labels: [
            { id: 100, name: 'One Little Independent', releases: 12, first_year: 1993, last_year: 2022 },
            { id: 200, name: 'Warp Records', releases: 1, first_year: 1995, last_year: 1995 },
          ],
          influenced_by: [
            { id: 12, name: 'Kraftwerk', score: 500 },
            { id: 3, name: 'múm', score: 100 },
          ],
          influenced: [{ id: 3, name: 'múm', score: 100 }],
          prose: { extract: 'Björk is an Icelandic singer and songwriter.', source_title: 'Björk - Wikipedia', source_url: 'https://en.wikipedia.org/wiki/Bj%C3%B6rk', licence: 'CC BY-SA 4.0' },
          releases: [
            { name: 'Debut', primary_type: 'Album', year: 1993 },
            { name: 'Telegram', primary_type: 'Album', year: 1996 },
            { name: 'Homogenic', primary_type: 'Album', year: 1997 },
            { name: 'Venus as a Boy', primary_type: 'Single', year: 1993 },
            { name: 'Army of Me', primary_type: 'Single', year: 1995 },
          ],
          listen: [
            { service: 'Bandcamp', url: 'https://bjork.bandcamp.com/' },
            { service: 'Apple Music', url: 'https://music.apple.com/artist/295015' },
            { service: 'Spotify', url: 'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA' },
            { service: 'purchase for download', url: 'https://shop.example.org/bjork' },
            { service: 'SoundCloud', url: 'https://soundcloud.com/bjork' },
            { service: 'TIDAL', url: 'https://tidal.com/browse/artist/1' },
            { service: 'Amazon Music', url: 'https://www.amazon.co.uk/music/player/artists/B000' },
            { service: 'Amazon Music', url: 'https://www.amazon.de/music/player/artists/B000' },
          ],
          video_uploads: channel(1),
          radio: { name: 'electronic', kind: 'genre' },
        });
      });

      it('gives an artist without a position a card with null position, empty lists and nulls, never absent fields', async () => {
        const res = await get('/api/artists/9');
        assert.deepEqual(res.body, {
          id: 9,
          mbid: '00000000-0000-4000-8000-000000000009',
          name: 'Boards of Canada',
          comment: null,
          kind: 'group',
          area: 'United Kingdom',
          begin_year: 1986,
          end_year: null,
          position: null,
          genres: [],
          similar: [],
          origin: null,
          labels: [],
          influenced_by: [],
          influenced: [],
          prose: null,
          releases: [],
          listen: [],
          video_uploads: null,
          radio: null,
        });
        const aphex = (await get('/api/artists/8')).body as { position: unknown; similar: unknown[]; origin: unknown };
        assert.equal(aphex.position, null, 'placed only in the older layout');
        assert.deepEqual(aphex.similar, [{ id: 1, name: 'Björk', score: 0.9, why: { genres: ['electronic'], co_listening: 0.9, influence: 'went_on_to_shape' } }]);
        assert.deepEqual(aphex.origin, { place: 'Limerick', qid: 4, country: 'Ireland', is_birth: true, inception_year: null });
      });

      it('applies the radio rule: a style radio of 8 or more, else the genre radio, else null', async () => {
        assert.deepEqual(((await get('/api/artists/3')).body as { radio: unknown }).radio, { name: 'ambient', kind: 'style' });
        assert.deepEqual(((await get('/api/artists/5')).body as { radio: unknown }).radio, { name: 'electronic', kind: 'genre' });
        assert.equal(((await get('/api/artists/2')).body as { radio: unknown }).radio, null);
        assert.equal(((await get('/api/artists/10')).body as { radio: unknown }).radio, null);
      });

      it('takes video_uploads from the first channel link in address order; user and handle links carry none', async () => {
        assert.equal(((await get('/api/artists/6')).body as { video_uploads: unknown }).video_uploads, channel(6));
        assert.equal(((await get('/api/artists/2')).body as { video_uploads: unknown }).video_uploads, null);
      });

      it('is sent as JSON with its length, and HEAD answers the same headers without a body', async () => {
        const res = await get('/api/artists/1');
        assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(res.text));
        const head = await sky.get('/api/artists/1', { method: 'HEAD' });
        assert.equal(head.status, 200);
        assert.equal(head.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(head.headers.get('content-length'), res.headers.get('content-length'));
        assert.equal(head.text, '');
      });

      it('answers 404 for an unknown id and 400 for an id that is not a positive number', async () => {
        const missing = await get('/api/artists/99999');
        assert.equal(missing.status, 404);
        assert.equal((missing.body as { error: string }).error, 'not_found');
        for (const id of ['abc', '1e3', '0x10', '-1', '0', '01', '1.0', '99999999999999999999', '%20']) {
          const res = await get(`/api/artists/${id}`);
          assert.equal(res.status, 400, id);
          assert.equal((res.body as { error: string }).error, 'bad_request');
        }
      });
    });

    describe('compare', () => {
      it('compares by shares: why, spectrum and shared neighbours', async () => {
        assert.deepEqual((await get('/api/compare?a=1&b=4')).body, {
          why: { genres: ['art pop', 'electronic'], co_listening: 0.5, influence: null },
          spectrum: [
            { name: 'rock', is_style: false, a: 0, b: 0.8 },
            { name: 'electronic', is_style: false, a: 0.625, b: 0.2 },
            { name: 'pop', is_style: false, a: 0.375, b: 0 },
            { name: 'alternative rock', is_style: true, a: 0, b: 0.8 },
            { name: 'art pop', is_style: true, a: 5 / 7, b: 0.2 },
            { name: 'trip hop', is_style: true, a: 2 / 7, b: 0 },
          ],
          shared_neighbours: [],
        });
        const withSigur = (await get('/api/compare?a=1&b=2')).body as { why: unknown; shared_neighbours: unknown };
        assert.deepEqual(withSigur.why, { genres: [], co_listening: 0.9, influence: null });
        assert.deepEqual(withSigur.shared_neighbours, [{ id: 3, name: 'múm', score: 0.4 }]);
        const withAphex = (await get('/api/compare?a=1&b=8')).body as { why: unknown };
        assert.deepEqual(withAphex.why, { genres: ['electronic'], co_listening: 0.9, influence: 'shaped_by' });
      });

      it('refuses an artist compared with itself (400), unknown artists (404) and bad ids (400)', async () => {
        assert.equal((await get('/api/compare?a=1&b=1')).status, 400);
        assert.equal((await get('/api/compare?a=1&b=99999')).status, 404);
        assert.equal((await get('/api/compare?a=99999&b=1')).status, 404);
        for (const query of ['a=1', 'b=1', '', 'a=x&b=1', 'a=1&b=-2', 'a=1&b=1e3']) assert.equal((await get(`/api/compare?${query}`)).status, 400, query);
      });
    });

    describe('dossiers', () => {
      it('answers a label dossier with its profile parsed into paragraphs of segments', async () => {
        const res = await get('/api/labels/100');
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, {
          id: 100,
          name: 'One Little Independent',
          external_url: 'https://www.discogs.com/label/100',
          profile: [
            [
              { text: 'One Little Independent is a label from London. It released ' },
              { text: 'Björk', link: { kind: 'star', id: 1 } },
              { text: ' and Some Name, see ' },
              { text: 'Warp Records', link: { kind: 'label', id: 200 } },
              { text: ' and Text Label.' },
            ],
            [{ text: 'Sublabel: ' }, { text: 'Circle Records', link: { kind: 'label', id: 400 } }, { text: ' Wall of Sound' }],
            [
              { text: 'Official site', link: { kind: 'url', url: 'https://www.olirecords.com' } },
              { text: ' bad link ' },
              { text: 'https://example.org/x', link: { kind: 'url', url: 'https://example.org/x' } },
            ],
            [{ text: 'Guest: Guest Artist and friends.' }],
          ],
          parent: null,
          sublabels: [{ id: 400, name: 'Circle Records', artists: 1 }],
          chronology: [
            { year: 1993, count: 5 },
            { year: 1995, count: 8 },
            { year: 2001, count: 3 },
          ],
          roster: {
            size: 3,
            listed: [
              { id: 1, name: 'Björk', releases: 12, first_year: 1993, last_year: 2022 },
              { id: 3, name: 'múm', releases: 3, first_year: 1998, last_year: 2008 },
              { id: 13, name: 'Stars of the Lid', releases: 1, first_year: 2010, last_year: 2010 },
            ],
            map: [
              [1, 10, 20, Math.sqrt(0.9)],
              [3, 14, 18, Math.sqrt(0.1)],
              [13, 20, 2, Math.sqrt(0.07)],
            ],
          },
          sound: [
            { name: 'ambient', is_style: true, artists: 2 },
            { name: 'art pop', is_style: true, artists: 1 },
          ],
          scenes: [{ qid: 1, name: 'Reykjavík', artists: 2 }],
        });
      });

      it('lists sublabels without stars, the parent, and ties by name or id', async () => {
        const warp = (await get('/api/labels/200')).body as Record<string, unknown>;
        assert.deepEqual(warp.sublabels, [{ id: 300, name: 'Wall of Sound', artists: 0 }]);
        assert.deepEqual(warp.profile, []);
        assert.deepEqual((warp.roster as { listed: { id: number }[] }).listed.map((m) => m.id), [6, 1]);
        assert.deepEqual(warp.sound, [
          { name: 'art pop', is_style: true, artists: 1 },
          { name: 'trip hop', is_style: true, artists: 1 },
        ]);
        assert.deepEqual(warp.scenes, [
          { qid: 1, name: 'Reykjavík', artists: 1 },
          { qid: 3, name: 'Bristol', artists: 1 },
        ]);
        assert.deepEqual(((await get('/api/labels/400')).body as { parent: unknown }).parent, { id: 100, name: 'One Little Independent' });
      });

      it('answers 404 for a label without stars or unknown, 400 for a bad id', async () => {
        assert.equal((await get('/api/labels/300')).status, 404);
        assert.equal((await get('/api/labels/99999')).status, 404);
        assert.equal((await get('/api/labels/x1')).status, 400);
      });

      it('answers a scene dossier ordered by brightness, with formed and born counts', async () => {
        assert.deepEqual((await get('/api/scenes/3')).body, {
          qid: 3,
          name: 'Bristol',
          external_url: 'https://www.wikidata.org/wiki/Q3',
          formed: 2,
          born: 1,
          chronology: [
            { year: 1968, count: 1 },
            { year: 1988, count: 1 },
            { year: 1991, count: 1 },
          ],
          roster: {
            size: 3,
            listed: [
              { id: 6, name: 'Massive Attack', born: false, begin_year: 1988, end_year: null },
              { id: 5, name: 'Portishead', born: false, begin_year: 1991, end_year: null },
              { id: 7, name: 'Tricky', born: true, begin_year: 1968, end_year: null },
            ],
            map: [
              [6, -42, -12, Math.sqrt(0.6)],
              [5, -40, -10, Math.sqrt(0.3)],
              [7, -44, -8, Math.sqrt(0.15)],
            ],
          },
          sound: [{ name: 'trip hop', is_style: true, artists: 3 }],
          labels: [{ id: 200, name: 'Warp Records', artists: 1 }],
        });
        const reykjavik = (await get('/api/scenes/1')).body as Record<string, unknown>;
        assert.deepEqual(reykjavik.sound, [
          { name: 'ambient', is_style: true, artists: 1 },
          { name: 'art pop', is_style: true, artists: 1 },
          { name: 'post-rock', is_style: true, artists: 1 },
        ]);
        assert.deepEqual(reykjavik.labels, [
          { id: 100, name: 'One Little Independent', artists: 2 },
          { id: 200, name: 'Warp Records', artists: 1 },
        ]);
      });

      it('answers 404 for a place nobody on the sky comes from, 400 for a bad qid', async () => {
        assert.equal((await get('/api/scenes/4')).status, 404, 'only a non-star comes from Limerick');
        assert.equal((await get('/api/scenes/7')).status, 404);
        assert.equal((await get('/api/scenes/Q3')).status, 400);
      });
    });

    describe('radio and signal', () => {
      const ids = (body: unknown) => (body as { stations: { id: number }[] }).stations.map((s) => s.id);

      it('plays the stations of a nebula in a seeded weighted order', async () => {
        const first = await get('/api/radio/style/ambient?seed=evening');
        assert.equal(first.status, 200);
        const body = first.body as { name: string; kind: string; stations: Record<string, unknown>[] };
        assert.equal(body.name, 'ambient');
        assert.equal(body.kind, 'style');
        assert.deepEqual(ids(body).sort((a, b) => a - b), [3, 11, 13, 14, 15, 16, 17, 18]);
        assert.deepEqual(body.stations.find((s) => s.id === 3), { id: 3, name: 'múm', x: 14, y: 18, uploads: channel(3) });
        assert.deepEqual(ids((await get('/api/radio/style/ambient?seed=evening')).body), ids(body), 'same seed, same order');
        const orders = new Set<string>();
        for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) orders.add(ids((await get(`/api/radio/style/ambient?seed=${seed}`)).body).join());
        assert.ok(orders.size > 1, 'other seeds give other orders');
        assert.deepEqual(ids((await get('/api/radio/genre/electronic?seed=1')).body).sort((a, b) => a - b), [1, 3, 5, 6, 11, 13, 14, 15, 16, 17, 18]);
        assert.deepEqual(ids((await get('/api/radio/style/trip%20hop')).body).sort((a, b) => a - b), [5, 6]);
      });

      it('answers a known nebula without channels with no stations, and 404 for unknown ones', async () => {
        assert.deepEqual((await get('/api/radio/genre/rock')).body, { name: 'rock', kind: 'genre', stations: [] });
        for (const path of ['/api/radio/style/rock', '/api/radio/genre/nothing', '/api/radio/mood/ambient', '/api/radio/style/a%2Fb', '/api/radio/style/%2e%2e', '/api/radio/style/ambient%00']) {
          const res = await get(path);
          assert.equal(res.status, 404, path);
          assert.equal((res.body as { error: string }).error, 'not_found');
        }
      });

      it('answers the daily signal as an empty list on a sky without faint stars, and 400 for a bad day', async () => {
        assert.deepEqual((await get('/api/signal?day=2026-11-22')).body, { day: '2026-11-22', stars: [] });
        for (const day of ['', '2023-02-29', '2023-13-01', '2023-1-01', 'tomorrow', '2023-01-01T00:00']) assert.equal((await get(`/api/signal?day=${day}`)).status, 400, day);
        assert.equal((await get('/api/signal')).status, 400);
        assert.equal((await get('/api/signal?day=2024-02-29')).status, 200);
      });
    });

    describe('health, counters and conventions', () => {
      it('answers health ok with the version', async () => {
        const res = await get('/api/health');
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { status: 'ok', version: '0.1.0', database: 'ok' });
      });

      it('counts mechanics of the closed list per day and answers 204', async () => {
        for (let i = 0; i < 2; i++) {
          const res = await sky.get('/api/metrics/card_opened', { method: 'POST' });
          assert.equal(res.status, 204);
          assert.equal(res.text, '');
        }
        assert.equal((await sky.get('/api/metrics/signal_found', { method: 'POST' })).status, 204);
        assert.deepEqual((await get('/api/metrics')).body, [
          { mechanic: 'card_opened', day: today(), count: 2 },
          { mechanic: 'signal_found', day: today(), count: 1 },
        ]);
        for (const mechanic of ['unknown', 'CARD_OPENED', 'card_opened%00', '..%2f..%2fetc']) assert.equal((await sky.get(`/api/metrics/${mechanic}`, { method: 'POST' })).status, 404, mechanic);
      });

      it('answers the same whoever asks', async () => {
        const plain = await get('/api/artists/1');
        const signedIn = await sky.get('/api/artists/1', { headers: { cookie: 'app_session=abc', authorization: 'Bearer x' } });
        assert.equal(signedIn.text, plain.text);
      });

      it('answers unknown paths with 404 and other methods with 405, as JSON', async () => {
        const unknown = await get('/api/nothing');
        assert.equal(unknown.status, 404);
        assert.deepEqual(unknown.body, { error: 'not_found', message: 'Nothing is served at this path.' });
        const post = await sky.get('/api/search?q=ab', { method: 'POST' });
        assert.equal(post.status, 405);
        assert.equal((post.body as { error: string }).error, 'method_not_allowed');
      });
    });
  });
}

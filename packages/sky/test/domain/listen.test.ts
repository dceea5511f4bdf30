import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LISTEN_RELATIONS, MAX_LISTEN, listenLinks, listenService } from '../../src/domain/listen.ts';
import type { ListenLink } from '../../src/domain/listen.ts';

describe('listenService', () => {
  const rows: [string, string | undefined][] = [
    ['https://open.spotify.com/artist/1', 'Spotify'],
    ['https://spotify.com/', 'Spotify'],
    ['https://www.deezer.com/artist/1', 'Deezer'],
    ['https://tidal.com/browse/artist/1', 'TIDAL'],
    ['https://listen.tidal.com/artist/1', 'TIDAL'],
    ['https://music.apple.com/us/artist/1', 'Apple Music'],
    ['https://itunes.apple.com/artist/1', 'Apple Music'],
    ['https://artist.bandcamp.com/', 'Bandcamp'],
    ['https://bandcamp.com/artist', 'Bandcamp'],
    ['https://soundcloud.com/artist', 'SoundCloud'],
    ['https://m.soundcloud.com/artist', 'SoundCloud'],
    ['https://music.youtube.com/channel/UC1', 'YouTube Music'],
    ['https://www.youtube.com/channel/UC1', 'YouTube Music'],
    ['https://www.qobuz.com/artist/1', 'Qobuz'],
    ['https://www.beatport.com/artist/x/1', 'Beatport'],
    ['https://www.7digital.com/artist/x', '7digital'],
    ['https://www.junodownload.com/artists/x', 'Juno Download'],
    ['https://audiomack.com/x', 'Audiomack'],
    ['https://us.napster.com/artist/x', 'Napster'],
    ['https://www.amazon.com/music/player/artists/x', 'Amazon Music'],
    ['https://music.amazon.com/artists/x', 'Amazon Music'],
    ['https://www.amazon.de/x', 'Amazon Music'],
    ['https://www.amazon.co.uk/x', 'Amazon Music'],
    ['https://www.amazon.co.jp/x', 'Amazon Music'],
    ['https://www.amazon.com.br/x', 'Amazon Music'],
    ['https://amazon.com.au/x', 'Amazon Music'],
    ['https://music.amazon.fr/x', 'Amazon Music'],
    ['HTTPS://OPEN.SPOTIFY.COM/artist/1', 'Spotify'],
    ['https://open.spotify.com./artist/1', 'Spotify'],
    ['https://user:pass@open.spotify.com:8443/x', 'Spotify'],
    ['http://open.spotify.com/artist/1', 'Spotify'],
    // Look-alikes and hosts outside the list.
    ['https://spotify.com.evil.example/x', undefined],
    ['https://evil-spotify.com/x', undefined],
    ['https://spotify.co/x', undefined],
    ['https://notbandcamp.com/x', undefined],
    ['https://amazon.example.com/x', undefined],
    ['https://amazonmusic.com/x', undefined],
    ['https://amazon.xyz/x', undefined],
    ['https://amazon.notatld/x', undefined],
    ['https://example.com/spotify.com', undefined],
    ['https://www.discogs.com/artist/1', undefined],
    ['https://127.0.0.1/x', undefined],
    ['https://[::1]/x', undefined],
    ['http://localhost/x', undefined],
    // Not http(s) or not a URL at all.
    ['ftp://open.spotify.com/x', undefined],
    ['javascript:alert(1)//spotify.com', undefined],
    ['mailto:x@spotify.com', undefined],
    ['open.spotify.com/artist/1', undefined],
    ['//open.spotify.com/artist/1', undefined],
    ['not a url', undefined],
    ['', undefined],
  ];
  for (const [url, expected] of rows) it(`${JSON.stringify(url)} → ${expected}`, () => assert.equal(listenService(url), expected));
});

describe('listenLinks', () => {
  it('lists exactly the contract relations, capped at 8', () => {
    assert.deepEqual(LISTEN_RELATIONS, ['streaming', 'free streaming', 'purchase for download', 'download for free', 'bandcamp', 'soundcloud', 'youtube music']);
    assert.equal(MAX_LISTEN, 8);
  });

  const rows: [string, { url: string; relation: string }[], ListenLink[]][] = [
    ['nothing', [], []],
    [
      'address order, service by domain',
      [
        { url: 'https://www.deezer.com/artist/1', relation: 'streaming' },
        { url: 'https://artist.bandcamp.com/', relation: 'bandcamp' },
        { url: 'https://open.spotify.com/artist/1', relation: 'free streaming' },
      ],
      [
        { service: 'Bandcamp', url: 'https://artist.bandcamp.com/' },
        { service: 'Spotify', url: 'https://open.spotify.com/artist/1' },
        { service: 'Deezer', url: 'https://www.deezer.com/artist/1' },
      ],
    ],
    [
      'other hosts keep the relation’s wording',
      [
        { url: 'https://shop.example.com/a', relation: 'purchase for download' },
        { url: 'https://free.example.org/a', relation: 'download for free' },
        { url: 'https://stream.example.net/a', relation: 'streaming' },
      ],
      [
        { service: 'download for free', url: 'https://free.example.org/a' },
        { service: 'purchase for download', url: 'https://shop.example.com/a' },
        { service: 'streaming', url: 'https://stream.example.net/a' },
      ],
    ],
    [
      'other relations are left out',
      [
        { url: 'https://www.youtube.com/channel/UCabc', relation: 'youtube' },
        { url: 'https://www.discogs.com/artist/1', relation: 'discogs' },
        { url: 'https://en.wikipedia.org/wiki/X', relation: 'wikipedia' },
        { url: 'https://open.spotify.com/artist/1', relation: 'Streaming' },
        { url: 'https://open.spotify.com/artist/2', relation: 'streaming ' },
        { url: 'https://music.youtube.com/channel/UCabc', relation: 'youtube music' },
      ],
      [{ service: 'YouTube Music', url: 'https://music.youtube.com/channel/UCabc' }],
    ],
    [
      'a url given twice is listed once, worded by the relation that sorts first',
      [
        { url: 'https://x.example/a', relation: 'streaming' },
        { url: 'https://x.example/a', relation: 'free streaming' },
        { url: 'https://x.example/a', relation: 'streaming' },
        { url: 'https://open.spotify.com/artist/1', relation: 'streaming' },
        { url: 'https://open.spotify.com/artist/1', relation: 'free streaming' },
      ],
      [
        { service: 'Spotify', url: 'https://open.spotify.com/artist/1' },
        { service: 'free streaming', url: 'https://x.example/a' },
      ],
    ],
    [
      'unparseable and non-web urls are skipped, not counted',
      [
        { url: 'not a url', relation: 'streaming' },
        { url: 'javascript:alert(1)', relation: 'streaming' },
        { url: 'ftp://files.example/a', relation: 'download for free' },
        { url: '', relation: 'streaming' },
        { url: 'http://', relation: 'streaming' },
        { url: 'https://soundcloud.com/a', relation: 'soundcloud' },
      ],
      [{ service: 'SoundCloud', url: 'https://soundcloud.com/a' }],
    ],
    [
      'urls are kept as given, and sorted as given (upper case first)',
      [
        { url: 'https://open.spotify.com/b', relation: 'streaming' },
        { url: 'HTTPS://OPEN.SPOTIFY.COM/a', relation: 'streaming' },
        { url: 'http://open.spotify.com/c', relation: 'streaming' },
      ],
      [
        { service: 'Spotify', url: 'HTTPS://OPEN.SPOTIFY.COM/a' },
        { service: 'Spotify', url: 'http://open.spotify.com/c' },
        { service: 'Spotify', url: 'https://open.spotify.com/b' },
      ],
    ],
    [
      'address order is code-point order (U+1F3B5 after U+FF21)',
      [
        { url: 'https://x.example/🎵', relation: 'streaming' },
        { url: 'https://x.example/Ａ', relation: 'streaming' },
      ],
      [
        { service: 'streaming', url: 'https://x.example/Ａ' },
        { service: 'streaming', url: 'https://x.example/🎵' },
      ],
    ],
  ];
  for (const [why, urls, expected] of rows) it(why, () => assert.deepEqual(listenLinks(urls), expected));

  it('keeps the first 8 in address order after duplicates are removed', () => {
    const urls = [];
    for (let i = 12; i >= 1; i--) {
      const url = `https://a${String(i).padStart(2, '0')}.bandcamp.com/`;
      urls.push({ url, relation: 'bandcamp' }, { url, relation: 'bandcamp' });
    }
    const links = listenLinks(urls);
    assert.equal(links.length, 8);
    assert.deepEqual(links.map((link) => link.url), Array.from({ length: 8 }, (_, i) => `https://a${String(i + 1).padStart(2, '0')}.bandcamp.com/`));
    assert.ok(links.every((link) => link.service === 'Bandcamp'));
  });

  it('does not change its input', () => {
    const urls = [
      { url: 'https://b.example/', relation: 'streaming' },
      { url: 'https://a.example/', relation: 'streaming' },
    ];
    const copy = structuredClone(urls);
    listenLinks(urls);
    assert.deepEqual(urls, copy);
  });
});

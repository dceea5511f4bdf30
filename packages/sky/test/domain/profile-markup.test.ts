import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isWebAddress, parseProfile, profileReferences } from '../../src/domain/profile-markup.ts';
import type { ProfileLookups, ProfileReferences, Segment } from '../../src/domain/profile-markup.ts';

const artists = new Map([
  [1, { name: 'Aphex Twin', starId: 101 }],
  [2, { name: 'John Smith (3)', starId: null }],
  [3, { name: 'Autechre (2)', starId: 103 }],
  [4, { name: '', starId: 104 }],
]);
const labels = new Map([
  [10, { name: 'Warp Records', hasDossier: true }],
  [11, { name: 'Rephlex (2)', hasDossier: false }],
  [12, { name: 'Skam (5)', hasDossier: true }],
]);
const lookups: ProfileLookups = { artist: (id) => artists.get(id), label: (id) => labels.get(id) };

const t = (text: string): Segment => ({ text });
const star = (text: string, id: number): Segment => ({ text, link: { kind: 'star', id } });
const label = (text: string, id: number): Segment => ({ text, link: { kind: 'label', id } });
const url = (text: string, address: string): Segment => ({ text, link: { kind: 'url', url: address } });

describe('parseProfile', () => {
  const rows: [string, string, Segment[][]][] = [
    // Paragraphs.
    ['empty profile', '', []],
    ['only whitespace', ' \n\t\n  \r\n', []],
    ['one paragraph', 'Plain text.', [[t('Plain text.')]]],
    ['a single line break stays inside the paragraph', 'one\ntwo', [[t('one\ntwo')]]],
    ['a blank line separates', 'one\n\ntwo', [[t('one')], [t('two')]]],
    ['several blank lines separate once', 'one\n\n\n\ntwo', [[t('one')], [t('two')]]],
    ['whitespace-only lines are blank', 'one\n  \t \n \ntwo', [[t('one')], [t('two')]]],
    ['CRLF line ends', 'one\r\ntwo\r\n\r\nthree', [[t('one\ntwo')], [t('three')]]],
    ['CR line ends', 'one\r\rtwo', [[t('one')], [t('two')]]],
    ['paragraph edges trimmed, inner whitespace kept', '  lead  and   inner \t\n  next line  \n\n\ttail\t', [[t('lead  and   inner \t\n  next line')], [t('tail')]]],
    ['leading and trailing blank lines', '\n\n\nbody\n\n\n', [[t('body')]]],
    ['a paragraph of dropped tags is left out', 'one\n\n[img=http://a/b.png]\n\ntwo', [[t('one')], [t('two')]]],
    // Artists.
    ['[a123] with a star: linked, by name', 'By [a1].', [[t('By '), star('Aphex Twin', 101), t('.')]]],
    ['[a=123] is the same artist', 'By [a=1].', [[t('By '), star('Aphex Twin', 101), t('.')]]],
    ['[a=123] with spaces inside', 'By [a= 1 ].', [[t('By '), star('Aphex Twin', 101), t('.')]]],
    ['without a star: text only, merged with its neighbours', 'By [a2] and co.', [[t('By John Smith and co.')]]],
    ['the namesake number is dropped', '[a3]', [[star('Autechre', 103)]]],
    ['[a=Some Name] is that text, no link', 'With [a=Some Name] too', [[t('With Some Name too')]]],
    ['[a=Some Name (2)] drops the namesake number', '[a=Some Name (2)]', [[t('Some Name')]]],
    ['an unknown artist id is dropped', 'By [a999] and [a=998].', [[t('By  and .')]]],
    ['an artist whose name is empty shows nothing', 'x[a4]y', [[t('xy')]]],
    ['[a=] is dropped', 'x[a=]y[a=  ]z', [[t('xyz')]]],
    ['an id beyond the safe range is dropped', 'x[a99999999999999999999]y', [[t('xy')]]],
    ['[a0] is an unknown id', 'x[a0]y', [[t('xy')]]],
    ['[a=12x] is a name, not an id', '[a=12x]', [[t('12x')]]],
    ['tag names ignore case', '[A1] [A=2]', [[star('Aphex Twin', 101), t(' John Smith')]]],
    ['a closing artist tag is dropped', 'x[/a1]y', [[t('xy')]]],
    // Labels.
    ['[l123] with a dossier: linked', 'On [l10].', [[t('On '), label('Warp Records', 10), t('.')]]],
    ['[l=123] is the same label', 'On [l=10].', [[t('On '), label('Warp Records', 10), t('.')]]],
    ['without a dossier: text only, namesake number dropped', 'On [l11].', [[t('On Rephlex.')]]],
    ['a linked label drops the namesake number', '[l12]', [[label('Skam', 12)]]],
    ['[l=Some Name] is text only, namesake number dropped', '[l=Some Label (7)]', [[t('Some Label')]]],
    ['an unknown label is dropped', 'On [l404].', [[t('On .')]]],
    ['[l=] is dropped', 'a[l=]b', [[t('ab')]]],
    // Links to addresses.
    ['[url=U]text[/url]', 'See [url=https://example.com/a?b=c]the site[/url].', [[t('See '), url('the site', 'https://example.com/a?b=c'), t('.')]]],
    ['[url]U[/url]', 'See [url]http://example.com[/url]', [[t('See '), url('http://example.com', 'http://example.com')]]],
    ['the scheme in any case', '[url=HTTPS://Example.com/]x[/url][URL]HtTp://e.org[/URL]', [[url('x', 'HTTPS://Example.com/'), url('HtTp://e.org', 'HtTp://e.org')]]],
    ['the address is trimmed', '[url= https://e.org/ ]x[/url]', [[url('x', 'https://e.org/')]]],
    ['an empty text shows the address', '[url=https://e.org/][/url]', [[url('https://e.org/', 'https://e.org/')]]],
    ['a blank text shows the address', 'a [url=https://e.org/]  [/url] b', [[t('a '), url('https://e.org/', 'https://e.org/'), t(' b')]]],
    ['javascript: is text only', '[url=javascript:alert(1)]click[/url]', [[t('click')]]],
    ['JavaScript: in any case is text only', '[url=JaVaScRiPt:alert(1)]click[/url]', [[t('click')]]],
    ['javascript: with a tab is text only', '[url=java\tscript:alert(1)]click[/url]', [[t('click')]]],
    ['data: is text only', '[url]data:text/html,<b>x</b>[/url]', [[t('data:text/html,<b>x</b>')]]],
    ['ftp: is text only', '[url=ftp://e.org/f]file[/url]', [[t('file')]]],
    ['mailto: is text only', '[url=mailto:a@e.org]mail[/url]', [[t('mail')]]],
    ['a relative address is text only', '[url=/label/1]here[/url] [url=www.e.org]there[/url]', [[t('here there')]]],
    ['a protocol-relative address is text only', '[url=//e.org/x]here[/url]', [[t('here')]]],
    ['an empty address is text only', '[url=]text[/url]', [[t('text')]]],
    ['[url][/url] is nothing', 'a[url][/url]b', [[t('ab')]]],
    ['an opener without closer is dropped', 'Go [url=http://e.org]there now', [[t('Go there now')]]],
    ['[url] without closer is dropped, the address stays text', 'Go [url]http://e.org', [[t('Go http://e.org')]]],
    ['a closer in the next paragraph does not count', '[url=http://e.org]one\n\ntwo[/url]', [[t('one')], [t('two')]]],
    ['a stray closer is dropped', 'a[/url]b', [[t('ab')]]],
    ['formatting inside a link is flattened', '[url=http://e.org][b]bold[/b] [i]it[/i][/url]', [[url('bold it', 'http://e.org')]]],
    ['references inside a link show their names only', '[url=http://e.org][a1] on [l10][/url]', [[url('Aphex Twin on Warp Records', 'http://e.org')]]],
    ['a nested opener is flattened; the extra closer dropped', '[url=http://a.org]x[url=http://b.org]y[/url]z[/url]', [[url('xy', 'http://a.org'), t('z')]]],
    ['links never merge', '[a1][a1][l10]', [[star('Aphex Twin', 101), star('Aphex Twin', 101), label('Warp Records', 10)]]],
    // Formatting and other tags.
    ['[b] [i] [u] dropped, text kept and merged', '[b]Bold[/b] and [i]it[/i] and [u]under[/u]', [[t('Bold and it and under')]]],
    ['formatting tags in any case', '[B]x[/B][I]y[/I]', [[t('xy')]]],
    ['unbalanced formatting', '[b]open [i]never closed', [[t('open never closed')]]],
    ['other tags are dropped', 'a[img=http://e.org/x.png]b[t=123]c[r=5]d[m456]e[/x]f[quote]g', [[t('abcdefg')]]],
    ['a tag-shaped word is dropped', 'a [sic] b', [[t('a  b')]]],
    // Not tags: plain text.
    ['a lone [', 'a [ b', [[t('a [ b')]]],
    ['a lone ]', 'a ] b', [[t('a ] b')]]],
    ['brackets around a year', 'Remastered [1999]', [[t('Remastered [1999]')]]],
    ['brackets around words with a space', '[citation needed]', [[t('[citation needed]')]]],
    ['empty brackets', 'a[]b', [[t('a[]b')]]],
    ['[/] is not a tag', 'a[/]b', [[t('a[/]b')]]],
    ['nested brackets: the inner tag is dropped', 'a[[b]]c', [[t('a[]c')]]],
    ['a tag does not span lines', '[url=http://e.org\n]x', [[t('[url=http://e.org\n]x')]]],
    ['an unfinished tag at the end', 'text [url=http://e.org', [[t('text [url=http://e.org')]]],
    ['[a=] in brackets of brackets', '[[a=]]', [[t('[]')]]],
    ['a digit after the name that is not all digits', '[a12b]', [[t('[a12b]')]]],
    ['a tag name must be letters', '[1a]', [[t('[1a]')]]],
    ['non-ASCII letters are not a tag name', '[é]', [[t('[é]')]]],
    ['an IPv6 address stops at its bracket', '[url=http://[::1]/]x[/url]', [[t('[url=http://[::1]/]x')]]],
    // Whitespace around links at the edges.
    ['leading whitespace inside a first link is trimmed', '[url=http://e.org]  go[/url]', [[url('go', 'http://e.org')]]],
    ['whitespace-only segments at the edges go', '[b] [/b][a1][i] [/i]', [[star('Aphex Twin', 101)]]],
    ['whitespace between links stays', '[a1] [l10]', [[star('Aphex Twin', 101), t(' '), label('Warp Records', 10)]]],
    ['unicode text is kept', 'Björk 🎵 — ok', [[t('Björk 🎵 — ok')]]],
  ];
  for (const [why, markup, expected] of rows) it(why, () => assert.deepEqual(parseProfile(markup, lookups), expected));

  it('a full profile', () => {
    const markup = [
      '[b]Warp[/b] is a British label founded in 1989.\r',
      'Home of [a1], [a=3] and [a2].\r',
      '\r',
      '   \r',
      'Sub-label: [l12]. Sister: [l=Rephlex (2)].\r',
      'Web: [url=https://warp.net]warp.net[/url] [img=x]',
    ].join('\n');
    assert.deepEqual(parseProfile(markup, lookups), [
      [t('Warp is a British label founded in 1989.\nHome of '), star('Aphex Twin', 101), t(', '), star('Autechre', 103), t(' and John Smith.')],
      [t('Sub-label: '), label('Skam', 12), t('. Sister: Rephlex.\nWeb: '), url('warp.net', 'https://warp.net')],
    ]);
  });

  it('never throws on absent markup', () => {
    assert.deepEqual(parseProfile(undefined as unknown as string, lookups), []);
    assert.deepEqual(parseProfile(null as unknown as string, lookups), []);
  });

  it('only looks up what is referenced', () => {
    const asked: string[] = [];
    parseProfile('[a1] [l10] [a=Name] [l=Name] [/a2] [b]', {
      artist: (id) => (asked.push(`a${id}`), artists.get(id)),
      label: (id) => (asked.push(`l${id}`), labels.get(id)),
    });
    assert.deepEqual(asked, ['a1', 'l10']);
  });

  describe('hostile input of 100 KB completes in linear time', () => {
    const big = (unit: string) => unit.repeat(Math.ceil(100_000 / unit.length));
    const cases: [string, string, (result: Segment[][]) => void][] = [
      ['[[[[', big('['), (result) => assert.deepEqual(result, [[t(big('['))]])],
      [']]]]', big(']'), (result) => assert.deepEqual(result, [[t(big(']'))]])],
      ['[url=', big('[url='), (result) => assert.deepEqual(result, [[t(big('[url='))]])],
      ['[url=x] without closers', big('[url=http://e.org]'), (result) => assert.deepEqual(result, [])],
      ['[url=x]y[/url] pairs', big('[url=http://e.org]y[/url]'), (result) => assert.equal(result[0]!.length, Math.ceil(100_000 / 25))],
      ['[/url] closers', big('[/url]'), (result) => assert.deepEqual(result, [])],
      ['[a1] references', big('[a1]'), (result) => assert.equal(result[0]!.length, 25_000)],
      ['[a with a long id', `[a${'9'.repeat(100_000)}]`, (result) => assert.deepEqual(result, [])],
      ['[a=[a=', big('[a=[a='), (result) => assert.deepEqual(result, [[t(big('[a=[a='))]])],
      ['a long tag-like word', `[${'a'.repeat(100_000)}!]`, (result) => assert.equal(result[0]![0]!.text.length, 100_003)],
      ['blank lines', big(' \r\n'), (result) => assert.deepEqual(result, [])],
      ['many paragraphs', big('x\n\n'), (result) => assert.equal(result.length, Math.ceil(100_000 / 3))],
      ['whitespace and dropped tags before the text', big(' [b]\t[/i]') + 'x', (result) => assert.deepEqual(result, [[t('x')]])],
      ['blank links show their address', big('[url=http://e.org] [/url]'), (result) => {
        assert.equal(result[0]!.length, Math.ceil(100_000 / 25));
        assert.deepEqual(result[0]![0], url('http://e.org', 'http://e.org'));
      }],
    ];
    for (const [why, markup, check] of cases) {
      it(why, () => {
        const started = performance.now();
        const result = parseProfile(markup, lookups);
        profileReferences(markup);
        const elapsed = performance.now() - started;
        check(result);
        assert.ok(elapsed < 1000, `${elapsed} ms`);
      });
    }
  });
});

describe('profileReferences', () => {
  const rows: [string, string, ProfileReferences][] = [
    ['nothing', '', { catalogueArtists: [], labels: [] }],
    ['plain text', 'no references [1999]', { catalogueArtists: [], labels: [] }],
    ['both forms, each id once, first-seen order', '[a3] [a=1] [a3] [l10] [l=12] [l=10]', { catalogueArtists: [3, 1], labels: [10, 12] }],
    ['names are not ids', '[a=Some Name] [l=Label (2)] [a=12x]', { catalogueArtists: [], labels: [] }],
    ['spaces around an id', '[a= 7 ]', { catalogueArtists: [7], labels: [] }],
    ['closers and other tags are not references', '[/a1] [/l2] [r3] [m4] [t=5]', { catalogueArtists: [], labels: [] }],
    ['references inside links and across paragraphs', '[url=http://e.org][a5][/url]\n\n[L6] [A=8]', { catalogueArtists: [5, 8], labels: [6] }],
    ['an id beyond the safe range is left out', '[a99999999999999999999] [a2]', { catalogueArtists: [2], labels: [] }],
    ['an empty reference is left out', '[a=] [l=]', { catalogueArtists: [], labels: [] }],
    ['a reference that spans lines is text', '[a=1\n]', { catalogueArtists: [], labels: [] }],
    ['absent markup', undefined as unknown as string, { catalogueArtists: [], labels: [] }],
  ];
  for (const [why, markup, expected] of rows) it(why, () => assert.deepEqual(profileReferences(markup), expected));
});

describe('isWebAddress', () => {
  const rows: [string, boolean][] = [
    ['http://e.org', true],
    ['https://e.org/a?b#c', true],
    ['HTTPS://E.ORG', true],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/plain,x', false],
    ['ftp://e.org', false],
    ['mailto:a@e.org', false],
    ['/relative', false],
    ['e.org', false],
    ['', false],
    ['http://', false],
  ];
  for (const [text, expected] of rows) it(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(isWebAddress(text), expected));
});

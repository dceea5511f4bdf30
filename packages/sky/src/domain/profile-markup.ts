/**
 * A label's profile, written in the upstream catalogue's markup, turned into
 * paragraphs of segments (contract "Profile").
 *
 * Paragraphs are separated by one or more blank lines (a line holding only
 * whitespace is blank; `\r\n` and `\r` end lines like `\n`). Inside a
 * paragraph:
 * - `[a123]`, `[a=123]`: catalogue artist 123, shown by name without the
 *   namesake number, linked to its star when one is mapped to it.
 * - `[l123]`, `[l=123]`: label 123, shown by name without the namesake
 *   number, linked when that label has a dossier.
 * - `[a=Some Name]`, `[l=Some Name]`: that text (trimmed, namesake number
 *   dropped, as everywhere names are shown), no link.
 * - `[url=U]text[/url]`, `[url]U[/url]`: a url link only when U is an http or
 *   https address (scheme in any case); otherwise the text alone. An empty
 *   text shows U.
 * - `[b]`, `[i]`, `[u]` and their closers are dropped, their text kept; any
 *   other tag is dropped.
 * Adjacent plain text is one segment; empty segments and empty paragraphs
 * are left out; a paragraph's leading and trailing whitespace is trimmed,
 * other whitespace (line breaks included) stays as written.
 *
 * Choices where the contract is silent (malformed or dangling markup never
 * throws):
 * - A tag is `[`, an optional `/`, a name of ASCII letters, then nothing,
 *   digits (`[a123]`) or `=` and a value, then `]`, all on one line with no
 *   `[` inside. Anything else in brackets (`[1999]`, `[citation needed]`, a
 *   lone `[`, `[[x]`) is plain text, so nothing written between brackets
 *   is lost unless it has the shape of a tag.
 * - An `[a…]` or `[l…]` reference whose id the lookups do not know, whose
 *   id is not a safe integer, or whose value is empty (`[a=]`) is dropped:
 *   there is no name to show.
 * - An `[url…]` opener without a later `[/url]` in its paragraph is dropped
 *   like an unknown tag and its text stays plain; a stray `[/url]` is
 *   dropped too. Inside a link the content is flattened to text: nested
 *   references show their names and other tags are dropped.
 *
 * Every step is linear in the input: one scan finds tags (each character is
 * looked at a bounded number of times), and url closers are found from a
 * table built in one backward pass.
 */
import { withoutNamesakeNumber } from './fold.ts';

export type Link = { kind: 'star'; id: number } | { kind: 'label'; id: number } | { kind: 'url'; url: string };
export type Segment = { text: string } | { text: string; link: Link };

export interface ProfileLookups {
  /** A catalogue artist: its name and the star mapped to it, if any. */
  artist(catalogueId: number): { name: string; starId: number | null } | undefined;
  /** A catalogue label: its name and whether it has a dossier here. */
  label(id: number): { name: string; hasDossier: boolean } | undefined;
}

export interface ProfileReferences {
  /** Catalogue artist ids referenced, each once, in order of first appearance. */
  catalogueArtists: number[];
  /** Label ids referenced, each once, in order of first appearance. */
  labels: number[];
}

type Token =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'tag';
      readonly closing: boolean;
      /** Lower case. */
      readonly name: string;
      /** Digits written straight after the name, as in `[a123]`. */
      readonly digits: string | undefined;
      /** What follows `=`, as in `[url=U]`. */
      readonly value: string | undefined;
    };

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const NEWLINE = 0x0a;
const SLASH = 0x2f;
const EQUALS = 0x3d;

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** The tag written between brackets, or undefined when `body` does not have a tag's shape. */
function readTag(body: string): Token | undefined {
  let k = 0;
  const closing = body.charCodeAt(0) === SLASH;
  if (closing) k = 1;
  const start = k;
  while (k < body.length && isLetter(body.charCodeAt(k))) k++;
  if (k === start) return undefined;
  const name = body.slice(start, k).toLowerCase();
  if (k === body.length) return { kind: 'tag', closing, name, digits: undefined, value: undefined };
  if (body.charCodeAt(k) === EQUALS) return { kind: 'tag', closing, name, digits: undefined, value: body.slice(k + 1) };
  const digits = body.slice(k);
  return isDigits(digits) ? { kind: 'tag', closing, name, digits, value: undefined } : undefined;
}

/** Text and tags of one paragraph, in order. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = text.indexOf('[');
  while (i !== -1) {
    let j = i + 1;
    while (j < text.length) {
      const code = text.charCodeAt(j);
      if (code === CLOSE || code === OPEN || code === NEWLINE) break;
      j++;
    }
    if (j < text.length && text.charCodeAt(j) === CLOSE) {
      const tag = readTag(text.slice(i + 1, j));
      if (tag !== undefined) {
        if (i > textStart) tokens.push({ kind: 'text', text: text.slice(textStart, i) });
        tokens.push(tag);
        textStart = j + 1;
      }
      i = text.indexOf('[', j + 1);
    } else {
      // A `[` that opens no tag is text; the scan goes on from where it stopped.
      i = j < text.length && text.charCodeAt(j) === OPEN ? j : text.indexOf('[', j);
    }
  }
  if (textStart < text.length) tokens.push({ kind: 'text', text: text.slice(textStart) });
  return tokens;
}

/** Paragraphs of the markup: runs of non-blank lines, joined by `\n`. */
function paragraphs(markup: string): string[] {
  const found: string[] = [];
  let current: string[] = [];
  for (const line of markup.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      if (current.length > 0) found.push(current.join('\n'));
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) found.push(current.join('\n'));
  return found;
}

type TagToken = Extract<Token, { kind: 'tag' }>;

/** The id of an `[a…]`/`[l…]` reference, the literal name of `[a=Name]`, or nothing to show. */
function referenceTarget(tag: TagToken): { id: number } | { name: string } | undefined {
  const raw = tag.digits ?? tag.value?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (!isDigits(raw)) return { name: raw };
  const id = Number(raw);
  return Number.isSafeInteger(id) ? { id } : undefined;
}

/** What an `[a…]` or `[l…]` tag shows: its text and, when due, its link. */
function reference(tag: TagToken, lookups: ProfileLookups): { text: string; link?: Link } | undefined {
  const target = referenceTarget(tag);
  if (target === undefined) return undefined;
  if ('name' in target) return { text: withoutNamesakeNumber(target.name) };
  if (tag.name === 'a') {
    const artist = lookups.artist(target.id);
    if (artist === undefined) return undefined;
    const text = withoutNamesakeNumber(artist.name);
    return artist.starId === null ? { text } : { text, link: { kind: 'star', id: artist.starId } };
  }
  const label = lookups.label(target.id);
  if (label === undefined) return undefined;
  const text = withoutNamesakeNumber(label.name);
  return label.hasDossier ? { text, link: { kind: 'label', id: target.id } } : { text };
}

function isReference(tag: TagToken): boolean {
  return !tag.closing && (tag.name === 'a' || tag.name === 'l');
}

function isUrlCloser(token: Token): boolean {
  return token.kind === 'tag' && token.closing && token.name === 'url';
}

/** Whether a link may be served: an http or https address (the scheme in any case). */
export function isWebAddress(text: string): boolean {
  try {
    const protocol = new URL(text).protocol;
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Tokens as plain text, for the inside of a link: references show their names, other tags are dropped. */
function flatten(tokens: readonly Token[], from: number, to: number, lookups: ProfileLookups): string {
  let text = '';
  for (let t = from; t < to; t++) {
    const token = tokens[t]!;
    if (token.kind === 'text') text += token.text;
    else if (isReference(token)) text += reference(token, lookups)?.text ?? '';
  }
  return text;
}

function render(tokens: readonly Token[], lookups: ProfileLookups): Segment[] {
  const segments: Segment[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') segments.push({ text: plain });
    plain = '';
  };
  const linked = (text: string, link: Link) => {
    if (text === '') return;
    flush();
    segments.push({ text, link });
  };
  // nextCloser[t]: index of the first `[/url]` after token t, or -1.
  const nextCloser = new Array<number>(tokens.length);
  let closer = -1;
  for (let t = tokens.length - 1; t >= 0; t--) {
    nextCloser[t] = closer;
    if (isUrlCloser(tokens[t]!)) closer = t;
  }
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    if (token.kind === 'text') {
      plain += token.text;
    } else if (isReference(token)) {
      const shown = reference(token, lookups);
      if (shown === undefined) continue;
      if (shown.link === undefined) plain += shown.text;
      else linked(shown.text, shown.link);
    } else if (!token.closing && token.name === 'url') {
      const end = nextCloser[t]!;
      if (end === -1) continue; // dangling opener: dropped
      const inner = flatten(tokens, t + 1, end, lookups);
      const address = (token.value ?? inner).trim();
      const text = token.value === undefined ? address : inner.trim() === '' ? address : inner;
      if (isWebAddress(address)) linked(text, { kind: 'url', url: address });
      else plain += text;
      t = end;
    }
    // Any other tag, and any closer, is dropped.
  }
  flush();
  return segments;
}

/** Leading whitespace of the first segments and trailing whitespace of the last ones removed. */
function trimParagraph(segments: readonly Segment[]): Segment[] {
  let first = 0;
  let last = segments.length - 1;
  let head = '';
  let tail = '';
  while (first <= last && (head = segments[first]!.text.trimStart()) === '') first++;
  while (last >= first && (tail = segments[last]!.text.trimEnd()) === '') last--;
  if (first > last) return [];
  const trimmed = segments.slice(first, last + 1);
  if (first === last) {
    trimmed[0] = { ...trimmed[0]!, text: segments[first]!.text.trim() };
  } else {
    trimmed[0] = { ...trimmed[0]!, text: head };
    trimmed[trimmed.length - 1] = { ...trimmed[trimmed.length - 1]!, text: tail };
  }
  return trimmed;
}

export function parseProfile(markup: string, lookups: ProfileLookups): Segment[][] {
  if (typeof markup !== 'string') return [];
  const result: Segment[][] = [];
  for (const paragraph of paragraphs(markup)) {
    const segments = trimParagraph(render(tokenize(paragraph), lookups));
    if (segments.length > 0) result.push(segments);
  }
  return result;
}

/** The ids a profile references, so the caller can look them up before parsing. */
export function profileReferences(markup: string): ProfileReferences {
  const artists = new Set<number>();
  const labels = new Set<number>();
  if (typeof markup === 'string') {
    for (const paragraph of paragraphs(markup)) {
      for (const token of tokenize(paragraph)) {
        if (token.kind === 'text' || !isReference(token)) continue;
        const target = referenceTarget(token);
        if (target === undefined || !('id' in target)) continue;
        (token.name === 'a' ? artists : labels).add(target.id);
      }
    }
  }
  return { catalogueArtists: [...artists], labels: [...labels] };
}

/**
 * Names built from syllable and word tables: artists (by kind and script),
 * labels, places and release titles, and the slugs used in urls.
 */
import type { Script } from './countries.ts';
import type { Random } from './random.ts';
import {
  addDiacritics,
  japaneseGroupName,
  japanesePersonName,
  katakanaWord,
  koreanPersonName,
  koreanWord,
  inScript,
  toArabic,
  toCyrillic,
  toGreek,
} from './scripts.ts';

export const ARTIST_KINDS = ['person', 'group', 'orchestra', 'choir', 'character', 'other'] as const;
export type ArtistKind = (typeof ARTIST_KINDS)[number];

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z', 'br', 'cr', 'dr', 'fr', 'gr', 'kr', 'pr', 'tr', 'bl', 'cl', 'fl', 'gl', 'pl', 'sl', 'ch', 'sh', 'th', 'st', 'sp', '', '', ''];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'o', 'ai', 'ea', 'ou', 'ie', 'y'];
const CODAS = ['', '', '', '', 'n', 'r', 'l', 's', 'm', 'x', 'nd', 'rt', 'st', 'k', 'th', 'ck', 'ng'];
const GIVEN = ['Anna', 'Lukas', 'Maria', 'João', 'Søren', 'Zoë', 'Amélie', 'Björn', 'Chloé', 'Dmitri', 'Elena', 'Felix', 'Grace', 'Hugo', 'Ingrid', 'Jonas', 'Kai', 'Lena', 'Marco', 'Nina', 'Oscar', 'Paula', 'Rafael', 'Sara', 'Tomás', 'Ulla', 'Victor', 'Wanda', 'Yusuf', 'Zara', 'Aiden', 'Bea', 'Carlos', 'Daniel', 'Emma', 'Frank', 'Ivan', 'Jack', 'Leo', 'Mia', 'Noah', 'Olivia', 'Sam', 'Tyler', 'Kofi', 'Ade', 'Priya', 'Ravi'];
const FAMILY_SUFFIXES = ['son', 'sen', 'ez', 'es', 'ova', 'ski', 'berg', 'mann', 'ini', 'escu', 'ić', 'ová', 'ley', 'ton', 'ford', 'wood', 'stein', 'ard', 'er', 'ov', 'idis', 'oglu', 'ayi', 'ama', '', '', ''];
const ADJECTIVES = ['Crimson', 'Velvet', 'Silent', 'Electric', 'Golden', 'Broken', 'Lonely', 'Wild', 'Paper', 'Neon', 'Black', 'Blue', 'Iron', 'Glass', 'Midnight', 'Secret', 'Holy', 'Burning', 'Frozen', 'Hollow', 'Little', 'Big', 'Radio', 'Sonic', 'Cosmic', 'Savage', 'Gentle', 'Northern', 'Lost', 'Young', 'Strange', 'Bright', 'Quiet', 'Red', 'White', 'Last', 'Early', 'Distant'];
const NOUNS = ['Lanterns', 'Pilots', 'Wolves', 'Strangers', 'Echoes', 'Ghosts', 'Mirrors', 'Rivers', 'Sparks', 'Saints', 'Comets', 'Foxes', 'Thieves', 'Monarchs', 'Owls', 'Drifters', 'Machines', 'Hollows', 'Shadows', 'Tides', 'Satellites', 'Horses', 'Kings', 'Sisters', 'Brothers', 'Dreamers', 'Pylons', 'Harbours', 'Gardens', 'Engines', 'Birds', 'Heroes', 'Waves', 'Lights', 'Bells', 'Stones'];
const TITLE_NOUNS = ['Night', 'Light', 'Heart', 'River', 'Dream', 'Fire', 'Rain', 'Summer', 'Winter', 'Road', 'City', 'Ocean', 'Mirror', 'Garden', 'Signal', 'Shadow', 'Morning', 'Silence', 'Echo', 'Horizon', 'Machine', 'Island', 'Storm', 'Moon', 'Sun', 'Stranger', 'Memory', 'Glass', 'Paradise', 'Ghost'];
const LABEL_SUFFIXES = ['Records', 'Records', 'Records', 'Recordings', 'Music', 'Sound', 'Tonträger', 'Discos', 'Disques', 'Audio', 'Productions', 'Records Ltd.', 'Editions', 'Schallplatten', 'Rekords', 'Label', 'Industries', 'Entertainment', 'Musique', 'Sounds', 'Tapes'];
const PLACE_SUFFIXES = ['burg', 'ville', 'ton', 'polis', 'stad', 'grad', 'hausen', 'mouth', 'field', 'haven', 'furt', 'dorf', 'ia', 'o', 'a', 'ham', 'by', 'vik', 'köping', 'ec', 'ane'];
const PLACE_PREFIXES = ['San ', 'Saint-', 'New ', 'Port ', 'Bad ', 'Santa ', 'Los ', 'El ', 'São ', 'Nový ', 'Mount ', 'Lake ', 'Villa ', 'Fort '];

/** Disambiguation comments, as in the music database's own. */
export const COMMENTS = ['US rapper', 'UK punk band', 'Japanese idol group', 'German DJ', 'Finnish metal band', 'jazz pianist', 'Brazilian singer', 'voice actor', 'producer', 'Swedish pop duo', 'K-pop boy group', 'classical composer', 'film composer', 'Dutch techno producer', 'Irish folk singer', 'French chanson singer', 'Canadian indie band', 'Australian rock band', 'gospel choir', 'Italian tenor', 'Norwegian black metal', 'Nigerian afrobeats artist', 'Jamaican reggae singer', 'Mexican banda', 'session guitarist', 'drummer', 'DJ and remixer', 'songwriter', 'Russian rock band', 'Greek folk singer', 'Egyptian singer', 'Korean ballad singer', '1960s girl group', '1980s synth-pop duo', 'early music ensemble', 'children\'s entertainer', 'comedian', 'cartoon character', 'video game composer', 'bluegrass band'];

function capitalise(word: string): string {
  return word.length === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
}

/** A capitalised word of 1 to `maxSyllables` syllables, such as "Kaltor" or "Brenisa". */
export function latinWord(random: Random, maxSyllables = 3): string {
  const syllables = 1 + random.int(maxSyllables);
  let word = '';
  for (let i = 0; i < syllables; i++) {
    word += random.pick(ONSETS) + random.pick(NUCLEI);
    if (i === syllables - 1 || random.chance(0.25)) word += random.pick(CODAS);
  }
  if (word.length < 3) word += random.pick(NUCLEI) + random.pick(['n', 'r', 'l', 's']);
  return capitalise(word);
}

function familyName(random: Random): string {
  return latinWord(random, 2) + random.pick(FAMILY_SUFFIXES);
}

function latinPersonName(random: Random): string {
  const given = random.chance(0.5) ? random.pick(GIVEN) : latinWord(random, 2);
  const roll = random.float();
  if (roll < 0.62) return `${given} ${familyName(random)}`;
  if (roll < 0.7) return `${given} ${latinWord(random, 1).charAt(0)}. ${familyName(random)}`;
  if (roll < 0.74) return `${given} "${latinWord(random, 2)}" ${familyName(random)}`;
  if (roll < 0.8) return `${random.pick(['DJ', 'MC', 'Lil', 'Young', 'Dr.', 'Sister', 'Big'])} ${latinWord(random, 2)}`;
  if (roll < 0.9) return latinWord(random, 3);
  if (roll < 0.95) return `${latinWord(random, 2)} the ${latinWord(random, 2)}`;
  return `${given} ${familyName(random)}-${familyName(random)}`;
}

function latinGroupName(random: Random): string {
  const roll = random.float();
  if (roll < 0.005) return `The ${random.pick(NOUNS)}`;
  if (roll < 0.055) return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
  if (roll < 0.075) return `The ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
  if (roll < 0.18) return `${random.pick(ADJECTIVES)} ${latinWord(random, 2)}`;
  if (roll < 0.28) return `The ${latinWord(random, 2)}s`;
  if (roll < 0.56) return latinWord(random, 3);
  if (roll < 0.7) return `${latinWord(random, 2)} ${latinWord(random, 2)}`;
  if (roll < 0.76) return `${latinWord(random, 2)} & the ${random.pick(NOUNS)}`;
  if (roll < 0.81) return `${random.pick(TITLE_NOUNS)} ${random.between(2, 999)}`;
  if (roll < 0.86) return `${latinWord(random, 1).charAt(0)}.${latinWord(random, 1).charAt(0)}.${latinWord(random, 1).charAt(0)}.`;
  if (roll < 0.92) return `${latinWord(random, 2)} ${random.pick(NOUNS)} ${random.pick(['Band', 'Collective', 'Trio', 'Quartet', 'Sound System', 'Club'])}`;
  return `${latinWord(random, 2)} ${random.pick(['N\'', '&', '+', 'vs.', 'and'])} ${latinWord(random, 2)}`;
}

function latinNameOfKind(kind: ArtistKind, random: Random): string {
  switch (kind) {
    case 'person':
      return latinPersonName(random);
    case 'group':
      return latinGroupName(random);
    case 'orchestra':
      return random.pick([
        `${placeWord(random)} Symphony Orchestra`,
        `${placeWord(random)} Philharmonic`,
        `${familyName(random)} Chamber Orchestra`,
        `Orchestre ${random.pick(['National', 'de Chambre', 'Symphonique'])} de ${placeWord(random)}`,
      ]);
    case 'choir':
      return random.pick([`${placeWord(random)} Chamber Choir`, `Coro ${latinWord(random, 2)}`, `${placeWord(random)} Boys' Choir`, `The ${familyName(random)} Singers`]);
    case 'character':
      return random.pick([`Captain ${latinWord(random, 2)}`, `${latinWord(random, 2)} the ${random.pick(['Cat', 'Bear', 'Robot', 'Dragon', 'Fox'])}`, `Princess ${latinWord(random, 2)}`]);
    default:
      return random.pick([`${latinWord(random, 2)} Project`, `${random.pick(ADJECTIVES)} ${latinWord(random, 2)} Project`, `${latinWord(random, 2)} Ensemble`, `${latinWord(random, 2)} Sound System`]);
  }
}

/** An artist name of the given kind, written in `script`, accented with probability `accents` when Latin. */
export function artistName(kind: ArtistKind, script: Script, accents: number, random: Random): string {
  const isPerson = kind === 'person' || kind === 'character';
  let name: string;
  switch (script) {
    case 'japanese':
      name = isPerson ? japanesePersonName(random) : kind === 'group' ? japaneseGroupName(random) : `${katakanaWord(random, 3)}${kind === 'choir' ? '合唱団' : '交響楽団'}`;
      break;
    case 'korean':
      name = isPerson ? koreanPersonName(random) : koreanWord(random, random.between(2, 4));
      break;
    case 'cyrillic':
      name = toCyrillic(isPerson ? `${latinWord(random, 2)} ${latinWord(random, 2)}${random.pick(['ov', 'ova', 'sky', 'enko', 'in'])}` : latinNameOfKind(kind, random));
      break;
    case 'greek':
      name = toGreek(isPerson ? `${latinWord(random, 2)} ${latinWord(random, 2)}${random.pick(['os', 'ou', 'akis', 'idis'])}` : latinNameOfKind(kind, random));
      break;
    case 'arabic':
      name = toArabic(isPerson ? `${latinWord(random, 2)} ${latinWord(random, 2)}` : `al ${latinWord(random, 2)}`);
      break;
    default:
      name = latinNameOfKind(kind, random);
      if (random.chance(accents)) name = addDiacritics(name, random);
  }
  const oddity = random.float();
  if (oddity < 0.0005) name = `${name}\\${latinWord(random, 1)}`;
  else if (oddity < 0.0015) name = `${name} ${random.pick(['🎹', '𝄞', '★', '♪'])}`;
  return name;
}

export function pickComment(random: Random): string {
  return random.pick(COMMENTS);
}

function placeWord(random: Random): string {
  const roll = random.float();
  const stem = latinWord(random, 2);
  if (roll < 0.55) return stem + random.pick(PLACE_SUFFIXES);
  if (roll < 0.8) return random.pick(PLACE_PREFIXES) + stem;
  return stem;
}

/** A place name; mostly Latin even where the country's script is not, as the knowledge base's English labels are. */
export function placeName(script: Script, accents: number, random: Random): string {
  if (script !== 'latin' && random.chance(0.04)) return inScript(latinWord(random, 3), script, random);
  const name = placeWord(random);
  return random.chance(accents) ? addDiacritics(name, random) : name;
}

/** A record label name, without a namesake number. */
export function labelName(random: Random): string {
  const roll = random.float();
  if (roll < 0.02) return `${katakanaWord(random, 3)}レコード`;
  if (roll < 0.03) return `${toCyrillic(latinWord(random, 2))} Рекордс`;
  let stem: string;
  if (roll < 0.45) stem = latinWord(random, 3);
  else if (roll < 0.7) stem = `${random.pick(ADJECTIVES)} ${random.pick(TITLE_NOUNS)}`;
  else if (roll < 0.85) stem = random.pick(TITLE_NOUNS) + random.pick(['', 'line', 'wave', 'house', 'field']);
  else stem = `${latinWord(random, 1).toUpperCase()}${random.chance(0.5) ? '-' : ''}${random.between(1, 99)}`;
  if (random.chance(0.06)) stem = addDiacritics(stem, random);
  return random.chance(0.85) ? `${stem} ${random.pick(LABEL_SUFFIXES)}` : stem;
}

/** A release title; `script` other than Latin gives a title in that script some of the time. */
export function releaseTitle(artist: string, script: Script, place: string | null, random: Random): string {
  if (script !== 'latin' && random.chance(0.6)) return inScript(`${random.pick(TITLE_NOUNS)} ${latinWord(random, 2)}`, script, random);
  const roll = random.float();
  if (roll < 0.25) return random.pick(TITLE_NOUNS);
  if (roll < 0.45) return `${random.pick(ADJECTIVES)} ${random.pick(TITLE_NOUNS)}`;
  if (roll < 0.55) return `The ${random.pick(TITLE_NOUNS)} of ${random.pick(TITLE_NOUNS)}`;
  if (roll < 0.62) return artist;
  if (roll < 0.68) return `Live at ${place ?? latinWord(random, 2)}`;
  if (roll < 0.72) return random.pick(['Greatest Hits', 'Remixes', 'Untitled', 'Demo', 'B-Sides & Rarities', 'Live']);
  if (roll < 0.78) return `${random.pick(TITLE_NOUNS)}, Vol. ${random.between(1, 5)}`;
  if (roll < 0.82) return `${random.pick(TITLE_NOUNS)} ${random.pick(['EP', 'II', '(Remastered)', '(Deluxe Edition)', '#2'])}`;
  if (roll < 0.9) return `${latinWord(random, 2)} ${random.pick(TITLE_NOUNS)}`;
  return latinWord(random, 3);
}

/**
 * Lowercase ASCII letters and digits of `text` (diacritics folded away);
 * names in other scripts fall back to a made-up Latin word and a number.
 */
export function slug(text: string, random: Random): string {
  const folded = text.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (folded.length >= 3) return folded.slice(0, 40);
  return `${latinWord(random, 2).toLowerCase()}${random.between(1, 9999)}`;
}

/** "a" or "an" for a word, by its first letter. */
export function article(word: string): string {
  return /^[AEIOUaeiou]/.test(word) ? 'an' : 'a';
}

export function adjective(random: Random): string {
  return random.pick(ADJECTIVES);
}

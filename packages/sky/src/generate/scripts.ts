/**
 * Names in scripts other than plain Latin: diacritics on Latin names, and
 * Japanese, Cyrillic, Greek, Arabic and Korean forms. Cyrillic, Greek and
 * Arabic forms are letter-by-letter renderings of a Latin syllable name,
 * which is enough for a name that looks and sorts like one of the script.
 */
import type { Script } from './countries.ts';
import type { Random } from './random.ts';

const ACCENTED: Readonly<Record<string, readonly string[]>> = {
  a: ['á', 'ä', 'å', 'ã', 'à'],
  e: ['é', 'ë', 'è', 'ê'],
  i: ['í', 'ï', 'î'],
  o: ['ö', 'ó', 'ø', 'ô', 'õ'],
  u: ['ü', 'ú', 'û'],
  n: ['ñ'],
  c: ['ç', 'č'],
  s: ['š', 'ş'],
  z: ['ž'],
  y: ['ý'],
  r: ['ř'],
};

/** Replaces one or two letters with accented ones: Björk-, Motörhead-, Sigur Rós-like. */
export function addDiacritics(name: string, random: Random): string {
  const chars = Array.from(name);
  const eligible: number[] = [];
  chars.forEach((ch, i) => {
    if (ACCENTED[ch] !== undefined) eligible.push(i);
  });
  if (eligible.length === 0) return name;
  const times = eligible.length > 3 && random.chance(0.3) ? 2 : 1;
  for (let t = 0; t < times; t++) {
    const i = eligible[random.int(eligible.length)] as number;
    const options = ACCENTED[chars[i] as string];
    if (options !== undefined) chars[i] = random.pick(options);
  }
  return chars.join('');
}

function letterMap(pairs: string): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const pair of pairs.split(' ')) {
    const [from, ...to] = Array.from(pair);
    if (from !== undefined) map.set(from, to.join(''));
  }
  return map;
}

const CYRILLIC = letterMap('aа bб cк dд eе fф gг hх iи jй kк lл mм nн oо pп qк rр sс tт uу vв wв xкс yы zз');
const GREEK = letterMap('aα bβ cκ dδ eε fφ gγ hη iι jι kκ lλ mμ nν oο pπ qκ rρ sσ tτ uυ vβ wω xξ yυ zζ');
const ARABIC = letterMap('aا bب cك dد eي fف gغ hه iي jج kك lل mم nن oو pب qق rر sس tت uو vف wو xكس yي zز');

function render(latin: string, map: ReadonlyMap<string, string>, capitalise: boolean): string {
  let out = '';
  let start = true;
  for (const ch of latin.toLowerCase()) {
    const mapped = map.get(ch);
    if (mapped === undefined) {
      out += ch;
      start = true;
      continue;
    }
    out += capitalise && start ? mapped.toUpperCase() : mapped;
    start = false;
  }
  return out;
}

export function toCyrillic(latin: string): string {
  return render(latin, CYRILLIC, true);
}

export function toGreek(latin: string): string {
  // a sigma that ends a word is written ς
  return render(latin, GREEK, true).replace(/σ(?=$|[\s\-.,&])/g, 'ς');
}

export function toArabic(latin: string): string {
  return render(latin, ARABIC, false);
}

const KATAKANA = Array.from('アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンガギグゲゴザジズゼゾダデドバビブベボパピプペポ');
const HIRAGANA = Array.from('あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわん');
const JAPANESE_FAMILY = ['山田', '佐藤', '鈴木', '高橋', '田中', '渡辺', '伊藤', '中村', '小林', '加藤', '吉田', '山本', '松本', '井上', '木村', '林', '清水', '森', '池田', '橋本'];
const JAPANESE_GIVEN = ['太郎', '花子', '健', '美咲', '翔太', '陽菜', '大輔', '由美', 'さくら', 'ひろし', '愛', '誠', '優子', '蓮', '結衣', 'あゆみ', 'ヒカル', '真司'];
const JAPANESE_WORDS = ['夜明け', '青い空', '夢', '月光', '星屑', '東京', '花火', '雨音', '少年', '少女', '革命', '銀河', '電気', '桜', '海辺', '幻想', '物語', '時計'];

export function katakanaWord(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out += random.pick(KATAKANA);
    if (i > 0 && random.chance(0.12)) out += 'ー';
  }
  return out;
}

function hiraganaWord(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += random.pick(HIRAGANA);
  return out;
}

export function japanesePersonName(random: Random): string {
  const family = random.pick(JAPANESE_FAMILY);
  const given = random.chance(0.25) ? katakanaWord(random, random.between(2, 3)) : random.pick(JAPANESE_GIVEN);
  return random.chance(0.2) ? `${family} ${given}` : `${family}${given}`;
}

export function japaneseGroupName(random: Random): string {
  switch (random.int(4)) {
    case 0:
      return katakanaWord(random, random.between(3, 5));
    case 1:
      return `${random.pick(JAPANESE_WORDS)}${random.chance(0.5) ? 'の' : 'と'}${random.pick(JAPANESE_WORDS)}`;
    case 2:
      return `${katakanaWord(random, random.between(2, 4))}ズ`;
    default:
      return `${hiraganaWord(random, random.between(2, 4))}${random.pick(JAPANESE_WORDS)}`;
  }
}

export function japaneseTitle(random: Random): string {
  return random.chance(0.5) ? random.pick(JAPANESE_WORDS) : `${random.pick(JAPANESE_WORDS)}の${random.pick(JAPANESE_WORDS)}`;
}

const KOREAN_FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const KOREAN_GIVEN = ['민', '준', '서', '연', '지', '현', '우', '수', '영', '호', '은', '진', '하', '윤', '성', '재', '혜', '아', '유', '희', '태', '경', '소', '나', '동'];

/** A Hangul syllable composed from its lead, vowel and tail indices. */
function hangulSyllable(random: Random): string {
  const lead = random.int(19);
  const vowel = random.int(21);
  const tail = random.chance(0.6) ? 0 : random.int(28);
  return String.fromCharCode(0xac00 + (lead * 21 + vowel) * 28 + tail);
}

export function koreanPersonName(random: Random): string {
  return `${random.pick(KOREAN_FAMILY)}${random.pick(KOREAN_GIVEN)}${random.pick(KOREAN_GIVEN)}`;
}

export function koreanWord(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += hangulSyllable(random);
  return out;
}

/** Renders a Latin-script name or title in `script`; Japanese and Korean get words of their own. */
export function inScript(latin: string, script: Script, random: Random): string {
  switch (script) {
    case 'cyrillic':
      return toCyrillic(latin);
    case 'greek':
      return toGreek(latin);
    case 'arabic':
      return toArabic(latin);
    case 'japanese':
      return japaneseTitle(random);
    case 'korean':
      return koreanWord(random, random.between(2, 4));
    default:
      return latin;
  }
}

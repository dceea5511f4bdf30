/**
 * Genre and style vocabulary. Genres are listed in popularity order (the
 * generator draws them Zipf-wise by position); each genre has its styles,
 * also most popular first. A few names are both a genre and a style
 * ("Ambient", "Folk", "Soundtrack", "Gospel", "Reggaeton"...), as in the
 * real sources, and they are different nebulae.
 */

const STYLE_TREE: readonly (readonly [string, readonly string[]])[] = [
  ['Rock', ['Alternative Rock', 'Indie Rock', 'Hard Rock', 'Prog Rock', 'Psychedelic Rock', 'Garage Rock', 'Post-Rock', 'Shoegaze', 'Grunge', 'Classic Rock', 'Blues Rock', 'Art Rock', 'Krautrock', 'Stoner Rock', 'Surf', 'Rockabilly', 'Glam', 'Soft Rock', 'Math Rock', 'Noise Rock']],
  ['Electronic', ['House', 'Techno', 'Ambient', 'Trance', 'Drum n Bass', 'Dubstep', 'IDM', 'Electro', 'Downtempo', 'Breakbeat', 'Synth-pop', 'Minimal', 'Deep House', 'Tech House', 'Acid House', 'Hardcore', 'Gabber', 'Jungle', 'Trip Hop', 'Chillwave', 'Vaporwave', 'Glitch', 'Industrial', 'EBM', 'Darkwave', 'Leftfield', 'UK Garage', 'Footwork']],
  ['Pop', ['Europop', 'Ballad', 'Dance-pop', 'Teen Pop', 'Indie Pop', 'Dream Pop', 'Bubblegum', 'Power Pop', 'Vocal', 'Chamber Pop', 'City Pop', 'Baroque Pop']],
  ['Hip Hop', ['Boom Bap', 'Trap', 'Gangsta', 'Conscious', 'Instrumental Hip Hop', 'Grime', 'Drill', 'Horrorcore', 'Cloud Rap', 'Jazzy Hip-Hop', 'Crunk', 'Bounce', 'Turntablism', 'Pop Rap']],
  ['Jazz', ['Hard Bop', 'Bop', 'Cool Jazz', 'Free Jazz', 'Fusion', 'Swing', 'Big Band', 'Modal', 'Soul-Jazz', 'Contemporary Jazz', 'Smooth Jazz', 'Latin Jazz', 'Post Bop', 'Dixieland', 'Free Improvisation', 'Vocal Jazz']],
  ['Folk, World, & Country', ['Folk', 'Celtic', 'Flamenco', 'Fado', 'Bluegrass', 'Highlife', 'Gamelan', 'Klezmer', 'Polka', 'Tango', 'Mbalax', 'Qawwali', 'Hindustani', 'Enka', "Min'yō", 'Nordic Folk']],
  ['Funk / Soul', ['Soul', 'Funk', 'Disco', 'Rhythm & Blues', 'Neo Soul', 'Northern Soul', 'Gospel', 'P.Funk', 'Boogie', 'Contemporary R&B']],
  ['Classical', ['Modern Classical', 'Baroque', 'Romantic', 'Contemporary', 'Opera', 'Choral', 'Chamber Music', 'Minimalism', 'Renaissance', 'Medieval', 'Neo-Classical', 'Impressionist', 'Serial']],
  ['Metal', ['Heavy Metal', 'Black Metal', 'Death Metal', 'Doom Metal', 'Thrash', 'Power Metal', 'Sludge Metal', 'Metalcore', 'Nu Metal', 'Progressive Metal', 'Grindcore', 'Symphonic Metal', 'Folk Metal', 'Speed Metal', 'Gothic Metal', 'Drone']],
  ['Latin', ['Salsa', 'Cumbia', 'Bossa Nova', 'Samba', 'Reggaeton', 'Bachata', 'Merengue', 'Son', 'Bolero', 'MPB', 'Latin Pop', 'Norteño', 'Mariachi', 'Ranchera', 'Forró']],
  ['Reggae', ['Roots Reggae', 'Dub', 'Dancehall', 'Ska', 'Rocksteady', 'Lovers Rock', 'Ragga', 'Reggae-Pop']],
  ['Blues', ['Electric Blues', 'Delta Blues', 'Chicago Blues', 'Country Blues', 'Piano Blues', 'Jump Blues', 'Harmonica Blues', 'Texas Blues']],
  ['Stage & Screen', ['Score', 'Soundtrack', 'Musical', 'Theme', 'Video Game Music', 'Anime']],
  ['Punk', ['Pop Punk', 'Post-Punk', 'Oi', 'Crust', 'Emo', 'Skate Punk', 'Anarcho-Punk', 'Riot Grrrl', 'Street Punk', 'D-Beat', 'Horror Punk', 'Ska Punk']],
  ['Country', ['Honky Tonk', 'Outlaw Country', 'Country Rock', 'Americana', 'Alt-Country', 'Western Swing', 'Nashville Sound', 'Cajun', 'Zydeco']],
  ['R&B', ['New Jack Swing', 'Quiet Storm', 'Alternative R&B', 'Doo Wop', 'Motown']],
  ['Ambient', ['Dark Ambient', 'Space Ambient', 'Field Recording', 'Lowercase', 'Berlin-School']],
  ['Experimental', ['Noise', 'Musique Concrète', 'Sound Collage', 'Sound Art', 'Harsh Noise Wall', 'Power Electronics', 'Plunderphonics', 'Tape Music']],
  ['Gospel', ['Contemporary Gospel', 'Southern Gospel', 'Spirituals', 'Praise & Worship', 'CCM']],
  ['Dance', ['Italo-Disco', 'Eurodance', 'Hi NRG', 'Freestyle', 'Electro Swing', 'Hands Up']],
  ['Indie', ['Lo-Fi', 'Slowcore', 'Twee Pop', 'Jangle Pop', 'Sadcore', 'Bedroom Pop', 'Indietronica', 'Noise Pop']],
  ['Chanson', ['Chanson Française', 'Cabaret', 'Nouvelle Chanson', 'Variété', 'Yé-Yé']],
  ['J-Pop', ['Idol', 'Visual Kei', 'Shibuya-kei', 'Anison', 'Kayōkyoku', 'J-Rock']],
  ['K-Pop', ['K-Ballad', 'Trot', 'K-Indie', 'K-Hip Hop']],
  ['Schlager', ['Volksmusik', 'Neue Deutsche Welle', 'Discofox', 'Deutschpop', 'Liedermacher']],
  ['Afrobeat', ['Afrobeats', 'Juju', 'Afro-Cuban', 'Amapiano', 'Kwaito', 'Gqom', 'Soukous', 'Makossa']],
  ['New Age', ['Healing', 'Meditation', 'Celtic New Age', 'Space Music']],
  ['Reggaeton', ['Dembow', 'Latin Trap', 'Perreo']],
  ['Non-Music', ['Spoken Word', 'Comedy', 'Poetry', 'Interview', 'Audiobook', 'Radioplay', 'Speech']],
  ["Children's", ['Nursery Rhymes', 'Educational', 'Story']],
  ['Brass & Military', ['Marches', 'Brass Band', 'Military', 'Pipe & Drum']],
  ['Soundtrack', ['Library Music', 'Trailer Music', 'Film Score']],
  ['Folk', ['Folk Rock', 'Freak Folk', 'Anti-Folk', 'Neofolk', 'Singer/Songwriter']],
];

/** Modifiers combined with each genre's two leading styles, to widen the style list. */
const MODIFIERS = ['Dark', 'Deep', 'Progressive', 'Melodic', 'Experimental', 'Atmospheric', 'Psychedelic', 'Lo-Fi', 'Avant-garde', 'Acoustic', 'Neo', 'Instrumental'];

export interface Nebulae {
  /** Genre names, most popular first. */
  readonly genres: readonly string[];
  /** Style names, each listed once. */
  readonly styles: readonly string[];
  /** For each genre, its style indices, most popular first. */
  readonly stylesOfGenre: readonly (readonly number[])[];
}

function buildNebulae(): Nebulae {
  const genres: string[] = [];
  const styles: string[] = [];
  const styleIndex = new Map<string, number>();
  const stylesOfGenre: number[][] = [];
  const addStyle = (list: number[], name: string): void => {
    let index = styleIndex.get(name);
    if (index === undefined) {
      index = styles.length;
      styles.push(name);
      styleIndex.set(name, index);
    }
    if (!list.includes(index)) list.push(index);
  };
  STYLE_TREE.forEach(([genre, own], g) => {
    genres.push(genre);
    const list: number[] = [];
    for (const name of own) addStyle(list, name);
    for (let k = 0; k < 4; k++) {
      const base = own[k % 2] as string;
      const modifier = MODIFIERS[(g * 5 + k * 7) % MODIFIERS.length] as string;
      addStyle(list, `${modifier} ${base}`);
    }
    stylesOfGenre.push(list);
  });
  return Object.freeze({ genres: Object.freeze(genres), styles: Object.freeze(styles), stylesOfGenre: Object.freeze(stylesOfGenre.map((l) => Object.freeze(l))) });
}

export const NEBULAE: Nebulae = buildNebulae();

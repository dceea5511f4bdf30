/**
 * Countries, most prolific first (the generator draws them Zipf-wise by
 * position), with the script their artists' names are often written in and
 * how often Latin names there carry diacritics.
 */

export const SCRIPTS = ['latin', 'japanese', 'cyrillic', 'greek', 'arabic', 'korean'] as const;
export type Script = (typeof SCRIPTS)[number];

export interface Country {
  readonly name: string;
  readonly script: Script;
  /** Share of Latin-script names from there that carry a diacritic. */
  readonly accents: number;
}

const c = (name: string, script: Script, accents: number): Country => Object.freeze({ name, script, accents });

export const COUNTRIES: readonly Country[] = Object.freeze([
  c('United States', 'latin', 0.02),
  c('United Kingdom', 'latin', 0.02),
  c('Germany', 'latin', 0.25),
  c('Japan', 'japanese', 0.02),
  c('France', 'latin', 0.25),
  c('Canada', 'latin', 0.06),
  c('Brazil', 'latin', 0.3),
  c('Italy', 'latin', 0.08),
  c('Sweden', 'latin', 0.3),
  c('Netherlands', 'latin', 0.05),
  c('Australia', 'latin', 0.02),
  c('Spain', 'latin', 0.25),
  c('Russia', 'cyrillic', 0.02),
  c('Finland', 'latin', 0.35),
  c('Norway', 'latin', 0.3),
  c('Mexico', 'latin', 0.25),
  c('Poland', 'latin', 0.35),
  c('South Korea', 'korean', 0.02),
  c('Belgium', 'latin', 0.12),
  c('Argentina', 'latin', 0.2),
  c('Denmark', 'latin', 0.3),
  c('Austria', 'latin', 0.25),
  c('Switzerland', 'latin', 0.2),
  c('Ireland', 'latin', 0.1),
  c('Greece', 'greek', 0.02),
  c('Portugal', 'latin', 0.3),
  c('Czech Republic', 'latin', 0.4),
  c('Turkey', 'latin', 0.35),
  c('India', 'latin', 0.02),
  c('New Zealand', 'latin', 0.03),
  c('Ukraine', 'cyrillic', 0.02),
  c('Chile', 'latin', 0.2),
  c('Colombia', 'latin', 0.2),
  c('Hungary', 'latin', 0.4),
  c('Romania', 'latin', 0.3),
  c('Israel', 'latin', 0.02),
  c('South Africa', 'latin', 0.03),
  c('Nigeria', 'latin', 0.05),
  c('Jamaica', 'latin', 0.01),
  c('Iceland', 'latin', 0.5),
  c('Cuba', 'latin', 0.2),
  c('Egypt', 'arabic', 0.02),
  c('Indonesia', 'latin', 0.02),
  c('Philippines', 'latin', 0.03),
  c('Estonia', 'latin', 0.35),
  c('Serbia', 'cyrillic', 0.3),
  c('Croatia', 'latin', 0.35),
  c('Lebanon', 'arabic', 0.05),
  c('Morocco', 'arabic', 0.05),
  c("Côte d'Ivoire", 'latin', 0.15),
]);

/**
 * catalogue_artists.jsonl: the catalogue's names (with namesake numbers) of
 * the canon artists that have a catalogue id, interleaved in id order with
 * catalogue artists the canon does not hold (label profiles mention some).
 */
import { artistName } from './names.ts';
import type { CanonPlan } from './plan.ts';
import { Random, Stream } from './random.ts';
import type { JsonlWriter } from './writer.ts';

export class CatalogueRows {
  readonly #plan: CanonPlan;
  readonly #out: JsonlWriter;
  readonly #random: Random;
  #next = 0;

  constructor(plan: CanonPlan, out: JsonlWriter) {
    this.#plan = plan;
    this.#out = out;
    this.#random = new Random(plan.seed, Stream.catalogue, 0);
  }

  /** Writes a canon artist's catalogue row, after the extra rows with smaller ids. Ids must ascend. */
  artist(catalogueId: number, name: string): void {
    this.#extrasBefore(catalogueId);
    this.#out.row(`{"catalogue_id":${catalogueId},"name":${JSON.stringify(name)}}`);
  }

  /** Writes the extra rows left. */
  finish(): void {
    this.#extrasBefore(Number.POSITIVE_INFINITY);
  }

  #extrasBefore(limit: number): void {
    const extras = this.#plan.extraCatalogueIds;
    while (this.#next < extras.length && (extras[this.#next] as number) < limit) {
      const id = extras[this.#next] as number;
      const random = this.#random;
      random.reseed(this.#plan.seed, Stream.catalogue, this.#next);
      let name = artistName(random.chance(0.55) ? 'person' : 'group', 'latin', 0.08, random);
      if (random.chance(0.1)) name += ` (${random.between(2, 6)})`;
      this.#out.row(`{"catalogue_id":${id},"name":${JSON.stringify(name)}}`);
      this.#next++;
    }
  }
}

import { withoutNamesakeNumber } from '../domain/fold.ts';
import { parseProfile, profileReferences } from '../domain/profile-markup.ts';
import { skyErrors } from '../errors.ts';
import type { Canon } from '../store/canon-source.ts';

export const ROSTER_LISTED = 60;
export const DOSSIER_LIST = 12;

type Member = { id: number; x: number; y: number; brightness: number; main_genre: string | null; main_style: string | null };

/** Counts in descending order, ties by key ascending, first `limit`. */
function tally<K extends string | number>(keys: readonly K[], limit: number): [K, number][] {
  const counts = new Map<K, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);
}

/** Main styles of the members, or main genres when none of them carries a style. */
function sound(members: readonly Member[]) {
  const styles = members.map((m) => m.main_style).filter((s): s is string => s !== null);
  const isStyle = styles.length > 0;
  const names = isStyle ? styles : members.map((m) => m.main_genre).filter((g): g is string => g !== null);
  return tally(names, DOSSIER_LIST).map(([name, artists]) => ({ name, is_style: isStyle, artists }));
}

const mapOf = (members: readonly Member[]) => members.map((m) => [m.id, m.x, m.y, m.brightness] as const);

/** The label dossier (spec "Label dossier"); 404 unless at least one star is on its roster. */
export async function labelDossier(canon: Canon, id: number) {
  const q = canon.queries;
  const label = await q.label(id);
  if (label === undefined || label.stars === 0) throw skyErrors.not_found(`No label with the id ${id} has stars on this sky.`);
  const refs = profileReferences(label.profile);
  const [sublabels, chronology, listed, members, catalogue, labelNames] = await Promise.all([
    q.sublabels(id),
    q.labelYears(id),
    q.labelRosterListed(id, ROSTER_LISTED),
    q.labelRosterMap(id),
    q.catalogueArtists(refs.catalogueArtists),
    q.labelNames(refs.labels),
  ]);
  const labelsById = new Map(labelNames.map((l) => [l.id, l]));
  const profile = parseProfile(label.profile, {
    artist(catalogueId) {
      const star = catalogue.stars.get(catalogueId);
      const name = star?.name ?? catalogue.names.get(catalogueId);
      return name === undefined ? undefined : { name: withoutNamesakeNumber(name), starId: star?.id ?? null };
    },
    label(labelId) {
      const found = labelsById.get(labelId);
      return found === undefined ? undefined : { name: found.display_name, hasDossier: found.stars > 0 };
    },
  });
  const places = new Map<number, string>();
  for (const m of members) if (m.qid !== null && m.place !== null) places.set(m.qid, m.place);
  return {
    id: label.id,
    name: label.display_name,
    external_url: `https://www.discogs.com/label/${label.id}`,
    profile,
    parent: label.parent === null || label.parent_name === null ? null : { id: label.parent, name: label.parent_name },
    sublabels,
    chronology,
    roster: { size: members.length, listed, map: mapOf(members) },
    sound: sound(members),
    scenes: tally(members.map((m) => m.qid).filter((qid): qid is number => qid !== null), DOSSIER_LIST).map(([qid, artists]) => ({ qid, name: places.get(qid)!, artists })),
  };
}

/** The scene dossier (spec "Scene (place) dossier"); 404 unless a star comes from the place. */
export async function sceneDossier(canon: Canon, qid: number) {
  const q = canon.queries;
  const place = await q.place(qid);
  if (place === undefined || place.stars === 0) throw skyErrors.not_found(`No star on this sky comes from the place ${qid}.`);
  const [members, labels] = await Promise.all([q.sceneMembers(qid), q.sceneLabels(qid, DOSSIER_LIST)]);
  const years = tally(members.map((m) => m.begin_year).filter((y): y is number => y !== null), Infinity).sort((a, b) => a[0] - b[0]);
  return {
    qid: place.qid,
    name: place.name,
    external_url: `https://www.wikidata.org/wiki/Q${place.qid}`,
    formed: place.formed,
    born: place.born,
    chronology: years.map(([year, count]) => ({ year, count })),
    roster: {
      size: members.length,
      listed: members.slice(0, ROSTER_LISTED).map((m) => ({ id: m.id, name: m.name, born: m.is_birth === true || m.is_birth === 1, begin_year: m.begin_year, end_year: m.end_year })),
      map: mapOf(members),
    },
    sound: sound(members),
    labels,
  };
}

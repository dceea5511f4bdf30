/** The closed list of usage mechanics (spec, Endpoints rule 8). */
export const MECHANICS = [
  'sky_opened',
  'card_opened',
  'listen_opened',
  'view_shared',
  'charter_read',
  'data_requested',
  'lens_used',
  'time_travelled',
  'stars_compared',
  'route_opened',
  'radio_started',
  'signal_heard',
  'signal_found',
  'dossier_opened',
] as const;

export type Mechanic = (typeof MECHANICS)[number];

export function isMechanic(value: string): value is Mechanic {
  return (MECHANICS as readonly string[]).includes(value);
}

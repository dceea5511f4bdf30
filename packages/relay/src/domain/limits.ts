/** The relay's limits (spec part A, "Limits"). */
export const LIMITS = Object.freeze({
  bodyBytes: 16 * 1024 * 1024,
  pageEntriesDefault: 1000,
  pageEntriesMax: 10000,
  pageDataBytes: 8 * 1024 * 1024,
  waitSecondsDefault: 30,
  waitSecondsMax: 60,
  watchesMax: 64,
  streamNameMax: 64,
  epochMax: 0xffff_ffff,
  identityBytes: 16,
  linkBytes: 32,
});

/** What an artist is on the sky. */
export const Role = {
  /** placed in the newest layout */
  star: 0,
  /** placed only in the older layout: not a star */
  former: 1,
  /** placed in no layout */
  unplaced: 2,
} as const;

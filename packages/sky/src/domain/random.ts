/**
 * Random numbers for the radio's weighted shuffle and the daily signal.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Chaotic PRNG,
 * 32-bit variant): only 32-bit additions, shifts and xors, so the sequence
 * is the same on every machine. A seed text is hashed with SHA-256 (its
 * UTF-8 bytes) into the 128-bit state, so similar seeds ('a', 'b', 'a1')
 * start far apart. Each draw joins two 32-bit outputs into a double in
 * [0, 1) with 53 random bits. Not cryptographic.
 */
import { createHash, randomBytes } from 'node:crypto';

const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;
/** Outputs discarded after seeding, so the first draws are already well mixed. */
const WARM_UP = 12;

/** sfc32 over a 16-byte state; returns doubles in [0, 1). */
function sfc32(state: Uint8Array): () => number {
  const view = new DataView(state.buffer, state.byteOffset, 16);
  let a = view.getUint32(0, false) | 0;
  let b = view.getUint32(4, false) | 0;
  let c = view.getUint32(8, false) | 0;
  let d = view.getUint32(12, false) | 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < WARM_UP; i++) next();
  return () => {
    const high = next() >>> 11; // 21 bits
    const low = next(); // 32 bits
    return (high * TWO_32 + low) / TWO_53;
  };
}

/** The same seed gives the same sequence on every machine and every run. */
export function seededRandom(seed: string): () => number {
  return sfc32(createHash('sha256').update(seed, 'utf8').digest());
}

/** A generator seeded from the operating system's secure source: a different sequence each call. */
export function unseededRandom(): () => number {
  return sfc32(randomBytes(16));
}

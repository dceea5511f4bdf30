import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** argon2id parameters (OWASP's minimum recommendation: 19 MiB, 2 passes, 1 lane). */
export interface Argon2Parameters {
  readonly memory: number;
  readonly passes: number;
  readonly parallelism: number;
}

export const DEFAULT_ARGON2: Argon2Parameters = Object.freeze({ memory: 19_456, passes: 2, parallelism: 1 });

const TAG_BYTES = 32;
const SALT_BYTES = 16;
const PHC = /^\$argon2id\$v=19\$m=([0-9]{1,8}),t=([0-9]{1,3}),p=([0-9]{1,3})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

function derive(password: string, salt: Buffer, p: Argon2Parameters, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message: password, nonce: salt, parallelism: p.parallelism, tagLength, memory: p.memory, passes: p.passes }, (error, tag) =>
      error ? reject(error) : resolve(tag),
    ),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/**
 * Password hashing with argon2id (Node's built-in `crypto.argon2`), stored
 * as PHC strings. `verify` without a stored hash (unknown email, account
 * without password) checks against a dummy hash of the same cost, so every
 * refusal costs the same time.
 */
export class PasswordHasher {
  readonly #params: Argon2Parameters;
  #dummy: Promise<string> | undefined;

  constructor(params: Argon2Parameters = DEFAULT_ARGON2) {
    this.#params = Object.freeze({ ...params });
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const tag = await derive(password, salt, this.#params, TAG_BYTES);
    const p = this.#params;
    return `$argon2id$v=19$m=${p.memory},t=${p.passes},p=${p.parallelism}$${b64(salt)}$${b64(tag)}`;
  }

  /** True when `password` matches `stored`; always does one full derivation. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const usable = stored ?? undefined;
    const match = usable === undefined ? null : PHC.exec(usable);
    const phc = match ?? PHC.exec(await this.#dummyHash())!;
    const params = { memory: Number(phc[1]), passes: Number(phc[2]), parallelism: Number(phc[3]) };
    const salt = Buffer.from(phc[4]!, 'base64');
    const expected = Buffer.from(phc[5]!, 'base64');
    const tag = await derive(password, salt, params, expected.length);
    return timingSafeEqual(tag, expected) && match !== null;
  }

  #dummyHash(): Promise<string> {
    this.#dummy ??= this.hash(randomBytes(16).toString('hex'));
    return this.#dummy;
  }

  /** Computes the dummy hash ahead of the first login. */
  async warmUp(): Promise<void> {
    await this.#dummyHash();
  }
}

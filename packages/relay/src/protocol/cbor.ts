import { decode, encode, Token, Tokenizer, Type, type DecodeOptions } from 'cborg';

/**
 * The relay's CBOR strictness, decided once: minimal integer encodings,
 * definite lengths, no duplicate map keys, no undefined, no tags, no NaN or
 * infinities, and exactly one item per body (cborg refuses trailing bytes).
 * Floats decode as `CborFloat`, so `1.0` is never mistaken for the uint 1.
 */
export class CborFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

const STRICT: DecodeOptions = {
  strict: true,
  useMaps: true,
  rejectDuplicateMapKeys: true,
  allowIndefinite: false,
  allowUndefined: false,
  allowInfinity: false,
  allowNaN: false,
  allowBigInt: true,
  tags: [],
};

/** Wraps cborg's tokenizer so float tokens stay distinguishable from integers. */
class FloatMarkingTokenizer extends Tokenizer {
  override next(): Token {
    const token = super.next();
    return Type.equals(token.type, Type.float) ? new Token(Type.float, new CborFloat(token.value as number), token.encodedLength) : token;
  }
}

export class CborDecodeError extends Error {}

export function decodeStrict(bytes: Uint8Array): unknown {
  try {
    return decode(bytes, { ...STRICT, tokenizer: new FloatMarkingTokenizer(bytes, STRICT) });
  } catch (error) {
    throw new CborDecodeError((error as Error).message);
  }
}

export function encodeCbor(value: unknown): Uint8Array {
  return encode(value);
}

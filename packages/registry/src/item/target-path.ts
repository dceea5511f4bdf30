import { posix } from 'node:path';

/** The aliases a target may start with, and the `components.json` alias that resolves each. */
export const TARGET_BASES = { '~': 'root', '@components': 'components', '@ui': 'ui', '@lib': 'lib', '@hooks': 'hooks' } as const;
export type TargetBase = (typeof TARGET_BASES)[keyof typeof TARGET_BASES];
export type AliasName = Exclude<TargetBase, 'root'>;

export interface SplitTarget {
  readonly base: TargetBase;
  /** The path below the base, with `/` separators, never escaping it. */
  readonly rest: string;
}

/**
 * Splits a validated target into its base and the path below it. Checks
 * again that the rest cannot climb out of the base, whatever the validator
 * let through.
 */
export function splitTarget(target: string): SplitTarget {
  const slash = target.indexOf('/');
  const prefix = slash === -1 ? target : target.slice(0, slash);
  const base = Object.hasOwn(TARGET_BASES, prefix) ? TARGET_BASES[prefix as keyof typeof TARGET_BASES] : undefined;
  const rest = target.slice(slash + 1);
  const normal = posix.normalize(rest);
  if (base === undefined || slash === -1 || rest === '' || normal !== rest || normal.startsWith('../') || normal === '..' || posix.isAbsolute(rest) || /[\\\0]/.test(rest)) {
    throw new Error(`target "${target}" is not a safe path below ~, @components, @ui, @lib or @hooks`);
  }
  return { base, rest };
}

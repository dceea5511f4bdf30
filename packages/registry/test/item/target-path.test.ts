import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitTarget } from '../../src/item/target-path.ts';

describe('splitTarget', () => {
  const good = [
    ['~/src/a.css', 'root', 'src/a.css'],
    ['@components/card.tsx', 'components', 'card.tsx'],
    ['@ui/forms/input.tsx', 'ui', 'forms/input.tsx'],
    ['@lib/utils.ts', 'lib', 'utils.ts'],
    ['@hooks/use-x.ts', 'hooks', 'use-x.ts'],
  ] as const;
  for (const [target, base, rest] of good) {
    it(`splits ${target}`, () => assert.deepEqual(splitTarget(target), { base, rest }));
  }
  for (const target of ['~/../x', '@ui/a/../../x', '~/./x', '~//x', '/abs', '~', '@ui/', '@src/x', '~/a\\b', '~/a\0b', 'C:/x']) {
    it(`refuses ${JSON.stringify(target)}`, () => assert.throws(() => splitTarget(target)));
  }
});

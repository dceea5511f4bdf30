import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ServiceError } from '@quartet/common';
import { activityErrors } from '../src/errors.ts';

const codes = Object.keys(activityErrors.specs);
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Activity tracking server'));
const table = section.slice(section.indexOf('### Errors'), section.indexOf('\n## ', 1));

describe('error table', () => {
  it('has the contract codes plus the activity-specific ones, nothing else', () => {
    assert.deepEqual(codes.sort(), [
      'alert_not_found', 'alert_resolved', 'bad_request', 'destination_not_found', 'forbidden', 'internal', 'login_failed',
      'method_not_allowed', 'not_found', 'too_large', 'too_many_requests', 'unauthorized', 'unsupported_media_type',
    ]);
  });

  for (const code of codes) {
    it(`${code}: the factory throws a ServiceError with its code and status`, () => {
      const error = (activityErrors as unknown as Record<string, () => ServiceError>)[code]!();
      assert.ok(error instanceof ServiceError);
      assert.equal(error.code, code);
      assert.equal(error.status, activityErrors.specs[code as keyof typeof activityErrors.specs].status);
      assert.match(code, /^[a-z]+(_[a-z]+)*$/);
    });
  }

  it('the README error table lists exactly these codes with their statuses', () => {
    const documented = [...table.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gm)].map((m) => [m[2], Number(m[1])]);
    assert.deepEqual(
      documented.sort(),
      codes.map((c) => [c, activityErrors.specs[c as keyof typeof activityErrors.specs].status]).sort(),
    );
  });
});

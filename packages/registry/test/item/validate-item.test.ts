import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { itemSchema, validateItem } from '../../src/item/validate-item.ts';

const file = { path: 'ui/button.tsx', type: 'registry:ui', target: '@ui/button.tsx', content: 'export {}' };
const ui = { name: 'button', type: 'registry:ui', title: 'Button', description: 'A button.', files: [file] };
const style = { name: 'starter', type: 'registry:style', title: 'Starter', description: 'A set.', extends: 'none', registryDependencies: ['https://r.example/r/button.json'] };
const loose = { name: 'accent', type: 'registry:file', title: 'Accent', description: 'Colours.', files: [{ ...file, type: 'registry:file', target: '~/src/accent.css' }] };

const withFile = (changes: Record<string, unknown>) => ({ ...ui, files: [{ ...file, ...changes }] });

/** [why, item, pointer of the expected problem, or undefined when valid] */
const cases: [string, unknown, string | undefined][] = [
  ['a registry:ui item with files', ui, undefined],
  ['a registry:style set with extends none and no files', style, undefined],
  ['a registry:file item with a ~/ target', loose, undefined],
  ['every optional field', { $schema: 'https://r.example/schema/registry-item.json', ...ui, dependencies: ['clsx', '@radix-ui/react-slot@^1.2.0'], registryDependencies: ['http://127.0.0.1:8083/r/v0.20/utils.json'], docs: 'Use it.', extends: 'none' }, undefined],
  ['each file type', { ...ui, files: ['registry:ui', 'registry:file', 'registry:lib', 'registry:hook'].map((type) => ({ ...file, type })) }, undefined],
  ['each target base', { ...ui, files: ['~/a.ts', '@components/a.tsx', '@ui/a.tsx', '@lib/a.ts', '@hooks/a.ts', '@ui/nested/deeper/a.tsx'].map((target) => ({ ...file, target })) }, undefined],
  ['a name with digits and dashes', { ...ui, name: 'date-picker-2' }, undefined],

  ['a missing name', { ...ui, name: undefined }, '/name'],
  ['a missing type', { ...ui, type: undefined }, '/type'],
  ['a missing title', { ...ui, title: undefined }, '/title'],
  ['a missing description', { ...ui, description: undefined }, '/description'],
  ['an empty title', { ...ui, title: '' }, '/title'],
  ['an empty description', { ...ui, description: '' }, '/description'],
  ['an uppercase name', { ...ui, name: 'Button' }, '/name'],
  ['a name with a dot', { ...ui, name: 'button.v2' }, '/name'],
  ['a name starting with a digit', { ...ui, name: '2button' }, '/name'],
  ['a name starting with a dash', { ...ui, name: '-button' }, '/name'],
  ['a name with a slash', { ...ui, name: 'ui/button' }, '/name'],
  ['an unknown type', { ...ui, type: 'registry:block' }, '/type'],
  ['a numeric title', { ...ui, title: 5 }, '/title'],
  ['extends other than none', { ...style, extends: 'new-york' }, '/extends'],
  ['a style without extends', { ...style, extends: undefined }, '/extends'],
  ['a style carrying files', { ...style, files: [file] }, '/files'],
  ['a ui item without files', { ...ui, files: undefined }, '/files'],
  ['a bare registry dependency', { ...ui, registryDependencies: ['button'] }, '/registryDependencies/0'],
  ['a dependency URL without /r/', { ...ui, registryDependencies: ['https://r.example/button.json'] }, '/registryDependencies/0'],
  ['a dependency URL with a bad version segment', { ...ui, registryDependencies: ['https://r.example/r/1.2/button.json'] }, '/registryDependencies/0'],
  ['a dependency URL with an uppercase name', { ...ui, registryDependencies: ['https://r.example/r/Button.json'] }, '/registryDependencies/0'],
  ['a dependency URL of another scheme', { ...ui, registryDependencies: ['file:///r/button.json'] }, '/registryDependencies/0'],
  ['an npm dependency that is an option', { ...ui, dependencies: ['--ignore-scripts'] }, '/dependencies/0'],
  ['an npm dependency that is a path', { ...ui, dependencies: ['file:../../secret'] }, '/dependencies/0'],
  ['an npm dependency that is a git URL', { ...ui, dependencies: ['git+ssh://x/y.git'] }, '/dependencies/0'],
  ['dependencies as a string', { ...ui, dependencies: 'clsx' }, '/dependencies'],
  ['an unknown top-level property', { ...ui, author: 'me' }, '/author'],
  ['an unknown file property', withFile({ mode: '0755' }), '/files/0/mode'],
  ['a file without content', withFile({ content: undefined }), '/files/0/content'],
  ['a file without target', withFile({ target: undefined }), '/files/0/target'],
  ['a file without path', withFile({ path: undefined }), '/files/0/path'],
  ['a file of an unknown type', withFile({ type: 'registry:page' }), '/files/0/type'],
  ['a target without a known base', withFile({ target: 'src/button.tsx' }), '/files/0/target'],
  ['a target of a base without a slash', withFile({ target: '@uibutton.tsx' }), '/files/0/target'],
  ['a target with ..', withFile({ target: '@ui/../../etc/passwd' }), '/files/0/target'],
  ['a target with .. at the end', withFile({ target: '~/src/..' }), '/files/0/target'],
  ['a target with %2e%2e', withFile({ target: '~/%2e%2e/secret' }), '/files/0/target'],
  ['a target with %2E%2E', withFile({ target: '~/%2E%2E/secret' }), '/files/0/target'],
  ['a target with an encoded slash', withFile({ target: '~/a%2fb' }), '/files/0/target'],
  ['an absolute target', withFile({ target: '/etc/passwd' }), '/files/0/target'],
  ['a target with a backslash', withFile({ target: '~/..\\..\\x' }), '/files/0/target'],
  ['a target with a backslash only', withFile({ target: '@lib\\utils.ts' }), '/files/0/target'],
  ['a target with NUL', withFile({ target: '~/a\u0000b' }), '/files/0/target'],
  ['a target with an empty segment', withFile({ target: '~//etc/passwd' }), '/files/0/target'],
  ['a target naming a directory', withFile({ target: '~/src/' }), '/files/0/target'],
  ['10 MB of content', withFile({ content: 'x'.repeat(10 * 1024 * 1024) }), '/files/0/content'],
  ['not an object', [], '/'],
  ['null', null, '/'],
];

describe('item format', () => {
  for (const [why, item, pointer] of cases) {
    it(pointer === undefined ? `accepts ${why}` : `refuses ${why} at ${pointer}`, () => {
      const problems = validateItem(JSON.parse(JSON.stringify(item)));
      if (pointer === undefined) assert.deepEqual(problems, []);
      else assert.ok(problems.some((p) => p.pointer === pointer), JSON.stringify(problems));
    });
  }

  it('names the pointer and the rule in each message', () => {
    assert.deepEqual(validateItem(withFile({ target: '@ui/../x.tsx' })), [{ pointer: '/files/0/target', reason: 'must not contain ".."' }]);
    assert.deepEqual(validateItem({ ...ui, registryDependencies: ['button'] }), [
      { pointer: '/registryDependencies/0', reason: 'must be a full URL {base}/r/[v<major>.<minor>/]<name>.json into this registry (a bare name is not allowed)' },
    ]);
    assert.deepEqual(validateItem({ ...ui, colour: 'red' }), [{ pointer: '/colour', reason: 'unknown property "colour"' }]);
  });

  it('requires the name to equal the file name where one is known', () => {
    assert.deepEqual(validateItem(ui, { fileName: 'button' }), []);
    assert.deepEqual(validateItem(ui, { fileName: 'other' }), [{ pointer: '/name', reason: 'must equal the item\'s file name "other"' }]);
  });

  it('agrees with any draft 2020-12 validator reading the published schema', () => {
    const independent = new Ajv2020({ strict: false }).compile(JSON.parse(JSON.stringify(itemSchema)) as object);
    for (const [why, item] of cases) {
      const value = JSON.parse(JSON.stringify(item));
      assert.equal(independent(value), validateItem(value).length === 0, why);
    }
  });
});

/** The item format (spec part B, registry release 0.20.3). */
export const ITEM_TYPES = ['registry:file', 'registry:style', 'registry:ui'] as const;
export const FILE_TYPES = ['registry:ui', 'registry:file', 'registry:lib', 'registry:hook'] as const;

export type ItemType = (typeof ITEM_TYPES)[number];
export type FileType = (typeof FILE_TYPES)[number];

export interface RegistryFile {
  readonly path: string;
  readonly type: FileType;
  readonly target: string;
  readonly content: string;
}

export interface RegistryItem {
  readonly $schema?: string;
  readonly name: string;
  readonly type: ItemType;
  readonly title: string;
  readonly description: string;
  readonly extends?: 'none';
  readonly dependencies?: readonly string[];
  readonly registryDependencies?: readonly string[];
  readonly files?: readonly RegistryFile[];
  readonly docs?: string;
}

/** Property order of written items, so the same input gives the same bytes. */
export const ITEM_KEY_ORDER = ['$schema', 'name', 'type', 'title', 'description', 'extends', 'dependencies', 'registryDependencies', 'files', 'docs'] as const;
export const FILE_KEY_ORDER = ['path', 'type', 'target', 'content'] as const;

export const ITEM_NAME = /^[a-z][a-z0-9-]*$/;

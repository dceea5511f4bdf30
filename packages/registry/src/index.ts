export { buildRegistryApp } from './server.ts';
export { validateItem, itemSchema, type ItemProblem } from './item/validate-item.ts';

// The product's modules come from the contract; re-exported for the server's modules that name them.
export { isModuleKey, MODULE_KEYS, type ModuleKey } from '@helio/contracts';

// The server's module catalogue itself (it imports nothing, so webpack bundles it as is): the invite
// and access forms offer exactly the modules the server accepts.
export { MODULE_KEYS, type ModuleKey } from '../../../server/src/iam/modules';

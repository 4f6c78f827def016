// @helio/contracts: where the browser, the server and the gateways meet. It imports nothing of the
// project. Browser code imports values only from limits/ and device/ (plain values); api/ holds the
// schemas (TypeBox) the server registers, and the browser takes from it types only.
export * from './api';
export * from './limits';
export * from './device';

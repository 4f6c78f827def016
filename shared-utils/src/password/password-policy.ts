// The server's password rule itself (it imports nothing, so webpack bundles it as is): the browser
// and the server check passwords with one rule.
export * from '../../../server/src/identity/password-policy';

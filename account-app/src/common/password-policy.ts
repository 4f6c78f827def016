// The server's password rule itself (it imports nothing, so webpack bundles it as is): the change
// password form checks with the very rule the server and the auth screens use.
export * from '../../../server/src/identity/password-policy';

// What browser code may read of its build: webpack replaces process.env.NODE_ENV with the mode.
// Browser sources get no Node types; this one value is all they see of `process`.
declare const process: { readonly env: { readonly NODE_ENV?: string } };

// The server's own limits of a plant's settings (server/src/plants/plant-limits.ts), bundled here so
// the form refuses exactly what the server refuses, with the same numbers.
export * from '../../../server/src/plants/plant-limits';

import type { Plant } from '../api/endpoints';

/** The stored plant when it still exists, else the first plant, else null. */
export function pickActivePlant(plants: Plant[], storedId: string | null): Plant | null {
  return plants.find((p) => p.id === storedId) ?? plants[0] ?? null;
}

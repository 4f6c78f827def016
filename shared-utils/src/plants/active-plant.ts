// The plant the user is looking at, shared by every app and remembered in localStorage under 'site'.
import { BehaviorSubject, type Observable } from 'rxjs';
import type { Plant } from '../api/endpoints';
import { readStorage, writeStorage } from '../session/browser-storage';

export const ACTIVE_PLANT_STORAGE_KEY = 'site';

const subject = new BehaviorSubject<Plant | null>(null);

export const activePlant$: Observable<Plant | null> = subject.asObservable();

export function setActivePlant(plant: Plant | null): void {
  writeStorage('local', ACTIVE_PLANT_STORAGE_KEY, plant ? plant.id : null);
  if (subject.getValue() !== plant) subject.next(plant);
}

export function currentActivePlant(): Plant | null {
  return subject.getValue();
}

/** The remembered plant id (the plant objects arrive later with the plant list). */
export function storedActivePlantId(): string | null {
  return readStorage('local', ACTIVE_PLANT_STORAGE_KEY);
}

/**
 * The server's answer for the plant that was wanted becomes the active plant, unless the user has
 * chosen another since it was asked for: an answer for the plant a page loaded with must not undo a
 * click on "make active" that came before the answer's effect ran (a journey saw /ev show the old plant).
 */
export function adoptActivePlantAnswer(wanted: string | null, answer: Plant | null): void {
  const current = subject.getValue();
  if ((current?.id ?? storedActivePlantId()) !== wanted) return;
  if (current !== answer) setActivePlant(answer);
}

/** Forgets the plant in memory on sign-out; the stored id stays for the next sign-in. */
export function resetActivePlant(): void {
  if (subject.getValue() !== null) subject.next(null);
}

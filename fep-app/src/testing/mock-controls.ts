// Typed access to the test controls of the shared-utils mock (the same module instance the app imports).
export { __fixtures, __setCurrentUser, __setPlants, __setSignedIn, apiPost } from '@helio/shared-utils/mock';

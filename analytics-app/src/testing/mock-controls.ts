// Typed access to the test controls of the shared-utils mock (jest maps @helio/shared-utils to it).
export { __fixtures, __setCurrentUser, __setPlants, __setSignedIn, apiPost, downloadCsv } from '@helio/shared-utils/mock';

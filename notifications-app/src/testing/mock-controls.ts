// Typed access to the test controls of the shared-utils mock. Jest maps @helio/shared-utils to the
// same file, so these act on the very module instance the app code imports.
export { __fixtures, __pushLiveAlert, __setCurrentUser, __setPlants, __setSignedIn, apiPost, showToast } from '@helio/shared-utils/mock';

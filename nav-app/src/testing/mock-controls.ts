// Typed access to the test controls of the shared-utils mock. Jest maps @helio/shared-utils to the
// same file, so these act on the very module instance the app code imports.
export { __fixtures, __pushLiveAlert, __setCurrentUser, __setPlants, __setShadow, __setSignedIn } from '@helio/shared-utils/mock';
export { apiPost, queryClient, setLanguage, showToast } from '@helio/shared-utils/mock';

// Typed access to the test controls of the shared-utils mock. Jest maps @helio/shared-utils to the
// same file, so these act on the very module instance the app code imports.
export {
  __fixtures,
  __setCurrentUser,
  __setShadow,
  __setSignedIn,
  apiPost,
  queryClient,
  setActivePlant,
  showToast,
} from '@helio/shared-utils/mock';

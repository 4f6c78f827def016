// Saving the profile: users/profile/update answers the merged current user, which replaces users/me
// at once, and a changed language switches the interface without a reload.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, setLanguage, USERS_ME_KEY, type ApiError, type CurrentUserView, type ProfileChanges } from '@helio/shared-utils';

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation<CurrentUserView, ApiError, ProfileChanges>({
    mutationFn: (changes) => apiPost('users/profile/update', changes),
    onSuccess: async (user) => {
      queryClient.setQueryData(USERS_ME_KEY, user);
      await setLanguage(user.locale);
    },
  });
}

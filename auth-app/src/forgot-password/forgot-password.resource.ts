// Asking for a password-reset code. The server answers the same whether the account exists or not.
import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';

export function useForgotPassword() {
  return useMutation<{ ok: boolean }, ApiError, string>({
    mutationFn: (email) => apiPost('auth/forgot-password', { username: email.trim() }),
  });
}

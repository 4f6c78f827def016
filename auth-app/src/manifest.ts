// What the shell knows of this app without loading it: the auth layout owns every path no main-layout
// app owns (sign-in, sign-out, password pages, and not-found for the rest), without a session.
// Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  layout: 'auth',
  routes: {
    signIn: { paths: ['/auth', '/auth/sign-in'] },
    signOut: { paths: ['/auth/sign-out'] },
    forgotPassword: { paths: ['/auth/forgot-password'] },
    setNewPassword: { paths: ['/auth/set-new-password'] },
    notFound: { paths: ['*'] },
  },
} as const satisfies AppManifest;

import { SignIn, SignUp } from '@clerk/clerk-react';

/** Clerk's hosted widgets, mounted under the SPA's own routes with path routing. */
export function ClerkSignIn({ path }: { path: string }) {
  return <SignIn routing="path" path={path} signUpUrl="/platform-register" fallbackRedirectUrl="/training" />;
}

export function ClerkSignUp({ path }: { path: string }) {
  return <SignUp routing="path" path={path} signInUrl="/login" fallbackRedirectUrl="/onboarding" />;
}

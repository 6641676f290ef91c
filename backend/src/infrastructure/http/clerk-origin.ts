/**
 * The Clerk frontend API a publishable key points at: the key is `pk_test_` or `pk_live_`
 * followed by the base64 of `<host>$`. Development instances live under *.clerk.accounts.dev,
 * production ones on the studio's own domain (e.g. clerk.pulso.sv), which the content
 * security policy must name explicitly.
 */
export function clerkFrontendApiOrigin(publishableKey: string | undefined): string | undefined {
  const match = publishableKey?.match(/^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const host = decoded.endsWith('$') ? decoded.slice(0, -1) : decoded;
  return /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? `https://${host.toLowerCase()}` : undefined;
}

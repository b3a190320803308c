/**
 * Who may say which address a request came from (X-Forwarded-For), what its id is (X-Request-Id)
 * and which trace it belongs to (traceparent): `TRUSTED_PROXIES`, a comma-separated list of
 * addresses, subnets or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

/** The setting as a list, for fastify's trustProxy and proxy-addr's compile. */
export function trustedProxyList(setting: string | undefined): string[] {
  return (setting || DEFAULT_TRUSTED_PROXIES)
    .split(',')
    .map((proxy) => proxy.trim())
    .filter(Boolean);
}

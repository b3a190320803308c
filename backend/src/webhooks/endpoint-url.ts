import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may go (SSRF): https to public addresses only. A receiver on this machine
 * (http or https to a loopback address) only with WEBHOOKS_ALLOW_HTTP_LOOPBACK, for development
 * and tests. Private, link-local, shared, documentation, multicast and reserved ranges never: an
 * endpoint must not make the platform call into its own network (cloud metadata at
 * 169.254.169.254, the database, an admin port). Checked on the normalised host (endpointHost)
 * when an endpoint is registered or its URL changed (the URL's form, names and literal
 * addresses), again before every delivery (the same check on the stored URL), and on the
 * addresses the name resolves to, in the connection's own lookup, so a name that resolves to a
 * private address, now or after a change (DNS rebinding), is refused too. Redirects are never
 * followed.
 */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** The URL parser writes every IPv6 address in one canonical form: [::ffff:c0a8:101] for all spellings of it. */
const canonicalIpv6 = (address: string) => new URL(`http://[${address}]/`).hostname;

/**
 * IPv4 in the IPv4-compatible (::/96, deprecated: ::127.0.0.1) and IPv4-translated
 * (::ffff:0:0/96) forms: no public receiver is reached that way, and a host may route them to itself.
 */
const EMBEDDED_IPV4 = /^\[::(ffff:0:)?([0-9a-f]{1,4}:)?[0-9a-f]{1,4}\]$/;

function mappedIpv4(address: string): string | null {
  const hex = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonicalIpv6(address));
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export type AddressVerdict = 'public' | 'loopback' | 'refused';

/** What an IP address is, for a webhook: reachable on the internet, this machine, or anything else. */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'refused';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // IPv4 written as IPv6 (::ffff:10.0.0.1, or ::ffff:a00:1 as URLs normalise it) is judged as the IPv4 address it is.
  const mapped = type === 'ipv6' ? mappedIpv4(address) : null;
  if (mapped) return classifyAddress(mapped);
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (type === 'ipv6' && EMBEDDED_IPV4.test(canonicalIpv6(address))) return 'refused';
  return NOT_PUBLIC.check(address, type) ? 'refused' : 'public';
}

export class EndpointUrlError extends Error {}

const MAX_URL = 2000;

/** Names that are this machine whatever DNS says (and every name under `localhost`, RFC 6761). */
const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);
/** Names only a private network resolves: mDNS, ICANN's .internal, RFC 8375 and the suffixes RFC 6762 (appendix G) lists. */
const PRIVATE_SUFFIXES = ['local', 'internal', 'localdomain', 'home.arpa', 'lan', 'home', 'corp', 'intranet', 'private'];

/**
 * The host every check judges: the URL parser's reading of it (lower case, IDNA mapped to ASCII,
 * percent-decoded, IPv4 in any notation as dotted decimal, IPv6 in its canonical form) without
 * the brackets of an IPv6 address and without the trailing dots of a fully qualified name, which
 * name the same host ("localhost." is localhost). Without them the parser reads it again:
 * "127.0.0.1.." is an address.
 */
function endpointHost(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const bare = host.replace(/\.+$/, '');
  if (bare === host || bare === '') return bare;
  try {
    return new URL(`https://${bare}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return bare;
  }
}

const isLoopbackName = (host: string) => LOOPBACK_NAMES.has(host) || host.endsWith('.localhost');
const isPrivateName = (host: string) => !host.includes('.') || PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));

/**
 * A webhook URL as registered: https (or http to loopback with the setting), no credentials, a
 * host that is a name or a public address. Returns the normalised URL; throws EndpointUrlError
 * with a message the person registering can act on.
 */
export function checkEndpointUrl(text: string, allowLoopback: boolean): string {
  if (text.length > MAX_URL) throw new EndpointUrlError(`The URL is longer than ${MAX_URL} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EndpointUrlError('Enter the full URL of your receiver, like https://hooks.example.com/escrow.');
  }
  if (url.username || url.password) throw new EndpointUrlError('The URL must not carry a user name or password: each delivery is signed instead.');
  if (url.hash) throw new EndpointUrlError('The URL must not have a #fragment.');
  const host = endpointHost(url);
  const literal = isIP(host) ? classifyAddress(host) : null;
  const loopback = literal === 'loopback' || (literal === null && isLoopbackName(host));
  if (literal === 'refused') throw new EndpointUrlError(`${host} is not a public address: webhooks are only sent to receivers on the internet.`);
  if (loopback && !allowLoopback) throw new EndpointUrlError(`${host} is this server itself: webhooks are only sent to receivers on the internet.`);
  if (url.protocol === 'http:') {
    if (!(loopback && allowLoopback)) throw new EndpointUrlError('The URL must start with https:// — deliveries are only sent encrypted.');
  } else if (url.protocol !== 'https:') throw new EndpointUrlError('The URL must start with https://.');
  if (!loopback && literal === null && isPrivateName(host))
    throw new EndpointUrlError(`${host || url.hostname} is not a public host name: webhooks are only sent to receivers on the internet.`);
  return url.toString();
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's `lookup`: resolves the name as usual and refuses the connection unless every
 * address it resolves to is allowed, so no request reaches a private address whatever DNS says.
 */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => {
        const verdict = classifyAddress(a.address);
        return verdict === 'refused' || (verdict === 'loopback' && !allowLoopback);
      });
      if (bad || list.length === 0) {
        const refusal = Object.assign(new Error(`${hostname} resolves to ${bad?.address ?? 'nothing'}, which is not a public address: not sent`), {
          code: 'EADDRNOTPUBLIC',
        });
        return callback(refusal, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

// Audio is fetched and published only from the service's own address: a link elsewhere is refused.
/**
 * The origin an audio link points at when it is not the service's own (null when it is, or when
 * the link is a path on the service). Audio is fetched and published only from the service.
 */
export function foreignOrigin(link: string, baseUrl: string | undefined): string | null {
  if (!/^([a-z][a-z0-9+.-]*:)?\/\//i.test(link)) return null;
  let origin: string;
  try {
    origin = new URL(link, baseUrl).origin;
  } catch {
    return 'an address that is not a URL';
  }
  return baseUrl && origin === new URL(baseUrl).origin ? null : origin;
}

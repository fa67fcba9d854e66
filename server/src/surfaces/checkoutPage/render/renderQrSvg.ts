import QRCode from 'qrcode';

const CACHE_LIMIT = 500;
const cache = new Map<string, string>();

/**
 * The QR code of a payment URI as an SVG document, rendered on the server (no third-party service,
 * no script in the page). The SVG is built by `qrcode` from our own URI and holds only two paths; it
 * is served as an image, where SVG cannot run scripts anyway. Cached per URI (a URI never changes).
 */
export async function renderQrSvg(uri: string): Promise<string> {
  const cached = cache.get(uri);
  if (cached !== undefined) return cached;
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(uri, svg);
  return svg;
}

import QRCode from "qrcode";

/**
 * A booking's entry QR for its personal page: the link's key and nothing else (no name, no time),
 * so a photo of it tells nobody anything the page would not. The desk's reader (/admin/door) reads
 * the key. An SVG data URL: the page shows it without scripts, and the CSP's `img-src data:` allows it.
 */
export async function entryQrSvg(key: string): Promise<string> {
  const svg = await QRCode.toString(key, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#111111", light: "#ffffff" },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

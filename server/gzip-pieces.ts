import zlib from "node:zlib";

/**
 * A gzip answer made of parts compressed once and parts that differ per answer (a cached page and
 * its nonce and form tokens, server/page-cache.ts). Each fixed part is compressed on its own, once,
 * ending on a byte boundary (a sync flush, no final block); each answer puts its own bytes between
 * them as stored (uncompressed) deflate blocks, ends the stream with an empty final block, and
 * writes the trailer's CRC-32 from the parts' CRCs without reading the fixed bytes again. The
 * result is one ordinary gzip member (RFC 1951, 1952) that any browser decodes.
 */

/** A fixed part, compressed, with what the trailer needs of it. */
export interface CompressedPart {
  deflated: Buffer;
  crc: number;
  length: number;
  /** x^(8·length) mod the CRC polynomial: what moves a CRC past this part's bytes. */
  shift: number;
}

/** Magic, deflate, no flags, no time, maximum compression, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);
/** An empty stored block marked final: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** Deflate refers back at most this far. */
const WINDOW = 32 * 1024;

/**
 * Compresses a page's fixed parts for gzipChunks, each with the bytes before it as its dictionary,
 * so that a part refers back to the parts before it as one stream of the whole page would (the
 * floor plan's 75 KB went as 20.6 KB compressed part by part, as 17.6 KB whole). A part that
 * differs per answer is given as its length, the same in every answer: it stands in the
 * dictionary as zero bytes, which no match of the page's text can take in, so a reference never
 * reaches into bytes an answer changes, and the distances past it hold. A page that holds a zero
 * byte itself is compressed part by part.
 */
export function compressParts(parts: (Buffer | number)[]): (CompressedPart | null)[] {
  const page = Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.alloc(part))));
  const windowed = !parts.some((part) => Buffer.isBuffer(part) && part.includes(0));
  let offset = 0;
  return parts.map((part) => {
    const start = offset;
    if (!Buffer.isBuffer(part)) {
      offset += part;
      return null;
    }
    offset += part.byteLength;
    return compressPart(part, windowed ? page.subarray(Math.max(0, start - WINDOW), start) : undefined);
  });
}

function compressPart(bytes: Buffer, before?: Buffer): CompressedPart {
  return {
    deflated: zlib.deflateRawSync(bytes, {
      level: 9,
      memLevel: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(before?.byteLength ? { dictionary: before } : {}),
    }),
    crc: zlib.crc32(bytes),
    length: bytes.byteLength,
    shift: lengthShift(bytes.byteLength),
  };
}

/**
 * The chunks of one gzip answer, fixed parts and this answer's own bytes in page order; each of
 * its own parts must be as long as compressParts was told.
 */
export function gzipChunks(parts: (CompressedPart | Buffer)[]): Buffer[] {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      for (let from = 0; from < part.byteLength; from += STORED_MAX) {
        const bytes = part.subarray(from, from + STORED_MAX);
        const header = Buffer.alloc(5);
        header.writeUInt16LE(bytes.byteLength, 1);
        header.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
        chunks.push(header, bytes);
      }
      crc = combineCrc(crc, zlib.crc32(part), lengthShift(part.byteLength));
      length += part.byteLength;
    } else {
      chunks.push(part.deflated);
      crc = combineCrc(crc, part.crc, part.shift);
      length += part.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return chunks;
}

// CRC-32 of two pieces joined, from the CRC of each (zlib's crc32_combine): arithmetic on
// polynomials over GF(2) modulo the CRC's, bit-reflected as the CRC itself is.
const POLYNOMIAL = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) mod p for n = 0…31. */
const POWERS_OF_TWO = (() => {
  const table: number[] = [];
  let power = 0x40000000; // x^1
  for (let n = 0; n < 32; n += 1) {
    table.push(power);
    power = multiplyModP(power, power);
  }
  return table;
})();

function lengthShift(bytes: number): number {
  let shift = 0x80000000; // x^0
  // 8·bytes bits: start three powers up.
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n & 1) shift = multiplyModP(POWERS_OF_TWO[k & 31]!, shift);
  }
  return shift;
}

function combineCrc(first: number, second: number, secondShift: number): number {
  return (multiplyModP(secondShift, first) ^ second) >>> 0;
}

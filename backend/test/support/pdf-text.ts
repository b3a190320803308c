import { inflateSync } from 'node:zlib';

/** WinAnsi's bytes 0x80–0x9F, where it differs from Latin-1 (Node's decoders read windows-1252 as Latin-1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text a PDF draws, in drawing order, one string per text-showing operator (Tj): enough to
 * check the figures of a generated document. Reads the content streams (inflated when Flate
 * encoded) of PDFs written with pdf-lib's standard fonts, whose strings are hex (WinAnsi bytes).
 */
export function pdfText(bytes: Uint8Array): string[] {
  const pdf = Buffer.from(bytes);
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = start + (pdf[start + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const dictionary = pdf.subarray(Math.max(0, pdf.lastIndexOf('<<', start, 'latin1')), start).toString('latin1');
    let data = pdf.subarray(dataStart, end);
    if (dictionary.includes('/FlateDecode')) {
      try {
        data = inflateSync(data);
      } catch {
        data = Buffer.alloc(0); // not a content stream we can read (a font, an object stream)
      }
    }
    for (const match of data.toString('latin1').matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      texts.push(winAnsi(Buffer.from(match[1]!.replace(/\s/g, ''), 'hex')));
    }
    at = end + 9;
  }
  return texts;
}

import { UNSHOWN_IN_NAMES } from '@escrow/domain';

const MAX_NAME = 200;
const UNSHOWN = new RegExp(UNSHOWN_IN_NAMES.source, 'gu');

/** What a file is called when nothing of its name is left: by what its bytes are. */
const NAME_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'file.jpg',
  'image/png': 'file.png',
  'image/webp': 'file.webp',
  'application/pdf': 'file.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'file.docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'file.xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'file.pptx',
};

/**
 * A file's name as people will read it, and as the ledger records it: the last part of what the
 * browser sent (some send a whole path, "C:\fakepath\…"), without the characters that are not
 * shown as themselves (controls; format characters such as U+202E, which makes "photo‮gnp.exe"
 * read as "photoexe.png"; line separators), trimmed, at most 200 characters. A name of nothing
 * but those is named by the type sniffed from the bytes ("file.pdf"). It is data: the store names
 * bytes by their hash, never by this.
 */
export function fileNameOf(declared: string, mediaType: string): string {
  const last = declared.split(/[\\/]/).pop() ?? '';
  const shown = last.replace(UNSHOWN, '').trim();
  return [...shown].slice(0, MAX_NAME).join('').trim() || (NAME_BY_TYPE[mediaType] ?? 'file');
}

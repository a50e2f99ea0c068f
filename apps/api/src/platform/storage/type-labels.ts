import { joinWords } from '@app/contract';

/** What people call each accepted type (several MIME types can share one name). */
const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'text/plain': 'plain-text',
  'application/zip': 'ZIP',
  'application/java-archive': 'JAR',
  'application/x-msdownload': 'EXE',
  'application/vnd.microsoft.portable-executable': 'EXE',
  'application/x-msi': 'MSI',
  'application/x-elf': 'ELF',
  'application/x-executable': 'ELF',
  'application/x-sharedlib': 'ELF',
  'application/x-mach-binary': 'Mach-O',
  'application/x-apple-diskimage': 'DMG',
  'application/vnd.android.package-archive': 'APK',
  'application/x-deb': 'DEB',
  'application/x-rpm': 'RPM',
  'application/gzip': 'GZ',
  'application/x-tar': 'TAR',
  'application/x-xz': 'XZ',
  'application/x-7z-compressed': '7Z',
};

/**
 * file-type reports old Word documents (.doc) and Windows installers (.msi) alike as this OLE
 * container; among installers it means MSI, elsewhere DOC.
 */
const OLE_CONTAINER = 'application/x-cfb';

function labelOf(type: string, allowed: readonly string[]): string {
  if (type === OLE_CONTAINER) return allowed.includes('application/x-msi') ? 'MSI' : 'DOC';
  const known = TYPE_LABELS[type];
  if (known) return known;
  const subtype = type.split('/').pop() ?? type;
  return subtype.replace(/^(x-|vnd\.)/, '').toUpperCase();
}

/** "an MP4", "a PDF": initialisms whose first letter is said with a vowel sound take "an". */
function article(label: string): 'a' | 'an' {
  const spelledOut = /^[A-Z\d-]+$/.test(label);
  return (spelledOut ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(label) ? 'an' : 'a';
}

/** The accepted types as people name them, each once, in the rule's order: ["PDF", "DOC", …]. */
export function typeLabels(allowed: readonly string[]): string[] {
  return [...new Set(allowed.map((type) => labelOf(type, allowed)))];
}

/** The sentence for a file of the wrong type: "Upload a PDF, DOC, DOCX or ODT file". */
export function wrongTypeMessage(allowed: readonly string[]): string {
  const labels = typeLabels(allowed);
  if (labels.length === 0) return 'This kind of file cannot be uploaded here';
  return `Upload ${article(labels[0] ?? '')} ${joinWords(labels, 'or')} file`;
}

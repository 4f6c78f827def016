// A PDF's text as pdf-parse reads it (in a child process: read-pdf.cjs), its spaces (no-break ones
// included) as plain spaces, for tests that read a generated PDF back.
import { execFile } from 'node:child_process';
import path from 'node:path';

export const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f\t ]+/g, ' ');

export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(__dirname, 'read-pdf.cjs')], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(plainSpaces(stdout)),
    );
    child.stdin?.end(pdf);
  });
}

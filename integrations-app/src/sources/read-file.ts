// A chosen file's text, refused before it is read when it is larger than `maxBytes`.
export class FileTooLarge extends Error {}

export async function readTextFile(file: File, maxBytes: number): Promise<string> {
  if (file.size > maxBytes) throw new FileTooLarge(file.name);
  return file.text();
}

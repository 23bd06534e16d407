// Saves text as a file through a temporary object URL (nothing leaves the browser).
export function saveFile(name: string, body: string, type: string): void {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: revoking before the download has started can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a picked file as text, refusing one larger than `maxBytes` before reading it. */
export async function readTextFile(file: File, maxBytes: number): Promise<string> {
  if (file.size > maxBytes)
    throw new Error(
      `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${(maxBytes / 1024 / 1024).toFixed(0)} MB.`,
    );
  return file.text();
}

/**
 * Hands a downloaded file to the browser's own download (a phone shows or stores it):
 * an object URL on a temporary link, clicked, then released.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

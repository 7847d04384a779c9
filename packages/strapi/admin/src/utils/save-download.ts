// A file the server sent (an export) handed to the browser as a download under `name`.
export function saveDownload(data: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data);
  link.download = name;
  link.click();
  // Revoked once the browser has taken the file, not before (an immediate revoke can cancel the download).
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

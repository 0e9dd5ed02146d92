// SHA-256, for the API key's fingerprint and the name cache's file names. node:crypto loads on the
// first hash, not with the CLI: most commands hash nothing, and loading it costs about 1 ms.
export function sha256Hex(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');
}
